import useSWR, { useSWRConfig } from 'swr';
import {
  MOVE_IN_KINDS,
  MOVE_IN_PATHS,
  type BillMatches,
  type BillSide,
  type ConfirmMoveInImport,
  type ConfirmOpeningDifference,
  type ConnectParties,
  type ConnectResult,
  type InviteParties,
  type InviteResult,
  type MoveInImport,
  type MoveInKind,
  type MoveInMapping,
  type MoveInParties,
  type MoveInPartiesQuery,
  type MoveInReport,
  type SetMoveInDate,
} from 'shared-api';
import { api, downloadFile, fetcher, postFile, type ApiError, type UploadProgress } from 'shared-auth';
import { useRevalidateBooks } from '../books-common/revalidate';

/** Where the move-in lives (Settings → Move in): the landing with its steps and report, one import screen per kind. */
export const MOVE_IN_HOME = '/move-in';
export const MOVE_IN_NETWORK = '/move-in/network';

/** A kind in the URL: /move-in/import/trial-balance. */
const KIND_SLUGS: Readonly<Record<MoveInKind, string>> = { PARTIES: 'parties', ITEMS: 'items', BILLS: 'bills', TRIAL_BALANCE: 'trial-balance' };
export const importPath = (kind: MoveInKind) => `/move-in/import/${KIND_SLUGS[kind]}`;
export const kindOfSlug = (slug: string | undefined): MoveInKind | null => MOVE_IN_KINDS.find((k) => KIND_SLUGS[k] === slug) ?? null;

/** The stock upload (mf-inventory) brings the opening stock, valued by its Cost column. */
export const STOCK_UPLOAD_PATH = '/inventory/upload';
/** The outstanding of every party with its ageing (mf-accounting ledgers), where the imported bills show. */
export const outstandingPath = (side: BillSide) => `/ledgers?tab=outstanding&side=${side}`;

export const useMoveInReport = () => useSWR<MoveInReport, ApiError>(MOVE_IN_PATHS.report, fetcher);

export const setOpeningDate = (input: SetMoveInDate) => api.put<MoveInReport>(MOVE_IN_PATHS.openingDate, input);

/** Reads a file of one kind into a preview (with the owner's mapping when corrected, the side of a bills file that does not say). */
export function previewMoveInFile(kind: MoveInKind, file: File, options: { mapping?: MoveInMapping; side?: BillSide }, onProgress: UploadProgress) {
  const fields: Record<string, string> = { kind };
  if (options.mapping) fields.mapping = JSON.stringify(options.mapping);
  if (options.side) fields.side = options.side;
  return postFile<MoveInImport>(MOVE_IN_PATHS.imports, file, fields, onProgress);
}

/** All-or-nothing: every valid row of the preview, or none. */
export const confirmMoveInImport = (importId: string, input: ConfirmMoveInImport) => api.post<MoveInImport>(MOVE_IN_PATHS.confirm(importId), input);

export const downloadRejected = (preview: Pick<MoveInImport, 'importId' | 'fileName'>) =>
  downloadFile(MOVE_IN_PATHS.rejected(preview.importId), `rejected-${preview.fileName}.csv`);

/** The owner agrees to post exactly this figure to "Difference in Opening Balances". */
export const confirmOpeningDifference = (input: ConfirmOpeningDifference) => api.post<MoveInReport>(MOVE_IN_PATHS.difference, input);

export const useMoveInParties = (query: MoveInPartiesQuery) =>
  useSWR<MoveInParties, ApiError>([MOVE_IN_PATHS.parties, { ...query }] as const, fetcher, { keepPreviousData: true });
export const inviteParties = (input: InviteParties) => api.post<InviteResult>(MOVE_IN_PATHS.invite, input);
export const connectParties = (input: ConnectParties) => api.post<ConnectResult>(MOVE_IN_PATHS.connect, input);

export const useBillMatches = () => useSWR<BillMatches, ApiError>(MOVE_IN_PATHS.billMatches, fetcher);

/**
 * After an import or a confirmed difference: the move-in's report and parties, and every book answer (balances,
 * outstanding, statements) may be stale.
 */
export function useRevalidateMoveIn() {
  const { mutate } = useSWRConfig();
  const books = useRevalidateBooks();
  return () => Promise.all([mutate((key) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith(MOVE_IN_PATHS.report)), books()]);
}
