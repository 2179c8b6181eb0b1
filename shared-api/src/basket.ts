import { z } from 'zod';
import { ExpiryDate, INT4_MAX } from './common';

/*
 * Best basket (issue 18): a buyer's shopping list split across the connected sellers that gave it access, by the
 * objective the buyer picks, priced exactly as the cart prices (PTR of the FEFO batch, the scheme's free units on
 * whole sets, GST by the two parties' states). Money in integer paise, dates 'YYYY-MM-DD' (IST days).
 */

export const BASKET_LIMITS = {
  /** Lines one list may have (the benchmark solves 100). */
  maxLines: 200,
  maxQuantity: 100_000,
  /** Minimum remaining shelf life a buyer may ask for, in days. */
  maxShelfLifeDays: 1_825,
  /** Pasted text, in characters. */
  maxTextLength: 100_000,
} as const;

export const BASKET_OBJECTIVES = ['COST', 'FEWEST_SELLERS', 'NEAREST', 'LONGEST_EXPIRY'] as const;
export const BasketObjective = z.enum(BASKET_OBJECTIVES);
export type BasketObjective = z.infer<typeof BasketObjective>;
export const BASKET_OBJECTIVE_LABELS: Record<BasketObjective, string> = {
  COST: 'Lowest total cost',
  FEWEST_SELLERS: 'Fewest sellers (then cost)',
  NEAREST: 'Nearest sellers (then cost)',
  LONGEST_EXPIRY: 'Longest expiry (then cost)',
};

const ShelfLifeDays = z.number().int().min(0).max(BASKET_LIMITS.maxShelfLifeDays);

/** One line of the list: the product as the buyer wrote it (or a product already picked) and the units wanted. */
export const BasketListLine = z.object({
  /** The line's number in what the buyer gave (pasted line, file row, order line), for messages. */
  lineNo: z.number().int().positive().max(INT4_MAX),
  text: z.string().trim().max(200),
  quantity: z.number().int().positive().max(BASKET_LIMITS.maxQuantity),
  /** A product the buyer picked (an ambiguous line's choice, a "buy again" line): matching is skipped. */
  productId: z.string().uuid().optional(),
  /** This line's own minimum remaining shelf life; without it the list's applies. */
  minShelfLifeDays: ShelfLifeDays.optional(),
});
export type BasketListLine = z.infer<typeof BasketListLine>;

export const BasketLineError = z.object({ lineNo: z.number().int(), text: z.string(), message: z.string() });
export type BasketLineError = z.infer<typeof BasketLineError>;

/** What parse, the file upload and "buy again" answer: the lines read, and each line that could not be read. */
export const BasketList = z.object({ lines: z.array(BasketListLine), errors: z.array(BasketLineError) });
export type BasketList = z.infer<typeof BasketList>;

export const ParseBasketText = z.object({ text: z.string().max(BASKET_LIMITS.maxTextLength) });
export type ParseBasketText = z.infer<typeof ParseBasketText>;

export const SolveBasket = z.object({
  lines: z.array(BasketListLine).min(1).max(BASKET_LIMITS.maxLines),
  objective: BasketObjective.default('COST'),
  /** Only batches expiring on or after today + this many days count (lines may ask for more). */
  minShelfLifeDays: ShelfLifeDays.default(0),
  excludeSellerCodes: z.array(z.string().trim().min(1).max(32)).max(1_000).default([]),
});
export type SolveBasket = z.input<typeof SolveBasket>;

export const BasketProduct = z.object({ productId: z.string(), name: z.string(), manufacturer: z.string(), pack: z.string() });
export type BasketProduct = z.infer<typeof BasketProduct>;

