import { ACCOUNTING_PATHS, BOOKS_PATHS, type BalanceSheet, type ProfitAndLoss, type TrialBalance } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import type { Period } from '../books-common/period';

/** The trading and P&L account of a period; with `compare`, the same for the period of equal length before it. */
export const useProfitAndLoss = (period: Period, compare: boolean) =>
  useSWR<ProfitAndLoss, ApiError>([BOOKS_PATHS.profitAndLoss, { ...period, compare: compare ? 'previous' : 'none' }], fetcher, { keepPreviousData: true });

export const useTrialBalance = (asOf: string) => useSWR<TrialBalance, ApiError>([ACCOUNTING_PATHS.trialBalance, { asOf }], fetcher);

export const useBalanceSheet = (asOf: string) => useSWR<BalanceSheet, ApiError>([BOOKS_PATHS.balanceSheet, { asOf }], fetcher);
