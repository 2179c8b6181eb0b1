import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { sellersVisibleTo } from '../connections/visibility';

export interface BasketBatchRow {
  product_id: string;
  hsn: string | null;
  seller_unit_id: string;
  seller_unit_code: string;
  trade_name: string;
  city: string;
  minimum_order_paise: number | null;
  lat: number | null;
  lng: number | null;
  expiry_date: string;
  available: number;
  ptr_paise: number;
  mrp_paise: number;
  scheme_buy: number | null;
  scheme_free: number | null;
}

/**
 * Sellable batches of these products at every seller the buyer may buy from (connections/visibility.ts: APPROVED
 * with access, `sellersVisibleTo`), not expired on `today`, under no recall and not excluded, per product and seller (by unit code, so equal offers are
 * always settled the same way) first expiry first — the order of orders/stock.ts that the cart prices from. One
 * statement for the whole list.
 */
export async function basketBatches(db: Database, buyerUnitId: string, productIds: readonly string[], today: string, excludedCodes: readonly string[]): Promise<BasketBatchRow[]> {
  if (!productIds.length) return [];
  const { rows } = await sql<BasketBatchRow>`
    SELECT b.product_id, p.hsn, u.id AS seller_unit_id, u.unit_code AS seller_unit_code, u.trade_name, u.city,
      u.minimum_order_paise, coalesce(w.latitude, u.latitude) AS lat, coalesce(w.longitude, u.longitude) AS lng,
      b.expiry_date, (b.quantity - b.reserved) AS available, b.ptr_paise, b.mrp_paise, b.scheme_buy, b.scheme_free
    FROM inventory_batches b
    JOIN units u ON u.id = b.unit_id
    JOIN warehouses w ON w.id = b.warehouse_id
    JOIN products p ON p.id = b.product_id AND p.gst_rated
    WHERE b.unit_id IN ${sellersVisibleTo(db, buyerUnitId)} AND b.unit_id <> ${buyerUnitId}
      AND b.product_id = ANY(${productIds}::uuid[]) AND b.expiry_date > ${today}::date AND b.quantity > b.reserved AND b.recall_id IS NULL
      AND NOT (u.unit_code = ANY(${excludedCodes}::text[]))
    ORDER BY b.product_id, u.unit_code, b.expiry_date, w.created_at, b.id`.execute(db);
  return rows;
}

/** The lines of one order the buyer's unit placed (null when it is not one of them). */
export async function placedOrderLines(db: Database, buyerUnitId: string, orderId: string) {
  const order = await db.selectFrom('orders').select('id').where('id', '=', orderId).where('buyer_unit_id', '=', buyerUnitId).executeTakeFirst();
  if (!order) return null;
  return db
    .selectFrom('order_lines')
    .select(['product_id', 'product_name', 'pack', 'quantity', 'free_quantity', 'position'])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
}
