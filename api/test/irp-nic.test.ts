import { constants, createCipheriv, createDecipheriv, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createIrpClient, IrpUnavailable, NicIrp, type EInvoicePayload } from '../src/modules/e-invoices/irp';
import type { NicIrpOptions } from '../src/modules/e-invoices/irp/nic';
import { portalDateTime } from '../src/modules/gst-portal/nic-api';
import { capturedLog } from './helpers';

/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);
/** The portal's way of writing an instant: IST, "yyyy-MM-dd HH:mm:ss". */
const portalTime = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', 'irp', name), 'utf8');
const json = <T = Record<string, unknown>>(name: string) => JSON.parse(fixture(name)) as T;
const aes = (key: Buffer, data: Buffer, decrypt: boolean) => {
  const c = decrypt ? createDecipheriv('aes-256-ecb', key, null) : createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(data), c.final()]);
};

const SELLER = '27AAJCM1234F1ZP';
const IRN = '6f1bd1a1bbbd0a2f6f1f2c5a3c2f9f0d9a9e4b8c2f1e0d3c4b5a69788796a5b4';
const invoice = () => json<EInvoicePayload>('invoice.json');

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_KEY = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** RSA PKCS#1 v1.5 decryption by hand (Node refuses that padding for private decryption since CVE-2023-46809). */
function rsaDecrypt(data: Buffer): Buffer {
  const block = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, data);
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5');
  return block.subarray(block.indexOf(0, 2) + 1);
}

/** A success answer (its Data encrypted with the SEK), a failure answer as recorded, an HTTP status, or no answer. */
type Reply = { fixture: string } | { error: string } | { http: number } | { hang: true };

interface Credentials {
  UserName: string;
  Password: string;
  AppKey: string;
  ForceRefreshAccessToken: boolean;
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  request?: unknown;
  credentials?: Credentials;
}

/** A fake e-invoice portal: signs in with NIC's scheme (v1.04) and answers each call from the replies queued. */
class FakeIrp {
  readonly received: Received[] = [];
  readonly replies: Reply[] = [];
  refuseSignIn = false;
  /** Answers 1005 to every call, even with a token it gave. */
  rejectTokens = false;
  private readonly sessions = new Map<string, Buffer>();
  private server!: Server;
  url = '';

