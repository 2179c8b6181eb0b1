/*
 * Search latency (issue 4): suggestions (POST /search/suggest/product) and global search (POST /search/v3/global)
 * at 50 concurrent requests, measured on the server: the real fastify app (routing, auth, validation, the queries,
 * serialisation) driven by `app.inject`, so the figures are the API's own time without network or client noise.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx search-latency.ts   # PostgreSQL 15, full scale
 *   pnpm --filter bench exec tsx search-latency.ts                                 # embedded PGlite (BENCH_SCALE)
 *
 * BENCH_SCALE=0.2 seeds a fifth of the full marketplace (PGlite in memory holds 1,000,000 batches only slowly).
 */
import type { FastifyInstance } from 'fastify';
import { MARKETPLACE_PATHS } from 'shared-api';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { BENCH_BUYER, FULL_SCALE, seedLargeMarketplace, type Scale } from './marketplace-seed';

const CONCURRENCY = 50;
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
  const config = loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000', OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '100000' });
  const app = await buildApp(config, { db });
  return { db, app, scale, seeded };
}

async function measure(app: FastifyInstance, token: string, url: string, payload: (q: string) => object, concurrency = CONCURRENCY, total = REQUESTS_PER_KIND): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const q = QUERIES[next++ % QUERIES.length]!;
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload(q) });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${url} ${q}: ${res.statusCode} ${res.body}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

const row = (name: string, t: number[]) =>
  `| ${name} | ${t.length} | ${percentile(t, 50).toFixed(1)} ms | ${percentile(t, 95).toFixed(1)} ms | ${percentile(t, 99).toFixed(1)} ms |`;

async function main() {
  const { db, app, scale, seeded } = await openBenchApi();
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify(seeded)}`);
  const token = await signIn(app, BENCH_BUYER.mobile);
  // Warm-up: plans, caches and the typo vocabulary.
  for (const q of QUERIES) await app.inject({ method: 'POST', url: MARKETPLACE_PATHS.globalSearch, headers: { authorization: `Bearer ${token}` }, payload: { query: q } });
  const suggest = await measure(app, token, MARKETPLACE_PATHS.suggest, (q) => ({ suggest: q, type: 'ALL', subType: 'ALL' }));
  const global = await measure(app, token, MARKETPLACE_PATHS.globalSearch, (q) => ({ query: q }));
  // One at a time: the service time of a request, without queueing behind the other 49.
  const suggestAlone = await measure(app, token, MARKETPLACE_PATHS.suggest, (q) => ({ suggest: q, type: 'ALL', subType: 'ALL' }), 1, 200);
  const globalAlone = await measure(app, token, MARKETPLACE_PATHS.globalSearch, (q) => ({ query: q }), 1, 200);
  console.log(`| call | concurrent | requests | p50 | p95 | p99 |\n|---|---|---|---|---|---|`);
  console.log(row(`suggestions | ${CONCURRENCY}`, suggest));
  console.log(row(`global search | ${CONCURRENCY}`, global));
  console.log(row('suggestions | 1', suggestAlone));
  console.log(row('global search | 1', globalAlone));
  await app.close();
  await db.destroy();
}

if (process.argv[1]?.endsWith('search-latency.ts')) void main();
