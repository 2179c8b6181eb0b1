/*
 * How the GST portal writes things: rupees as numbers with two decimals, dates DD-MM-YYYY, periods MMYYYY. The books
 * keep integer paise and ISO dates; these turn them into the portal's form only when a return is written.
 */

/** 12345 paise → 123.45 (the nearest double, which JSON prints as "123.45"). */
export const rupees = (paise: number): number => Math.round(paise) / 100;

/** Exact rupee text for CSV cells: one definition, beside the sheets that write it. */
export { rupeeText } from '../../files/sheets';

/** '2026-11-22' → '22-11-2026'. */
export const portalDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** '2026-11' → '112026' (the return period `fp` / `ret_period`). */
export const returnPeriod = (month: string): string => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** Basis points → the portal's rate in percent: 1200 → 12, 25 → 0.25. */
export const percent = (rateBp: number): number => rateBp / 100;

/** First and last day of 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** Tax amounts in paise, as every table of a return carries them. */
export interface TaxPaise {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

export const noTax = (): TaxPaise => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });

/** a += sign × b, in place. */
export function addTax(a: TaxPaise, b: TaxPaise, sign: 1 | -1 = 1): TaxPaise {
  a.taxable += sign * b.taxable;
  a.igst += sign * b.igst;
  a.cgst += sign * b.cgst;
  a.sgst += sign * b.sgst;
  return a;
}
