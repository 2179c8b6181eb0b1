import { PAYMENTS_PATHS, type CreateMemoPayment, type PartyDues, type PaymentRequest, type PaymentRequestList, type RequestStatus } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR, { useSWRConfig } from 'swr';

export const MEMOS_PAGE_SIZE = 20;

/** The unit's memos (payment requests of kind MEMO), newest first, one page; the status filter runs on the server. */
export const useMemos = (status: RequestStatus | undefined, page: number) =>
  useSWR<PaymentRequestList, ApiError>([PAYMENTS_PATHS.memos, { ...(status && { status }), page, pageSize: MEMOS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

/** The unit's debtors (what each owes): the parties a memo can be addressed to by its head in the books. */
export const useDebtors = () => useSWR<PartyDues, ApiError>(PAYMENTS_PATHS.receivable, fetcher);

export const createMemo = (body: CreateMemoPayment) => api.post<PaymentRequest>(PAYMENTS_PATHS.createMemo, body);

/** A new memo changes the list (and its party's open requests): refetch every cached memo page and the debtors. */
export function useRevalidateMemos() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const path = Array.isArray(key) ? String(key[0]) : String(key);
      return path === PAYMENTS_PATHS.memos || path === PAYMENTS_PATHS.receivable;
    });
}

/** The request panel of Receive Payments (mf-payments), where either party records the UTR of a payment. */
export const requestPanelPath = (requestId: string) => `/payments/upi/receive?tab=requests&request=${encodeURIComponent(requestId)}`;

/** WhatsApp's click-to-chat link to the party's number, with the request's share text ready to send. */
export const whatsAppLink = (mobile: string, text: string) => `https://wa.me/91${mobile}?text=${encodeURIComponent(text)}`;

/** A chosen file as base64 (no data: prefix), as the API's uploads take it. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
