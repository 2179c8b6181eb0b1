import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { PATHS, type Session } from 'shared-api';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openReader } from '../src/db/reader';
import { seedDemo } from '../src/db/seed';
import type { SmsSender } from '../src/modules/auth/sms';
import type { EwbClient } from '../src/modules/eway-bills/ewb';
import type { IrpClient } from '../src/modules/e-invoices/irp';

/**
 * Test isolation: the embedded PGlite is one per jest worker (test/pglite-environment.cjs); with DATABASE_URL
 * each test file gets a fresh schema on that server, dropped afterwards (jest loads this module once per file).
 * Before every test the data tables get the demo seed back (resetData) and a new app is built around a clock the
 * test can move.
 */

export const DEMO = {
  stockist: '9800000001',
  stockistEmployee: '9800000011',
  retailer: '9800000002',
  hospital: '9800000003',
  /** Back-office staff (Meera Kulkarni): their unit is the provider's, of type MANUFACTURER. */
  staff: '9800000090',
} as const;

export const START_TIME = new Date('2026-11-22T04:30:00.000Z');

export class TestClock {
  private current = START_TIME.getTime();
  readonly now = () => new Date(this.current);
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
}

export interface BuildOptions {
  /** Environment variables on top of the test defaults (e.g. lower rate limits). */
  env?: Record<string, string>;
  sms?: SmsSender;
  /** The e-way bill portal adapter (issue 34): a local one whose clock the test controls. */
  ewb?: EwbClient;
  /** The e-invoice portal adapter (issue 34): a LocalIrp the test controls (outages). */
  irp?: IrpClient;
}

/**
 * Tables a test's data lives in: every table but the migrations' own, the change log and the reference data the
 * migrations write. The product catalogue is kept as well: the demo seed adds to it and tests may add more.
 */
const KEPT = new Set(['schema_migrations', 'change_log', 'hsn_gst_rates', 'delivery_markets', 'products', 'eway_bill_thresholds', 'manufacturer_aliases']);

let database: Promise<{ db: Database; dispose: () => Promise<void> }> | undefined;

async function createDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = (globalThis as { __PGLITE__?: PGlite }).__PGLITE__;
    if (!pglite) throw new Error('No PGlite: run the API tests with api/jest.config.cjs (test/pglite-environment.cjs)');
    const db = await openDatabase({ pgliteDataDir: 'memory', pglite });
    await migrate(db);
    return { db, dispose: () => db.destroy() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory', schema });
  await migrate(db);
  return {
    db,
    dispose: async () => {
      await db.destroy();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.query(`DROP SCHEMA IF EXISTS ${snapshotSchema(schema)} CASCADE`);
      await admin.end();
    },
  };
}

function sharedDatabase() {
  if (!database) {
    database = createDatabase();
    afterAll(async () => (await database!).dispose());
  }
  return database;
}

/**
 * Per database: its data tables and those the demo seed wrote rows into, once they were copied aside
 * (`<schema>_seed`).
 */
interface Snapshot {
  schema: string;
  tables: string[];
  seeded: string[];
}
const snapshots = new WeakMap<Database, Promise<Snapshot>>();

/**
 * The demo seed, as it is at START_TIME. Writing it through seedDemo costs ~1 s of statements; it is written once per
 * database and copied aside, and every later reset puts that copy back: one transaction that empties the data tables
 * and refills them, with triggers and foreign-key checks off (the copy is consistent, and each test builds a new app
 * whose caches start from the database, not from the change log). Measured per reset: PostgreSQL ~1 s → ~25 ms,
 * PGlite ~0.7–1.7 s → ~0.1 s.
 */
export async function resetData(db: Database, now: Date): Promise<void> {
  if (now.getTime() !== START_TIME.getTime()) throw new Error('resetData writes the demo seed as at START_TIME');
  let snapshot = snapshots.get(db);
  if (!snapshot) {
    snapshot = takeSnapshot(db);
    snapshots.set(db, snapshot);
    await snapshot;
    return;
  }
  const { schema, tables, seeded } = await snapshot;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    // DELETE, not TRUNCATE: a test leaves a few rows, and emptying ~55 small tables this way took 20–30 ms on
    // PostgreSQL against ~165 ms (TRUNCATE makes new files for every table).
    for (const t of tables) await sql.raw(`DELETE FROM "${t}"`).execute(trx);
    for (const t of seeded) await sql.raw(`INSERT INTO "${t}" SELECT * FROM ${schema}."${t}"`).execute(trx);
  });
}

/** The schema the copy is kept in: beside the test file's own schema on a server (dropped with it). */
const snapshotSchema = (schema: string) => `${schema}_seed`;

