import useSWR from 'swr';
import { PROFILE_PATHS, type PayoutAccount, type Profile, type Warehouse, type WarehouseClosure } from 'shared-api';
import { api, fetcher } from 'shared-auth';

export const useProfile = () => useSWR<Profile>(PROFILE_PATHS.profile, fetcher);
export const usePayoutAccounts = () => useSWR<PayoutAccount[]>(PROFILE_PATHS.payoutAccounts, fetcher);
export const usePaymentQr = () => useSWR<{ dataUrl: string | null }>(PROFILE_PATHS.paymentQr, fetcher);

/** Closes a warehouse until a day with a note (its connected buyers are told), or opens it again (closedUntil null). */
export const setWarehouseClosure = (warehouseId: string, closure: WarehouseClosure) => api.post<Warehouse[]>(PROFILE_PATHS.warehouseClosed(warehouseId), closure);

/** Today in India, 'YYYY-MM-DD' (the day a closure is compared with). */
export const todayIst = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Closed now: a closure through today or a later day (a past day means it has opened again). */
export const isClosed = (w: Pick<Warehouse, 'closedUntil'>, today = todayIst()) => !!w.closedUntil && w.closedUntil >= today;

/** Opens a licence document (answered as base64) in a new tab. */
export function openDocument(doc: { fileName: string; mimeType: string; contentBase64: string }): void {
  const bytes = Uint8Array.from(atob(doc.contentBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: doc.mimeType }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
