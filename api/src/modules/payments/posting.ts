import { sql, type Insertable, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import { formatPaise, type AllocationLine, type OutstandingSide, type PaymentMethod } from 'shared-api';
import { lockName } from '../../db/locks';
import type { DB, PaymentsTable } from '../../db/types';
import { AppError } from '../../http/errors';
import { LINKS, unitNotices } from '../notifications/notify';
import { createCustomHead, resolveAccounts } from '../ledger/accounts';
import { nextDocumentNumber } from '../ledger/numbering';
import { PARTY_GROUP, headOpenItems, type OpenItem } from '../ledger/outstanding';
import { voucherRows, withVouchers, type VoucherRows } from '../ledger/post';
import { asClosedYearError } from '../ledger/years';
import type { Settlement } from '../ledger/postings';
import { checkBillPayment } from '../purchases/service';
import { istDate } from '../search/text';

/*
 * How a payment sits in the books (issues 15 and 32): one voucher per side with one number, bill-wise: a party line
 * per allocation naming the document it settles (so ledger/outstanding.ts settles that document first), on account
 * naming none (the voucher's document is the payment itself). The side whose
 * party head was given (the primary side) allocates as asked; when the party is a platform unit the same money is
 * mirrored in its books against its own documents of the same deal (the bill of an invoice, the invoice of a bill).
 */

export const SETTLEMENT_OF: Record<PaymentMethod, Settlement> = { UPI: 'UPI_CLEARING', CASH: 'CASH', CHEQUE: 'BANK', BANK_TRANSFER: 'BANK' };

export type Role = 'PAYEE' | 'PAYER';
const SIDE_OF: Record<Role, OutstandingSide> = { PAYEE: 'RECEIVABLE', PAYER: 'PAYABLE' };
/**
 * The only documents a payment is allocated to: invoices on the debtor side, bills on the creditor side, and on
 * either side the unpaid bills a move-in brought in (issue 36: later receipts settle them by number).
 */
const DOCUMENT_OF = { RECEIVABLE: 'SALES_INVOICE', PAYABLE: 'PURCHASE_BILL' } as const satisfies Record<OutstandingSide, string>;
const OPENING_BILL = 'OPENING_BILL';

export const rupees = (paise: number) => `₹${formatPaise(paise)}`;
export const cannot = (message: string) => new AppError('E0010', 409, message);
const UNIQUE_VIOLATION = '23505';

/** A Sundry Debtors or Creditors head of a unit. */
export interface PartyHead {
  id: string;
  unitId: string;
  name: string;
  partyUnitId: string | null;
  partyUnitCode: string | null;
  /** The platform party's trade name, else the head's name. */
  partyName: string;
  /** Row-locked already for this payment (payRequest's lock), so planPayment leaves it be. */
  locked?: boolean;
}

/** One head of the unit on that side (a debtor for RECEIVABLE, a creditor for PAYABLE); anything else is E0002. */
export async function findPartyHead(db: Kysely<DB>, unitId: string, accountId: string, side: OutstandingSide): Promise<PartyHead> {
  return partyHead(await partyHeadQuery(db, unitId, accountId, side).executeTakeFirst(), side);
}

function partyHeadQuery(db: Kysely<DB>, unitId: string, accountId: string, side: OutstandingSide) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('units as u', 'u.id', 'a.party_unit_id')
    .select(['a.id', 'a.unit_id', 'a.name', 'a.party_unit_id', 'u.unit_code', 'u.trade_name'])
    .where('a.id', '=', accountId)
    .where('a.unit_id', '=', unitId)
    .where('a.group_code', '=', PARTY_GROUP[side]);
}

/** A head row as partyHeadQuery reads it, or E0002. */
export function partyHead(
  row: { id: string; unit_id: string; name: string; party_unit_id: string | null; unit_code: string | null; trade_name: string | null } | undefined,
  side: OutstandingSide,
): PartyHead {
  if (!row) throw new AppError('E0002', 404, side === 'RECEIVABLE' ? 'No such debtor in your books' : 'No such creditor in your books');
  return { id: row.id, unitId: row.unit_id, name: row.name, partyUnitId: row.party_unit_id, partyUnitCode: row.unit_code, partyName: row.trade_name ?? row.name };
}

