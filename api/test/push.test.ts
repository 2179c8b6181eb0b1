import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MARKETPLACE_PATHS, PATHS, PUSH_DEFAULT_BODY, PUSH_DEFAULT_TITLE, type Session } from 'shared-api';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { LocalPushSender, createPushSender } from '../src/modules/push/sender';
import { marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, build, capturedLog, login, openSecondDatabase } from './helpers';

/*
 * Push (issue 16) against a fake Firebase: one local HTTP server that is both the OAuth2 token endpoint (it checks
 * the service account's JWT signature with the public key) and FCM HTTP v1's messages:send (it checks the access
 * token it issued, records each message, and answers what a test scripted for a device token).
 */

const PROJECT = 'medico-push-test';
const CLIENT_EMAIL = 'push-sender@medico-push-test.iam.gserviceaccount.com';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const SITE = 'https://medico.example';
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  webpush?: { fcm_options?: { link?: string } };
}

/** How the fake answers one send to a token; a token with nothing scripted is delivered. */
type Answer = 'ok' | 'unregistered' | 'invalid-token' | 'bad-payload' | 'internal';

const fcmError = (code: number, status: string, message: string, detail: object) => ({ error: { code, message, status, details: [detail] } });
const ANSWERS: Record<Exclude<Answer, 'ok'>, [number, object]> = {
  unregistered: [404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' })],
  'invalid-token': [400, fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' })],
  'bad-payload': [
    400,
    fcmError(400, 'INVALID_ARGUMENT', "Invalid value at 'message.data[0].value' (TYPE_STRING), 12", {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'message.data[0].value', description: "Invalid value at 'message.data[0].value' (TYPE_STRING), 12" }],
    }),
  ],
  internal: [500, fcmError(500, 'INTERNAL', 'Internal error encountered.', { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INTERNAL' })],
};

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

class FakeFcm {
  /** Messages answered 200, with the access token each came with. */
  delivered: { message: FcmMessage; accessToken: string }[] = [];
  /** Every send request's token, answered or not. */
  attempts: string[] = [];
  tokenExchanges = 0;
  /** What the fake found wrong in a request (a bad JWT, an unknown access token, a wrong path). */
  problems: string[] = [];
  script = new Map<string, Answer[]>();
  /** Sends wait here while held (to keep every API process in the middle of a pass). */
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;
  /** Access tokens of the sends waiting at the gate. */
  readonly waiting = new Set<string>();
  private issued = new Set<string>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeFcm> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeFcm(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        fake.problems.push(String(error));
        res.writeHead(500).end();
      });
    });
    return fake;
  }

  hold(): void {
    this.gate = new Promise<void>((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = null;
  }

  reset(): void {
    this.release();
    this.delivered = [];
    this.attempts = [];
    this.tokenExchanges = 0;
    this.problems = [];
    this.script.clear();
    this.waiting.clear();
  }

  deliveredFor(notificationId: string): FcmMessage[] {
    return this.delivered.map((d) => d.message).filter((m) => m.data.notificationId === notificationId);
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (status: number, value: object): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    const text = await readBody(req);
    if (req.method === 'POST' && req.url === '/token') return json(...this.exchange(text));
    if (req.method !== 'POST' || req.url !== `/v1/projects/${PROJECT}/messages:send`) {
      this.problems.push(`unexpected ${req.method} ${req.url}`);
      return json(404, {});
    }
    const accessToken = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!this.issued.has(accessToken)) {
      this.problems.push(`send with unknown access token "${accessToken}"`);
      return json(401, fcmError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', {}));
    }
    const { message } = JSON.parse(text) as { message: FcmMessage };
    this.attempts.push(message.token);
    if (this.gate) {
      this.waiting.add(accessToken);
      await this.gate;
    }
    const answer = this.script.get(message.token)?.shift() ?? 'ok';
    if (answer === 'ok') {
      this.delivered.push({ message, accessToken });
      return json(200, { name: `projects/${PROJECT}/messages/${randomUUID()}` });
    }
    return json(...ANSWERS[answer]);
  }

  /** The OAuth2 JWT-bearer grant: the assertion must be signed by the service account's key, for FCM, for us. */
  private exchange(form: string): [number, object] {
    const params = new URLSearchParams(form);
    const [header, claims, signature] = (params.get('assertion') ?? '').split('.');
    const refuse = (why: string): [number, object] => {
      this.problems.push(`token request refused: ${why}`);
      return [400, { error: 'invalid_grant', error_description: why }];
    };
    if (params.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('grant_type');
    if (!header || !claims || !signature) return refuse('not a JWT');
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), keys.publicKey, Buffer.from(signature, 'base64url'))) return refuse('signature');
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
    if (head.alg !== 'RS256') return refuse('alg');
    if (c.iss !== CLIENT_EMAIL || c.scope !== SCOPE || c.aud !== `${this.url}/token`) return refuse(`claims ${JSON.stringify(c)}`);
    const now = Date.now() / 1000;
    if (!c.iat || !c.exp || Math.abs(c.iat - now) > 60 || c.exp - c.iat !== 3600) return refuse('iat/exp');
    this.tokenExchanges++;
    const accessToken = `ya29.fake-${this.tokenExchanges}-${randomUUID()}`;
    this.issued.add(accessToken);
    return [200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }];
  }
}

