import { ACCOUNTING_PATHS, type CreatePurchaseReturn, type DebitNote, type DebitNoteList } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { downloadDocumentPdf } from '../tax-document/pdf';

export const RETURNS_PAGE_SIZE = 20;

export const usePurchaseReturns = (page: number) => useSWR<DebitNoteList, ApiError>([ACCOUNTING_PATHS.purchaseReturns, { page, pageSize: RETURNS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const usePurchaseReturn = (debitNoteId: string) => useSWR<DebitNote, ApiError>(debitNoteId ? ACCOUNTING_PATHS.purchaseReturn(debitNoteId) : null, fetcher);

export const returnGoods = (billId: string, body: CreatePurchaseReturn) => api.post<DebitNote>(ACCOUNTING_PATHS.returnPurchase(billId), body);

export const returnPath = (debitNoteId: string) => `/purchases/returns/${encodeURIComponent(debitNoteId)}`;

export const downloadDebitNotePdf = (note: { debitNoteId: string; noteNumber: string }) => downloadDocumentPdf(ACCOUNTING_PATHS.purchaseReturnPdf(note.debitNoteId), note.noteNumber);
