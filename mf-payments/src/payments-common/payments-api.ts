import {
  BOOKS_PATHS,
  PAYMENTS_PATHS,
  type AllocateUnmatched,
  type AllocationPreview,
  type CreatePaymentRequest,
  type HeadsTree,
  type OutstandingSide,
  type PartyDueDetail,
  type PartyDues,
  type PayRequest,
  type Payment,
  type PaymentClaimList,
  type PaymentRequest,
  type RejectClaim,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentsSummary,
  type RecordPayment,
  type RequestStatus,
  type StatementImportResult,
  type StatementUpload,
  type UnmatchedPayments,
} from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR, { useSWRConfig } from 'swr';

export const REQUESTS_PAGE_SIZE = 20;

export const usePaymentsSummary = () => useSWR<PaymentsSummary, ApiError>(PAYMENTS_PATHS.summary, fetcher);

/** RECEIVABLE: the debtors (receive payments); PAYABLE: the creditors (make payments). */
export const usePartyDues = (side: OutstandingSide) => useSWR<PartyDues, ApiError>(side === 'RECEIVABLE' ? PAYMENTS_PATHS.receivable : PAYMENTS_PATHS.payable, fetcher);

export const usePartyDue = (side: OutstandingSide, accountId: string | undefined) =>
  useSWR<PartyDueDetail, ApiError>(accountId ? (side === 'RECEIVABLE' ? PAYMENTS_PATHS.receivableParty(accountId) : PAYMENTS_PATHS.payableParty(accountId)) : null, fetcher);

/** PAYEE: requests the unit sent; PAYER: requests addressed to the unit (sellers' requests, its own payouts). */
export const usePaymentRequests = (side: 'PAYEE' | 'PAYER', status: RequestStatus | undefined, page: number) =>
  useSWR<PaymentRequestList, ApiError>([PAYMENTS_PATHS.requests, { side, ...(status && { status }), page, pageSize: REQUESTS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const usePaymentRequest = (requestId: string | undefined) => useSWR<PaymentRequestDetail, ApiError>(requestId ? PAYMENTS_PATHS.request(requestId) : null, fetcher);

/** Every Sundry Debtors head of the books: money in the queue may come from a party that owes nothing (an advance). */
export const useDebtorHeads = () => {
  const { data } = useSWR<HeadsTree, ApiError>([BOOKS_PATHS.heads, {}], fetcher);
  return data?.groups.find((g) => g.group === 'SUNDRY_DEBTORS')?.heads ?? [];
};

export const useUnmatched = () => useSWR<UnmatchedPayments, ApiError>(PAYMENTS_PATHS.unmatched, fetcher);
/** Payments payers say they made to the unit, waiting for it to confirm (issue 39). */
export const usePaymentClaims = () => useSWR<PaymentClaimList, ApiError>(PAYMENTS_PATHS.claims, fetcher);

export const previewPayment = (body: RecordPayment) => api.post<AllocationPreview>(PAYMENTS_PATHS.preview, body);
export const recordPayment = (body: RecordPayment) => api.post<Payment>(PAYMENTS_PATHS.submit, body);
export const createPaymentRequest = (body: CreatePaymentRequest) => api.post<PaymentRequest>(PAYMENTS_PATHS.createRequest, body);
export const payRequest = (requestId: string, body: PayRequest) => api.post<PaymentRequestDetail>(PAYMENTS_PATHS.payRequest(requestId), body);
export const cancelRequest = (requestId: string) => api.post<PaymentRequestDetail>(PAYMENTS_PATHS.cancelRequest(requestId));
export const allocateUnmatched = (paymentId: string, body: AllocateUnmatched) => api.post<Payment>(PAYMENTS_PATHS.allocateUnmatched(paymentId), body);
export const confirmClaim = (paymentId: string) => api.post<Payment>(PAYMENTS_PATHS.confirmClaim(paymentId));
export const rejectClaim = (paymentId: string, body: RejectClaim) => api.post<Payment>(PAYMENTS_PATHS.rejectClaim(paymentId), body);
export const importStatement = (body: StatementUpload) => api.post<StatementImportResult>(PAYMENTS_PATHS.statementImport, body);
export const previewStatement = (body: StatementUpload) => api.post<StatementImportResult>(PAYMENTS_PATHS.statementPreview, body);

const PAYMENTS_PREFIX = '/payments/';
const BOOKS_PREFIX = BOOKS_PATHS.heads.slice(0, BOOKS_PATHS.heads.lastIndexOf('/'));

/**
 * A payment moves every figure of these screens (dues, requests, the queue, the summary) and the books' balances:
 * refetch every cached payments and books answer after a write.
 */
export function useRevalidatePayments() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const path = Array.isArray(key) ? String(key[0]) : String(key);
      return path.startsWith(PAYMENTS_PREFIX) || path.startsWith(BOOKS_PREFIX);
    });
}

/** Today as the books date it: 'YYYY-MM-DD' in IST. */
export const todayIst = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A chosen file as base64 (no data: prefix), as the API's uploads take it. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
