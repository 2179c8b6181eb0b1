/**
 * A seller's scheme "buy N get M free" (SPEC.md §5), one rule for the API's cart check and the screens that explain
 * it: the free quantity is M for each full N ordered, and only for an order of whole sets (10 + 1 gives 1 free on
 * 10 or 20 → 2 free, none on 15).
 */

/** The free units `quantity` qualifies for under the scheme; 0 without a scheme or for a quantity of no whole sets. */
export function schemeFreeFor(quantity: number, schemeBuy: number | null, schemeFree: number | null): number {
  if (!schemeBuy || !schemeFree || quantity <= 0 || quantity % schemeBuy !== 0) return 0;
  return (quantity / schemeBuy) * schemeFree;
}

/** The next quantity above `quantity` that qualifies for free units, with how many; null without a scheme. */
export function nextSchemeStep(quantity: number, schemeBuy: number | null, schemeFree: number | null): { quantity: number; freeQuantity: number } | null {
  if (!schemeBuy || !schemeFree) return null;
  const next = (Math.floor(Math.max(quantity, 0) / schemeBuy) + 1) * schemeBuy;
  return { quantity: next, freeQuantity: schemeFreeFor(next, schemeBuy, schemeFree) };
}

/** Quantity plus free quantity must fit the scheme: null when they do, else why, with the nearest valid order. */
export function schemeProblem(
  quantity: number,
  free: number,
  schemeBuy: number | null,
  schemeFree: number | null,
): { message: string; nearest: { quantity: number; freeQuantity: number } } | null {
  if (free === 0) return null;
  if (!schemeBuy || !schemeFree) {
    return {
      message: `This seller gives no free quantity on this product: the nearest valid order is ${quantity + free} + 0 free`,
      nearest: { quantity: quantity + free, freeQuantity: 0 },
    };
  }
  if (quantity % schemeBuy === 0 && free === schemeFreeFor(quantity, schemeBuy, schemeFree)) return null;
  const sets = Math.max(1, Math.round((quantity + free) / (schemeBuy + schemeFree)));
  const nearest = { quantity: sets * schemeBuy, freeQuantity: sets * schemeFree };
  return {
    message: `Quantity plus free quantity must fit the scheme ${schemeBuy} + ${schemeFree}: the nearest valid order is ${nearest.quantity} + ${nearest.freeQuantity} free`,
    nearest,
  };
}