/** A custom head of that group named `name` (case-insensitive), created on first use. */
export async function customPartyHead(trx: Transaction<DB>, unitId: string, name: string, side: OutstandingSide, at: Date): Promise<string> {
  const found = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('unit_id', '=', unitId)
    .where('group_code', '=', PARTY_GROUP[side])
    .where('party_unit_id', 'is', null)
    .where((e) => e(e.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .executeTakeFirst();
  if (found) return found.id;
  return createCustomHead(trx, unitId, { name: name.trim(), group: PARTY_GROUP[side] }, at);
}

/**
 * Row locks on party heads, always in id order: every payment touching a head waits here before reading its dues,
 * so two payments can never allocate the same open amount twice (and two opposite ones cannot deadlock).
 */
export async function lockHeads(trx: Transaction<DB>, ids: readonly string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length) await trx.selectFrom('ledger_accounts').select('id').where('id', 'in', sorted).orderBy('id').forUpdate().execute();
}

/** How a side is allocated: oldest first, as chosen (strict: beyond a due is refused), or over some documents (capped). */
export type Plan =
  | { mode: 'OLDEST_FIRST' }
  | { mode: 'CHOSEN'; items: readonly { documentId: string; amountPaise: number }[] }
  | { mode: 'DOCUMENTS'; documents: readonly { documentId: string; maxPaise?: number }[] };

interface OpenDoc {
  target: AllocationLine['target'];
  documentId: string;
  documentNumber: string | null;
  date: string;
  outstandingPaise: number;
}

/** The open invoices (or bills) of a head, oldest first, one entry per document. */
function openDocuments(items: readonly OpenItem[], side: OutstandingSide): OpenDoc[] {
  const docs = new Map<string, OpenDoc>();
  for (const i of items) {
    if ((i.documentType !== DOCUMENT_OF[side] && i.documentType !== OPENING_BILL) || !i.documentId) continue;
    const d = docs.get(i.documentId);
    if (d) d.outstandingPaise += i.outstandingPaise;
    else docs.set(i.documentId, { target: i.documentType === OPENING_BILL ? OPENING_BILL : DOCUMENT_OF[side], documentId: i.documentId, documentNumber: i.documentNumber, date: i.date, outstandingPaise: i.outstandingPaise });
  }
  return [...docs.values()];
}

/** The allocation lines of `amountPaise` over the open items; what is left over is one ON_ACCOUNT line. */
export function planAllocation(items: readonly OpenItem[], side: OutstandingSide, amountPaise: number, plan: Plan, partyName: string): AllocationLine[] {
  const docs = openDocuments(items, side);
  const lines: AllocationLine[] = [];
  let left = amountPaise;
  const take = (d: OpenDoc, amount: number) => {
    if (amount <= 0) return;
    lines.push({ target: d.target, documentId: d.documentId, documentNumber: d.documentNumber, documentDate: d.date, duePaise: d.outstandingPaise, amountPaise: amount });
    left -= amount;
  };
  if (plan.mode === 'OLDEST_FIRST') {
    for (const d of docs) take(d, Math.min(left, d.outstandingPaise));
  } else if (plan.mode === 'DOCUMENTS') {
    const max = new Map<string, number>();
    for (const d of plan.documents) max.set(d.documentId, (max.get(d.documentId) ?? 0) + (d.maxPaise ?? Number.MAX_SAFE_INTEGER));
    for (const d of docs) if (max.has(d.documentId)) take(d, Math.min(left, d.outstandingPaise, max.get(d.documentId)!));
  } else {
    const byId = new Map(docs.map((d) => [d.documentId, d]));
    const seen = new Set<string>();
    const what = side === 'RECEIVABLE' ? 'invoice' : 'bill';
    for (const item of plan.items) {
      const d = byId.get(item.documentId);
      if (!d) throw cannot(`That document is not an open ${what} of ${partyName}`);
      if (seen.has(item.documentId)) throw cannot(`${d.documentNumber ?? `The ${what}`} is chosen twice`);
      seen.add(item.documentId);
      if (item.amountPaise > d.outstandingPaise) throw cannot(`Only ${rupees(d.outstandingPaise)} is due on ${d.documentNumber ?? `the ${what}`}: allocate at most that`);
      if (item.amountPaise > left) throw cannot(`The amounts chosen add up to more than the payment of ${rupees(amountPaise)}`);
      take(d, item.amountPaise);
    }
  }
  if (left > 0) lines.push({ target: 'ON_ACCOUNT', documentId: null, documentNumber: null, documentDate: null, duePaise: null, amountPaise: left });
  return lines;
}

/** The day dues are read on: today, or the payment's day when it is later. */
const duesDay = (paidOn: string, at: Date) => (paidOn > istDate(at) ? paidOn : istDate(at));

/** The other side's document of a primary side's document; a bill not received yet is not on its books. */
interface CounterDocument {
  id: string;
  number: string | null;
  pending: boolean;
}

/** The counter document of each of the primary side's documents: invoice → the buyer's bill of it, bill → its invoice. */
async function counterDocuments(trx: Transaction<DB>, role: Role, counterUnitId: string, lines: readonly AllocationLine[]): Promise<Map<string, CounterDocument>> {
  const ids = lines.flatMap((l) => (l.documentId ? [l.documentId] : []));
  const map = new Map<string, CounterDocument>();
  if (!ids.length) return map;
  if (role === 'PAYEE') {
    const bills = await trx.selectFrom('purchase_bills').select(['id', 'sales_invoice_id', 'bill_number', 'status']).where('unit_id', '=', counterUnitId).where('sales_invoice_id', 'in', ids).execute();
    for (const b of bills) if (b.sales_invoice_id) map.set(b.sales_invoice_id, { id: b.id, number: b.bill_number, pending: b.status === 'PENDING' });
  } else {
    const bills = await trx.selectFrom('purchase_bills').select(['id', 'sales_invoice_id']).where('id', 'in', ids).execute();
    for (const b of bills) if (b.sales_invoice_id) map.set(b.id, { id: b.sales_invoice_id, number: null, pending: false });
  }
  return map;
}

export interface MoneyFacts {
  method: PaymentMethod;
  amountPaise: number;
  paidOn: string;
  createdBy: string | null;
  at: Date;
}

export interface PlannedSide {
  role: Role;
  unitId: string;
  headId: string;
  lines: AllocationLine[];
}

/**
 * Reads the dues (after locking the heads) and plans both sides without writing anything but missing party heads:
 * the preview's answer, and the first half of postPayment.
 */
export async function planPayment(
  trx: Transaction<DB>,
  p: { role: Role; head: PartyHead; plan: Plan; amountPaise: number; paidOn: string; at: Date },
): Promise<{ primary: PlannedSide; mirror: PlannedSide | null }> {
  const { role, head } = p;
  const counterRole: Role = role === 'PAYEE' ? 'PAYER' : 'PAYEE';
  const counterUnitId = head.partyUnitId;
  const mirrorHeadId = counterUnitId
    ? (await resolveAccounts(trx, counterUnitId, [role === 'PAYEE' ? { creditor: head.unitId } : { debtor: head.unitId }], p.at))[0]!
    : null;
  if (!head.locked || mirrorHeadId) await lockHeads(trx, mirrorHeadId ? [head.id, mirrorHeadId] : [head.id]);
  const asOf = duesDay(p.paidOn, p.at);
  const lines = planAllocation(await headOpenItems(trx, head.unitId, head.id, SIDE_OF[role], asOf), SIDE_OF[role], p.amountPaise, p.plan, head.partyName);
  const primary = { role, unitId: head.unitId, headId: head.id, lines };
  if (!counterUnitId || !mirrorHeadId) return { primary, mirror: null };
  const counter = await counterDocuments(trx, role, counterUnitId, lines);
  // Money against an invoice whose bill the buyer has not received waits for that bill (a line naming it, on
  // account until Receive, with no due as it is not on the buyer's books yet; ledger/outstanding.ts keeps it off every
  // other bill), never settles an older one.
  const waiting: AllocationLine[] = [];
  const documents = lines.flatMap((l) => {
    const c = l.documentId ? counter.get(l.documentId) : undefined;
    if (c?.pending) waiting.push({ target: 'PURCHASE_BILL', documentId: c.id, documentNumber: c.number, documentDate: null, duePaise: null, amountPaise: l.amountPaise });
    return c && !c.pending ? [{ documentId: c.id, maxPaise: l.amountPaise }] : [];
  });
  const counterItems = await headOpenItems(trx, counterUnitId, mirrorHeadId, SIDE_OF[counterRole], asOf);
  const waitingPaise = waiting.reduce((s, l) => s + l.amountPaise, 0);
  const mirrorLines = [...planAllocation(counterItems, SIDE_OF[counterRole], p.amountPaise - waitingPaise, { mode: 'DOCUMENTS', documents }, head.partyName), ...waiting];
  return { primary, mirror: { role: counterRole, unitId: counterUnitId, headId: mirrorHeadId, lines: mirrorLines } };
}

/**
 * One side's postings: one RCT (payee) or PAY (payer) voucher for the whole amount, bill-wise: the settlement line
 * (UPI Clearing, Cash or Bank) and one party line per allocation, each naming the invoice or bill it settles (none on
 * account), so outstanding.ts settles that document first. A payer's line on a purchase bill is checked against the
 * bill first (checkBillPayment: locked, received, enough due). The voucher comes back as rows for postPayment's last
 * statement, with the side's allocation rows.
 */
async function postSide(
  trx: Transaction<DB>,
  paymentId: string,
  s: PlannedSide,
  money: MoneyFacts,
  partyName: string,
): Promise<{ allocations: Insertable<DB['payment_allocations']>[]; vouchers: VoucherRows[] }> {
  for (const line of s.lines) {
    // A bill not received yet (no due) is not checked: the line names it and waits for it (ledger/outstanding.ts).
    if (s.role === 'PAYER' && line.target === 'PURCHASE_BILL' && line.duePaise !== null) await checkBillPayment(trx, { unitId: s.unitId, billId: line.documentId!, amountPaise: line.amountPaise });
  }
  const number = (await nextDocumentNumber(trx, s.unitId, s.role === 'PAYEE' ? 'RCT' : 'PAY', money.paidOn)).number;
  const kind = s.role === 'PAYEE' ? 'RECEIPT' : 'PAYMENT';
  // A receipt debits the money's account and credits the debtor; a payment the other way round.
  const sign = kind === 'RECEIPT' ? 1 : -1;
  const side = (amount: number) => (amount >= 0 ? { debitPaise: amount } : { creditPaise: -amount });
  const against = s.lines.flatMap((l) => (l.documentNumber ? [l.documentNumber] : []));
  const onAccount = s.lines.some((l) => !l.documentId);
  const [voucher] = await voucherRows(trx, [
    {
      unitId: s.unitId,
      kind,
      date: money.paidOn,
      documentType: kind,
      documentId: paymentId,
      documentNumber: number,
      narration: `${money.method.replace('_', ' ')} ${s.role === 'PAYEE' ? 'received from' : 'paid to'} ${partyName} ${[...(against.length ? [`against ${against.join(', ')}`] : []), ...(onAccount ? ['on account'] : [])].join(' and ')}`,
      lines: [
        { account: { head: SETTLEMENT_OF[money.method] }, ...side(sign * money.amountPaise) },
        ...s.lines.map((line) => ({
          account: { accountId: s.headId },
          ...side(-sign * line.amountPaise),
          document: line.documentId ? { id: line.documentId, number: line.documentNumber } : null,
        })),
      ],
      createdBy: money.createdBy,
      at: money.at,
    },
  ]);
  const allocations = s.lines.map((line, i) => ({
    payment_id: paymentId,
    unit_id: s.unitId,
    position: i + 1,
    target: line.target,
    document_id: line.documentId,
    document_number: line.documentNumber,
    document_date: line.documentDate,
    due_paise: line.duePaise,
    amount_paise: line.amountPaise,
    voucher_id: voucher!.id,
    voucher_number: number,
  }));
  return { allocations, vouchers: [voucher!] };
}

/** A payment to write with its allocations: its row, its PAYMENT notices and, paid on a request, the request's status. */
export interface NewPayment {
  row: Insertable<PaymentsTable>;
  notice: PaymentNotice;
  request?: { id: string; status: 'PARTLY_PAID' | 'PAID' };
}

/**
 * Plans and posts both sides of a payment. Its vouchers, its allocations and, for a new one (`write`), the payment,
 * its notices and its request's status are written by one statement at the end (a repeated UTR or provider id
 * answered E0009, a closed year E0012); else the payment is on record already.
 */
export async function postPayment(
  trx: Transaction<DB>,
  p: { paymentId: string; money: MoneyFacts; role: Role; head: PartyHead; plan: Plan; ownName: string; write?: NewPayment },
): Promise<{ primary: PlannedSide; mirror: PlannedSide | null }> {
  const planned = await planPayment(trx, { role: p.role, head: p.head, plan: p.plan, amountPaise: p.money.amountPaise, paidOn: p.money.paidOn, at: p.money.at });
  const sides = [await postSide(trx, p.paymentId, planned.primary, p.money, p.head.partyName)];
  if (planned.mirror) sides.push(await postSide(trx, p.paymentId, planned.mirror, p.money, p.ownName));
  // Common table expressions nobody reads, so the builder keeps the type it started with.
  let statement = withVouchers(
    trx,
    sides.flatMap((s) => s.vouchers),
  );
  if (p.write) {
    const { row, notice, request } = p.write;
    statement = statement.with('payment', (db) => db.insertInto('payments').values(row)) as QueryCreator<DB>;
    // The request's row is locked by the caller (payRequest), which knows what was paid before this payment.
    if (request) statement = statement.with('request', (db) => db.updateTable('payment_requests').set({ status: request.status }).where('id', '=', request.id)) as QueryCreator<DB>;
    const notices = paymentNotices(notice);
    if (notices.length) statement = statement.with('notices', (db) => db.insertInto('notifications').values(notices)) as QueryCreator<DB>;
  }
  // The allocations' foreign keys (to the payment, to the vouchers) are checked at the statement's end.
  await statement
    .insertInto('payment_allocations')
    .values(sides.flatMap((s) => s.allocations))
    .execute()
    .catch((error: unknown) => {
      throw asDuplicatePayment(asClosedYearError(error, p.money.paidOn));
    });
  return planned;
}

/** The name a UTR's writers queue on (lockName): a UTR is one payment, in payments or provider_invoices. */
export const utrLockName = (utr: string) => `utr:${utr}`;

/**
 * Whether this money is on record already: its UTR on a payment or a provider invoice (utr_used), its gateway
 * payment id on a payment (payment_recorded). Columns for a statement that runs after the UTR's lock, so that one
 * round trip reads them with whatever else it reads; refuseRecorded answers them.
 */
export function recordedColumns(m: { utr: string | null; provider: string; providerPaymentId: string | null }) {
  // A null UTR or id matches nothing; a rejected claim's UTR is no payment (migration 054).
  return [
    sql<boolean>`(EXISTS (SELECT 1 FROM payments WHERE utr = ${m.utr} AND status <> 'REJECTED') OR EXISTS (SELECT 1 FROM provider_invoices WHERE utr = ${m.utr}))`.as('utr_used'),
    sql<boolean>`EXISTS (SELECT 1 FROM payments WHERE provider = ${m.provider} AND provider_payment_id = ${m.providerPaymentId})`.as('payment_recorded'),
  ] as const;
}

/** E0009 for money already on record (recordedColumns). */
export function refuseRecorded(r: { utr_used: boolean; payment_recorded: boolean }): void {
  if (r.utr_used) throw new AppError('E0009', 409, 'This UTR is already recorded', { utr: 'This UTR is already recorded against another payment' });
  if (r.payment_recorded) throw new AppError('E0009', 409, 'This payment is already recorded');
}

/**
 * A UTR is one payment, whatever it paid: a trader's invoice (payments) or the provider's (provider_invoices). The
 * lock queues two writers of the same UTR, so the second sees the first's row (E0009, on the utr field).
 */
export async function assertUtrUnused(trx: Kysely<DB>, utr: string): Promise<void> {
  await assertNewPayment(trx, { utr, provider: 'MANUAL', providerPaymentId: null });
}

/** A UTR or gateway payment id already recorded is refused (E0009) before anything is written. */
export async function assertNewPayment(trx: Kysely<DB>, m: { utr: string | null; provider: string; providerPaymentId: string | null }): Promise<void> {
  if (m.utr) await lockName(trx, utrLockName(m.utr));
  refuseRecorded(await trx.selectNoFrom(recordedColumns(m)).executeTakeFirstOrThrow());
}

/** Two writers of the same UTR at once: the unique index decides, and the loser hears E0009 like a late one. */
export function asDuplicatePayment(error: unknown): unknown {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== UNIQUE_VIOLATION) return error;
  const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (which.includes('payments_utr')) return new AppError('E0009', 409, 'This UTR is already recorded');
  if (which.includes('payments_provider_id')) return new AppError('E0009', 409, 'This payment is already recorded');
  return error;
}

