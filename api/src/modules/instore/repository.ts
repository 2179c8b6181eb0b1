import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { CounterSettings } from 'shared-api';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';

export const DEFAULT_SETTINGS: CounterSettings = { nearExpiryDays: 30, nearExpiryPolicy: 'WARN' };

export async function settingsOf(db: Database, unitId: string): Promise<CounterSettings> {
  const row = await db.selectFrom('counter_settings').select(['near_expiry_days', 'near_expiry_policy']).where('unit_id', '=', unitId).executeTakeFirst();
  return row ? { nearExpiryDays: row.near_expiry_days, nearExpiryPolicy: row.near_expiry_policy } : DEFAULT_SETTINGS;
}

export async function saveSettings(db: Database, unitId: string, s: CounterSettings, now: Date): Promise<void> {
  await db
    .insertInto('counter_settings')
    .values({ unit_id: unitId, near_expiry_days: s.nearExpiryDays, near_expiry_policy: s.nearExpiryPolicy, updated_at: now })
    .onConflict((oc) => oc.column('unit_id').doUpdateSet({ near_expiry_days: s.nearExpiryDays, near_expiry_policy: s.nearExpiryPolicy, updated_at: now }))
    .execute();
}

export interface WarehouseBatch {
  id: string;
  product_id: string;
  batch_no: string;
  expiry_date: string;
  mrp_paise: number;
  ptr_paise: number;
  quantity: number;
  reserved: number;
}

/**
 * The warehouse's batches of these products with something not held by orders and under no recall (a picked recalled
 * batch is refused before: recalls/block.ts), first expiry first. With `lock`
 * they are locked FOR UPDATE (in id order, so two counters never deadlock) until the transaction ends.
 */
export async function warehouseBatches(db: Database, warehouseId: string, productIds: readonly string[], lock: boolean): Promise<WarehouseBatch[]> {
  if (!productIds.length) return [];
  const { rows } = await sql<WarehouseBatch>`
    SELECT id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise, quantity, reserved
    FROM inventory_batches
    WHERE warehouse_id = ${warehouseId} AND product_id = ANY(${[...productIds]}::uuid[]) AND quantity > reserved AND recall_id IS NULL
    ORDER BY id
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows.sort((a, b) => a.expiry_date.localeCompare(b.expiry_date) || a.batch_no.localeCompare(b.batch_no));
}

/**
 * Products with stock in the warehouse whose name has a word starting with `q`, or with a batch numbered exactly `q`;
 * not one whose HSN has no GST rate on record (it could not be billed until its HSN is fixed).
 */
export async function lookupProducts(db: Database, warehouseId: string, q: string) {
  const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await sql<{ id: string; name: string; manufacturer: string; pack: string; hsn: string | null }>`
    SELECT p.id, p.name, p.manufacturer, p.pack, p.hsn
    FROM products p
    WHERE p.gst_rated
      AND EXISTS (SELECT 1 FROM inventory_batches b WHERE b.product_id = p.id AND b.warehouse_id = ${warehouseId} AND b.quantity > b.reserved AND b.recall_id IS NULL)
      AND (p.name ILIKE ${`${like}%`} OR p.name ILIKE ${`% ${like}%`}
           OR EXISTS (SELECT 1 FROM inventory_batches b WHERE b.product_id = p.id AND b.warehouse_id = ${warehouseId} AND lower(b.batch_no) = lower(${q})))
    ORDER BY p.name
    LIMIT 20`.execute(db);
  return rows;
}

export function productsByIds(db: Database, ids: readonly string[]) {
  return db.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack', 'hsn']).where('id', 'in', [...ids]).execute();
}

export interface StockTake {
  batchId: string;
  quantity: number;
}

/**
 * Takes the units out of the (locked) batches; false when a batch had too few. Their SALE movements print the
 * invoice's number, so the caller writes them with it (saleMovements).
 */
export async function takeStock(trx: Transaction<DB>, takes: readonly StockTake[], at: Date): Promise<boolean> {
  for (const t of takes) {
    const res = await trx
      .updateTable('inventory_batches')
      .set({ quantity: sql`quantity - ${t.quantity}`, updated_at: at })
      .where('id', '=', t.batchId)
      .where(sql<boolean>`quantity - reserved >= ${t.quantity}`)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
  }
  return true;
}

/** The SALE stock movements of what takeStock took, as rows (`note` may hold NUMBER_TO_TAKE). */
export function saleMovements(unitId: string, takes: readonly StockTake[], movement: { reference: string; note: string; userId: string; at: Date }) {
  return takes.map((t) => ({ id: randomUUID(), batch_id: t.batchId, unit_id: unitId, kind: 'SALE' as const, quantity_delta: -t.quantity, reference: movement.reference, note: movement.note, created_by: movement.userId, created_at: movement.at }));
}

export function counterSaleRows(db: Database, unitId: string, page: { offset: number; limit: number }) {
  return db
    .selectFrom('counter_sales as c')
    .innerJoin('sales_invoices as i', 'i.id', 'c.invoice_id')
    .select(['i.id', 'i.invoice_number', 'i.invoice_date', 'i.recipient_name', sql<string | null>`i.recipient ->> 'unitCode'`.as('party_unit_code'), 'i.item_count', 'i.total_paise', 'c.payment_mode', 'c.settled_by'])
    .where('c.unit_id', '=', unitId)
    .orderBy('c.created_at', 'desc')
    .orderBy('i.serial', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function counterSaleCount(db: Database, unitId: string): Promise<number> {
  const row = await db.selectFrom('counter_sales').select(sql<number>`count(*)::int`.as('n')).where('unit_id', '=', unitId).executeTakeFirstOrThrow();
  return row.n;
}
