/*
 * Sales invoices (issue 13): one seller issues 10,000 tax invoices of 10 lines each from accepted orders, 20 at a
 * time, through the real app (`app.inject`: routing, auth, validation, the service's one transaction with the order
 * lock, GST pricing, the gap-free counter, the sales voucher and its commit-time balance check, serialisation).
 * Then, with those 10,000 invoices (100,000 lines) in the books, 20 concurrent clients fetch invoice PDFs and the
 * sales register of the month (a page of 50 plus the month's totals), and the HSN summary of the month.
 * The invoices are issued month by month over BENCH_MONTHS months of one financial year (default 10: April to
 * January, 1,000 a month); BENCH_MONTHS=1 puts all 10,000 in one month (the heaviest register).
 * Afterwards the books are checked: serials 1…N without a gap, every voucher balanced, debits = credits.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx invoice.ts     # PostgreSQL 15
 *   BENCH_INVOICES=1000 pnpm --filter bench exec tsx invoice.ts                # embedded PGlite
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, gstinCheckChar } from 'shared-api';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { istDate } from '../api/src/modules/search/text';
import { drive, expectOk, percentile, signIn, type Result } from './search-latency';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const LINES = 10;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const READS = Number(process.env.BENCH_READS ?? 1_000);
const BUYERS = 100;
const PRODUCTS = 300;
const SELLER_MOBILE = '9811100001';
const MONTHS = Number(process.env.BENCH_MONTHS ?? 10);
/** Mid-month, 11:30 IST, from April 2026. */
const monthTime = (k: number) => new Date(Date.UTC(2026, 3 + k, 15, 6));

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const pan = (i: number) => `AAAF${String.fromCharCode(65 + (i % 26))}${String(1000 + i).slice(-4)}L`;

