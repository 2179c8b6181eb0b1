import { ACCOUNTING_PATHS, PAYMENTS_PATHS, type CreatePaymentRequest, type PartyDues, type PaymentRequest, type SalesInvoice, type SalesInvoiceList } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { downloadDocumentPdf, type PaperSize } from '../tax-document/pdf';

export const INVOICES_PAGE_SIZE = 20;

export interface InvoiceFilters {
  from?: string;
  to?: string;
  partyUnitCode?: string;
}

/** The seller's invoices of marketplace orders (newest first), one page; period and party filters run on the server. */
export const useSalesInvoices = (filters: InvoiceFilters, page: number) =>
  useSWR<SalesInvoiceList, ApiError>([ACCOUNTING_PATHS.salesInvoices, { ...filters, channel: 'ONLINE', page, pageSize: INVOICES_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useSalesInvoice = (invoiceId: string) => useSWR<SalesInvoice, ApiError>(invoiceId ? ACCOUNTING_PATHS.salesInvoice(invoiceId) : null, fetcher);

/** The invoice detail screen (SPEC.md §2 "sales/report/details/invoice"), reached from every list. */
export const invoicePath = (invoiceId: string) => `/sales/report/details/invoice?id=${encodeURIComponent(invoiceId)}`;

/** The PDF with the session's token (a plain link would reach the API without it). */
export const downloadInvoicePdf = (invoice: { invoiceId: string; invoiceNumber: string }, paper: PaperSize) =>
  downloadDocumentPdf(ACCOUNTING_PATHS.salesInvoicePdf(invoice.invoiceId), invoice.invoiceNumber, paper);

/**
 * A payment request for one invoice (its amount: what is still due on it, worked out by the API). A request names
 * the party by its head in the seller's books; the invoice names the buyer by unit code, and the debtor with that
 * code is its head. Null when the buyer is not among the debtors: it owes nothing.
 */
export async function requestInvoicePayment(invoice: { invoiceId: string; recipient: { unitCode: string | null } }): Promise<PaymentRequest | null> {
  const { parties } = await api.get<PartyDues>(PAYMENTS_PATHS.receivable);
  const debtor = invoice.recipient.unitCode === null ? undefined : parties.find((p) => p.partyUnitCode === invoice.recipient.unitCode);
  if (!debtor) return null;
  return api.post<PaymentRequest>(PAYMENTS_PATHS.createRequest, { partyAccountId: debtor.accountId, invoiceIds: [invoice.invoiceId] } satisfies CreatePaymentRequest);
}
