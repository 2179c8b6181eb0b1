/*
 * Dashboard latency (issue 16): GET /b2bapp/stockist/v2/dashboard (the whole answer, one request) at 20
 * concurrent, measured on the server as in search-latency.ts: the real fastify app driven by `app.inject`,
 * "server" being fastify's own time from arrival to response (queueing behind the other 19 included).
 *
 * Data: the large marketplace (marketplace-seed.ts: 1,000 stockists, 1,000,000 batches, so about 1,000 batches
 * per stockist's godown), plus for the dashboard: an owner login for the first 20 stockists, 5,000 orders per
 * one of them over the last 90 days from the bench retailers (a tenth still awaiting a decision), and buyers'
 * search hits for 20,000 products a day over the last 30 days (600,000 counter rows). Periods alternate between
 * DAY and WEEK; the 20 workers are 20 different stockists. Then 20 retailers (placed orders, counter stock).
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx dashboard.ts   # PostgreSQL, full scale
 *   BENCH_SCALE=0.05 pnpm --filter bench exec tsx dashboard.ts                 # embedded PGlite, a smoke run
 *
 * BENCH_STATEMENTS=1 (with WITH_POSTGRES_SETTINGS="shared_preload_libraries=pg_stat_statements
 * pg_stat_statements.track_planning=on") prints what each statement cost per answer in the stockists' runs with a
 * change before every view: where a fresh answer's time goes.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DASHBOARD_PATHS } from 'shared-api';
import type { Database } from '../api/src/db/database';
import { cpuMeter } from './http';
import { BENCH_BUYERS } from './marketplace-seed';
import { openBenchApi, percentile, signIn } from './search-latency';

const CONCURRENCY = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const ORDERS_PER_SELLER = 5_000;
const HIT_DAYS = 30;
const HIT_PRODUCTS_PER_DAY = 20_000;
const sellerMobile = (n: number) => `96000000${String(n).padStart(2, '0')}`;

async function seedDashboard(db: Database, now: Date): Promise<number> {
  const started = performance.now();
  await sql`INSERT INTO users (id, unit_id, role, first_name, mobile, active_warehouse_id, created_at)
    SELECT gen_random_uuid(), s.unit_id, 'OWNER', 'Bench', '96000000' || lpad(s.n::text, 2, '0'), s.warehouse_id, ${now}
    FROM bench_sellers s WHERE s.n <= ${CONCURRENCY}`.execute(db);
  // Orders from the bench retailers, spread over 90 days; every tenth still PLACED.
  await sql`INSERT INTO orders (id, order_number, buyer_unit_id, seller_unit_id, status, order_date, item_count, taxable_paise, gst_paise, total_paise, created_at)
    SELECT gen_random_uuid(), 'BENCH-' || s.n || '-' || g, b.id, s.unit_id,
      CASE WHEN g % 10 = 0 THEN 'PLACED' WHEN g % 10 = 1 THEN 'REJECTED' ELSE 'ACCEPTED' END,
      (${now}::timestamptz - (g % 90) * interval '1 day')::date, 1 + g % 5, 10000 + g, 1200, 11200 + g,
      ${now}::timestamptz - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'
    FROM bench_sellers s CROSS JOIN generate_series(1, ${ORDERS_PER_SELLER}) g
    JOIN units b ON b.unit_code = 'RTL-BENCH-' || lpad((1 + g % ${BENCH_BUYERS.length})::text, 3, '0')
    WHERE s.n <= ${CONCURRENCY}`.execute(db);
  await sql`INSERT INTO product_search_hits (day, product_id, hits)
    SELECT (${now}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date - d, p.product_id, 1 + (p.n * 7 + d) % 50
    FROM generate_series(0, ${HIT_DAYS - 1}) d
    JOIN bench_products p ON p.n <= ${HIT_PRODUCTS_PER_DAY}`.execute(db);
  // As autovacuum does on a live server within a minute of such writes: the orders' visibility map set, so their
  // pending counts read the partial index alone (migration 025).
  await sql`VACUUM ANALYZE`.execute(db);
  return Math.round(performance.now() - started) / 1000;
}

const serverTimes = new Map<string, number>();

interface Caller {
  token: string;
  unitId: string;
  /** The active warehouse: the one whose stock the dashboard shows. */
  warehouseId: string;
}