/** One seller with 300 products, 100 buyers (70 in its state, 30 in Karnataka), and INVOICES accepted orders of 10 lines. */
async function seed(db: Database, now: Date): Promise<{ orderIds: string[] }> {
  const seller = randomUUID();
  const warehouse = randomUUID();
  await db.insertInto('units').values({ id: seller, unit_code: 'STK-BENCH-001', trade_name: 'Bench Pharma Distributors', customer_type: 'STOCKIST', activated: true, address_line: '1, Market Yard', city: 'Pune', state: 'Maharashtra', pincode: '411037', created_at: now }).execute();
  await db.insertInto('warehouses').values({ id: warehouse, unit_id: seller, display_name: 'Pune Main', city: 'Pune', created_at: now }).execute();
  const owner = randomUUID();
  await db.insertInto('users').values({ id: owner, unit_id: seller, role: 'OWNER', first_name: 'Bench', mobile: SELLER_MOBILE, active_warehouse_id: warehouse, created_at: now }).execute();
  const registration = (unitId: string, userId: string | null, i: number, state: string, stateCode: string) => ({
    id: randomUUID(), mobile: `97${String(i).padStart(8, '0')}`, token_hash: randomUUID(), status: 'APPROVED' as const, step: 4, state,
    gstin: gstin(stateCode, pan(i)), pan: pan(i), drug_licence_1: `MH-PZ1-20B-${100000 + i}`, drug_licence_2: `MH-PZ1-21B-${100000 + i}`,
    unit_id: unitId, user_id: userId, created_at: now, updated_at: now,
  });
  await db.insertInto('registrations').values(registration(seller, owner, 0, 'Maharashtra', '27')).execute();

  const buyers: string[] = [];
  for (let i = 1; i <= BUYERS; i++) {
    const id = randomUUID();
    const [state, code, city] = i % 10 < 7 ? ['Maharashtra', '27', 'Mumbai'] : ['Karnataka', '29', 'Bengaluru'];
    await db.insertInto('units').values({ id, unit_code: `RTL-BENCH-${String(i).padStart(3, '0')}`, trade_name: `Bench Chemist ${i}`, customer_type: 'RETAILER', activated: true, address_line: `${i}, Main Road`, city, state, pincode: '400001', created_at: now }).execute();
    await db.insertInto('registrations').values(registration(id, null, i, state, code)).execute();
    buyers.push(id);
  }

  await sql`INSERT INTO hsn_gst_rates (hsn, effective_from, rate_bp) VALUES ('3004', '2017-07-01', 1200), ('3004', '2025-09-22', 500), ('3306', '2017-07-01', 1800)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO products (id, name, manufacturer, pack, hsn, match_key, created_at)
    SELECT gen_random_uuid(), 'Bench Medicine ' || i, 'Bench Labs', '10 Tab', CASE WHEN i % 10 = 0 THEN '33061020' ELSE '30049099' END, 'bench|' || i, ${now}
    FROM generate_series(1, ${PRODUCTS}) i`.execute(db);
  await sql`INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, quantity, created_at, updated_at)
    SELECT gen_random_uuid(), ${seller}, ${warehouse}, p.id, 'B-' || substr(p.id::text, 1, 6), '2028-06-30', 5000 + (hashtext(p.id::text) & 16383), 4000 + (hashtext(p.id::text) & 8191), 1000000, ${now}, ${now}
    FROM products p WHERE p.match_key LIKE 'bench|%'`.execute(db);

  // Orders already accepted: 10 lines each, one batch per line, some with free units.
  await sql`
    INSERT INTO orders (id, order_number, buyer_unit_id, seller_unit_id, status, order_date, item_count, taxable_paise, gst_paise, total_paise, decided_at, created_at)
    SELECT gen_random_uuid(), 'ORD-BENCH-' || lpad(n::text, 6, '0'), (${buyers}::uuid[])[1 + n % ${BUYERS}], ${seller}, 'ACCEPTED', ${istDate(now)}::date, ${LINES}, 0, 0, 0, ${now}, ${now}
    FROM generate_series(1, ${INVOICES}) n`.execute(db);
  await sql`
    WITH numbered AS (SELECT id, substr(order_number, 11)::int AS n FROM orders WHERE seller_unit_id = ${seller}),
         catalogue AS (SELECT array_agg(p.id ORDER BY p.match_key) AS ids FROM products p WHERE p.match_key LIKE 'bench|%')
    INSERT INTO order_lines (id, order_id, product_id, product_name, manufacturer, pack, hsn, quantity, free_quantity, ptr_paise, mrp_paise, gst_rate_bp, taxable_paise, gst_paise, total_paise, position)
    SELECT gen_random_uuid(), o.id, p.id, p.name, p.manufacturer, p.pack, p.hsn, 1 + (o.n + k) % 24, CASE WHEN k % 4 = 0 THEN 1 ELSE 0 END, b.ptr_paise, b.mrp_paise, 0, 0, 0, 0, k
    FROM numbered o CROSS JOIN generate_series(0, ${LINES - 1}) k CROSS JOIN catalogue c
    JOIN products p ON p.id = c.ids[1 + (o.n * 7 + k * 29) % ${PRODUCTS}]
    JOIN inventory_batches b ON b.product_id = p.id AND b.unit_id = ${seller}`.execute(db);
  await sql`
    INSERT INTO order_allocations (id, order_line_id, batch_id, quantity, status, created_at)
    SELECT gen_random_uuid(), l.id, b.id, l.quantity + l.free_quantity, 'ACCEPTED', ${now}
    FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN inventory_batches b ON b.product_id = l.product_id AND b.unit_id = o.seller_unit_id
    WHERE o.seller_unit_id = ${seller}`.execute(db);
  // As autovacuum would on a running server: the tables the seed filled, analysed. Not the whole database: a vacuum of
  // a table still empty (the invoices, bills, vouchers) records it as empty, and the planner then plans every
  // foreign-key check into it as a scan of the whole table, for as long as a connection keeps that plan (found with
  // pg_stat_statements: 0.15 ms a check by the 4,000th invoice against 0.002 ms by index).
  if (process.env.DATABASE_URL) await sql`VACUUM ANALYZE units, registrations, products, inventory_batches, orders, order_lines, order_allocations, hsn_gst_rates`.execute(db);
  const orders = await db.selectFrom('orders').select('id').where('seller_unit_id', '=', seller).orderBy('order_number').execute();
  return { orderIds: orders.map((o) => o.id) };
}

