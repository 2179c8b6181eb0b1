import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { MAX_QUANTITY, type CostBasis, type ExpiryWindow, type InventoryQuery, type UploadMode } from 'shared-api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { DB, StockMovementKind } from '../../db/types';
import type { StockLine } from './parsers/rows';
import { nullableNumbers, unitCost, type LineColumns, type ProductColumns } from './parsers/stock-lines';

type Db = Kysely<DB>;

/** Rows per bulk statement: arrays go in as one parameter per column (unnest); smaller chunks bound the memory one
 * statement's parameters and text take, while a few thousand rows keep the per-statement overhead negligible. */
const CHUNK = 2_000;

const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/**
 * Ids in ascending order (the UUID version 7 layout: milliseconds, then a counter, then random bits), so a bulk
 * insert appends to the right edge of each uuid index instead of splitting pages all over it.
 */
export function orderedIds(): () => string {
  const ms = hex(Date.now(), 12);
  const tail = randomBytes(6).toString('hex');
  let n = 0;
  return () => {
    const c = n++;
    if (c >= 0x1000000) throw new Error('orderedIds: more than 16 million ids in one call');
    return `${ms.slice(0, 8)}-${ms.slice(8)}-7${hex(c >>> 12, 3)}-8${hex(c & 0xfff, 3)}-${tail}`;
  };
}

/** [from, to) index ranges of CHUNK rows: each statement's parameter arrays are built from the columns per chunk. */
function* ranges(count: number): Generator<[number, number]> {
  for (let from = 0; from < count; from += CHUNK) yield [from, Math.min(count, from + CHUNK)];
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (const [from, to] of ranges(items.length)) out.push(items.slice(from, to));
  return out;
}

export async function activeWarehouse(db: Database, userId: string, unitId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('warehouses as w', 'w.id', 'u.active_warehouse_id')
    .select(['w.id', 'w.display_name as name'])
    .where('u.id', '=', userId)
    .where('w.unit_id', '=', unitId)
    .executeTakeFirst();
}

/** Which of these product ids the master has. */
export async function existingProducts(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await sql<{ id: string }>`SELECT id FROM products WHERE id = ANY(${part}::uuid[])`.execute(db);
    for (const r of rows.rows) found.add(r.id);
  }
  return found;
}

