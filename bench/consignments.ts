/*
 * Deliveries (issue 12): the orders overview of one seller with 10,000 consignments, and its shipping labels.
 *
 * Seeds the demo units, then with `INSERT … SELECT generate_series` (rows never pass through Node) gives Lohar Chawl
 * Medical Agencies (STK-MUM-001) 10,000 consignments over the last ~half year: 6,000 ONLINE (each with its accepted
 * order to Sharma Medical Stores) and 4,000 OFFLINE (send and collect, to 240 different parties), in every status
 * (60 % delivered), carried by the season boy Vijay More, with their BOOKED and last events and a photo on every
 * third delivered one. Then it starts the real API server (`api/src/server.ts`), signs Rajesh in over HTTP and
 * drives it from BENCH_CONCURRENCY (default 20) keep-alive connections:
 *
 *   overview, first page      GET /delivery/service/orders                     (page of 20 + the total)
 *   overview, search          … ?search=…  (a barcode id, an order number, a party, the delivery boy)
 *   overview, status filter   … ?status=IN_TRANSIT | DELIVERED | BOOKED
 *   overview, first page with one of the seller's consignments changing before every 10th, then every view
 *                             (PostgreSQL only; the API keeps the counts until a consignment changes)
 *   label PDF                 GET /delivery/v2/orders/{id}/label, one at a time (the render time a user waits)
 *
 * Each row gives the CPU per request of the API process, the PostgreSQL server (from /proc) and this client.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx consignments.ts   # PostgreSQL 15 (the target)
 *   pnpm --filter bench exec tsx consignments.ts                                 # embedded PGlite on disk
 *
 * Targets: overview p95 ≤ 50 ms at 20 concurrent on PostgreSQL; label PDF ≤ 150 ms. BENCH_REQUESTS (default 1,000
 * per overview kind), BENCH_CONSIGNMENTS (default 10,000); BENCH_EXPLAIN=1 only prints the plans of the overview's queries
 * (in this process, after seeding) and stops.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type KyselyPlugin, type QueryId, type RootOperationNode, type UnknownRow } from 'kysely';
import { DELIVERY_PATHS, type ConsignmentList } from 'shared-api';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedDemo } from '../api/src/db/seed';
import type { Caller } from '../api/src/http/access';
import { ConsignmentReader } from '../api/src/modules/deliveries/read';
import { cpuMeter, freePort, httpCall, signInOverHttp, spawnApi, waitForHealth } from './http';
import { percentile } from './search-latency';

const CONSIGNMENTS = Number(process.env.BENCH_CONSIGNMENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const LABELS = Number(process.env.BENCH_LABELS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SELLER = { code: 'STK-MUM-001', mobile: '9800000201' };

const PARTIES = ['Girgaon Nursing Home', 'Crawford Market Chemists', 'Mazgaon Dock Dispensary', 'Byculla Polyclinic', 'Dadar Medical Hall', 'Colaba Health Centre', 'Worli Sea Face Clinic', 'Sion Hospital Pharmacy'];

/** Seeds the consignments of one seller; answers the ids of a few for the labels. */
async function seed(db: Database, now: Date): Promise<{ labelIds: string[]; barcodes: string[] }> {
  const unit = async (code: string) => (await db.selectFrom('units').select('id').where('unit_code', '=', code).executeTakeFirstOrThrow()).id;
  const seller = await unit(SELLER.code);
  const buyer = await unit('RTL-MUM-001');
  const boy = (await db.selectFrom('users').select(['id']).where('mobile', '=', '9800000301').executeTakeFirstOrThrow()).id;
  const rajesh = (await db.selectFrom('users').select(['id']).where('mobile', '=', SELLER.mobile).executeTakeFirstOrThrow()).id;
  const market = (await db.selectFrom('delivery_markets').select('id').where('name', '=', 'Mumbai Metropolitan Region').executeTakeFirstOrThrow()).id;
  const online = Math.round(CONSIGNMENTS * 0.6);
  // g → a time in the last CONSIGNMENTS × 25 minutes, permuted (7919 is prime to 10,000) so kinds and statuses interleave.
  const at = sql`(${now}::timestamptz - ((g * 7919) % ${sql.lit(CONSIGNMENTS)} + 1) * interval '25 minutes')`;
  const status = sql`(ARRAY['DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','DELIVERED','CANCELLED','RETURNED','FAILED','IN_TRANSIT','COLLECTED','ASSIGNED','BOOKED','BOOKED'])[g % 20 + 1]`;
  const carried = sql`${status} NOT IN ('BOOKED', 'CANCELLED')`;
  await sql`INSERT INTO orders (id, order_number, buyer_unit_id, seller_unit_id, status, order_date, item_count, taxable_paise, gst_paise, total_paise, decided_at, created_at)
    SELECT gen_random_uuid(), 'ORD-BENCH-' || lpad(g::text, 6, '0'), ${buyer}, ${seller}, 'ACCEPTED', (${at})::date, 1 + g % 12, 100000 + g, 12000, 112000 + g, ${at}, ${at} - interval '1 hour'
    FROM generate_series(1, ${sql.lit(online)}) g`.execute(db);
  const common = sql`${market}, (${at} AT TIME ZONE 'Asia/Kolkata')::date, 1 + g % 6, 500 + (g % 40) * 750`;
  const columns = sql.raw(`id, barcode_id, kind, direction, owner_unit_id, receiver_unit_id, order_id, market_id, pickup_date, packages, weight_grams,
    from_unit_id, from_unit_code, from_name, from_mobile, from_address_line, from_city, from_pincode, from_latitude, from_longitude,
    to_unit_id, to_unit_code, to_name, to_mobile, to_address_line, to_landmark, to_city, to_pincode, to_latitude, to_longitude,
    distance_km, status, assignee_user_id, vehicle_number, attempts, free_delivery, created_by, created_at, updated_at`);
  // Serials from 500001 on: apart from the demo seed's own consignments.
  const barcode = sql`'MB' || to_char(${at} AT TIME ZONE 'Asia/Kolkata', 'YYMM') || (500000 + g)::text`;
  const carrier = sql`CASE WHEN ${carried} THEN ${boy}::uuid END, CASE WHEN ${carried} THEN 'MH01AB1234' END, CASE WHEN ${status} IN ('IN_TRANSIT','DELIVERED','FAILED','RETURNED') THEN 1 ELSE 0 END, false, ${rajesh}::uuid, ${at}, ${at} + interval '3 hours'`;
  await sql`INSERT INTO consignments (${columns})
    SELECT gen_random_uuid(), ${barcode}, 'ONLINE', NULL, ${seller}, ${buyer}, o.id, ${common},
      ${seller}, 'STK-MUM-001', 'Lohar Chawl Medical Agencies', '9800000201', '32, Lohar Chawl, Kalbadevi', 'Mumbai', '400002', 18.9474, 72.8312,
      ${buyer}, 'RTL-MUM-001', 'Sharma Medical Stores', '9800000002', '7, Gundavali Road, Andheri East', NULL, 'Mumbai', '400069', 19.1136, 72.8697,
      18.9, ${status}, ${carrier}
    FROM generate_series(1, ${sql.lit(online)}) g JOIN orders o ON o.order_number = 'ORD-BENCH-' || lpad(g::text, 6, '0')`.execute(db);
  const party = sql`(${sql.val(PARTIES)}::text[])[g % ${sql.lit(PARTIES.length)} + 1] || ' ' || (g % 30 + 1)`;
  await sql`INSERT INTO consignments (${columns})
    SELECT gen_random_uuid(), ${barcode}, 'OFFLINE', CASE WHEN g % 2 = 0 THEN 'SEND' ELSE 'COLLECT' END, ${seller}, CASE WHEN g % 2 = 1 THEN ${seller}::uuid END, NULL, ${common},
      CASE WHEN g % 2 = 0 THEN ${seller}::uuid END, CASE WHEN g % 2 = 0 THEN 'STK-MUM-001' END, CASE WHEN g % 2 = 0 THEN 'Lohar Chawl Medical Agencies' ELSE ${party} END, '9820011223',
      '88, Jagannath Shankarseth Road', 'Mumbai', '400004', 18.954, 72.8144,
      CASE WHEN g % 2 = 1 THEN ${seller}::uuid END, CASE WHEN g % 2 = 1 THEN 'STK-MUM-001' END, CASE WHEN g % 2 = 1 THEN 'Lohar Chawl Medical Agencies' ELSE ${party} END, '9820011223',
      '32, Lohar Chawl, Kalbadevi', 'Opp. Girgaon Chowpatty', 'Mumbai', '400002', 18.9474, 72.8312,
      2.1, ${status}, ${carrier}
    FROM generate_series(${sql.lit(online + 1)}, ${sql.lit(CONSIGNMENTS)}) g`.execute(db);
  await sql`INSERT INTO consignment_events (id, consignment_id, status, reason, by_user_id, by_name, at)
    SELECT gen_random_uuid(), c.id, 'BOOKED', NULL, ${rajesh}::uuid, 'Rajesh Shah', c.created_at FROM consignments c WHERE c.owner_unit_id = ${seller} AND c.barcode_id LIKE 'MB____5%'
    UNION ALL
    SELECT gen_random_uuid(), c.id, c.status, CASE WHEN c.status IN ('FAILED','RETURNED','CANCELLED') THEN 'Shop closed' END, c.assignee_user_id, 'Vijay More', c.updated_at
    FROM consignments c WHERE c.owner_unit_id = ${seller} AND c.barcode_id LIKE 'MB____5%' AND c.status <> 'BOOKED'`.execute(db);
  await sql`INSERT INTO consignment_images (id, consignment_id, kind, mime_type, size_bytes, content, uploaded_by, uploaded_by_name, created_at)
    SELECT gen_random_uuid(), c.id, 'PARCEL', 'image/png', 8, '\\x89504e470d0a1a0a'::bytea, c.assignee_user_id, 'Vijay More', c.updated_at
    FROM consignments c WHERE c.owner_unit_id = ${seller} AND c.status = 'DELIVERED' AND right(c.barcode_id, 1) IN ('0', '3', '6')`.execute(db);
  // As a running database would be: statistics gathered, the visibility map set (index-only scans).
  await sql`VACUUM ANALYZE`.execute(db);
  const some = await db.selectFrom('consignments').select(['id', 'barcode_id']).where('owner_unit_id', '=', seller).where('barcode_id', 'like', 'MB____5%').orderBy('barcode_id').limit(LABELS).execute();
  return { labelIds: some.map((c) => c.id), barcodes: some.filter((_, i) => i % 17 === 0).map((c) => c.barcode_id) };
}

