import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AllocationChoice, PaymentMethod } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { nameLock } from '../../db/locks';
import {
  cannot,
  customPartyHead,
  findPartyHead,
  partyHead,
  notifyPayment,
  paidOf,
  postPayment,
  recordedColumns,
  refreshRequestStatus,
  refuseRecorded,
  rupees,
  utrLockName,
  type PartyHead,
  type Plan,
} from './posting';
import { PARTY_GROUP } from '../ledger/outstanding';

/*
 * The one way a payment enters the books (issue 15), shared by manual entry (payments service), the gateway
 * webhook and the bank statement import (reconciliation module). Both run inside the caller's transaction.
 */

/** How the money moved, as recorded on the payments row. */
export interface MoneyMoved {
  method: PaymentMethod;
  utr: string | null;
  chequeNumber: string | null;
  amountPaise: number;
  /** 'YYYY-MM-DD' (IST) */
  paidOn: string;
  provider: 'MANUAL' | 'GATEWAY' | 'STATEMENT';
  providerPaymentId: string | null;
  payerVpa: string | null;
  note: string | null;
  createdBy: string | null;
  at: Date;
}

/**
 * Records a payment against a payment request and posts it in the books of each platform side (the payee's
 * receipt vouchers on the request's invoices, oldest first, the rest on account; the payer's payment vouchers on
 * its bills of those invoices). Locks the request; refuses a CANCELLED or PAID request (E0010), an amount beyond
 * what is still due on the request (E0010) and a UTR or provider payment id seen before (E0009). Updates the
 * request's status and notifies both sides (PAYMENT). Returns the new payment's id.
 */
export async function payRequest(trx: Transaction<DB>, requestId: string, money: MoneyMoved, claim?: { paymentId: string }): Promise<string> {
  // The request's row lock, the UTR's (assertNewPayment's), then the party head's, in one round trip: the FROM
  // subquery's FOR UPDATE runs first, then the select list in order. What they guard is read by the next statement,
  // whose snapshot is taken once all are held (a statement waiting on a lock would still read as of its start). A
  // head of a platform party is left for planPayment, which locks it with its mirror in id order.
  await trx
    .selectFrom(trx.selectFrom('payment_requests').select(['id', 'party_account_id']).where('id', '=', requestId).forUpdate().as('r'))
    .select((eb) => [
      money.utr ? nameLock(utrLockName(money.utr)).as('utr') : sql<null>`null`.as('utr'),
      eb.selectFrom('ledger_accounts as a').select('a.id').whereRef('a.id', '=', 'r.party_account_id').where('a.party_unit_id', 'is', null).forUpdate().as('head'),
    ])
    .execute();
  const req = await trx
    .selectFrom('payment_requests as r')
    // The head as findPartyHead reads it: the owner's debtor, or its creditor for a PAYOUT.
    .leftJoin('ledger_accounts as a', (j) =>
      j
        .onRef('a.id', '=', 'r.party_account_id')
        .onRef('a.unit_id', '=', 'r.unit_id')
        .on('a.group_code', '=', sql<string>`CASE WHEN r.kind = 'PAYOUT' THEN ${PARTY_GROUP.PAYABLE} ELSE ${PARTY_GROUP.RECEIVABLE} END`),
    )
    .leftJoin('units as u', 'u.id', 'a.party_unit_id')
    .selectAll('r')
    .select(['a.id as head_id', 'a.unit_id as head_unit_id', 'a.name as head_name', 'a.party_unit_id as head_party_unit_id', 'u.unit_code as head_unit_code', 'u.trade_name as head_trade_name'])
    .select([paidOf('r.id').as('paid'), ...recordedColumns(money)])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!req) throw new AppError('E0002', 404, 'No such payment request');
  if (req.status === 'CANCELLED') throw cannot(`Payment request ${req.reference} is cancelled`);
  if (req.status === 'PAID') throw cannot(`Payment request ${req.reference} is already paid`);
  const due = Number(req.amount_paise) - Number(req.paid);
  if (money.amountPaise > due) throw cannot(`Only ${rupees(due)} is still due on request ${req.reference}`);
  // A claim being confirmed (claims.ts) is the payment of its UTR: on record already, as itself.
  if (!claim) refuseRecorded(req);

  // PAYOUT: the owner pays (its creditor head); otherwise the owner is paid (its debtor head, a memo's named one).
  const role = req.kind === 'PAYOUT' ? 'PAYER' : 'PAYEE';
  const side = role === 'PAYER' ? 'PAYABLE' : 'RECEIVABLE';
  let head: PartyHead;
  if (req.party_account_id) {
    const row = req.head_id
      ? { id: req.head_id, unit_id: req.head_unit_id!, name: req.head_name!, party_unit_id: req.head_party_unit_id, unit_code: req.head_unit_code, trade_name: req.head_trade_name }
      : undefined;
    head = { ...partyHead(row, side), locked: req.head_party_unit_id === null };
  } else {
    // A request to a party without a head yet (a memo's payer): the head is made now, and locked by planPayment.
    const headId = await customPartyHead(trx, req.unit_id, role === 'PAYER' ? req.payee_name : req.payer_name, side, money.at);
    await trx.updateTable('payment_requests').set({ party_account_id: headId }).where('id', '=', req.id).execute();
    head = await findPartyHead(trx, req.unit_id, headId, side);
  }
  const invoices = req.kind === 'INVOICES' ? await trx.selectFrom('payment_request_invoices').select('invoice_id').where('request_id', '=', req.id).execute() : [];
  const plan: Plan = invoices.length ? { mode: 'DOCUMENTS', documents: invoices.map((i) => ({ documentId: i.invoice_id })) } : { mode: 'OLDEST_FIRST' };

  const paymentId = claim?.paymentId ?? randomUUID();
  const payeeUnitId = role === 'PAYEE' ? req.unit_id : head.partyUnitId;
  const payerUnitId = role === 'PAYER' ? req.unit_id : head.partyUnitId;
  const paid = Number(req.paid) + money.amountPaise;
  const ownName = role === 'PAYEE' ? req.payee_name : req.payer_name;
  if (claim) {
    // The claim's row is written: it is posted, in the books now, and the request's status follows.
    await postPayment(trx, { paymentId, money, role, head, plan, ownName });
    await trx.updateTable('payments').set({ status: 'APPLIED' }).where('id', '=', paymentId).execute();
    await refreshRequestStatus(trx, req.id);
    return paymentId;
  }
  await postPayment(trx, {
    paymentId,
    money,
    role,
    head,
    plan,
    ownName,
    write: {
      row: {
        id: paymentId,
        payee_unit_id: payeeUnitId,
        payer_unit_id: payerUnitId,
        payee_name: req.payee_name,
        payer_name: req.payer_name,
        ...moneyColumns(money),
        request_id: req.id,
        status: 'APPLIED',
        unmatched_reason: null,
      },
      notice: { payeeUnitId, payerUnitId, payeeName: req.payee_name, payerName: req.payer_name, amountPaise: money.amountPaise, method: money.method, utr: money.utr, at: money.at },
      request: { id: req.id, status: paid >= Number(req.amount_paise) ? 'PAID' : 'PARTLY_PAID' },
    },
  });
  return paymentId;
}

