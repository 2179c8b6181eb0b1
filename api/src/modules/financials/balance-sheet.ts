import { ACCOUNT_GROUPS, financialYear, financialYearRange, type AccountGroup, type BalanceSheet, type HeadAmount } from 'shared-api';
import type { Database } from '../../db/database';
import { accountBalances } from '../ledger/accounts';
import { dayBefore, istStartOf } from '../ledger/period';
import { addDays } from '../search/text';
import { StockBook } from './stock-valuation';

type Section = BalanceSheet['assets'][number];

/** The figures of a balance sheet on a day (no comparison). */
export type BalanceSheetFigures = Omit<BalanceSheet, 'previous'>;

/*
 * Why it balances, for any vouchers and any stock movements. Every voucher balances, so over all heads up to the
 * day Σ (debit − credit) = 0. By nature of the head's group:
 *     A − L − C − I + E = 0,  i.e.  A = L + C + (I − E)
 * with A = Σ asset heads (debit − credit), L = Σ liability heads (credit − debit), C = Σ capital heads
 * (credit − debit), I = Σ income heads (credit − debit), E = Σ expense heads (debit − credit), all time up to
 * the day. The stock at cost S is an asset the vouchers do not carry, and B (stock brought in without a bill,
 * at cost, all time) is equity the owner put in as goods. Defining
 *     profit P = (I − E) + S − B
 * gives A + S = L + C + B + P exactly: total assets = liabilities + equity. And P is what every P&L adds up to:
 * a period's net profit = (I − E) of the period + closing stock − opening stock − B of the period
 * = P(to) − P(day before from), since opening stock at the start of `from` is the closing stock of the day before
 * (stock before any movement is zero).
 */
export async function balanceSheetFigures(db: Database, unitId: string, asOf: string, loaded?: StockBook): Promise<BalanceSheetFigures> {
  const end = balanceSheetInstant(asOf);
  const [rows, stock] = await Promise.all([accountBalances(db, unitId, asOf), loaded ?? StockBook.load(db, { unitId }, [end])]);
  const closingStockPaise = stock.valueAt(end);
  const stockBroughtInPaise = stock.broughtIn(null, end);
  const assets = new Map<AccountGroup, Section>();
  const liabilities = new Map<AccountGroup, Section>();
  let capitalPaise = 0;
  let incomeLessExpensePaise = 0;
  for (const r of rows) {
    const group = r.group_code as AccountGroup;
    const balance = Number(r.debit ?? 0) - Number(r.credit ?? 0);
    const nature = ACCOUNT_GROUPS[group].nature;
    if (nature === 'EQUITY') capitalPaise -= balance;
    else if (nature === 'INCOME' || nature === 'EXPENSE') incomeLessExpensePaise -= balance;
    else if (balance !== 0) {
      // Assets show debit − credit, liabilities credit − debit; a head on the "wrong" side stays in its group as a
      // negative (a debtor who paid in advance, input tax above output tax), so Duties & Taxes nets out.
      const [sections, amount] = nature === 'ASSET' ? [assets, balance] : [liabilities, -balance];
      const section = sections.get(group) ?? { group, name: ACCOUNT_GROUPS[group].name, amountPaise: 0, heads: [] as HeadAmount[] };
      section.amountPaise += amount;
      section.heads.push({ accountId: r.id, name: r.name, group, amountPaise: amount });
      sections.set(group, section);
    }
  }
  const order = Object.keys(ACCOUNT_GROUPS) as AccountGroup[];
  const inOrder = (m: Map<AccountGroup, Section>) => order.flatMap((g) => (m.has(g) ? [m.get(g)!] : []));
  const sum = (m: Map<AccountGroup, Section>) => [...m.values()].reduce((s, x) => s + x.amountPaise, 0);
  const profitPaise = incomeLessExpensePaise + closingStockPaise - stockBroughtInPaise;
  return {
    asOf,
    assets: inOrder(assets),
    closingStockPaise,
    totalAssetsPaise: sum(assets) + closingStockPaise,
    liabilities: inOrder(liabilities),
    totalLiabilitiesPaise: sum(liabilities),
    equity: { capitalPaise, stockBroughtInPaise, profitPaise, totalPaise: capitalPaise + stockBroughtInPaise + profitPaise },
  };
}

/** The instant a balance sheet counts stock at: the end of its day (IST). */
export const balanceSheetInstant = (asOf: string) => istStartOf(addDays(asOf, 1));

/** The last day of the financial year before the one `asOf` falls in (the balance sheet's comparison). */
export const previousYearEnd = (asOf: string) => dayBefore(financialYearRange(financialYear(asOf)).from);
