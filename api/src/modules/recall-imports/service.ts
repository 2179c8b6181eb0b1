import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  NewRecall,
  batchKey,
  type ConfirmRecallImport,
  type RecallImport,
  type RecallImportMapping,
  type RecallImportRaised,
  type RecallImportResult,
  type RecallImportRow,
  type RecallProductMatches,
  type RejectedRow,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError, accessDenied, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { isStaff } from '../registration/repository';
import { istDate } from '../search/text';
import type { RecallsService } from '../recalls/service';
import { inTransaction } from '../../db/transaction';
import { noticeMaker, noticeName } from './match';
import { readList, type ListLine } from './read-list';

export interface UploadedList {
  fileName: string;
  bytes: Buffer;
}

/** Rejected rows kept with the import and shown (the count covers all). */
const REJECTED_SHOWN = 5_000;
/** A recall names at most this many batch numbers (NewRecall): a product with more gets several. */
const BATCHES_PER_RECALL = 500;
/**
 * Recalls raised at once. Each locks only its own product's batches, so a few run side by side on a server's pool;
 * a 1,000-product list would otherwise wait for 1,000 transactions one after another.
 */
const RAISING_AT_ONCE = 4;
/** Candidates shown for a row staff must decide. */
const CANDIDATES = 10;
/** NewRecall's note. */
const NOTE_MAX = 500;

/** What the preview read, kept with the import (recall_imports.preview). */
type StoredPreview = Pick<RecallImport, 'headerRow' | 'headers' | 'mapping' | 'missingFields' | 'dataRows' | 'rows' | 'ambiguousRows' | 'rejected' | 'rejectedRows'>;

interface ImportRow {
  id: string;
  file_name: string;
  file_type: RecallImport['fileType'];
  preview: unknown;
  status: RecallImport['status'];
  created_at: Date;
  result: unknown;
}

/**
 * Staff import the regulator's list (issue 35): preview reads it (the stock upload's readers) and matches each row's
 * product, kept as a PREVIEW import; confirm raises one recall per product and reason and notice, batches grouped.
 */
