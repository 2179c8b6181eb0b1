import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONNECTIONS_PATHS, DELIVERY_PATHS, INVENTORY_PATHS, MARKETPLACE_PATHS, PATHS, type ConsignmentList, type Market, type StockistsResult } from 'shared-api';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { marketplaceWorld, unitId } from './cart-fixtures';
import { PEOPLE } from './deliveries-fixtures';
import { DEMO, bearer, body, build, login, openSecondDatabase } from './helpers';

/**
 * Issue 11 item 9: several API processes on one database. Each app instance keeps its own caches (sessions, the
 * search index, stock summaries) and follows the change log for them; `one` is built by helpers.ts, `other` beside
 * it on its own connections to the same database (on PostgreSQL: its own pool on the same schema; on PGlite: the
 * same embedded database, which only one process can open, so both instances live in this one).
 * Every change goes through `one`'s HTTP API, and `other` must see it in its next request.
 */
const t = build();
let other: { app: FastifyInstance; db: Database };

beforeEach(async () => {
  const db = await openSecondDatabase(t.db);
  other = { db, app: await buildApp(t.config, { db }) };
});

afterEach(async () => {
  await other.app.close();
  await other.db.destroy();
});

async function stockists(app: FastifyInstance, token: string, productId: string) {
  const res = await app.inject({ method: 'POST', url: MARKETPLACE_PATHS.stockists, headers: { authorization: `Bearer ${token}` }, payload: { productId } });
  expect(res.statusCode).toBe(200);
  return body<StockistsResult>(res).stockists;
}

const pune = async (app: FastifyInstance, token: string, productId: string) => (await stockists(app, token, productId)).find((s) => s.sellerUnitCode === 'STK-PUN-001');

describe('two API instances on one database', () => {
  it('shows a stock change made through one in the other’s next search', async () => {
    await marketplaceWorld(t.db);
    const buyer = await login(t.app, DEMO.retailer);
    const seller = bearer(await login(t.app, DEMO.stockist));
    const addStock = (batchNo: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: INVENTORY_PATHS.add,
        headers: seller,
        payload: { productName: 'Zentrovex 40 Tablet', manufacturer: 'Orbis Remedies', pack: '10 tablets', hsn: '3004', batchNo, expiryDate: '2028-03-31', mrpPaise: 9000, ptrPaise: 7200, quantity },
      });

    const suggest = async () => {
      const res = await other.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.suggest, headers: bearer(buyer), payload: { suggest: 'zentrovex', type: 'ALL', subType: 'ALL' } });
      return body<{ suggestors: { suggestion: string; id: string }[] }>(res).suggestors;
    };
    // `other` has searched (and cached its index) before the product exists.
    expect(await suggest()).toEqual([]);
    expect((await addStock('ZEN-1', 10)).statusCode).toBe(200);
    const [found] = await suggest();
    expect(found?.suggestion).toMatch(/Zentrovex/);
    const productId = (await t.db.selectFrom('products').select('id').where('name', 'ilike', 'Zentrovex%').executeTakeFirstOrThrow()).id;
    expect(await pune(other.app, buyer.token, productId)).toMatchObject({ visible: true, availableQuantity: 10 });

    // A second batch of the cached product: only its stock changes.
    expect((await addStock('ZEN-2', 5)).statusCode).toBe(200);
    expect(await pune(other.app, buyer.token, productId)).toMatchObject({ visible: true, availableQuantity: 15 });
  });

  it('shows an access change made through one in the other’s next search', async () => {
    const w = await marketplaceWorld(t.db);
    const buyer = await login(t.app, DEMO.retailer);
    const seller = bearer(await login(t.app, DEMO.stockist));
    const connection = await t.db
      .selectFrom('connections')
      .select('id')
      .where('seller_unit_id', '=', await unitId(t.db, 'STK-PUN-001'))
      .where('buyer_unit_id', '=', await unitId(t.db, 'RTL-MUM-001'))
      .executeTakeFirstOrThrow();
    const setAccess = (path: string) => t.app.inject({ method: 'POST', url: path, headers: seller, payload: { connectionId: connection.id } });

    expect(await pune(other.app, buyer.token, w.dolovex)).toMatchObject({ visible: true, availableQuantity: 120 });
    expect((await setAccess(CONNECTIONS_PATHS.revokeAccess)).statusCode).toBe(200);
    expect(await pune(other.app, buyer.token, w.dolovex)).toMatchObject({ visible: false, availableQuantity: null, batches: [] });
    expect((await setAccess(CONNECTIONS_PATHS.grantAccess)).statusCode).toBe(200);
    expect(await pune(other.app, buyer.token, w.dolovex)).toMatchObject({ visible: true, availableQuantity: 120 });
  });

  it('counts a pickup booked through one in the other’s next orders overview', async () => {
    const rajesh = await login(t.app, PEOPLE.rajesh);
    const overview = async (status?: string) => {
      const res = await other.app.inject({ method: 'GET', url: DELIVERY_PATHS.consignments, query: status ? { status } : {}, headers: bearer(rajesh) });
      expect(res.statusCode).toBe(200);
      return body<ConsignmentList>(res).totalResults;
    };
    // `other` has counted (and kept) Lohar Chawl's totals before the booking.
    const [all, booked] = [await overview(), await overview('BOOKED')];
    const markets = body<Market[]>(await t.app.inject({ method: 'GET', url: DELIVERY_PATHS.markets, headers: bearer(rajesh) }));
    const res = await t.app.inject({
      method: 'POST',
      url: DELIVERY_PATHS.createOffline,
      headers: bearer(rajesh),
      payload: { direction: 'SEND', partyName: 'Girgaon Nursing Home', mobile: '9822012345', addressLine: '88, JSS Road', landmark: 'Opp. church', pincode: '400004', marketId: markets.find((m) => m.name === 'Mumbai Metropolitan Region')!.id, pickupDate: '2026-11-22', packages: 1, weightKg: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect([await overview(), await overview('BOOKED')]).toEqual([all + 1, booked + 1]);
  });

  it('refuses in the other a session signed out in one, access and refresh token alike', async () => {
    const session = await login(t.app, DEMO.retailer, 'counter-pc');
    const account = () => other.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(session) });
    // `other` has checked (and cached) the session before it ends.
    expect((await account()).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: PATHS.logout, headers: bearer(session), payload: { deviceId: 'counter-pc' } });
    expect(out.statusCode).toBe(200);
    const refused = await account();
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0039']);
    const refresh = await other.app.inject({ method: 'POST', url: PATHS.refreshToken, payload: { refreshToken: session.refreshToken } });
    expect([refresh.statusCode, refresh.json().type]).toEqual([403, 'error']);
  });
});

