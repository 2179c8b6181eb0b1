import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';

/**
 * GST rates (basis points) of HSN codes on a date, by the database's one rule gst_rate_bp() (010_ledger.sql, with
 * effective_to since 034_gst_rate_master.sql): the longest HSN prefix on record among the rows in force that day.
 * null: no rate on record (or no HSN). Invoices, counter sales, orders, the upload preview and add-stock read it.
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

/** The rate of one HSN in a map gstRatesOn answered (no HSN, or none on record: null). */
export const rateOf = (rates: ReadonlyMap<string, number | null>, hsn: string | null | undefined): number | null => (hsn ? (rates.get(hsn) ?? null) : null);

/** Why a product cannot be priced: said the same way on the upload preview, add-stock and E0021. */
export function noRateReason(hsn: string | null | undefined): string {
  return hsn ? `no GST rate on record for HSN ${hsn}` : 'no HSN';
}

/**
 * E0021: a line whose product has no GST rate on record never becomes an order (or an accepted one, an invoice or a
 * counter bill), as it could not be taxed; the message names the product and what the one told can do (the buyer waits for the seller's fix).
 */
export function noGstRate(productName: string, hsn: string | null | undefined, date: string, told: 'BUYER' | 'SELLER' | 'BILLING'): AppError {
  const next = {
    BUYER: "it can be ordered once the seller fixes the product's HSN",
    SELLER: "fix the product's HSN (Stocks, the batch's page) and accept again",
    BILLING: "fix the product's HSN (Stocks, the batch's page) and bill it again",
  }[told];
  return new AppError('E0021', 409, `${productName}: ${noRateReason(hsn)} on ${date}; ${next}`);
}
