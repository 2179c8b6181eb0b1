/*
 * Search latency (issue 4): suggestions (POST /search/suggest/product) and global search (POST /search/v3/global)
 * at 50 concurrent requests, measured on the server: the real fastify app (routing, auth, validation, the caches,
 * the queries, serialisation) driven by `app.inject`. Two times per request: "server" is fastify's own
 * (`reply.elapsedTime`, from the request's arrival to its response, including the wait behind the other 49 on the
 * event loop); "round trip" adds light-my-request's simulated client (building the request, parsing the response),
 * which a real client would do in its own process.
 *
 * Each kind runs twice at 50 concurrent: with the stock still, and with the stock changing underneath at about 200
 * writes a second (one batch of a product the queries match, reserved units moved, as order submits do), so the
 * figures include what the change log and the caches cost when they have to reload.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts   # PostgreSQL 15, full scale
 *   pnpm --filter bench exec tsx search-latency.ts                                 # embedded PGlite (BENCH_SCALE)
 *
 * BENCH_SCALE=0.2 seeds a fifth of the full marketplace (PGlite in memory holds 1,000,000 batches only slowly).
 *
 * `--workers` (PostgreSQL only, issue 11): requests per second of the real server (`api/src/server.ts`) with
 * API_WORKERS=1 and then 2, driven over loopback HTTP by 50 keep-alive connections (the cluster spreads them over
 * the workers), each a different buyer; a bounded number of requests per run (BENCH_REQUESTS, default 3,000). Each
 * run starts with the floor, GET /health over the same connections (one `select 1`: HTTP, the pool and one round trip
 * to the database, nothing of ours), and prints every call's ratio to it: the floor follows the machine's load, the
 * ratios follow our code (issue 37).
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts --workers
 *
 * `--workers --replica` (issue 37): each worker count twice, on the primary alone and with DATABASE_READ_URL (search
 * and suggestions read the streaming replica while it has replayed what they must see, api/src/db/reader.ts), side
 * by side, plus a product's stockists (a read that queries the database on every request, where suggestions and
 * global search mostly answer from the process's index); the "replica's share" column is the share of the two
 * servers' committed transactions the replica ran during the measured run (pg_stat_database; the primary's include
 * the change feed's read before each request). The script starts the replica:
 *
 *   WITH_POSTGRES_REPLICA=1 BENCH_WORKERS=2 node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts --workers --replica
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MARKETPLACE_PATHS } from 'shared-api';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { freePort, httpCall, signInOverHttp, spawnApi, waitForHealth } from './http';
import { BENCH_BUYERS, FULL_SCALE, seedLargeMarketplace, type Scale } from './marketplace-seed';

const CONCURRENCY = 50;
/** The row of the floor in `--workers` runs: GET /health, one `select 1` (see workersMode). */
const FLOOR = 'floor: GET /health (select 1)';
const REQUESTS_PER_KIND = 1_000;
/** What people type: brands being typed, salts with strengths and units, makers, typos, nonsense. */
const QUERIES = [
  'dol', 'dolo', 'dolota 650', 'panta', 'paracetamol 650mg', 'paracetmol', 'amoxycillin 500', 'azithromycin', 'cipla',
  'sun pharma', 'telmisartan 40', 'metformin 500 mg', 'zimox', 'calra tab', 'rosuvastatin 10', 'xyzzy', 'glyro syrup',
  'montelukast', 'cefixime 200', 'pregabalin 75', 'vel', 'tel 40', 'omeprazol', 'levocetirizine 5mg',
];

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Result {
  label: string;
  times: number[];
  concurrency: number;
  seconds: number;
  /** CPU time of this process (the API) per request. */
  cpuMs: number;
}

/** `total` requests, `concurrency` at a time; each call's round trip through app.inject in ms, sorted. */
export async function drive(label: string, total: number, concurrency: number, call: (i: number) => Promise<void>): Promise<Result> {
  const times: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const used = process.cpuUsage(cpu);
  return { label, times, concurrency, seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 / total };
}

