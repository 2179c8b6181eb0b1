import useSWR from 'swr';
import { CATALOGUE_PATHS, type DuplicateGroups, type MergeProducts, type MergeResult } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';

/** Back-office staff: groups of products the catalogue takes for one, the survivor first (issue 36); asked once the
 * profile says the caller is staff. */
export const useDuplicates = (staff: boolean | undefined) => useSWR<DuplicateGroups, ApiError>(staff ? CATALOGUE_PATHS.duplicates : null, fetcher);

/** Merges the duplicates into the survivor: stock, open orders and history move; the old names stay for search. */
export const mergeProducts = (input: MergeProducts) => api.post<MergeResult>(CATALOGUE_PATHS.merge, input);
