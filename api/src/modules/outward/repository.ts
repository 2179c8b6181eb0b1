import { sql, type RawBuilder } from 'kysely';
import type { OutwardKind } from 'shared-api';
import type { Database } from '../../db/database';

/*
 * The outward stock register is a read over stock_movements: a unit's outbound movements of the kinds that send
 * stock out of the business (ORDER, SALE, PURCHASE_RETURN, OUTWARD), joined to the document behind each for its
 * number and party. Uploads and adjustments that lower a batch are corrections of the count, not goods leaving.
 */

/** The movement kinds the register reads (index stock_movements_outward covers exactly these). */
const OUTWARD_MOVEMENTS = sql`('ORDER', 'SALE', 'PURCHASE_RETURN', 'OUTWARD')`;

/** The IST calendar day of a timestamp, without relying on the server's time-zone data. */
const istDay = (column: RawBuilder<unknown>) => sql`((${column} + interval '330 minutes') AT TIME ZONE 'UTC')::date`;

export interface RegisterFilter {
  unitId: string;
  warehouseId: string;
  from: string;
  to: string;
  /** start of `from` and of the day after `to`, IST */
  fromStart: Date;
  toEnd: Date;
  productId?: string | undefined;
  product?: string | undefined;
  party?: string | undefined;
  kind?: OutwardKind | undefined;
  /** one movement only (reading back an entry just written) */
  movementId?: string | undefined;
}

export interface RegisterRow {
  id: string;
  batch_id: string;
  kind: OutwardKind;
  day: string;
  created_at: Date;
  quantity: number;
  document_number: string | null;
  document_id: string | null;
  party_name: string | null;
  product_id: string;
  product_name: string;
  pack: string;
  batch_no: string;
  expiry_date: string;
  by_name: string | null;
  note: string | null;
}

/** '%text%' for ILIKE, with the user's own % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The register's rows matching the filter (a subquery). A manual entry's day is its entry date, which is never after
 * the day it was recorded: so `created_at >= from` holds for every row of the period, and only manual entries
 * recorded after `to` can still belong to it (the upper bound of the index scan is lifted for them alone).
 */
function registerRows(f: RegisterFilter) {
  const day = sql`coalesce(e.entry_date, ${istDay(sql`m.created_at`)})`;
  const party = sql`coalesce(bu.trade_name, si.recipient_name, dn.supplier_name, e.party_name)`;
  const conditions = [
    sql`m.unit_id = ${f.unitId}::uuid`,
    sql`m.quantity_delta < 0`,
    sql`m.kind IN ${OUTWARD_MOVEMENTS}`,
    sql`b.warehouse_id = ${f.warehouseId}::uuid`,
    sql`m.created_at >= ${f.fromStart.toISOString()}::timestamptz`,
    sql`(m.created_at < ${f.toEnd.toISOString()}::timestamptz OR m.kind = 'OUTWARD')`,
    sql`${day} BETWEEN ${f.from}::date AND ${f.to}::date`,
  ];
  if (f.productId) conditions.push(sql`b.product_id = ${f.productId}::uuid`);
  if (f.product) conditions.push(sql`p.name ILIKE ${contains(f.product)}`);
  if (f.party) conditions.push(sql`${party} ILIKE ${contains(f.party)}`);
  if (f.kind) conditions.push(sql`coalesce(e.reason, m.kind) = ${f.kind}`);
  if (f.movementId) conditions.push(sql`m.id = ${f.movementId}::uuid`);
  // References are text (an order, invoice or debit note id by kind): cast only for the kind it belongs to.
  return sql<RegisterRow>`
    SELECT m.id, m.batch_id, coalesce(e.reason, m.kind) AS kind, ${day}::text AS day, m.created_at, -m.quantity_delta AS quantity,
      coalesce(o.order_number, si.invoice_number, dn.note_number, e.document_number) AS document_number,
      coalesce(o.id, si.id, dn.id)::text AS document_id,
      ${party} AS party_name,
      b.product_id, p.name AS product_name, p.pack, b.batch_no, b.expiry_date::text AS expiry_date,
      nullif(trim(concat(cu.first_name, ' ', cu.last_name)), '') AS by_name,
      e.note
    FROM stock_movements m
    JOIN inventory_batches b ON b.id = m.batch_id
    JOIN products p ON p.id = b.product_id
    LEFT JOIN outward_entries e ON m.kind = 'OUTWARD' AND e.movement_id = m.id
    LEFT JOIN orders o ON o.id = (CASE WHEN m.kind = 'ORDER' THEN m.reference::uuid END)
    LEFT JOIN units bu ON bu.id = o.buyer_unit_id
    LEFT JOIN sales_invoices si ON si.id = (CASE WHEN m.kind = 'SALE' THEN m.reference::uuid END)
    LEFT JOIN debit_notes dn ON dn.id = (CASE WHEN m.kind = 'PURCHASE_RETURN' THEN m.reference::uuid END)
    LEFT JOIN users cu ON cu.id = m.created_by
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

const ORDER = sql`ORDER BY day DESC, created_at DESC, id DESC`;

/**
 * Value at cost of outbound movements, first in first out, exactly as financials/stock-valuation.ts values stock:
 * a batch's inbound movements are its cost layers (unit_cost_paise, fixed when written), a batch written without
 * movements has an OPENING layer (or shortfall) for the difference at its opening_cost_paise (migration 042), and an
 * outbound movement takes the queue places just after every unit that left before it. Places past the last layer
 * cost the opening cost. The batch's current price is never read.
 */
function valuesOf(ids: RawBuilder<{ id: string }>) {
  return sql<{ id: string; units: number; value_paise: string }>`
    WITH picked AS (${ids}),
    opening AS (
      SELECT b.id AS batch_id, b.created_at, b.opening_cost_paise AS default_cost,
        b.quantity - coalesce((SELECT sum(x.quantity_delta) FROM stock_movements x WHERE x.batch_id = b.id), 0) AS units
      FROM inventory_batches b
      WHERE b.id IN (SELECT m.batch_id FROM stock_movements m WHERE m.id IN (SELECT id FROM picked))),
    layers AS (
      SELECT o.batch_id, o.created_at AS at, 0 AS ord, NULL::uuid AS id, o.units AS delta, o.default_cost AS cost FROM opening o WHERE o.units > 0
      UNION ALL
      SELECT m.batch_id, m.created_at, 1, m.id, m.quantity_delta, m.unit_cost_paise
      FROM stock_movements m JOIN opening o ON o.batch_id = m.batch_id WHERE m.quantity_delta > 0),
    -- Materialized: computed once, then joined by batch (inlined, it would be recomputed for every outbound row).
    queue AS MATERIALIZED (
      SELECT batch_id, cost, sum(delta) OVER w - delta AS q_start, sum(delta) OVER w AS q_end
      FROM layers WINDOW w AS (PARTITION BY batch_id ORDER BY at, ord, id ROWS UNBOUNDED PRECEDING)),
    outs AS (
      SELECT m.id, m.batch_id, -m.quantity_delta AS units, o.default_cost,
        greatest(-o.units, 0) + coalesce(sum(-m.quantity_delta) OVER (PARTITION BY m.batch_id ORDER BY m.created_at, m.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS out_before
      FROM stock_movements m JOIN opening o ON o.batch_id = m.batch_id WHERE m.quantity_delta < 0)
    SELECT x.id, x.units,
      (coalesce(sum(ov.overlap * q.cost), 0) + (x.units - coalesce(sum(ov.overlap), 0)) * x.default_cost)::bigint::text AS value_paise
    FROM outs x
    LEFT JOIN queue q ON q.batch_id = x.batch_id AND q.q_end > x.out_before AND q.q_start < x.out_before + x.units
    CROSS JOIN LATERAL (SELECT least(q.q_end, x.out_before + x.units) - greatest(q.q_start, x.out_before) AS overlap) ov
    WHERE x.id IN (SELECT id FROM picked)
    GROUP BY x.id, x.units, x.default_cost`;
}

/** One page of the register, newest first. */
export async function registerPage(db: Database, f: RegisterFilter, page: { offset: number; limit: number }): Promise<(RegisterRow & { value_paise: number })[]> {
  const { rows } = await sql<RegisterRow>`SELECT * FROM (${registerRows(f)}) r ${ORDER} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return withValues(db, rows);
}

/** Every row of the filter (exports). */
export async function registerAll(db: Database, f: RegisterFilter, limit: number): Promise<(RegisterRow & { value_paise: number })[]> {
  const { rows } = await sql<RegisterRow>`SELECT * FROM (${registerRows(f)}) r ${ORDER} LIMIT ${limit}`.execute(db);
  return withValues(db, rows);
}

async function withValues(db: Database, rows: RegisterRow[]) {
  if (rows.length === 0) return [];
  const ids = sql<{ id: string }>`SELECT unnest(${rows.map((r) => r.id)}::uuid[]) AS id`;
  const values = new Map((await valuesOf(ids).execute(db)).rows.map((v) => [v.id, Number(v.value_paise)]));
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), value_paise: values.get(r.id) ?? 0 }));
}

