import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

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
