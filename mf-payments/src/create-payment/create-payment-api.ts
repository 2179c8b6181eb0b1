import { PAYMENTS_PATHS, type CreateUpiPayout, type PaymentRequest, type PaymentRequestList } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const PAYOUTS_PAGE_SIZE = 10;

/** The UPI payments the unit made from this screen (requests where it pays, kind PAYOUT), newest first. */
export const usePayouts = (page: number) =>
  useSWR<PaymentRequestList, ApiError>([PAYMENTS_PATHS.requests, { side: 'PAYER', kind: 'PAYOUT', page, pageSize: PAYOUTS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const createPayout = (body: CreateUpiPayout) => api.post<PaymentRequest>(PAYMENTS_PATHS.createPayout, body);

/** The request panel of payments/upi/make, where the UTR of a payment is recorded. */
export const requestPanelPath = (requestId: string) => `/payments/upi/make?tab=requests&request=${encodeURIComponent(requestId)}`;

/** The invoice image formats the API accepts (CreateUpiPayout.invoiceImage). */
export const INVOICE_IMAGE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type InvoiceImageType = (typeof INVOICE_IMAGE_TYPES)[number];

/**
 * The API takes a JSON body of at most 1 MB by default: base64 adds a third, so the file itself stays under 700 KB.
 */
export const INVOICE_IMAGE_MAX_BYTES = 700 * 1024;
