import { z } from 'zod';
import { CreditWarning } from './credit';

/** GET /cart (SPEC.md §3 Cart): the header badge reads body.total.itemCount. Entries are filled by the marketplace issue. */
export const CartEntry = z.object({
  id: z.string(),
  sellerUnitCode: z.string(),
  stockist: z.string(),
  manufacturer: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  freeQuantity: z.number().int(),
  ptrPaise: z.number().int(),
  mrpPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** Marketplace additions: the product, its pack, and the seller's scheme the free quantity must fit (SPEC.md §5). */
  productId: z.string(),
  pack: z.string(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
  /** Only batches expiring on or after this day ('YYYY-MM-DD'); null: any unexpired batch. */
  minExpiryDate: z.string().nullable(),
  /** A near-expiry offer entry (clearance.ts): that batch at the offer PTR; null for a regular entry. */
  clearanceOfferId: z.string().nullable(),
  /** The offer's batch, shown with its expiry in red; null for a regular entry. */
  offerBatch: z.object({ batchNo: z.string(), expiryDate: z.string() }).nullable(),
});
/**
 * A seller of the cart that cannot deliver to the buyer by the platform's delivery boys (not in one delivery market,
 * issue 39): it will dispatch by courier or transport. One per such seller, in the cart's seller order.
 */
export const CartDeliveryWarning = z.object({ sellerUnitCode: z.string(), stockist: z.string(), message: z.string() });
export type CartDeliveryWarning = z.infer<typeof CartDeliveryWarning>;

export const Cart = z.object({
  unitCode: z.string(),
  entries: z.array(CartEntry),
  total: z.object({ itemCount: z.number().int(), amountPaise: z.number().int() }),
  /** Per seller whose terms the buyer is past (overdue invoices, or the cart would go over the limit): credit.ts. */
  creditWarnings: z.array(CreditWarning).optional(),
  deliveryWarnings: z.array(CartDeliveryWarning),
});
export type Cart = z.infer<typeof Cart>;
