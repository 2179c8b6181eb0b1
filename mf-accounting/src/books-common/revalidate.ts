import { useSWRConfig } from 'swr';
import { BOOKS_PATHS } from 'shared-api';

const BOOKS_PREFIX = BOOKS_PATHS.heads.slice(0, BOOKS_PATHS.heads.lastIndexOf('/'));

/**
 * After a write to the books (a journal, a head, a closed year), every cached book answer may be stale: balances,
 * statements and P&L are all derived from the vouchers. Returns a function that refetches them all.
 */
export function useRevalidateBooks() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith(BOOKS_PREFIX));
}