export class RecallImportsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly recalls: RecallsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async assertStaff(caller: Caller): Promise<void> {
    if (!(await isStaff(this.db, caller.userId))) throw accessDenied();
  }

  async preview(caller: Caller, file: UploadedList, mapping: RecallImportMapping | undefined): Promise<RecallImport> {
    await this.assertStaff(caller);
    const now = this.config.now();
    const list = await readList(file.fileName, file.bytes, mapping, istDate(now));
    const rows: RecallImportRow[] = [];
    const rejected: RejectedRow[] = [...list.rejected];
    // Lists repeat a product on many rows (one per batch): each name and maker is looked up once, the way the raise
    // form's product search matches (RecallsService.products).
    const matches = new Map<string, Promise<RecallProductMatches>>();
    const lookUp = async (name: string, maker: string): Promise<RecallProductMatches> => {
      const found = await this.recalls.products({ name, manufacturer: maker || undefined });
      if (!maker || found.candidates.length > 0) return found;
      // A maker spelled past recognition ("Dr. Reddy's Laboratories" for "Dr. Reddy's"): what the name matches, for
      // staff to decide.
      return { candidates: (await this.recalls.products({ name })).candidates, exact: false };
    };
    const matchOf = (line: ListLine) => {
      const name = noticeName(line.name) || line.name;
      const maker = noticeMaker(line.manufacturer);
      const key = `${name.toLowerCase()}|${maker.toLowerCase()}`;
      let found = matches.get(key);
      if (!found) matches.set(key, (found = lookUp(name, maker)));
      return found;
    };
    for (const line of list.lines) {
      const { candidates, exact } = await matchOf(line);
      if (candidates.length === 0) {
        const maker = line.manufacturer ? ` by ${line.manufacturer}` : '';
        rejected.push({ rowNumber: line.rowNumber, cells: line.cells, problems: [`no product in the master matches "${line.name}"${maker}`] });
        continue;
      }
      const { cells: _cells, ...row } = line;
      rows.push({
        ...row,
        match: exact ? 'MATCHED' : 'AMBIGUOUS',
        productId: exact ? candidates[0]!.productId : null,
        candidates: exact ? [candidates[0]!] : candidates.slice(0, CANDIDATES),
      });
    }
    rejected.sort((a, b) => a.rowNumber - b.rowNumber);
    const preview: StoredPreview = {
      headerRow: list.headerRow,
      headers: list.headers,
      mapping: list.mapping,
      missingFields: list.missingFields,
      dataRows: list.dataRows,
      rows,
      ambiguousRows: rows.filter((r) => r.match === 'AMBIGUOUS').length,
      rejected: rejected.slice(0, REJECTED_SHOWN),
      rejectedRows: rejected.length,
    };
    const stored = await this.db
      .insertInto('recall_imports')
      .values({
        id: randomUUID(),
        unit_id: caller.unitId,
        created_by: caller.userId,
        file_name: file.fileName.slice(0, 200),
        file_type: list.type,
        preview: JSON.stringify(preview),
        status: 'PREVIEW',
        created_at: now,
      })
      .returning(['id', 'file_name', 'file_type', 'preview', 'status', 'created_at', 'result'])
      .executeTakeFirstOrThrow();
    return toImport(stored);
  }

  async detail(caller: Caller, importId: string): Promise<RecallImport> {
    await this.assertStaff(caller);
    return toImport(await this.load(importId));
  }

  private async load(importId: string): Promise<ImportRow> {
    if (!isUuid(importId)) throw notFound();
    const row = await this.db
      .selectFrom('recall_imports')
      .select(['id', 'file_name', 'file_type', 'preview', 'status', 'created_at', 'result'])
      .where('id', '=', importId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /**
   * Raises the import's recalls: one per product, reason and notice (a product's batch numbers together), each in
   * its own transaction, so one that fails (the product's maker is unknown, say) leaves the others raised and is
   * listed with why. Ambiguous rows without a pick are skipped. An import is confirmed once.
   */
  async confirm(caller: Caller, importId: string, input: z.output<typeof ConfirmRecallImport>): Promise<RecallImport> {
    await this.assertStaff(caller);
    const stored = await this.load(importId);
    if (stored.status !== 'PREVIEW') throw alreadyConfirmed();
    const preview = stored.preview as StoredPreview;
    if (preview.missingFields.length > 0) {
      throw new AppError('E0001', 400, `Choose the columns for ${preview.missingFields.join(', ')} and read the list again`, { mapping: 'Columns missing' });
    }

    const rowsByNumber = new Map(preview.rows.map((r) => [r.rowNumber, r]));
    const picked = new Map<number, string>();
    const badPicks: string[] = [];
    for (const pick of input.picks) {
      const row = rowsByNumber.get(pick.rowNumber);
      if (!row || !row.candidates.some((c) => c.productId === pick.productId)) badPicks.push(String(pick.rowNumber));
      else picked.set(pick.rowNumber, pick.productId);
    }
    if (badPicks.length > 0) {
      throw new AppError('E0001', 400, `${capitalised(rowList(badPicks))}: pick one of the products the preview offers for that row`, { picks: 'Not a product offered for the row' });
    }
    const chosen = preview.rows.flatMap((row) => {
      const productId = picked.get(row.rowNumber) ?? row.productId;
      return productId ? [{ row, product: row.candidates.find((c) => c.productId === productId)! }] : [];
    });
    const rowsSkipped = preview.rows.filter((r) => !picked.has(r.rowNumber) && !r.productId).map((r) => r.rowNumber);
    const noNotice = chosen.filter(({ row }) => !(row.noticeNumber && row.noticeDate) && !(input.noticeNumber && input.noticeDate));
    if (noNotice.length > 0) {
      throw new AppError('E0001', 400, `${capitalised(rowList(noNotice.map(({ row }) => String(row.rowNumber))))} name no notice: give the notice number and date the list comes from`, {
        noticeNumber: 'Give the notice number and date',
      });
    }
    if (chosen.length === 0) throw new AppError('E0001', 400, 'Nothing to import: every row is rejected or waits for a product to be picked');

    // One recall per product, reason, action and notice: a notice's batches of one product are one recall.
    const groups = new Map<string, { recall: z.output<typeof NewRecall>; raised: RecallImportRaised; notes: Set<string> }[]>();
    for (const { row, product } of chosen) {
      const reason = row.reason ?? input.reason;
      const noticeNumber = row.noticeNumber && row.noticeDate ? row.noticeNumber : input.noticeNumber!;
      const noticeDate = row.noticeNumber && row.noticeDate ? row.noticeDate : input.noticeDate!;
      const key = [product.productId, reason, noticeNumber, noticeDate].join('|');
      let parts = groups.get(key);
      if (!parts) groups.set(key, (parts = []));
      let part = parts.at(-1);
      const newBatches = row.batchNos.filter((b) => !part?.recall.batchNos.some((known) => batchKey(known) === batchKey(b)));
      if (!part || part.recall.batchNos.length + newBatches.length > BATCHES_PER_RECALL) {
        part = {
          recall: {
            productId: product.productId,
            batchNos: [],
            expiryUpTo: null,
            reason,
            action: input.action,
            source: { noticeNumber, noticeDate, letterDocumentId: null },
            note: null,
          },
          raised: { productId: product.productId, productName: product.name, manufacturer: product.manufacturer, batchNos: [], expiryUpTo: null, rowNumbers: [], recallId: null, recallNumber: null, problem: null },
          notes: new Set(),
        };
        parts.push(part);
      }
      for (const b of row.batchNos) if (!part.recall.batchNos.some((known) => batchKey(known) === batchKey(b))) part.recall.batchNos.push(b);
      if (row.allUpToExpiry && row.expiryDate && (!part.recall.expiryUpTo || row.expiryDate > part.recall.expiryUpTo)) part.recall.expiryUpTo = row.expiryDate;
      if (row.reasonText) part.notes.add(row.reasonText);
      part.raised.rowNumbers.push(row.rowNumber);
    }
    const work = [...groups.values()].flat();
    for (const part of work) {
      const from = `From the regulator's list ${stored.file_name}, ${rowList(part.raised.rowNumbers.map(String))}`;
      part.recall.note = [...part.notes, from].join('. ').slice(0, NOTE_MAX);
      part.raised.batchNos = part.recall.batchNos;
      part.raised.expiryUpTo = part.recall.expiryUpTo;
    }

    // Claimed before anything is raised: a second confirm (another tab, a double click) raises nothing twice.
    const claimed = await this.db
      .updateTable('recall_imports')
      .set({ status: 'IMPORTING', confirmed_by: caller.userId, confirmed_at: this.config.now() })
      .where('id', '=', importId)
      .where('status', '=', 'PREVIEW')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw alreadyConfirmed();

    let next = 0;
    const raiseNext = async (): Promise<void> => {
      while (next < work.length) {
        const part = work[next++]!;
        try {
          // RecallsService.raise's transaction, without the detail it answers (counts nobody here reads).
          const recall = await inTransaction(this.db, async (trx) => {
            const id = await this.recalls.raiseIn(trx, caller, NewRecall.parse(part.recall), importId);
            return trx.selectFrom('recalls').select(['id', 'recall_number']).where('id', '=', id).executeTakeFirstOrThrow();
          });
          part.raised.recallId = recall.id;
          part.raised.recallNumber = recall.recall_number;
        } catch (error) {
          // The others go on; a refusal says why in words, anything else is logged and named as a failure.
          if (error instanceof AppError) part.raised.problem = error.message;
          else {
            this.log.error({ err: error, importId, productId: part.recall.productId }, 'raising a recall of an import failed');
            part.raised.problem = 'The recall could not be raised (an internal error): raise it from the recall form';
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RAISING_AT_ONCE, work.length) }, raiseNext));

    const raised = work.map((p) => p.raised).sort((a, b) => a.rowNumbers[0]! - b.rowNumbers[0]!);
    const result: RecallImportResult = {
      raised,
      recallsRaised: raised.filter((r) => r.recallId).length,
      recallsFailed: raised.filter((r) => !r.recallId).length,
      rowsSkipped,
      confirmedAt: this.config.now().toISOString(),
    };
    const done = await this.db
      .updateTable('recall_imports')
      .set({ status: 'IMPORTED', result: JSON.stringify(result) })
      .where('id', '=', importId)
      .returning(['id', 'file_name', 'file_type', 'preview', 'status', 'created_at', 'result'])
      .executeTakeFirstOrThrow();
    return toImport(done);
  }
}

const alreadyConfirmed = () => new AppError('E0013', 409, 'This list has been imported already: read the file again to import it anew');

/** "row 3", "rows 3, 4 and 9" (the first 20, then "…"). */
function rowList(rows: string[]): string {
  const shown = rows.length > 20 ? [...rows.slice(0, 20), '…'] : rows;
  return shown.length === 1 ? `row ${shown[0]}` : `rows ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function toImport(row: ImportRow): RecallImport {
  const preview = row.preview as StoredPreview;
  return {
    importId: row.id,
    status: row.status,
    fileName: row.file_name,
    fileType: row.file_type,
    ...preview,
    createdAt: row.created_at.toISOString(),
    result: (row.result as RecallImportResult | null) ?? null,
  };
}
