import { BOOKS_PATHS, type BooksSettings, type FinancialYearStatus, type FinancialYears, type JournalInput, type JournalsPage, type VoucherKind, type VoucherView } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import type { Period } from '../books-common/period';

export const JOURNALS_PAGE_SIZE = 20;
export const JOURNALS_DASHBOARD_PATH = '/journals/dashboard';

/** Vouchers of a period (newest first), optionally of one kind, with count and amount per kind. */
export const useJournals = (period: Period, kind: VoucherKind | undefined, page: number) =>
  useSWR<JournalsPage, ApiError>([BOOKS_PATHS.journals, { ...period, ...(kind && { kind }), page, pageSize: JOURNALS_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useFinancialYears = () => useSWR<FinancialYears, ApiError>(BOOKS_PATHS.financialYears, fetcher);

/** Owner only: no voucher can be dated in the year afterwards. */
export const closeFinancialYear = (financialYear: string) => api.post<FinancialYearStatus>(BOOKS_PATHS.closeFinancialYear(financialYear));

/** Owner only: the posted voucher comes back (with its JV number). */
export const postJournal = (input: JournalInput) => api.post<VoucherView>(BOOKS_PATHS.journals, input);

/** The range journals and payments may be dated in, and whether the owner allows forward dating. */
export const useBooksSettings = () => useSWR<BooksSettings, ApiError>(BOOKS_PATHS.booksSettings, fetcher);

/** Owner only: allow or stop dating entries after today (up to the end of the open financial year). */
export const saveBooksSettings = (allowForwardDating: boolean) => api.put<BooksSettings>(BOOKS_PATHS.booksSettings, { allowForwardDating });
