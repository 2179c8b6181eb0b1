import { randomInt, randomUUID } from 'node:crypto';
import {
  ACCOUNTING_PATHS,
  PAYMENTS_PATHS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type GatewayEvent,
  type PartyDueDetail,
  type Payment,
  type PaymentClaimList,
  type PaymentRequest,
  type PaymentRequestDetail,
  type PurchaseBillPayment,
  type SalesInvoice,
  type StatementImportResult,
  type WebhookAck,
} from 'shared-api';
import { signWebhook } from '../src/modules/reconciliation/gateway';
import { body, build } from './helpers';
import { booksBalance, paymentsWorld, type PaymentsWorld } from './payments-fixtures';

/*
 * Issue 39: a payment the buyer records ("I paid Agarwal, UTR …") is a claim. Agarwal (STK-PUN-001) invoices Sharma
 * (RTL-MUM-001), who receives the bill and says it paid: nothing is posted in either book until Agarwal confirms it,
 * or its gateway or bank statement shows that UTR and amount; a rejection tells Sharma why and frees the UTR.
 */

const SECRET = 'whsec_test_claims_0123456789abcdef0123456789';
const PAYEE_VPA = 'agarwal@okhdfc';
const t = build({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });

const utr = () => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));

interface World extends PaymentsWorld {
  stockistUnit: string;
}

async function world(): Promise<World> {
  const w = await paymentsWorld(t);
  const stockistUnit = (await t.db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('payout_accounts').values({ id: randomUUID(), unit_id: stockistUnit, kind: 'UPI', account_name: 'Collections', vpa: PAYEE_VPA, is_default: false, created_at: t.clock.now() }).execute();
  return { ...w, stockistUnit };
}

/** What each side's books hold of payments: vouchers of the payment kinds and allocation rows. */
async function posted(unitId: string) {
  const [v, a] = await Promise.all([
    t.db.selectFrom('vouchers').select((e) => e.fn.countAll<number>().as('n')).where('unit_id', '=', unitId).where('kind', 'in', ['RECEIPT', 'PAYMENT']).executeTakeFirstOrThrow(),
    t.db.selectFrom('payment_allocations').select((e) => e.fn.countAll<number>().as('n')).where('unit_id', '=', unitId).executeTakeFirstOrThrow(),
  ]);
  return { vouchers: Number(v.n), allocations: Number(a.n) };
}

const claim = (w: World, u: string, amountPaise = w.invoice.total) =>
  w.retailer.post(PAYMENTS_PATHS.submit, { direction: 'PAID', partyAccountId: w.creditor, method: 'UPI', utr: u, amountPaise, paidOn: '2026-11-22', allocation: { mode: 'CHOSEN', items: [{ documentId: w.billId, amountPaise }] } });

const receivable = async (w: World) => body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor))).outstandingPaise;
const billStatus = async (w: World) => body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId))).status;
const claimedOn = async (w: World, who: 'stockist' | 'retailer') => body<SalesInvoice>(await w[who].get(ACCOUNTING_PATHS.salesInvoice(w.invoice.id))).paymentClaimedPaise;
const notices = (unitId: string, title: string) => t.db.selectFrom('notifications').select('body').where('unit_id', '=', unitId).where('title', '=', title).execute();

function event(e: Partial<GatewayEvent>): GatewayEvent {
  return {
    eventId: `evt_${randomUUID()}`,
    type: 'payment.captured',
    paymentId: `pay_${randomUUID()}`,
    amountPaise: 5000,
    currency: 'INR',
    reference: null,
    utr: utr(),
    payeeVpa: PAYEE_VPA,
    payerVpa: 'sharma@okaxis',
    payerName: 'Sharma Medical Stores',
    occurredAt: t.clock.now().toISOString(),
    ...e,
  };
}