export function expectOk(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

export async function signIn(app: FastifyInstance, mobile: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/medico/otp/login', payload: { mobileNumber: mobile } });
  const otp = (await app.inject({ method: 'GET', url: '/test/otp/last', query: { mobileNumber: mobile } })).json().body.otp as string;
  const res = await app.inject({ method: 'POST', url: '/medico/otp/login/verify', payload: { mobileNumber: mobile, otp } });
  return res.json().body.token as string;
}

export async function openBenchApi(): Promise<{ db: Database; app: FastifyInstance; scale: Scale; seeded: Record<string, number> }> {
  const factor = Number(process.env.BENCH_SCALE ?? (process.env.DATABASE_URL ? 1 : 0.2));
  const scale: Scale = {
    sellers: Math.round(FULL_SCALE.sellers * factor),
    products: Math.round(FULL_SCALE.products * factor),
    batches: Math.round(FULL_SCALE.batches * factor),
    connected: Math.round(FULL_SCALE.connected * factor),
  };
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory' });
  await migrate(db);
  const seeded = await seedLargeMarketplace(db, scale);
  // MEDICO_TEST_ROUTES: the benchmark signs its buyers in through GET /test/otp/last.
  const config = loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', MEDICO_TEST_ROUTES: '1', OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000', OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '100000' });
  const app = await buildApp(config, { db });
  return { db, app, scale, seeded };
}

interface Times {
  server: number[];
  roundTrip: number[];
}

/** Server-side times of the requests in flight, by request id (filled by the onResponse hook below). */
const serverTimes = new Map<string, number>();

/** Each of the `concurrency` workers is a different buyer (tokens[worker]). */
async function measure(app: FastifyInstance, tokens: string[], url: string, payload: (q: string) => object, concurrency = CONCURRENCY, total = REQUESTS_PER_KIND): Promise<Times> {
  const times: Times = { server: [], roundTrip: [] };
  let next = 0;
  const worker = async (token: string) => {
    while (next < total) {
      const q = QUERIES[next++ % QUERIES.length]!;
      const id = `r${next}`;
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'x-bench-id': id }, payload: payload(q) });
      times.roundTrip.push(performance.now() - started);
      times.server.push(serverTimes.get(id)!);
      serverTimes.delete(id);
      if (res.statusCode !== 200) throw new Error(`${url} ${q}: ${res.statusCode} ${res.body}`);
    }
  };
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(tokens[i % tokens.length]!)));
  const used = process.cpuUsage(cpu);
  if (process.env.BENCH_CPU) console.log(`${url} x${concurrency}: ${(total / ((performance.now() - wall) / 1000)).toFixed(0)} req/s, API process CPU ${((used.user + used.system) / 1000 / total).toFixed(2)} ms per request`);
  times.server.sort((a, b) => a - b);
  times.roundTrip.sort((a, b) => a - b);
  return times;
}