/** Whether the unit's latest import counted free goods as stock: its choice for the next upload (none yet: undefined). */
export async function lastCountFree(db: Database, unitId: string): Promise<boolean | undefined> {
  const last = await db
    .selectFrom('inventory_imports')
    .select('count_free')
    .where('unit_id', '=', unitId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.count_free;
}

/**
 * Imports into one warehouse one at a time (a double click sends the same file twice): the second waits here until
 * the first commits, then sees its import record. NO KEY UPDATE does not block the rows that only reference it.
 */
export async function lockWarehouse(trx: Db, warehouseId: string): Promise<void> {
  await sql`SELECT id FROM warehouses WHERE id = ${warehouseId}::uuid FOR NO KEY UPDATE`.execute(trx);
}

export function previousImport(db: Db, warehouseId: string, fileHash: string) {
  return db
    .selectFrom('inventory_imports')
    .select(['id', 'mode', 'rows_imported', 'rows_rejected', 'count_free', 'created_at'])
    .where('warehouse_id', '=', warehouseId)
    .where('file_hash', '=', fileHash)
    .executeTakeFirst();
}

/**
 * The file's distinct products (by match key), created when the master lacks them; ids[i] is product i's id. A
 * product without an HSN takes the file's; one with an HSN keeps it (the preview warns when the file disagrees).
 */
export async function upsertProducts(trx: Db, products: ProductColumns, now: Date) {
  const ids: string[] = [];
  const createdIds: string[] = [];
  for (const [from, to] of ranges(products.matchKey.length)) {
    const column = <T>(values: T[]) => values.slice(from, to);
    const keys = column(products.matchKey);
    // DO UPDATE rather than DO NOTHING so existing products come back with their ids too.
    const result = await sql<{ id: string; match_key: string; inserted: boolean }>`
      INSERT INTO products (id, name, manufacturer, composition, pack, hsn, match_key, created_at)
      SELECT u.id, u.name, u.manufacturer, u.composition, u.pack, u.hsn, u.match_key, ${now}::timestamptz
      FROM unnest(${keys.map(() => randomUUID())}::uuid[], ${column(products.name)}::text[],
                  ${column(products.manufacturer)}::text[], ${column(products.composition)}::text[],
                  ${column(products.pack)}::text[], ${column(products.hsn)}::text[], ${keys}::text[])
        AS u(id, name, manufacturer, composition, pack, hsn, match_key)
      ON CONFLICT (match_key) DO UPDATE SET hsn = coalesce(products.hsn, excluded.hsn)
      RETURNING id, match_key, (xmax = 0) AS inserted`.execute(trx);
    const idOf = new Map(result.rows.map((row) => [row.match_key, row.id]));
    for (const key of keys) ids.push(idOf.get(key)!);
    for (const row of result.rows) if (row.inserted) createdIds.push(row.id);
  }
  return { ids, createdIds };
}

/**
 * The file's HSN and composition for products (ids[i] ← hsn[i], composition[i]) that have none on record; what is on
 * record is never overwritten (the preview warns when the file disagrees).
 */
export async function fillProductGaps(trx: Db, ids: readonly string[], hsn: readonly (string | null)[], composition: readonly (string | null)[]) {
  for (const [from, to] of ranges(ids.length)) {
    await sql`
      UPDATE products p SET hsn = coalesce(p.hsn, u.hsn), composition = coalesce(p.composition, u.composition)
      FROM unnest(${ids.slice(from, to)}::uuid[], ${hsn.slice(from, to)}::text[], ${composition.slice(from, to)}::text[]) AS u(id, hsn, composition)
      WHERE p.id = u.id AND ((p.hsn IS NULL AND u.hsn IS NOT NULL) OR (p.composition IS NULL AND u.composition IS NOT NULL))`.execute(trx);
  }
}

/** Batches to write, column-wise: the file line each comes from, its id and its new quantity. */
export interface BatchWrites {
  line: number[];
  id: string[];
  quantity: number[];
}

/**
 * New batches of one warehouse, ids chosen here (opening cost: the line's Cost, else PTS, else PTR): a plain multi-row insert (no ON CONFLICT, no RETURNING), the
 * cheapest bulk path on both databases. The caller has locked the warehouse's batches and knows these are new; a
 * batch created concurrently in between makes the unique index refuse the insert, so the import rolls back whole.
 */
export async function insertBatches(trx: Db, unitId: string, warehouseId: string, lines: LineColumns, productIds: readonly string[], batches: BatchWrites, now: Date, basis: CostBasis) {
  for (const [from, to] of ranges(batches.id.length)) {
    const at = batches.line.slice(from, to);
    await sql`
      INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise,
                                     pts_paise, quantity, scheme_buy, scheme_free, created_at, updated_at, opening_cost_paise)
      SELECT u.id, ${unitId}::uuid, ${warehouseId}::uuid, u.product_id, u.batch_no, u.expiry_date, u.mrp, u.ptr, u.pts,
             u.quantity, u.scheme_buy, u.scheme_free, ${now}::timestamptz, ${now}::timestamptz, u.cost
      FROM unnest(${batches.id.slice(from, to)}::uuid[], ${at.map((i) => productIds[lines.product[i]!])}::uuid[],
                  ${at.map((i) => lines.batchNo[i])}::text[], ${at.map((i) => lines.expiryDate[i])}::date[],
                  ${at.map((i) => lines.mrpPaise[i])}::int[], ${at.map((i) => lines.ptrPaise[i])}::int[],
                  ${nullableNumbers(lines.ptsPaise, at)}::int[], ${batches.quantity.slice(from, to)}::int[],
                  ${nullableNumbers(lines.schemeBuy, at)}::int[], ${nullableNumbers(lines.schemeFree, at)}::int[],
                  ${at.map((i) => unitCost(lines, i, basis))}::int[])
        AS u(id, product_id, batch_no, expiry_date, mrp, ptr, pts, quantity, scheme_buy, scheme_free, cost)`.execute(trx);
  }
}

/** Existing (locked) batches get the file's prices, expiry, scheme and quantity. */
export async function updateBatches(trx: Db, lines: LineColumns, batches: BatchWrites, now: Date) {
  for (const [from, to] of ranges(batches.id.length)) {
    const at = batches.line.slice(from, to);
    await sql`
      UPDATE inventory_batches b SET expiry_date = u.expiry_date, mrp_paise = u.mrp, ptr_paise = u.ptr, pts_paise = u.pts,
             quantity = u.quantity, scheme_buy = u.scheme_buy, scheme_free = u.scheme_free, updated_at = ${now}::timestamptz
      FROM unnest(${batches.id.slice(from, to)}::uuid[], ${at.map((i) => lines.expiryDate[i])}::date[],
                  ${at.map((i) => lines.mrpPaise[i])}::int[], ${at.map((i) => lines.ptrPaise[i])}::int[],
                  ${nullableNumbers(lines.ptsPaise, at)}::int[], ${batches.quantity.slice(from, to)}::int[],
                  ${nullableNumbers(lines.schemeBuy, at)}::int[], ${nullableNumbers(lines.schemeFree, at)}::int[])
        AS u(id, expiry_date, mrp, ptr, pts, quantity, scheme_buy, scheme_free)
      WHERE b.id = u.id`.execute(trx);
  }
}

/** Stock movements to write, column-wise. */
export interface MovementWrites {
  batchId: string[];
  delta: number[];
  /** Cost of one unit of each inbound movement, fixed now (a bill line's cost; an upload's Cost column, else its PTS, else PTR); left
   * out or null: the batch's PTS, else PTR, as it stands when the movement is written (migration 042's trigger). */
  unitCostPaise?: (number | null)[];
}

export async function insertMovements(
  trx: Db,
  unitId: string,
  kind: StockMovementKind,
  moves: MovementWrites,
  meta: { reference: string | null; note: string | null; userId: string; now: Date; nextId?: () => string },
) {
  // One id sequence across an import's calls keeps its movements in order in the index.
  const nextId = meta.nextId ?? orderedIds();
  for (const [from, to] of ranges(moves.batchId.length)) {
    await sql`
      INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, note, created_by, created_at, unit_cost_paise)
      SELECT u.id, u.batch_id, ${unitId}::uuid, ${kind}, u.delta, ${meta.reference}, ${meta.note}, ${meta.userId}::uuid, ${meta.now}::timestamptz, u.cost
      FROM unnest(${Array.from({ length: to - from }, nextId)}::uuid[], ${moves.batchId.slice(from, to)}::uuid[], ${moves.delta.slice(from, to)}::int[],
                  ${(moves.unitCostPaise ?? []).slice(from, to)}::int[])
        AS u(id, batch_id, delta, cost)`.execute(trx);
  }
}

/** Stock of a warehouse, locked for the import's transaction (a concurrent order cannot slip in between). */
export function lockWarehouseBatches(trx: Db, warehouseId: string) {
  return trx
    .selectFrom('inventory_batches')
    .select(['id', 'product_id', 'batch_no', 'quantity', 'reserved', 'mrp_paise'])
    .where('warehouse_id', '=', warehouseId)
    .forUpdate()
    .execute();
}

export async function setQuantities(trx: Db, updates: readonly { id: string; quantity: number }[], now: Date) {
  for (const part of chunks(updates)) {
    await sql`
      UPDATE inventory_batches b SET quantity = u.quantity, updated_at = ${now}::timestamptz
      FROM unnest(${part.map((u) => u.id)}::uuid[], ${part.map((u) => u.quantity)}::int[]) AS u(id, quantity)
      WHERE b.id = u.id`.execute(trx);
  }
}

export async function insertImport(
  trx: Db,
  values: {
    id: string;
    unitId: string;
    warehouseId: string;
    fileName: string;
    fileHash: string;
    fileType: string;
    mode: UploadMode;
    countFree: boolean;
    rowsImported: number;
    rowsRejected: number;
    userId: string;
    now: Date;
  },
) {
  await trx
    .insertInto('inventory_imports')
    .values({
      id: values.id,
      unit_id: values.unitId,
      warehouse_id: values.warehouseId,
      file_name: values.fileName,
      file_hash: values.fileHash,
      file_type: values.fileType,
      mode: values.mode,
      count_free: values.countFree,
      rows_imported: values.rowsImported,
      rows_rejected: values.rowsRejected,
      created_by: values.userId,
      created_at: values.now,
    })
    .execute();
}

/** SPEC.md §1: 3 more free deliveries for the first inventory; true when this call credited them. */
export async function creditFirstInventory(trx: Db, unitId: string, now: Date): Promise<boolean> {
  const result = await sql<{ id: string }>`
    INSERT INTO referral_credits (id, unit_id, deliveries, reason, created_at)
    VALUES (${randomUUID()}, ${unitId}, 3, 'FIRST_INVENTORY', ${now}::timestamptz)
    ON CONFLICT (unit_id) WHERE reason = 'FIRST_INVENTORY' DO NOTHING
    RETURNING id`.execute(trx);
  return result.rows.length > 0;
}

// ——— reading ———

const todayParam = (today: string) => sql`${today}::date`;

function expiryCondition(window: ExpiryWindow, today: string) {
  if (window === 'expired') return sql<boolean>`b.expiry_date <= ${todayParam(today)}`;
  return sql<boolean>`b.expiry_date > ${todayParam(today)} AND b.expiry_date <= ${todayParam(today)} + ${Number(window)}::int`;
}

function batchesOf(db: Database, unitId: string, warehouseId: string, today: string) {
  return db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
    .where('b.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .select([
      'b.id',
      'b.product_id',
      'p.name as product_name',
      'p.manufacturer',
      'p.composition',
      'p.pack',
      'p.hsn',
      'b.batch_no',
      'b.expiry_date',
      'b.mrp_paise',
      'b.ptr_paise',
      'b.pts_paise',
      'b.quantity',
      'b.reserved',
      'b.scheme_buy',
      'b.scheme_free',
      'b.updated_at',
      'w.display_name as warehouse_name',
      sql<number>`(b.expiry_date - ${todayParam(today)})`.as('days_to_expiry'),
      // The one rate rule (010_ledger.sql, 034_gst_rate_master.sql); null: not offered for sale until the HSN is fixed.
      sql<number | null>`gst_rate_bp(p.hsn, ${todayParam(today)})`.as('gst_bp'),
    ]);
}

