import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface CartEntryRow {
  id: string;
  seller_unit_id: string;
  seller_unit_code: string;
  seller_trade_name: string;
  product_id: string | null;
  manufacturer: string;
  product_name: string;
  pack: string;
  quantity: number;
  free_quantity: number;
  ptr_paise: number;
  mrp_paise: number;
  /** The scheme of the seller's first-expiring sellable batch today the entry may take, in the order of orders/stock.ts (what the free quantity must fit). */
  scheme_buy: number | null;
  scheme_free: number | null;
  min_expiry_date: string | null;
  clearance_offer_id: string | null;
  /** An offer entry's batch. */
  offer_batch_no: string | null;
  offer_expiry_date: string | null;
}

export async function cartEntriesOfBuyer(db: Database, buyerUnitId: string, today: string): Promise<CartEntryRow[]> {
  const { rows } = await sql<CartEntryRow>`
    SELECT e.id, e.seller_unit_id, seller.unit_code AS seller_unit_code, seller.trade_name AS seller_trade_name,
      e.product_id, e.manufacturer, e.product_name, e.pack, e.quantity, e.free_quantity, e.ptr_paise, e.mrp_paise,
      fefo.scheme_buy, fefo.scheme_free, e.min_expiry_date, e.clearance_offer_id,
      ob.batch_no AS offer_batch_no, ob.expiry_date AS offer_expiry_date
    FROM carts c
    JOIN cart_entries e ON e.cart_id = c.id
    JOIN units seller ON seller.id = e.seller_unit_id
    LEFT JOIN clearance_offers co ON co.id = e.clearance_offer_id
    LEFT JOIN inventory_batches ob ON ob.id = co.batch_id
    LEFT JOIN LATERAL (
      SELECT b.scheme_buy, b.scheme_free FROM inventory_batches b JOIN warehouses w ON w.id = b.warehouse_id
      WHERE b.unit_id = e.seller_unit_id AND b.product_id = e.product_id
        AND b.expiry_date > ${today}::date AND b.quantity > b.reserved AND b.recall_id IS NULL
        AND (e.min_expiry_date IS NULL OR b.expiry_date >= e.min_expiry_date) AND (co.batch_id IS NULL OR b.id = co.batch_id)
      ORDER BY b.expiry_date, w.created_at, b.id LIMIT 1
    ) fefo ON true
    WHERE c.buyer_unit_id = ${buyerUnitId}
    ORDER BY seller.trade_name, e.created_at, e.id`.execute(db);
  return rows;
}

/** The buyer's cart id, creating the cart on first use; a refilled cart is no longer "submitted". */
export async function openCart(db: Database, buyerUnitId: string, now: Date): Promise<string> {
  const row = await db
    .insertInto('carts')
    .values({ id: crypto.randomUUID(), buyer_unit_id: buyerUnitId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('buyer_unit_id').doUpdateSet({ updated_at: now, submitted_at: null }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