/** Batches of products the queries find: the ones the writer below changes. */
async function searchedBatches(db: Database): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT b.id FROM inventory_batches b JOIN products p ON p.id = b.product_id
    WHERE p.name ~* '^(dolo|panta|telma|zimox|calra|glyro|vel)' AND b.quantity > 1 LIMIT 2000`.execute(db);
  return rows.map((r) => r.id);
}

/** Moves a reserved unit on a random one of `batches` about every 5 ms (as order submits and rejections do), until stopped. */
function churnStock(db: Database, batches: string[]): { stop: () => Promise<number> } {
  let running = true;
  let writes = 0;
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      const id = batches[Math.floor(Math.random() * batches.length)]!;
      await sql`UPDATE inventory_batches SET reserved = CASE WHEN reserved > 0 THEN 0 ELSE 1 END WHERE id = ${id}`.execute(db);
      writes++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return writes / ((performance.now() - started) / 1000);
    },
  };
}

const ms = (t: number[], p: number) => `${percentile(t, p).toFixed(1)} ms`;
const row = (name: string, t: Times) =>
  `| ${name} | ${t.server.length} | ${ms(t.server, 50)} | ${ms(t.server, 95)} | ${ms(t.server, 99)} | ${ms(t.roundTrip, 50)} | ${ms(t.roundTrip, 95)} |`;

async function main() {
  const { db, app, scale, seeded } = await openBenchApi();
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify(seeded)}`);
  app.addHook('onResponse', async (request, reply) => {
    const id = request.headers['x-bench-id'];
    if (typeof id === 'string') serverTimes.set(id, reply.elapsedTime);
  });
  const tokens: string[] = [];
  for (const buyer of BENCH_BUYERS) tokens.push(await signIn(app, buyer.mobile));
  const suggestPayload = (q: string) => ({ suggest: q, type: 'ALL', subType: 'ALL' });
  const globalPayload = (q: string) => ({ query: q });
  // Warm-up, as a server that has been up a while is: query plans, the JIT, and the search index (loaded on the
  // first signed-in request). One round of 500 each left the first measured run still warming (3,700 req/s, p95
  // 24 ms, against 5,000 req/s and 17 ms for the same run repeated).
  for (let round = 0; round < 2; round++) {
    await measure(app, tokens, MARKETPLACE_PATHS.suggest, suggestPayload);
    await measure(app, tokens, MARKETPLACE_PATHS.globalSearch, globalPayload);
  }
  const suggest = await measure(app, tokens, MARKETPLACE_PATHS.suggest, suggestPayload);
  const global = await measure(app, tokens, MARKETPLACE_PATHS.globalSearch, globalPayload);
  const batches = await searchedBatches(db);
  let churn = churnStock(db, batches);
  const suggestChurn = await measure(app, tokens, MARKETPLACE_PATHS.suggest, suggestPayload);
  const suggestWrites = await churn.stop();
  churn = churnStock(db, batches);
  const globalChurn = await measure(app, tokens, MARKETPLACE_PATHS.globalSearch, globalPayload);
  const globalWrites = await churn.stop();
  // One at a time: the service time of a request, without queueing behind the other 49.
  const suggestAlone = await measure(app, tokens.slice(0, 1), MARKETPLACE_PATHS.suggest, suggestPayload, 1, 200);
  const globalAlone = await measure(app, tokens.slice(0, 1), MARKETPLACE_PATHS.globalSearch, globalPayload, 1, 200);
  console.log(`| call | concurrent | stock | requests | server p50 | server p95 | server p99 | round trip p50 | round trip p95 |\n|---|---|---|---|---|---|---|---|---|`);
  console.log(row(`suggestions | ${CONCURRENCY} | still`, suggest));
  console.log(row(`global search | ${CONCURRENCY} | still`, global));
  console.log(row(`suggestions | ${CONCURRENCY} | ${suggestWrites.toFixed(0)} writes/s`, suggestChurn));
  console.log(row(`global search | ${CONCURRENCY} | ${globalWrites.toFixed(0)} writes/s`, globalChurn));
  console.log(row('suggestions | 1 | still', suggestAlone));
  console.log(row('global search | 1 | still', globalAlone));
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`process memory after the runs: RSS ${(rss / 2 ** 20).toFixed(0)} MB, JS heap used ${(heapUsed / 2 ** 20).toFixed(0)} MB (the search index and stock summaries included)`);
  await app.close();
  await db.destroy();
}






/** CPU seconds used so far by a process and its children (the cluster's workers): utime + stime from /proc. */
function treeCpuSeconds(root: number): number {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        // After the command name in parentheses: state, ppid, … utime and stime are fields 14 and 15 of the line.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
      } catch {
        return null; // ended meanwhile
      }
    })
    .filter((s) => s !== null);
  const tree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const s of stats) {
      if (tree.has(s.pid) || !tree.has(s.ppid)) continue;
      tree.add(s.pid);
      grown = true;
    }
  }
  // Linux reports in clock ticks of 1/100 s (USER_HZ).
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / 100;
}