/** What a request's applied payments add up to, as a subquery on the request's id column (bigint paise). */
export const paidOf = (requestIdColumn: string) =>
  sql<number | string>`(SELECT coalesce(sum(p.amount_paise), 0) FROM payments p WHERE p.request_id = ${sql.ref(requestIdColumn)} AND p.status = 'APPLIED')`;

/** The request's status from the sum of its applied payments (a cancelled request stays cancelled), in one statement. */
export async function refreshRequestStatus(trx: Transaction<DB>, requestId: string): Promise<void> {
  await trx
    .updateTable('payment_requests')
    .set({
      status: sql<'OPEN' | 'PARTLY_PAID' | 'PAID'>`(SELECT CASE WHEN s.paid >= payment_requests.amount_paise THEN 'PAID' WHEN s.paid > 0 THEN 'PARTLY_PAID' ELSE 'OPEN' END
        FROM (SELECT ${paidOf('payment_requests.id')} AS paid) s)`,
    })
    .where('id', '=', requestId)
    .where('status', '!=', 'CANCELLED')
    .execute();
}

/** Who paid whom, for the PAYMENT notices. */
export interface PaymentNotice {
  payeeUnitId: string | null;
  payerUnitId: string | null;
  payeeName: string;
  payerName: string;
  amountPaise: number;
  method: PaymentMethod;
  utr: string | null;
  at: Date;
}

/** PAYMENT notices to both platform sides. */
function paymentNotices(p: PaymentNotice) {
  const how = p.utr ? ` (UTR ${p.utr})` : ` (${p.method.replace('_', ' ').toLowerCase()})`;
  const options = { at: p.at };
  return [
    ...unitNotices([p.payeeUnitId], { type: 'PAYMENT', title: 'Payment received', body: `${p.payerName} paid you ${rupees(p.amountPaise)}${how}.`, link: LINKS.receivePayments }, options),
    ...(p.payerUnitId !== p.payeeUnitId
      ? unitNotices([p.payerUnitId], { type: 'PAYMENT', title: 'Payment made', body: `${rupees(p.amountPaise)} paid to ${p.payeeName}${how} is recorded.`, link: LINKS.makePayments }, options)
      : []),
  ];
}

/** PAYMENT notices to both platform sides of a payment already written (postPayment writes a new one's itself). */
export async function notifyPayment(trx: Transaction<DB>, p: PaymentNotice): Promise<void> {
  const notices = paymentNotices(p);
  if (notices.length) await trx.insertInto('notifications').values(notices).execute();
}