/** What one seller would deliver for one line: the cart entry (quantity + free) and its money. */
export const BasketOffer = z.object({
  sellerUnitCode: z.string(),
  tradeName: z.string(),
  /** Charged units and the scheme's free units (the cart entry). */
  quantity: z.number().int(),
  freeQuantity: z.number().int(),
  ptrPaise: z.number().int(),
  mrpPaise: z.number().int(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
  /** Expiry of the first batch the units come from (FEFO). */
  expiryDate: z.string(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  /** Taxable value + GST. */
  landedPaise: z.number().int(),
  /** Units the seller has that the line may take (after the shelf-life rule). */
  available: z.number().int(),
});
export type BasketOffer = z.infer<typeof BasketOffer>;

export const BASKET_LINE_STATUSES = ['CHOSEN', 'AMBIGUOUS', 'NOT_FOUND', 'NO_OFFER', 'PARTIAL', 'UNPLANNED'] as const;
export const BasketLineStatus = z.enum(BASKET_LINE_STATUSES);
export type BasketLineStatus = z.infer<typeof BasketLineStatus>;

export const BasketLineResult = z.object({
  lineNo: z.number().int(),
  text: z.string(),
  quantity: z.number().int(),
  /** The shelf-life rule the line was priced with; null: any unexpired batch. */
  minExpiryDate: ExpiryDate.nullable(),
  /**
   * CHOSEN: in the plan (offer). AMBIGUOUS: pick one of `candidates`. NOT_FOUND: no product matches. NO_OFFER: no
   * seller you may buy from has it. PARTIAL: nobody has all of it; `offer` is the best partial one (left out of the
   * plan). UNPLANNED: could be filled, but no plan meets every seller's minimum order.
   */
  status: BasketLineStatus,
  product: BasketProduct.nullable(),
  candidates: z.array(BasketProduct),
  offer: BasketOffer.nullable(),
  message: z.string().nullable(),
});
export type BasketLineResult = z.infer<typeof BasketLineResult>;

export const BasketSellerPlan = z.object({
  sellerUnitCode: z.string(),
  tradeName: z.string(),
  city: z.string(),
  distanceKm: z.number().nullable(),
  minimumOrderPaise: z.number().int().nullable(),
  /** lineNo of each line bought from this seller; its offer is on the line. */
  lineNos: z.array(z.number().int()),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  landedPaise: z.number().int(),
});
export type BasketSellerPlan = z.infer<typeof BasketSellerPlan>;

/** A seller whose minimum order no plan could reach, with what the closest plan buys from it. */
export const BasketUnmetMinimum = z.object({
  sellerUnitCode: z.string(),
  tradeName: z.string(),
  minimumOrderPaise: z.number().int(),
  plannedPaise: z.number().int(),
});

export const BasketResult = z.object({
  objective: BasketObjective,
  lines: z.array(BasketLineResult),
  /** Empty when no plan meets every minimum order (see unmetMinimums). */
  sellers: z.array(BasketSellerPlan),
  totals: z.object({ lines: z.number().int(), sellers: z.number().int(), taxablePaise: z.number().int(), gstPaise: z.number().int(), landedPaise: z.number().int() }),
  /** The cheapest seller that alone fills every line of the plan, or null when none does. */
  singleSeller: z.object({ sellerUnitCode: z.string(), tradeName: z.string(), landedPaise: z.number().int(), savingPaise: z.number().int() }).nullable(),
  feasible: z.boolean(),
  unmetMinimums: z.array(BasketUnmetMinimum),
});
export type BasketResult = z.infer<typeof BasketResult>;

/** Puts the plan's lines into the cart, all or none. */
export const BasketToCart = z.object({
  entries: z
    .array(
      z.object({
        sellerUnitCode: z.string().trim().min(1).max(32),
        productId: z.string().uuid(),
        quantity: z.number().int().positive().max(BASKET_LIMITS.maxQuantity),
        freeQuantity: z.number().int().min(0).max(BASKET_LIMITS.maxQuantity),
        minExpiryDate: ExpiryDate.optional(),
      }),
    )
    .min(1)
    .max(BASKET_LIMITS.maxLines),
});
export type BasketToCart = z.infer<typeof BasketToCart>;

/** The cart entries of a plan, as "Add all to cart" sends them. */
export function basketCartEntries(result: BasketResult): BasketToCart['entries'] {
  return result.lines.flatMap((line) =>
    line.status === 'CHOSEN' && line.offer && line.product
      ? [
          {
            sellerUnitCode: line.offer.sellerUnitCode,
            productId: line.product.productId,
            quantity: line.offer.quantity,
            freeQuantity: line.offer.freeQuantity,
            ...(line.minExpiryDate ? { minExpiryDate: line.minExpiryDate } : {}),
          },
        ]
      : [],
  );
}
