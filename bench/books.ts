/*
 * The books (issue 14): one unit with 1,000,000 voucher lines over financial year 2026-27 (sales, receipts,
 * purchases, payments, expense journals), among them 10,000 tax invoices of 10 lines in January 2027 with their
 * stock movements. Then, through the real app (`app.inject`: auth, validation, the services' SQL, serialisation):
 *   - a party ledger page (50 entries of one debtor for the year, any page, running balance), one at a time and 20 concurrent
 *   - the trial balance on 31 March 2027, one at a time
 *   - profit and loss for the year (with the previous-period comparison and FIFO stock valuation), one at a time
 *   - GSTR-1 for January 2027 (10,000 invoices), one at a time
 * Seeding writes the rows with SQL (triggers off for speed) and then checks every voucher balances.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx books.ts                # PostgreSQL 15
 *   BENCH_LINES=100000 BENCH_INVOICES=1000 pnpm --filter bench exec tsx books.ts     # embedded PGlite, smaller
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, BOOKS_PATHS, SYSTEM_HEADS, gstinCheckChar } from 'shared-api';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { drive, expectOk, percentile, signIn, type Result } from './search-latency';

const TARGET_LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const INVOICE_LINES = 10;
const DEBTORS = 100;
const CREDITORS = 20;
const PRODUCTS = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LEDGER_READS = Number(process.env.BENCH_READS ?? 500);
const HEAVY_READS = Number(process.env.BENCH_HEAVY_READS ?? 10);
const OWNER_MOBILE = '9811100002';
const YEAR_FROM = '2026-04-01';
const YEAR_TO = '2027-03-31';
const GST_MONTH = '2027-01';

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;
const pan = (i: number) => `AAAF${String.fromCharCode(65 + (i % 26))}${String(1000 + i).slice(-4)}L`;

interface Seeded {
  unit: string;
  debtorHeads: string[];
}

async function seedParties(db: Database, now: Date): Promise<{ unit: string; warehouse: string; buyers: string[]; suppliers: string[] }> {
  const unit = randomUUID();
  const warehouse = randomUUID();
  const owner = randomUUID();
  await db.insertInto('units').values({ id: unit, unit_code: 'STK-BOOKS-001', trade_name: 'Books Bench Distributors', customer_type: 'STOCKIST', activated: true, address_line: '1, Market Yard', city: 'Pune', state: 'Maharashtra', pincode: '411037', created_at: now }).execute();
  await db.insertInto('warehouses').values({ id: warehouse, unit_id: unit, display_name: 'Pune Main', city: 'Pune', created_at: now }).execute();
  await db.insertInto('users').values({ id: owner, unit_id: unit, role: 'OWNER', first_name: 'Bench', mobile: OWNER_MOBILE, active_warehouse_id: warehouse, created_at: now }).execute();
  const registration = (unitId: string, i: number, state: string, code: string) => ({
    id: randomUUID(), mobile: `96${String(i).padStart(8, '0')}`, token_hash: randomUUID(), status: 'APPROVED' as const, step: 4, state,
    gstin: gstin(code, pan(i)), pan: pan(i), drug_licence_1: `MH-PZ1-20B-${100000 + i}`, drug_licence_2: `MH-PZ1-21B-${100000 + i}`,
    unit_id: unitId, user_id: unitId === unit ? owner : null, created_at: now, updated_at: now,
  });
  await db.insertInto('registrations').values(registration(unit, 0, 'Maharashtra', '27')).execute();
  const parties = async (count: number, offset: number, type: 'RETAILER' | 'STOCKIST', prefix: string) => {
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) {
      const id = randomUUID();
      const [state, code, city] = i % 10 < 7 ? ['Maharashtra', '27', 'Mumbai'] : ['Karnataka', '29', 'Bengaluru'];
      await db.insertInto('units').values({ id, unit_code: `${prefix}-${String(i).padStart(3, '0')}`, trade_name: `${prefix} Party ${i}`, customer_type: type, activated: true, address_line: `${i}, Main Road`, city, state, pincode: '400001', created_at: now }).execute();
      // Every tenth buyer has no GSTIN on record: its invoices are B2C (b2cs, or b2cl inter-state over ₹1 lakh).
      if (i % 10 !== 9) await db.insertInto('registrations').values(registration(id, offset + i, state, code)).execute();
      ids.push(id);
    }
    return ids;
  };
  return { unit, warehouse, buyers: await parties(DEBTORS, 0, 'RETAILER', 'RTL-BOOKS'), suppliers: await parties(CREDITORS, 500, 'STOCKIST', 'STK-SUPP') };
}

/**
 * The unit's heads (the default chart, a debtor head per buyer, a creditor head per supplier, two expense heads),
 * then vouchers and lines written with SQL. Triggers are off while seeding (the balance check would run once per
 * line); every voucher is checked to balance afterwards.
 */