export type BatchRow = Awaited<ReturnType<ReturnType<typeof batchesOf>['executeTakeFirstOrThrow']>>;

const SORT_COLUMNS = {
  name: 'p.name',
  expiry: 'b.expiry_date',
  quantity: 'b.quantity',
  mrp: 'b.mrp_paise',
  manufacturer: 'p.manufacturer',
} as const;

export async function listBatches(db: Database, unitId: string, warehouseId: string, today: string, q: z.output<typeof InventoryQuery>) {
  let query = batchesOf(db, unitId, warehouseId, today);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('b.batch_no', 'ilike', like), eb('p.composition', 'ilike', like)]));
  }
  if (q.manufacturer) query = query.where('p.manufacturer', '=', q.manufacturer);
  if (q.expiry) query = query.where(expiryCondition(q.expiry, today));
  else query = query.where('b.quantity', '>', 0);
  const total = await query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const items = await query
    .orderBy(sql.ref(SORT_COLUMNS[q.sort]), q.direction)
    .orderBy('b.id')
    .limit(q.pageSize)
    .offset(q.page * q.pageSize)
    .execute();
  const manufacturers = await db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select('p.manufacturer')
    .distinct()
    .where('b.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .where('p.manufacturer', '<>', '')
    .orderBy('p.manufacturer')
    .execute();
  return { items, total: total.n, manufacturers: manufacturers.map((m) => m.manufacturer) };
}