/** The payments row's columns of how the money moved. */
export function moneyColumns(m: MoneyMoved) {
  return {
    method: m.method,
    utr: m.utr,
    cheque_number: m.chequeNumber,
    provider: m.provider,
    provider_payment_id: m.providerPaymentId,
    payer_vpa: m.payerVpa,
    amount_paise: m.amountPaise,
    paid_on: m.paidOn,
    note: m.note,
    created_by: m.createdBy,
    created_at: m.at,
  };
}

/**
 * Applies a payment stored as UNMATCHED (status APPLIED after): the payee (payeeUnitId) says which debtor head paid
 * (partyAccountId) and what it settles. Posts the payee's receipt vouchers (and the payer's payment vouchers when
 * the debtor is a platform unit) and notifies both sides. E0002 for an unknown or already applied payment.
 */
export async function applyUnmatched(
  trx: Transaction<DB>,
  p: { paymentId: string; payeeUnitId: string; partyAccountId: string; allocation: AllocationChoice; createdBy: string | null; at: Date },
): Promise<void> {
  const payment = await trx.selectFrom('payments').selectAll().where('id', '=', p.paymentId).where('payee_unit_id', '=', p.payeeUnitId).forUpdate().executeTakeFirst();
  if (!payment || payment.status !== 'UNMATCHED') throw new AppError('E0002', 404, 'No such unmatched payment');
  const head = await findPartyHead(trx, p.payeeUnitId, p.partyAccountId, 'RECEIVABLE');
  const payerUnitId = head.partyUnitId ?? payment.payer_unit_id;
  const payerName = head.partyUnitId ? head.partyName : payment.payer_name;
  await trx
    .updateTable('payments')
    .set({ status: 'APPLIED', unmatched_reason: null, payer_unit_id: payerUnitId, payer_name: payerName })
    .where('id', '=', payment.id)
    .execute();
  const money = { method: payment.method, amountPaise: Number(payment.amount_paise), paidOn: payment.paid_on, createdBy: p.createdBy, at: p.at };
  await postPayment(trx, { paymentId: payment.id, money, role: 'PAYEE', head, plan: p.allocation, ownName: payment.payee_name });
  if (payment.request_id) await refreshRequestStatus(trx, payment.request_id);
  await notifyPayment(trx, { payeeUnitId: p.payeeUnitId, payerUnitId, payeeName: payment.payee_name, payerName, amountPaise: money.amountPaise, method: payment.method, utr: payment.utr, at: p.at });
}
