import { ACCOUNT_GROUPS, type AccountGroup } from 'shared-api';
import { excelSerialToIso, parseExpiry } from '../../inventory/parsers/dates';
import { cellText, type Cell } from '../../inventory/parsers/header-detect';

/*
 * Values as Marg, Busy and Tally reports print them: en-IN amounts with Dr/Cr, brackets for negatives, dates with
 * the day first, and Tally's group names.
 */

export type DrCr = 'DR' | 'CR';

/** "Dr", "Cr.", "D", "Credit" → the side; null when the text names none. */
export function sideOf(text: string): DrCr | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (t === 'dr' || t === 'd' || t === 'debit') return 'DR';
  if (t === 'cr' || t === 'c' || t === 'credit') return 'CR';
  return null;
}

const AMOUNT = /^(dr|cr)?\.?\s*(\()?\s*(-)?\s*(\d[\d,]*(?:\.\d*)?|\.\d+)\s*(\))?\s*(dr|cr)?\.?$/i;

/** Decimal text → paise without floating-point drift ("1,23,456.505" → 12345651). */
function textPaise(digits: string): number {
  const [whole = '0', fraction = ''] = digits.replace(/,/g, '').split('.');
  const f = (fraction + '000').slice(0, 3);
  return Number(whole || '0') * 100 + Number(f.slice(0, 2)) + (Number(f[2]) >= 5 ? 1 : 0);
}

/**
 * An amount cell: "1,23,456.50 Dr", "(2,000.00)", "-45", "Cr 12.5", "₹ 1,200", 1200 → signed paise as written
 * (a Cr side makes it negative) and whether a side was written. Empty, "-" and "Nil" are zero without a side;
 * null when the cell is not an amount.
 */
export function amountOf(cell: Cell | undefined): { paise: number; side: DrCr | null } | null {
  if (cell === null || cell === undefined) return { paise: 0, side: null };
  if (typeof cell === 'number') return Number.isFinite(cell) ? { paise: Math.round(cell * 100), side: null } : null;
  if (cell instanceof Date) return null;
  const text = cell.trim().replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/\s*\/-$/, '');
  if (text === '' || text === '-' || text === '--' || /^nil$/i.test(text)) return { paise: 0, side: null };
  const m = AMOUNT.exec(text);
  if (!m || (m[2] && !m[5]) || (!m[2] && m[5]) || (m[1] && m[6])) return null;
  const negative = Boolean(m[2] || m[3]);
  const side = m[1] || m[6] ? (sideOf(m[1] ?? m[6] ?? '') as DrCr) : null;
  const paise = textPaise(m[4]!) * (negative ? -1 : 1) * (side === 'CR' ? -1 : 1);
  return { paise: paise === 0 ? 0 : paise, side };
}

/** A whole number ("30", "30 Days", 30.0); null when not one. */
export function wholeOf(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell : null;
  const m = /^(\d[\d,]*)(?:\.0+)?\s*(days?)?$/i.exec(cellText(cell));
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

const DAY_FIRST = /^\d{1,2}[-/. ](\d{1,2}|[a-z]{3,9})[-/. ,]+\d{2}(\d{2})?$/i;

/**
 * A day: an Excel date cell or day serial, "20-10-2026", "20/10/26", "20-Oct-26", "2026-10-20", Tally's "20261020".
 * Month-only forms are no day (a bill has a date). null when the cell is not one.
 */
export function dayOf(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date || typeof cell === 'number') return parseExpiry(cell);
  const text = cell.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?(\s*[ap]m)?$/i, '');
  const tally = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (tally) return parseExpiry(`${tally[1]}-${tally[2]}-${tally[3]}`);
  if (/^\d{5}$/.test(text)) return excelSerialToIso(Number(text));
  if (DAY_FIRST.test(text) || /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/.test(text)) return parseExpiry(text);
  return null;
}

