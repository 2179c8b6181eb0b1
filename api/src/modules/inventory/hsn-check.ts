/**
 * A file's HSN and GST % against what is on record (issue 11): a product's missing HSN is filled from a file
 * (repository.ts upsertProducts), but a file that disagrees never overwrites; the preview shows a warning instead.
 */

/** hsn_gst_rates in force on a day: HSN code (a prefix of longer codes) → rate, basis points. */
export type RatesInForce = ReadonlyMap<string, number>;

/** The most specific code on record wins ('30049099' before '3004'), as in repository.ts batchesOf. */
export function rateInForce(hsn: string, rates: RatesInForce): number | null {
  for (let len = hsn.length; len >= 1; len--) {
    const rate = rates.get(hsn.slice(0, len));
    if (rate !== undefined) return rate;
  }
  return null;
}

const percent = (bp: number) => `${bp / 100} %`;

/** '3004' and '30049099' are the same heading, one more precise: not a disagreement. */
const sameHeading = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/**
 * Warnings for one file row: its HSN against the product's HSN on record (undefined: a product new to the master),
 * and its GST % against the rate in force for the HSN the product will have.
 */
export function hsnGstWarnings(row: { hsn: string | null; gstBp: number | null }, recordedHsn: string | null | undefined, rates: RatesInForce): string[] {
  const warnings: string[] = [];
  const disagrees = row.hsn !== null && recordedHsn && !sameHeading(row.hsn, recordedHsn);
  if (disagrees) warnings.push(`HSN ${row.hsn} in the file, ${recordedHsn} on record: the product keeps ${recordedHsn}`);
  // A more precise HSN in the file tells the rate better than the heading on record.
  const hsn = disagrees || row.hsn === null ? (recordedHsn ?? null) : row.hsn;
  const rate = hsn === null ? null : rateInForce(hsn, rates);
  if (row.gstBp !== null && rate !== null && row.gstBp !== rate) {
    warnings.push(`GST ${percent(row.gstBp)} in the file, ${percent(rate)} in force for HSN ${hsn}`);
  }
  return warnings;
}
