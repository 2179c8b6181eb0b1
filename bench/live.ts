/*
 * Live notifications (issue 16): 1,000 Server-Sent Events clients on GET /notifications/live, then events committed
 * straight into the database (as any API process or a psql session would), and the time from the commit to each
 * client that should hear it:
 *   - notifications: one row for a random unit every NOTIFY_EVERY_MS; its CONNECTIONS_PER_USER streams must get
 *     `notifications` (and no other unit's streams, counted as strays);
 *   - stock: one batch of a product changes every STOCK_EVERY_MS; every buyer's stream must get `stock` naming it.
 * The clock starts just before the statement is sent (so the figure includes the commit itself) and stops when the
 * event is parsed in this process, which also carries the 1,000 sockets: the figures are an upper bound.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx live.ts          # PostgreSQL (required)
 *   API_WORKERS=2 node scripts/with-postgres.mjs pnpm --filter bench exec tsx live.ts   # two API processes
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { NOTIFICATION_PATHS, SseParser } from 'shared-api';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedDemo } from '../api/src/db/seed';
import { cpuSeconds, freePort, signInOverHttp, spawnApi, waitForHealth } from './http';
import { percentile } from './search-latency';

const USERS = Number(process.env.BENCH_LIVE_USERS ?? 250);
/** Under the server's cap of 12 per user: several tabs of one user. */
const CONNECTIONS_PER_USER = Number(process.env.BENCH_LIVE_CONNECTIONS_PER_USER ?? 4);
const NOTIFICATIONS = Number(process.env.BENCH_LIVE_NOTIFICATIONS ?? 500);
const NOTIFY_EVERY_MS = 40;
const STOCK_CHANGES = Number(process.env.BENCH_LIVE_STOCK ?? 40);
const STOCK_EVERY_MS = 250;
/** An event not heard this long after its commit counts as missed. */
const GIVE_UP_MS = 5000;
const SIGN_IN_CONCURRENCY = 8;
const CONNECT_CONCURRENCY = 50;

interface BenchUnit {
  id: string;
  mobile: string;
  buyer: boolean;
}

