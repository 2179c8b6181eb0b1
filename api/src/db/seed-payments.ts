import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from './types';

/**
 * Demo data of UPI payments (issue 15): every demo stockist is paid by UPI, so its QR codes, payment requests and
 * invoice PDFs work from the first sign-in. The VPA is made from the unit code (STK-PUN-001 → stk-pun-001@okhdfcbank),
 * the default UPI account of the unit.
 */
export async function seedPayments(trx: Transaction<DB>, now: Date): Promise<void> {
  const stockists = await trx.selectFrom('units').select(['id', 'unit_code', 'trade_name']).where('customer_type', '=', 'STOCKIST').orderBy('unit_code').execute();
  if (!stockists.length) return;
  await trx
    .insertInto('payout_accounts')
    .values(
      stockists.map((s) => ({
        id: randomUUID(),
        unit_id: s.id,
        kind: 'UPI' as const,
        account_name: s.trade_name,
        account_number: null,
        ifsc: null,
        vpa: `${s.unit_code.toLowerCase()}@okhdfcbank`,
        is_default: true,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
