import useSWR from 'swr';
import { PROFILE_PATHS, type PayoutAccount, type Profile } from 'shared-api';
import { fetcher } from 'shared-auth';

export const useProfile = () => useSWR<Profile>(PROFILE_PATHS.profile, fetcher);
export const usePayoutAccounts = () => useSWR<PayoutAccount[]>(PROFILE_PATHS.payoutAccounts, fetcher);
export const usePaymentQr = () => useSWR<{ dataUrl: string | null }>(PROFILE_PATHS.paymentQr, fetcher);

/** Opens a licence document (answered as base64) in a new tab. */
export function openDocument(doc: { fileName: string; mimeType: string; contentBase64: string }): void {
  const bytes = Uint8Array.from(atob(doc.contentBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: doc.mimeType }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
