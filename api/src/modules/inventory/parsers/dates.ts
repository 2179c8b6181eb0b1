/**
 * Expiry dates as the trade writes them. Month-only forms (03/27, Mar-27, 03/2027) mean the END of that month,
 * which is how medicine packs are labelled ("EXP 03/27" is usable through 31 March 2027).
 * Answers 'YYYY-MM-DD' or null when the text is not a date.
 */
const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fullYear(y: number): number {
  return y < 100 ? 2000 + y : y;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || year < 1990 || year > 2100) return null;
  if (day < 1 || day > lastDayOfMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const endOfMonth = (year: number, month: number) =>
  month >= 1 && month <= 12 ? isoDate(year, month, lastDayOfMonth(year, month)) : null;

/** Excel stores dates as days since 1899-12-30 (the 1900 leap-year bug already folded in). */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 20000 || serial > 80000) return null;
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86400000);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function parseExpiry(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') return excelSerialToIso(value);
  const text = String(value).trim().toLowerCase();
  if (!text) return null;
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerialToIso(Number(text));

  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  // Indian order: day first.
  m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{2}|\d{4})$/.exec(text);
  if (m) return isoDate(fullYear(Number(m[3])), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[-/. ]([a-z]{3,4})[a-z]*[-/. ,]*(\d{2}|\d{4})$/.exec(text);
  if (m && MONTHS[m[2]!]) return isoDate(fullYear(Number(m[3])), MONTHS[m[2]!]!, Number(m[1]));
  m = /^(\d{1,2})[-/. ](\d{2}|\d{4})$/.exec(text);
  if (m) return endOfMonth(fullYear(Number(m[2])), Number(m[1]));
  m = /^([a-z]{3,4})[a-z]*[-/. ,]*(\d{2}|\d{4})$/.exec(text);
  if (m && MONTHS[m[1]!]) return endOfMonth(fullYear(Number(m[2])), MONTHS[m[1]!]!);
  m = /^(\d{4})[-/.](\d{1,2})$/.exec(text);
  if (m) return endOfMonth(Number(m[1]), Number(m[2]));
  return null;
}

const monthYearFormats = new Map<string, boolean>();

/**
 * An Excel number format that shows a year and a month but no day ("mmm-yy", "mm/yy", "[$-409]mmmm yyyy;@"):
 * quoted text, [..] sections and escaped characters are not format codes. Hours or seconds make it a time.
 */
export function isMonthYearFormat(format: string): boolean {
  let answer = monthYearFormats.get(format);
  if (answer === undefined) {
    const codes = format.replace(/"[^"]*"|\[[^\]]*]|\\./g, '').toLowerCase();
    answer = /y/.test(codes) && /m/.test(codes) && !/[dhs]/.test(codes);
    monthYearFormats.set(format, answer);
  }
  return answer;
}

/**
 * A spreadsheet date cell (a Date, or a day serial) as its display format means it: shown without a day it is the
 * END of that month, like the same text typed in (parseExpiry). Other cells come back unchanged.
 */
export function dateCellValue<T>(value: T, format: string | undefined): T | Date {
  if (!format || !(value instanceof Date || typeof value === 'number') || !isMonthYearFormat(format)) return value;
  const iso = value instanceof Date ? (Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)) : excelSerialToIso(value);
  if (!iso) return value;
  const [year, month] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0));
}
