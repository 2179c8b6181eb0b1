/*
 * Recalls (issue 35) on the search benchmark's marketplace (bench/marketplace-seed.ts: 1,000 sellers, 1,000,000
 * batches), through the real app (`app.inject`, and a listening socket for the live channel):
 *   (a) raising a recall whose batch 500 units hold (499 sellers + one open retailer), RAISES times, each of a
 *       different product and batch number: the request's time (one transaction locking 500 batches, quarantine
 *       movements, parties, 500 notifications);
 *   (b) from the raise's answer until the retailer's open live channel (GET /notifications/live, SSE) hears
 *       `notifications`;
 *   (c) RECALL_PATHS.trace as a holder (a seller and the retailer) and RECALL_PATHS.network as staff, p95;
 *   (d) a 1,000-row regulator list (CSV, 1,000 products of the marketplace by name and manufacturer with one of
 *       their batch numbers each): RECALL_IMPORT_PATHS preview, then confirm (1,000 recalls, each its own transaction).
 * The marketplace has no product 500 sellers hold (20 sellers per product), so the benchmark adds one batch of each
 * raised product to 500 units first, then their sales history (bench/recall-history.ts: invoices to 3–10 buyers per
 * holder, counter sales to parties and walk-ins, unrelated invoice lines), so raises tell downstream buyers and
 * traces have forward rows. A second open channel is a downstream buyer's (a retailer holding none of the batches).
 * BENCH_EXPLAIN=1 prints the plan of a raise's buyers lookup on that history.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx recalls.ts       # PostgreSQL, full scale
 *   BENCH_SCALE=0.2 node scripts/with-postgres.mjs pnpm --filter bench exec tsx recalls.ts
 */
import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { batchKey, NOTIFICATION_PATHS, RECALL_IMPORT_PATHS, RECALL_PATHS, SseParser, type Recall, type RecallImport, type RecallTrace } from 'shared-api';
import { addStaffIn } from '../api/src/modules/staff/service';
import { BENCH_BUYERS } from './marketplace-seed';
import { seedRecallHistory } from './recall-history';
import { openBenchApi, percentile, signIn } from './search-latency';

const RAISES = Number(process.env.BENCH_RAISES ?? 8);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 500);
const TRACES = Number(process.env.BENCH_TRACES ?? 40);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
/** Unrelated invoice lines of the history at full scale (scaled with BENCH_SCALE). */
const HISTORY_LINES = Number(process.env.BENCH_HISTORY_LINES ?? 500_000);
const STAFF = '9800000090';
const HOLDER_SELLER_MOBILE = '9600000001';

