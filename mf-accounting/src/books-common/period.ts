import { useSearchParams } from 'react-router-dom';
import { financialYear, financialYearRange } from 'shared-api';

/** A period of calendar days, both ends inclusive ('YYYY-MM-DD', IST days as the books keep them). */
export interface Period {
  from: string;
  to: string;
}

export type PeriodPreset = 'this-fy' | 'last-fy' | 'this-month' | 'last-month' | 'custom';

export const PERIOD_PRESETS: readonly { value: PeriodPreset; label: string }[] = [
  { value: 'this-fy', label: 'This financial year' },
  { value: 'last-fy', label: 'Last financial year' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
];

/** Today in India: the books' calendar, whatever the browser's time zone. */
export const todayIst = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const pad = (n: number) => String(n).padStart(2, '0');

/** Last day of a month 'YYYY-MM'. */
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
};

const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
};

/** The financial year to date: what the books open on. */
export const financialYearToDate = (today: string): Period => ({ from: financialYearRange(financialYear(today)).from, to: today });

export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'this-fy':
      return financialYearToDate(today);
    case 'last-fy': {
      const thisStart = Number(financialYear(today).slice(0, 4));
      return financialYearRange(`${thisStart - 1}-${pad(thisStart % 100)}`);
    }
    case 'this-month':
      return { from: `${month}-01`, to: today };
    case 'last-month': {
      const last = previousMonth(month);
      return { from: `${last}-01`, to: monthEnd(last) };
    }
  }
}

/** Which preset a period is, or 'custom'. */
export function presetOf(period: Period, today: string): PeriodPreset {
  const found = PERIOD_PRESETS.find((p) => {
    if (p.value === 'custom') return false;
    const range = presetPeriod(p.value, today);
    return range.from === period.from && range.to === period.to;
  });
  return found?.value ?? 'custom';
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the URL (`?from=&to=`), else the financial year to date; kept in the URL so it can be linked. */
export function usePeriodParam(): Period {
  const [params] = useSearchParams();
  const fallback = financialYearToDate(todayIst());
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { from: ISO_DAY.test(from) ? from : fallback.from, to: ISO_DAY.test(to) ? to : fallback.to };
}

/** Whole days from `from` to `to` (calendar days, no clock). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
