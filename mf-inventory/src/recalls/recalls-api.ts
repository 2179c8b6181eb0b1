import useSWR from 'swr';
import {
  PROFILE_PATHS,
  RECALL_PATHS,
  type AskBuyersResult,
  type LiftRecall,
  type MarkDestroyed,
  type MarkDestroyedResult,
  type NewRecall,
  type Profile,
  type Recall,
  type RecallDocument,
  type RecallList,
  type RecallNetwork,
  type RecallProductMatches,
  type RecallProductQuery,
  type RecallStatus,
  type RecallTrace,
  type ReturnToSupplierResult,
} from 'shared-api';
import { api, downloadFile, fetcher, postFile, type ApiError } from 'shared-auth';

export const RECALLS_PAGE_SIZE = 20;

/** The recalls reaching the caller's unit (held, bought, raised by it); staff see all. */
export const useRecalls = (page: number, status?: RecallStatus) =>
  useSWR<RecallList, ApiError>([RECALL_PATHS.list, { page, pageSize: RECALLS_PAGE_SIZE, status }], fetcher, { keepPreviousData: true });

export const useRecall = (recallId: string) => useSWR<Recall, ApiError>(RECALL_PATHS.detail(recallId), fetcher);

/** The caller's own part: what it received, sold, holds and quarantined under the recall. */
export const useRecallTrace = (recallId: string) => useSWR<RecallTrace, ApiError>(RECALL_PATHS.trace(recallId), fetcher);

/** Staff, the product's manufacturer and the raiser only: the others are answered 403/404 and see no network view. */
export const useRecallNetwork = (recallId: string) =>
  useSWR<RecallNetwork, ApiError>(RECALL_PATHS.network(recallId), fetcher, { shouldRetryOnError: false });

/**
 * Back-office staff (the profile says so): they raise from the regulator's list, import it and lift any recall.
 * Undefined until the profile has loaded.
 */
export function useIsStaff(): boolean | undefined {
  const { data } = useSWR<Profile, ApiError>(PROFILE_PATHS.profile, fetcher);
  return data?.isStaff;
}

export const matchProducts = (query: RecallProductQuery) =>
  api.get<RecallProductMatches>(RECALL_PATHS.products, { name: query.name, manufacturer: query.manufacturer || undefined });

/** A manufacturer's letter or a destruction certificate (PDF or image): its id goes into the recall or the action. */
export const uploadRecallDocument = (kind: 'LETTER' | 'DESTRUCTION_CERTIFICATE', file: File) =>
  postFile<RecallDocument>(RECALL_PATHS.documents, file, { kind }, () => undefined);

export const downloadRecallDocument = (documentId: string, fileName: string) => downloadFile(RECALL_PATHS.document(documentId), fileName);

export const raiseRecall = (input: NewRecall) => api.post<Recall>(RECALL_PATHS.list, input);
export const liftRecall = (recallId: string, input: LiftRecall) => api.post<Recall>(RECALL_PATHS.lift(recallId), input);
export const returnToSupplier = (recallId: string) => api.post<ReturnToSupplierResult>(RECALL_PATHS.returnToSupplier(recallId), {});
export const askBuyers = (recallId: string) => api.post<AskBuyersResult>(RECALL_PATHS.askBuyers(recallId), {});
export const markDestroyed = (recallId: string, input: MarkDestroyed) => api.post<MarkDestroyedResult>(RECALL_PATHS.destroyed(recallId), input);

/** "B123, B124" or "All batches expiring up to 31/03/2027". */
export function batchesText(recall: Pick<Recall, 'batchNos' | 'expiryUpTo'>, formatDay: (day: string) => string): string {
  const named = recall.batchNos.join(', ');
  if (!recall.expiryUpTo) return named;
  const upTo = `all batches expiring up to ${formatDay(recall.expiryUpTo)}`;
  return named ? `${named}; ${upTo}` : upTo.charAt(0).toUpperCase() + upTo.slice(1);
}