/** What people type in the overview's search box: scanned barcode ids, order numbers, parties, the delivery boy. */
function searches(barcodes: string[]): string[] {
  return [...barcodes.slice(0, 6), 'ORD-BENCH-0042', '004217', 'crawford', 'Sharma', 'vijay', 'girgaon nursing home 7', 'no such thing', 'dadar'];
}

const STATUSES = ['IN_TRANSIT', 'DELIVERED', 'BOOKED', 'FAILED'];

// ---- EXPLAIN of the overview's queries (BENCH_EXPLAIN=1), run in this process against the seeded database ----

/** Records the SQL the reader sends, so it can be explained with the same parameters. */
class Recorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly db: Database) {}
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  async transformResult(args: { result: { rows: UnknownRow[] } }) {
    return args.result;
  }
}

async function explain(db: Database, barcodes: string[]) {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select(['u.id', 'un.id as unit_id'])
    .where('u.mobile', '=', SELLER.mobile)
    .executeTakeFirstOrThrow();
  const caller: Caller = { userId: u.id, unitId: u.unit_id, unitCode: SELLER.code, customerType: 'STOCKIST', role: 'OWNER', familyId: 'bench', activated: true };
  const config = loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
  for (const query of [{}, { search: barcodes[0]! }, { search: 'vijay' }, { search: 'no such thing' }, { status: 'IN_TRANSIT' as const }]) {
    const recorder = new Recorder(db);
    const reader = new ConsignmentReader(db.withPlugin(recorder) as Database, config);
    // Twice: counting the total, then with the total kept (as every later view until a consignment changes).
    for (let i = 0; i < 2; i++) await reader.list(caller, { page: 0, pageSize: 20, ...query });
    // The statements sent (kysely also hands the plugin each subquery: those are left out).
    for (const q of recorder.queries.filter((q, i, all) => !all.some((other, j) => j !== i && other.sql.length > q.sql.length && other.sql.includes(q.sql)))) {
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [...q.parameters]));
      const runs: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        await db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
        runs.push(performance.now() - t0);
      }
      runs.sort((a, b) => a - b);
      console.log(`\n-- ${JSON.stringify(query)}: median ${percentile(runs, 50).toFixed(2)} ms over 30 runs\n${q.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
}

// ---- HTTP ----

interface Run {
  label: string;
  concurrency: number;
  times: number[];
  apiCpuMs: number;
  /** The PostgreSQL server's and this process's (the client's) CPU per request; null where not measurable. */
  postgresCpuMs: number | null;
  clientCpuMs: number;
  note: string;
}

/** `total` GETs, `concurrency` at a time, each URL from `url(i)`; the round trip of each, sorted, and the API's CPU per request. */
async function drive(
  port: number,
  agent: Agent,
  apiPid: number,
  token: string,
  label: string,
  total: number,
  concurrency: number,
  url: (i: number) => string,
  check: (body: Buffer) => string,
  /** Runs (and is awaited) before request i is sent: a write the request must see. Its time is not the request's. */
  before?: (i: number) => Promise<void>,
): Promise<Run> {
  const times: number[] = [];
  const notes = new Set<string>();
  let next = 0;
  const cpu = cpuMeter(apiPid);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await before?.(i);
        const t0 = performance.now();
        const res = await httpCall(port, agent, 'GET', url(i), { token });
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.body.toString().slice(0, 300)}`);
        notes.add(check(res.body));
      }
    }),
  );
  times.sort((a, b) => a - b);
  const { apiMs, postgresMs, clientMs } = cpu.perRequest(total);
  return {
    label,
    concurrency,
    times,
    apiCpuMs: apiMs,
    postgresCpuMs: postgresMs,
    clientCpuMs: clientMs,
    note: [...notes].slice(0, 3).join('; '),
  };
}