export const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const groupKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\ba\s*\/\s*c\b/g, 'account')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Group names of Tally's chart (and Busy's and Marg's spellings of them), normalised, → ACCOUNT_GROUPS. */
const GROUP_NAMES: Record<string, AccountGroup> = {
  ...Object.fromEntries(Object.entries(ACCOUNT_GROUPS).map(([code, g]) => [groupKey(g.name), code as AccountGroup])),
  'capital': 'CAPITAL',
  'capital accounts': 'CAPITAL',
  'reserves and surplus': 'CAPITAL',
  'retained earnings': 'CAPITAL',
  'loans': 'LOANS',
  'loans liability': 'LOANS',
  'secured loans': 'LOANS',
  'unsecured loans': 'LOANS',
  'bank od account': 'LOANS',
  'bank od accounts': 'LOANS',
  'bank o d account': 'LOANS',
  'bank occ account': 'LOANS',
  'current liabilities': 'CURRENT_LIABILITIES',
  'provisions': 'CURRENT_LIABILITIES',
  'provisions expenses payable': 'CURRENT_LIABILITIES',
  'duties and taxes': 'DUTIES_TAXES',
  'duties taxes': 'DUTIES_TAXES',
  'sundry creditors': 'SUNDRY_CREDITORS',
  'creditors': 'SUNDRY_CREDITORS',
  'suppliers': 'SUNDRY_CREDITORS',
  'sundry debtors': 'SUNDRY_DEBTORS',
  'debtors': 'SUNDRY_DEBTORS',
  'customers': 'SUNDRY_DEBTORS',
  'fixed assets': 'FIXED_ASSETS',
  'investments': 'CURRENT_ASSETS',
  'current assets': 'CURRENT_ASSETS',
  'deposits asset': 'CURRENT_ASSETS',
  'loans and advances asset': 'CURRENT_ASSETS',
  'securities and deposits asset': 'CURRENT_ASSETS',
  'misc expenses asset': 'CURRENT_ASSETS',
  'cash in hand': 'CASH_IN_HAND',
  'bank accounts': 'BANK_ACCOUNTS',
  'stock in hand': 'STOCK_IN_HAND',
  'closing stock': 'STOCK_IN_HAND',
  'opening stock': 'STOCK_IN_HAND',
  'sales accounts': 'SALES',
  'sales account': 'SALES',
  'sale': 'SALES',
  'sales': 'SALES',
  'purchase accounts': 'PURCHASES',
  'purchase account': 'PURCHASES',
  'purchase': 'PURCHASES',
  'purchases': 'PURCHASES',
  'direct incomes': 'DIRECT_INCOMES',
  'income direct': 'DIRECT_INCOMES',
  'income direct opr': 'DIRECT_INCOMES',
  'indirect incomes': 'INDIRECT_INCOMES',
  'income indirect': 'INDIRECT_INCOMES',
  'direct expenses': 'DIRECT_EXPENSES',
  'expenses direct': 'DIRECT_EXPENSES',
  'expenses direct mfg': 'DIRECT_EXPENSES',
  'indirect expenses': 'INDIRECT_EXPENSES',
  'expenses indirect': 'INDIRECT_EXPENSES',
  'expenses indirect admn': 'INDIRECT_EXPENSES',
};

/** A group's name ("Cash-in-Hand", "Loans (Liability)", "Expenses (Indirect/Admn.)") → its ACCOUNT_GROUPS code; null if unknown. */
export function groupOf(text: string): AccountGroup | null {
  const key = groupKey(text);
  return key ? (GROUP_NAMES[key] ?? null) : null;
}

/** The profit and loss account's balance line ("Profit & Loss A/c", "P & L Account"). */
export const isProfitAndLoss = (head: string) => /^(profit\s*(&|and)\s*loss|p\s*&\s*l)\b/i.test(head.trim());

/** Lines the report adds up rather than lists: "Total", "Grand Total", "Sub-Total", "Group Total", "Carried Over". */
export const isTotalLine = (text: string) => /^(grand\s*|sub[\s-]*|group\s*|net\s*|party\s*)?total\b|^(balance\s*)?(c\/[fo]|b\/[fo])\b|^carried\s+(over|forward)|^brought\s+forward/i.test(text.trim());
