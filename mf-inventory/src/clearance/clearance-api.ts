import useSWR from 'swr';
import {
  CLEARANCE_PATHS,
  type ClearanceCandidates,
  type ClearanceOffer,
  type ClearanceOfferList,
  type CreateClearanceOffer,
  type OfferStatus,
} from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';

export const OFFERS_PAGE_SIZE = 20;

/** The seller's unexpired batches expiring between `fromDays` and `toDays` from today, in the active warehouse. */
export const useCandidates = (fromDays: number, toDays: number) =>
  useSWR<ClearanceCandidates, ApiError>([CLEARANCE_PATHS.candidates, { fromDays, toDays }], fetcher, { keepPreviousData: true });

/** The seller's own offers, newest first; `status` narrows. */
export const useMyOffers = (page: number, status?: OfferStatus) =>
  useSWR<ClearanceOfferList, ApiError>([CLEARANCE_PATHS.offers, { page, pageSize: OFFERS_PAGE_SIZE, status }], fetcher, { keepPreviousData: true });

/** Lists one batch; a batch with units promised to orders answers E0015 unless `acknowledgePromised`. */
export const createOffer = (input: CreateClearanceOffer) => api.post<ClearanceOffer>(CLEARANCE_PATHS.offers, input);

/** Ends a running offer now: buyers no longer see it, carts holding it are told at confirm. */
export const endOffer = (offerId: string) => api.delete<ClearanceOffer>(CLEARANCE_PATHS.offer(offerId));

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = { ACTIVE: 'Running', ENDED: 'Ended', SOLD_OUT: 'Sold out' };

/** "12.5 %": the discount of the offer PTR against the regular PTR, from basis points. */
export const formatDiscount = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;

/** The discount in basis points, rounded down as the API does; null while the price is not a valid offer. */
export function discountBp(ptrPaise: number, offerPtrPaise: number | null): number | null {
  if (offerPtrPaise === null || offerPtrPaise <= 0 || offerPtrPaise >= ptrPaise) return null;
  return Math.floor(((ptrPaise - offerPtrPaise) * 10_000) / ptrPaise);
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic in UTC, so no zone shifts the day). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The cut-off a listing starts with: a month from today, never later than the day before expiry. */
export function defaultCutOff(expiryDate: string, today: string): string {
  const lastDay = addDays(expiryDate, -1);
  const month = addDays(today, 30);
  return lastDay < month ? lastDay : month;
}
