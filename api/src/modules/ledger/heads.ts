import { sql } from 'kysely';
import { ACCOUNT_GROUPS, SYSTEM_HEADS, financialYear, financialYearRange, type AccountGroup, type AccountHead, type HeadsTree, type NewHeadInput } from 'shared-api';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { createCustomHead, ensureDefaultChart } from './accounts';
import { PERIODIC_GROUPS } from './years';

interface HeadRow {
  id: string;
  code: string;
  name: string;
  group_code: string;
  system: boolean;
  party_unit_code: string | null;
}

export function toAccountHead(r: HeadRow): AccountHead {
  const group = r.group_code as AccountGroup;
  return { accountId: r.id, code: r.code, name: r.name, group, nature: ACCOUNT_GROUPS[group].nature, partyUnitCode: r.party_unit_code, system: r.system };
}

function headsQuery(db: Database, unitId: string) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('units as p', 'p.id', 'a.party_unit_id')
    .select(['a.id', 'a.code', 'a.name', 'a.group_code', 'a.system', 'p.unit_code as party_unit_code'])
    .where('a.unit_id', '=', unitId);
}

/** One head of the unit's books; another unit's head or an unknown id is not found (E0002). */
export async function findHead(db: Database, unitId: string, accountId: string): Promise<AccountHead> {
  const row = await headsQuery(db, unitId).where('a.id', '=', accountId).executeTakeFirst();
  if (!row) throw new AppError('E0002', 404, 'No such head in your books');
  return toAccountHead(row);
}

/** A unit that never posted has no chart yet: written once here so its heads show (and can be chosen) from day one. */
async function ensureChart(db: Database, unitId: string, at: Date): Promise<void> {
  const codes = Object.keys(SYSTEM_HEADS);
  const have = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('unit_id', '=', unitId).where('code', 'in', codes).executeTakeFirstOrThrow();
  if (Number(have.n) < codes.length) await inTransaction(db, (trx) => ensureDefaultChart(trx, unitId, at));
}

/**
 * The chart as group → heads with balances (debit − credit) up to `asOf`. Income and expense heads count from the
 * start of the financial year of `asOf` (they restart each year, as their ledgers do); the others carry forward.
 */
export async function headsTree(db: Database, unitId: string, asOf: string, now: Date): Promise<HeadsTree> {
  await ensureChart(db, unitId, now);
  const yearStart = financialYearRange(financialYear(asOf)).from;
  const [heads, totals] = await Promise.all([
    headsQuery(db, unitId).orderBy('a.name').execute(),
    sql<{ account_id: string; debit: number | string; credit: number | string }>`
      SELECT l.account_id, sum(l.debit_paise) AS debit, sum(l.credit_paise) AS credit
      FROM voucher_lines l
      JOIN ledger_accounts a ON a.id = l.account_id
      WHERE l.unit_id = ${unitId} AND l.voucher_date <= ${asOf}
        AND (NOT (a.group_code = ANY(${[...PERIODIC_GROUPS]}::text[])) OR l.voucher_date >= ${yearStart}::date)
      GROUP BY l.account_id`.execute(db),
  ]);
  const byId = new Map(totals.rows.map((t) => [t.account_id, { debit: Number(t.debit), credit: Number(t.credit) }]));
  const groups = (Object.keys(ACCOUNT_GROUPS) as AccountGroup[]).map((group) => {
    const rows = heads
      .filter((h) => h.group_code === group)
      .map((h) => {
        const t = byId.get(h.id) ?? { debit: 0, credit: 0 };
        return { ...toAccountHead(h), debitPaise: t.debit, creditPaise: t.credit, balancePaise: t.debit - t.credit };
      });
    return { group, name: ACCOUNT_GROUPS[group].name, nature: ACCOUNT_GROUPS[group].nature, balancePaise: rows.reduce((s, h) => s + h.balancePaise, 0), heads: rows };
  });
  return { asOf, groups };
}

/** heads/add: a custom head (its name new in the unit's books, else E0009). */
export async function addHead(db: Database, unitId: string, input: NewHeadInput, at: Date): Promise<AccountHead> {
  const id = await inTransaction(db, (trx) => createCustomHead(trx, unitId, input, at));
  return findHead(db, unitId, id);
}
