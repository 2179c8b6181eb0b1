import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { BOOKS_PATHS, DASHBOARD_PATHS, INVENTORY_PATHS, MARKETPLACE_PATHS, PAYMENTS_PATHS, type Dashboard, type OrderList, type OutstandingReport, type Payment, type PaymentList, type StockistsResult, type SubmitResult } from 'shared-api';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { openReader, readerStats, type ReaderStats } from '../src/db/reader';
import { marketplaceWorld } from './cart-fixtures';
import { paymentsWorld } from './payments-fixtures';
import { DEMO, bearer, body, build, capturedLog, login, type TestContext } from './helpers';

/**
 * Issue 37 item 4: DATABASE_READ_URL, reads from a streaming hot standby (src/db/reader.ts). `t.app` is a process on
 * the primary only; `replica.app` a process whose read-only services read through the reader. The suite on a real
 * standby runs under `WITH_POSTGRES_REPLICA=1 node scripts/with-postgres.mjs …` (which sets DATABASE_READ_URL); it
 * pauses the standby's replay to make it lag on purpose, so "never stale" is shown, not hoped for. The fail-closed
 * cases need a PostgreSQL server only.
 */
const SERVER = process.env.DATABASE_URL;
const READ_URL = process.env.DATABASE_READ_URL;
// Written straight to stdout: jest shows no console output of a file whose tests are all skipped.
if (!SERVER) process.stdout.write('replica.test.ts: skipped: needs a PostgreSQL server (DATABASE_URL); run it with node scripts/with-postgres.mjs\n');
else if (!READ_URL) process.stdout.write('replica.test.ts: the consistency suite is skipped: no streaming replica (DATABASE_READ_URL); run it with WITH_POSTGRES_REPLICA=1 node scripts/with-postgres.mjs\n');

const t: TestContext = SERVER ? build() : ({} as TestContext);

interface ReaderApp {
  app: FastifyInstance;
  reader: Database;
  stats: ReaderStats;
  close: () => Promise<void>;
}

async function schemaOf(db: Database): Promise<string> {
  return (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]!.schema;
}

async function readerApp(readUrl: string): Promise<ReaderApp & { log: ReturnType<typeof capturedLog> }> {
  const log = capturedLog();
  const reader = openReader(t.db, { readUrl, schema: await schemaOf(t.db), log: log.log });
  const app = await buildApp(t.config, { db: t.db, reader });
  return {
    app,
    reader,
    log,
    stats: readerStats(reader)!,
    close: async () => {
      await app.close();
      await reader.destroy();
      await log.close();
    },
  };
}

async function stockists(app: FastifyInstance, token: string, productId: string) {
  const res = await app.inject({ method: 'POST', url: MARKETPLACE_PATHS.stockists, headers: { authorization: `Bearer ${token}` }, payload: { productId } });
  expect(res.statusCode).toBe(200);
  return body<StockistsResult>(res).stockists.find((s) => s.sellerUnitCode === 'STK-PUN-001');
}

const addStock = (app: FastifyInstance, token: string, batchNo: string, quantity: number) =>
  app.inject({
    method: 'POST',
    url: INVENTORY_PATHS.add,
    headers: { authorization: `Bearer ${token}` },
    payload: { productName: 'Zentrovex 40 Tablet', manufacturer: 'Orbis Remedies', pack: '10 tablets', hsn: '3004', batchNo, expiryDate: '2028-03-31', mrpPaise: 9000, ptrPaise: 7200, quantity },
  });

