import cluster, { type Worker } from 'node:cluster';
import v8 from 'node:v8';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { openReader } from './db/reader';
import { migrate } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './db/seed';
import { addStaff } from './modules/staff/service';

/** Restart back-off of a worker that died: doubles per death in a row, up to the cap; reset once one stays up. */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
const STAYED_UP_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

const whereOf = (config: Config) => (config.databaseUrl ? `PostgreSQL server (DATABASE_URL${config.databaseReadUrl ? ', reads from the replica DATABASE_READ_URL' : ''})` : `PGlite at ${config.pgliteDataDir}`);

/** Migrations, the demo seed and the first staff login: once per start, before any request is served. */
async function prepare(config: Config, db: Database, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrate(db, config.now);
  log.info({ applied }, `database: ${whereOf(config)}; ${applied.length} migration(s) applied`);
  if (config.seedDemo && (await seedDemo(db, config.now()))) log.info('demo data seeded');
  if (config.staff) {
    const made = await addStaff(db, config.staff.mobile, config.staff.name, config.now());
    log.info(`STAFF_MOBILE ${config.staff.mobile}: ${made === 'added' ? 'now a staff login' : 'already a staff login'}`);
  }
}

function printBanner(config: Config): void {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const workers = config.apiWorkers > 1 ? ` by ${config.apiWorkers} worker processes (API_WORKERS)` : '';
  const lines = ['', `Medico API listening on ${url}${workers}${config.docs ? `  (docs: ${url}/docs)` : ''}`, `Database: ${whereOf(config)}`];
  if (config.seedDemo) {
    lines.push('Demo sign-ins (mobile number, then the OTP from this log):');
    for (const login of DEMO_LOGINS) lines.push(`  ${login.mobile}  ${login.who}`);
  }
  if (config.sms.provider === 'console') lines.push('SMS_PROVIDER=console: one-time codes are written to this log.');
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Closes the app and the database on SIGINT/SIGTERM (and, in a worker, when the primary is gone). */
/** DATABASE_READ_URL: the replica's reader over `db` (src/db/reader.ts); its log lines go where the app's do. */
function openReaderOf(config: Config, db: Database): Database | undefined {
  if (!config.databaseReadUrl) return undefined;
  return openReader(db, { readUrl: config.databaseReadUrl, log: Fastify({ logger: loggerOptions(config) }).log });
}

function closeOnSignals(app: FastifyInstance, db: Database, reader?: Database): void {
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${why}, closing`);
    const force = setTimeout(() => process.exit(1), STOP_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      await reader?.destroy();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT received'));
  process.on('SIGTERM', () => void shutdown('SIGTERM received'));
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary process gone'));
}

/** API_WORKERS=1: one process prepares the database and serves. */
async function runAlone(config: Config): Promise<void> {
  const db = await openDatabase(config);
  const reader = openReaderOf(config, db);
  const app = await buildApp(config, { db, reader });
  await prepare(config, db, app.log);
  closeOnSignals(app, db, reader);
  await app.listen({ port: config.port, host: config.host });
  printBanner(config);
}

/** A worker of API_WORKERS>1: serves on the port it shares with the others (the primary prepared the database). */
async function runWorker(config: Config): Promise<void> {
  const db = await openDatabase(config);
  const reader = openReaderOf(config, db);
  const app = await buildApp(config, { db, reader });
  closeOnSignals(app, db, reader);
  await app.listen({ port: config.port, host: config.host });
}

/**
 * The primary of API_WORKERS>1: prepares the database once, forks the workers (they share the port; the caches
 * of each follow the database's change log, so any worker may answer any request), restarts a worker that dies
 * with back-off, and stops them all on SIGINT/SIGTERM.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = Fastify({ logger: loggerOptions(config) }).log;
  const db = await openDatabase(config);
  await prepare(config, db, log);
  await db.destroy();

  // Every worker signs and checks tokens with one secret, also when none was configured (one generated here).
  const env = { JWT_SECRET: config.jwtSecret };
  let stopping = false;
  const listened = new Set<number>();
  const restarts = new Set<NodeJS.Timeout>();
  const slots = Array.from({ length: config.apiWorkers }, () => ({ deathsInARow: 0 }));

  const start = (slot: number) => {
    const worker = cluster.fork(env);
    const startedAt = Date.now();
    worker.on('listening', () => {
      log.info({ worker: slot + 1, workerPid: worker.process.pid }, `API worker ${slot + 1} listening`);
      // The banner once, when the first start of every worker is listening.
      if (listened.size < config.apiWorkers && listened.add(slot).size === config.apiWorkers) printBanner(config);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const state = slots[slot]!;
      state.deathsInARow = Date.now() - startedAt > STAYED_UP_MS ? 1 : state.deathsInARow + 1;
      const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (state.deathsInARow - 1));
      log.error({ worker: slot + 1, workerPid: worker.process.pid, code, signal, restartInMs: delay }, `API worker ${slot + 1} exited (${signal ?? `code ${code}`}); restarting it in ${delay / 1000} s`);
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) start(slot);
      }, delay);
      restarts.add(timer);
    });
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping ${config.apiWorkers} API workers`);
    for (const timer of restarts) clearTimeout(timer);
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const force = setTimeout(() => {
      log.error('API workers did not stop in time: killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    let left = running.length;
    if (!left) process.exit(0);
    for (const worker of running) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let slot = 0; slot < config.apiWorkers; slot++) start(slot);
}

/** The configuration, or one clear line and exit 1 when it cannot be run (no stack trace: nothing ran yet). */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    if (config.apiWorkers > 1 && !config.databaseUrl) {
      throw new Error(
        `API_WORKERS=${config.apiWorkers} needs a PostgreSQL server (DATABASE_URL): the embedded PGlite database can be opened by one process only. Set DATABASE_URL, or API_WORKERS=1.`,
      );
    }
    return config;
  } catch (err) {
    console.error(`API not started: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

/**
 * V8 lets the old generation grow to 2–4× what is live before it collects. The API's process also holds the embedded
 * database, so its peak is the server's: a 100,000-row stock import reached 170 MB of heap for ~70 MB live, and its
 * peak RSS 440–460 MB. Grown by half at most, the heap stays near 130 MB and the peak ~30 MB lower, for a few more
 * collections (bench/README.md, "The import back under 10 s"). Set before the first request; V8 reads it at each
 * collection, and it holds for the reader threads too (V8's flags are per process).
 */
const HEAP_GROWING_PERCENT = 50;

async function main(): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = configOrExit();
  if (config.apiWorkers <= 1) return runAlone(config);
  return cluster.isPrimary ? runPrimary(config) : runWorker(config);
}

main().catch((err: unknown) => {
  console.error('API failed to start:', err);
  process.exit(1);
});
