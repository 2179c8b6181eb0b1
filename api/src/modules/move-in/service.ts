import { createHash, randomUUID } from 'node:crypto';
import {
  financialYear,
  formatPaise,
  type BillSide,
  type ConfirmMoveInImport,
  type ConfirmOpeningDifference,
  type MoveInImport,
  type MoveInImportResult,
  type MoveInKind,
  type MoveInMapping,
  type MoveInReport,
  type SetMoveInDate,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction, sqlState } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { csvText, CONTENT_TYPES, type DownloadFile } from '../../http/file-reply';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { printedDate } from '../../pdf/pdf';
import { assertEntryDate } from '../ledger/dates';
import { postVoucher } from '../ledger/post';
import { asClosedYearError, yearClosed } from '../ledger/years';
import { istDate } from '../search/text';
import { importBills, importParties, importTrialBalance, type PostedCounts, type PostingContext } from './opening-posting';
import { readMoveInFile } from './read';
import { moveInReport, openingDifference } from './report';

export interface MoveInFile {
  fileName: string;
  bytes: Buffer;
}

export interface MoveInForm {
  kind: MoveInKind;
  file: MoveInFile;
  mapping?: MoveInMapping | undefined;
  side?: BillSide | undefined;
}

/** Rows of each kind the preview shows (the import takes every valid row, kept apart in move_in_imports.rows). */
const ROWS_SHOWN = 500;
/** Rejected rows kept with the preview (the count covers all). */
const REJECTED_SHOWN = 5_000;

/** The preview as stored (move_in_imports.preview): MoveInImport but for what is read fresh. */
type StoredPreview = Omit<MoveInImport, 'importId' | 'status' | 'previousImportId' | 'createdAt' | 'result'>;

const rupees = (paise: number) => `₹${formatPaise(paise)}`;
const UNIQUE_VIOLATION = '23505';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** E0026: the move-in cannot do this now (the message says why and what to do). */
const cannot = (message: string) => new AppError('E0026', 409, message);

/**
 * Moving in from Marg, Busy or Tally (issue 36), owner only: the opening date, each file read and previewed, then
 * imported all-or-nothing in one transaction (the same file twice changes nothing); the report; the difference.
 * Every write of a unit's move-in first locks its move_ins row, so imports and the difference run one at a time.
 */
