import { downloadFile, type QueryParams } from 'shared-auth';

/** A safe file name from a title: letters, digits, '-' and '_' only ("Sharma Medical / 2026" → "Sharma-Medical-2026"). */
export const fileNameOf = (...parts: string[]) =>
  parts
    .join('-')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** A report file from the API (spreadsheet, PDF, GST file, Tally XML) with the session's token, saved as `name.ext`. */
export const downloadReport = (path: string, params: QueryParams, name: string, extension: string) => downloadFile(path, `${name}.${extension}`, params);
