import { z } from 'zod';

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
});
export const Cart = z.object({
  unitCode: z.string(),
  entries: z.array(CartEntry),
  total: z.object({ itemCount: z.number().int(), amountPaise: z.number().int() }),
});
export type Cart = z.infer<typeof Cart>;