const API_ROOT = path.resolve(__dirname, '..');

/** `node --import tsx src/server.ts` (what `npm start` runs, without the tsx wrapper): output collected as lines. */
function startServer(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      lines.push(line);
      for (const w of [...waiting]) {
        if (!w.test(line)) continue;
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The first line (already seen or still to come) that passes `test`. */
  const line = (test: (line: string) => boolean, what: string, ms = 40_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`server: no ${what} within ${ms} ms; output:\n${lines.join('\n')}`)), ms);
      waiting.push({ test, resolve: (l) => (clearTimeout(timer), resolve(l)) });
    });
  return { child, lines, exited, line };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One request on a new connection: the cluster hands out connections round-robin, so calls reach every worker. */
function call(port: number, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: { type: string; body?: unknown; code?: string } }> {
  return new Promise((resolve, reject) => {
    const data = payload === undefined ? undefined : JSON.stringify(payload);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('API_WORKERS (server.ts with node:cluster)', () => {
  it('refuses more than one worker on the embedded database, in one clear line', async () => {
    const { DATABASE_URL: _ignored, DATABASE_READ_URL: _noReplica, ...env } = process.env;
    const server = startServer({ ...env, API_WORKERS: '2', PGLITE_DATA_DIR: 'memory', NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    expect(await server.exited).toBe(1);
    expect(server.lines).toEqual([
      'API not started: API_WORKERS=2 needs a PostgreSQL server (DATABASE_URL): the embedded PGlite database can be opened by one process only. Set DATABASE_URL, or API_WORKERS=1.',
    ]);
  });

  // A PostgreSQL server only: PGlite's data directory is opened by one process (refused above).
  (process.env.DATABASE_URL ? it : it.skip)(
    'serves from 2 workers sharing the port and one token secret, restarts a worker that dies, and stops them all on SIGTERM',
    async () => {
      const port = await freePort();
      const { JWT_SECRET: _none, ...env } = process.env;
      // No JWT_SECRET: the primary's generated one must be every worker's. The public schema of the test database.
      const server = startServer({ ...env, API_WORKERS: '2', PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', MEDICO_DEMO: '1', MEDICO_TEST_ROUTES: '1', LOG_LEVEL: 'info', LOG_PRETTY: '0' });
      let stopped = false;
      try {
        const workerPid = async (slot: number, except?: number) => {
          const line = await server.line((l) => l.includes(`"msg":"API worker ${slot} listening"`) && !(except && l.includes(`"workerPid":${except},`)), `worker ${slot} listening`);
          return Number(/"workerPid":(\d+)/.exec(line)![1]);
        };
        const [first, second] = [await workerPid(1), await workerPid(2)];
        await server.line((l) => l.startsWith('Medico API listening on') && l.includes('by 2 worker processes'), 'banner');
        // The primary migrated and seeded once; the workers did neither.
        expect(server.lines.filter((l) => l.includes('migration(s) applied')).length).toBe(1);

        // Sign in: the code is kept by the worker that sent it, so ask until that one answers.
        expect((await call(port, 'POST', PATHS.otpLogin, { mobileNumber: DEMO.retailer })).status).toBe(200);
        let otp: string | undefined;
        for (let i = 0; i < 6 && !otp; i++) {
          const res = await call(port, 'GET', `${PATHS.testLastOtp}?mobileNumber=${DEMO.retailer}`);
          if (res.status === 200) otp = (res.json.body as { otp: string }).otp;
        }
        const verified = await call(port, 'POST', PATHS.otpVerify, { mobileNumber: DEMO.retailer, otp });
        const token = (verified.json.body as { token: string }).token;
        const account = () => call(port, 'GET', PATHS.myAccount, undefined, { authorization: `Bearer ${token}` });
        for (let i = 0; i < 4; i++) expect((await account()).status).toBe(200);
        // Both workers answered the account calls (request logs carry the process id).
        const answeredBy = new Set(server.lines.filter((l) => l.includes('"incoming request"') && l.includes(PATHS.myAccount)).map((l) => Number(/"pid":(\d+)/.exec(l)?.[1])));
        expect(answeredBy.has(first) && answeredBy.has(second)).toBe(true);

        // A worker dies: logged, the other keeps serving, it comes back (a new process) and takes the same tokens.
        process.kill(first, 'SIGKILL');
        await server.line((l) => l.includes('API worker 1 exited (SIGKILL); restarting it in 1 s'), 'restart log');
        expect((await call(port, 'GET', '/health')).status).toBe(200);
        const replacement = await workerPid(1, first);
        expect(replacement).not.toBe(first);
        for (let i = 0; i < 2; i++) expect((await account()).status).toBe(200);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        stopped = true;
        expect([isAlive(replacement), isAlive(second)]).toEqual([false, false]);
      } finally {
        if (!stopped) server.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