async function takeSnapshot(db: Database): Promise<Snapshot> {
  const { rows } = await sql<{ name: string; schema: string }>`
    SELECT tablename AS name, current_schema() AS schema FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`.execute(db);
  const schema = snapshotSchema(rows[0]!.schema);
  const tables = rows.map((r) => r.name).filter((t) => !KEPT.has(t) && !t.startsWith('pg_'));
  await sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`).execute(db);
  await seedDemo(db, START_TIME);
  await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db);
  await sql.raw(`CREATE SCHEMA ${schema}`).execute(db);
  const seeded: string[] = [];
  for (const t of tables) {
    await sql.raw(`CREATE TABLE ${schema}."${t}" AS SELECT * FROM "${t}"`).execute(db);
    if ((await sql.raw(`SELECT 1 FROM ${schema}."${t}" LIMIT 1`).execute(db)).rows.length) seeded.push(t);
  }
  return { schema, tables, seeded };
}

export function testConfig(clock: TestClock, env: Record<string, string> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    PGLITE_DATA_DIR: 'memory',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // lastOtp() reads the code from GET /test/otp/last; the tests seed the demo data themselves (resetData).
    MEDICO_TEST_ROUTES: '1',
    // No /docs: swagger's registration doubled the cost of building the app before every test (~0.25 → ~0.15 s).
    // app.test.ts and bad-input.test.ts ask for it.
    API_DOCS: '0',
    // The e-invoice retry loop (issue 34) is driven by the tests (EInvoicesService.tick), never by a timer.
    EINVOICE_RETRY_MS: '0',
    ...env,
  });
  return { ...config, now: clock.now };
}

/** Registers the per-test lifecycle; the returned context is filled before each test. */
async function schemaOf(db: Database): Promise<string> {
  return (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]!.schema;
}

export function build(options: BuildOptions = {}): TestContext {
  const ctx = {} as TestContext;
  let reader: Database | undefined;
  // Registered first so the database hooks run before the app is built.
  sharedDatabase();
  beforeEach(async () => {
    ctx.db = (await sharedDatabase()).db;
    ctx.clock = new TestClock();
    await resetData(ctx.db, ctx.clock.now());
    ctx.config = testConfig(ctx.clock, options.env);
    // DATABASE_READ_URL (WITH_POSTGRES_REPLICA=1 node scripts/with-postgres.mjs …): the app reads through a streaming
    // replica (src/db/reader.ts), so any test file also checks that what it reads there is fresh and never a write.
    reader = process.env.DATABASE_READ_URL ? openReader(ctx.db, { readUrl: process.env.DATABASE_READ_URL, schema: await schemaOf(ctx.db), log: Fastify({ logger: { level: 'silent' } }).log }) : undefined;
    ctx.app = await buildApp(ctx.config, { db: ctx.db, reader, sms: options.sms, ewb: options.ewb, irp: options.irp });
  });
  afterEach(async () => {
    await ctx.app.close();
    await reader?.destroy();
  });
  return ctx;
}

export const bearer = (session: Pick<Session, 'token'>) => ({ authorization: `Bearer ${session.token}` });

export function body<T = unknown>(res: LightMyRequestResponse): T {
  return (res.json() as { body: T }).body;
}

export async function requestOtp(app: FastifyInstance, mobile: string, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: PATHS.otpLogin, payload: { mobileNumber: mobile }, remoteAddress: ip });
}

export async function lastOtp(app: FastifyInstance, mobile: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: PATHS.testLastOtp, query: { mobileNumber: mobile } });
  if (res.statusCode !== 200) throw new Error(`no OTP for ${mobile}: ${res.body}`);
  return body<{ otp: string }>(res).otp;
}

export async function verifyOtp(app: FastifyInstance, mobile: string, otp: string, deviceId?: string) {
  return app.inject({ method: 'POST', url: PATHS.otpVerify, payload: { mobileNumber: mobile, otp, deviceId } });
}

/** Signs in like the screens do: request a code, read it from the test endpoint, verify. */
export async function login(app: FastifyInstance, mobile: string, deviceId?: string): Promise<Session> {
  const sent = await requestOtp(app, mobile);
  if (sent.statusCode !== 200) throw new Error(`OTP request for ${mobile} failed: ${sent.body}`);
  const res = await verifyOtp(app, mobile, await lastOtp(app, mobile), deviceId);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${mobile} failed: ${res.body}`);
  return body<Session>(res);
}

/**
 * Another API process's own connection to the test database: on PostgreSQL its own pool on the same schema; on
 * PGlite the same embedded database (only one process can open it, so both instances live in this one).
 */
export async function openSecondDatabase(db: Database): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pgliteDataDir: 'memory', pglite: (globalThis as { __PGLITE__?: PGlite }).__PGLITE__ });
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return openDatabase({ databaseUrl: url, pgliteDataDir: 'memory', schema: rows[0]!.schema });
}

/** A logger whose JSON lines are kept, to check what an adapter writes to the log; `close` when done. */
export function capturedLog(): { lines: Record<string, unknown>[]; log: FastifyBaseLogger; close: () => Promise<void> } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { lines, log: app.log, close: () => app.close() };
}
