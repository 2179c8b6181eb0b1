/** Display formatters. Locale is en-IN everywhere (SPEC §9): lakh/crore grouping, dd/mm/yyyy dates. */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const numbers = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const dateShort = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateMedium = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Money travels as integer paise; 12345678 → "₹1,23,456.78". Fractions of a paisa round to the nearest paisa. */
export function formatRupees(paise: number): string {
  if (!Number.isFinite(paise)) return '';
  const rounded = Math.round(paise);
  // Avoid "-₹0.00" for values that round to zero.
  return rupees.format((rounded === 0 ? 0 : rounded) / 100);
}

/**
 * A balance as the books print it (ledgers, heads, trial figures): the amount with Dr (a debtor owes the unit) or Cr
 * (the unit owes a creditor) instead of a sign; balances are debit − credit on the wire.
 */
export function formatDrCr(balancePaise: number): string {
  if (Math.round(balancePaise) === 0) return formatRupees(0);
  return `${formatRupees(Math.abs(balancePaise))} ${balancePaise > 0 ? 'Dr' : 'Cr'}`;
}

/** Which way an amount is owed: to the unit (what parties owe it) or by it (what it owes parties). */
export type OwedSide = 'RECEIVABLE' | 'PAYABLE';

/**
 * What is owed on one side, in the words a trader reads (issue 38 item 3): the amount when it is owed that way, and
 * when it is the other way round (more paid than billed) "Advance received ₹…" / "Advance paid ₹…", never a minus.
 */
export function formatOwed(paise: number, side: OwedSide): string {
  if (Math.round(paise) >= 0) return formatRupees(paise);
  return `${side === 'RECEIVABLE' ? 'Advance received' : 'Advance paid'} ${formatRupees(-paise)}`;
}

/** The sentence over a list of parties' dues: "Parties owe you ₹…" / "You owe parties ₹…", or the advance the other way. */
export function owedSentence(totalPaise: number, side: OwedSide): string {
  const amount = formatRupees(Math.abs(totalPaise));
  if (Math.round(totalPaise) >= 0) return side === 'RECEIVABLE' ? `Parties owe you ${amount}` : `You owe parties ${amount}`;
  return side === 'RECEIVABLE' ? `Parties have paid you ${amount} in advance` : `You have paid parties ${amount} in advance`;
}

/**
 * What a person typed as rupees → integer paise, read digit by digit (never through a float, so "1,234.56" is
 * exactly 123456). Accepts en-IN or plain grouping commas, an optional ₹, at most 2 decimals; anything else → null.
 */
export function parseRupees(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, '');
  // Commas only between digits (1,23,456.78 or 123,456.78); none after the point.
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/** 1234567 → "12,34,567" (en-IN grouping, at most 2 decimals). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return numbers.format(value);
}

/** A count with its noun: "1 item", "2,500 items" (plural: the noun + s unless given). */
export function formatCount(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatNumber(value)} ${value === 1 ? noun : plural}`;
}

/** "9800000001" → "+91 98000 00001". Also accepts an already-prefixed number; anything else is returned as given. */
export function formatPhone(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (local.length !== 10) return mobile;
  return `+91 ${local.slice(0, 5)} ${local.slice(5)}`;
}

export type DateInput = Date | string | number;

function toDate(input: DateInput): Date | null {
  // A bare "2026-11-22" is a calendar date: read it as local midnight, not UTC (which shifts the day west of UTC).
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) {
    const [y, m, d] = input.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "22/11/2026" by default, or "22 Nov 2026" with style 'medium'. Invalid input → "". */
export function formatDate(input: DateInput, style: 'short' | 'medium' = 'short'): string {
  const date = toDate(input);
  if (!date) return '';
  return (style === 'medium' ? dateMedium : dateShort).format(date);
}

/** "22/11/2026, 3:05 pm". Invalid input → "". */
export function formatDateTime(input: DateInput): string {
  const date = toDate(input);
  return date ? dateTime.format(date) : '';
}

/** Avatar initials: ("Ramesh", "Agarwal") → "RA". Missing parts are skipped. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}
