import { BOOKS_PATHS, type ExportFormat, type LedgerStatement, type OutstandingReport, type OutstandingSide, type PartyOutstandingDetail } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import type { Period } from '../books-common/period';
import { downloadReport, fileNameOf } from '../downloads/files';

export const LEDGER_PAGE_SIZE = 50;

/** One head's statement for a period, one page of entries in date order. */
export const useLedger = (accountId: string | undefined, period: Period, page: number) =>
  useSWR<LedgerStatement, ApiError>(accountId ? [BOOKS_PATHS.ledger, { accountId, ...period, page, pageSize: LEDGER_PAGE_SIZE }] : null, fetcher, { keepPreviousData: true });

export const usePartyOutstanding = (accountId: string | undefined) =>
  useSWR<PartyOutstandingDetail, ApiError>(accountId ? BOOKS_PATHS.partyOutstanding(accountId) : null, fetcher);

export const useOutstanding = (side: OutstandingSide) => useSWR<OutstandingReport, ApiError>([BOOKS_PATHS.outstanding, { side }], fetcher);

/** The statement as a spreadsheet or a printable PDF, made by the server for the same head and period. */
export const downloadLedger = (accountId: string, headName: string, period: Period, format: Extract<ExportFormat, 'xlsx' | 'pdf'>) =>
  downloadReport(BOOKS_PATHS.ledgerExport, { accountId, ...period, format }, fileNameOf('Ledger', headName, period.from, period.to), format);

/** The ledger screen opened on one head (links from the heads tree, the outstanding list, …). */
export const ledgerPath = (accountId: string) => `/ledgers?accountId=${encodeURIComponent(accountId)}`;
