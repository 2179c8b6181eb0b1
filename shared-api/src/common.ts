import { z } from 'zod';

import { CUSTOMER_TYPES, MAX_AMOUNT_PAISE, MAX_QUANTITY, MAX_UNIT_PRICE_PAISE } from './constants';
import { vehicleNumberOk } from './identifiers';

export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;

/** 10-digit Indian mobile number without the +91 prefix (shown with +91 in the UI). */
export const MobileNumber = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit mobile number');

export const Email = z.string().trim().toLowerCase().email('Enter a valid email');

/*
 * Bounded primitives (issue 33): every id, amount, quantity and date a contract takes is one of these, so a value
 * the database cannot hold (or no business would write) is refused by the screens and the API alike, with a
 * sentence, instead of failing in a query with a 500.
 */

/** An id the API issued (every table's key is a UUID). */
export const Id = z.string().uuid('Not a valid id');

// The limits live with the zod-free constants (the upload's reader loads no zod): re-exported for this file's users.
export { INT4_MAX, MAX_AMOUNT_PAISE, MAX_QUANTITY, MAX_UNIT_PRICE_PAISE } from './constants';

/** Whole paise from 0 to `max` (₹ shown in the message). */
export function paise(max: number): z.ZodNumber {
  const rupees = (max / 100).toLocaleString('en-IN');
  return z.number().int('Whole paise only').min(0, 'Must not be negative').max(max, `At most ₹${rupees}`);
}
/** A price of one unit: 0 … ₹1 crore. */
export const UnitPricePaise = paise(MAX_UNIT_PRICE_PAISE);
/** An amount of one line or payment: 0 … ₹10 crore. */
export const AmountPaise = paise(MAX_AMOUNT_PAISE);
/** A count of units: whole, 0 … 1 crore (use `.min(1)` where none makes no sense). */
export const Quantity = z.number().int('Whole units only').min(0, 'Must not be negative').max(MAX_QUANTITY, `At most ${MAX_QUANTITY.toLocaleString('en-IN')} units`);

/** The earliest day any contract takes: the books, stock and payments of this platform start after it. */
export const EARLIEST_DATE = '2000-01-01';
const addYears = (years: number) => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return day.toISOString().slice(0, 10);
};
const isCalendarDate = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** A calendar day 'YYYY-MM-DD' from 2000-01-01 to `yearsAhead` years after today (checked when parsed). */
export function dateUpTo(yearsAhead: number): z.ZodString {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .refine(isCalendarDate, 'Not a calendar date')
    .refine((d) => d >= EARLIEST_DATE, 'Must not be before 2000-01-01')
    .refine((d) => d <= addYears(yearsAhead), `Must not be more than ${yearsAhead === 1 ? 'a year' : `${yearsAhead} years`} from today`);
}
/** A calendar day 'YYYY-MM-DD' (IST): 2000-01-01 … a year from today (documents, payments, report periods). */
export const IsoDate = dateUpTo(1);
/** An expiry date: 2000-01-01 … 20 years from today (medicines keep up to 5; the rest is slack for odd goods). */
export const ExpiryDate = dateUpTo(20);
/** A calendar month 'YYYY-MM' from 2000-01 to a year from today. */
export const Month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM')
  .refine((m) => m >= EARLIEST_DATE.slice(0, 7) && m <= addYears(1).slice(0, 7), 'Must be a month from 2000 to a year from today');
/** An instant with its offset (ISO 8601), from 2000-01-01 to a year from now. */
export const Timestamp = z
  .string()
  .datetime({ offset: true })
  .refine((t) => {
    const at = Date.parse(t);
    return at >= Date.parse(`${EARLIEST_DATE}T00:00:00Z`) && at <= Date.parse(`${addYears(1)}T23:59:59Z`);
  }, 'Must be a time from 2000 to a year from now');

/** An Indian registration number, e.g. MH12AB1234 (consignments and e-way bills' Part B). */
export const VehicleNumber = z
  .string()
  .trim()
  .toUpperCase()
  .refine(vehicleNumberOk, 'Enter a valid vehicle number, like MH12AB1234');
