import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * GST rates (basis points) of HSN codes on a date, by the database's one rule gst_rate_bp() (010_ledger.sql): the
 * longest HSN prefix on record, its rate in force on that date. null: no rate on record (or no HSN).
 */
export async function gstRatesOn(db: Database, hsns: readonly (string | null)[], date: string): Promise<Map<string, number | null>> {
  const distinct = [...new Set(hsns.filter((h): h is string => !!h))];
  const rates = new Map<string, number | null>();
  if (!distinct.length) return rates;
  const { rows } = await sql<{ hsn: string; rate_bp: number | null }>`
    SELECT h AS hsn, gst_rate_bp(h, ${date}::date) AS rate_bp FROM unnest(${distinct}::text[]) AS h`.execute(db);
  for (const r of rows) rates.set(r.hsn, r.rate_bp);
  return rates;
}