  constructor(private readonly now: () => Date) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { Data: string };
        const send = (status: number, answer: unknown) => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json');
          res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
        };
        if (req.url === '/eivital/v1.04/auth') {
          const credentials = JSON.parse(Buffer.from(rsaDecrypt(Buffer.from(body.Data, 'base64')).toString(), 'base64').toString()) as Credentials;
          this.received.push({ path: req.url, headers: req.headers, credentials });
          if (this.refuseSignIn) return send(200, fixture('error-login.json'));
          const sek = randomBytes(32);
          const token = randomUUID();
          this.sessions.set(token, sek);
          const answer = json<{ Data: Record<string, unknown> }>('auth.json');
          answer.Data.AuthToken = token;
          answer.Data.Sek = aes(Buffer.from(credentials.AppKey, 'base64'), sek, false).toString('base64');
          answer.Data.TokenExpiry = portalTime(new Date(this.now().getTime() + 6 * 3_600_000));
          return send(200, answer);
        }
        const sek = this.sessions.get(String(req.headers.authtoken));
        if (!sek || this.rejectTokens) return send(200, fixture('error-token.json'));
        const request = JSON.parse(aes(sek, Buffer.from(body.Data, 'base64'), true).toString()) as unknown;
        this.received.push({ path: req.url ?? '', headers: req.headers, request });
        const reply = this.replies.shift() ?? { http: 500 };
        if ('hang' in reply) return;
        if ('http' in reply) return send(reply.http, {});
        if ('error' in reply) return send(200, fixture(reply.error));
        return send(200, { Status: 1, Data: aes(sek, Buffer.from(fixture(reply.fixture)), false).toString('base64'), ErrorDetails: null, InfoDtls: null });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  signIns(): Received[] {
    return this.received.filter((r) => r.path === '/eivital/v1.04/auth');
  }

  forgetSessions(): void {
    this.sessions.clear();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('NIC e-invoice API adapter (against a fake portal answering recorded shapes)', () => {
  let fake: FakeIrp;
  let now = ist('2026-11-28T14:00:00');
  const options = (extra: Partial<NicIrpOptions> = {}): NicIrpOptions => ({
    provider: 'NIC',
    baseUrl: fake.url,
    clientId: 'client-1',
    clientSecret: 'secret-1',
    publicKey: PUBLIC_KEY,
    users: { [SELLER]: { username: 'medico_api', password: 'pw-1' } },
    timeoutMs: 2000,
    now: () => now,
    ...extra,
  });

  beforeEach(async () => {
    now = ist('2026-11-28T14:00:00');
    fake = new FakeIrp(() => now);
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('signs in with the sealed credentials, sends the invoice encrypted with the session key, reads the IRN', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'generate.json' }, { error: 'error-duplicate.json' });
    const r = await irp.register(SELLER, invoice());
    const generated = json('generate.json');
    expect(r).toEqual({
      outcome: 'REGISTERED',
      irn: IRN,
      ackNo: '112610009876543',
      ackDate: ist('2026-11-28T14:05:00'),
      signedInvoice: generated.SignedInvoice,
      signedQrCode: generated.SignedQRCode,
    });

    const [auth, call] = fake.received;
    expect(auth!.credentials).toEqual({ UserName: 'medico_api', Password: 'pw-1', AppKey: expect.any(String), ForceRefreshAccessToken: false });
    expect(Buffer.from(auth!.credentials!.AppKey, 'base64')).toHaveLength(32);
    expect(auth!.headers).toMatchObject({ client_id: 'client-1', client_secret: 'secret-1', gstin: SELLER });
    expect(call).toMatchObject({ path: '/eicore/v1.03/Invoice', request: invoice() });
    expect(call!.headers).toMatchObject({ client_id: 'client-1', client_secret: 'secret-1', gstin: SELLER, user_name: 'medico_api', authtoken: expect.any(String) });
    expect(call!.headers.gspappid).toBeUndefined();

    // The session is kept: the next call signs in no more.
    await irp.register(SELLER, invoice());
    expect(fake.signIns()).toHaveLength(1);
  });

  it('answers a duplicate (2150) with the registered IRN the portal names', async () => {
    fake.replies.push({ error: 'error-duplicate.json' });
    expect(await new NicIrp(options()).register(SELLER, invoice())).toEqual({
      outcome: 'REFUSED',
      code: '2150',
      message: 'Duplicate IRN',
      existing: { irn: IRN, ackNo: '112610009876543', ackDate: ist('2026-11-28T14:05:00') },
    });
  });

  it('answers the portal’s validation error with its code and text', async () => {
    fake.replies.push({ error: 'error-validation.json' });
    expect(await new NicIrp(options()).register(SELLER, invoice())).toEqual({ outcome: 'REFUSED', code: '2176', message: 'Invalid HSN Code(s)-30049099' });
  });

  it.each([
    ['HTTP 503', { http: 503 } as Reply],
    ['the portal’s “try after some time” (2146)', { error: 'error-try-later.json' } as Reply],
    ['no answer within the timeout', { hang: true } as Reply],
  ])('is unavailable (try again) on %s', async (_, reply) => {
    fake.replies.push(reply);
    await expect(new NicIrp(options({ timeoutMs: 300 })).register(SELLER, invoice())).rejects.toBeInstanceOf(IrpUnavailable);
  });

  it('is unavailable when a success lacks the signed invoice: trying again answers 2150 with the registered IRN', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'generate-incomplete.json' }, { error: 'error-duplicate.json' });
    await expect(irp.register(SELLER, invoice())).rejects.toThrow(/answered no IRN, acknowledgement or signed invoice/);
    expect(await irp.register(SELLER, invoice())).toMatchObject({ outcome: 'REFUSED', code: '2150', existing: { irn: IRN } });
  });

  it('is unavailable when the portal cannot be reached or refuses the sign-in', async () => {
    const url = fake.url;
    fake.refuseSignIn = true;
    await expect(new NicIrp(options()).register(SELLER, invoice())).rejects.toThrow(/refused the sign-in.*1008: Invalid login credentials/);
    await fake.stop();
    await expect(new NicIrp(options({ baseUrl: url })).register(SELLER, invoice())).rejects.toBeInstanceOf(IrpUnavailable);
    await fake.start(); // for afterEach
  });

  it('signs in again once when the portal no longer knows the token (1005), and no more than once', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'cancel.json' });
    await irp.register(SELLER, invoice());
    fake.forgetSessions();
    expect(await irp.cancel(SELLER, { irn: IRN, reasonCode: '2', remark: 'Data entry mistake' })).toMatchObject({ outcome: 'CANCELLED' });
    expect(fake.signIns()).toHaveLength(2);

    fake.rejectTokens = true;
    await expect(irp.register(SELLER, invoice())).rejects.toThrow(/1005: Invalid Token/);
    expect(fake.signIns()).toHaveLength(3);
  });

  it('renews the token in its last 10 minutes, asking for a fresh one (ForceRefreshAccessToken)', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'generate.json' }, { fixture: 'generate.json' });
    await irp.register(SELLER, invoice());
    now = new Date(now.getTime() + 5 * 3_600_000 + 49 * 60_000);
    await irp.register(SELLER, invoice());
    expect(fake.signIns()).toHaveLength(1);
    now = new Date(now.getTime() + 2 * 60_000);
    await irp.register(SELLER, invoice());
    expect(fake.signIns().map((r) => r.credentials!.ForceRefreshAccessToken)).toEqual([false, true]);
  });

  it('signs in once for registrations made at the same time', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'generate.json' }, { fixture: 'generate.json' }, { fixture: 'generate.json' });
    const results = await Promise.all([1, 2, 3].map(() => irp.register(SELLER, invoice())));
    expect(results.map((r) => r.outcome)).toEqual(['REGISTERED', 'REGISTERED', 'REGISTERED']);
    expect(fake.signIns()).toHaveLength(1);
  });

  it('cancels an IRN as the API names its fields, and answers the portal’s refusal (2270)', async () => {
    const irp = new NicIrp(options());
    fake.replies.push({ fixture: 'cancel.json' }, { error: 'error-cancel-window.json' });
    expect(await irp.cancel(SELLER, { irn: IRN, reasonCode: '3', remark: 'Order cancelled' })).toEqual({ outcome: 'CANCELLED', irn: IRN, cancelledAt: ist('2026-11-28T18:30:00') });
    const call = fake.received.find((r) => r.path === '/eicore/v1.03/Invoice/Cancel');
    expect(call!.request).toEqual({ Irn: IRN, CnlRsn: '3', CnlRem: 'Order cancelled' });

    expect(await irp.cancel(SELLER, { irn: IRN, reasonCode: '3', remark: 'Order cancelled' })).toEqual({
      outcome: 'REFUSED',
      code: '2270',
      message: 'The allowed cancellation time limit is crossed, you cannot cancel the IRN',
    });
  });

  it('refuses a GSTIN that has no API login configured, without calling the portal', async () => {
    expect(await new NicIrp(options()).register('24AAACR5055K1Z2', invoice())).toMatchObject({ outcome: 'REFUSED', code: 'NO_LOGIN' });
    expect(fake.received).toHaveLength(0);
  });

  it('through a GSP: the same calls at its URL with its app id and secret', async () => {
    fake.replies.push({ fixture: 'generate.json' });
    await new NicIrp(options({ provider: 'GSP', gspAppId: 'gsp-app', gspAppSecret: 'gsp-secret' })).register(SELLER, invoice());
    expect(fake.received).toHaveLength(2);
    for (const r of fake.received) expect(r.headers).toMatchObject({ gspappid: 'gsp-app', gspappsecret: 'gsp-secret' });
  });

  it('createIrpClient builds it from IRP_PROVIDER=nic or gsp', async () => {
    const env = {
      PGLITE_DATA_DIR: 'memory',
      IRP_PROVIDER: 'gsp',
      IRP_API_URL: `${fake.url}/`,
      IRP_CLIENT_ID: 'client-1',
      IRP_CLIENT_SECRET: 'secret-1',
      IRP_PUBLIC_KEY: Buffer.from(PUBLIC_KEY).toString('base64'),
      IRP_USERS: JSON.stringify({ [SELLER]: { username: 'medico_api', password: 'pw-1' } }),
      IRP_GSP_APP_ID: 'gsp-app',
      IRP_GSP_APP_SECRET: 'gsp-secret',
    };
    const { log, close } = capturedLog();
    const client = createIrpClient(loadConfig(env).irp, log, () => now);
    expect(client.provider).toBe('GSP');
    fake.replies.push({ fixture: 'generate.json' });
    expect(await client.register(SELLER, invoice())).toMatchObject({ outcome: 'REGISTERED', irn: IRN });
    expect(fake.received[1]!.headers).toMatchObject({ gspappid: 'gsp-app' });
    expect(createIrpClient(loadConfig({ ...env, IRP_PROVIDER: 'nic' }).irp, log).provider).toBe('NIC');
    await close();
  });

  it('reads the e-invoice API’s times (IST, yyyy-MM-dd HH:mm:ss)', () => {
    expect(portalDateTime('2019-12-11 12:39:00')).toEqual(ist('2019-12-11T12:39:00'));
    expect(portalDateTime('2026-11-28 00:05:00')).toEqual(ist('2026-11-28T00:05:00'));
    expect(portalDateTime('16/09/2017 10:30:00 AM')).toEqual(ist('2017-09-16T10:30:00'));
    expect(portalDateTime('2019-13')).toBeNull();
  });
});
