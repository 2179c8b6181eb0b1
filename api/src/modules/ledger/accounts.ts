import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { SYSTEM_HEADS, type AccountGroup, type SystemHead } from 'shared-api';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';

/**
 * Which head a voucher line posts to: a head of the default chart, the head of a counterparty unit as debtor
 * (it owes us: sales) or creditor (we owe it: purchases), or any head of the unit by id (custom heads).
 */
export type AccountRef = { head: SystemHead } | { debtor: string } | { creditor: string } | { accountId: string };

export const PARTY_CODE = {
  debtor: (unitId: string) => `DEBTOR:${unitId}`,
  creditor: (unitId: string) => `CREDITOR:${unitId}`,
};

const codeOf = (ref: AccountRef): string | null =>
  'head' in ref ? ref.head : 'debtor' in ref ? PARTY_CODE.debtor(ref.debtor) : 'creditor' in ref ? PARTY_CODE.creditor(ref.creditor) : null;

const keyOf = (ref: AccountRef): string => codeOf(ref) ?? `ID:${(ref as { accountId: string }).accountId}`;

/** Writes the default chart (SYSTEM_HEADS) of a unit; heads it already has are left alone. */
export async function ensureDefaultChart(trx: Transaction<DB>, unitId: string, at: Date): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(Object.entries(SYSTEM_HEADS).map(([code, h]) => ({ id: randomUUID(), unit_id: unitId, code, name: h.name, group_code: h.group, party_unit_id: null, system: true, created_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function createPartyHeads(trx: Transaction<DB>, unitId: string, parties: { unitId: string; role: 'debtor' | 'creditor' }[], at: Date): Promise<void> {
  const units = await trx.selectFrom('units').select(['id', 'unit_code', 'trade_name']).where('id', 'in', [...new Set(parties.map((p) => p.unitId))]).execute();
  const byId = new Map(units.map((u) => [u.id, u]));
  const rows = parties.map((p) => {
    const unit = byId.get(p.unitId);
    if (!unit) throw new Error(`ledger: no unit ${p.unitId} to open a party head for`);
    return {
      id: randomUUID(),
      unit_id: unitId,
      code: PARTY_CODE[p.role](p.unitId),
      // The unit code keeps two traders of the same name apart (head names are unique per unit).
      name: `${unit.trade_name} (${unit.unit_code})${p.role === 'creditor' ? ' – Creditor' : ''}`,
      group_code: p.role === 'debtor' ? 'SUNDRY_DEBTORS' : 'SUNDRY_CREDITORS',
      party_unit_id: p.unitId,
      system: true,
      created_at: at,
    };
  });
  await trx.insertInto('ledger_accounts').values(rows).onConflict((oc) => oc.doNothing()).execute();
}

/**
 * The account ids of `refs` in the unit's books, in order. The default chart and party heads are created on first
 * use (concurrent first uses wait on the unique index and then find the other's rows). A custom head must be the
 * unit's own.
 */
export async function resolveAccounts(trx: Transaction<DB>, unitId: string, refs: readonly AccountRef[], at: Date): Promise<string[]> {
  const codes = [...new Set(refs.map(codeOf).filter((c): c is string => c !== null))];
  const ids = [...new Set(refs.flatMap((r) => ('accountId' in r ? [r.accountId] : [])))];
  const found = new Map<string, string>();
  const load = async () => {
    const rows = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'code'])
      .where('unit_id', '=', unitId)
      .where((eb) => eb.or([...(codes.length ? [eb('code', 'in', codes)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
      .execute();
    for (const r of rows) {
      found.set(r.code, r.id);
      found.set(`ID:${r.id}`, r.id);
    }
  };
  await load();
  const missing = refs.filter((r) => !found.has(keyOf(r)));
  if (missing.length) {
    if (missing.some((r) => 'accountId' in r)) throw new AppError('E0002', 404, 'No such account head in your books');
    if (missing.some((r) => 'head' in r)) await ensureDefaultChart(trx, unitId, at);
    const parties = missing.flatMap((r): { unitId: string; role: 'debtor' | 'creditor' }[] =>
      'debtor' in r ? [{ unitId: r.debtor, role: 'debtor' }] : 'creditor' in r ? [{ unitId: r.creditor, role: 'creditor' }] : [],
    );
    if (parties.length) await createPartyHeads(trx, unitId, parties, at);
    await load();
  }
  return refs.map((r) => {
    const id = found.get(keyOf(r));
    if (!id) throw new Error(`ledger: head ${keyOf(r)} could not be opened for unit ${unitId}`);
    return id;
  });
}

/** A head people add (heads/add): its name must be new in the unit's books. */
export async function createCustomHead(trx: Transaction<DB>, unitId: string, head: { name: string; group: AccountGroup }, at: Date): Promise<string> {
  // The chart first, so a custom head can never take a default head's name.
  await ensureDefaultChart(trx, unitId, at);
  const id = randomUUID();
  const inserted = await trx
    .insertInto('ledger_accounts')
    .values({ id, unit_id: unitId, code: `CUSTOM:${id}`, name: head.name.trim(), group_code: head.group, party_unit_id: null, system: false, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError('E0009', 409, `A head named "${head.name.trim()}" already exists`);
  return id;
}

/** Every head of a unit with its totals up to a date (inclusive): the trial balance. */
export async function accountBalances(db: Database, unitId: string, asOf: string) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('units as p', 'p.id', 'a.party_unit_id')
    .leftJoin(
      (eb) =>
        eb
          // The lines carry their voucher's date (migration 017): one index of the unit's lines answers.
          .selectFrom('voucher_lines as l')
          .select(['l.account_id', (e) => e.fn.sum<number>('l.debit_paise').as('debit'), (e) => e.fn.sum<number>('l.credit_paise').as('credit')])
          .where('l.unit_id', '=', unitId)
          .where('l.voucher_date', '<=', asOf)
          .groupBy('l.account_id')
          .as('t'),
      (join) => join.onRef('t.account_id', '=', 'a.id'),
    )
    .select(['a.id', 'a.code', 'a.name', 'a.group_code', 'a.system', 'p.unit_code as party_unit_code', 't.debit', 't.credit'])
    .where('a.unit_id', '=', unitId)
    .orderBy('a.group_code')
    .orderBy('a.name')
    .execute();
}
