import { constants, createCipheriv, createDecipheriv, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createEwbClient, EwbUnavailable, NicEwb } from '../src/modules/eway-bills/ewb';
import { portalDateTime, type NicEwbOptions } from '../src/modules/eway-bills/ewb/nic';
import { GSTIN, samplePayload } from './ewb-fixtures';
import { capturedLog } from './helpers';

/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', 'ewb', name), 'utf8');
const aes = (key: Buffer, data: Buffer, decrypt: boolean) => {
  const c = decrypt ? createDecipheriv('aes-256-ecb', key, null) : createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(data), c.final()]);
};

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_KEY = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** RSA PKCS#1 v1.5 decryption by hand (Node refuses that padding for private decryption since CVE-2023-46809). */
function rsaDecrypt(data: Buffer): Buffer {
  const block = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, data);
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5');
  return block.subarray(block.indexOf(0, 2) + 1);
}

type Reply = { fixture: string } | { error: string } | { http: number } | { hang: true };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  action?: string;
  request?: unknown;
  credentials?: { action: string; username: string; password: string; app_key: string };
}

/** A fake e-way bill system: signs in with NIC's scheme and answers each action from the replies queued. */
class FakeEwbSystem {
  readonly received: Received[] = [];
  readonly replies: Reply[] = [];
  refuseSignIn = false;
  private readonly sessions = new Map<string, Buffer>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, string>;
        const send = (status: number, json: unknown) => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(json));
        };
        if (req.url === '/auth') {
          const credentials = JSON.parse(Buffer.from(rsaDecrypt(Buffer.from(body.Data!, 'base64')).toString(), 'base64').toString()) as Received['credentials'] & object;
          this.received.push({ path: '/auth', headers: req.headers, credentials });
          if (this.refuseSignIn) return send(200, { status: '0', error: Buffer.from(fixture('error-login.json')).toString('base64') });
          const sek = randomBytes(32);
          const authtoken = randomUUID();
          this.sessions.set(authtoken, sek);
          return send(200, { status: '1', authtoken, sek: aes(Buffer.from(credentials.app_key, 'base64'), sek, false).toString('base64') });
        }
        const sek = this.sessions.get(String(req.headers.authtoken));
        if (!sek) return send(200, { status: '0', error: Buffer.from(fixture('error-token.json')).toString('base64') });
        const request = JSON.parse(aes(sek, Buffer.from(body.data!, 'base64'), true).toString()) as unknown;
        this.received.push({ path: req.url ?? '', headers: req.headers, action: body.action, request });
        const reply = this.replies.shift() ?? { http: 500 };
        if ('hang' in reply) return;
        if ('http' in reply) return send(reply.http, {});
        if ('error' in reply) return send(200, { status: '0', error: Buffer.from(fixture(reply.error)).toString('base64') });
        return send(200, { status: '1', data: aes(sek, Buffer.from(fixture(reply.fixture)), false).toString('base64') });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  forgetSessions(): void {
    this.sessions.clear();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('NIC e-way bill API adapter (against a fake system answering recorded shapes)', () => {
  let fake: FakeEwbSystem;
  let now = ist('2026-11-10T23:50:00');
  const options = (extra: Partial<NicEwbOptions> = {}): NicEwbOptions => ({
    provider: 'NIC',
    baseUrl: fake.url,
    clientId: 'client-1',
    clientSecret: 'secret-1',
    publicKey: PUBLIC_KEY,
    users: { [GSTIN]: { username: 'medico_api', password: 'pw-1' } },
    timeoutMs: 2000,
    now: () => now,
    ...extra,
  });

  beforeEach(async () => {
    now = ist('2026-11-10T23:50:00');
    fake = new FakeEwbSystem();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('signs in with the encrypted credentials, sends the request encrypted with the session key, reads the answer', async () => {
    const ewb = new NicEwb(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'generate-part-a.json' });
    const r = await ewb.generate(GSTIN, samplePayload());
    expect(r).toEqual({ outcome: 'GENERATED', ewbNumber: '381001234567', generatedAt: ist('2026-11-10T23:50:00'), validUntil: ist('2026-11-13T23:59:00') });

    const [auth, call] = fake.received;
    expect(auth).toMatchObject({ path: '/auth', credentials: { action: 'ACCESSTOKEN', username: 'medico_api', password: 'pw-1' } });
    expect(Buffer.from(auth!.credentials!.app_key, 'base64')).toHaveLength(32);
    expect(auth!.headers).toMatchObject({ 'client-id': 'client-1', 'client-secret': 'secret-1', gstin: GSTIN });
    expect(call).toMatchObject({ path: '/ewayapi', action: 'GENEWAYBILL', request: samplePayload() });
    expect(call!.headers.authtoken).toEqual(expect.any(String));
    expect(call!.headers.gspappid).toBeUndefined();

    // Part A only: no validity yet. The session is kept: no second sign-in.
    const partA = await ewb.generate(GSTIN, samplePayload({ transMode: '', vehicleNo: undefined }));
    expect(partA).toMatchObject({ outcome: 'GENERATED', ewbNumber: '381001234568', validUntil: null });
    expect(fake.received.filter((r) => r.path === '/auth')).toHaveLength(1);
  });

  it('answers the portal’s refusal with its code and text', async () => {
    fake.replies.push({ error: 'error-duplicate.json' });
    expect(await new NicEwb(options()).generate(GSTIN, samplePayload())).toEqual({
      outcome: 'REFUSED',
      code: '604',
      message: 'E-way bill(s) are already generated for the same document number, you cannot generate again on same document number',
    });
  });

  it('signs in again once when the portal no longer knows the token', async () => {
    const ewb = new NicEwb(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'cancel.json' });
    await ewb.generate(GSTIN, samplePayload());
    fake.forgetSessions();
    expect(await ewb.cancel(GSTIN, { ewbNumber: '381001234567', reasonCode: '2', remark: 'Order cancelled' })).toEqual({ outcome: 'CANCELLED', cancelledAt: ist('2026-11-11T10:00:00') });
    expect(fake.received.filter((r) => r.path === '/auth')).toHaveLength(2);
  });

  it('signs in again when the token is 5½ hours old', async () => {
    const ewb = new NicEwb(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'generate.json' });
    await ewb.generate(GSTIN, samplePayload());
    now = new Date(now.getTime() + 5.5 * 3_600_000);
    await ewb.generate(GSTIN, samplePayload());
    expect(fake.received.filter((r) => r.path === '/auth')).toHaveLength(2);
  });

  it.each([
    ['HTTP 503', { http: 503 } as Reply],
    ['the portal’s “contact helpdesk” (240)', { error: 'error-helpdesk.json' } as Reply],
    ['no answer within the timeout', { hang: true } as Reply],
  ])('is unavailable (try again) on %s', async (_, reply) => {
    fake.replies.push(reply);
    await expect(new NicEwb(options({ timeoutMs: 300 })).generate(GSTIN, samplePayload())).rejects.toBeInstanceOf(EwbUnavailable);
  });

  it('is unavailable when the system cannot be reached or refuses the sign-in', async () => {
    const url = fake.url;
    fake.refuseSignIn = true;
    await expect(new NicEwb(options()).generate(GSTIN, samplePayload())).rejects.toThrow(/refused the sign-in.*Invalid login credentials/);
    await fake.stop();
    await expect(new NicEwb(options({ baseUrl: url })).generate(GSTIN, samplePayload())).rejects.toBeInstanceOf(EwbUnavailable);
    await fake.start(); // for afterEach
  });

  it('refuses a GSTIN that has no API login configured, without calling the portal', async () => {
    expect(await new NicEwb(options()).generate('24AAACR5055K1Z2', samplePayload())).toMatchObject({ outcome: 'REFUSED', code: 'NO_LOGIN' });
    expect(fake.received).toHaveLength(0);
  });

  it('sends Part B, cancel and extend as the API names their fields, and reads their answers', async () => {
    const ewb = new NicEwb(options());
    fake.replies.push({ fixture: 'vehicle.json' }, { fixture: 'cancel.json' }, { fixture: 'extend.json' });
    expect(await ewb.updateVehicle(GSTIN, { ewbNumber: '381001234567', vehicleNumber: 'MH04CD5678', fromPlace: 'Pune', fromState: 27, reasonCode: '1', reasonRemark: 'Breakdown', transMode: '1' })).toEqual({
      outcome: 'UPDATED',
      updatedAt: ist('2026-11-12T09:00:00'),
      validUntil: ist('2026-11-13T23:59:00'),
    });
    expect(await ewb.cancel(GSTIN, { ewbNumber: '381001234567', reasonCode: '3', remark: 'Mistake' })).toMatchObject({ outcome: 'CANCELLED' });
    expect(
      await ewb.extend(GSTIN, { ewbNumber: '381001234567', vehicleNumber: 'MH04CD5678', fromPlace: 'Lonavala', fromState: 27, fromPincode: 410401, remainingDistance: 60, reasonCode: '5', remark: 'Accident', transMode: '1' }),
    ).toEqual({ outcome: 'EXTENDED', validUntil: ist('2026-11-13T23:59:00') });
    const calls = fake.received.filter((r) => r.path === '/ewayapi');
    expect(calls.map((c) => c.action)).toEqual(['VEHEWB', 'CANEWB', 'EXTENDVALIDITY']);
    expect(calls[0]!.request).toEqual({ ewbNo: 381001234567, vehicleNo: 'MH04CD5678', fromPlace: 'Pune', fromState: 27, reasonCode: '1', reasonRem: 'Breakdown', transDocNo: '', transDocDate: '', transMode: '1' });
    expect(calls[1]!.request).toEqual({ ewbNo: 381001234567, cancelRsnCode: 3, cancelRmrk: 'Mistake' });
    expect(calls[2]!.request).toMatchObject({ ewbNo: 381001234567, fromPincode: 410401, remainingDistance: 60, consignmentStatus: 'M', extnRsnCode: 5, extnRemarks: 'Accident' });
  });

  it('through a GSP: the same calls at its URL with its app id and secret', async () => {
    fake.replies.push({ fixture: 'generate.json' });
    await new NicEwb(options({ provider: 'GSP', gspAppId: 'gsp-app', gspAppSecret: 'gsp-secret' })).generate(GSTIN, samplePayload());
    for (const r of fake.received) expect(r.headers).toMatchObject({ gspappid: 'gsp-app', gspappsecret: 'gsp-secret' });
  });

  it('createEwbClient builds it from EWB_PROVIDER=nic or gsp', async () => {
    const env = {
      PGLITE_DATA_DIR: 'memory',
      EWB_PROVIDER: 'gsp',
      EWB_API_URL: `${fake.url}/`,
      EWB_CLIENT_ID: 'client-1',
      EWB_CLIENT_SECRET: 'secret-1',
      EWB_PUBLIC_KEY: PUBLIC_KEY,
      EWB_USERS: JSON.stringify({ [GSTIN]: { username: 'medico_api', password: 'pw-1' } }),
      EWB_GSP_APP_ID: 'gsp-app',
      EWB_GSP_APP_SECRET: 'gsp-secret',
    };
    const { log, close } = capturedLog();
    const client = createEwbClient(loadConfig(env).ewb, log, () => now);
    expect(client.provider).toBe('GSP');
    fake.replies.push({ fixture: 'generate.json' });
    expect(await client.generate(GSTIN, samplePayload())).toMatchObject({ outcome: 'GENERATED', ewbNumber: '381001234567' });
    expect(createEwbClient(loadConfig({ ...env, EWB_PROVIDER: 'nic' }).ewb, log).provider).toBe('NIC');
    await close();
  });

  it('reads the portal’s dates (IST, 12-hour clock)', () => {
    expect(portalDateTime('16/09/2017 10:30:00 AM')).toEqual(ist('2017-09-16T10:30:00'));
    expect(portalDateTime('17/09/2017 12:00:00 PM')).toEqual(ist('2017-09-17T12:00:00'));
    expect(portalDateTime('17/09/2017 12:05:00 AM')).toEqual(ist('2017-09-17T00:05:00'));
    expect(portalDateTime('21/05/201811:59:00 PM')).toEqual(ist('2018-05-21T23:59:00'));
    expect(portalDateTime('')).toBeNull();
    expect(portalDateTime(null)).toBeNull();
  });
});
