/**
 * A file's HSN and GST % against what is on record (issue 11): a product's missing HSN is filled from a file
 * (repository.ts upsertProducts), but a file that disagrees never overwrites; the preview shows a warning instead.
 * A product left without an HSN that has a rate on record is said so too (issue 32): its batches are stored but not
 * offered for sale until the HSN is fixed.
 */
import { noRateReason } from '../ledger/gst-rates';

/** The rate in force of an HSN on the day (gst-rates.ts gstRatesOn, the one rule); null: none on record. */
export type RateOf = (hsn: string) => number | null;

const percent = (bp: number) => `${bp / 100} %`;

/** '3004' and '30049099' are the same heading, one more precise: not a disagreement. */
const sameHeading = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** The HSN a file row's product ends up with (recordedHsn undefined: a product new to the master). */
export function hsnAfterImport(fileHsn: string | null, recordedHsn: string | null | undefined): string | null {
  return recordedHsn ?? fileHsn;
}

/** The warning of a product that will have no rate, or null. */
export function unsellableWarning(hsn: string | null, rateOf: RateOf): string | null {
  if (hsn !== null && rateOf(hsn) !== null) return null;
  return `${noRateReason(hsn)[0]!.toUpperCase()}${noRateReason(hsn).slice(1)}: not offered for sale until the product's HSN is fixed`;
}

/**
 * Warnings for one file row: its HSN against the product's HSN on record (undefined: a product new to the master),
 * its GST % against the rate in force for the HSN the product will have, and a product that will have no rate.
 */
export function hsnGstWarnings(row: { hsn: string | null; gstBp: number | null }, recordedHsn: string | null | undefined, rateOf: RateOf): string[] {
  const warnings: string[] = [];
  const disagrees = row.hsn !== null && recordedHsn && !sameHeading(row.hsn, recordedHsn);
  if (disagrees) warnings.push(`HSN ${row.hsn} in the file, ${recordedHsn} on record: the product keeps ${recordedHsn}`);
  // A more precise HSN in the file tells the rate better than the heading on record.
  const hsn = disagrees || row.hsn === null ? (recordedHsn ?? null) : row.hsn;
  const rate = hsn === null ? null : rateOf(hsn);
  if (row.gstBp !== null && rate !== null && row.gstBp !== rate) {
    warnings.push(`GST ${percent(row.gstBp)} in the file, ${percent(rate)} in force for HSN ${hsn}`);
  }
  const unsellable = unsellableWarning(hsnAfterImport(row.hsn, recordedHsn), rateOf);
  if (unsellable) warnings.push(unsellable);
  return warnings;
}
