import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { documentNumber, financialYear, type DocumentSeries } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';

/** Financial years (by their first calendar year) whose 'YY-YY' labels are all different. */
export const NUMBERED_YEARS = { from: 2000, to: 2098 } as const;

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
  const fy = financialYear(date);
  // The number prints the year as 'YY-YY', so within one century each label is one year: a number of another century
  // would repeat one of this (1999-00 and 2099-00 both print 99-00). Entries' dates are bounded (dates.ts); this
  // is the backstop for whatever else numbers a document.
  const start = Number(fy.slice(0, 4));
  if (start < NUMBERED_YEARS.from || start > NUMBERED_YEARS.to) {
    throw new AppError('E0022', 400, `This date is outside the allowed range: documents are numbered for the financial years ${NUMBERED_YEARS.from}-${String((NUMBERED_YEARS.from + 1) % 100).padStart(2, '0')} to ${NUMBERED_YEARS.to}-${(NUMBERED_YEARS.to + 1) % 100}, not ${fy}`);
  }
  const row = await trx
    .insertInto('document_counters')
    .values({ unit_id: unitId, series, financial_year: fy, last_serial: 1 })
    .onConflict((oc) => oc.columns(['unit_id', 'series', 'financial_year']).doUpdateSet({ last_serial: sql`document_counters.last_serial + 1` }))
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return { series, financialYear: fy, serial: row.last_serial, number: documentNumber(series, fy, row.last_serial) };
}
