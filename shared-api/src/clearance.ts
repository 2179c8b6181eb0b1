import { z } from 'zod';
import { IsoDate } from './common';
import { PageQuery, Paged } from './envelope';

/*
 * Near-expiry exchange (issue 18): a seller lists batches it wants to clear before they expire, at a lower PTR, until
 * a cut-off date of its choosing. Buyers who may see the seller's stock (or, when the seller opts in, buyers within
 * CLEARANCE_NEARBY_KM) find them under the search's "Near expiry" filter and on the dashboard; buying one is a normal
 * order of that very batch at the offer price. Money in integer paise, dates 'YYYY-MM-DD' (IST days).
 *
 * Who: sellers are STOCKISTs (the only units that receive, accept and invoice online orders); the market is for
 * RETAILER and HOSPITAL (the cart's users). Errors: E0014 expired batch or cut-off not before expiry, E0015 units
 * promised to placed orders (409; resend with acknowledgePromised: true; `fields.acknowledgePromised` holds how
 * many), E0016 offer ended (ending it again, or adding/submitting it to the cart), E0009 the batch has a running
 * offer. A cart entry of an offer is `AddCartEntry.clearanceOfferId` (marketplace.ts); its order lines carry
 * `clearanceOfferId`. The batch's own free-goods scheme (if any) still applies at the offer PTR.
 */

/** The window a seller may choose when looking for batches to clear, in days from today. */
export const CLEARANCE_WINDOW = { minDays: 1, maxDays: 365, defaultFrom: 30, defaultTo: 120 } as const;
/** "Nearby" for a seller that opts in: buyers whose active warehouse lies within this distance of the batch's warehouse. */
export const CLEARANCE_NEARBY_KM = 25;

/** GET candidates: the seller's unexpired batches expiring within the window (in the active warehouse). */
export const ClearanceCandidatesQuery = z
  .object({
    fromDays: z.coerce.number().int().min(0).max(CLEARANCE_WINDOW.maxDays).default(CLEARANCE_WINDOW.defaultFrom),
    toDays: z.coerce.number().int().min(CLEARANCE_WINDOW.minDays).max(CLEARANCE_WINDOW.maxDays).default(CLEARANCE_WINDOW.defaultTo),
  })
  .refine((q) => q.fromDays <= q.toDays, { message: '"From" must not be after "to"', path: ['toDays'] });
export type ClearanceCandidatesQuery = z.input<typeof ClearanceCandidatesQuery>;

export const OFFER_STATUSES = ['ACTIVE', 'ENDED', 'SOLD_OUT'] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

/** A batch of a product as the exchange shows it (an offer, or a batch that could be offered). */
const ExchangeBatch = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  batchNo: z.string(),
  expiryDate: z.string(),
  /** Whole days from today to the expiry date. */
  daysToExpiry: z.number().int(),
  mrpPaise: z.number().int(),
  /** The batch's regular PTR. */
  ptrPaise: z.number().int(),
});

export const ClearanceOffer = ExchangeBatch.extend({
  offerId: z.string(),
  /** Units of the batch still free to sell (quantity − reserved). */
  available: z.number().int(),
  offerPtrPaise: z.number().int(),
  /** (ptr − offer) / ptr in basis points, rounded down. */
  discountBp: z.number().int(),
  /** Last day the offer can be bought; it ends by itself after it (and never later than the day before expiry). */
  endsOn: z.string(),
  nearbyBuyers: z.boolean(),
  /** ENDED: cut-off passed or the seller ended it; SOLD_OUT: nothing of the batch left to sell. */
  status: OfferStatus,
  sellerUnitCode: z.string(),
  sellerTradeName: z.string(),
  city: z.string(),
  /** Buyer's view: from the buyer's active warehouse to the batch's warehouse; null for the seller's own list. */
  distanceKm: z.number().nullable(),
});
export type ClearanceOffer = z.infer<typeof ClearanceOffer>;

export const ClearanceCandidate = ExchangeBatch.extend({
  quantity: z.number().int(),
  /** Units promised to placed orders (reserved): listing such a batch is warned about first. */
  reserved: z.number().int(),
  /** The batch's running offer, if any. */
  offer: ClearanceOffer.nullable(),
});
export type ClearanceCandidate = z.infer<typeof ClearanceCandidate>;
export const ClearanceCandidates = z.object({ fromDays: z.number().int(), toDays: z.number().int(), items: z.array(ClearanceCandidate) });
export type ClearanceCandidates = z.infer<typeof ClearanceCandidates>;

/** POST offers: list one batch. A batch with units promised to orders is refused (E0015) unless acknowledged. */
export const CreateClearanceOffer = z.object({
  batchId: z.string().uuid(),
  offerPtrPaise: z.number().int().min(1).max(100_000_000),
  endsOn: IsoDate,
  nearbyBuyers: z.boolean().default(false),
  /** The seller saw the warning that some units are promised to orders and lists the batch anyway. */
  acknowledgePromised: z.boolean().default(false),
});
export type CreateClearanceOffer = z.input<typeof CreateClearanceOffer>;

/** GET offers: the seller's own offers (newest first); `status` narrows. */
export const MyOffersQuery = PageQuery.extend({ status: OfferStatus.optional() });
export type MyOffersQuery = z.input<typeof MyOffersQuery>;
export const ClearanceOfferList = Paged(ClearanceOffer);
export type ClearanceOfferList = z.infer<typeof ClearanceOfferList>;

/** GET market: active offers the caller may buy, soonest expiry first; `q` narrows by product text, `maxDays` by expiry. */
export const NearExpiryQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  maxDays: z.coerce.number().int().min(1).max(CLEARANCE_WINDOW.maxDays).optional(),
});
export type NearExpiryQuery = z.input<typeof NearExpiryQuery>;
