import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { supplyBetween } from '../ledger/parties';
import { orderLineMoney } from './money';

/** One priced line of a new order, with the batches its units are reserved from. */
export interface NewOrderLine {
  productId: string;
  productName: string;
  manufacturer: string;
  pack: string;
  hsn: string | null;
  quantity: number;
  freeQuantity: number;
  ptrPaise: number;
  mrpPaise: number;
  rateBp: number;
  taxablePaise: number;
  gstPaise: number;
  totalPaise: number;
  position: number;
  reserved: readonly { batchId: string; quantity: number }[];
  /** What acceptance must keep honouring: the buyer's minimum expiry date, or the near-expiry offer (its batch only). */
  minExpiryDate?: string | null;
  clearanceOfferId?: string | null;
}

export interface NewOrder {
  buyerUnitId: string;
  sellerUnitId: string;
  placedBy: string;
  /** 'YYYY-MM-DD' in IST: the order number's month and the GST rate's date. */
  orderDate: string;
  at: Date;
  lines: readonly NewOrderLine[];
}

/**
 * Writes an order, its lines and their stock reservations (the caller's transaction has already reserved the
 * batches). Numbers run `ORD-YYMM-000123` from one sequence. The cart submit and the demo seed both use it.
 */
export async function insertOrder(trx: Database, order: NewOrder) {
  const { rows } = await sql<{ n: number }>`SELECT nextval('order_number_seq')::int AS n`.execute(trx);
  const orderNumber = `ORD-${order.orderDate.slice(2, 4)}${order.orderDate.slice(5, 7)}-${String(rows[0]!.n).padStart(6, '0')}`;
  const id = randomUUID();
  const taxablePaise = order.lines.reduce((s, l) => s + l.taxablePaise, 0);
  const gstPaise = order.lines.reduce((s, l) => s + l.gstPaise, 0);
  await trx
    .insertInto('orders')
    .values({
      id,
      order_number: orderNumber,
      buyer_unit_id: order.buyerUnitId,
      seller_unit_id: order.sellerUnitId,
      placed_by: order.placedBy,
      status: 'PLACED',
      order_date: order.orderDate,
      item_count: order.lines.length,
      taxable_paise: taxablePaise,
      gst_paise: gstPaise,
      total_paise: taxablePaise + gstPaise,
      created_at: order.at,
    })
    .execute();
  for (const l of order.lines) {
    const lineId = randomUUID();
    await trx
      .insertInto('order_lines')
      .values({
        id: lineId,
        order_id: id,
        product_id: l.productId,
        product_name: l.productName,
        manufacturer: l.manufacturer,
        pack: l.pack,
        hsn: l.hsn,
        quantity: l.quantity,
        free_quantity: l.freeQuantity,
        ptr_paise: l.ptrPaise,
        mrp_paise: l.mrpPaise,
        gst_rate_bp: l.rateBp,
        taxable_paise: l.taxablePaise,
        gst_paise: l.gstPaise,
        total_paise: l.totalPaise,
        position: l.position,
        min_expiry_date: l.minExpiryDate ?? null,
        clearance_offer_id: l.clearanceOfferId ?? null,
      })
      .execute();
    if (l.reserved.length === 0) continue;
    await trx
      .insertInto('order_allocations')
      .values(l.reserved.map((r) => ({ id: randomUUID(), order_line_id: lineId, batch_id: r.batchId, quantity: r.quantity, status: 'RESERVED' as const, created_at: order.at })))
      .execute();
  }
  return { id, orderNumber, taxablePaise, gstPaise, totalPaise: taxablePaise + gstPaise };
}

/**
 * A product's HSN was fixed (inventory/service.ts fixHsn): the lines of it in open orders (placed, or accepted and not
 * yet invoiced) whose HSN had no rate on `today` take the new HSN and are priced at its rate, and their orders' totals
 * follow, so the order can be accepted and invoiced. Orders are locked in id order (the order row first, decision 13).
 * Answers how many orders changed.
 */
export async function repriceUnratedLines(trx: Database, productId: string, hsn: string, rateBp: number, today: string): Promise<number> {
  const { rows: orders } = await sql<{ id: string; seller_unit_id: string; buyer_unit_id: string }>`
    SELECT o.id, o.seller_unit_id, o.buyer_unit_id FROM orders o
    WHERE (o.status = 'PLACED' OR (o.status = 'ACCEPTED' AND NOT EXISTS (SELECT 1 FROM sales_invoices i WHERE i.order_id = o.id)))
      AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_id = ${productId} AND gst_rate_bp(l.hsn, ${today}::date) IS NULL)
    ORDER BY o.id
    FOR UPDATE OF o`.execute(trx);
  for (const o of orders) {
    const supply = await supplyBetween(trx, o.seller_unit_id, o.buyer_unit_id);
    const lines = await trx
      .selectFrom('order_lines')
      .select(['id', 'quantity', 'free_quantity', 'ptr_paise'])
      .where('order_id', '=', o.id)
      .where('product_id', '=', productId)
      .where(sql<boolean>`gst_rate_bp(hsn, ${today}::date) IS NULL`)
      .execute();
    for (const l of lines) {
      const money = orderLineMoney({ quantity: l.quantity, freeQuantity: l.free_quantity, ptrPaise: l.ptr_paise }, rateBp, supply);
      await trx
        .updateTable('order_lines')
        .set({ hsn, gst_rate_bp: money.rateBp, taxable_paise: money.taxablePaise, gst_paise: money.gstPaise, total_paise: money.totalPaise })
        .where('id', '=', l.id)
        .execute();
    }
    await sql`UPDATE orders o SET taxable_paise = t.taxable, gst_paise = t.gst, total_paise = t.taxable + t.gst
      FROM (SELECT sum(taxable_paise) AS taxable, sum(gst_paise) AS gst FROM order_lines WHERE order_id = ${o.id}) t
      WHERE o.id = ${o.id}`.execute(trx);
  }
  return orders.length;
}
