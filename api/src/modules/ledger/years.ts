import { sql, type Transaction } from 'kysely';
import { ACCOUNT_GROUPS, financialYear, financialYearRange, type AccountGroup, type FinancialYearStatus, type FinancialYears } from 'shared-api';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { printedDate } from '../../pdf/pdf';
import { istDate } from '../search/text';

/** Groups whose heads restart at zero each financial year (their balance is the year's profit or loss). */
export const PERIODIC_GROUPS: readonly AccountGroup[] = (Object.keys(ACCOUNT_GROUPS) as AccountGroup[]).filter((g) => {
  const nature = ACCOUNT_GROUPS[g].nature;
  return nature === 'INCOME' || nature === 'EXPENSE';
});

export const isPeriodic = (group: AccountGroup) => PERIODIC_GROUPS.includes(group);

/** SQLSTATE of the vouchers trigger's refusal (migration 015). */
const CLOSED_YEAR_SQLSTATE = 'MB012';

export const yearClosed = (fy: string, date: string) =>
  new AppError('E0012', 409, `The financial year ${fy} is closed: no entry can be dated ${printedDate(date)}`);

/** The refusal the database raised as E0012, anything else as it was. */
export function asClosedYearError(error: unknown, date: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === CLOSED_YEAR_SQLSTATE ? yearClosed(financialYear(date), date) : error;
}

/** '2025-26' whose second half is the year after the first; anything else is not a financial year. */
function checkedYear(fy: string): string {
  const start = Number(fy.slice(0, 4));
  if (!/^\d{4}-\d{2}$/.test(fy) || Number(fy.slice(5)) !== (start + 1) % 100) throw new AppError('E0001', 400, `${fy} is not a financial year: use the form 2025-26`);
  return fy;
}

/**
 * Net profit per financial year from the ledger alone: income heads less expense heads (credit − debit). The stock
 * adjustment (opening and closing stock) belongs to the trading account of financials/profit-loss.ts, not here.
 */
async function ledgerProfitByYear(db: Database | Transaction<DB>, unitId: string, years?: { from: string; to: string }): Promise<Map<string, number>> {
  const { rows } = await sql<{ fy_start: number; profit: number | string }>`
    SELECT extract(year FROM l.voucher_date)::int - CASE WHEN extract(month FROM l.voucher_date) < 4 THEN 1 ELSE 0 END AS fy_start,
           coalesce(sum(l.credit_paise - l.debit_paise), 0) AS profit
    FROM voucher_lines l
    JOIN ledger_accounts a ON a.id = l.account_id
    WHERE l.unit_id = ${unitId} AND a.group_code = ANY(${[...PERIODIC_GROUPS]}::text[])
      AND (${years?.from ?? null}::date IS NULL OR l.voucher_date BETWEEN ${years?.from ?? null}::date AND ${years?.to ?? null}::date)
    GROUP BY 1`.execute(db);
  return new Map(rows.map((r) => [financialYear(`${r.fy_start}-04-01`), Number(r.profit)]));
}

/** Every financial year from the one of the unit's first voucher to the current one, newest first. */
export async function financialYears(db: Database, unitId: string, now: Date): Promise<FinancialYears> {
  const current = financialYear(istDate(now));
  const [first, closures, profits] = await Promise.all([
    db.selectFrom('vouchers').select((eb) => eb.fn.min('voucher_date').as('first')).where('unit_id', '=', unitId).executeTakeFirst(),
    db
      .selectFrom('financial_year_closures as c')
      .leftJoin('users as u', 'u.id', 'c.closed_by')
      .select(['c.financial_year', 'c.closed_at', 'c.net_profit_paise', 'u.first_name', 'u.last_name'])
      .where('c.unit_id', '=', unitId)
      .execute(),
    ledgerProfitByYear(db, unitId),
  ]);
  const closedBy = new Map(closures.map((c) => [c.financial_year, c]));
  const startYears = [current, ...(first?.first ? [financialYear(first.first)] : []), ...closures.map((c) => c.financial_year)].map((fy) => Number(fy.slice(0, 4)));
  const years: FinancialYears['years'] = [];
  for (let y = Math.max(...startYears); y >= Math.min(...startYears); y--) {
    const fy = financialYear(`${y}-04-01`);
    const closure = closedBy.get(fy);
    years.push({
      financialYear: fy,
      ...financialYearRange(fy),
      closed: !!closure,
      closedAt: closure ? closure.closed_at.toISOString() : null,
      closedBy: closure?.first_name ? [closure.first_name, closure.last_name].filter(Boolean).join(' ') : null,
      netProfitPaise: closure ? Number(closure.net_profit_paise) : (profits.get(fy) ?? 0),
    });
  }
  return { years };
}

/**
 * Closes a year that has ended (its last day is before today, IST) and records its net profit. The vouchers table is
 * locked against writes while it closes (briefly; closing is rare), so no voucher of that year commits alongside.
 */
export async function closeFinancialYear(db: Database, caller: { unitId: string; userId: string }, fyParam: string, now: Date): Promise<FinancialYearStatus> {
  const fy = checkedYear(fyParam);
  const range = financialYearRange(fy);
  const today = istDate(now);
  if (range.to >= today) throw new AppError('E0001', 400, `The financial year ${fy} ends on ${printedDate(range.to)}: it can be closed from ${printedDate(financialYearRange(financialYear(`${Number(fy.slice(0, 4)) + 1}-04-01`)).from)}`);
  await inTransaction(db, async (trx) => {
    await sql`LOCK TABLE vouchers IN SHARE MODE`.execute(trx);
    const done = await trx.selectFrom('financial_year_closures').select('financial_year').where('unit_id', '=', caller.unitId).where('financial_year', '=', fy).executeTakeFirst();
    if (done) throw new AppError('E0009', 409, `The financial year ${fy} is already closed`);
    const profit = (await ledgerProfitByYear(trx, caller.unitId, range)).get(fy) ?? 0;
    await trx.insertInto('financial_year_closures').values({ unit_id: caller.unitId, financial_year: fy, closed_at: now, closed_by: caller.userId, net_profit_paise: profit }).execute();
  });
  const year = (await financialYears(db, caller.unitId, now)).years.find((y) => y.financialYear === fy);
  if (!year) throw new Error(`ledger: closed year ${fy} is missing from the list`);
  return year;
}
