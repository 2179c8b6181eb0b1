import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  type AddUpiAccount,
  type CreateMemoPayment,
  type CreatePaymentRequest,
  type CreateUpiPayout,
  type PayRequest,
  type PaymentListQuery,
  type PaymentRequestListQuery,
  type RecordPayment,
  upiPayLink,
  type AllocationLine,
  type AllocationPreview,
  type OutstandingSide,
  type PartyDue,
  type PartyDueDetail,
  type PartyDues,
  type Payment,
  type PaymentClaim,
  type PaymentClaimList,
  type PaymentList,
  type RejectClaim,
  type PaymentRequest,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PaymentSummary,
  type PaymentsSummary,
  type QrFormat,
  type UpiAccount,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { DB, PaymentRequestsTable } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import type { DownloadFile } from '../../http/file-reply';
import { qrFile } from '../../pdf/codes';
import { resolveAccounts } from '../ledger/accounts';
import { openItems, type PartyOpenItems } from '../ledger/outstanding';
import { decodeUpload } from '../registration/service';
import { istDate } from '../search/text';
import { addPayoutRow, badVpa, defaultUpi, deletePayoutRow, setDefaultPayoutRow, tradeName, upiAccounts } from './accounts';
import { moneyColumns, payRequest, type MoneyMoved } from './apply';
import { asDuplicatePayment, assertNewPayment, cannot, customPartyHead, findPartyHead, planAllocation, postPayment, rupees } from './posting';
import { claimInfos, claimLine, claimRequest, confirmClaim, rejectClaim, writeClaim } from './claims';
import { assertEntryDate } from '../ledger/dates';

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const OPEN_STATUSES = ['OPEN', 'PARTLY_PAID'] as const;
const requestNotFound = () => new AppError('E0002', 404, 'No such payment request');
const paymentNotFound = () => new AppError('E0002', 404, 'No such payment');
const noUpiAccount = () => new AppError('E0059', 422, 'Add a UPI account first', { upiAccountId: 'Add a UPI account first' });
const SIDE_OF_DIRECTION = { RECEIVED: 'RECEIVABLE', PAID: 'PAYABLE' } as const;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A request's `tr`: short (UPI apps show it), unique (the index refuses a repeat), 'MB' + 10 base32 characters. */
function newReference(): string {
  return `MB${[...randomBytes(10)].map((b) => BASE32[b % 32]).join('')}`;
}

type RequestRow = Selectable<PaymentRequestsTable>;

