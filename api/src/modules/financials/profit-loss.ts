import { sql } from 'kysely';
import type { AccountGroup, HeadAmount, ProfitAndLossFigures } from 'shared-api';
import type { Database } from '../../db/database';
import { addDays } from '../search/text';
import { istStartOf, type Period } from '../ledger/period';
import { StockBook } from './stock-valuation';

/** 'YYYY-MM' of every calendar month a period touches, in order. */
export function monthsOf(p: Period): string[] {
  const months: string[] = [];
  let [year, month] = [Number(p.from.slice(0, 4)), Number(p.from.slice(5, 7))];
  const last = p.to.slice(0, 7);
  for (;;) {
    const m = `${year}-${String(month).padStart(2, '0')}`;
    months.push(m);
    if (m >= last) return months;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** The instant a period's stock is counted at: the start of its first day, the end of its last (IST). */
export const periodStart = (p: Period) => istStartOf(p.from);
export const periodEnd = (p: Period) => istStartOf(addDays(p.to, 1));

interface HeadMonth {
  id: string;
  code: string;
  name: string;
  group: AccountGroup;
  month: string;
  debit: number;
  credit: number;
}

/** Debits and credits of every income and expense head of the unit per month of the period. */
async function incomeAndExpenseByMonth(db: Database, unitId: string, p: Period): Promise<HeadMonth[]> {
  const { rows } = await sql<{ id: string; code: string; name: string; group_code: AccountGroup; month: string; debit: string | number; credit: string | number }>`
    SELECT a.id, a.code, a.name, a.group_code, to_char(t.month, 'YYYY-MM') AS month, t.debit, t.credit
    FROM (
      -- Head by head through the index of each head's lines by date (migration 017), summed per month.
      SELECT l.account_id, date_trunc('month', l.voucher_date) AS month, sum(l.debit_paise)::bigint AS debit, sum(l.credit_paise)::bigint AS credit
      FROM ledger_accounts h JOIN voucher_lines l ON l.account_id = h.id
      WHERE h.unit_id = ${unitId}::uuid AND h.group_code IN ('SALES', 'PURCHASES', 'DIRECT_INCOMES', 'INDIRECT_INCOMES', 'DIRECT_EXPENSES', 'INDIRECT_EXPENSES')
        AND l.voucher_date BETWEEN ${p.from}::date AND ${p.to}::date
      GROUP BY l.account_id, date_trunc('month', l.voucher_date)
    ) t
    JOIN ledger_accounts a ON a.id = t.account_id
    ORDER BY a.name, t.month`.execute(db);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, group: r.group_code, month: r.month, debit: Number(r.debit), credit: Number(r.credit) }));
}

/** Heads of one group with their amounts (credit − debit for incomes, debit − credit for expenses), zeros left out. */
function headAmounts(rows: readonly HeadMonth[], group: AccountGroup, sign: 1 | -1): HeadAmount[] {
  const byHead = new Map<string, HeadAmount>();
  for (const r of rows.filter((x) => x.group === group)) {
    const head = byHead.get(r.id) ?? { accountId: r.id, name: r.name, group, amountPaise: 0 };
    head.amountPaise += sign * (r.credit - r.debit);
    byHead.set(r.id, head);
  }
  return [...byHead.values()].filter((h) => h.amountPaise !== 0);
}

const total = (heads: readonly HeadAmount[]) => heads.reduce((s, h) => s + h.amountPaise, 0);

/**
 * The trading and profit & loss account of a period (formulas: shared-api books.ts ProfitAndLossFigures). Every
 * head of an income or expense group lands on exactly one line, so net profit = (income − expense heads) +
 * closing stock − opening stock − stock brought in: the change in the balance sheet's profit over the period.
 */
export async function profitAndLossFigures(db: Database, unitId: string, p: Period, loaded?: StockBook): Promise<ProfitAndLossFigures> {
  const [rows, stock] = await Promise.all([incomeAndExpenseByMonth(db, unitId, p), loaded ?? StockBook.load(db, { unitId }, [periodStart(p), periodEnd(p)])]);
  const openingStockPaise = stock.valueAt(periodStart(p));
  const closingStockPaise = stock.valueAt(periodEnd(p));
  const stockBroughtInPaise = stock.broughtIn(periodStart(p), periodEnd(p));

  const months = new Map(monthsOf(p).map((month) => [month, { month, netSalesPaise: 0, purchasesPaise: 0, expensesPaise: 0 }]));
  let salesPaise = 0;
  let salesReturnsPaise = 0;
  let purchasesPaise = 0;
  let purchaseReturnsPaise = 0;
  for (const r of rows) {
    const m = months.get(r.month)!;
    if (r.group === 'SALES') {
      // Sales Returns sits in the Sales group; any other head of the group (custom ones) is sales.
      if (r.code === 'SALES_RETURNS') salesReturnsPaise += r.debit - r.credit;
      else salesPaise += r.credit - r.debit;
      m.netSalesPaise += r.credit - r.debit;
    } else if (r.group === 'PURCHASES') {
      if (r.code === 'PURCHASE_RETURNS') purchaseReturnsPaise += r.credit - r.debit;
      else {
        purchasesPaise += r.debit - r.credit;
        m.purchasesPaise += r.debit - r.credit;
      }
    } else if (r.group === 'DIRECT_EXPENSES' || r.group === 'INDIRECT_EXPENSES') {
      m.expensesPaise += r.debit - r.credit;
    }
  }
  const directExpenses = headAmounts(rows, 'DIRECT_EXPENSES', -1);
  const directIncomes = headAmounts(rows, 'DIRECT_INCOMES', 1);
  const indirectExpenses = headAmounts(rows, 'INDIRECT_EXPENSES', -1);
  const indirectIncomes = headAmounts(rows, 'INDIRECT_INCOMES', 1);

  const netSalesPaise = salesPaise - salesReturnsPaise;
  const costOfGoodsSoldPaise = openingStockPaise + purchasesPaise - purchaseReturnsPaise + stockBroughtInPaise + total(directExpenses) - closingStockPaise;
  const grossProfitPaise = netSalesPaise + total(directIncomes) - costOfGoodsSoldPaise;
  return {
    from: p.from,
    to: p.to,
    salesPaise,
    salesReturnsPaise,
    netSalesPaise,
    openingStockPaise,
    purchasesPaise,
    purchaseReturnsPaise,
    stockBroughtInPaise,
    closingStockPaise,
    directExpenses,
    directIncomes,
    costOfGoodsSoldPaise,
    grossProfitPaise,
    indirectIncomes,
    indirectExpenses,
    netProfitPaise: grossProfitPaise + total(indirectIncomes) - total(indirectExpenses),
    months: [...months.values()],
  };
}
