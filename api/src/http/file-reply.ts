import type { FastifyReply } from 'fastify';

/*
 * The one way the API answers a file (documents, reports, returns, exports): never cached, it is the caller's own
 * books. Errors still answer the JSON envelope.
 */

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
} as const;

/** A file to download: the name the browser saves it as, its type and its bytes (or text). */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** Serves a file: a PDF inline (browsers open it in their viewer), anything else as a download saved under its name. */
export function sendFile(reply: FastifyReply, file: DownloadFile) {
  const disposition = file.contentType === CONTENT_TYPES.pdf ? 'inline' : 'attachment';
  return reply.type(file.contentType).header('content-disposition', `${disposition}; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.body);
}

/** A rendered document (invoice, note, order, statement). */
export const sendPdf = (reply: FastifyReply, pdf: { fileName: string; bytes: Buffer }) => sendFile(reply, { fileName: pdf.fileName, contentType: CONTENT_TYPES.pdf, body: pdf.bytes });

/** A CSV text field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets (numbers aside). */
export function csvText(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
