import { financialYear, financialYearRange } from 'shared-api';
import { addDays, istDate } from '../search/text';

/** A period of the books: inclusive IST calendar days 'YYYY-MM-DD'. */
export interface Period {
  from: string;
  to: string;
}

/**
 * The period a report asks for: `to` defaults to today (IST), `from` to the first day of the financial year of
 * `to`. Every report of the books resolves its period here, so they all agree on the defaults.
 */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date): Period {
  const to = query.to ?? istDate(now);
  const from = query.from ?? financialYearRange(financialYear(to)).from;
  return { from, to };
}

/** The period of the same length just before `p` (for "compared with the previous period"). */
export function previousPeriod(p: Period): Period {
  const days = Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000);
  const to = addDays(p.from, -1);
  return { from: addDays(to, -days), to };
}

/** The day before `date` (opening balances are everything up to it). */
export const dayBefore = (date: string) => addDays(date, -1);

/** Start of the IST day `date` as an instant (stock movements carry timestamps, vouchers dates). */
export const istStartOf = (date: string) => new Date(Date.parse(`${date}T00:00:00+05:30`));
