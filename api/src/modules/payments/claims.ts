import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PaymentClaimInfo } from 'shared-api';
import type { DB, PaymentsTable } from '../../db/types';
import { AppError } from '../../http/errors';
import { resolveAccounts } from '../ledger/accounts';
import { LINKS, unitNotices } from '../notifications/notify';
import { moneyColumns, payRequest, type MoneyMoved } from './apply';
import { asDuplicatePayment, assertNewPayment, cannot, findPartyHead, postPayment, rupees, type NewPayment, type Plan } from './posting';

/*
 * Payment claims (issue 39). What a payer records it paid to a platform unit is its word, not money in the payee's
 * books: the payments row waits as CLAIMED, posted in neither side's books (so a rejection has nothing to reverse,
 * and both books always agree), until the payee confirms it, or a gateway event or a line of the payee's bank
 * statement with its UTR and amount matches it. Confirming posts both sides at once, exactly the allocation the claim
 * named when it was made; the claim's row lock makes that happen once, whoever confirms (a double click, the webhook
 * at the same moment).
 */

export type DecidedHow = 'PAYEE' | 'GATEWAY' | 'STATEMENT';

/** The claim's payments row and claim row, locked (FOR UPDATE of the payment), or E0002. */
async function lockClaim(trx: Transaction<DB>, paymentId: string, payeeUnitId: string) {
  const row = await trx
    .selectFrom('payments as p')
    .innerJoin('payment_claims as c', 'c.payment_id', 'p.id')
    .selectAll('p')
    .select(['c.payer_head_id', 'c.reject_reason'])
    .where('p.id', '=', paymentId)
    .where('p.payee_unit_id', '=', payeeUnitId)
    .forUpdate('p')
    .executeTakeFirst();
  if (!row) throw new AppError('E0002', 404, 'No such payment claim to you');
  return row;
}

/**
 * Confirms a claim: posts it on both sides as it named (the payer's bills, mirrored to the payee's invoices) and
 * tells both. Once only: a claim already confirmed answers 'ALREADY' and posts nothing; a rejected one is E0013.
 */
export async function confirmClaim(
  trx: Transaction<DB>,
  p: { paymentId: string; payeeUnitId: string; how: DecidedHow; userId: string | null; at: Date },
): Promise<'CONFIRMED' | 'ALREADY'> {
  const claim = await lockClaim(trx, p.paymentId, p.payeeUnitId);
  if (claim.status === 'APPLIED') return 'ALREADY';
  if (claim.status === 'REJECTED') throw new AppError('E0013', 409, `This payment claim was rejected (${claim.reject_reason}): it cannot be confirmed`);
  const amountPaise = Number(claim.amount_paise);
  await trx.updateTable('payment_claims').set({ decided_how: p.how, decided_by: p.userId, decided_at: p.at }).where('payment_id', '=', claim.id).execute();
  if (claim.request_id) {
    // Paid against the payee's request: posted as a payment of the request is (its invoices, the request's status).
    await payRequest(trx, claim.request_id, { ...moneyOf(claim), createdBy: p.userId, at: p.at }, { paymentId: claim.id });
  } else {
    const head = await findPartyHead(trx, claim.payer_unit_id!, claim.payer_head_id, 'PAYABLE');
    const lines = await trx.selectFrom('payment_claim_lines').select(['document_id', 'amount_paise']).where('payment_id', '=', claim.id).orderBy('position').execute();
    // The bills the claim named, for the amounts it named; the rest (if any) on account, as when it was made.
    const plan: Plan = { mode: 'CHOSEN', items: lines.flatMap((l) => (l.document_id ? [{ documentId: l.document_id, amountPaise: Number(l.amount_paise) }] : [])) };
    await trx.updateTable('payments').set({ status: 'APPLIED' }).where('id', '=', claim.id).execute();
    await postPayment(trx, {
      paymentId: claim.id,
      money: { method: claim.method, amountPaise, paidOn: claim.paid_on, createdBy: p.userId, at: p.at },
      role: 'PAYER',
      head,
      plan,
      ownName: claim.payer_name,
    });
  }
  const how = claim.utr ? ` (UTR ${claim.utr})` : ` (${claim.method.replace('_', ' ').toLowerCase()})`;
  const by = p.how === 'PAYEE' ? `${claim.payee_name} confirmed` : `Matched by ${p.how === 'GATEWAY' ? 'the payment gateway' : `${claim.payee_name}'s bank statement`}:`;
  await trx
    .insertInto('notifications')
    .values([
      ...unitNotices([claim.payee_unit_id], { type: 'PAYMENT', title: 'Payment received', body: `${claim.payer_name} paid you ${rupees(amountPaise)}${how}: confirmed and posted.`, link: LINKS.receivePayments }, { at: p.at }),
      ...unitNotices([claim.payer_unit_id], { type: 'PAYMENT', title: 'Payment confirmed', body: `${by} your payment of ${rupees(amountPaise)}${how} to ${claim.payee_name}.`, link: LINKS.makePayments }, { at: p.at }),
    ])
    .execute();
  return 'CONFIRMED';
}

