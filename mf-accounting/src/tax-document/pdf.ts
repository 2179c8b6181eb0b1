import { downloadFile } from 'shared-auth';

export type PaperSize = 'A4' | 'A5';
export const PAPER_SIZES: readonly PaperSize[] = ['A4', 'A5'];

/**
 * A document's PDF with the session's token (a plain link would reach the API without it), saved as its number
 * ("/" is not allowed in file names). With a paper size: A4 is the server's default, so only A5 is asked for.
 */
export const downloadDocumentPdf = (path: string, documentNumber: string, paper?: PaperSize) =>
  downloadFile(path, `${documentNumber.replace(/\//g, '-')}${paper ? `-${paper}` : ''}.pdf`, paper === 'A5' ? { size: paper } : undefined);