export function batchById(db: Database, unitId: string, batchId: string, today: string) {
  return db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
    .where('b.unit_id', '=', unitId)
    .where('b.id', '=', batchId)
    .select('b.warehouse_id')
    .executeTakeFirst()
    .then((found) => (found ? batchesOf(db, unitId, found.warehouse_id, today).where('b.id', '=', batchId).executeTakeFirst() : undefined));
}

export function movementsOf(db: Database, unitId: string, batchId: string) {
  return db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select(['m.id', 'm.kind', 'm.quantity_delta', 'm.reference', 'm.note', 'm.created_at', 'u.first_name', 'u.last_name'])
    .select(sql<number>`sum(m.quantity_delta) OVER (ORDER BY m.created_at, m.id)::int`.as('balance'))
    .where('m.unit_id', '=', unitId)
    .where('m.batch_id', '=', batchId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

/** Stock buckets (batches, units, value at PTR) by a SQL expression that names each batch's bucket key. */
export async function bucketTotals(db: Database, unitId: string, warehouseId: string, keyExpression: ReturnType<typeof sql<string | null>>) {
  const rows = await db
    .selectFrom('inventory_batches as b')
    .where('b.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.quantity', '>', 0)
    .select([
      keyExpression.as('key'),
      sql<number>`count(*)::int`.as('batches'),
      sql<number>`coalesce(sum(b.quantity), 0)::int`.as('quantity'),
      sql<number>`coalesce(sum(b.quantity::bigint * b.ptr_paise), 0)::bigint`.as('value'),
    ])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.key, { batches: r.batches, quantity: r.quantity, valuePaise: Number(r.value) }]));
}