/** Rejects a waiting claim with the payee's reason, which the payer is told. Again: nothing new; confirmed: E0013. */
export async function rejectClaim(trx: Transaction<DB>, p: { paymentId: string; payeeUnitId: string; reason: string; userId: string; at: Date }): Promise<void> {
  const claim = await lockClaim(trx, p.paymentId, p.payeeUnitId);
  if (claim.status === 'REJECTED') return;
  if (claim.status === 'APPLIED') throw new AppError('E0013', 409, 'This payment is confirmed and in both books already: it cannot be rejected');
  await trx.updateTable('payments').set({ status: 'REJECTED' }).where('id', '=', claim.id).execute();
  await trx.updateTable('payment_claims').set({ decided_how: 'PAYEE', decided_by: p.userId, decided_at: p.at, reject_reason: p.reason }).where('payment_id', '=', claim.id).execute();
  const how = claim.utr ? ` (UTR ${claim.utr})` : '';
  await trx
    .insertInto('notifications')
    .values(
      unitNotices(
        [claim.payer_unit_id],
        { type: 'PAYMENT', title: 'Payment not confirmed', body: `${claim.payee_name} did not confirm your payment of ${rupees(Number(claim.amount_paise))}${how}: ${p.reason}`, link: LINKS.makePayments },
        { at: p.at },
      ),
    )
    .execute();
}

/** One part of a new claim: the payer's document (none on account) or the payee's invoice it names. */
interface ClaimLineInput {
  target: 'PURCHASE_BILL' | 'OPENING_BILL' | 'ON_ACCOUNT';
  documentId: string | null;
  documentNumber: string | null;
  invoice?: { id: string; number: string };
  amountPaise: number;
}

const moneyOf = (row: Selectable<PaymentsTable>): MoneyMoved => ({
  method: row.method,
  utr: row.utr,
  chequeNumber: row.cheque_number,
  amountPaise: Number(row.amount_paise),
  paidOn: row.paid_on,
  provider: row.provider,
  providerPaymentId: row.provider_payment_id,
  payerVpa: row.payer_vpa,
  note: row.note,
  createdBy: row.created_by,
  at: new Date(row.created_at),
});

/**
 * The payer records a payment against its payee's request (payments/upi/requests/:id/pay): a claim too. The request
 * must take it (open, enough due: E0010) and the UTR be new (E0009); it names the request's invoices, oldest first,
 * and is posted as a payment of the request when confirmed (payRequest).
 */
export async function claimRequest(trx: Transaction<DB>, requestId: string, payerUnitId: string, money: MoneyMoved): Promise<string> {
  const req = await trx.selectFrom('payment_requests').selectAll().where('id', '=', requestId).where('payer_unit_id', '=', payerUnitId).forUpdate().executeTakeFirst();
  if (!req || !req.payee_unit_id) throw new AppError('E0002', 404, 'No such payment request');
  await assertNewPayment(trx, money);
  if (req.status === 'CANCELLED') throw cannot(`Payment request ${req.reference} is cancelled`);
  if (req.status === 'PAID') throw cannot(`Payment request ${req.reference} is already paid`);
  const applied = await trx
    .selectFrom('payments')
    .select(sql<string | number>`coalesce(sum(amount_paise), 0)`.as('paid'))
    .where('request_id', '=', req.id)
    .where('status', '=', 'APPLIED')
    .executeTakeFirstOrThrow();
  const due = Number(req.amount_paise) - Number(applied.paid);
  if (money.amountPaise > due) throw cannot(`Only ${rupees(due)} is still due on request ${req.reference}`);
  const [payerHeadId] = await resolveAccounts(trx, payerUnitId, [{ creditor: req.payee_unit_id }], money.at);
  const invoices = await trx
    .selectFrom('payment_request_invoices as ri')
    .innerJoin('sales_invoices as i', 'i.id', 'ri.invoice_id')
    .select(['i.id', 'i.invoice_number', 'ri.amount_paise'])
    .where('ri.request_id', '=', req.id)
    .orderBy('i.invoice_date')
    .orderBy('i.invoice_number')
    .execute();
  const lines: ClaimLineInput[] = [];
  let left = money.amountPaise;
  for (const i of invoices) {
    const amountPaise = Math.min(left, Number(i.amount_paise));
    if (amountPaise <= 0) break;
    lines.push({ target: 'PURCHASE_BILL', documentId: null, documentNumber: null, invoice: { id: i.id, number: i.invoice_number }, amountPaise });
    left -= amountPaise;
  }
  if (left > 0) lines.push({ target: 'ON_ACCOUNT', documentId: null, documentNumber: null, amountPaise: left });
  const paymentId = randomUUID();
  await trx
    .insertInto('payments')
    .values({ id: paymentId, payee_unit_id: req.payee_unit_id, payer_unit_id: payerUnitId, payee_name: req.payee_name, payer_name: req.payer_name, ...moneyColumns(money), request_id: req.id, status: 'CLAIMED', unmatched_reason: null })
    .execute()
    .catch((error: unknown) => {
      throw asDuplicatePayment(error);
    });
  await writeClaim(trx, {
    paymentId,
    payerHeadId: payerHeadId!,
    lines,
    notice: { payeeUnitId: req.payee_unit_id, payerUnitId, payeeName: req.payee_name, payerName: req.payer_name, amountPaise: money.amountPaise, method: money.method, utr: money.utr, at: money.at },
  });
  return paymentId;
}