/**
 * What happens before a view: an order (the seller's stock moves, one batch reserved, and the unit is notified), or a
 * payment or pickup (the unit is notified; stock stays). A notice drops the unit's cached answers in the API, so the
 * view is computed afresh; a change to the warehouse's batches has the API read those products' batches again.
 */
type Change = 'order' | 'payment';

/** `changeEvery`: a change before every n-th view (1: every view computed afresh; 0: none). */
async function measure(app: FastifyInstance, db: Database, callers: Caller[], total: number, changeEvery: number, change: Change = 'order', concurrency = CONCURRENCY) {
  const times: number[] = [];
  let next = 0;
  const worker = async ({ token, unitId, warehouseId }: Caller) => {
    while (next < total) {
      const i = next++;
      const id = `d${i}`;
      if (changeEvery > 0 && i % changeEvery === 0) {
        // One statement, so the API never sees the notice without the stock change.
        const stock =
          change === 'order'
            ? sql`UPDATE inventory_batches SET reserved = reserved + 1 WHERE id = (SELECT id FROM inventory_batches
                WHERE unit_id = ${unitId} AND warehouse_id = ${warehouseId} AND quantity > reserved ORDER BY expiry_date DESC LIMIT 1)`
            : sql`SELECT 1`;
        await sql`WITH moved AS (${stock}) INSERT INTO notifications (id, unit_id, type, title, body, created_at, pushed_at)
          VALUES (gen_random_uuid(), ${unitId}, 'GENERAL', 'Bench', 'A change', now(), now())`.execute(db);
      }
      const res = await app.inject({ method: 'GET', url: DASHBOARD_PATHS.dashboard, query: { period: i % 2 ? 'WEEK' : 'DAY' }, headers: { authorization: `Bearer ${token}`, 'x-bench-id': id } });
      if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body.slice(0, 300)}`);
      times.push(serverTimes.get(id)!);
      serverTimes.delete(id);
    }
  };
  const wall = performance.now();
  // This process is the API and the callers (app.inject); PostgreSQL's share is read from /proc.
  const cpu = cpuMeter(process.pid);
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(callers[i % callers.length]!)));
  const seconds = (performance.now() - wall) / 1000;
  times.sort((a, b) => a - b);
  return { times, perSecond: total / seconds, cpu: cpu.perRequest(total) };
}

const cpuText = (c: { apiMs: number; postgresMs: number | null }) => `${c.apiMs.toFixed(2)}, ${c.postgresMs === null ? '–' : `${c.postgresMs.toFixed(2)} ms`}`;

async function explain(db: Database, unitId: string) {
  // The statements most likely to grow with a unit's history: its orders in a week, and the search counters.
  const since = new Date(Date.now() - 7 * 86400_000);
  for (const [name, query] of [
    ['orders (WEEK)', sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*), sum(total_paise), (SELECT count(*) FROM orders p WHERE p.seller_unit_id = ${unitId} AND p.status = 'PLACED') FROM orders WHERE seller_unit_id = ${unitId} AND created_at >= ${since}`],
    ['most searched (WEEK)', sql`EXPLAIN (ANALYZE, BUFFERS) SELECT product_id, sum(hits) FROM product_search_hits WHERE day >= ${since.toISOString().slice(0, 10)}::date GROUP BY product_id ORDER BY sum(hits) DESC LIMIT 10`],
  ] as const) {
    const { rows } = await query.execute(db);
    console.log(`\n${name}:\n${rows.map((r) => Object.values(r as Record<string, string>)[0]).join('\n')}`);
  }
}

