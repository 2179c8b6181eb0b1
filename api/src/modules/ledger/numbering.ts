import { sql, type InsertObject, type QueryCreator, type Transaction } from 'kysely';
import { documentNumber, financialYear, type DocumentSeries } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';

/** Financial years (by their first calendar year) whose 'YY-YY' labels are all different. */
export const NUMBERED_YEARS = { from: 2000, to: 2098 } as const;

/** The financial year of `date`, refused (E0022) outside the years numbers can print. */
function numberedYear(date: string): string {
  const fy = financialYear(date);
  // The number prints the year as 'YY-YY', so within one century each label is one year: a number of another century
  // would repeat one of this (1999-00 and 2099-00 both print 99-00). Entries' dates are bounded (dates.ts); this
  // is the backstop for whatever else numbers a document.
  const start = Number(fy.slice(0, 4));
  if (start < NUMBERED_YEARS.from || start > NUMBERED_YEARS.to) {
    throw new AppError('E0022', 400, `This date is outside the allowed range: documents are numbered for the financial years ${NUMBERED_YEARS.from}-${String((NUMBERED_YEARS.from + 1) % 100).padStart(2, '0')} to ${NUMBERED_YEARS.to}-${(NUMBERED_YEARS.to + 1) % 100}, not ${fy}`);
  }
  return fy;
}

export interface DocumentNumber {
  series: DocumentSeries;
  /** '2026-27' */
  financialYear: string;
  serial: number;
  /** 'INV/26-27/000123' */
  number: string;
}

/**
 * The next number of a series in the unit's financial year of `date` (an IST calendar day), gap-free: the counter
 * row is incremented by an upsert whose row lock (the lock FOR UPDATE takes) is held until the document's
 * transaction ends, so concurrent documents queue here and take consecutive serials, and a document that rolls
 * back hands its serial to the next one. Call it late in the transaction, after the document's reads, to keep
 * the wait short.
 */
export async function nextDocumentNumber(trx: Transaction<DB>, unitId: string, series: DocumentSeries, date: string): Promise<DocumentNumber> {
  const fy = numberedYear(date);
  const row = await trx
    .insertInto('document_counters')
    .values({ unit_id: unitId, series, financial_year: fy, last_serial: 1 })
    .onConflict((oc) => oc.columns(['unit_id', 'series', 'financial_year']).doUpdateSet({ last_serial: sql`document_counters.last_serial + 1` }))
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return { series, financialYear: fy, serial: row.last_serial, number: documentNumber(series, fy, row.last_serial) };
}

/**
 * Stands for the number not taken yet in text of rows built before the counter (a voucher's narration, a notice's
 * title); `takeNumberWith` writes the number in its place.
 */
export const NUMBER_TO_TAKE = '⟨number⟩';

/** The number and serial `takeNumberWith` takes, as SQL values for the rows it writes. */
export const TAKEN = {
  number: sql<string>`(SELECT number FROM taken_number)`,
  serial: sql<number>`(SELECT serial FROM taken_number)`,
};

/** Rows for one table, written in the statement that takes the number: values may hold TAKEN or NUMBER_TO_TAKE. */
export type NumberedWrite = { [T in keyof DB & string]: { table: T; rows: readonly InsertObject<DB, T>[] } }[keyof DB & string];

/** A row's text values with NUMBER_TO_TAKE in them, as SQL that puts the taken number there. */
function withTakenNumber<R extends object>(row: R): R {
  const out = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string' && value.includes(NUMBER_TO_TAKE)) out[key] = sql<string>`replace(${value}, ${NUMBER_TO_TAKE}, ${TAKEN.number})`;
  }
  return out as R;
}

/**
 * nextDocumentNumber for a document whose rows are all built beforehand (issue 37 item 3): the counter and every row
 * that prints the number are written in ONE statement (data-modifying CTEs; foreign keys are checked at its end), so
 * concurrent documents of a unit hold the counter's lock for that one round trip and the commit, not for a statement
 * per table. Gap-free as nextDocumentNumber: the lock is the same row's, held until the transaction ends.
 */
export async function takeNumberWith(trx: Transaction<DB>, unitId: string, series: DocumentSeries, date: string, writes: readonly NumberedWrite[]): Promise<DocumentNumber> {
  const fy = numberedYear(date);
  const prefix = documentNumber(series, fy, 0).slice(0, -6);
  let statement = trx
    .with('taken', (db) =>
      db
        .insertInto('document_counters')
        .values({ unit_id: unitId, series, financial_year: fy, last_serial: 1 })
        .onConflict((oc) => oc.columns(['unit_id', 'series', 'financial_year']).doUpdateSet({ last_serial: sql`document_counters.last_serial + 1` }))
        .returning('last_serial'),
    )
    // documentNumber's format: six digits at least (a longer serial is refused by the columns' length, as there).
    .with('taken_number', (db) => db.selectFrom('taken').select(['last_serial as serial', sql<string>`${prefix} || lpad(last_serial::text, greatest(6, length(last_serial::text)), '0')`.as('number')]));
  writes.forEach((w, i) => {
    // Nothing reads the CTEs' names; each is typed away as in withVouchers (ledger/post.ts).
    statement = statement.with(`numbered_${i}`, (db) => (db as unknown as QueryCreator<DB>).insertInto(w.table).values(w.rows.map(withTakenNumber) as never)) as unknown as typeof statement;
  });
  const taken = await statement.selectFrom('taken_number').select(['serial', 'number']).executeTakeFirstOrThrow();
  return { series, financialYear: fy, serial: taken.serial, number: documentNumber(series, fy, taken.serial) };
}
