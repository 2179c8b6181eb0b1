import { randomInt, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  BOOKS_PATHS,
  PAYMENTS_PATHS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type GatewayEvent,
  type OutstandingReport,
  type Payment,
  type StatementImportResult,
  type UnmatchedPayments,
  type WebhookAck,
} from 'shared-api';
import { sql } from 'kysely';
import { signWebhook } from '../src/modules/reconciliation/gateway';
import { nextDocumentNumber } from '../src/modules/ledger/numbering';
import { ReconciliationService } from '../src/modules/reconciliation/service';
import { booksWorld, buyAndReceive, type BooksWorld } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { buildApp } from '../src/app';
import { body, build, testConfig, type TestContext } from './helpers';

/*
 * The gateway webhook (signed, idempotent, out-of-order safe), the queue of unmatched money and the bank statement
 * import, against the real app. Agarwal (the demo stockist; here also UPI ID agarwal@okhdfc) invoices Sharma (the demo
 * retailer) and asks to be paid through a payment request whose reference (tr) the gateway echoes back.
 */

const SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const PAYEE_VPA = 'agarwal@okhdfc';
const REFERENCE = 'PR-TEST-0001';

const utr = () => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));

interface World extends BooksWorld {
  stockistUnit: string;
  requestId: string;
  invoiceTotal: number;
  debtorHead: string;
}

async function world(t: TestContext): Promise<World> {
  const w = await booksWorld(t);
  await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1000 });
  const stockistUnit = await unitId(t.db, 'STK-PUN-001');
  const at = t.clock.now();
  await t.db.insertInto('payout_accounts').values({ id: randomUUID(), unit_id: stockistUnit, kind: 'UPI', account_name: 'Agarwal Pharma (second UPI ID)', vpa: PAYEE_VPA, is_default: false, created_at: at }).execute();
  const invoice = await t.db.selectFrom('sales_invoices').select(['id', 'total_paise']).where('unit_id', '=', stockistUnit).executeTakeFirstOrThrow();
  const debtor = await t.db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', stockistUnit).where('code', '=', `DEBTOR:${w.retailerUnit}`).executeTakeFirstOrThrow();
  const requestId = randomUUID();
  await t.db
    .insertInto('payment_requests')
    .values({
      id: requestId,
      reference: REFERENCE,
      kind: 'INVOICES',
      unit_id: stockistUnit,
      payee_unit_id: stockistUnit,
      payer_unit_id: w.retailerUnit,
      party_account_id: debtor.id,
      payee_name: 'Agarwal Pharma Distributors',
      payee_vpa: PAYEE_VPA,
      payer_name: 'Sharma Medical Stores',
      payer_mobile: null,
      amount_paise: Number(invoice.total_paise),
      note: null,
      memo_kind: null,
      memo_number: null,
      memo_date: null,
      image: null,
      image_mime: null,
      status: 'OPEN',
      created_by: null,
      created_at: at,
    })
    .execute();
  await t.db.insertInto('payment_request_invoices').values({ request_id: requestId, invoice_id: invoice.id, amount_paise: Number(invoice.total_paise) }).execute();
  return { ...w, stockistUnit, requestId, invoiceTotal: Number(invoice.total_paise), debtorHead: debtor.id };
}

function event(t: TestContext, e: Partial<GatewayEvent> = {}): GatewayEvent {
  return {
    eventId: `evt_${randomUUID()}`,
    type: 'payment.captured',
    paymentId: `pay_${randomUUID()}`,
    amountPaise: 5000,
    currency: 'INR',
    reference: REFERENCE,
    utr: utr(),
    payeeVpa: PAYEE_VPA,
    payerVpa: 'sharma@okaxis',
    payerName: 'Sharma Medical Stores',
    occurredAt: t.clock.now().toISOString(),
    ...e,
  };
}

interface SendOptions {
  secret?: string;
  timestamp?: number;
  /** Changes the body after it was signed. */
  tamper?: (raw: string) => string;
  headers?: Record<string, string>;
  provider?: string;
}