async function seed(db: Database, now: Date): Promise<Seeded> {
  const { unit, warehouse, buyers, suppliers } = await seedParties(db, now);
  await db
    .insertInto('ledger_accounts')
    .values([
      ...Object.entries(SYSTEM_HEADS).map(([code, h]) => ({ id: randomUUID(), unit_id: unit, code, name: h.name, group_code: h.group, party_unit_id: null, system: true, created_at: now })),
      { id: randomUUID(), unit_id: unit, code: `CUSTOM:${randomUUID()}`, name: 'Shop Rent', group_code: 'INDIRECT_EXPENSES', party_unit_id: null, system: false, created_at: now },
      { id: randomUUID(), unit_id: unit, code: `CUSTOM:${randomUUID()}`, name: 'Freight Inward', group_code: 'DIRECT_EXPENSES', party_unit_id: null, system: false, created_at: now },
      { id: randomUUID(), unit_id: unit, code: 'CAPITAL', name: "Owner's Capital", group_code: 'CAPITAL', party_unit_id: null, system: false, created_at: now },
    ])
    .execute();
  const units = await db.selectFrom('units').select(['id', 'unit_code', 'trade_name']).where('id', 'in', [...buyers, ...suppliers]).execute();
  const byId = new Map(units.map((u) => [u.id, u]));
  const partyHead = (id: string, role: 'DEBTOR' | 'CREDITOR') => ({
    id: randomUUID(), unit_id: unit, code: `${role}:${id}`, name: `${byId.get(id)!.trade_name} (${byId.get(id)!.unit_code})${role === 'CREDITOR' ? ' – Creditor' : ''}`,
    group_code: role === 'DEBTOR' ? 'SUNDRY_DEBTORS' : 'SUNDRY_CREDITORS', party_unit_id: id, system: true, created_at: now,
  });
  await db.insertInto('ledger_accounts').values([...buyers.map((b) => partyHead(b, 'DEBTOR')), ...suppliers.map((s) => partyHead(s, 'CREDITOR'))]).execute();
  const heads = await db.selectFrom('ledger_accounts').select(['id', 'code', 'name']).where('unit_id', '=', unit).execute();
  const head = (code: string) => heads.find((h) => h.code === code || h.name === code)!.id;
  const debtorHeads = buyers.map((b) => head(`DEBTOR:${b}`));
  const creditorHeads = suppliers.map((s) => head(`CREDITOR:${s}`));

  await sql`INSERT INTO hsn_gst_rates (hsn, effective_from, rate_bp) VALUES ('3004', '2017-07-01', 1200), ('3004', '2025-09-22', 500) ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO products (id, name, manufacturer, pack, hsn, match_key, created_at)
    SELECT gen_random_uuid(), 'Books Medicine ' || i, 'Bench Labs', '10 Tab', '30049099', 'books|' || i, ${now}::timestamptz FROM generate_series(1, ${PRODUCTS}) i`.execute(db);

  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    // Stock: one batch per product, uploaded on 1 April, with a purchase cost (PTS) below its PTR.
    await sql`INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, pts_paise, quantity, created_at, updated_at)
      SELECT gen_random_uuid(), ${unit}::uuid, ${warehouse}::uuid, p.id, 'BK-' || substr(p.id::text, 1, 6), '2028-06-30', 6000, 4500, 3800, 1000000, ${now}::timestamptz, ${now}::timestamptz
      FROM products p WHERE p.match_key LIKE 'books|%'`.execute(trx);
    await sql`INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, created_at)
      SELECT gen_random_uuid(), b.id, ${unit}::uuid, 'UPLOAD', 1000000, 'bench', '2026-04-01T04:30:00Z' FROM inventory_batches b WHERE b.unit_id = ${unit}`.execute(trx);

    // January's tax invoices: 10 lines each at 5 % (one rate); buyers as seeded (30 % in Karnataka, every tenth without a GSTIN).
    await sql`CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
      SELECT n, k, b.id AS batch_id, p.id AS product_id, p.name, (1 + (n + k) % 24) AS qty, b.ptr_paise AS rate,
        (1 + (n + k) % 24) * b.ptr_paise AS taxable
      FROM generate_series(1, ${INVOICES}) n CROSS JOIN generate_series(1, ${INVOICE_LINES}) k
      JOIN LATERAL (SELECT id, name FROM products WHERE match_key = 'books|' || (1 + (n * 7 + k * 29) % ${PRODUCTS})) p ON true
      JOIN inventory_batches b ON b.product_id = p.id AND b.unit_id = ${unit}`.execute(trx);
    await sql`CREATE TEMP TABLE bench_invoices ON COMMIT DROP AS
      SELECT i.*, (taxable + cgst + sgst + igst + 50) / 100 * 100 AS total FROM (
        SELECT n, gen_random_uuid() AS id, gen_random_uuid() AS voucher_id, (${buyers}::uuid[])[1 + n % ${DEBTORS}] AS buyer,
          (${debtorHeads}::uuid[])[1 + n % ${DEBTORS}] AS debtor_head,
          CASE WHEN (1 + n % ${DEBTORS}) % 10 < 7 THEN '27' ELSE '29' END AS pos,
          ('2027-01-01'::date + (n % 31)) AS invoice_date,
          sum(taxable)::bigint AS taxable,
          CASE WHEN (1 + n % ${DEBTORS}) % 10 < 7 THEN sum(round(taxable * 250 / 10000.0))::bigint ELSE 0 END AS cgst,
          CASE WHEN (1 + n % ${DEBTORS}) % 10 < 7 THEN sum(round(taxable * 250 / 10000.0))::bigint ELSE 0 END AS sgst,
          CASE WHEN (1 + n % ${DEBTORS}) % 10 < 7 THEN 0 ELSE sum(round(taxable * 500 / 10000.0))::bigint END AS igst
        FROM bench_lines GROUP BY n) i`.execute(trx);
    await sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, document_id, document_number, narration, created_at)
      SELECT voucher_id, ${unit}::uuid, 'SALES', invoice_date, 'SALES_INVOICE', id, 'INV/26-27/' || lpad(n::text, 6, '0'), '', ${now}::timestamptz FROM bench_invoices`.execute(trx);
    await sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise, voucher_date)
      SELECT voucher_id, 1, ${unit}::uuid, debtor_head, total, 0, invoice_date FROM bench_invoices
      UNION ALL SELECT voucher_id, 2, ${unit}::uuid, ${head('SALES')}::uuid, 0, taxable, invoice_date FROM bench_invoices
      UNION ALL SELECT voucher_id, 3, ${unit}::uuid, ${head('OUTPUT_CGST')}::uuid, 0, cgst, invoice_date FROM bench_invoices WHERE cgst > 0
      UNION ALL SELECT voucher_id, 4, ${unit}::uuid, ${head('OUTPUT_SGST')}::uuid, 0, sgst, invoice_date FROM bench_invoices WHERE sgst > 0
      UNION ALL SELECT voucher_id, 5, ${unit}::uuid, ${head('OUTPUT_IGST')}::uuid, 0, igst, invoice_date FROM bench_invoices WHERE igst > 0
      UNION ALL SELECT voucher_id, 6, ${unit}::uuid, ${head('ROUND_OFF')}::uuid, CASE WHEN total < taxable + cgst + sgst + igst THEN taxable + cgst + sgst + igst - total ELSE 0 END,
        CASE WHEN total > taxable + cgst + sgst + igst THEN total - taxable - cgst - sgst - igst ELSE 0 END
       , invoice_date FROM bench_invoices WHERE total <> taxable + cgst + sgst + igst`.execute(trx);
    const party = (side: 'supplier' | 'recipient') =>
      side === 'supplier'
        ? sql`jsonb_build_object('unitCode', 'STK-BOOKS-001', 'name', 'Books Bench Distributors', 'address', '1, Market Yard, Pune', 'gstin', r0.gstin, 'stateCode', '27', 'stateName', 'Maharashtra', 'drugLicences', jsonb_build_array(r0.drug_licence_1), 'phone', null)`
        : sql`jsonb_build_object('unitCode', u.unit_code, 'name', u.trade_name, 'address', u.address_line, 'gstin', r.gstin, 'stateCode', i.pos, 'stateName', u.state, 'drugLicences', jsonb_build_array(), 'phone', null)`;
    await sql`INSERT INTO sales_invoices (id, unit_id, series, financial_year, serial, invoice_number, invoice_date, order_id, buyer_unit_id, recipient_name, recipient_gstin,
        supplier, recipient, place_of_supply, supply_kind, item_count, gross_paise, discount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise,
        total_paise, amount_in_words, voucher_id, created_at)
      SELECT i.id, ${unit}::uuid, 'INV', '2026-27', i.n, 'INV/26-27/' || lpad(i.n::text, 6, '0'), i.invoice_date, null, i.buyer, u.trade_name, r.gstin,
        ${party('supplier')}, ${party('recipient')}, i.pos, CASE WHEN i.pos = '27' THEN 'INTRA' ELSE 'INTER' END, ${INVOICE_LINES},
        i.taxable, 0, i.taxable, i.cgst, i.sgst, i.igst, i.total - i.taxable - i.cgst - i.sgst - i.igst, i.total, 'Rupees only', i.voucher_id, ${now}::timestamptz
      FROM bench_invoices i JOIN units u ON u.id = i.buyer LEFT JOIN registrations r ON r.unit_id = i.buyer
      CROSS JOIN (SELECT gstin, drug_licence_1 FROM registrations WHERE unit_id = ${unit}) r0`.execute(trx);
    await sql`INSERT INTO sales_invoice_lines (invoice_id, position, product_id, batch_id, product_name, manufacturer, pack, hsn, batch_no, expiry_date, mrp_paise, rate_paise,
        quantity, free_quantity, discount_bp, discount_paise, gross_paise, taxable_paise, gst_rate_bp, cgst_paise, sgst_paise, igst_paise, total_paise)
      SELECT i.id, l.k, l.product_id, l.batch_id, l.name, 'Bench Labs', '10 Tab', '30049099', 'BK', '2028-06-30', 6000, l.rate, l.qty, 0, 0, 0, l.taxable, l.taxable, 500,
        CASE WHEN i.pos = '27' THEN round(l.taxable * 250 / 10000.0)::bigint ELSE 0 END, CASE WHEN i.pos = '27' THEN round(l.taxable * 250 / 10000.0)::bigint ELSE 0 END,
        CASE WHEN i.pos = '27' THEN 0 ELSE round(l.taxable * 500 / 10000.0)::bigint END,
        l.taxable + CASE WHEN i.pos = '27' THEN 2 * round(l.taxable * 250 / 10000.0)::bigint ELSE round(l.taxable * 500 / 10000.0)::bigint END
      FROM bench_lines l JOIN bench_invoices i ON i.n = l.n`.execute(trx);
    await sql`INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, created_at)
      SELECT gen_random_uuid(), l.batch_id, ${unit}::uuid, 'ORDER', -l.qty, i.id::text, i.invoice_date + time '12:00' - interval '5 hours 30 minutes'
      FROM bench_lines l JOIN bench_invoices i ON i.n = l.n`.execute(trx);
    await sql`UPDATE inventory_batches b SET quantity = b.quantity - s.sold FROM (SELECT batch_id, sum(qty)::int AS sold FROM bench_lines GROUP BY batch_id) s WHERE s.batch_id = b.id`.execute(trx);

    // The rest of the year's postings, spread over every day: 40 % sales (4 lines), 20 % receipts (2), 20 %
    // purchases (4), 10 % payments (2), 10 % expense journals (2): 3.2 lines a voucher on average.
    const invoiceLines = Number((await sql<{ c: number }>`SELECT count(*)::int AS c FROM voucher_lines WHERE unit_id = ${unit}`.execute(trx)).rows[0]!.c);
    const vouchers = Math.max(0, Math.round((TARGET_LINES - invoiceLines) / 3.2));
    await sql`CREATE TEMP TABLE bench_vouchers ON COMMIT DROP AS
      SELECT n, gen_random_uuid() AS id, ${YEAR_FROM}::date + (n % 365) AS day,
        CASE WHEN n % 10 < 4 THEN 'SALES' WHEN n % 10 < 6 THEN 'RECEIPT' WHEN n % 10 < 8 THEN 'PURCHASE' WHEN n % 10 = 8 THEN 'PAYMENT' ELSE 'JOURNAL' END AS kind,
        (${debtorHeads}::uuid[])[1 + (n / 10) % ${DEBTORS}] AS debtor, (${creditorHeads}::uuid[])[1 + (n / 10) % ${CREDITORS}] AS creditor,
        (10000 + (n::bigint * 7919) % 500000) AS amount
      FROM generate_series(1, ${vouchers}) n`.execute(trx);
    await sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, document_number, narration, created_at)
      SELECT id, ${unit}::uuid, kind, day, CASE kind WHEN 'SALES' THEN 'SALES_INVOICE' WHEN 'PURCHASE' THEN 'PURCHASE_BILL' ELSE kind END, kind || '-' || n, '', ${now}::timestamptz FROM bench_vouchers`.execute(trx);
    await sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise, voucher_date)
      SELECT id, 1, ${unit}::uuid, debtor, amount + 2 * (amount * 6 / 100), 0, day FROM bench_vouchers WHERE kind = 'SALES'
      UNION ALL SELECT id, 2, ${unit}::uuid, ${head('SALES')}::uuid, 0, amount, day FROM bench_vouchers WHERE kind = 'SALES'
      UNION ALL SELECT id, 3, ${unit}::uuid, ${head('OUTPUT_CGST')}::uuid, 0, amount * 6 / 100, day FROM bench_vouchers WHERE kind = 'SALES'
      UNION ALL SELECT id, 4, ${unit}::uuid, ${head('OUTPUT_SGST')}::uuid, 0, amount * 6 / 100, day FROM bench_vouchers WHERE kind = 'SALES'
      UNION ALL SELECT id, 1, ${unit}::uuid, ${head('BANK')}::uuid, amount, 0, day FROM bench_vouchers WHERE kind = 'RECEIPT'
      UNION ALL SELECT id, 2, ${unit}::uuid, debtor, 0, amount, day FROM bench_vouchers WHERE kind = 'RECEIPT'
      UNION ALL SELECT id, 1, ${unit}::uuid, ${head('PURCHASES')}::uuid, amount, 0, day FROM bench_vouchers WHERE kind = 'PURCHASE'
      UNION ALL SELECT id, 2, ${unit}::uuid, ${head('INPUT_CGST')}::uuid, amount * 6 / 100, 0, day FROM bench_vouchers WHERE kind = 'PURCHASE'
      UNION ALL SELECT id, 3, ${unit}::uuid, ${head('INPUT_SGST')}::uuid, amount * 6 / 100, 0, day FROM bench_vouchers WHERE kind = 'PURCHASE'
      UNION ALL SELECT id, 4, ${unit}::uuid, creditor, 0, amount + 2 * (amount * 6 / 100), day FROM bench_vouchers WHERE kind = 'PURCHASE'
      UNION ALL SELECT id, 1, ${unit}::uuid, creditor, amount, 0, day FROM bench_vouchers WHERE kind = 'PAYMENT'
      UNION ALL SELECT id, 2, ${unit}::uuid, ${head('BANK')}::uuid, 0, amount, day FROM bench_vouchers WHERE kind = 'PAYMENT'
      UNION ALL SELECT id, 1, ${unit}::uuid, CASE WHEN n % 20 = 9 THEN ${head('Shop Rent')}::uuid ELSE ${head('Freight Inward')}::uuid END, amount, 0, day FROM bench_vouchers WHERE kind = 'JOURNAL'
      UNION ALL SELECT id, 2, ${unit}::uuid, ${head('CASH')}::uuid, 0, amount, day FROM bench_vouchers WHERE kind = 'JOURNAL'`.execute(trx);
  });
  if (process.env.DATABASE_URL) await sql`VACUUM ANALYZE`.execute(db);
  return { unit, debtorHeads };
}