interface Pending {
  at: number;
  waiting: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Half retailers (buyers: they also hear stock), half stockists; one owner each; products with one batch each. */
async function seed(db: Database, now: Date): Promise<{ units: BenchUnit[]; batches: { id: string; productId: string }[] }> {
  await seedDemo(db, now);
  const units: BenchUnit[] = [];
  for (let i = 0; i < USERS; i++) {
    const buyer = i % 2 === 0;
    const unit: BenchUnit = { id: randomUUID(), mobile: `97${String(i).padStart(8, '0')}`, buyer };
    await db
      .insertInto('units')
      .values({ id: unit.id, unit_code: `${buyer ? 'RTL' : 'STK'}-LIVE-${String(i).padStart(4, '0')}`, trade_name: `Live ${buyer ? 'Chemist' : 'Distributor'} ${i}`, customer_type: buyer ? 'RETAILER' : 'STOCKIST', activated: true, city: 'Mumbai', created_at: now })
      .execute();
    await db.insertInto('users').values({ id: randomUUID(), unit_id: unit.id, role: 'OWNER', first_name: 'Live', mobile: unit.mobile, created_at: now }).execute();
    units.push(unit);
  }
  const seller = await db.selectFrom('units').innerJoin('warehouses', 'warehouses.unit_id', 'units.id').select(['units.id as unitId', 'warehouses.id as warehouseId']).where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  const batches: { id: string; productId: string }[] = [];
  for (let i = 0; i < STOCK_CHANGES; i++) {
    const productId = randomUUID();
    const id = randomUUID();
    await db.insertInto('products').values({ id: productId, name: `Livevex ${i} Tablet`, manufacturer: 'Bench Labs', composition: null, pack: '10 tablets', hsn: '3004', match_key: `bench-live|${productId}`, created_at: now }).execute();
    await db
      .insertInto('inventory_batches')
      .values({ id, unit_id: seller.unitId, warehouse_id: seller.warehouseId, product_id: productId, batch_no: `LIVE-${i}`, expiry_date: '2029-12-31', mrp_paise: 5000, ptr_paise: 4000, quantity: 100, reserved: 0, scheme_buy: null, scheme_free: null, created_at: now, updated_at: now })
      .execute();
    batches.push({ id, productId });
  }
  return { units, batches };
}

interface Client {
  unit: BenchUnit;
  close: () => void;
}

/** One stream, read by the client's own parser. */
function openStream(port: number, token: string, unit: BenchUnit, onEvent: (unit: BenchUnit, event: string, data: string) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: NOTIFICATION_PATHS.live, agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`live stream: HTTP ${res.statusCode}`));
        return;
      }
      let ready = false;
      const parser = new SseParser((event, data) => {
        if (event === 'ready' && !ready) {
          ready = true;
          resolve({ unit, close: () => req.destroy() });
        } else onEvent(unit, event, data);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => parser.push(chunk));
      res.on('close', () => {
        if (!ready) reject(new Error('live stream closed before ready'));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

function summary(label: string, latencies: number[], expected: number, extra = ''): string {
  latencies.sort((a, b) => a - b);
  const missed = expected - latencies.length;
  const f = (ms: number | undefined) => (ms === undefined ? '—' : `${ms.toFixed(0)} ms`);
  return `| ${label} | ${latencies.length} of ${expected} | ${f(percentile(latencies, 50))} | **${f(percentile(latencies, 95))}** | ${f(percentile(latencies, 99))} | ${f(latencies.at(-1))} | ${missed} | ${extra} |`;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('live.ts needs PostgreSQL: node scripts/with-postgres.mjs pnpm --filter bench exec tsx live.ts');
    process.exit(2);
  }
  const workers = Number(process.env.API_WORKERS ?? 1);
  const now = new Date();
  const db = await openDatabase({ databaseUrl, pgliteDataDir: 'memory' });
  await migrate(db);
  const { units, batches } = await seed(db, now);

  const port = await freePort();
  const api = spawnApi(port, { API_WORKERS: String(workers) });
  const clients: Client[] = [];
  const rows: string[] = [];
  const rss = { before: 0, after: 0 };
  try {
    await waitForHealth(port);
    const t0 = performance.now();
    const tokens = new Map<BenchUnit, string>();
    await inParallel(units, SIGN_IN_CONCURRENCY, async (unit) => {
      tokens.set(unit, await signInOverHttp(port, unit.mobile, workers * 4));
    });
    console.log(`${USERS} users signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const notified = new Map<string, Pending>();
    const stocked = new Map<string, Pending>();
    const notifyLatencies: number[] = [];
    const stockLatencies: number[] = [];
    let strays = 0;
    const onEvent = (unit: BenchUnit, event: string, data: string) => {
      const at = performance.now();
      if (event === 'notifications') {
        const pending = notified.get(unit.id);
        if (!pending) {
          strays++;
          return;
        }
        notifyLatencies.push(at - pending.at);
        if (--pending.waiting === 0) notified.delete(unit.id);
      } else if (event === 'stock') {
        for (const id of (JSON.parse(data) as { productIds: string[] }).productIds) {
          const pending = stocked.get(id);
          if (!pending) continue;
          stockLatencies.push(at - pending.at);
          if (--pending.waiting === 0) stocked.delete(id);
        }
      }
    };

    // With API_WORKERS > 1 this is the primary, which serves nothing: CPU and memory are then not shown.
    const pid = api.pid!;
    rss.before = rssMiB(pid);
    const t1 = performance.now();
    const plan = units.flatMap((unit) => Array.from({ length: CONNECTIONS_PER_USER }, () => unit));
    await inParallel(plan, CONNECT_CONCURRENCY, async (unit) => {
      clients.push(await openStream(port, tokens.get(unit)!, unit, onEvent));
    });
    const connectSeconds = (performance.now() - t1) / 1000;
    await sleep(1000);
    rss.after = rssMiB(pid);
    console.log(`${clients.length} streams open in ${connectSeconds.toFixed(1)} s; load average ${loadAverage()}`);

    // Notifications: a unit with an event still on its way is not picked again (its streams could not tell them apart).
    const cpu0 = cpuSeconds(pid);
    for (let i = 0; i < NOTIFICATIONS; i++) {
      let unit = units[Math.floor(Math.random() * units.length)]!;
      while (notified.has(unit.id)) unit = units[Math.floor(Math.random() * units.length)]!;
      notified.set(unit.id, { at: performance.now(), waiting: CONNECTIONS_PER_USER });
      await db.insertInto('notifications').values({ id: randomUUID(), unit_id: unit.id, user_id: null, type: 'B2B_ORDER', title: 'Bench order', body: `Bench event ${i}`, created_at: new Date() }).execute();
      await sleep(NOTIFY_EVERY_MS);
    }
    await sleep(GIVE_UP_MS);
    const notifyCpu = cpuSeconds(pid) - cpu0;
    rows.push(summary('notifications (one unit’s streams)', notifyLatencies, NOTIFICATIONS * CONNECTIONS_PER_USER, `${strays} strays${workers === 1 ? `; API CPU ${notifyCpu.toFixed(1)} s` : ''}`));

    const buyerStreams = clients.filter((c) => c.unit.buyer).length;
    const cpu1 = cpuSeconds(pid);
    for (const batch of batches) {
      stocked.set(batch.productId, { at: performance.now(), waiting: buyerStreams });
      await db.updateTable('inventory_batches').set((eb) => ({ quantity: eb('quantity', '-', 1) })).where('id', '=', batch.id).execute();
      await sleep(STOCK_EVERY_MS);
    }
    await sleep(GIVE_UP_MS);
    const stockCpu = cpuSeconds(pid) - cpu1;
    rows.push(summary(`stock (every buyer: ${buyerStreams} streams)`, stockLatencies, batches.length * buyerStreams, workers === 1 ? `API CPU ${stockCpu.toFixed(1)} s` : ''));
  } finally {
    for (const client of clients) client.close();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await db.destroy();
  }

  console.log(`\nPostgreSQL, ${workers} API process${workers === 1 ? '' : 'es'}, ${clients.length} streams (${USERS} users × ${CONNECTIONS_PER_USER}), LIVE_POLL_MS ${process.env.LIVE_POLL_MS ?? 250}`);
  if (workers === 1) console.log(`API RSS ${rss.before.toFixed(0)} MiB before the streams, ${rss.after.toFixed(0)} MiB with them (${(((rss.after - rss.before) * 1024) / Math.max(1, clients.length)).toFixed(1)} KiB per stream)`);
  console.log('\n| event | received | p50 | p95 | p99 | max | missed | notes |\n|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nload average: ${loadAverage()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