/** Entries, units and value at cost of every row of the filter (one row of values per entry). */
export async function registerTotals(db: Database, f: RegisterFilter): Promise<{ entries: number; quantity: number; valuePaise: number }> {
  const matching = sql<{ id: string }>`SELECT id FROM (${registerRows(f)}) r`;
  const { rows } = await sql<{ entries: number; quantity: string | null; value: string | null }>`
    SELECT count(*)::int AS entries, sum(v.units)::bigint::text AS quantity, sum(v.value_paise::bigint)::text AS value FROM (${valuesOf(matching)}) v`.execute(db);
  const t = rows[0]!;
  return { entries: t.entries, quantity: Number(t.quantity ?? 0), valuePaise: Number(t.value ?? 0) };
}

export interface PickableBatch {
  batch_id: string;
  product_id: string;
  product_name: string;
  manufacturer: string;
  pack: string;
  batch_no: string;
  expiry_date: string;
  quantity: number;
  reserved: number;
  warehouse_name: string;
}

/** The warehouse's batches with something available, of one product or whose product name contains `q`. */
export async function pickableBatches(db: Database, unitId: string, warehouseId: string, find: { productId?: string | undefined; q?: string | undefined }, limit: number) {
  return db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
    .select(['b.id as batch_id', 'b.product_id', 'p.name as product_name', 'p.manufacturer', 'p.pack', 'b.batch_no', 'b.expiry_date', 'b.quantity', 'b.reserved', 'w.display_name as warehouse_name'])
    .where('b.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .where(sql<boolean>`b.quantity > b.reserved`)
    .$if(!!find.productId, (q) => q.where('b.product_id', '=', find.productId!))
    .$if(!!find.q, (q) => q.where('p.name', 'ilike', contains(find.q!)))
    .orderBy('p.name')
    .orderBy('b.expiry_date')
    .orderBy('b.batch_no')
    .limit(limit)
    .execute();
}

/** One batch of the unit, locked until the transaction ends. */
export async function lockBatch(db: Database, unitId: string, batchId: string) {
  return db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select(['b.id', 'b.quantity', 'b.reserved', 'b.batch_no', 'b.warehouse_id', 'b.created_at', 'p.name as product_name'])
    .where('b.id', '=', batchId)
    .where('b.unit_id', '=', unitId)
    .forUpdate('b')
    .executeTakeFirst();
}
