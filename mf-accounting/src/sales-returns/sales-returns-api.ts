import { ACCOUNTING_PATHS, type CreateSalesReturn, type CreditNote, type CreditNoteList, type RefundCreditNote, type ReturnableInvoice } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { downloadDocumentPdf, type PaperSize } from '../tax-document/pdf';

export const RETURNS_PAGE_SIZE = 20;

/** The seller's credit notes, newest first, one page. */
export const useCreditNotes = (page: number) =>
  useSWR<CreditNoteList, ApiError>([ACCOUNTING_PATHS.salesReturns, { page, pageSize: RETURNS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useCreditNote = (creditNoteId: string) => useSWR<CreditNote, ApiError>(creditNoteId ? ACCOUNTING_PATHS.salesReturn(creditNoteId) : null, fetcher);

/** One of the seller's invoices with what is left to return of each line. */
export const useReturnableInvoice = (invoiceId: string) =>
  useSWR<ReturnableInvoice, ApiError>(invoiceId ? [ACCOUNTING_PATHS.returnableInvoice, { invoiceId }] : null, fetcher);

export const findInvoiceByNumber = (invoiceNumber: string) => api.get<ReturnableInvoice>(ACCOUNTING_PATHS.returnableInvoice, { invoiceNumber });

export const createSalesReturn = (body: CreateSalesReturn) => api.post<CreditNote>(ACCOUNTING_PATHS.salesReturns, body);

/** Pays a walk-in buyer back what the credit note credits; answers the note with its refund. */
export const refundCreditNote = (creditNoteId: string, body: RefundCreditNote) => api.post<CreditNote>(ACCOUNTING_PATHS.salesReturnRefund(creditNoteId), body);

export const creditNotePath = (creditNoteId: string) => `/sales/returns/${encodeURIComponent(creditNoteId)}`;
/** The return form, for one invoice when given (the link from a sales invoice). */
export const newSalesReturnPath = (invoiceId?: string) => `/sales/returns/new${invoiceId ? `?invoiceId=${encodeURIComponent(invoiceId)}` : ''}`;

export const downloadCreditNotePdf = (note: { creditNoteId: string; creditNoteNumber: string }, paper: PaperSize) =>
  downloadDocumentPdf(ACCOUNTING_PATHS.salesReturnPdf(note.creditNoteId), note.creditNoteNumber, paper);
