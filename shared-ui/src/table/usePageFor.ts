import { useState } from 'react';

/**
 * The page (from 0) of a list paged on the server, back to the first page whenever `filters` (search, status, …,
 * joined into one string) change: page 3 of one filter means nothing under another.
 */
export function usePageFor(filters: string): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ filters, page: 0 });
  const page = state.filters === filters ? state.page : 0;
  return [page, (next: number) => setState({ filters, page: next })];
}
