import { BOOKS_PATHS, type Gstr1Summary, type Gstr3b } from 'shared-api';
import { fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import type { Period } from '../books-common/period';
import { downloadReport } from '../downloads/files';

export type GstFileFormat = 'json' | 'csv' | 'xlsx';
export const GST_FILE_FORMATS: readonly GstFileFormat[] = ['json', 'csv', 'xlsx'];

export const useGstr1 = (month: string) => useSWR<Gstr1Summary, ApiError>([BOOKS_PATHS.gstr1, { month }], fetcher);
export const useGstr3b = (month: string) => useSWR<Gstr3b, ApiError>([BOOKS_PATHS.gstr3b, { month }], fetcher);

/** The month's GSTR-1 as the portal's offline tool reads it (JSON) or for checking (CSV, XLSX). */
export const downloadGstr1 = (month: string, format: GstFileFormat) => downloadReport(BOOKS_PATHS.gstr1File, { month, format }, `GSTR1-${month}`, format);
export const downloadGstr3b = (month: string, format: GstFileFormat) => downloadReport(BOOKS_PATHS.gstr3bFile, { month, format }, `GSTR3B-${month}`, format);

/** Vouchers of a period as Tally's XML import. */
export const downloadTally = (period: Period) => downloadReport(BOOKS_PATHS.tallyExport, { ...period }, `Tally-${period.from}-${period.to}`, 'xml');
