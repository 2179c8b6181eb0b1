import { ACCOUNTING_PATHS, type HsnSummary, type SalesRegister } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { todayIst } from '../books-common/period';

export const REGISTER_PAGE_SIZE = 50;

/** The month the reports open on: this month in India, where invoice dates are kept. */
export const currentMonth = (now = new Date()) => todayIst(now).slice(0, 7);

/** A month's invoices in number order (one page) with the month's totals; `partyUnitCode` narrows both. */
export const useSalesRegister = (month: string, partyUnitCode: string | undefined, page: number) =>
  useSWR<SalesRegister, ApiError>([ACCOUNTING_PATHS.salesRegister, { month, ...(partyUnitCode && { partyUnitCode }), page, pageSize: REGISTER_PAGE_SIZE }], fetcher, {
    keepPreviousData: true,
  });

export const useHsnSummary = (month: string) => useSWR<HsnSummary, ApiError>([ACCOUNTING_PATHS.hsnSummary, { month }], fetcher);

/** sales/report/details for one month and, optionally, one party. */
export const reportDetailsPath = (month: string, partyUnitCode?: string | null) =>
  `/sales/report/details?${new URLSearchParams({ month, ...(partyUnitCode ? { partyUnitCode } : {}) }).toString()}`;
