import type { ColumnMapping, RejectedRow } from 'shared-api';
// Zod-free parts of the contract only: this runs in the reader's thread (stock-upload.ts).
import { INVENTORY_FIELDS } from 'shared-api/src/stock-upload';
import { AppError } from '../../../http/errors';
import { cellText, findHeaderRow, mappingOf, type Cell } from './header-detect';
import { eachUploadRow, fileTypeOf, type UploadFileType } from './read-upload';
import { rowValidator } from './rows';
import { stockLinesBuilder, type StockChunk } from './stock-lines';

/** Rejected rows handed back (preview and import answers); the count covers all of them. */
const REJECTED_SHOWN = 5000;
/** The header is looked for among this many first rows (findHeaderRow's default). */
const HEADER_SCAN = 40;
/** Valid lines per chunk handed on: one bulk statement's worth (repository.ts), so storing starts while reading goes on. */
const CHUNK_LINES = 2_000;

export interface AnalyseInput {
  fileName: string;
  bytes: Uint8Array;
  /** The user's mapping; it wins over the detected one. */
  mapping?: ColumnMapping;
  today: string;
}

/** What reading an upload tells, in this order: the header once found, the valid lines in chunks, the summary. */
export type AnalyseEvent =
  | { kind: 'header'; type: UploadFileType; headerIndex: number; headers: string[]; mapping: ColumnMapping; missingFields: string[] }
  | { kind: 'lines'; chunk: StockChunk }
  | { kind: 'done'; dataRows: number; validRows: number; rejected: RejectedRow[]; rejectedCount: number };

/**
 * Reads, finds the header, maps (the user's mapping wins) and validates. Nothing is stored. Rows are validated as
 * they are read once the header is known (it is among the first HEADER_SCAN rows), so the raw rows of a large
 * file are never all held; only when no header is found there are all rows kept, for the fallback below.
 * Runs in a worker (analyse-in-worker.ts); `emit` hands each event on, with the buffers it may transfer.
 */
export async function analyseUpload(input: AnalyseInput, emit: (event: AnalyseEvent, transfer?: ArrayBuffer[]) => void): Promise<void> {
  const type = fileTypeOf(input.fileName);
  const rules = { today: input.today };
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const lines = stockLinesBuilder();
  let validRows = 0;
  const flush = () => {
    validRows += lines.pending();
    const { chunk, transfer } = lines.take();
    emit({ kind: 'lines', chunk }, transfer);
  };
  const onValid = (line: Parameters<typeof lines.add>[0], productKey: string) => {
    lines.add(line, productKey);
    if (lines.pending() >= CHUNK_LINES) flush();
  };
  const head: Cell[][] = [];
  // Set inside the row callback (`as` keeps TypeScript from narrowing them to undefined after it).
  let rest = undefined as Cell[][] | undefined;
  let found = undefined as { validator: ReturnType<typeof rowValidator> } | undefined;
  const start = (rows: Cell[][], headerIndex: number) => {
    const headers = rows[headerIndex]!.map(cellText);
    const mapping = input.mapping ?? mappingOf(headers);
    const missingFields = INVENTORY_FIELDS.filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
    emit({ kind: 'header', type, headerIndex, headers, mapping, missingFields });
    const validator = rowValidator(rows[headerIndex], mapping, rules, onValid);
    for (let r = headerIndex + 1; r < rows.length; r++) validator.add(rows[r]!, r);
    return { validator };
  };
  const decide = () => {
    const rows = Array.from(head, (r) => r ?? []);
    const headerIndex = findHeaderRow(rows, HEADER_SCAN);
    if (headerIndex < 0) {
      rest = rows;
      return undefined;
    }
    return start(rows, headerIndex);
  };
  await eachUploadRow(input.fileName, bytes, (cells, index) => {
    if (found) found.validator.add(cells, index);
    else if (rest) rest[index] = cells;
    else if (index < HEADER_SCAN) head[index] = cells;
    else {
      found = decide();
      if (found) found.validator.add(cells, index);
      else rest![index] = cells;
    }
  });
  if (!found && !rest) found = decide();
  if (!found) {
    const rows = Array.from(rest!, (r) => r ?? []);
    if (rows.length === 0) throw new AppError('E0001', 400, 'The file has no rows');
    // Column names nobody taught us: the first row that looks like a table's header, for the user to map.
    const headerIndex = rows.findIndex((row) => row.filter((c) => cellText(c) !== '').length >= 3);
    if (headerIndex < 0) {
      throw new AppError('E0001', 400, 'No table found: the file needs a row naming its columns (Item name, Batch, Expiry, MRP, PTR, Qty …)');
    }
    found = start(rows, headerIndex);
  }
  if (lines.pending() > 0) flush();
  const { rejected, dataRows } = found.validator.result();
  emit({ kind: 'done', dataRows, validRows, rejected: rejected.slice(0, REJECTED_SHOWN), rejectedCount: rejected.length });
}