async function send(t: TestContext, e: GatewayEvent | string, o: SendOptions = {}) {
  const raw = typeof e === 'string' ? e : JSON.stringify(e);
  const timestamp = String(o.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
  const signed = { [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(o.secret ?? SECRET, timestamp, raw) };
  return t.app.inject({
    method: 'POST',
    url: PAYMENTS_PATHS.webhook(o.provider ?? 'gateway'),
    headers: { 'content-type': 'application/json', ...(o.headers ?? signed) },
    payload: o.tamper ? o.tamper(raw) : raw,
  });
}

async function delivered(t: TestContext, e: GatewayEvent): Promise<WebhookAck> {
  const res = await send(t, e);
  expect(res.statusCode).toBe(200);
  return body<WebhookAck>(res);
}

async function outstanding(w: World): Promise<number> {
  const report = body<OutstandingReport>(await w.stockist.get(BOOKS_PATHS.outstanding, { side: 'RECEIVABLE' }));
  return report.parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')?.outstandingPaise ?? 0;
}

const paymentsOf = (t: TestContext, providerPaymentId: string) => t.db.selectFrom('payments').selectAll().where('provider_payment_id', '=', providerPaymentId).execute();
/** How many transactions recorded these events (rows written by one transaction share its xmin). */
const transactionsOf = async (t: TestContext, events: GatewayEvent[]) =>
  new Set(
    (
      await t.db
        .selectFrom('gateway_events')
        .select(sql<string>`xmin::text`.as('xmin'))
        .where('event_id', 'in', events.map((e) => e.eventId))
        .execute()
    ).map((r) => r.xmin),
  ).size;
const gatewayEventCount = async (t: TestContext) => Number((await t.db.selectFrom('gateway_events').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const t = build({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });

describe('payment gateway webhook', () => {
  it('applies a signed event to its request: the stockist is paid and the retailer owes less', async () => {
    const w = await world(t);
    expect(await outstanding(w)).toBe(w.invoiceTotal);
    const e = event(t, { amountPaise: 5000 });
    const ack = await delivered(t, e);
    expect(ack.outcome).toBe('APPLIED');
    const [payment] = await paymentsOf(t, e.paymentId);
    expect(payment).toMatchObject({ id: ack.paymentId, status: 'APPLIED', provider: 'GATEWAY', utr: e.utr, payer_vpa: 'sharma@okaxis', request_id: w.requestId, payee_unit_id: w.stockistUnit, payer_unit_id: w.retailerUnit });
    expect(await outstanding(w)).toBe(w.invoiceTotal - 5000);
    const request = await t.db.selectFrom('payment_requests').select('status').where('id', '=', w.requestId).executeTakeFirstOrThrow();
    expect(request.status).toBe('PARTLY_PAID');
    const recorded = await t.db.selectFrom('gateway_events').selectAll().where('event_id', '=', e.eventId).executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ provider: 'gateway', outcome: 'APPLIED', payment_id: ack.paymentId, provider_payment_id: e.paymentId });
  });

  it('refuses a tampered body, a wrong or missing signature, a replay and another gateway', async () => {
    const w = await world(t);
    const e = event(t);
    const tampered = await send(t, e, { tamper: (raw) => raw.replace('"amountPaise":5000', '"amountPaise":500000') });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ type: 'error', code: 'E0040' });

    const wrongKey = await send(t, e, { secret: 'someone-else-0123456789abcdef0123456789' });
    expect(wrongKey.statusCode).toBe(401);
    const unsigned = await send(t, e, { headers: {} });
    expect(unsigned.statusCode).toBe(401);
    const garbage = await send(t, e, { headers: { [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(t.clock.now().getTime() / 1000)), [WEBHOOK_SIGNATURE_HEADER]: 'zz' } });
    expect(garbage.statusCode).toBe(401);

    // Correctly signed, but signed too long ago (or ahead): a replay.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const stale = await send(t, e, { timestamp: now - 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/too old/);
    expect((await send(t, e, { timestamp: now + 301 })).statusCode).toBe(401);
    // An old capture replayed with a fresh signature needs the secret: here the earlier one is simply not taken.
    t.clock.advance(400);
    const signedEarlier = await send(t, e, { timestamp: now });
    expect(signedEarlier.statusCode).toBe(401);

    const otherGateway = await send(t, e, { provider: 'razorpay' });
    expect(otherGateway.statusCode).toBe(404);

    expect(await gatewayEventCount(t)).toBe(0);
    expect(await paymentsOf(t, e.paymentId)).toHaveLength(0);
    expect(await outstanding(w)).toBe(w.invoiceTotal);
  });

  it('refuses a signed body that is not a gateway event (400 E0001)', async () => {
    await world(t);
    const notJson = await send(t, '{"eventId": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'E0001' });
    const wrongShape = await send(t, JSON.stringify({ ...event(t), currency: 'USD' }));
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toMatch(/currency/);
  });

  it('takes an event delivered twice once, and two events of one payment as one payment', async () => {
    const w = await world(t);
    const e = event(t, { amountPaise: 7000 });
    const first = await delivered(t, e);
    const again = await delivered(t, e);
    expect(first.outcome).toBe('APPLIED');
    expect(again).toEqual({ outcome: 'DUPLICATE', paymentId: first.paymentId });

    // The gateway's second event (another id) about the same captured payment.
    const twin = await delivered(t, { ...e, eventId: `evt_${randomUUID()}` });
    expect(twin).toEqual({ outcome: 'DUPLICATE', paymentId: first.paymentId });
    expect(await paymentsOf(t, e.paymentId)).toHaveLength(1);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 7000);

    // Another payment id carrying a UTR already recorded is the same money.
    const sameUtr = await delivered(t, event(t, { utr: e.utr, amountPaise: 7000 }));
    expect(sameUtr).toEqual({ outcome: 'DUPLICATE', paymentId: first.paymentId });
    expect(await outstanding(w)).toBe(w.invoiceTotal - 7000);
  });

  it('applies concurrent deliveries of one event exactly once', async () => {
    const w = await world(t);
    const e = event(t, { amountPaise: 3000 });
    const acks = await Promise.all(Array.from({ length: 8 }, () => send(t, e)));
    const outcomes = acks.map((r) => body<WebhookAck>(r).outcome).sort();
    expect(outcomes.filter((o) => o === 'APPLIED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DUPLICATE')).toHaveLength(7);
    expect(await paymentsOf(t, e.paymentId)).toHaveLength(1);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 3000);
  });

  it('applies events that arrive together in one transaction, a redelivery among them once', async () => {
    const w = await world(t);
    const service = new ReconciliationService(t.db, t.config);
    const [first, second, third] = [event(t, { amountPaise: 1000 }), event(t, { amountPaise: 1500 }), event(t, { amountPaise: 2000 })];
    // The first starts the payee's lane; the rest arrive while it runs and are applied together after it.
    const acks = await Promise.all([first, second, third, second].map((e) => service.applyEvent(e)));
    expect(acks.map((a) => a.outcome)).toEqual(['APPLIED', 'APPLIED', 'APPLIED', 'DUPLICATE']);
    expect(acks[3]!.paymentId).toBe(acks[1]!.paymentId);
    expect(await transactionsOf(t, [second, third])).toBe(1);
    expect(await gatewayEventCount(t)).toBe(3);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 4500);
  });

  it('applies each event of a batch on its own when one is refused: nothing lost, the refused one queued', async () => {
    const w = await world(t);
    const service = new ReconciliationService(t.db, t.config);
    expect((await service.applyEvent(event(t, { amountPaise: 1000 }))).outcome).toBe('APPLIED');
    // Within the request's amount, so it is tried, but more than is still due: payRequest refuses it (E0010).
    const tooMuch = event(t, { amountPaise: w.invoiceTotal - 500 });
    const batch = [event(t, { amountPaise: 2000 }), tooMuch, event(t, { amountPaise: 3000 })];
    const acks = await Promise.all([event(t, { amountPaise: 100 }), ...batch].map((e) => service.applyEvent(e)));
    expect(acks.map((a) => a.outcome)).toEqual(['APPLIED', 'APPLIED', 'QUEUED', 'APPLIED']);
    expect(await transactionsOf(t, batch)).toBe(3);
    expect((await paymentsOf(t, tooMuch.paymentId))[0]).toMatchObject({ status: 'UNMATCHED', unmatched_reason: 'AMOUNT_MISMATCH' });
    expect(await outstanding(w)).toBe(w.invoiceTotal - 1000 - 100 - 2000 - 3000);
  });

  // Needs a second connection: PGlite runs one session, so the held lock would hold back every other query.
  (process.env.DATABASE_URL ? it : it.skip)("applies a batch's events one at a time when it cannot have a lock in time", async () => {
    const w = await world(t);
    const service = new ReconciliationService(t.db, t.config);
    // Another transaction (a person recording a receipt) holds the payee's receipt counter for a while.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const person = t.db.transaction().execute(async (trx) => {
      await nextDocumentNumber(trx, w.stockistUnit, 'RCT', t.clock.now().toISOString().slice(0, 10));
      held();
      await released;
    });
    await isHeld;
    // The first (queued: no receipt, so no counter) runs alone; the two captures then wait in the lane as one batch.
    const batch = [event(t, { amountPaise: 1000 }), event(t, { amountPaise: 2000 })];
    const acks = Promise.all([event(t, { reference: 'PR-NOPE-1' }), ...batch].map((e) => service.applyEvent(e)));
    setTimeout(release, 600);
    await person;
    expect((await acks).map((a) => a.outcome)).toEqual(['QUEUED', 'APPLIED', 'APPLIED']);
    // The batch gave up waiting and rolled back; each was applied in a transaction of its own once the lock was free.
    expect(await transactionsOf(t, batch)).toBe(2);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 3000);
  });

  it('ignores a failure that arrives after the capture, and applies a capture that follows a failure', async () => {
    const w = await world(t);
    const captured = event(t, { amountPaise: 4000 });
    const failedEarlier = { ...captured, eventId: `evt_${randomUUID()}`, type: 'payment.failed' as const, occurredAt: new Date(t.clock.now().getTime() - 60_000).toISOString() };
    expect((await delivered(t, captured)).outcome).toBe('APPLIED');
    const late = await delivered(t, failedEarlier);
    expect(late).toEqual({ outcome: 'IGNORED', paymentId: (await paymentsOf(t, captured.paymentId))[0]!.id });
    expect((await paymentsOf(t, captured.paymentId))[0]!.status).toBe('APPLIED');

    // An attempt that failed, then the payer tried again and the same payment was captured.
    const retry = event(t, { amountPaise: 2500 });
    const failed = await delivered(t, { ...retry, eventId: `evt_${randomUUID()}`, type: 'payment.failed' });
    expect(failed).toEqual({ outcome: 'IGNORED', paymentId: null });
    t.clock.advance(30);
    const thenCaptured = await delivered(t, { ...retry, occurredAt: t.clock.now().toISOString() });
    expect(thenCaptured.outcome).toBe('APPLIED');
    expect(await paymentsOf(t, retry.paymentId)).toHaveLength(1);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 4000 - 2500);
    const outcomes = await t.db.selectFrom('gateway_events').select(['type', 'outcome']).orderBy('received_at').orderBy('type').execute();
    expect(outcomes.filter((o) => o.outcome === 'IGNORED')).toHaveLength(2);
  });

  it('queues money with an unknown, missing or closed reference, or more than is due; ignores an unknown payee', async () => {
    const w = await world(t);
    const unknown = await delivered(t, event(t, { reference: 'PR-NOPE-9', amountPaise: 1200 }));
    expect(unknown.outcome).toBe('QUEUED');
    // The queue is oldest first.
    t.clock.advance(1);
    const none = await delivered(t, event(t, { reference: null, amountPaise: 1300, payerName: null }));
    expect(none.outcome).toBe('QUEUED');
    t.clock.advance(1);
    const over = await delivered(t, event(t, { amountPaise: w.invoiceTotal + 1 }));
    expect(over.outcome).toBe('QUEUED');
    const stranger = await delivered(t, event(t, { payeeVpa: 'nobody@okicici' }));
    expect(stranger).toEqual({ outcome: 'IGNORED', paymentId: null });

    // Paid in full, the request is closed: a further payment on it waits for a person.
    expect((await delivered(t, event(t, { amountPaise: w.invoiceTotal }))).outcome).toBe('APPLIED');
    t.clock.advance(1);
    const closed = await delivered(t, event(t, { amountPaise: 100 }));
    expect(closed.outcome).toBe('QUEUED');

    const queue = body<UnmatchedPayments>(await w.stockist.get(PAYMENTS_PATHS.unmatched));
    expect(queue.items.map((i) => [i.paymentId, i.reason, i.reference])).toEqual([
      [unknown.paymentId, 'UNKNOWN_REFERENCE', 'PR-NOPE-9'],
      [none.paymentId, 'NO_REFERENCE', null],
      [over.paymentId, 'AMOUNT_MISMATCH', REFERENCE],
      [closed.paymentId, 'REQUEST_CLOSED', REFERENCE],
    ]);
    expect(queue.items[1]).toMatchObject({ provider: 'GATEWAY', payerName: 'sharma@okaxis', amountPaise: 1300 });
    expect(queue.totalPaise).toBe(1200 + 1300 + w.invoiceTotal + 1 + 100);
    // Queued money is not in the books yet: only the full payment counted.
    expect(await outstanding(w)).toBe(0);
    // Only the payee sees its queue.
    expect(body<UnmatchedPayments>(await w.retailer.get(PAYMENTS_PATHS.unmatched)).items).toEqual([]);
  });

  it('allocates queued money to the debtor a person names: applied, and gone from the queue', async () => {
    const w = await world(t);
    const queued = await delivered(t, event(t, { reference: 'PR-TYPO', amountPaise: 6000 }));
    expect(queued.outcome).toBe('QUEUED');
    const paymentId = queued.paymentId!;

    const stranger = await w.retailer.post(PAYMENTS_PATHS.allocateUnmatched(paymentId), { partyAccountId: w.debtorHead });
    expect(stranger.statusCode).toBe(404);

    const res = await w.stockist.post(PAYMENTS_PATHS.allocateUnmatched(paymentId), { partyAccountId: w.debtorHead, allocation: { mode: 'OLDEST_FIRST' } });
    expect(res.statusCode).toBe(200);
    expect(body<Payment>(res)).toMatchObject({ paymentId, status: 'APPLIED', provider: 'GATEWAY', direction: 'RECEIVED', amountPaise: 6000, partyUnitCode: 'RTL-MUM-001' });
    expect(body<Payment>(res).allocations.reduce((sum, a) => sum + a.amountPaise, 0)).toBe(6000);
    const payment = await t.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'APPLIED', unmatched_reason: null, payer_unit_id: w.retailerUnit });
    expect(body<UnmatchedPayments>(await w.stockist.get(PAYMENTS_PATHS.unmatched)).items).toEqual([]);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 6000);

    const twice = await w.stockist.post(PAYMENTS_PATHS.allocateUnmatched(paymentId), { partyAccountId: w.debtorHead });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses every event without a secret (fail closed, 503 so the gateway retries once it is configured)', async () => {
    const unconfigured = await buildApp(testConfig(t.clock), { db: t.db });
    try {
      const e = event(t);
      const res = await send({ ...t, app: unconfigured }, e);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ type: 'error', code: 'E0041' });
      expect(await gatewayEventCount(t)).toBe(0);
    } finally {
      await unconfigured.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');

async function upload(w: World, fileName: string, content: Buffer | string, path: string = PAYMENTS_PATHS.statementImport) {
  return w.stockist.post(path, { fileName, contentBase64: Buffer.from(content).toString('base64') });
}

/** What a statement import wrote for the stockist: its lines, queued payments, contra vouchers and file hashes. */
async function statementWrites(t: TestContext, unit: string) {
  const count = async (table: 'bank_statement_lines' | 'bank_statement_imports') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('unit_id', '=', unit).executeTakeFirstOrThrow()).n);
  const queued = await t.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('payee_unit_id', '=', unit).where('provider', '=', 'STATEMENT').executeTakeFirstOrThrow();
  return { lines: await count('bank_statement_lines'), imports: await count('bank_statement_imports'), queued: Number(queued.n), contras: (await contraVouchers(t, unit)).length / 2 };
}