let fake: FakeFcm;
// Filled in once the fake listens; helpers.ts reads it when it builds each test's app.
const env: Record<string, string> = { PUSH_PROVIDER: 'fcm', LIVE_POLL_MS: '20', CORS_ORIGINS: `${SITE},http://localhost:3000` };
const t = build({ env });

beforeAll(async () => {
  fake = await FakeFcm.start();
  Object.assign(env, {
    FCM_SERVICE_ACCOUNT: JSON.stringify({ type: 'service_account', project_id: PROJECT, client_email: CLIENT_EMAIL, private_key: keys.privateKey }),
    FCM_BASE_URL: fake.url,
    FCM_TOKEN_URL: `${fake.url}/token`,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** Polls (bounded) until `done` holds for what `probe` returns. */
async function waitFor<T>(what: string, probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function addToken(session: Session, token: string, deviceId: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: PATHS.firebaseAddToken, headers: bearer(session), payload: { token, channel: 'WEB', osType: 'ANDROID', deviceId, model: 'Pixel 8' } });
  expect(res.statusCode).toBe(200);
}

const userId = async (mobile: string) => (await t.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
const tokensInDb = async () => (await t.db.selectFrom('push_tokens').select('token').orderBy('token').execute()).map((r) => r.token);

/** The seller's team with their devices: the owner on two, the employee on one; the buyer on one. */
async function devices() {
  const owner = await login(t.app, DEMO.stockist);
  const employee = await login(t.app, DEMO.stockistEmployee);
  const buyer = await login(t.app, DEMO.retailer);
  await addToken(owner, 'owner-laptop-token', 'owner-laptop');
  await addToken(owner, 'owner-phone-token', 'owner-phone');
  await addToken(employee, 'employee-phone-token', 'employee-phone');
  await addToken(buyer, 'buyer-phone-token', 'buyer-phone');
  return { owner, employee, buyer };
}

/** The buyer orders from Agarwal (STK-PUN-001) through the API; the order makes a B2B_ORDER notification for it. */
async function placeOrder(buyer: Session) {
  const w = await marketplaceWorld(t.db);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(buyer), payload });
  expect((await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 })).statusCode).toBe(200);
  expect((await post(MARKETPLACE_PATHS.cartSubmit, {})).statusCode).toBe(200);
  const seller = await unitId(t.db, 'STK-PUN-001');
  return t.db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'body', 'link'])
    .where('unit_id', '=', seller)
    .where('type', '=', 'B2B_ORDER')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

async function insertNotifications(rows: { unitCode: string; userId?: string; title?: string; body?: string; link?: string }[]): Promise<string[]> {
  const values = await Promise.all(
    rows.map(async (r) => ({
      id: randomUUID(),
      unit_id: await unitId(t.db, r.unitCode),
      user_id: r.userId ?? null,
      type: 'ORDERS',
      title: r.title ?? 'Order accepted',
      body: r.body ?? 'Agarwal Pharma Distributors accepted your order.',
      link: r.link ?? null,
      created_at: t.clock.now(),
    })),
  );
  await t.db.insertInto('notifications').values(values).execute();
  return values.map((v) => v.id);
}