export function stockByManufacturer(db: Database, unitId: string, warehouseId: string) {
  return db
    .selectFrom('inventory_batches as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .where('b.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.quantity', '>', 0)
    .select([
      'p.manufacturer',
      sql<number>`count(DISTINCT b.product_id)::int`.as('products'),
      sql<number>`count(*)::int`.as('batches'),
      sql<number>`sum(b.quantity)::int`.as('quantity'),
      sql<string>`sum(b.quantity::bigint * b.ptr_paise)`.as('value'),
      sql<string>`sum(b.quantity::bigint * b.mrp_paise)`.as('mrp_value'),
    ])
    .groupBy('p.manufacturer')
    .orderBy(sql`sum(b.quantity::bigint * b.ptr_paise)`, 'desc')
    .execute();
}

export function movementTotals(db: Database, unitId: string, warehouseId: string, since: Date) {
  return db
    .selectFrom('stock_movements as m')
    .innerJoin('inventory_batches as b', 'b.id', 'm.batch_id')
    .where('m.unit_id', '=', unitId)
    .where('b.warehouse_id', '=', warehouseId)
    .where('m.created_at', '>=', since)
    .select(['m.kind', sql<number>`count(*)::int`.as('count'), sql<number>`sum(m.quantity_delta)::int`.as('quantity')])
    .groupBy('m.kind')
    .orderBy('m.kind')
    .execute();
}

/** Which terms of an existing batch an addition replaces (all by default); a field left false keeps the batch's. */
export interface BatchTermsChange {
  mrp: boolean;
  ptr: boolean;
  pts: boolean;
  scheme: boolean;
}
const ALL_TERMS: BatchTermsChange = { mrp: true, ptr: true, pts: true, scheme: true };

/**
 * One manual batch: an existing warehouse+product+batch gets the quantity added, otherwise it is created (with every
 * term of the line). A merged product's batch is its survivor's (migration 058: the conflict target must be it).
 * `change` says which of an existing batch's terms the line's replace (Receive keeps those the user did not change).
 * Answers the batch's terms as they stand after.
 */
export async function addOrIncreaseBatch(trx: Db, v: { unitId: string; warehouseId: string; productId: string; line: StockLine; now: Date; change?: BatchTermsChange; openingCostPaise?: number }) {
  const l = v.line;
  const c = v.change ?? ALL_TERMS;
  const result = await sql<{ id: string; mrp_paise: number; ptr_paise: number; pts_paise: number | null; scheme_buy: number | null; scheme_free: number | null }>`
    INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, pts_paise,
                                   quantity, scheme_buy, scheme_free, created_at, updated_at, opening_cost_paise)
    VALUES (${randomUUID()}, ${v.unitId}, ${v.warehouseId}, (SELECT coalesce(merged_into, id) FROM products WHERE id = ${v.productId}::uuid), ${l.batchNo}, ${l.expiryDate}::date, ${l.mrpPaise}, ${l.ptrPaise},
            ${l.ptsPaise}, ${l.quantity}, ${l.schemeBuy}, ${l.schemeFree}, ${v.now}::timestamptz, ${v.now}::timestamptz,
            ${v.openingCostPaise ?? l.ptsPaise ?? l.ptrPaise})
    ON CONFLICT (warehouse_id, product_id, batch_no) DO UPDATE SET
      quantity = inventory_batches.quantity + excluded.quantity, expiry_date = excluded.expiry_date,
      mrp_paise = CASE WHEN ${c.mrp}::boolean THEN excluded.mrp_paise ELSE inventory_batches.mrp_paise END,
      ptr_paise = CASE WHEN ${c.ptr}::boolean THEN excluded.ptr_paise ELSE inventory_batches.ptr_paise END,
      pts_paise = CASE WHEN ${c.pts}::boolean THEN excluded.pts_paise ELSE inventory_batches.pts_paise END,
      scheme_buy = CASE WHEN ${c.scheme}::boolean THEN excluded.scheme_buy ELSE inventory_batches.scheme_buy END,
      scheme_free = CASE WHEN ${c.scheme}::boolean THEN excluded.scheme_free ELSE inventory_batches.scheme_free END,
      updated_at = excluded.updated_at
    WHERE inventory_batches.quantity::bigint + excluded.quantity <= ${MAX_QUANTITY}
    RETURNING id, mrp_paise, ptr_paise, pts_paise, scheme_buy, scheme_free`.execute(trx);
  // No row: the batch exists and the addition would take it past MAX_QUANTITY (nor fit its column).
  return result.rows[0];
}

/** The unit's cost basis for stock arriving without a cost (issue 39 item 5); PTS when never set. */
export async function costBasisOf(db: Db, unitId: string): Promise<CostBasis> {
  const row = await db.selectFrom('books_settings').select(['stock_cost_basis', 'stock_cost_margin_bp']).where('unit_id', '=', unitId).executeTakeFirst();
  return { basis: row?.stock_cost_basis ?? 'PTS', marginBp: row?.stock_cost_margin_bp ?? 0 };
}

export async function setCostBasis(db: Db, unitId: string, basis: CostBasis, now: Date): Promise<void> {
  await db
    .insertInto('books_settings')
    .values({ unit_id: unitId, stock_cost_basis: basis.basis, stock_cost_margin_bp: basis.marginBp, updated_at: now })
    .onConflict((oc) => oc.column('unit_id').doUpdateSet({ stock_cost_basis: basis.basis, stock_cost_margin_bp: basis.marginBp, updated_at: now }))
    .execute();
}
