/*
 * E-invoices (issue 34), with the local portal adapter (LocalIrp: schema check, IRN hash, RS256-signed QR and
 * invoice, as the portal answers; no network):
 *  1. What registering adds to issuing an invoice: BENCH_INVOICES invoices (5 lines, B2B) issued one at a time
 *     through the real app (`app.inject`), e-invoicing switched on and off in turn (so drift hits both alike); the
 *     p50/p95 of each and the difference (target: ≤ 20 ms p95 added).
 *  2. The queue after an outage: BENCH_PENDING invoices issued while the portal is down (each left PENDING), the
 *     portal back and their back-off over, then the loop's tick registers them all (target: within a minute).
 *
 *   pnpm --filter bench exec tsx e-invoice.ts                                          # embedded PGlite
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx e-invoice.ts         # PostgreSQL 15
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, EINVOICE_PATHS, gstinCheckChar } from 'shared-api';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { LocalIrp } from '../api/src/modules/e-invoices/irp';
import { EInvoicesService } from '../api/src/modules/e-invoices/service';
import { istDate } from '../api/src/modules/search/text';
import { expectOk, percentile, signIn } from './search-latency';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 400);
const PENDING = Number(process.env.BENCH_PENDING ?? 1_000);
const LINES = 5;
const BUYERS = 20;
const PRODUCTS = 100;
const SELLER_MOBILE = '9811100002';

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const pan = (i: number) => `AAAF${String.fromCharCode(65 + (i % 26))}${String(1000 + i).slice(-4)}L`;

/** One seller (Pune, GSTIN), BUYERS registered buyers (Mumbai and Bengaluru), `orders` accepted orders of LINES lines. */
async function seed(db: Database, now: Date, orders: number): Promise<string[]> {
  const seller = randomUUID();
  const warehouse = randomUUID();
  await db.insertInto('units').values({ id: seller, unit_code: 'STK-EINV-001', trade_name: 'Bench E-invoice Distributors', customer_type: 'STOCKIST', activated: true, address_line: '1, Market Yard', city: 'Pune', state: 'Maharashtra', pincode: '411037', created_at: now }).execute();
  await db.insertInto('warehouses').values({ id: warehouse, unit_id: seller, display_name: 'Pune Main', city: 'Pune', created_at: now }).execute();
  const owner = randomUUID();
  await db.insertInto('users').values({ id: owner, unit_id: seller, role: 'OWNER', first_name: 'Bench', mobile: SELLER_MOBILE, active_warehouse_id: warehouse, created_at: now }).execute();
  const registration = (unitId: string, userId: string | null, i: number, state: string, stateCode: string) => ({
    id: randomUUID(), mobile: `96${String(i).padStart(8, '0')}`, token_hash: randomUUID(), status: 'APPROVED' as const, step: 4, state,
    gstin: gstin(stateCode, pan(i)), pan: pan(i), drug_licence_1: `MH-PZ1-20B-${100000 + i}`, drug_licence_2: `MH-PZ1-21B-${100000 + i}`,
    unit_id: unitId, user_id: userId, created_at: now, updated_at: now,
  });
  await db.insertInto('registrations').values(registration(seller, owner, 0, 'Maharashtra', '27')).execute();
  const buyers: string[] = [];
  for (let i = 1; i <= BUYERS; i++) {
    const id = randomUUID();
    const [state, code, city, pin] = i % 4 ? ['Maharashtra', '27', 'Mumbai', '400002'] : ['Karnataka', '29', 'Bengaluru', '560001'];
    await db.insertInto('units').values({ id, unit_code: `RTL-EINV-${String(i).padStart(3, '0')}`, trade_name: `Bench Chemist ${i}`, customer_type: 'RETAILER', activated: true, address_line: `${i}, Main Road`, city, state, pincode: pin, created_at: now }).execute();
    await db.insertInto('registrations').values(registration(id, null, i, state, code)).execute();
    buyers.push(id);
  }
  await sql`INSERT INTO hsn_gst_rates (hsn, effective_from, rate_bp) VALUES ('3004', '2017-07-01', 1200) ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO products (id, name, manufacturer, pack, hsn, match_key, created_at)
    SELECT gen_random_uuid(), 'Einv Medicine ' || i, 'Bench Labs', CASE WHEN i % 3 = 0 THEN '100 ml bottle' ELSE '10 Tab' END, '30049099', 'einv|' || i, ${now}
    FROM generate_series(1, ${PRODUCTS}) i`.execute(db);
  await sql`INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, quantity, created_at, updated_at)
    SELECT gen_random_uuid(), ${seller}, ${warehouse}, p.id, 'EB-' || substr(p.id::text, 1, 6), '2028-06-30', 5000 + (hashtext(p.id::text) & 16383), 4000 + (hashtext(p.id::text) & 8191), 1000000, ${now}, ${now}
    FROM products p WHERE p.match_key LIKE 'einv|%'`.execute(db);
  await sql`
    INSERT INTO orders (id, order_number, buyer_unit_id, seller_unit_id, status, order_date, item_count, taxable_paise, gst_paise, total_paise, decided_at, created_at)
    SELECT gen_random_uuid(), 'ORD-EINV-' || lpad(n::text, 6, '0'), (${buyers}::uuid[])[1 + n % ${BUYERS}], ${seller}, 'ACCEPTED', ${istDate(now)}::date, ${LINES}, 0, 0, 0, ${now}, ${now}
    FROM generate_series(1, ${orders}) n`.execute(db);
  await sql`
    WITH numbered AS (SELECT id, substr(order_number, 10)::int AS n FROM orders WHERE seller_unit_id = ${seller}),
         catalogue AS (SELECT array_agg(p.id ORDER BY p.match_key) AS ids FROM products p WHERE p.match_key LIKE 'einv|%')
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
  if (process.env.DATABASE_URL) await sql`VACUUM ANALYZE`.execute(db);
  return (await db.selectFrom('orders').select('id').where('seller_unit_id', '=', seller).orderBy('order_number').execute()).map((o) => o.id);
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory' });
  await migrate(db);
  const now = new Date('2026-11-23T05:30:00Z');
  const orderIds = await seed(db, now, INVOICES + PENDING);
  const config = { ...loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', MEDICO_TEST_ROUTES: '1', EINVOICE_RETRY_MS: '0' }), now: () => new Date() };
  const irp = new LocalIrp();
  const app: FastifyInstance = await buildApp(config, { db, irp });
  const auth = { authorization: `Bearer ${await signIn(app, SELLER_MOBILE)}` };
  const setEInvoicing = async (on: boolean) => expectOk(await app.inject({ method: 'PUT', url: EINVOICE_PATHS.settings, headers: auth, payload: { eInvoicing: on } }), 'settings');
  const issue = async (orderId: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: ACCOUNTING_PATHS.invoiceFromOrder(orderId), headers: auth });
    const elapsed = performance.now() - started;
    expectOk(res, 'invoice');
    return { elapsed, eInvoice: res.json().body.eInvoice as { status: string } | null };
  };

  // Warm-up (query plans, the adapter's key, the schema validator), not counted.
  await setEInvoicing(true);
  for (let i = 0; i < 10; i++) await issue(orderIds[i]!);

  // 1. On and off in turn, one at a time.
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 10; i < INVOICES; i++) {
    const withIrn = i % 2 === 0;
    await setEInvoicing(withIrn);
    const r = await issue(orderIds[i]!);
    if (withIrn && r.eInvoice?.status !== 'REGISTERED') throw new Error(`invoice ${i}: e-invoice ${JSON.stringify(r.eInvoice)}`);
    (withIrn ? on : off).push(r.elapsed);
  }
  on.sort((a, b) => a - b);
  off.sort((a, b) => a - b);
  console.log(`issue one at a time (${LINES} lines), ${off.length} without / ${on.length} with e-invoicing:`);
  console.log(`  off: p50 ${ms(percentile(off, 50))}, p95 ${ms(percentile(off, 95))}`);
  console.log(`  on:  p50 ${ms(percentile(on, 50))}, p95 ${ms(percentile(on, 95))}`);
  console.log(`  added: p50 ${ms(percentile(on, 50) - percentile(off, 50))}, p95 ${ms(percentile(on, 95) - percentile(off, 95))}`);

  // 2. The portal down: PENDING invoices; then back, their back-off over, the loop's tick.
  await setEInvoicing(true);
  irp.setAvailable(false);
  const downStarted = performance.now();
  for (let i = INVOICES; i < INVOICES + PENDING; i++) {
    const r = await issue(orderIds[i]!);
    if (r.eInvoice?.status !== 'PENDING') throw new Error(`invoice ${i} during the outage: ${JSON.stringify(r.eInvoice)}`);
  }
  const downSeconds = (performance.now() - downStarted) / 1000;
  irp.setAvailable(true);
  await sql`UPDATE e_invoices SET next_attempt_at = now() - interval '1 second' WHERE status = 'PENDING'`.execute(db);
  const loop = new EInvoicesService(db, config, irp, { error: (o: unknown) => console.error(o), warn: () => undefined });
  const retryStarted = performance.now();
  const sent = await loop.tick();
  const retrySeconds = (performance.now() - retryStarted) / 1000;
  const counts = await db.selectFrom('e_invoices').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute();
  console.log(`outage: ${PENDING} invoices issued while the portal was down in ${downSeconds.toFixed(1)} s, all PENDING`);
  console.log(`portal back: one tick sent ${sent} in ${retrySeconds.toFixed(1)} s (${(sent / retrySeconds).toFixed(0)}/s); states now ${JSON.stringify(Object.fromEntries(counts.map((c) => [c.status, c.n])))}`);

  await app.close();
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
