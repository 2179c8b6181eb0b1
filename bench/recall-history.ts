/*
 * Order and invoice history for the recalls benchmark (issue 35), written into the bench marketplace by the benchmark
 * itself (not the demo seed), with set-based SQL: what makes a raise find downstream buyers and a trace have forward
 * rows, and enough unrelated lines that the lookups have to use their indexes.
 *   - each holder of each recalled batch invoices 3–10 distinct buyer units (the bench retailers and other sellers)
 *     within the last 6 months, one line naming the batch; a tenth more such invoices are older than the window;
 *   - each holder bills 2 counter sales of the batch to a known party (a retailer) and 3 to walk-in buyers;
 *   - `unrelatedLines` invoice lines of other marketplace batches (4 a invoice, sampled over all sellers and products,
 *     so the recalled products' other batches are among them), to buyers of the same pool, over the last 12 months.
 * Every invoice has its voucher (two balanced lines on two bench heads per seller). Triggers are off while writing
 * (as bench/books.ts does: the balance check would run once a row); the rows satisfy the tables' checks and keys.
 */
import { sql } from 'kysely';
import type { Database } from '../api/src/db/database';

export interface HistoryCounts {
  recallInvoices: number;
  counterSales: number;
  unrelatedInvoices: number;
  invoiceLines: number;
  seconds: number;
}

/**
 * `batchNos`: the recalled batch numbers (RCB-1 …) already added at the holders; `mustBuy`: a unit that every recalled
 * batch reaches downstream (holder seller 1 invoices it each one), so the benchmark can watch a buyer's live channel.
 */
