import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LineInput } from 'shared-api';
import type { Database } from '../src/db/database';
import { unitId } from './cart-fixtures';

/**
 * An order already accepted (its batches allocated and ACCEPTED), written straight into the tables: what the
 * invoice tests start from when the cart and acceptance flow is not what they test. Stock is not moved.
 */
export async function acceptedOrder(
  db: Database,
  o: {
    sellerCode: string;
    buyerCode: string;
    date?: string;
    lines: { productId: string; batches: { batchId: string; quantity: number }[]; quantity: number; freeQuantity?: number; ptrPaise: number }[];
  },
): Promise<string> {
  const seller = await unitId(db, o.sellerCode);
  const buyer = await unitId(db, o.buyerCode);
  const id = randomUUID();
  const at = new Date();
  await db
    .insertInto('orders')
    .values({ id, order_number: `ORD-T-${id.slice(0, 8)}`, buyer_unit_id: buyer, seller_unit_id: seller, status: 'ACCEPTED', order_date: o.date ?? '2026-11-22', item_count: o.lines.length, taxable_paise: 0, gst_paise: 0, total_paise: 0, decided_at: at, created_at: at })
    .execute();
  for (const [position, l] of o.lines.entries()) {
    const product = await db.selectFrom('products').select(['name', 'manufacturer', 'pack', 'hsn']).where('id', '=', l.productId).executeTakeFirstOrThrow();
    const lineId = randomUUID();
    await db
      .insertInto('order_lines')
      .values({
        id: lineId,
        order_id: id,
        product_id: l.productId,
        product_name: product.name,
        manufacturer: product.manufacturer,
        pack: product.pack,
        hsn: product.hsn,
        quantity: l.quantity,
        free_quantity: l.freeQuantity ?? 0,
        ptr_paise: l.ptrPaise,
        mrp_paise: 0,
        gst_rate_bp: 0,
        taxable_paise: 0,
        gst_paise: 0,
        total_paise: 0,
        position,
      })
      .execute();
    await db
      .insertInto('order_allocations')
      .values(l.batches.map((b) => ({ id: randomUUID(), order_line_id: lineId, batch_id: b.batchId, quantity: b.quantity, status: 'ACCEPTED' as const, created_at: at })))
      .execute();
  }
  return id;
}

/** Lines any document may carry: the amount discount never exceeds what the percent discount leaves. */
export const lineArb: fc.Arbitrary<LineInput> = fc
  .record({
    quantity: fc.integer({ min: 0, max: 5000 }),
    freeQuantity: fc.integer({ min: 0, max: 50 }),
    ratePaise: fc.integer({ min: 0, max: 2_000_000 }),
    discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
    gstRateBp: fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800),
  })
  .chain((l) => {
    const gross = l.quantity * l.ratePaise;
    const left = gross - Math.floor((gross * l.discountBp + 5000) / 10_000);
    return fc.integer({ min: 0, max: Math.max(0, left) }).map((discountPaise) => ({ ...l, discountPaise }));
  });