/** PostgreSQL's time per answer for each statement of the last `answers` answers (pg_stat_statements). */
async function statementCosts(db: Database, answers: number) {
  const { rows } = await sql<{ query: string; calls: string; exec: number; plan: number }>`
    SELECT query, calls, total_exec_time AS exec, total_plan_time AS plan FROM pg_stat_statements
    WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 20`.execute(db);
  console.log(`\n| statement | calls per answer | execute ms per answer | plan ms per answer |\n|---|---|---|---|`);
  for (const r of rows) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110).replace(/\|/g, '\\|');
    console.log(`| ${text} | ${(Number(r.calls) / answers).toFixed(2)} | ${(r.exec / answers).toFixed(3)} | ${(r.plan / answers).toFixed(3)} |`);
  }
}

async function main() {
  const { db, app, scale, seeded } = await openBenchApi();
  const extra = await seedDashboard(db, new Date());
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify({ ...seeded, dashboard: extra })}`);
  app.addHook('onResponse', async (request, reply) => {
    const id = request.headers['x-bench-id'];
    if (typeof id === 'string') serverTimes.set(id, reply.elapsedTime);
  });
  const callerOf = async (mobile: string): Promise<Caller> => {
    const user = await db.selectFrom('users').select(['unit_id', 'active_warehouse_id']).where('mobile', '=', mobile).executeTakeFirstOrThrow();
    return { token: await signIn(app, mobile), unitId: user.unit_id, warehouseId: user.active_warehouse_id! };
  };
  const sellers: Caller[] = [];
  for (let n = 1; n <= CONCURRENCY; n++) sellers.push(await callerOf(sellerMobile(n)));
  const buyers: Caller[] = [];
  for (const b of BENCH_BUYERS.slice(0, CONCURRENCY)) buyers.push(await callerOf(b.mobile));
  // Warm-up: query plans, the JIT, connection pool.
  await measure(app, db, sellers, 400, 1);
  await measure(app, db, buyers, 200, 1);
  const rows: string[] = [];
  const ms = (t: number[], p: number) => `${percentile(t, p).toFixed(1)} ms`;
  const modes: [label: string, changeEvery: number, change: Change][] = [
    ['an order before every view', 1, 'order'],
    ['a payment or pickup before every view', 1, 'payment'],
    ['an order every 10 views', 10, 'order'],
    ['none', 0, 'order'],
  ];
  for (const [who, callers] of [
    ['stockists', sellers],
    ['retailers', buyers],
  ] as const) {
    for (const [label, changeEvery, change] of modes) {
      const costs = process.env.BENCH_STATEMENTS && who === 'stockists' && changeEvery === 1;
      if (costs) await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()`.execute(db);
      const r = await measure(app, db, callers, REQUESTS, changeEvery, change);
      if (costs) {
        console.log(`\n${who}, ${label}:`);
        await statementCosts(db, REQUESTS);
      }
      rows.push(`| ${who} | ${label} | ${CONCURRENCY} | ${REQUESTS} | ${r.perSecond.toFixed(0)} | ${ms(r.times, 50)} | **${ms(r.times, 95)}** | ${ms(r.times, 99)} | ${cpuText(r.cpu)} |`);
    }
    const [everyView, , change] = modes[0]!;
    const alone = await measure(app, db, callers.slice(0, 1), 200, 1, change, 1);
    rows.push(`| ${who} | ${everyView} | 1 | 200 | ${alone.perSecond.toFixed(0)} | ${ms(alone.times, 50)} | ${ms(alone.times, 95)} | ${ms(alone.times, 99)} | ${cpuText(alone.cpu)} |`);
  }
  console.log(`\n| callers | a change | concurrent | requests | req/s | server p50 | server p95 | server p99 | CPU / answer: API + callers, PostgreSQL |\n|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(r);
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  if (process.env.BENCH_EXPLAIN) {
    const unit = await db.selectFrom('units').select('id').where('unit_code', '=', 'STK-BENCH-00001').executeTakeFirstOrThrow();
    await explain(db, unit.id);
  }
  await app.close();
  await db.destroy();
}

void main();
