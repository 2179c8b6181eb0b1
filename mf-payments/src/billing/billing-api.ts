import { PAYMENTS_PATHS, type PayProviderInvoice, type ProviderInvoice, type ProviderInvoiceList } from 'shared-api';
import { api, downloadFile, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const INVOICES_PAGE_SIZE = 12;

/** Medico's monthly invoices to the unit, newest first, one page, with what is still due on all of them. */
export const useProviderInvoices = (page: number) =>
  useSWR<ProviderInvoiceList, ApiError>([PAYMENTS_PATHS.providerInvoices, { page, pageSize: INVOICES_PAGE_SIZE }], fetcher, { keepPreviousData: true });

/** The unit records the UTR of its UPI payment to the provider; the invoice comes back paid. */
export const payProviderInvoice = (invoiceId: string, body: PayProviderInvoice) => api.post<ProviderInvoice>(PAYMENTS_PATHS.payProviderInvoice(invoiceId), body);

/** The invoice PDF (the server prints it) with the session's token, saved as its number ("/" is not allowed in file names). */
export const downloadProviderInvoicePdf = (invoice: Pick<ProviderInvoice, 'invoiceId' | 'invoiceNumber'>) =>
  downloadFile(PAYMENTS_PATHS.providerInvoicePdf(invoice.invoiceId), `${invoice.invoiceNumber.replace(/\//g, '-')}.pdf`);

/** "2026-11" → "November 2026". */
export const monthLabel = (month: string) => new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