describe('push through Firebase Cloud Messaging (HTTP v1)', () => {
  it('sends a placed order to every device of the seller’s team, once each, and nothing to the buyer', async () => {
    const { buyer } = await devices();
    const note = await placeOrder(buyer);

    const sent = await waitFor('three pushes', () => fake.deliveredFor(note.id), (m) => m.length >= 3);
    expect(sent.map((m) => m.token).sort()).toEqual(['employee-phone-token', 'owner-laptop-token', 'owner-phone-token']);
    for (const message of sent) {
      expect(message.notification).toEqual({ title: note.title, body: note.body });
      expect(message.data).toEqual({ notificationId: note.id, type: 'B2B_ORDER', title: note.title, body: note.body, ...(note.link ? { link: note.link } : {}) });
    }
    expect(fake.attempts).not.toContain('buyer-phone-token');
    expect((await t.db.selectFrom('notifications').select('pushed_at').where('id', '=', note.id).executeTakeFirstOrThrow()).pushed_at).not.toBeNull();
    expect(fake.problems).toEqual([]);
  });

  it('sends a user’s own notice to that user only, with its link and SPEC §3’s defaults; a removed user gets nothing', async () => {
    await devices();
    await t.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('mobile', '=', DEMO.stockistEmployee).execute();
    const [own, team] = await insertNotifications([
      { unitCode: 'STK-PUN-001', userId: await userId(DEMO.stockist), link: '/orders/online-orders/42', title: ' ', body: '' },
      { unitCode: 'STK-PUN-001' },
    ]);

    const ownSent = await waitFor('the own notice', () => fake.deliveredFor(own!), (m) => m.length >= 2);
    const teamSent = await waitFor('the team notice', () => fake.deliveredFor(team!), (m) => m.length >= 2);
    expect(ownSent.map((m) => m.token).sort()).toEqual(['owner-laptop-token', 'owner-phone-token']);
    expect(ownSent[0]).toMatchObject({
      notification: { title: PUSH_DEFAULT_TITLE, body: PUSH_DEFAULT_BODY },
      data: { notificationId: own, type: 'ORDERS', title: PUSH_DEFAULT_TITLE, body: PUSH_DEFAULT_BODY, link: '/orders/online-orders/42' },
      // FCM wants an absolute https link: the site (the https CORS origin) plus the shell's /app prefix.
      webpush: { fcm_options: { link: `${SITE}/app/orders/online-orders/42` } },
    });
    expect(teamSent.map((m) => m.token).sort()).toEqual(['owner-laptop-token', 'owner-phone-token']);
    expect(teamSent[0]!.webpush).toBeUndefined();
    expect(fake.attempts).not.toContain('employee-phone-token');
    // One access token for both: it is kept until shortly before it expires.
    expect(fake.tokenExchanges).toBe(1);
    expect(fake.problems).toEqual([]);
  });

  it('deletes tokens FCM refuses (UNREGISTERED, an invalid token), keeps one on a message error, and retries a 500', async () => {
    const { owner, buyer } = await devices();
    await addToken(owner, 'owner-tablet-token', 'owner-tablet');
    fake.script.set('owner-laptop-token', ['unregistered']);
    fake.script.set('employee-phone-token', ['invalid-token']);
    fake.script.set('owner-tablet-token', ['bad-payload']);
    fake.script.set('owner-phone-token', ['internal', 'ok']);
    const note = await placeOrder(buyer);

    await waitFor('the refused tokens to go', tokensInDb, (tokens) => !tokens.includes('owner-laptop-token') && !tokens.includes('employee-phone-token'));
    expect(await tokensInDb()).toEqual(['buyer-phone-token', 'owner-phone-token', 'owner-tablet-token']);
    expect(fake.deliveredFor(note.id).map((m) => m.token)).toEqual(['owner-phone-token']);
    expect(fake.attempts.filter((token) => token === 'owner-phone-token')).toHaveLength(2);
    expect(fake.attempts.filter((token) => token === 'owner-tablet-token')).toHaveLength(1);
    expect(fake.problems).toEqual([]);
  });
});

describe('two API processes on one database', () => {
  let other: { app: FastifyInstance; db: Database };

  beforeEach(async () => {
    const db = await openSecondDatabase(t.db);
    other = { db, app: await buildApp(t.config, { db }) };
    // Ready, as listening makes a server: its dispatcher starts then.
    await other.app.ready();
  });

  afterEach(async () => {
    fake.release();
    await other.app.close();
    await other.db.destroy();
  });

  it('pushes each notification exactly once while both are dispatching', async () => {
    const owner = await login(t.app, DEMO.stockist);
    await addToken(owner, 'owner-phone-token', 'owner-phone');
    // Sends wait at the gate until both processes are in the middle of a pass, each with a batch of its own.
    fake.hold();
    const ownerId = await userId(DEMO.stockist);
    const ids = await insertNotifications(Array.from({ length: 250 }, (_, i) => ({ unitCode: 'STK-PUN-001', userId: ownerId, title: `Notice ${i}` })));

    await waitFor('both processes sending', () => fake.waiting.size, (n) => n === 2);
    fake.release();
    await waitFor('every notification pushed', () => new Set(fake.delivered.map((d) => d.message.data.notificationId)).size, (n) => n === ids.length);
    // Closing waits for the passes in flight: anything sent twice would have arrived by now.
    await other.app.close();
    await t.app.close();
    t.app = await buildApp(t.config, { db: t.db });
    expect(fake.delivered).toHaveLength(ids.length);
    expect(new Set(fake.delivered.map((d) => d.accessToken)).size).toBe(2);
    expect(fake.problems).toEqual([]);
  });
});

describe('local push adapter (the default)', () => {
  it('writes each push to the API log and reaches no device', async () => {
    const { lines, log, close } = capturedLog();
    const sender = createPushSender({ notifications: { ...t.config.notifications, push: { provider: 'local' } }, corsOrigins: [] }, log);
    expect(sender).toBeInstanceOf(LocalPushSender);
    const message = { notificationId: randomUUID(), type: 'B2B_ORDER', title: 'New order from Sharma Medical Stores', body: 'SO-0001: 1 item, ₹308.00.', link: null };
    expect(await sender.send(message, ['device-token-1', 'device-token-2'])).toEqual({ sent: 0, refused: [], failed: 0 });
    await close();
    const pushes = lines.filter((l) => l.push === 'local');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ level: 30, message, devices: 2, msg: 'push (local, not sent): New order from Sharma Medical Stores: SO-0001: 1 item, ₹308.00.' });
    expect(JSON.stringify(pushes[0])).not.toContain('device-token');
    expect(fake.attempts).toEqual([]);
  });
});