export class MoveInService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async report(caller: Caller): Promise<MoveInReport> {
    return moveInReport(this.db, caller.unitId, this.config.now());
  }

  /** The day the opening balances are as of: any day the unit's entries may be dated, fixed once a file is imported. */
  async setOpeningDate(caller: Caller, input: SetMoveInDate): Promise<MoveInReport> {
    const now = this.config.now();
    await assertEntryDate(this.db, caller.unitId, input.openingDate, now, 'openingDate');
    await inTransaction(this.db, async (trx) => {
      const move = await trx.selectFrom('move_ins').select(['opening_date']).where('unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
      const imported = await trx.selectFrom('move_in_imports').select('id').where('unit_id', '=', caller.unitId).where('status', '=', 'IMPORTED').limit(1).executeTakeFirst();
      if (imported && move && move.opening_date !== input.openingDate) {
        throw cannot(`The move-in date is ${printedDate(move.opening_date)} and files are imported as of it: it can no longer change`);
      }
      const closed = await trx.selectFrom('financial_year_closures').select('financial_year').where('unit_id', '=', caller.unitId).execute();
      const fy = closed.find((c) => c.financial_year === financialYear(input.openingDate));
      if (fy) throw yearClosed(fy.financial_year, input.openingDate);
      await trx
        .insertInto('move_ins')
        .values({ unit_id: caller.unitId, opening_date: input.openingDate, created_by: caller.userId, created_at: now })
        .onConflict((oc) => oc.column('unit_id').doUpdateSet({ opening_date: input.openingDate }))
        .execute();
    });
    return this.report(caller);
  }

  async preview(caller: Caller, form: MoveInForm): Promise<MoveInImport> {
    const now = this.config.now();
    const read = await readMoveInFile(form.kind, form.file.fileName, form.file.bytes, { mapping: form.mapping, side: form.side, today: istDate(now) });
    const badColumn = Object.entries(read.mapping).find(([, column]) => column >= read.headers.length);
    if (badColumn && read.fileType !== 'XML') {
      throw new AppError('E0001', 400, `The mapping puts ${badColumn[0]} in column ${badColumn[1] + 1}, but the file has ${read.headers.length} columns`, { mapping: 'A column the file does not have' });
    }
    // A bill after the move-in date is not in the balances as of that day: imported, but said so.
    const move = await this.db.selectFrom('move_ins').select('opening_date').where('unit_id', '=', caller.unitId).executeTakeFirst();
    if (move) {
      for (const b of read.bills) if (b.billDate > move.opening_date) b.warnings.push(`Dated after the move-in date (${printedDate(move.opening_date)}): it is not in the opening balances of that day`);
    }
    const rows = { PARTIES: read.parties, ITEMS: read.items, BILLS: read.bills, TRIAL_BALANCE: read.trialBalance }[form.kind];
    const totals = { debitPaise: 0, creditPaise: 0 };
    if (form.kind === 'BILLS') for (const b of read.bills) totals[b.side === 'RECEIVABLE' ? 'debitPaise' : 'creditPaise'] += b.pendingPaise;
    const add = (paise: number | null) => {
      if (paise === null) return;
      if (paise > 0) totals.debitPaise += paise;
      else totals.creditPaise -= paise;
    };
    if (form.kind === 'PARTIES') for (const p of read.parties) add(p.balancePaise);
    if (form.kind === 'TRIAL_BALANCE') for (const l of read.trialBalance) add(l.balancePaise);
    const preview: StoredPreview = {
      kind: form.kind,
      source: read.source,
      fileName: form.file.fileName.slice(0, 200),
      fileType: read.fileType,
      headerRow: read.headerRow,
      headers: read.headers,
      mapping: read.mapping,
      missingFields: read.missingFields,
      dataRows: read.dataRows,
      validRows: rows.length,
      parties: read.parties.slice(0, ROWS_SHOWN),
      items: read.items.slice(0, ROWS_SHOWN),
      bills: read.bills.slice(0, ROWS_SHOWN),
      trialBalance: read.trialBalance.slice(0, ROWS_SHOWN),
      itemMatches: [],
      catalogue: null,
      rejected: read.rejected.slice(0, REJECTED_SHOWN),
      rejectedRows: read.rejected.length,
      totals,
    };
    const id = randomUUID();
    const fileHash = sha256(form.file.bytes);
    await this.db
      .insertInto('move_in_imports')
      .values({
        id,
        unit_id: caller.unitId,
        kind: form.kind,
        source: read.source,
        file_name: preview.fileName,
        file_type: read.fileType,
        file_hash: fileHash,
        status: 'PREVIEW',
        preview: JSON.stringify(preview),
        rows: JSON.stringify(rows),
        created_by: caller.userId,
        created_at: now,
      })
      .execute();
    return this.detail(caller, id);
  }

  async detail(caller: Caller, importId: string): Promise<MoveInImport> {
    if (!isUuid(importId)) throw notFound();
    const row = await this.db
      .selectFrom('move_in_imports as i')
      .select(['i.id', 'i.kind', 'i.status', 'i.preview', 'i.result', 'i.created_at'])
      .select((eb) =>
        eb
          .selectFrom('move_in_imports as e')
          .select('e.id')
          .whereRef('e.unit_id', '=', 'i.unit_id')
          .whereRef('e.kind', '=', 'i.kind')
          .whereRef('e.file_hash', '=', 'i.file_hash')
          .whereRef('e.id', '<>', 'i.id')
          .where('e.status', '=', 'IMPORTED')
          .limit(1)
          .as('previous_id'),
      )
      .where('i.id', '=', importId)
      .where('i.unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!row) throw new AppError('E0002', 404, 'No such move-in file');
    return {
      ...(row.preview as StoredPreview),
      importId: row.id,
      status: row.status,
      previousImportId: row.previous_id ?? null,
      createdAt: row.created_at.toISOString(),
      result: (row.result as MoveInImportResult | null) ?? null,
    };
  }

  /** The rejected rows with their reasons, as a spreadsheet to correct. */
  async rejectedCsv(caller: Caller, importId: string): Promise<DownloadFile> {
    const found = await this.detail(caller, importId);
    const lines = [['Row', 'Problems', ...found.headers].map(csvText).join(',')];
    for (const r of found.rejected) lines.push([String(r.rowNumber), r.problems.join('; '), ...r.cells].map(csvText).join(','));
    const base = found.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-') || 'move-in';
    return { fileName: `${base}-rejected.csv`, contentType: CONTENT_TYPES.csv, body: `${lines.join('\r\n')}\r\n` };
  }

  /**
   * Imports a previewed file, all or nothing. Idempotent: an import done answers its result again, and a file whose
   * very bytes (of the same kind) were imported before answers that import, changing nothing. Rows already in the
   * books (a party by GSTIN or name, a bill by party and number, a head by name) are skipped and counted.
   */
  async confirm(caller: Caller, importId: string, input: z.output<typeof ConfirmMoveInImport>): Promise<MoveInImport> {
    if (!isUuid(importId)) throw notFound();
    const now = this.config.now();
    const done = await inTransaction(this.db, async (trx) => {
      // The unit's move-in row first: confirms (and the date, and the difference) of one unit queue here.
      const move = await trx.selectFrom('move_ins').select('opening_date').where('unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
      const stored = await trx
        .selectFrom('move_in_imports')
        .select(['id', 'kind', 'status', 'file_hash', 'preview', 'rows'])
        .where('id', '=', importId)
        .where('unit_id', '=', caller.unitId)
        .forUpdate()
        .executeTakeFirst();
      if (!stored) throw new AppError('E0002', 404, 'No such move-in file');
      if (stored.status === 'IMPORTED') return stored.id;
      const earlier = await trx
        .selectFrom('move_in_imports')
        .select('id')
        .where('unit_id', '=', caller.unitId)
        .where('kind', '=', stored.kind)
        .where('file_hash', '=', stored.file_hash)
        .where('status', '=', 'IMPORTED')
        .executeTakeFirst();
      if (earlier) return earlier.id;
      if (!move) throw cannot('Set the move-in date first: the day the opening balances are as of');
      const preview = stored.preview as StoredPreview;
      if (preview.missingFields.length) {
        throw new AppError('E0001', 400, `Choose the columns for ${preview.missingFields.join(', ')} and read the file again`, { mapping: 'Columns missing' });
      }
      const ctx: PostingContext = { unitId: caller.unitId, importId: stored.id, openingDate: move.opening_date, createdBy: caller.userId, at: now };
      let counts: PostedCounts & { productsCreated?: number };
      switch (stored.kind) {
        case 'PARTIES':
          counts = await importParties(trx, ctx, stored.rows as never);
          break;
        case 'BILLS':
          counts = await importBills(trx, ctx, stored.rows as never);
          break;
        case 'TRIAL_BALANCE':
          counts = await importTrialBalance(trx, ctx, stored.rows as never, input.groups);
          break;
        case 'ITEMS':
          throw cannot('The item master cannot be imported yet');
      }
      const result: MoveInImportResult = {
        imported: counts.imported,
        skippedAsAlreadyImported: counts.skippedAsAlreadyImported,
        linkedParties: counts.linkedParties,
        productsCreated: counts.productsCreated ?? 0,
        vouchersPosted: counts.vouchersPosted,
        importedAt: now.toISOString(),
      };
      await trx.updateTable('move_in_imports').set({ status: 'IMPORTED', result: JSON.stringify(result), imported_at: now }).where('id', '=', stored.id).execute();
      return stored.id;
      // A head name another request took meanwhile: the next try reads the names again.
    }, { retryIf: (error) => sqlState(error) === UNIQUE_VIOLATION });
    return this.detail(caller, done);
  }

  /**
   * Posts the opening difference to OPENING_DIFFERENCE: exactly the figure the owner saw (a stale one is refused, as
   * is a move-in with nothing imported). Dated the move-in date.
   */
  async confirmDifference(caller: Caller, input: ConfirmOpeningDifference): Promise<MoveInReport> {
    const now = this.config.now();
    await inTransaction(this.db, async (trx) => {
      const move = await trx.selectFrom('move_ins').select(['opening_date', 'difference_paise']).where('unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
      const imported = await trx.selectFrom('move_in_imports').select('id').where('unit_id', '=', caller.unitId).where('status', '=', 'IMPORTED').limit(1).executeTakeFirst();
      if (!move || !imported) throw cannot('Nothing is imported yet: import the parties, bills or trial balance first');
      const difference = await openingDifference(trx, caller.unitId, now);
      if (difference !== input.differencePaise) {
        throw cannot(`The opening difference is now ${rupees(difference)} (${difference >= 0 ? 'Dr' : 'Cr'}), not ${rupees(input.differencePaise)}: look at the report again`);
      }
      let voucherId: string | null = null;
      if (difference !== 0) {
        const amount = Math.abs(difference);
        voucherId = await postVoucher(trx, {
          unitId: caller.unitId,
          kind: 'JOURNAL',
          date: move.opening_date,
          documentType: 'OPENING_DIFFERENCE',
          narration: `Difference in opening balances confirmed by the owner (${rupees(difference)} ${difference > 0 ? 'Dr' : 'Cr'})`,
          lines:
            difference > 0
              ? [
                  { account: { head: 'OPENING_DIFFERENCE' }, debitPaise: amount },
                  { account: { head: 'OPENING_BALANCES' }, creditPaise: amount },
                ]
              : [
                  { account: { head: 'OPENING_BALANCES' }, debitPaise: amount },
                  { account: { head: 'OPENING_DIFFERENCE' }, creditPaise: amount },
                ],
          createdBy: caller.userId,
          at: now,
        }).catch((error: unknown) => {
          throw asClosedYearError(error, move.opening_date);
        });
      }
      await trx
        .updateTable('move_ins')
        .set({ difference_paise: Number(move.difference_paise ?? 0) + difference, difference_voucher_id: voucherId, difference_confirmed_at: now })
        .where('unit_id', '=', caller.unitId)
        .execute();
    });
    return this.report(caller);
  }
}