/** The claim's row and lines to write with the payments row (the caller inserts the payment first). */
export async function writeClaim(
  trx: Transaction<DB>,
  p: { paymentId: string; payerHeadId: string; lines: readonly ClaimLineInput[]; notice: NewPayment['notice'] },
): Promise<void> {
  const billIds = p.lines.flatMap((l) => (l.target === 'PURCHASE_BILL' && l.documentId && !l.invoice ? [l.documentId] : []));
  const invoices = billIds.length
    ? await trx
        .selectFrom('purchase_bills as b')
        .innerJoin('sales_invoices as i', 'i.id', 'b.sales_invoice_id')
        .select(['b.id', 'i.id as invoice_id', 'i.invoice_number'])
        .where('b.id', 'in', billIds)
        .execute()
    : [];
  const invoiceOf = new Map(invoices.map((i) => [i.id, i]));
  await trx.insertInto('payment_claims').values({ payment_id: p.paymentId, payer_head_id: p.payerHeadId }).execute();
  await trx
    .insertInto('payment_claim_lines')
    .values(
      p.lines.map((l, i) => ({
        payment_id: p.paymentId,
        position: i + 1,
        target: l.target,
        document_id: l.documentId,
        document_number: l.documentNumber,
        invoice_id: l.invoice?.id ?? ((l.documentId && invoiceOf.get(l.documentId)?.invoice_id) || null),
        invoice_number: l.invoice?.number ?? ((l.documentId && invoiceOf.get(l.documentId)?.invoice_number) || null),
        amount_paise: l.amountPaise,
      })),
    )
    .execute();
  const n = p.notice;
  const how = n.utr ? ` (UTR ${n.utr})` : ` (${n.method.replace('_', ' ').toLowerCase()})`;
  await trx
    .insertInto('notifications')
    .values(
      unitNotices(
        [n.payeeUnitId],
        { type: 'PAYMENT', title: 'Payment to confirm', body: `${n.payerName} says it paid you ${rupees(n.amountPaise)}${how}: confirm it when the money is in your account.`, link: LINKS.receivePayments },
        { at: n.at },
      ),
    )
    .execute();
}

/** Each claim's lines and decision, for the payments' readers (PaymentSummary.claim). */
export async function claimInfos(db: Kysely<DB>, paymentIds: readonly string[]): Promise<Map<string, PaymentClaimInfo>> {
  if (!paymentIds.length) return new Map();
  const [claims, lines] = await Promise.all([
    db.selectFrom('payment_claims').selectAll().where('payment_id', 'in', paymentIds).execute(),
    db.selectFrom('payment_claim_lines').selectAll().where('payment_id', 'in', paymentIds).orderBy('payment_id').orderBy('position').execute(),
  ]);
  return new Map(
    claims.map((c) => [
      c.payment_id,
      {
        lines: lines.filter((l) => l.payment_id === c.payment_id).map(claimLine),
        decidedHow: c.decided_how,
        decidedAt: c.decided_at ? new Date(c.decided_at).toISOString() : null,
        rejectReason: c.reject_reason,
      },
    ]),
  );
}

export const claimLine = (l: { invoice_id: string | null; invoice_number: string | null; document_number: string | null; amount_paise: number | string }) => ({
  invoiceId: l.invoice_id,
  invoiceNumber: l.invoice_number,
  documentNumber: l.document_number,
  amountPaise: Number(l.amount_paise),
});

/** What claims still waiting name of each invoice (the invoice page's "Payment claimed"). */
export async function claimedOnInvoice(db: Kysely<DB>, invoiceId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_claim_lines as l')
    .innerJoin('payments as p', 'p.id', 'l.payment_id')
    .select(sql<string | number | null>`sum(l.amount_paise)`.as('claimed'))
    .where('l.invoice_id', '=', invoiceId)
    .where('p.status', '=', 'CLAIMED')
    .executeTakeFirst();
  return Number(row?.claimed ?? 0);
}