const NOTHING = { lines: 0, imports: 0, queued: 0, contras: 0 };
const HEADER = ['Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
/** n deposits of ₹1 … ₹n by UPI, each with its own UTR: all QUEUED on a first import. */
const deposits = (n: number, narration = (i: number) => `UPI/${900_000_000_000 + i}/PAYER ${i}/payer${i}@okaxis`) =>
  Array.from({ length: n }, (_, i) => ['22/11/26', narration(i), String(900_000_000_000 + i), '', `${i + 1}.00`, '']);

const contraVouchers = (t: TestContext, unit: string) =>
  t.db
    .selectFrom('vouchers as v')
    .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['v.id', 'a.code', 'l.debit_paise', 'l.credit_paise', 'v.voucher_date'])
    .where('v.unit_id', '=', unit)
    .where('v.kind', '=', 'CONTRA')
    .orderBy('v.id')
    .orderBy('l.position')
    .execute();

describe('bank statement import', () => {
  it('matches a CSV statement by UTR and amount (contra voucher), queues unknown credits, and takes a re-import as duplicates', async () => {
    const w = await world(t);
    const paid = event(t, { amountPaise: 8000 });
    expect((await delivered(t, paid)).outcome).toBe('APPLIED');
    const strangerUtr = utr();
    const outUtr = utr();
    const file = csv([
      ['Agarwal Pharma Distributors - Statement of account'],
      ['Account No: 50100012345678', 'Period: 01/11/2026 to 30/11/2026'],
      [],
      ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['22/11/26', `UPI/${paid.utr}/Sharma Medical/sharma@okaxis`, '', '22/11/26', '', '80.00', '1,080.00'],
      ['22-11-2026', `UPI-RAVI MEDICOS-ravi@oksbi-SBIN0001234-${strangerUtr}-PAYMENT`, `0000${strangerUtr}`, '22/11/26', '', '1,234.50', '2,314.50'],
      ['23-Nov-26', 'NEFT DR-HDFC0000001-SUPPLIER', outUtr, '23/11/26', '500.00', '', '1,814.50'],
      ['2026-11-23', 'CASH DEPOSIT BY SELF', '', '23/11/26', '', '100.00', '1,914.50'],
      ['', 'Closing balance', '', '', '', '', '1,914.50'],
    ]);
    const res = await upload(w, 'statement-nov.csv', file);
    expect(res.statusCode).toBe(200);
    const result = body<StatementImportResult>(res);
    expect(result.lines.map((l) => [l.row, l.date, l.utr, l.amountPaise, l.outcome])).toEqual([
      [5, '2026-11-22', paid.utr, 8000, 'MATCHED'],
      [6, '2026-11-22', strangerUtr, 123450, 'QUEUED'],
      [7, '2026-11-23', outUtr, -50000, 'UNMATCHED'],
      [8, '2026-11-23', null, 10000, 'SKIPPED'],
    ]);
    expect(result.counts).toEqual({ MATCHED: 1, QUEUED: 1, DUPLICATE: 0, UNMATCHED: 1, SKIPPED: 1 });
    const matchedPayment = (await paymentsOf(t, paid.paymentId))[0]!;
    expect(result.lines[0]!.paymentId).toBe(matchedPayment.id);

    // The money moved from UPI Clearing to the bank.
    const contra = await contraVouchers(t, w.stockistUnit);
    expect(contra.map((l) => [l.code, l.debit_paise, l.credit_paise, l.voucher_date])).toEqual([
      ['BANK', 8000, 0, '2026-11-22'],
      ['UPI_CLEARING', 0, 8000, '2026-11-22'],
    ]);

    // Money in nobody recorded waits in the queue, named from the narration.
    const queue = body<UnmatchedPayments>(await w.stockist.get(PAYMENTS_PATHS.unmatched));
    expect(queue.items).toEqual([
      expect.objectContaining({ paymentId: result.lines[1]!.paymentId, provider: 'STATEMENT', reason: 'STATEMENT', utr: strangerUtr, amountPaise: 123450, payerName: 'RAVI MEDICOS', payerVpa: 'ravi@oksbi', paidOn: '2026-11-22' }),
    ]);

    // The statement exported again (other bytes: the bank's footer) is read, and each line seen before is a duplicate.
    const again = body<StatementImportResult>(await upload(w, 'statement-nov-again.csv', `${file}\r\nGenerated on 30/11/2026`));
    expect(again.lines.map((l) => l.outcome)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'SKIPPED']);
    expect(await contraVouchers(t, w.stockistUnit)).toHaveLength(2);
    expect(body<UnmatchedPayments>(await w.stockist.get(PAYMENTS_PATHS.unmatched)).items).toHaveLength(1);
    const stored = await t.db.selectFrom('bank_statement_lines').select('outcome').where('unit_id', '=', w.stockistUnit).execute();
    expect(stored.map((s) => s.outcome).sort()).toEqual(['MATCHED', 'QUEUED', 'UNMATCHED']);

    // Allocating the statement's queued UPI money books the receipt and the contra it was waiting for.
    const allocated = await w.stockist.post(PAYMENTS_PATHS.allocateUnmatched(result.lines[1]!.paymentId!), { partyAccountId: w.debtorHead });
    expect(allocated.statusCode).toBe(200);
    const contraAfter = await contraVouchers(t, w.stockistUnit);
    expect(contraAfter.filter((l) => l.code === 'BANK').map((l) => l.debit_paise).sort((a, b) => a - b)).toEqual([8000, 123450]);
    expect(await outstanding(w)).toBe(w.invoiceTotal - 8000 - 123450);
  });

  it('matches an XLSX statement (title rows, date cells, one amount with Cr/Dr, zero-padded references)', async () => {
    const w = await world(t);
    const paid = event(t, { amountPaise: 10045 });
    expect((await delivered(t, paid)).outcome).toBe('APPLIED');
    const unknownUtr = utr();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['STATE BANK OF INDIA']);
    sheet.addRow(['Account Statement from 1 Nov 2026 to 30 Nov 2026']);
    sheet.addRow(['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Amount', 'Cr/Dr', 'Balance']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 22)), new Date(Date.UTC(2026, 10, 22)), `UPI/CR/${paid.utr}/SHARMA MEDICAL/UTIB/sharma@okaxis/Pay`, `0000${paid.utr}`, 100.45, 'CR', 5000]);
    sheet.addRow([new Date(Date.UTC(2026, 10, 23)), new Date(Date.UTC(2026, 10, 23)), `UPI/CR/${unknownUtr}/WALK IN/ybl/walkin@ybl`, Number(unknownUtr), 99, 'CR', 5099]);
    sheet.getColumn(1).numFmt = 'dd-mmm-yy';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(w, 'sbi.xlsx', bytes);
    // The answer's text with the status: this once failed with a bare 400 in a loaded run (not reproduced since).
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    const result = body<StatementImportResult>(res);
    expect(result.lines.map((l) => [l.row, l.date, l.utr, l.amountPaise, l.outcome])).toEqual([
      [4, '2026-11-22', paid.utr, 10045, 'MATCHED'],
      [5, '2026-11-23', unknownUtr, 9900, 'QUEUED'],
    ]);
    expect((await contraVouchers(t, w.stockistUnit)).map((l) => [l.code, l.debit_paise, l.credit_paise])).toEqual([
      ['BANK', 10045, 0],
      ['UPI_CLEARING', 0, 10045],
    ]);
    const again = await upload(w, 'sbi.xlsx', bytes);
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0009']);
  });

  it('refuses a statement beyond 5,000 lines or 4 MB whole with E0020 naming the limit, writing nothing; 5,000 lines import', async () => {
    const w = await world(t);
    const tooLong = await upload(w, 'year.csv', csv([HEADER, ...deposits(5001)]));
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([413, 'E0020']);
    expect(tooLong.json().message).toBe('The statement has 5,001 lines; at most 5,000 are imported at once: export it from your bank a month or a quarter at a time');
    const tooBig = await upload(w, 'big.csv', csv([HEADER, ...deposits(3, () => `UPI/${'X'.repeat(1_500_000)}`)]));
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([413, 'E0020']);
    expect(tooBig.json().message).toMatch(/^The file is 4\.3 MB; a bank statement may be at most 4 MB/);
    expect((await upload(w, 'year.csv', csv([HEADER, ...deposits(5001)]), PAYMENTS_PATHS.statementPreview)).statusCode).toBe(413);
    expect(await statementWrites(t, w.stockistUnit)).toEqual(NOTHING);

    // The limit itself imports (timed in api/README.md, Bank statements; not asserted here).
    const full = await upload(w, 'year.csv', csv([HEADER, ...deposits(5000)]));
    expect(full.statusCode).toBe(200);
    expect(body<StatementImportResult>(full).counts).toEqual({ MATCHED: 0, QUEUED: 5000, DUPLICATE: 0, UNMATCHED: 0, SKIPPED: 0 });
    expect(await statementWrites(t, w.stockistUnit)).toEqual({ lines: 5000, imports: 1, queued: 5000, contras: 0 });
  });

  it('refuses the same statement file twice with E0009 saying when it was imported (preview too)', async () => {
    const w = await world(t);
    const paid = event(t, { amountPaise: 8000 });
    expect((await delivered(t, paid)).outcome).toBe('APPLIED');
    const file = csv([HEADER, ['22/11/26', `UPI/${paid.utr}/Sharma Medical/sharma@okaxis`, '', '', '80.00', ''], ...deposits(2)]);
    const importedAt = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(t.clock.now());
    expect(importedAt).toMatch(/^22 Nov 2026, 10:\d\d am$/);
    expect((await upload(w, 'nov.csv', file)).statusCode).toBe(200);
    const writes = await statementWrites(t, w.stockistUnit);
    expect(writes).toEqual({ lines: 3, imports: 1, queued: 2, contras: 1 });
    t.clock.advance(300);
    for (const path of [PAYMENTS_PATHS.statementImport, PAYMENTS_PATHS.statementPreview]) {
      const again = await upload(w, 'nov (1).csv', file, path);
      expect([again.statusCode, again.json().code]).toEqual([409, 'E0009']);
      expect(again.json().message).toBe(`This statement was already imported on ${importedAt} (nov.csv): its lines are in your books`);
    }
    expect(await statementWrites(t, w.stockistUnit)).toEqual(writes);
  });

  it('rejects negative, unreadable and absurd amounts as row errors on the preview and the import, never importing them', async () => {
    const w = await world(t);
    const [good, ...bad] = [utr(), utr(), utr(), utr(), utr(), utr(), utr()];
    const file = csv([
      HEADER,
      ['22/11/26', `UPI/${good}/RAVI MEDICOS/ravi@oksbi`, good, '', '12.00', ''],
      ['22/11/26', `UPI/${bad[0]}/REVERSAL/x@oksbi`, bad[0]!, '', '-5.00', ''],
      ['22/11/26', `UPI/${bad[1]}/BIG/y@oksbi`, bad[1]!, '', '99999999999999999999.99', ''],
      ['22/11/26', `UPI/${bad[2]}/TEXT/z@oksbi`, bad[2]!, '', 'five', ''],
      ['22/11/26', `NEFT/${bad[3]}/SUPPLIER`, bad[3]!, '-250.00', '', ''],
      ['22/11/26', `UPI/${bad[4]}/BOTH/w@oksbi`, bad[4]!, '10.00', '10.00', ''],
      ['31/02/26', `UPI/${bad[5]}/NO SUCH DAY/v@oksbi`, bad[5]!, '', '7.00', ''],
      ['', 'Closing balance', '', '', '', '1,000.00'],
    ]);
    const expected = [
      { rowNumber: 3, problems: ['Deposit Amt. -₹5.00 is negative: a deposit is money received, never below zero'] },
      { rowNumber: 4, problems: ['Deposit Amt. "99999999999999999999.99" is more than ₹10 crore on one line: check the column'] },
      { rowNumber: 5, problems: ['Deposit Amt. "five" is not an amount'] },
      { rowNumber: 6, problems: ['Withdrawal Amt. -₹250.00 is negative: a withdrawal is written without a sign'] },
      { rowNumber: 7, problems: ['Both Withdrawal Amt. and Deposit Amt. are filled in'] },
      { rowNumber: 8, problems: ['Date "31/02/26" is not a date'] },
    ];
    const preview = await upload(w, 'nov.csv', file, PAYMENTS_PATHS.statementPreview);
    expect(preview.statusCode).toBe(200);
    const previewed = body<StatementImportResult>(preview);
    expect(previewed.lines.map((l) => [l.row, l.utr, l.amountPaise, l.outcome])).toEqual([[2, good, 1200, 'QUEUED']]);
    expect(previewed.rejected.map(({ rowNumber, problems }) => ({ rowNumber, problems }))).toEqual(expected);
    expect(previewed.rejected[0]!.cells).toEqual(['22/11/26', `UPI/${bad[0]}/REVERSAL/x@oksbi`, bad[0], '', '-5.00', '']);
    expect(await statementWrites(t, w.stockistUnit)).toEqual(NOTHING);

    const imported = body<StatementImportResult>(await upload(w, 'nov.csv', file));
    expect(imported.lines.map((l) => [l.row, l.amountPaise, l.outcome])).toEqual([[2, 1200, 'QUEUED']]);
    expect(imported.rejected.map(({ rowNumber, problems }) => ({ rowNumber, problems }))).toEqual(expected);
    const queue = body<UnmatchedPayments>(await w.stockist.get(PAYMENTS_PATHS.unmatched));
    expect(queue.items.map((i) => [i.utr, i.amountPaise])).toEqual([[good, 1200]]);
    const stored = await t.db.selectFrom('bank_statement_lines').select(['utr', 'amount_paise']).where('unit_id', '=', w.stockistUnit).execute();
    expect(stored).toEqual([{ utr: good, amount_paise: 1200 }]);
  });

  it('lands whole or not at all: an import that fails half way leaves nothing, and the file can then be imported', async () => {
    const w = await world(t);
    const paid = event(t, { amountPaise: 8000 });
    expect((await delivered(t, paid)).outcome).toBe('APPLIED');
    // A matched UPI line first (its contra voucher), 1,200 deposits, the last of which the database refuses.
    const file = csv([HEADER, ['22/11/26', `UPI/${paid.utr}/Sharma Medical/sharma@okaxis`, '', '', '80.00', ''], ...deposits(1200, (i) => (i === 1199 ? 'UPI/FAIL HERE' : `UPI/PAYER ${i}/payer${i}@okaxis`))]);
    await sql`CREATE FUNCTION refuse_statement_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.narration = 'UPI/FAIL HERE' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_statement_line BEFORE INSERT ON bank_statement_lines FOR EACH ROW EXECUTE FUNCTION refuse_statement_line()`.execute(t.db);
    try {
      const failed = await upload(w, 'nov.csv', file);
      expect([failed.statusCode, failed.json().code]).toEqual([500, 'E0041']);
    } finally {
      await sql`DROP TRIGGER refuse_statement_line ON bank_statement_lines`.execute(t.db);
      await sql`DROP FUNCTION refuse_statement_line()`.execute(t.db);
    }
    expect(await statementWrites(t, w.stockistUnit)).toEqual(NOTHING);
    expect((await paymentsOf(t, paid.paymentId))[0]).toBeDefined();

    const retried = await upload(w, 'nov.csv', file);
    expect(retried.statusCode).toBe(200);
    expect(body<StatementImportResult>(retried).counts).toMatchObject({ MATCHED: 1, QUEUED: 1200 });
    expect(await statementWrites(t, w.stockistUnit)).toEqual({ lines: 1201, imports: 1, queued: 1200, contras: 1 });
  });

  it('refuses a file without a statement header, or of another type, with a clear message', async () => {
    const w = await world(t);
    const noHeader = await upload(w, 'notes.csv', 'hello,world\n1,2\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toMatchObject({ code: 'E0001', message: expect.stringMatching(/^No header row with Date, Narration and Credit\/Debit columns found/) });
    const fake = await upload(w, 'statement.xlsx', 'Date,Narration,Deposit\n');
    expect(fake.statusCode).toBe(400);
    const pdf = await upload(w, 'statement.pdf', '%PDF-1.4');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toMatch(/CSV or Excel/);
  });
});
