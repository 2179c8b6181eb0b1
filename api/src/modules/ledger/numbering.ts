import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { documentNumber, financialYear, type DocumentSeries } from 'shared-api';
import type { DB } from '../../db/types';

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
  const row = await trx
    .insertInto('document_counters')
    .values({ unit_id: unitId, series, financial_year: fy, last_serial: 1 })
    .onConflict((oc) => oc.columns(['unit_id', 'series', 'financial_year']).doUpdateSet({ last_serial: sql`document_counters.last_serial + 1` }))
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return { series, financialYear: fy, serial: row.last_serial, number: documentNumber(series, fy, row.last_serial) };
}