async function main() {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory' });
  await migrate(db);
  let clock = monthTime(0);
  const seedStarted = performance.now();
  const { orderIds } = await seed(db, clock);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', MEDICO_TEST_ROUTES: '1' }),
    now: () => clock,
  };
  const app: FastifyInstance = await buildApp(config, { db });

  // Month by month: the clock stands still within a month (the invoice date), a new sign-in each month.
  let invoiceIds: string[] = [];
  let auth = {};
  const phases: Result[] = [];
  const perMonth = Math.ceil(orderIds.length / MONTHS);
  for (let k = 0; k < MONTHS; k++) {
    clock = monthTime(k);
    auth = { authorization: `Bearer ${await signIn(app, SELLER_MOBILE)}` };
    const orders = orderIds.slice(k * perMonth, (k + 1) * perMonth);
    invoiceIds = [];
    phases.push(
      await drive('invoice from order', orders.length, CONCURRENCY, async (i) => {
        const res = await app.inject({ method: 'POST', url: ACCOUNTING_PATHS.invoiceFromOrder(orders[i]!), headers: auth });
        expectOk(res, 'invoice');
        invoiceIds.push(res.json().body.invoiceId as string);
      }),
    );
  }
  // Month by month, so a slowdown as the books grow shows.
  for (const [k, p] of phases.entries()) console.log(`month ${k + 1}: ${p.times.length} invoices, p95 ${percentile(p.times, 95).toFixed(1)} ms, ${(p.times.length / p.seconds).toFixed(0)} a second`);
  const issue: Result = {
    label: 'invoice from order',
    times: phases.flatMap((p) => p.times).sort((a, b) => a - b),
    concurrency: CONCURRENCY,
    seconds: phases.reduce((s, p) => s + p.seconds, 0),
    cpuMs: phases.reduce((s, p) => s + p.cpuMs * p.times.length, 0) / orderIds.length,
  };
  // The reads are about the last month (invoiceIds: its invoices).
  const month = istDate(clock).slice(0, 7);
  // As autovacuum would have by then on a running server (index-only scans need the visibility map).
  if (process.env.DATABASE_URL) await sql`VACUUM ANALYZE sales_invoices, sales_invoice_lines, vouchers, voucher_lines`.execute(db);
  const pick = (i: number) => invoiceIds[(i * 7919) % invoiceIds.length]!;
  // Warm-up: the PDF fonts and the query plans, as a running server has them.
  for (let i = 0; i < 20; i++) {
    await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.salesInvoicePdf(pick(i)), headers: auth });
    await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.salesRegister, query: { month, page: String(i) }, headers: auth });
  }
  const pdf = await drive('invoice PDF (A4)', READS, CONCURRENCY, async (i) => {
    const res = await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.salesInvoicePdf(pick(i)), headers: auth });
    expectOk(res, 'pdf');
  });
  const pages = Math.ceil(invoiceIds.length / 50);
  const register = await drive(`sales register (month of ${invoiceIds.length}, page of 50)`, READS, CONCURRENCY, async (i) => {
    const res = await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.salesRegister, query: { month, page: String((i * 37) % pages), pageSize: '50' }, headers: auth });
    expectOk(res, 'register');
  });
  const hsn = await drive(`HSN summary (month of ${invoiceIds.length})`, Math.min(READS, 200), CONCURRENCY, async () => {
    const res = await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.hsnSummary, query: { month }, headers: auth });
    expectOk(res, 'hsn');
  });

  if (process.env.BENCH_EXPLAIN) {
    const from = `${month}-01`;
    for (const q of [
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*), sum(taxable_paise), sum(cgst_paise), sum(total_paise) FROM sales_invoices i WHERE i.unit_id = (SELECT unit_id FROM sales_invoices LIMIT 1) AND invoice_date >= ${from}::date AND invoice_date <= ${from}::date + 31`,
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT i.*, o.order_number FROM (SELECT id, invoice_date, serial FROM sales_invoices i WHERE i.unit_id = (SELECT unit_id FROM sales_invoices LIMIT 1) AND invoice_date >= ${from}::date ORDER BY invoice_date, serial OFFSET 5000 LIMIT 50) p JOIN sales_invoices i ON i.id = p.id LEFT JOIN orders o ON o.id = i.order_id`,
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT l.hsn, l.gst_rate_bp, sum(l.taxable_paise) FROM sales_invoices i JOIN sales_invoice_lines l ON l.invoice_id = i.id WHERE i.unit_id = (SELECT unit_id FROM sales_invoices LIMIT 1) AND invoice_date >= ${from}::date GROUP BY 1, 2`,
    ]) {
      const { rows: plan } = await q.execute(db);
      console.log((plan as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
    }
  }

  const { rows } = await sql<{ invoices: number; first: number; last: number; distinct_serials: number; unbalanced: number; debit: number; credit: number }>`
    SELECT count(*)::int AS invoices, min(serial) AS first, max(serial) AS last, count(DISTINCT serial)::int AS distinct_serials,
      (SELECT count(*)::int FROM (SELECT voucher_id FROM voucher_lines GROUP BY voucher_id HAVING sum(debit_paise) <> sum(credit_paise)) x) AS unbalanced,
      (SELECT sum(debit_paise)::bigint FROM voucher_lines) AS debit, (SELECT sum(credit_paise)::bigint FROM voucher_lines) AS credit
    FROM sales_invoices`.execute(db);
  const books = rows[0]!;

  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}: ${INVOICES} invoices × ${LINES} lines, one seller, over ${MONTHS} month(s), seeded in ${seedSeconds.toFixed(1)} s`);
  console.log('| what | requests | concurrency | p50 ms | p95 ms | p99 ms | max ms | per second | API CPU ms/request |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of [issue, pdf, register, hsn]) {
    const f = (p: number) => percentile(r.times, p).toFixed(1);
    console.log(`| ${r.label} | ${r.times.length} | ${CONCURRENCY} | ${f(50)} | ${f(95)} | ${f(99)} | ${r.times[r.times.length - 1]!.toFixed(1)} | ${(r.times.length / r.seconds).toFixed(0)} | ${r.cpuMs.toFixed(1)} |`);
  }
  console.log(
    `books: ${books.invoices} invoices, serials ${books.first}…${books.last} (${books.distinct_serials} distinct, ${books.last - books.first + 1 - books.invoices} gaps), ` +
      `${books.unbalanced} unbalanced vouchers, debits ${books.debit} = credits ${books.credit}: ${books.debit === books.credit ? 'yes' : 'NO'}`,
  );
  await app.close();
  await db.destroy();
}

void main();
