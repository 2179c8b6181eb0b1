import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { payoutRules, upiPayLink, type UpiAccount } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';

/*
 * A unit's UPI accounts are its payout_accounts of kind UPI: the /profile list and payments/upi/* read and write the
 * same rows. One UPI account is the default (the VPA on QR codes and invoices): the first one added, or the one
 * chosen; when the default is deleted the oldest remaining UPI account takes its place.
 */

const UNIQUE_VIOLATION = '23505';
export const vpaTaken = () => new AppError('E0009', 409, 'This UPI ID is already registered', { vpa: 'Already registered' });
export const badVpa = () => new AppError('E0059', 400, undefined, { vpa: 'Enter a valid UPI ID, like name@bank' });

export interface NewPayoutRow {
  kind: 'BANK' | 'UPI';
  accountName: string;
  accountNumber: string | null;
  ifsc: string | null;
  vpa: string | null;
  makeDefault: boolean;
}

/** E0060 for a malformed bank account (required for BANK, optional behind a VPA but then whole), E0059 for a bad VPA. */
export function checkPayoutRow(row: NewPayoutRow): void {
  if (row.kind === 'UPI' && (!row.vpa || !payoutRules.vpaOk(row.vpa))) throw badVpa();
  if (row.kind === 'BANK' || row.accountNumber || row.ifsc) {
    const fields: Record<string, string> = {};
    if (!row.accountNumber || !payoutRules.bankAccountNumberOk(row.accountNumber)) fields.accountNumber = 'Enter the account number (9 to 18 digits)';
    if (!row.ifsc || !payoutRules.ifscOk(row.ifsc)) fields.ifsc = 'Enter a valid IFSC';
    if (Object.keys(fields).length) throw new AppError('E0060', 400, undefined, fields);
  }
}

/** Adds a payout account; a UPI account becomes the default when asked or when the unit has none. Returns its id. */
export async function addPayoutRow(trx: Transaction<DB>, unitId: string, row: NewPayoutRow, at: Date): Promise<string> {
  checkPayoutRow(row);
  const vpa = row.kind === 'UPI' ? row.vpa!.trim().toLowerCase() : null;
  if (vpa) {
    const taken = await trx.selectFrom('payout_accounts').select('id').where('kind', '=', 'UPI').where((e) => e(e.fn('lower', ['vpa']), '=', vpa)).executeTakeFirst();
    if (taken) throw vpaTaken();
  }
  // The unit's rows locked: two adds at once must not both find "no default yet".
  const mine = await trx.selectFrom('payout_accounts').select(['id', 'is_default']).where('unit_id', '=', unitId).forUpdate().execute();
  const isDefault = row.kind === 'UPI' && (row.makeDefault || !mine.some((m) => m.is_default));
  if (isDefault) await trx.updateTable('payout_accounts').set({ is_default: false }).where('unit_id', '=', unitId).where('is_default', '=', true).execute();
  const id = randomUUID();
  await trx
    .insertInto('payout_accounts')
    .values({
      id,
      unit_id: unitId,
      kind: row.kind,
      account_name: row.accountName,
      account_number: row.accountNumber || null,
      ifsc: row.ifsc || null,
      vpa,
      is_default: isDefault,
      created_at: at,
    })
    .execute()
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw vpaTaken();
      throw error;
    });
  return id;
}

/** Makes a UPI account of the unit the default (E0002 for anything else). */
export async function setDefaultPayoutRow(trx: Transaction<DB>, unitId: string, id: string): Promise<void> {
  const row = await trx.selectFrom('payout_accounts').select(['id', 'kind']).where('id', '=', id).where('unit_id', '=', unitId).forUpdate().executeTakeFirst();
  if (!row || row.kind !== 'UPI') throw new AppError('E0002', 404, 'No such UPI account');
  await trx.updateTable('payout_accounts').set({ is_default: false }).where('unit_id', '=', unitId).where('is_default', '=', true).execute();
  await trx.updateTable('payout_accounts').set({ is_default: true }).where('id', '=', id).execute();
}

/** Deletes a payout account; deleting the default hands it to the oldest remaining UPI account. */
export async function deletePayoutRow(trx: Transaction<DB>, unitId: string, id: string, kind?: 'UPI'): Promise<void> {
  const row = await trx
    .deleteFrom('payout_accounts')
    .where('id', '=', id)
    .where('unit_id', '=', unitId)
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .returning(['is_default'])
    .executeTakeFirst();
  if (!row) throw new AppError('E0002', 404, kind ? 'No such UPI account' : undefined);
  if (!row.is_default) return;
  const next = await trx.selectFrom('payout_accounts').select('id').where('unit_id', '=', unitId).where('kind', '=', 'UPI').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (next) await trx.updateTable('payout_accounts').set({ is_default: true }).where('id', '=', next.id).execute();
}

export async function tradeName(db: Kysely<DB>, unitId: string): Promise<string> {
  const unit = await db.selectFrom('units').select('trade_name').where('id', '=', unitId).executeTakeFirst();
  if (!unit) throw new AppError('E0002', 404);
  return unit.trade_name;
}

/** The unit's UPI accounts, the default first, each with its static link. */
export async function upiAccounts(db: Kysely<DB>, unitId: string): Promise<UpiAccount[]> {
  const [name, rows] = await Promise.all([
    tradeName(db, unitId),
    db.selectFrom('payout_accounts').selectAll().where('unit_id', '=', unitId).where('kind', '=', 'UPI').orderBy('is_default', 'desc').orderBy('created_at').orderBy('id').execute(),
  ]);
  return rows.map((r) => ({
    id: r.id,
    accountName: r.account_name,
    vpa: r.vpa!,
    bankAccountNumber: r.account_number,
    ifsc: r.ifsc,
    isDefault: r.is_default,
    upiLink: upiPayLink({ pa: r.vpa!, pn: name }),
  }));
}

/** Where to pay a unit: its default UPI account and trade name, or null when it has none. */
export async function defaultUpi(db: Kysely<DB>, unitId: string): Promise<{ id: string; vpa: string; payeeName: string } | null> {
  const row = await db
    .selectFrom('payout_accounts as p')
    .innerJoin('units as u', 'u.id', 'p.unit_id')
    .select(['p.id', 'p.vpa', 'u.trade_name'])
    .where('p.unit_id', '=', unitId)
    .where('p.kind', '=', 'UPI')
    .where('p.is_default', '=', true)
    .executeTakeFirst();
  return row?.vpa ? { id: row.id, vpa: row.vpa, payeeName: row.trade_name } : null;
}
