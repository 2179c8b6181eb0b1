import { ACCOUNT_GROUPS, BOOKS_PATHS, type AccountGroup, type AccountHead, type HeadsTree, type NewHeadInput } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import type { SelectOption } from 'shared-ui';
import useSWR from 'swr';

/** The chart of accounts as a tree (group → heads) with balances up to `asOf` (default today). */
export const useHeadsTree = (asOf?: string) => useSWR<HeadsTree, ApiError>([BOOKS_PATHS.heads, asOf ? { asOf } : {}], fetcher);

export const addHead = (input: NewHeadInput) => api.post<AccountHead>(BOOKS_PATHS.heads, input);

/** Party heads: their ledgers also show what is open per document, with ageing. */
export const isPartyGroup = (group: AccountGroup) => group === 'SUNDRY_DEBTORS' || group === 'SUNDRY_CREDITORS';

/** Every head as a choice, under its group's name (a party head's name carries its unit code). */
export const headOptions = (tree: HeadsTree | undefined): SelectOption[] =>
  (tree?.groups ?? []).flatMap((g) => g.heads.map((h) => ({ value: h.accountId, label: h.name, group: g.name })));

/** The groups a custom head may go under, by their names. */
export const GROUP_OPTIONS: SelectOption[] = Object.entries(ACCOUNT_GROUPS).map(([value, g]) => ({ value, label: g.name }));

export const HEADS_DASHBOARD_PATH = '/heads/dashboard';
