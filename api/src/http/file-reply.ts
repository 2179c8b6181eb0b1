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
  png: 'image/png',
  svg: 'image/svg+xml',
} as const;

const SHOWN_INLINE: readonly string[] = [CONTENT_TYPES.pdf, CONTENT_TYPES.png, CONTENT_TYPES.svg];

/** A file to download: the name the browser saves it as, its type and its bytes (or text). */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** Serves a file: a PDF or image inline (browsers show it), anything else as a download saved under its name. */
export function sendFile(reply: FastifyReply, file: DownloadFile) {
  const disposition = SHOWN_INLINE.includes(file.contentType) ? 'inline' : 'attachment';
  return reply.type(file.contentType).header('content-disposition', `${disposition}; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.body);
}

/** A rendered document (invoice, note, order, statement). */
export const sendPdf = (reply: FastifyReply, pdf: { fileName: string; bytes: Buffer }) => sendFile(reply, { fileName: pdf.fileName, contentType: CONTENT_TYPES.pdf, body: pdf.bytes });

/** A CSV text field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets (numbers aside). */
export function csvText(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