const query = (params: Record<string, string>) => `${DELIVERY_PATHS.consignments}?${new URLSearchParams(params).toString()}`;
const listNote = (body: Buffer) => {
  const list = (JSON.parse(body.toString()) as { body: ConsignmentList }).body;
  return `${list.items.length} rows of ${list.totalResults}`;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = databaseUrl ? 'memory' : mkdtempSync(path.join(tmpdir(), 'medico-bench-consignments-'));
  const now = new Date();
  const db = await openDatabase({ databaseUrl, pgliteDataDir: dataDir });
  await migrate(db);
  await seedDemo(db, now);
  const t0 = performance.now();
  const { labelIds, barcodes } = await seed(db, now);
  console.log(`${databaseUrl ? 'PostgreSQL server' : 'PGlite on disk'}: ${CONSIGNMENTS} consignments for ${SELLER.code} seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_EXPLAIN) {
    await explain(db, barcodes);
    await db.destroy();
    return;
  }
  // The embedded database is opened by one process at a time: the server's, while it runs.
  await db.destroy();

  const port = await freePort();
  const api = spawnApi(port, { PGLITE_DATA_DIR: dataDir });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Open for the whole run: a PostgreSQL backend that ends takes its CPU time out of postgresCpuSeconds().
  const writer = databaseUrl ? await openDatabase({ databaseUrl, pgliteDataDir: 'memory' }) : null;
  const runs: Run[] = [];
  try {
    await waitForHealth(port);
    const token = await signInOverHttp(port, SELLER.mobile);
    const terms = searches(barcodes);
    const kinds: [string, (i: number) => string][] = [
      ['overview, first page', () => DELIVERY_PATHS.consignments],
      ['overview, search', (i) => query({ search: terms[i % terms.length]! })],
      ['overview, status filter', (i) => query({ status: STATUSES[i % STATUSES.length]! })],
    ];
    const pid = api.pid!;
    // Warm-up, as a running server would be: JIT, the connection pool, PostgreSQL's buffers.
    for (const [label, url] of kinds) await drive(port, agent, pid, token, label, 200, CONCURRENCY, url, listNote);
    await drive(port, agent, pid, token, 'label', 20, 1, (i) => DELIVERY_PATHS.label(labelIds[i % labelIds.length]!), () => '');
    for (const [label, url] of kinds) runs.push(await drive(port, agent, pid, token, label, REQUESTS, CONCURRENCY, url, listNote));
    // The counts are kept until one of the seller's consignments changes: the first page again with an IN_TRANSIT
    // one turning FAILED and back (through this process's own connection, as another API process would) before
    // every 10th view, then before every view (each view then counts afresh). PostgreSQL only: PGlite has one opener.
    if (writer) {
      const moving = (await writer.selectFrom('consignments').select('id').where('status', '=', 'IN_TRANSIT').where('barcode_id', 'like', 'MB____5%').executeTakeFirstOrThrow()).id;
      let moves = 0;
      for (const every of [10, 1]) {
        const move = async (i: number) => {
          if (i % every === 0) await writer.updateTable('consignments').set({ status: moves++ % 2 ? 'IN_TRANSIT' : 'FAILED' }).where('id', '=', moving).execute();
        };
        const label = `overview, first page, a consignment moves before ${every === 1 ? 'every view' : `every ${every}th view`}`;
        runs.push(await drive(port, agent, pid, token, label, REQUESTS, CONCURRENCY, () => DELIVERY_PATHS.consignments, listNote, move));
      }
    }
    const pdfNote = (body: Buffer) => (body.subarray(0, 5).toString() === '%PDF-' ? `PDF ~${(body.length / 1024).toFixed(1)} KiB` : 'not a PDF');
    runs.push(await drive(port, agent, pid, token, 'label PDF (100 × 150 mm)', LABELS, 1, (i) => DELIVERY_PATHS.label(labelIds[i % labelIds.length]!), pdfNote));
    runs.push(await drive(port, agent, pid, token, 'label PDF (100 × 150 mm)', LABELS, CONCURRENCY, (i) => DELIVERY_PATHS.label(labelIds[(i * 7) % labelIds.length]!), pdfNote));
    runs.push(await drive(port, agent, pid, token, 'overview, first page', 200, 1, () => DELIVERY_PATHS.consignments, listNote));
  } finally {
    await writer?.destroy();
    agent.destroy();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });

  console.log(`\n| database | call | concurrent | requests | p50 | p95 | p99 | CPU / request: API, PostgreSQL, client | answers |\n|---|---|---|---|---|---|---|---|---|`);
  for (const r of runs) {
    const pgCpu = r.postgresCpuMs === null ? '–' : `${r.postgresCpuMs.toFixed(2)} ms`;
    console.log(
      `| ${databaseUrl ? 'PostgreSQL' : 'PGlite on disk'} | ${r.label} | ${r.concurrency} | ${r.times.length} | ${percentile(r.times, 50).toFixed(1)} ms | **${percentile(r.times, 95).toFixed(1)} ms** | ${percentile(r.times, 99).toFixed(1)} ms | ${r.apiCpuMs.toFixed(2)}, ${pgCpu}, ${r.clientCpuMs.toFixed(2)} ms | ${r.note} |`,
    );
  }
  console.log(`\nuptime: ${execSync('uptime').toString().trim()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
