import { sql } from 'kysely';
import type { Database } from '../../db/database';

/*
 * Sellable stock of one product at one seller: batches not expired on `today` (expiry_date > today) with something
 * left after reservations and under no recall (recalls/block.ts), first expiry first (FEFO), of a product whose HSN
 * has a GST rate on record (an order of it could not be invoiced). The cart prices from the first of them; submit reserves and acceptance moves stock in this order.
 */

export interface SellableBatch {
  id: string;
  batch_no: string;
  expiry_date: string;
  quantity: number;
  reserved: number;
  ptr_paise: number;
  mrp_paise: number;
  scheme_buy: number | null;
  scheme_free: number | null;
}

export interface SellableOptions {
  /** Lock the rows FOR UPDATE until the transaction ends (PostgreSQL re-reads them after waiting). */
  lock?: boolean;
  /** Only batches expiring on or after this day (a cart entry's minimum remaining shelf life). */
  minExpiryDate?: string | null;
  /** Only this batch (a near-expiry offer's). */
  batchId?: string | null;
}

/** The one FEFO query: the cart prices, submit reserves and acceptance tops up through it, with the entry's options. */
export async function sellableBatches(db: Database, sellerUnitId: string, productId: string, today: string, options: SellableOptions = {}): Promise<SellableBatch[]> {
  const { rows } = await sql<SellableBatch>`
    SELECT b.id, b.batch_no, b.expiry_date, b.quantity, b.reserved, b.ptr_paise, b.mrp_paise, b.scheme_buy, b.scheme_free
    FROM inventory_batches b
    JOIN warehouses w ON w.id = b.warehouse_id
    JOIN products p ON p.id = b.product_id AND p.gst_rated
    WHERE b.unit_id = ${sellerUnitId} AND b.product_id = ${productId} AND b.expiry_date > ${today}::date AND b.quantity > b.reserved AND b.recall_id IS NULL
      ${options.minExpiryDate ? sql`AND b.expiry_date >= ${options.minExpiryDate}::date` : sql``}
      ${options.batchId ? sql`AND b.id = ${options.batchId}` : sql``}
    ORDER BY b.expiry_date, w.created_at, b.id
    ${options.lock ? sql`FOR UPDATE OF b` : sql``}`.execute(db);
  return rows;
}

export const availableOf = (batches: SellableBatch[]) => batches.reduce((sum, b) => sum + b.quantity - b.reserved, 0);

/**
 * Reserves `units` FEFO over locked batches. Each reservation is a conditional UPDATE, so even without the lock a
 * concurrent reservation could never push reserved above quantity. Returns the reservations, or the shortfall.
 */
export async function reserveFefo(
  db: Database,
  batches: SellableBatch[],
  units: number,
  now: Date,
): Promise<{ reserved: { batchId: string; quantity: number }[]; short: number }> {
  const reserved: { batchId: string; quantity: number }[] = [];
  let left = units;
  for (const b of batches) {
    if (left === 0) break;
    const take = Math.min(left, b.quantity - b.reserved);
    if (take <= 0) continue;
    const res = await db
      .updateTable('inventory_batches')
      .set({ reserved: sql`reserved + ${take}`, updated_at: now })
      .where('id', '=', b.id)
      .where(sql<boolean>`quantity - reserved >= ${take}`)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    reserved.push({ batchId: b.id, quantity: take });
    left -= take;
  }
  return { reserved, short: left };
}