export async function seedRecallHistory(db: Database, opts: { batchNos: string[]; mustBuy: string; unrelatedLines: number; now: Date }): Promise<HistoryCounts> {
  const started = performance.now();
  const { now } = opts;
  const today = sql`(${now}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date`;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    // The buyer pool: the retailers first, then every seller.
    await sql`CREATE TEMP TABLE bench_pool ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY customer_type DESC, unit_code) - 1)::int AS i, id AS unit_id
      FROM units WHERE unit_code LIKE 'RTL-BENCH-%' OR unit_code LIKE 'STK-BENCH-%'`.execute(trx);
    const pool = Number((await sql<{ c: number }>`SELECT count(*)::int AS c FROM bench_pool`.execute(trx)).rows[0]!.c);
    const retailers = Number((await sql<{ c: number }>`SELECT count(*)::int AS c FROM units WHERE unit_code LIKE 'RTL-BENCH-%'`.execute(trx)).rows[0]!.c);

    // Two heads per seller for the vouchers.
    await sql`INSERT INTO ledger_accounts (id, unit_id, code, name, group_code, party_unit_id, system, created_at)
      SELECT gen_random_uuid(), unit_id, 'BENCH:SALES', 'Bench Sales', 'SALES', null::uuid, false, ${now}::timestamptz FROM bench_sellers
      UNION ALL SELECT gen_random_uuid(), unit_id, 'BENCH:DEBTORS', 'Bench Debtors', 'SUNDRY_DEBTORS', null::uuid, false, ${now}::timestamptz FROM bench_sellers`.execute(trx);

    // Lines to write: (invoice key, position, batch, quantity); invoices: (key, seller, buyer or null, date, series, counter?).
    await sql`CREATE TEMP TABLE bench_hinv (k bigint PRIMARY KEY, unit_id uuid, warehouse_id uuid, buyer uuid, invoice_date date, series text, counter boolean) ON COMMIT DROP`.execute(trx);
    await sql`CREATE TEMP TABLE bench_hline (k bigint, position int, batch_id uuid, qty int) ON COMMIT DROP`.execute(trx);

    // Recalled batches: holder h (a bench seller) of batch number j invoices 3..10 distinct pool units (a tenth of
    // the invoices older than six months), seller 1 also invoices mustBuy; 2 counter sales to retailers, 3 walk-in.
    await sql`CREATE TEMP TABLE bench_hsale ON COMMIT DROP AS
      WITH held AS (
        SELECT b.id AS batch_id, b.unit_id, b.warehouse_id, s.n, j.j::int AS j
        FROM unnest(${opts.batchNos}::text[]) WITH ORDINALITY j(batch_no, j)
        JOIN inventory_batches b ON b.batch_no = j.batch_no
        JOIN bench_sellers s ON s.unit_id = b.unit_id
      )
      SELECT h.*, t, p.unit_id AS buyer, 'BR' AS series, false AS counter FROM held h
      CROSS JOIN LATERAL generate_series(1, 3 + (h.n * 7 + h.j) % 8) t
      JOIN bench_pool p ON p.i = (h.n * 31 + h.j * 17 + t * 101) % ${pool}
      WHERE p.unit_id <> h.unit_id
      UNION ALL SELECT h.*, 0, ${opts.mustBuy}::uuid, 'BR', false FROM held h WHERE h.n = 1
      UNION ALL SELECT h.*, 20 + t, p.unit_id, 'BC', true FROM held h
        CROSS JOIN generate_series(1, 2) t JOIN bench_pool p ON p.i = (h.n * 3 + h.j + t * 7) % ${retailers}
      UNION ALL SELECT h.*, 30 + t, null::uuid, 'BC', true FROM held h CROSS JOIN generate_series(1, 3) t`.execute(trx);
    await sql`ALTER TABLE bench_hsale ADD COLUMN k bigserial`.execute(trx);
    await sql`INSERT INTO bench_hinv SELECT s.k, s.unit_id, s.warehouse_id, s.buyer,
        ${today} - CASE WHEN s.t BETWEEN 1 AND 19 AND (s.n + s.t) % 10 = 0 THEN 200 + (s.n * 7 + s.t) % 150 ELSE (s.n * 13 + s.t * 29 + s.j) % 175 END, s.series, s.counter
      FROM bench_hsale s`.execute(trx);
    await sql`INSERT INTO bench_hline SELECT k, 1, batch_id, 1 + (k % 12)::int FROM bench_hsale`.execute(trx);

    // Unrelated lines: a sample of the marketplace's batches, 4 a invoice per seller, buyers from the pool.
    const batches = Number((await sql<{ c: number }>`SELECT count(*)::int AS c FROM inventory_batches`.execute(trx)).rows[0]!.c);
    const pct = Math.min(100, (100 * opts.unrelatedLines) / Math.max(1, batches));
    await sql`CREATE TEMP TABLE bench_hu ON COMMIT DROP AS
      SELECT b.id AS batch_id, b.unit_id, b.warehouse_id, (row_number() OVER (PARTITION BY b.unit_id ORDER BY b.id) - 1) AS r
      FROM inventory_batches b TABLESAMPLE BERNOULLI (${sql.lit(pct)}) REPEATABLE (35)
      JOIN bench_sellers s ON s.unit_id = b.unit_id WHERE b.batch_no NOT LIKE 'RCB-%'`.execute(trx);
    await sql`CREATE TEMP TABLE bench_huinv ON COMMIT DROP AS
      SELECT 2000000000 + row_number() OVER () AS k, unit_id, warehouse_id, r / 4 AS g FROM bench_hu GROUP BY unit_id, warehouse_id, r / 4`.execute(trx);
    await sql`INSERT INTO bench_hinv SELECT i.k, i.unit_id, i.warehouse_id, p.unit_id, ${today} - (i.k % 365)::int, 'BX', false
      FROM bench_huinv i JOIN bench_pool p ON p.i = (i.k * 37) % ${pool}`.execute(trx);
    await sql`INSERT INTO bench_hline SELECT i.k, 1 + (u.r % 4)::int, u.batch_id, 1 + ((i.k + u.r) % 20)::int
      FROM bench_hu u JOIN bench_huinv i ON i.unit_id = u.unit_id AND i.g = u.r / 4`.execute(trx);

    // Amounts: 12 % IGST (inter-state), PTR rate, round-off to the rupee.
    await sql`CREATE TEMP TABLE bench_hl ON COMMIT DROP AS
      SELECT l.k, l.position, l.qty, b.id AS batch_id, b.product_id, b.batch_no, b.expiry_date, b.mrp_paise, b.ptr_paise AS rate,
        l.qty::bigint * b.ptr_paise AS taxable, round(l.qty::bigint * b.ptr_paise * 0.12)::bigint AS igst
      FROM bench_hline l JOIN inventory_batches b ON b.id = l.batch_id`.execute(trx);
    await sql`CREATE TEMP TABLE bench_hi ON COMMIT DROP AS
      SELECT i.*, gen_random_uuid() AS id, gen_random_uuid() AS voucher_id, financial_year_of(i.invoice_date) AS fy,
        row_number() OVER (PARTITION BY i.unit_id, i.series ORDER BY i.invoice_date, i.k) AS serial,
        a.lines, a.taxable, a.igst, (a.taxable + a.igst + 50) / 100 * 100 AS total
      FROM bench_hinv i JOIN (SELECT k, count(*)::int AS lines, sum(taxable)::bigint AS taxable, sum(igst)::bigint AS igst FROM bench_hl GROUP BY k) a ON a.k = i.k`.execute(trx);

    await sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, document_id, document_number, narration, created_at)
      SELECT voucher_id, unit_id, 'SALES', invoice_date, 'SALES_INVOICE', id, series || '/' || serial, '', ${now}::timestamptz FROM bench_hi`.execute(trx);
    await sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise, voucher_date)
      SELECT i.voucher_id, 1, i.unit_id, a.id, i.total, 0, i.invoice_date FROM bench_hi i JOIN ledger_accounts a ON a.unit_id = i.unit_id AND a.code = 'BENCH:DEBTORS'
      UNION ALL SELECT i.voucher_id, 2, i.unit_id, a.id, 0, i.total, i.invoice_date FROM bench_hi i JOIN ledger_accounts a ON a.unit_id = i.unit_id AND a.code = 'BENCH:SALES'`.execute(trx);
    await sql`INSERT INTO sales_invoices (id, unit_id, series, financial_year, serial, invoice_number, invoice_date, order_id, buyer_unit_id, recipient_name, recipient_gstin,
        supplier, recipient, place_of_supply, supply_kind, item_count, gross_paise, discount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise,
        total_paise, amount_in_words, voucher_id, created_at)
      SELECT i.id, i.unit_id, i.series, i.fy, i.serial, i.series || '/' || i.serial, i.invoice_date, null, i.buyer, coalesce(b.trade_name, 'Walk-in customer'), null,
        jsonb_build_object('unitCode', s.unit_code, 'name', s.trade_name, 'address', s.city, 'gstin', null, 'stateCode', '27', 'stateName', 'Maharashtra', 'drugLicences', jsonb_build_array(), 'phone', null),
        jsonb_build_object('unitCode', b.unit_code, 'name', coalesce(b.trade_name, 'Walk-in customer'), 'address', coalesce(b.city, ''), 'gstin', null, 'stateCode', '29', 'stateName', 'Karnataka', 'drugLicences', jsonb_build_array(), 'phone', null),
        '29', 'INTER', i.lines, i.taxable, 0, i.taxable, 0, 0, i.igst, i.total - i.taxable - i.igst, i.total, 'Rupees only', i.voucher_id,
        i.invoice_date + time '12:00' - interval '5 hours 30 minutes'
      FROM bench_hi i JOIN units s ON s.id = i.unit_id LEFT JOIN units b ON b.id = i.buyer`.execute(trx);
    await sql`INSERT INTO sales_invoice_lines (invoice_id, position, product_id, batch_id, product_name, manufacturer, pack, hsn, batch_no, expiry_date, mrp_paise, rate_paise,
        quantity, free_quantity, discount_bp, discount_paise, gross_paise, taxable_paise, gst_rate_bp, cgst_paise, sgst_paise, igst_paise, total_paise)
      SELECT i.id, l.position, l.product_id, l.batch_id, p.name, p.manufacturer, p.pack, p.hsn, l.batch_no, l.expiry_date, l.mrp_paise, l.rate,
        l.qty, 0, 0, 0, l.taxable, l.taxable, 1200, 0, 0, l.igst, l.taxable + l.igst
      FROM bench_hl l JOIN bench_hi i ON i.k = l.k JOIN products p ON p.id = l.product_id`.execute(trx);
    await sql`INSERT INTO counter_sales (invoice_id, unit_id, payment_mode, warehouse_id, created_at)
      SELECT id, unit_id, 'CREDIT', warehouse_id, invoice_date + time '12:00' - interval '5 hours 30 minutes' FROM bench_hi WHERE counter`.execute(trx);
  });
  const counts = (
    await sql<{ br: number; bc: number; bx: number; lines: number }>`
      SELECT count(*) FILTER (WHERE series = 'BR')::int AS br, count(*) FILTER (WHERE series = 'BC')::int AS bc, count(*) FILTER (WHERE series = 'BX')::int AS bx,
        (SELECT count(*)::int FROM sales_invoice_lines) AS lines
      FROM sales_invoices`.execute(db)
  ).rows[0]!;
  await sql`VACUUM ANALYZE`.execute(db);
  return { recallInvoices: counts.br, counterSales: counts.bc, unrelatedInvoices: counts.bx, invoiceLines: counts.lines, seconds: Math.round(performance.now() - started) / 1000 };
}