(SERVER && READ_URL ? describe : describe.skip)('reads from a streaming replica (DATABASE_READ_URL)', () => {
  let replica: ReaderApp;
  /** The standby itself, as a superuser: to pause and resume its replay, and to read it directly. */
  let standby: pg.Client;

  beforeEach(async () => {
    replica = await readerApp(READ_URL!);
    standby = new pg.Client({ connectionString: READ_URL, options: `-c search_path=${await schemaOf(t.db)}` });
    await standby.connect();
  });

  afterEach(async () => {
    await standby.query('SELECT pg_wal_replay_resume()');
    await standby.end();
    await replica.close();
  });

  const pauseReplay = () => standby.query('SELECT pg_wal_replay_pause()');
  const resumeReplay = () => standby.query('SELECT pg_wal_replay_resume()');
  /** Until the standby has replayed everything the primary has written so far (no time limit: jest's is the bound). */
  async function caughtUp() {
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(t.db);
    for (;;) {
      const replayed = await standby.query<{ ok: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${rows[0]!.lsn}'::pg_lsn AS ok`);
      if (replayed.rows[0]!.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('shows a stock change in a buyer’s next search, from the primary while the replica lags and from the replica once it caught up', async () => {
    await marketplaceWorld(t.db);
    const buyer = await login(t.app, DEMO.retailer);
    const seller = await login(t.app, DEMO.stockist);
    const suggest = async () => {
      const res = await replica.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.suggest, headers: bearer(buyer), payload: { suggest: 'zentrovex', type: 'ALL', subType: 'ALL' } });
      return body<{ suggestors: { suggestion: string; productId: string }[] }>(res).suggestors;
    };
    await caughtUp();
    // The buyer's process has searched (and cached its index) before the product exists, from the replica.
    expect(await suggest()).toEqual([]);
    expect(replica.stats).toMatchObject({ state: 'ok', replica: expect.any(Number) });
    expect(replica.stats.replica).toBeGreaterThan(0);

    // The standby stops replaying: whatever is written now is on the primary only.
    await pauseReplay();
    expect((await addStock(t.app, seller.token, 'ZEN-1', 10)).statusCode).toBe(200);
    expect((await standby.query(`SELECT count(*)::int AS n FROM products WHERE name ILIKE 'Zentrovex%'`)).rows[0]).toEqual({ n: 0 });
    const fromPrimary = replica.stats.primary;
    const [found] = await suggest();
    expect(found?.suggestion).toMatch(/Zentrovex/);
    expect(await stockists(replica.app, buyer.token, found!.productId)).toMatchObject({ visible: true, availableQuantity: 10 });
    expect(replica.stats.primary).toBeGreaterThan(fromPrimary);

    // Replaying again: once caught up, the same answers come from the replica.
    await resumeReplay();
    await caughtUp();
    expect((await addStock(t.app, seller.token, 'ZEN-2', 5)).statusCode).toBe(200);
    await caughtUp();
    const fromReplica = replica.stats.replica;
    expect(await stockists(replica.app, buyer.token, found!.productId)).toMatchObject({ visible: true, availableQuantity: 15 });
    expect(replica.stats.replica).toBeGreaterThan(fromReplica);
  });

  it('never shows a buyer its own just-submitted order missing, in its orders or its dashboard', async () => {
    const w = await marketplaceWorld(t.db);
    const buyer = await login(replica.app, DEMO.retailer);
    const post = (url: string, payload: object = {}) => replica.app.inject({ method: 'POST', url, headers: bearer(buyer), payload });
    const get = (url: string, query: Record<string, string> = {}) => replica.app.inject({ method: 'GET', url, query, headers: bearer(buyer) });
    const placed = async () => body<Dashboard>(await get(DASHBOARD_PATHS.dashboard, { period: 'DAY' })).orders?.placed?.placed.count;
    await caughtUp();
    const before = await placed();

    await pauseReplay();
    expect((await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 5 })).statusCode).toBe(200);
    const submitted = await post(MARKETPLACE_PATHS.cartSubmit);
    expect(submitted.statusCode).toBe(200);
    const [order] = body<SubmitResult>(submitted).orders;
    const list = body<OrderList>(await get(MARKETPLACE_PATHS.placedOrders));
    expect(list.items.map((o) => o.orderId)).toContain(order!.orderId);
    expect(await placed()).toBe((before ?? 0) + 1);
  });

  it('shows a payment just recorded in the recorder’s own list and its outstanding report', async () => {
    // The seller records what it received (a buyer's own record is a claim until the seller confirms it, issue 39).
    const w = await paymentsWorld({ ...t, app: replica.app });
    const receivable = async () => body<OutstandingReport>(await w.stockist.get(BOOKS_PATHS.outstanding, { side: 'RECEIVABLE' })).totalPaise;
    await caughtUp();
    const before = await receivable();
    expect(before).toBeGreaterThanOrEqual(w.invoice.total);

    await pauseReplay();
    const res = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'UPI', utr: '633412345678', amountPaise: w.invoice.total, paidOn: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const payment = body<Payment>(res);
    const listed = body<PaymentList>(await w.stockist.get(PAYMENTS_PATHS.payments, { direction: 'RECEIVED' }));
    expect(listed.items.map((p) => p.paymentId)).toContain(payment.paymentId);
    expect(await receivable()).toBe(before - w.invoice.total);
  });
});

(SERVER ? describe : describe.skip)('a DATABASE_READ_URL that cannot be used fails closed: reads go to the primary, writes are untouched', () => {
  async function searchAndWrite(r: ReaderApp) {
    await marketplaceWorld(t.db);
    const buyer = await login(r.app, DEMO.retailer);
    const seller = await login(r.app, DEMO.stockist);
    expect((await addStock(r.app, seller.token, 'ZEN-1', 10)).statusCode).toBe(200);
    const res = await r.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.suggest, headers: bearer(buyer), payload: { suggest: 'zentrovex', type: 'ALL', subType: 'ALL' } });
    const [found] = body<{ suggestors: { productId: string }[] }>(res).suggestors;
    expect(await stockists(r.app, buyer.token, found!.productId)).toMatchObject({ visible: true, availableQuantity: 10 });
    expect(r.stats.replica).toBe(0);
    expect(r.stats.primary).toBeGreaterThan(0);
  }

  it('an unreachable replica: logged once, tried again later', async () => {
    // A port nothing listens on (the primary's, plus one, is not promised free: ask the kernel's discard port).
    const r = await readerApp('postgres://postgres@127.0.0.1:9/medico');
    try {
      await searchAndWrite(r);
      expect(r.stats.state).toBe('down');
      expect(r.log.lines.filter((l) => String(l.msg).includes('the replica cannot be reached'))).toHaveLength(1);
    } finally {
      await r.close();
    }
  });

  it('a URL that points at the primary itself (not in recovery): refused as a replica, read as the primary', async () => {
    const r = await readerApp(SERVER!);
    try {
      await searchAndWrite(r);
      expect(r.stats.state).toBe('refused');
      expect(r.log.lines.filter((l) => String(l.msg).includes('is not a hot standby'))).toHaveLength(1);
    } finally {
      await r.close();
    }
  });
});
