import type { Database } from '../../db/database';

/** GST rate (basis points) of an HSN code on a date: the rate that took effect last on or before it; 0 if unknown. */
export async function gstRateOn(db: Database, hsn: string | null, date: string): Promise<number> {
  if (!hsn) return 0;
  const row = await db
    .selectFrom('hsn_gst_rates')
    .select('rate_bp')
    .where('hsn', '=', hsn)
    .where('effective_from', '<=', date)
    .orderBy('effective_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rate_bp ?? 0;
}

/** One line's money in paise: free units are not charged; GST rounded to the paisa per line (half up). */
export function lineMoney(quantity: number, ptrPaise: number, rateBp: number) {
  const taxablePaise = quantity * ptrPaise;
  const gstPaise = Math.round((taxablePaise * rateBp) / 10_000);
  return { taxablePaise, gstPaise, totalPaise: taxablePaise + gstPaise };
}

/** ₹1,23,456.78 for notification text (the screens format with shared-ui). */
export function formatRupeesPlain(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