function sendEvent(e: GatewayEvent) {
  const raw = JSON.stringify(e);
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  return t.app.inject({
    method: 'POST',
    url: PAYMENTS_PATHS.webhook('gateway'),
    headers: { 'content-type': 'application/json', [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(SECRET, timestamp, raw) },
    payload: raw,
  });
}

describe('payment claims: what a buyer records it paid waits for the seller', () => {
  it('posts nothing until the seller confirms, lists it to confirm, shows "payment claimed", then posts it once as named', async () => {
    const w = await world();
    const before = { stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit), receivable: await receivable(w) };
    const u = utr();
    const res = await claim(w, u);
    expect(res.statusCode).toBe(200);
    const claimed = body<Payment>(res);
    expect(claimed).toMatchObject({ status: 'CLAIMED', direction: 'PAID', utr: u, number: null, allocations: [] });
    expect(claimed.claim).toEqual({ lines: [{ invoiceId: w.invoice.id, invoiceNumber: w.invoice.number, documentNumber: expect.any(String), amountPaise: w.invoice.total }], decidedHow: null, decidedAt: null, rejectReason: null });

    // Neither book moved: the seller's receivable is whole, the buyer's bill unpaid; the invoice says "claimed".
    expect({ stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit), receivable: await receivable(w) }).toEqual(before);
    expect(await billStatus(w)).toBe('UNPAID');
    expect([await claimedOn(w, 'stockist'), await claimedOn(w, 'retailer')]).toEqual([w.invoice.total, w.invoice.total]);

    // The seller's "Payments to confirm": UTR, amount, date, payer and the invoice named; and a notice.
    const toConfirm = body<PaymentClaimList>(await w.stockist.get(PAYMENTS_PATHS.claims));
    expect(toConfirm).toEqual({
      totalPaise: w.invoice.total,
      items: [expect.objectContaining({ paymentId: claimed.paymentId, utr: u, amountPaise: w.invoice.total, paidOn: '2026-11-22', payerName: 'Sharma Medical Stores', payerUnitCode: 'RTL-MUM-001', lines: [expect.objectContaining({ invoiceNumber: w.invoice.number })] })],
    });
    expect(body<PaymentClaimList>(await w.retailer.get(PAYMENTS_PATHS.claims)).items).toEqual([]);
    expect(await notices(w.stockistUnit, 'Payment to confirm')).toHaveLength(1);
    // Each side's party page lists it, not in the books yet.
    expect(body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty(w.creditor))).payments).toEqual([expect.objectContaining({ paymentId: claimed.paymentId, status: 'CLAIMED' })]);
    expect(body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor))).payments).toEqual([expect.objectContaining({ paymentId: claimed.paymentId, status: 'CLAIMED', direction: 'RECEIVED' })]);

    // The same UTR claimed again: refused.
    const twice = await claim(w, u, 100);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'E0009']);
    // Only the payee confirms.
    expect((await w.retailer.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId))).statusCode).toBe(404);

    const confirmed = await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId));
    expect(confirmed.statusCode).toBe(200);
    const mine = body<Payment>(confirmed);
    expect(mine).toMatchObject({ status: 'APPLIED', direction: 'RECEIVED', claim: expect.objectContaining({ decidedHow: 'PAYEE' }) });
    expect(mine.allocations).toEqual([expect.objectContaining({ target: 'SALES_INVOICE', documentId: w.invoice.id, amountPaise: w.invoice.total })]);
    expect(body<Payment>(await w.retailer.get(PAYMENTS_PATHS.payment(claimed.paymentId))).allocations).toEqual([expect.objectContaining({ target: 'PURCHASE_BILL', documentId: w.billId, amountPaise: w.invoice.total })]);
    expect(await receivable(w)).toBe(before.receivable - w.invoice.total);
    expect(await billStatus(w)).toBe('PAID');
    expect(await claimedOn(w, 'retailer')).toBe(0);
    expect(await notices(w.retailerUnit, 'Payment confirmed')).toHaveLength(1);

    // A double click: the same answer, nothing posted twice; and a confirmed claim cannot be rejected.
    const after = { stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) };
    expect(after).toEqual({ stockist: { vouchers: before.stockist.vouchers + 1, allocations: before.stockist.allocations + 1 }, retailer: { vouchers: before.retailer.vouchers + 1, allocations: before.retailer.allocations + 1 } });
    expect((await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId))).statusCode).toBe(200);
    expect({ stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) }).toEqual(after);
    const late = await w.stockist.post(PAYMENTS_PATHS.rejectClaim(claimed.paymentId), { reason: 'not in our account' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'E0013']);
    expect(body<PaymentClaimList>(await w.stockist.get(PAYMENTS_PATHS.claims)).items).toEqual([]);
    await booksBalance(t.db);
  });

  it('a payment the buyer records against the seller’s request is a claim too, posted as the request’s payment when confirmed', async () => {
    const w = await world();
    const request = body<PaymentRequest>(await w.stockist.post(PAYMENTS_PATHS.createRequest, { partyAccountId: w.debtor, invoiceIds: [w.invoice.id] }));
    const before = { stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) };
    const u = utr();
    const res = await w.retailer.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: u, amountPaise: w.invoice.total, paidOn: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const detail = body<PaymentRequestDetail>(res);
    expect(detail).toMatchObject({ status: 'OPEN', paidPaise: 0 });
    const claimed = detail.payments[0]!;
    expect(claimed).toMatchObject({ status: 'CLAIMED', utr: u, claim: expect.objectContaining({ lines: [expect.objectContaining({ invoiceId: w.invoice.id, invoiceNumber: w.invoice.number, amountPaise: w.invoice.total })] }) });
    expect({ stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) }).toEqual(before);
    expect(await claimedOn(w, 'stockist')).toBe(w.invoice.total);
    // Claimed twice under one UTR: refused; the seller recording the same UTR: refused too.
    expect((await w.retailer.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: u, amountPaise: 100, paidOn: '2026-11-22' })).json()).toMatchObject({ code: 'E0009' });
    expect((await w.stockist.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: u, amountPaise: 100, paidOn: '2026-11-22' })).json()).toMatchObject({ code: 'E0009' });

    expect((await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId))).statusCode).toBe(200);
    expect(body<PaymentRequestDetail>(await w.retailer.get(PAYMENTS_PATHS.request(request.requestId)))).toMatchObject({ status: 'PAID', paidPaise: w.invoice.total });
    expect(await receivable(w)).toBe(0);
    expect(await billStatus(w)).toBe('PAID');
    expect({ stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) }).toEqual({
      stockist: { vouchers: before.stockist.vouchers + 1, allocations: before.stockist.allocations + 1 },
      retailer: { vouchers: before.retailer.vouchers + 1, allocations: before.retailer.allocations + 1 },
    });
    await booksBalance(t.db);
  });

  it('rejects with a reason the buyer sees, posts nothing, and frees the UTR', async () => {
    const w = await world();
    const before = { stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) };
    const u = utr();
    const claimed = body<Payment>(await claim(w, u));
    const vague = await w.stockist.post(PAYMENTS_PATHS.rejectClaim(claimed.paymentId), { reason: ' ' });
    expect([vague.statusCode, vague.json().code]).toEqual([400, 'E0001']);

    const rejected = await w.stockist.post(PAYMENTS_PATHS.rejectClaim(claimed.paymentId), { reason: 'No such credit in our HDFC account on 22-11' });
    expect(rejected.statusCode).toBe(200);
    const seen = body<Payment>(await w.retailer.get(PAYMENTS_PATHS.payment(claimed.paymentId)));
    expect(seen).toMatchObject({ status: 'REJECTED', claim: { decidedHow: 'PAYEE', rejectReason: 'No such credit in our HDFC account on 22-11' } });
    expect((await notices(w.retailerUnit, 'Payment not confirmed'))[0]!.body).toContain('No such credit in our HDFC account on 22-11');
    expect({ stockist: await posted(w.stockistUnit), retailer: await posted(w.retailerUnit) }).toEqual(before);
    expect(await billStatus(w)).toBe('UNPAID');
    expect(await claimedOn(w, 'retailer')).toBe(0);

    const again = await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId));
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0013']);
    // The UTR was a mistyped one: the real payment under it may still be recorded.
    expect((await claim(w, u)).statusCode).toBe(200);
    await booksBalance(t.db);
  });

  it('is confirmed by a gateway event of its UTR and amount (another amount is not its proof)', async () => {
    const w = await world();
    const u = utr();
    const claimed = body<Payment>(await claim(w, u));
    const other = body<WebhookAck>(await sendEvent(event({ utr: u, amountPaise: w.invoice.total - 1 })));
    expect(other.outcome).toBe('DUPLICATE');
    expect(body<Payment>(await w.stockist.get(PAYMENTS_PATHS.payment(claimed.paymentId))).status).toBe('CLAIMED');

    const ack = body<WebhookAck>(await sendEvent(event({ utr: u, amountPaise: w.invoice.total })));
    expect(ack).toEqual({ outcome: 'APPLIED', paymentId: claimed.paymentId });
    expect(body<Payment>(await w.stockist.get(PAYMENTS_PATHS.payment(claimed.paymentId)))).toMatchObject({ status: 'APPLIED', claim: expect.objectContaining({ decidedHow: 'GATEWAY' }) });
    expect(await billStatus(w)).toBe('PAID');
    expect(await receivable(w)).toBe(0);
    await booksBalance(t.db);
  });

  it('is confirmed by a line of the seller’s bank statement with its UTR and amount', async () => {
    const w = await world();
    const u = utr();
    const claimed = body<Payment>(await claim(w, u));
    const amount = (w.invoice.total / 100).toFixed(2);
    const file = ['Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance', `22/11/26,UPI/${u}/Sharma Medical/sharma@okaxis,,,${amount},`].join('\r\n');
    const res = await w.stockist.post(PAYMENTS_PATHS.statementImport, { fileName: 'nov.csv', contentBase64: Buffer.from(file).toString('base64') });
    expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    expect(body<StatementImportResult>(res).lines.map((l) => [l.outcome, l.paymentId])).toEqual([['MATCHED', claimed.paymentId]]);
    expect(body<Payment>(await w.stockist.get(PAYMENTS_PATHS.payment(claimed.paymentId)))).toMatchObject({ status: 'APPLIED', reconciled: true, claim: expect.objectContaining({ decidedHow: 'STATEMENT' }) });
    expect(await billStatus(w)).toBe('PAID');
    expect(await receivable(w)).toBe(0);
    await booksBalance(t.db);
  });

  it('posts once when the seller confirms (twice) while the gateway event of its UTR arrives', async () => {
    const w = await world();
    const u = utr();
    const claimed = body<Payment>(await claim(w, u));
    const before = await posted(w.stockistUnit);
    // A double click and the gateway's capture, all at once: the claim's row lock lets one of them post.
    const [confirmed, clickedAgain, delivered] = await Promise.all([
      w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId)),
      w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId)),
      sendEvent(event({ utr: u, amountPaise: w.invoice.total })),
    ]);
    expect([confirmed.statusCode, clickedAgain.statusCode, delivered.statusCode]).toEqual([200, 200, 200]);
    expect(['APPLIED', 'DUPLICATE']).toContain(body<WebhookAck>(delivered).outcome);
    expect(body<WebhookAck>(delivered).paymentId).toBe(claimed.paymentId);
    expect(await posted(w.stockistUnit)).toEqual({ vouchers: before.vouchers + 1, allocations: before.allocations + 1 });
    expect(await receivable(w)).toBe(0);
    await booksBalance(t.db);
  });
});