async function main() {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory' });
  await migrate(db);
  const clock = new Date('2027-04-05T06:00:00Z');
  const seedStarted = performance.now();
  const { unit, debtorHeads } = await seed(db, clock);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const { rows: checks } = await sql<{ lines: number; vouchers: number; unbalanced: number; invoices: number }>`
    SELECT (SELECT count(*)::int FROM voucher_lines WHERE unit_id = ${unit}) AS lines, (SELECT count(*)::int FROM vouchers WHERE unit_id = ${unit}) AS vouchers,
      (SELECT count(*)::int FROM (SELECT voucher_id FROM voucher_lines WHERE unit_id = ${unit} GROUP BY voucher_id HAVING sum(debit_paise) <> sum(credit_paise)) x) AS unbalanced,
      (SELECT count(*)::int FROM sales_invoices WHERE unit_id = ${unit}) AS invoices`.execute(db);
  const books = checks[0]!;
  if (books.unbalanced > 0) throw new Error(`seed: ${books.unbalanced} vouchers do not balance`);

  const config = {
    ...loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', MEDICO_TEST_ROUTES: '1' }),
    now: () => clock,
  };
  const app: FastifyInstance = await buildApp(config, { db });
  const headers = { authorization: `Bearer ${await signIn(app, OWNER_MOBILE)}` };
  const year = { from: YEAR_FROM, to: YEAR_TO };

  // Warm-up: query plans and caches, as a running server has them.
  for (let i = 0; i < 5; i++) {
    await app.inject({ method: 'GET', url: BOOKS_PATHS.ledger, query: { accountId: debtorHeads[i]!, ...year, pageSize: '50' }, headers });
  }
  const entries = Number((await app.inject({ method: 'GET', url: BOOKS_PATHS.ledger, query: { accountId: debtorHeads[0]!, ...year, pageSize: '50' }, headers })).json().body.totalResults);
  const results: Result[] = [];
  const ledgerPage = async (i: number) => {
    const res = await app.inject({ method: 'GET', url: BOOKS_PATHS.ledger, query: { accountId: debtorHeads[(i * 37) % DEBTORS]!, ...year, page: String((i * 13) % Math.ceil(entries / 50)), pageSize: '50' }, headers });
    expectOk(res, 'ledger');
  };
  for (const concurrency of [1, CONCURRENCY]) {
    results.push(await drive(`party ledger page (a year, ~${entries} entries a debtor, page of 50)`, LEDGER_READS, concurrency, ledgerPage));
  }
  results.push(
    await drive('trial balance (31 March 2027)', HEAVY_READS, 1, async () => {
      expectOk(await app.inject({ method: 'GET', url: ACCOUNTING_PATHS.trialBalance, query: { asOf: YEAR_TO }, headers }), 'trial balance');
    }),
  );
  results.push(
    await drive('profit and loss (the year, with the previous period)', HEAVY_READS, 1, async () => {
      expectOk(await app.inject({ method: 'GET', url: BOOKS_PATHS.profitAndLoss, query: { ...year, compare: 'previous' }, headers }), 'profit and loss');
    }),
  );
  let gstr1Invoices = 0;
  results.push(
    await drive(`GSTR-1 (${GST_MONTH})`, HEAVY_READS, 1, async () => {
      const res = await app.inject({ method: 'GET', url: BOOKS_PATHS.gstr1, query: { month: GST_MONTH }, headers });
      expectOk(res, 'gstr1');
      gstr1Invoices = res.json().body.invoiceTotals.count;
    }),
  );

  console.log(
    `${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}: ${books.lines} voucher lines in ${books.vouchers} vouchers (0 unbalanced), ` +
      `${books.invoices} invoices in ${GST_MONTH} (GSTR-1 counted ${gstr1Invoices}), seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log('| what | requests | concurrency | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const f = (p: number) => percentile(r.times, p).toFixed(1);
    console.log(`| ${r.label} | ${r.times.length} | ${r.concurrency} | ${f(50)} | ${f(95)} | ${r.times[r.times.length - 1]!.toFixed(1)} |`);
  }
  await app.close();
  await db.destroy();
}

void main();