/**
 * `total` requests, `concurrency` at a time over a keep-alive agent; requests per second and client-side latency.
 * Without a payload the call is a GET without a session (the floor: GET /health).
 */
async function load(port: number, agent: Agent, tokens: string[], url: string, payload: ((q: string) => object) | null, total: number, apiPid?: number) {
  const latencies: number[] = [];
  let next = 0;
  const user = async (token: string) => {
    while (next < total) {
      const q = QUERIES[next++ % QUERIES.length]!;
      const started = performance.now();
      const res = payload ? await httpCall(port, agent, 'POST', url, { json: payload(q), token }) : await httpCall(port, agent, 'GET', url);
      latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${url} ${q}: ${res.status} ${res.body.toString()}`);
    }
  };
  const cpu = process.cpuUsage();
  const apiCpu = apiPid ? treeCpuSeconds(apiPid) : 0;
  const wall = performance.now();
  await Promise.all(tokens.map((token) => user(token)));
  const seconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  const apiSeconds = apiPid ? treeCpuSeconds(apiPid) - apiCpu : 0;
  latencies.sort((a, b) => a - b);
  return {
    total,
    perSecond: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    clientCpuMs: (used.user + used.system) / 1000 / total,
    apiCpuMs: (apiSeconds * 1000) / total,
    /** Cores the API processes kept busy on average. */
    apiCores: apiSeconds / seconds,
  };
}

/** Committed transactions of the database so far (the replica counts the read-only ones it ran). */
async function transactions(db: Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  return Number(rows[0]!.n);
}

/** Until the replica has replayed what the primary has written (the seed, the sign-ins), so runs start alike. */
async function replicaCaughtUp(primary: Database, replica: Database): Promise<void> {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(primary);
  for (;;) {
    const done = await sql<{ ok: boolean }>`SELECT pg_last_wal_replay_lsn() >= ${rows[0]!.lsn}::pg_lsn AS ok`.execute(replica);
    if (done.rows[0]!.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function workersMode() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('--workers needs a PostgreSQL server: node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts --workers (PGlite is opened by one process only)');
  const requests = Number(process.env.BENCH_REQUESTS ?? 3_000);
  const { db, app, scale, seeded } = await openBenchApi();
  await app.close();
  await db.destroy();
  console.log(`PostgreSQL server, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify(seeded)}; ${requests} requests per run, ${CONCURRENCY} connections`);
  const readUrl = process.env.DATABASE_READ_URL;
  const withReplica = process.argv.includes('--replica');
  if (withReplica && !readUrl) throw new Error('--replica needs DATABASE_READ_URL: WITH_POSTGRES_REPLICA=1 node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts --workers --replica');
  const runs = (process.env.BENCH_WORKERS ?? '1,2').split(',').flatMap((w) => (withReplica ? [[Number(w), false], [Number(w), true]] : [[Number(w), false]]) as [number, boolean][]);
  const servers = withReplica ? { primary: await openDatabase({ databaseUrl, pgliteDataDir: 'memory' }), replica: await openDatabase({ databaseUrl: readUrl, pgliteDataDir: 'memory' }) } : undefined;
  const stocked = servers
    ? (await sql<{ id: string }>`SELECT product_id AS id FROM inventory_batches GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT ${QUERIES.length}`.execute(servers.primary)).rows.map((r) => r.id)
    : [];
  if (servers) await replicaCaughtUp(servers.primary, servers.replica);
  const rows: string[] = [];
  for (const [workers, reads] of runs) {
    const port = await freePort();
    const api = spawnApi(port, { API_WORKERS: String(workers), LOG_LEVEL: 'warn', DATABASE_READ_URL: reads ? readUrl! : '' });
    const on = withReplica ? ` ${reads ? 'replica' : 'primary only'} |` : '';
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    try {
      await waitForHealth(port);
      const tokens: string[] = [];
      let floor: Awaited<ReturnType<typeof load>> | undefined;
      for (const buyer of BENCH_BUYERS.slice(0, CONCURRENCY)) tokens.push(await signInOverHttp(port, buyer.mobile, workers * 3));
      const suggestPayload = (q: string) => ({ suggest: q, type: 'ALL', subType: 'ALL' });
      const globalPayload = (q: string) => ({ query: q });
      // Warm-up as in the in-process runs, for every worker: each loads its own search index and stock summaries,
      // and its JIT warms on the requests it gets.
      for (let round = 0; round < 2 * workers; round++) {
        await load(port, agent, tokens, MARKETPLACE_PATHS.suggest, suggestPayload, 1_000);
        await load(port, agent, tokens, MARKETPLACE_PATHS.globalSearch, globalPayload, 1_000);
      }
      // The floor first: the same connections, each request one `select 1` through the API's pool and nothing else
      // (no session, no change-log catch-up, no search). Its figures follow the machine's load; the searches' ratios
      // to it are what a change of ours moves, so a regression shows even on a busier machine than the last run's.
      const kinds: [string, string, ((q: string) => object) | null][] = [
        [FLOOR, '/health', null],
        ['suggestions', MARKETPLACE_PATHS.suggest, suggestPayload],
        ['global search', MARKETPLACE_PATHS.globalSearch, globalPayload],
      ];
      // With a replica, also a read that queries the database on every request (the two above mostly answer from the
      // process's index and caches): a product's stockists, offers and the buyer's origin.
      if (stocked.length) kinds.push(['stockists', MARKETPLACE_PATHS.stockists, (q) => ({ productId: stocked[QUERIES.indexOf(q) % stocked.length]! })]);
      for (const [name, url, payload] of kinds) {
        if (servers) await replicaCaughtUp(servers.primary, servers.replica);
        const before = servers && (await Promise.all([transactions(servers.primary), transactions(servers.replica)]));
        const r = await load(port, agent, tokens, url, payload, requests, api.pid);
        const after = servers && (await Promise.all([transactions(servers.primary), transactions(servers.replica)]));
        const share = before && after ? ` ${(((after[1] - before[1]) / Math.max(1, after[0] - before[0] + after[1] - before[1])) * 100).toFixed(0)} % |` : '';
        if (name === FLOOR) floor = r;
        const ratio = floor && name !== FLOOR ? `${(floor.perSecond / r.perSecond).toFixed(2)} / ${(r.p95 / floor.p95).toFixed(2)}` : '1 / 1';
        rows.push(
          `| ${workers} |${on} ${name} | ${r.total} | **${r.perSecond.toFixed(0)}** | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${ratio} | ${r.apiCpuMs.toFixed(2)} ms | ${r.apiCores.toFixed(2)} | ${r.clientCpuMs.toFixed(2)} ms |${share}`,
        );
        console.log(rows[rows.length - 1]);
      }
    } finally {
      agent.destroy();
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
  }
  if (servers) await Promise.all([servers.primary.destroy(), servers.replica.destroy()]);
  const [onHead, onRule, shareHead, shareRule] = withReplica ? [' reads from |', '---|', ' replica\'s share of transactions |', '---|'] : ['', '', '', ''];
  console.log(`\n| API_WORKERS |${onHead} call (${CONCURRENCY} connections) | requests | req/s | p50 | p95 | × floor (time per request / p95) | API CPU per request | API cores busy | load generator CPU per request |${shareHead}\n|---|${onRule}---|---|---|---|---|---|---|---|---|${shareRule}`);
  for (const r of rows) console.log(r);
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

if (process.argv[1]?.endsWith('search-latency.ts')) void (process.argv.includes('--workers') ? workersMode() : main());