const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (n=${s.length})`;
};

async function main() {
  const { db, app, scale, seeded } = await openBenchApi();
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify(seeded)}`);
  const now = new Date();
  const holders = Math.min(HOLDERS, scale.sellers + 1);
  await addStaffIn(db, STAFF, 'Bench Staff', now);

  // The open buyer: a retailer that holds each raised batch too, so the raise tells it.
  const buyer = BENCH_BUYERS[0]!;
  const buyerUnit = await db.selectFrom('units').innerJoin('warehouses', 'warehouses.unit_id', 'units.id').select(['units.id as unitId', 'warehouses.id as warehouseId']).where('unit_code', '=', buyer.unitCode).executeTakeFirstOrThrow();
  // The downstream buyer: a retailer holding none of the raised batches that seller 1 invoiced each of them.
  const downstream = BENCH_BUYERS[1]!;
  const downstreamUnitId = (await db.selectFrom('units').select('id').where('unit_code', '=', downstream.unitCode).executeTakeFirstOrThrow()).id;
  // Seller 1 signs in to read its own trace.
  const seller1 = (await sql<{ unit_id: string; warehouse_id: string }>`SELECT unit_id, warehouse_id FROM bench_sellers WHERE n = 1`.execute(db)).rows[0]!;
  await db.insertInto('users').values({ id: crypto.randomUUID(), unit_id: seller1.unit_id, role: 'OWNER', first_name: 'Bench', mobile: HOLDER_SELLER_MOBILE, active_warehouse_id: seller1.warehouse_id, created_at: now }).execute();

  // RAISES products spread over the catalogue, each given batch "RCB-<k>" at sellers 1..holders-1 and at the retailer.
  const started = performance.now();
  const products: { productId: string; batchNo: string }[] = [];
  for (let k = 0; k < RAISES; k++) {
    const n = 1 + Math.floor(((k + 0.5) * scale.products) / RAISES);
    const productId = (await sql<{ product_id: string }>`SELECT product_id FROM bench_products WHERE n = ${n}`.execute(db)).rows[0]!.product_id;
    const batchNo = `RCB-${k + 1}`;
    await sql`INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, quantity, reserved, created_at, updated_at)
      SELECT gen_random_uuid(), unit_id, warehouse_id, ${productId}, ${batchNo}, ${'2028-06-30'}, 5000, 4000, 20 + n % 100, 0, ${now}, ${now}
      FROM (SELECT unit_id, warehouse_id, n FROM bench_sellers WHERE n < ${holders}
            UNION ALL SELECT ${buyerUnit.unitId}::uuid, ${buyerUnit.warehouseId}::uuid, 0) h`.execute(db);
    products.push({ productId, batchNo });
  }
  await sql`ANALYZE inventory_batches`.execute(db);
  console.log(`added ${RAISES} × ${holders} holder batches in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const history = await seedRecallHistory(db, { batchNos: products.map((p) => p.batchNo), mustBuy: downstreamUnitId, unrelatedLines: Math.round(HISTORY_LINES * (scale.batches / 1_000_000)), now });
  console.log(`history: ${JSON.stringify(history)}`);

  const staff = await signIn(app, STAFF);
  const buyerToken = await signIn(app, buyer.mobile);
  const sellerToken = await signIn(app, HOLDER_SELLER_MOBILE);
  const downstreamToken = await signIn(app, downstream.mobile);
  const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json().body;
  };

  // The retailer's live channel, on a real socket.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // Two open channels: the holding retailer's and the downstream buyer's (told from seller 1's invoices).
  const heard: [(() => void) | null, (() => void) | null] = [null, null];
  const streams: { destroy: () => void }[] = [];
  for (const [i, token] of [buyerToken, downstreamToken].entries()) {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: NOTIFICATION_PATHS.live, agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live stream: HTTP ${res.statusCode}`));
        const parser = new SseParser((event) => {
          if (event === 'ready') resolve();
          if (event === 'notifications') heard[i]?.();
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => parser.push(chunk));
      });
      req.on('error', reject);
      req.end();
      streams.push(req);
    });
  }

  // (a) + (b)
  const raiseMs: number[] = [];
  const liveMs: number[] = [];
  const liveBuyerMs: number[] = [];
  const recalls: Recall[] = [];
  for (const [k, p] of products.entries()) {
    const listening = new Promise<number>((resolve) => (heard[0] = () => resolve(performance.now())));
    const listeningBuyer = new Promise<number>((resolve) => (heard[1] = () => resolve(performance.now())));
    const t0 = performance.now();
    const recall = (await inject('POST', RECALL_PATHS.list, staff, {
      productId: p.productId,
      batchNos: [p.batchNo.toLowerCase().replace('-', ' ')],
      reason: 'NSQ',
      action: 'QUARANTINE',
      source: { noticeNumber: `CDSCO/NSQ/BENCH/${k + 1}`, noticeDate: now.toISOString().slice(0, 10), letterDocumentId: null },
    })) as Recall;
    const answered = performance.now();
    raiseMs.push(answered - t0);
    const within = (p: Promise<number>) => Promise.race([p, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 10_000))]);
    const [at, atBuyer] = await Promise.all([within(listening), within(listeningBuyer)]);
    heard[0] = heard[1] = null;
    liveMs.push(Math.max(0, at - answered));
    liveBuyerMs.push(Math.max(0, atBuyer - answered));
    recalls.push(recall);
    const heardWords = (t: number) => (Number.isNaN(t) ? 'NOT within 10 s' : `${(t - answered).toFixed(0)} ms after the answer`);
    console.log(`raise ${k + 1}: ${(answered - t0).toFixed(0)} ms, holders ${recall.counts.holders}, buyers ${recall.counts.buyers}, quarantined ${recall.counts.quarantined}; live: holder heard ${heardWords(at)}, downstream buyer heard ${heardWords(atBuyer)}`);
  }

  // The buyers lookup of a raise (RecallsService.raise step 5) on this history, for the record (BENCH_EXPLAIN=1).
  if (process.env.BENCH_EXPLAIN) {
    const last = products[products.length - 1]!;
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
      SELECT i.buyer_unit_id, i.invoice_number, l.batch_no, sum(l.quantity + l.free_quantity)::int AS units
      FROM sales_invoice_lines l JOIN sales_invoices i ON i.id = l.invoice_id
      WHERE l.product_id = ${last.productId} AND (recall_batch_key(l.batch_no) = ANY(${[batchKey(last.batchNo)]}::text[]) OR l.expiry_date <= ${null}::date)
        AND i.buyer_unit_id IS NOT NULL AND i.invoice_date >= (current_date - interval '6 months')::date
        AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_type = 'SALES_INVOICE' AND dc.document_id = i.id)
      GROUP BY i.buyer_unit_id, i.invoice_number, l.batch_no, i.invoice_date`.execute(db);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }

  // (c)
  const traceSeller: number[] = [];
  const traceBuyer: number[] = [];
  let forward = { sold: 0, walkIn: 0 };
  const network: number[] = [];
  for (let i = 0; i < TRACES; i++) {
    const recall = recalls[i % recalls.length]!;
    let t0 = performance.now();
    const trace = (await inject('GET', RECALL_PATHS.trace(recall.id), sellerToken)) as RecallTrace;
    traceSeller.push(performance.now() - t0);
    forward = { sold: trace.sold.length, walkIn: trace.walkIn.sales };
    t0 = performance.now();
    await inject('GET', RECALL_PATHS.trace(recall.id), buyerToken);
    traceBuyer.push(performance.now() - t0);
    t0 = performance.now();
    await inject('GET', RECALL_PATHS.network(recall.id), staff);
    network.push(performance.now() - t0);
  }

  console.log(`(a) raise ${stats(raiseMs)}; (b) live holder ${stats(liveMs)}, downstream buyer ${stats(liveBuyerMs)}; (c) trace seller ${stats(traceSeller)}, trace retailer ${stats(traceBuyer)}, network ${stats(network)}`);

  // (d) 1,000 products by name and manufacturer, one of their batches each; names unique in the master.
  const { rows } = await sql<{ name: string; manufacturer: string; batch_no: string }>`
    SELECT name, manufacturer, (SELECT b.batch_no FROM inventory_batches b WHERE b.product_id = u.id ORDER BY b.batch_no LIMIT 1) AS batch_no
    FROM (SELECT p.id, p.name, p.manufacturer, bp.n, count(*) OVER (PARTITION BY p.name) AS same
          FROM bench_products bp JOIN products p ON p.id = bp.product_id) u
    WHERE same = 1 AND n % 7 = 3
    ORDER BY n LIMIT ${IMPORT_ROWS}`.execute(db);
  const csv = ['Product name,Manufacturer,Batch No.,Reason', ...rows.map((r) => `"${r.name}","${r.manufacturer}",${r.batch_no},Not of standard quality`)].join('\n');
  const boundary = '----medicoBenchBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nsq-list.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: RECALL_IMPORT_PATHS.imports, headers: { authorization: `Bearer ${staff}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  if (res.statusCode !== 200) throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const preview = res.json().body as RecallImport;
  const previewMs = performance.now() - t0;
  const picks = preview.rows.filter((r) => r.match === 'AMBIGUOUS').map((r) => ({ rowNumber: r.rowNumber, productId: r.candidates[0]!.productId }));
  t0 = performance.now();
  const confirmed = (await inject('POST', RECALL_IMPORT_PATHS.confirm(preview.importId), staff, { picks, noticeNumber: 'CDSCO/NSQ/BENCH/LIST', noticeDate: now.toISOString().slice(0, 10) })) as RecallImport;
  const confirmMs = performance.now() - t0;

  console.log('\n| measure | figure | target |');
  console.log('|---|---|---|');
  const buyersTold = recalls.map((r) => r.counts.buyers);
  console.log(`| (a) raise, ${holders} holders, ${Math.min(...buyersTold)}–${Math.max(...buyersTold)} buyers told, ${RAISES} recalls | ${stats(raiseMs)} | p95 ≤ 2 s |`);
  console.log(`| (b) raise's answer → the holding retailer's live channel hears it | ${stats(liveMs)} | ≤ 1 s |`);
  console.log(`| (b) raise's answer → a downstream buyer's live channel hears it | ${stats(liveBuyerMs)} | ≤ 1 s |`);
  console.log(`| (c) trace as a seller holding the batch (${forward.sold} forward rows, ${forward.walkIn} walk-in sales) | ${stats(traceSeller)} | p95 ≤ 300 ms |`);
  console.log(`| (c) trace as the retailer holding it | ${stats(traceBuyer)} | p95 ≤ 300 ms |`);
  console.log(`| (c) network view as staff (${holders} holders) | ${stats(network)} | p95 ≤ 300 ms |`);
  console.log(`| (d) import ${rows.length} rows: preview (${preview.rows.length} matched, ${preview.ambiguousRows} ambiguous, ${preview.rejectedRows} rejected) | ${previewMs.toFixed(0)} ms | |`);
  console.log(`| (d) import confirm (${confirmed.result?.recallsRaised} recalls raised, ${confirmed.result?.recallsFailed} failed) | ${confirmMs.toFixed(0)} ms; preview + confirm ${((previewMs + confirmMs) / 1000).toFixed(1)} s | ≤ 10 s |`);
  for (const s of streams) s.destroy();
  await app.close();
  await db.destroy();
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