/** UPI accounts, who owes what, recording payments, payment requests, payouts and memos (issue 15). */
export class PaymentsService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}

  private today() {
    return istDate(this.config.now());
  }

  /** A payment's date: in the range the unit's books allow (ledger/dates.ts, E0022 on paidOn). */
  private inRange(caller: Caller, date: string): Promise<void> {
    return assertEntryDate(this.db, caller.unitId, date, this.config.now(), 'paidOn');
  }

  // ---- UPI accounts ----

  accounts(caller: Caller): Promise<UpiAccount[]> {
    return upiAccounts(this.db, caller.unitId);
  }

  async addAccount(caller: Caller, input: z.output<typeof AddUpiAccount>): Promise<UpiAccount[]> {
    await inTransaction(this.db, (trx) =>
      addPayoutRow(trx, caller.unitId, { kind: 'UPI', accountName: input.accountName, vpa: input.vpa, accountNumber: input.bankAccountNumber || null, ifsc: input.ifsc || null, makeDefault: input.makeDefault }, this.config.now()),
    );
    return this.accounts(caller);
  }

  async setDefaultAccount(caller: Caller, accountId: string): Promise<UpiAccount[]> {
    await inTransaction(this.db, (trx) => setDefaultPayoutRow(trx, caller.unitId, accountId));
    return this.accounts(caller);
  }

  async deleteAccount(caller: Caller, accountId: string): Promise<UpiAccount[]> {
    await inTransaction(this.db, (trx) => deletePayoutRow(trx, caller.unitId, accountId, 'UPI'));
    return this.accounts(caller);
  }

  async accountQr(caller: Caller, accountId: string, format: QrFormat): Promise<DownloadFile> {
    const account = (await this.accounts(caller)).find((a) => a.id === accountId);
    if (!account) throw new AppError('E0002', 404, 'No such UPI account');
    return qrFile(account.upiLink, format, `upi-${account.vpa}`);
  }

  // ---- who owes what ----

  private async openRequestCounts(caller: Caller, side: OutstandingSide): Promise<Map<string, number>> {
    // RECEIVABLE: the caller's requests to each debtor; PAYABLE: the creditors' requests to the caller and its payouts.
    const rows =
      side === 'RECEIVABLE'
        ? await this.db
            .selectFrom('payment_requests')
            .select(['party_account_id as key', (e) => e.fn.countAll<number>().as('n')])
            .where('unit_id', '=', caller.unitId)
            .where('kind', '<>', 'PAYOUT')
            .where('status', 'in', OPEN_STATUSES)
            .where('party_account_id', 'is not', null)
            .groupBy('party_account_id')
            .execute()
        : await this.db
            .selectFrom('payment_requests')
            .select([sql<string>`CASE WHEN kind = 'PAYOUT' THEN party_account_id::text ELSE payee_unit_id::text END`.as('key'), (e) => e.fn.countAll<number>().as('n')])
            .where('payer_unit_id', '=', caller.unitId)
            .where('status', 'in', OPEN_STATUSES)
            .groupBy(sql`1`)
            .execute();
    return new Map(rows.filter((r) => r.key).map((r) => [r.key!, Number(r.n)]));
  }

  private async toPartyDue(p: PartyOpenItems, counts: Map<string, number>): Promise<PartyDue> {
    const payee = p.side === 'PAYABLE' && p.partyUnitId ? await defaultUpi(this.db, p.partyUnitId) : null;
    const countKey = p.side === 'PAYABLE' && p.partyUnitId ? p.partyUnitId : p.accountId;
    const requestCount = (counts.get(countKey) ?? 0) + (p.side === 'PAYABLE' && p.partyUnitId ? (counts.get(p.accountId) ?? 0) : 0);
    return {
      accountId: p.accountId,
      partyName: p.name,
      partyUnitCode: p.partyUnitCode,
      side: p.side,
      amountPaise: p.items.reduce((s, i) => s + i.amountPaise, 0),
      paidPaise: p.items.reduce((s, i) => s + i.settledPaise, 0),
      outstandingPaise: p.balancePaise,
      openCount: p.items.length,
      oldestOpenDate: p.items[0]?.date ?? null,
      openRequestCount: requestCount,
      payee: payee ? { payeeName: payee.payeeName, vpa: payee.vpa, upiLink: upiPayLink({ pa: payee.vpa, pn: payee.payeeName }) } : null,
    };
  }

  async dues(caller: Caller, side: OutstandingSide): Promise<PartyDues> {
    const [parties, counts] = await Promise.all([openItems(this.db, caller.unitId, { asOf: this.today(), side }), this.openRequestCounts(caller, side)]);
    const rows = await Promise.all(parties.map((p) => this.toPartyDue(p, counts)));
    rows.sort((a, b) => b.outstandingPaise - a.outstandingPaise || a.partyName.localeCompare(b.partyName));
    return { side, totalPaise: rows.reduce((s, r) => s + r.outstandingPaise, 0), parties: rows };
  }

  async partyDue(caller: Caller, side: OutstandingSide, accountId: string): Promise<PartyDueDetail> {
    const head = await findPartyHead(this.db, caller.unitId, accountId, side);
    const [party, counts] = await Promise.all([openItems(this.db, caller.unitId, { asOf: this.today(), side, accountId }).then((r) => r[0]!), this.openRequestCounts(caller, side)]);
    const paymentIds = await this.db
      .selectFrom('payment_allocations as a')
      .innerJoin('voucher_lines as l', 'l.voucher_id', 'a.voucher_id')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(['a.payment_id', 'p.paid_on', 'p.created_at'])
      .distinct()
      .where('a.unit_id', '=', caller.unitId)
      .where('l.account_id', '=', accountId)
      .orderBy('p.paid_on', 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('a.payment_id', 'desc')
      .limit(50)
      .execute();
    // Claims of this party not in the books (waiting or rejected, issue 39) are listed first: each side sees them here.
    const claims = head.partyUnitId
      ? await this.db
          .selectFrom('payments as p')
          .innerJoin('payment_claims as c', 'c.payment_id', 'p.id')
          .select('p.id')
          .where('p.status', 'in', ['CLAIMED', 'REJECTED'])
          .where((e) =>
            side === 'PAYABLE'
              ? e.and([e('p.payer_unit_id', '=', caller.unitId), e('p.payee_unit_id', '=', head.partyUnitId)])
              : e.and([e('p.payee_unit_id', '=', caller.unitId), e('p.payer_unit_id', '=', head.partyUnitId)]),
          )
          .orderBy('p.created_at', 'desc')
          .limit(20)
          .execute()
      : [];
    const payments = await this.summaries(caller, [...claims.map((c) => c.id), ...paymentIds.map((p) => p.payment_id)]);
    return { ...(await this.toPartyDue(party, counts)), documents: party.items, unallocatedPaise: party.unallocatedPaise, payments };
  }

  /** The QR of PartyDue.payee: a creditor on the platform, paid to its default UPI account from a phone. */
  async payableQr(caller: Caller, accountId: string, format: QrFormat): Promise<DownloadFile> {
    const head = await findPartyHead(this.db, caller.unitId, accountId, 'PAYABLE');
    const payee = head.partyUnitId ? await defaultUpi(this.db, head.partyUnitId) : null;
    if (!payee) throw new AppError('E0059', 404, `${head.partyName} has no UPI account on Medico B2B`);
    return qrFile(upiPayLink({ pa: payee.vpa, pn: payee.payeeName }), format, `upi-${payee.vpa}`);
  }

  async summary(caller: Caller): Promise<PaymentsSummary> {
    const today = this.today();
    const monthStart = `${today.slice(0, 8)}01`;
    const [receivable, payable, requests, money] = await Promise.all([
      this.dues(caller, 'RECEIVABLE'),
      this.dues(caller, 'PAYABLE'),
      this.db
        .selectFrom('payment_requests')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('unit_id', '=', caller.unitId)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirstOrThrow(),
      sql<{ unmatched: number | string; received: number | string; paid: number | string }>`
        SELECT count(*) FILTER (WHERE status = 'UNMATCHED' AND payee_unit_id = ${caller.unitId}) AS unmatched,
               coalesce(sum(amount_paise) FILTER (WHERE status = 'APPLIED' AND payee_unit_id = ${caller.unitId} AND paid_on >= ${monthStart}::date), 0) AS received,
               coalesce(sum(amount_paise) FILTER (WHERE status = 'APPLIED' AND payer_unit_id = ${caller.unitId} AND paid_on >= ${monthStart}::date), 0) AS paid
        FROM payments WHERE payee_unit_id = ${caller.unitId} OR payer_unit_id = ${caller.unitId}`.execute(this.db),
    ]);
    const m = money.rows[0]!;
    return {
      receivablePaise: receivable.totalPaise,
      payablePaise: payable.totalPaise,
      openRequests: Number(requests.n),
      unmatched: Number(m.unmatched),
      receivedThisMonthPaise: Number(m.received),
      paidThisMonthPaise: Number(m.paid),
    };
  }

  // ---- recording a payment ----

  async preview(caller: Caller, input: z.output<typeof RecordPayment>): Promise<AllocationPreview> {
    const side = SIDE_OF_DIRECTION[input.direction];
    const head = await findPartyHead(this.db, caller.unitId, input.partyAccountId, side);
    const items = (await openItems(this.db, caller.unitId, { asOf: this.today(), side, accountId: head.id }))[0]?.items ?? [];
    const lines = planAllocation(items, side, input.amountPaise, input.allocation, head.partyName);
    return { partyName: head.partyName, amountPaise: input.amountPaise, lines, onAccountPaise: onAccount(lines) };
  }

  async submit(caller: Caller, input: z.output<typeof RecordPayment>): Promise<Payment> {
    await this.inRange(caller, input.paidOn);
    const side = SIDE_OF_DIRECTION[input.direction];
    const role = input.direction === 'RECEIVED' ? 'PAYEE' : 'PAYER';
    const at = this.config.now();
    const money = this.moneyOf(caller, { ...input, note: input.note }, at);
    const id = await inTransaction(this.db, async (trx) => {
      const head = await findPartyHead(trx, caller.unitId, input.partyAccountId, side);
      await assertNewPayment(trx, money);
      const own = await tradeName(trx, caller.unitId);
      const paymentId = randomUUID();
      const payee = role === 'PAYEE' ? { unitId: caller.unitId, name: own } : { unitId: head.partyUnitId, name: head.partyName };
      const payer = role === 'PAYER' ? { unitId: caller.unitId, name: own } : { unitId: head.partyUnitId, name: head.partyName };
      const notice = { payeeUnitId: payee.unitId, payerUnitId: payer.unitId, payeeName: payee.name, payerName: payer.name, amountPaise: money.amountPaise, method: money.method, utr: money.utr, at };
      if (role === 'PAYER' && head.partyUnitId) {
        // Paid to a platform unit: the payer's word, a claim the payee confirms (claims.ts); nothing posted yet.
        const items = (await openItems(trx, caller.unitId, { asOf: this.today(), side, accountId: head.id }))[0]?.items ?? [];
        const lines = planAllocation(items, side, input.amountPaise, input.allocation, head.partyName);
        await trx
          .insertInto('payments')
          .values({ id: paymentId, payee_unit_id: payee.unitId, payer_unit_id: payer.unitId, payee_name: payee.name, payer_name: payer.name, ...moneyColumns(money), request_id: null, status: 'CLAIMED', unmatched_reason: null })
          .execute()
          .catch((error: unknown) => {
            throw asDuplicatePayment(error);
          });
        await writeClaim(trx, {
          paymentId,
          payerHeadId: head.id,
          lines: lines.map((l) => ({ target: l.target === 'SALES_INVOICE' ? 'ON_ACCOUNT' : l.target, documentId: l.documentId, documentNumber: l.documentNumber, amountPaise: l.amountPaise })),
          notice,
        });
        return paymentId;
      }
      await postPayment(trx, {
        paymentId,
        money,
        role,
        head,
        plan: input.allocation,
        ownName: own,
        write: {
          row: {
            id: paymentId,
            payee_unit_id: payee.unitId,
            payer_unit_id: payer.unitId,
            payee_name: payee.name,
            payer_name: payer.name,
            ...moneyColumns(money),
            request_id: null,
            status: 'APPLIED',
            unmatched_reason: null,
          },
          notice,
        },
      });
      return paymentId;
    });
    return this.payment(caller, id);
  }

  // ---- payment claims (issue 39) ----

  /** Payments payers recorded to the caller, waiting for it to confirm them, oldest first. */
  async claims(caller: Caller): Promise<PaymentClaimList> {
    const rows = await this.db
      .selectFrom('payments as p')
      .leftJoin('units as u', 'u.id', 'p.payer_unit_id')
      .select(['p.id', 'p.payer_name', 'u.unit_code', 'p.method', 'p.utr', 'p.cheque_number', 'p.amount_paise', 'p.paid_on', 'p.note', 'p.created_at'])
      .where('p.payee_unit_id', '=', caller.unitId)
      .where('p.status', '=', 'CLAIMED')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    const lines = rows.length ? await this.db.selectFrom('payment_claim_lines').selectAll().where('payment_id', 'in', rows.map((r) => r.id)).orderBy('position').execute() : [];
    const items = rows.map(
      (r): PaymentClaim => ({
        paymentId: r.id,
        payerName: r.payer_name,
        payerUnitCode: r.unit_code,
        method: r.method,
        utr: r.utr,
        chequeNumber: r.cheque_number,
        amountPaise: Number(r.amount_paise),
        paidOn: r.paid_on,
        note: r.note,
        createdAt: new Date(r.created_at).toISOString(),
        lines: lines.filter((l) => l.payment_id === r.id).map(claimLine),
      }),
    );
    return { items, totalPaise: items.reduce((s, i) => s + i.amountPaise, 0) };
  }

  async confirmClaim(caller: Caller, paymentId: string): Promise<Payment> {
    await inTransaction(this.db, (trx) => confirmClaim(trx, { paymentId, payeeUnitId: caller.unitId, how: 'PAYEE', userId: caller.userId, at: this.config.now() }));
    return this.payment(caller, paymentId);
  }

  async rejectClaim(caller: Caller, paymentId: string, input: z.output<typeof RejectClaim>): Promise<Payment> {
    await inTransaction(this.db, (trx) => rejectClaim(trx, { paymentId, payeeUnitId: caller.unitId, reason: input.reason, userId: caller.userId, at: this.config.now() }));
    return this.payment(caller, paymentId);
  }

  private moneyOf(caller: Caller, input: { method: MoneyMoved['method']; utr?: string | undefined; chequeNumber?: string | undefined; amountPaise: number; paidOn: string; note?: string | undefined }, at: Date): MoneyMoved {
    return {
      method: input.method,
      // A UTR belongs to UPI and bank transfers; a cheque number to cheques (the contract's refinement checked them).
      utr: input.method === 'UPI' || input.method === 'BANK_TRANSFER' ? (input.utr ?? null) : null,
      chequeNumber: input.method === 'CHEQUE' ? (input.chequeNumber ?? null) : null,
      amountPaise: input.amountPaise,
      paidOn: input.paidOn,
      provider: 'MANUAL',
      providerPaymentId: null,
      payerVpa: null,
      note: input.note ?? null,
      createdBy: caller.userId,
      at,
    };
  }

  private async summaries(caller: Caller, ids: readonly string[]): Promise<PaymentSummary[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('payments as p')
      .leftJoin('payment_requests as r', 'r.id', 'p.request_id')
      .leftJoin('units as payee', 'payee.id', 'p.payee_unit_id')
      .leftJoin('units as payer', 'payer.id', 'p.payer_unit_id')
      .select([
        'p.id',
        'p.payee_unit_id',
        'p.payee_name',
        'p.payer_name',
        'p.method',
        'p.utr',
        'p.cheque_number',
        'p.amount_paise',
        'p.paid_on',
        'p.provider',
        'p.status',
        'p.created_at',
        'r.reference',
        'payee.unit_code as payee_code',
        'payer.unit_code as payer_code',
        (e) => e.selectFrom('payment_allocations as a').select('a.voucher_number').whereRef('a.payment_id', '=', 'p.id').where('a.unit_id', '=', caller.unitId).limit(1).as('number'),
        (e) => e.exists(e.selectFrom('bank_statement_lines as b').select('b.id').whereRef('b.payment_id', '=', 'p.id').where('b.unit_id', '=', caller.unitId)).as('reconciled'),
      ])
      .where('p.id', 'in', ids)
      .execute();
    const claims = await claimInfos(this.db, ids);
    const byId = new Map(
      rows.map((r) => {
        const received = r.payee_unit_id === caller.unitId;
        const s: PaymentSummary = {
          paymentId: r.id,
          number: r.number ?? null,
          direction: received ? 'RECEIVED' : 'PAID',
          partyName: received ? r.payer_name : r.payee_name,
          partyUnitCode: (received ? r.payer_code : r.payee_code) ?? null,
          method: r.method,
          utr: r.utr,
          chequeNumber: r.cheque_number,
          amountPaise: Number(r.amount_paise),
          paidOn: r.paid_on,
          provider: r.provider,
          status: r.status,
          reconciled: Boolean(r.reconciled),
          requestReference: r.reference ?? null,
          createdAt: new Date(r.created_at).toISOString(),
          claim: claims.get(r.id) ?? null,
        };
        return [r.id, s] as const;
      }),
    );
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** One payment, for its payer or payee unit only (anyone else: E0002). */
  async payment(caller: Caller, paymentId: string): Promise<Payment> {
    const row = await this.db
      .selectFrom('payments')
      .select('id')
      .where('id', '=', paymentId)
      .where((e) => e.or([e('payee_unit_id', '=', caller.unitId), e('payer_unit_id', '=', caller.unitId)]))
      .executeTakeFirst();
    if (!row) throw paymentNotFound();
    const [summary] = await this.summaries(caller, [row.id]);
    const allocations = await this.db.selectFrom('payment_allocations').selectAll().where('payment_id', '=', row.id).where('unit_id', '=', caller.unitId).orderBy('position').execute();
    return {
      ...summary!,
      allocations: allocations.map(
        (a): AllocationLine => ({
          target: a.target,
          documentId: a.document_id,
          documentNumber: a.document_number,
          documentDate: a.document_date,
          duePaise: a.due_paise === null ? null : Number(a.due_paise),
          amountPaise: Number(a.amount_paise),
        }),
      ),
    };
  }

  async payments(caller: Caller, query: z.output<typeof PaymentListQuery>): Promise<PaymentList> {
    const base = this.db
      .selectFrom('payments')
      .where((e) =>
        query.direction === 'RECEIVED'
          ? e('payee_unit_id', '=', caller.unitId)
          : query.direction === 'PAID'
            ? e('payer_unit_id', '=', caller.unitId)
            : e.or([e('payee_unit_id', '=', caller.unitId), e('payer_unit_id', '=', caller.unitId)]),
      )
      .$if(query.from !== undefined, (q) => q.where('paid_on', '>=', query.from!))
      .$if(query.to !== undefined, (q) => q.where('paid_on', '<=', query.to!));
    const [ids, total] = await Promise.all([
      base.select('id').orderBy('paid_on', 'desc').orderBy('created_at', 'desc').orderBy('id').offset(query.page * query.pageSize).limit(query.pageSize).execute(),
      base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await this.summaries(caller, ids.map((r) => r.id)), totalResults: Number(total.n), page: query.page, pageSize: query.pageSize };
  }

  // ---- payment requests ----

  /** The VPA a request asks to be paid to: the chosen UPI account of the caller, else its default. */
  private async payeeVpa(db: Kysely<DB>, caller: Caller, upiAccountId: string | undefined): Promise<string> {
    if (upiAccountId) {
      const row = await db.selectFrom('payout_accounts').select('vpa').where('id', '=', upiAccountId).where('unit_id', '=', caller.unitId).where('kind', '=', 'UPI').executeTakeFirst();
      if (!row?.vpa) throw new AppError('E0059', 422, 'No such UPI account of yours', { upiAccountId: 'Choose one of your UPI accounts' });
      return row.vpa;
    }
    const def = await defaultUpi(db, caller.unitId);
    if (!def) throw noUpiAccount();
    return def.vpa;
  }

  async createRequest(caller: Caller, input: z.output<typeof CreatePaymentRequest>): Promise<PaymentRequest> {
    const at = this.config.now();
    const id = randomUUID();
    await inTransaction(this.db, async (trx) => {
      const head = await findPartyHead(trx, caller.unitId, input.partyAccountId, 'RECEIVABLE');
      const vpa = await this.payeeVpa(trx, caller, input.upiAccountId);
      const invoiceIds = [...new Set(input.invoiceIds)];
      const dues = new Map<string, number>();
      if (invoiceIds.length) {
        const items = (await openItems(trx, caller.unitId, { asOf: istDate(at), side: 'RECEIVABLE', accountId: head.id }))[0]?.items ?? [];
        for (const i of items) if (i.documentType === 'SALES_INVOICE' && i.documentId) dues.set(i.documentId, (dues.get(i.documentId) ?? 0) + i.outstandingPaise);
        const missing = invoiceIds.find((i) => !(dues.get(i)! > 0));
        if (missing) throw new AppError('E0053', 404, `Invoice not found among what ${head.partyName} still owes you`);
      }
      const due = invoiceIds.reduce((s, i) => s + dues.get(i)!, 0);
      if (invoiceIds.length && input.amountPaise !== undefined && input.amountPaise > due) throw cannot(`Only ${rupees(due)} is due on the chosen invoices`);
      const payer = head.partyUnitId ? await trx.selectFrom('units').select('whatsapp_number').where('id', '=', head.partyUnitId).executeTakeFirst() : undefined;
      await trx
        .insertInto('payment_requests')
        .values({
          id,
          reference: newReference(),
          kind: invoiceIds.length ? 'INVOICES' : 'AMOUNT',
          unit_id: caller.unitId,
          payee_unit_id: caller.unitId,
          payer_unit_id: head.partyUnitId,
          party_account_id: head.id,
          payee_name: await tradeName(trx, caller.unitId),
          payee_vpa: vpa,
          payer_name: head.partyName,
          payer_mobile: payer?.whatsapp_number ?? null,
          amount_paise: input.amountPaise ?? due,
          note: input.note || null,
          memo_kind: null,
          memo_number: null,
          memo_date: null,
          image: null,
          image_mime: null,
          status: 'OPEN',
          created_by: caller.userId,
          created_at: at,
        })
        .execute();
      if (invoiceIds.length) await trx.insertInto('payment_request_invoices').values(invoiceIds.map((invoiceId) => ({ request_id: id, invoice_id: invoiceId, amount_paise: dues.get(invoiceId)! }))).execute();
    });
    return this.request(caller, id);
  }

  /** A request the caller may see: it owns it, or is its payee or payer unit. */
  private async visibleRequest(caller: Caller, requestId: string): Promise<RequestRow> {
    const row = await this.db
      .selectFrom('payment_requests')
      .selectAll()
      .where('id', '=', requestId)
      .where((e) => e.or([e('unit_id', '=', caller.unitId), e('payee_unit_id', '=', caller.unitId), e('payer_unit_id', '=', caller.unitId)]))
      .executeTakeFirst();
    if (!row) throw requestNotFound();
    return row;
  }

  private async toRequests(caller: Caller, rows: readonly RequestRow[]): Promise<PaymentRequest[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [invoices, paid] = await Promise.all([
      this.db
        .selectFrom('payment_request_invoices as ri')
        .innerJoin('sales_invoices as i', 'i.id', 'ri.invoice_id')
        .select(['ri.request_id', 'ri.invoice_id', 'ri.amount_paise', 'i.invoice_number', 'i.invoice_date'])
        .where('ri.request_id', 'in', ids)
        .orderBy('i.invoice_date')
        .orderBy('i.invoice_number')
        .execute(),
      this.db
        .selectFrom('payments')
        .select(['request_id', (e) => e.fn.sum<number>('amount_paise').as('paid')])
        .where('request_id', 'in', ids)
        .where('status', '=', 'APPLIED')
        .groupBy('request_id')
        .execute(),
    ]);
    const paidOf = new Map(paid.map((p) => [p.request_id!, Number(p.paid)]));
    return rows.map((r) => {
      const own = invoices.filter((i) => i.request_id === r.id);
      const paidPaise = paidOf.get(r.id) ?? 0;
      const amount = Number(r.amount_paise);
      const tn = requestNote(r, own.map((i) => i.invoice_number));
      const link = requestLink(r, amount - paidPaise, tn);
      const callerSide = r.kind === 'PAYOUT' ? (r.unit_id === caller.unitId ? 'PAYER' : 'PAYEE') : r.unit_id === caller.unitId ? 'PAYEE' : 'PAYER';
      const what = tn ? ` for ${tn}` : '';
      return {
        requestId: r.id,
        reference: r.reference,
        kind: r.kind,
        callerSide,
        payeeName: r.payee_name,
        payeeVpa: r.payee_vpa,
        payeeMobile: r.payee_mobile,
        payerName: r.payer_name,
        payerMobile: r.payer_mobile,
        amountPaise: amount,
        paidPaise,
        status: r.status,
        note: r.note,
        invoices: own.map((i) => ({ invoiceId: i.invoice_id, invoiceNumber: i.invoice_number, invoiceDate: i.invoice_date, amountPaise: Number(i.amount_paise) })),
        memo: r.kind === 'MEMO' ? { kind: r.memo_kind!, number: r.memo_number!, date: r.memo_date!, hasPhoto: r.image !== null } : null,
        hasInvoiceImage: r.kind === 'PAYOUT' && r.image !== null,
        upiLink: link,
        shareText: `${r.payer_name}: please pay ${rupees(Math.max(amount - paidPaise, 0))} to ${r.payee_name}${what}. UPI: ${link}`,
        createdAt: new Date(r.created_at).toISOString(),
      };
    });
  }

  async request(caller: Caller, requestId: string): Promise<PaymentRequestDetail> {
    const row = await this.visibleRequest(caller, requestId);
    const [request] = await this.toRequests(caller, [row]);
    const ids = await this.db.selectFrom('payments').select('id').where('request_id', '=', row.id).orderBy('paid_on').orderBy('created_at').execute();
    return { ...request!, payments: await this.summaries(caller, ids.map((i) => i.id)) };
  }

  async requests(caller: Caller, query: z.output<typeof PaymentRequestListQuery>): Promise<PaymentRequestList> {
    const base = this.db
      .selectFrom('payment_requests')
      .where((e) => (query.side === 'PAYEE' ? e.and([e('unit_id', '=', caller.unitId), e('kind', '<>', 'PAYOUT')]) : e('payer_unit_id', '=', caller.unitId)))
      .$if(query.kind !== undefined, (q) => q.where('kind', '=', query.kind!))
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!));
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(query.page * query.pageSize).limit(query.pageSize).execute(),
      base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await this.toRequests(caller, rows), totalResults: Number(total.n), page: query.page, pageSize: query.pageSize };
  }

  async requestQr(caller: Caller, requestId: string, format: QrFormat): Promise<DownloadFile> {
    const request = await this.request(caller, requestId);
    return qrFile(request.upiLink, format, `upi-${request.reference}`);
  }

  async cancelRequest(caller: Caller, requestId: string): Promise<PaymentRequestDetail> {
    await inTransaction(this.db, async (trx) => {
      const row = await trx.selectFrom('payment_requests').select(['status', 'reference']).where('id', '=', requestId).where('unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
      if (!row) throw requestNotFound();
      if (row.status === 'PAID') throw cannot(`Payment request ${row.reference} is paid: it cannot be cancelled`);
      if (row.status === 'CANCELLED') throw cannot(`Payment request ${row.reference} is already cancelled`);
      await trx.updateTable('payment_requests').set({ status: 'CANCELLED' }).where('id', '=', requestId).execute();
    });
    return this.request(caller, requestId);
  }

  async payRequest(caller: Caller, requestId: string, input: z.output<typeof PayRequest>): Promise<PaymentRequestDetail> {
    const row = await this.visibleRequest(caller, requestId);
    await this.inRange(caller, input.paidOn);
    const money = this.moneyOf(caller, input, this.config.now());
    // The payer paying its payee's request records a claim the payee confirms (issue 39); the payee records money in.
    const claims = row.kind !== 'PAYOUT' && row.payer_unit_id === caller.unitId && row.unit_id !== caller.unitId;
    await inTransaction(this.db, (trx) => (claims ? claimRequest(trx, requestId, caller.unitId, money) : payRequest(trx, requestId, money)));
    return this.request(caller, requestId);
  }

  async requestImage(caller: Caller, requestId: string): Promise<DownloadFile> {
    const row = await this.visibleRequest(caller, requestId);
    if (!row.image || !row.image_mime) throw new AppError('E0056', 404, row.kind === 'MEMO' ? 'This memo has no photo' : 'No image is attached to this payment');
    const ext = row.image_mime.split('/')[1] === 'jpeg' ? 'jpg' : row.image_mime.split('/')[1];
    return { fileName: `${row.reference}.${ext}`, contentType: row.image_mime, body: Buffer.from(row.image) };
  }

  // ---- create UPI payment (payout) and memo-to-payment ----

  async createPayout(caller: Caller, input: z.output<typeof CreateUpiPayout>): Promise<PaymentRequest> {
    const image = input.invoiceImage ? decodeUpload(input.invoiceImage.contentBase64, input.invoiceImage.mimeType, MAX_IMAGE_BYTES) : null;
    const at = this.config.now();
    const id = randomUUID();
    await inTransaction(this.db, async (trx) => {
      // A VPA of a platform unit: the money goes to that unit's creditor head, and it sees the payment too.
      const platform = await trx.selectFrom('payout_accounts').select('unit_id').where('kind', '=', 'UPI').where((e) => e(e.fn('lower', ['vpa']), '=', input.vpa)).executeTakeFirst();
      if (platform?.unit_id === caller.unitId) throw badVpa();
      const headId = platform
        ? (await resolveAccounts(trx, caller.unitId, [{ creditor: platform.unit_id }], at))[0]!
        : await customPartyHead(trx, caller.unitId, input.payeeName, 'PAYABLE', at);
      await trx
        .insertInto('payment_requests')
        .values({
          id,
          reference: newReference(),
          kind: 'PAYOUT',
          unit_id: caller.unitId,
          payee_unit_id: platform?.unit_id ?? null,
          payer_unit_id: caller.unitId,
          party_account_id: headId,
          payee_name: input.payeeName,
          payee_vpa: input.vpa,
          payee_mobile: input.payeeMobile,
          payer_name: await tradeName(trx, caller.unitId),
          payer_mobile: null,
          amount_paise: input.amountPaise,
          note: input.note || null,
          memo_kind: null,
          memo_number: null,
          memo_date: null,
          image,
          image_mime: image ? input.invoiceImage!.mimeType : null,
          status: 'OPEN',
          created_by: caller.userId,
          created_at: at,
        })
        .execute();
    });
    return (await this.request(caller, id)) satisfies PaymentRequest;
  }

  async memos(caller: Caller, query: z.output<typeof PaymentRequestListQuery>): Promise<PaymentRequestList> {
    return this.requests(caller, { ...query, side: 'PAYEE', kind: 'MEMO' });
  }

  async createMemo(caller: Caller, input: z.output<typeof CreateMemoPayment>): Promise<PaymentRequest> {
    const image = input.photo ? decodeUpload(input.photo.contentBase64, input.photo.mimeType, MAX_IMAGE_BYTES) : null;
    const at = this.config.now();
    const id = randomUUID();
    await inTransaction(this.db, async (trx) => {
      const head = input.partyAccountId ? await findPartyHead(trx, caller.unitId, input.partyAccountId, 'RECEIVABLE') : null;
      const vpa = await this.payeeVpa(trx, caller, undefined);
      const taken = await trx
        .selectFrom('payment_requests')
        .select('id')
        .where('unit_id', '=', caller.unitId)
        .where('kind', '=', 'MEMO')
        .where((e) => e(e.fn('upper', ['memo_number']), '=', input.memoNumber.toUpperCase()))
        .executeTakeFirst();
      if (taken) throw new AppError('E0009', 409, `Memo ${input.memoNumber} is already entered`, { memoNumber: 'Already entered' });
      await trx
        .insertInto('payment_requests')
        .values({
          id,
          reference: newReference(),
          kind: 'MEMO',
          unit_id: caller.unitId,
          payee_unit_id: caller.unitId,
          payer_unit_id: head?.partyUnitId ?? null,
          party_account_id: head?.id ?? null,
          payee_name: await tradeName(trx, caller.unitId),
          payee_vpa: vpa,
          payer_name: input.partyName,
          payer_mobile: input.partyMobile,
          amount_paise: input.amountPaise,
          note: null,
          memo_kind: input.kind,
          memo_number: input.memoNumber,
          memo_date: input.memoDate,
          image,
          image_mime: image ? input.photo!.mimeType : null,
          status: 'OPEN',
          created_by: caller.userId,
          created_at: at,
        })
        .execute()
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') throw new AppError('E0009', 409, `Memo ${input.memoNumber} is already entered`, { memoNumber: 'Already entered' });
          throw error;
        });
    });
    return this.request(caller, id);
  }
}

const onAccount = (lines: readonly AllocationLine[]) => lines.filter((l) => l.target === 'ON_ACCOUNT').reduce((s, l) => s + l.amountPaise, 0);

const MEMO_LABEL = { DELIVERY_MEMO: 'Delivery memo', CREDIT_MEMO: 'Credit memo' } as const;

/** The `tn` a request shows the payer: its note, else the invoice numbers, else the memo. */
function requestNote(r: Pick<RequestRow, 'note' | 'kind' | 'memo_kind' | 'memo_number'>, invoiceNumbers: readonly string[]): string | null {
  if (r.note) return r.note;
  if (invoiceNumbers.length) return invoiceNumbers.join(', ');
  if (r.kind === 'MEMO' && r.memo_kind && r.memo_number) return `${MEMO_LABEL[r.memo_kind]} ${r.memo_number}`;
  return null;
}

/** The dynamic link: what is still due (none once paid), the note and the reference. */
function requestLink(r: Pick<RequestRow, 'payee_vpa' | 'payee_name' | 'reference'>, duePaise: number, tn: string | null): string {
  return upiPayLink({ pa: r.payee_vpa, pn: r.payee_name, amountPaise: duePaise > 0 ? duePaise : null, tn, tr: r.reference });
}

