import {
  ACCOUNTING_PATHS,
  PAYMENTS_PATHS,
  upiPayLink,
  type PartyDueDetail,
  type PartyDues,
  type PaymentList,
  type PaymentRequest,
  type PaymentRequestDetail,
  type PaymentRequestList,
  type PurchaseBillPayment,
} from 'shared-api';
import { PNG } from 'pngjs';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { applyUnmatched } from '../src/modules/payments/apply';
import { invoicePayQr } from '../src/modules/payments/invoice-qr';
import { signedIn } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { body, build, type TestContext } from './helpers';
import { booksBalance, decodeQr, paymentsWorld, type PaymentsWorld } from './payments-fixtures';

/*
 * Payment requests (a dynamic QR with am, tn and tr), paid by UTR by either side; payouts (the caller pays a VPA);
 * memos turned payable; and the queue's applyUnmatched. Agarwal (STK-PUN-001) asks Sharma (RTL-MUM-001) to pay
 * the invoice Sharma received as a bill.
 */

const t = build();

const tinyPng = () => PNG.sync.write(new PNG({ width: 2, height: 2 })).toString('base64');

interface World extends PaymentsWorld {
  vpa: string;
}

/** The payments world, with Agarwal's default UPI ID on the requests' QR codes. */
async function world(c: TestContext): Promise<World> {
  const w = await paymentsWorld(c);
  await w.stockist.post(PAYMENTS_PATHS.addAccount, { accountName: 'Agarwal Pharma', vpa: 'agarwal.pay@okhdfcbank', makeDefault: true });
  return { ...w, vpa: 'agarwal.pay@okhdfcbank' };
}

describe('payment requests', () => {
  it('asks for an invoice, is paid in two parts by UTR, and settles the invoice and the bill', async () => {
    const w = await world(t);
    const res = await w.stockist.post(PAYMENTS_PATHS.createRequest, { partyAccountId: w.debtor, invoiceIds: [w.invoice.id] });
    expect(res.statusCode).toBe(200);
    const request = body<PaymentRequest>(res);
    expect(request).toMatchObject({ kind: 'INVOICES', callerSide: 'PAYEE', payeeName: 'Agarwal Pharma Distributors', payeeVpa: w.vpa, payerName: 'Sharma Medical Stores', amountPaise: w.invoice.total, paidPaise: 0, status: 'OPEN' });
    expect(request.reference).toMatch(/^MB[A-Z2-7]{10}$/);
    expect(request.invoices).toEqual([expect.objectContaining({ invoiceId: w.invoice.id, invoiceNumber: w.invoice.number, amountPaise: w.invoice.total })]);
    const link = upiPayLink({ pa: w.vpa, pn: 'Agarwal Pharma Distributors', amountPaise: w.invoice.total, tn: w.invoice.number, tr: request.reference });
    expect(request.upiLink).toBe(link);
    expect(request.shareText).toBe(`Sharma Medical Stores: please pay ₹112.00 to Agarwal Pharma Distributors for ${w.invoice.number}. UPI: ${link}`);
    const qr = await w.stockist.get(PAYMENTS_PATHS.requestQr(request.requestId));
    expect(decodeQr(qr.rawPayload)).toBe(link);

    // The payer finds it among what it has to pay, and pays part of it.
    const toPay = body<PaymentRequestList>(await w.retailer.get(PAYMENTS_PATHS.requests, { side: 'PAYER' }));
    expect(toPay.items.map((r) => [r.requestId, r.callerSide])).toEqual([[request.requestId, 'PAYER']]);
    const part = await w.retailer.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: '500000000001', amountPaise: 5000, paidOn: '2026-11-22' });
    expect(part.statusCode).toBe(200);
    // The payer's word is a claim (issue 39): the request is paid once the payee confirms it.
    const claimed = body<PaymentRequestDetail>(part);
    expect(claimed).toMatchObject({ status: 'OPEN', paidPaise: 0, payments: [expect.objectContaining({ status: 'CLAIMED', utr: '500000000001' })] });
    expect((await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.payments[0]!.paymentId))).statusCode).toBe(200);
    const partly = body<PaymentRequestDetail>(await w.retailer.get(PAYMENTS_PATHS.request(request.requestId)));
    expect(partly).toMatchObject({ status: 'PARTLY_PAID', paidPaise: 5000 });
    expect(partly.payments).toEqual([expect.objectContaining({ direction: 'PAID', utr: '500000000001', amountPaise: 5000, requestReference: request.reference })]);
    // The QR now asks for the rest.
    const rest = w.invoice.total - 5000;
    const restQr = await w.retailer.get(PAYMENTS_PATHS.requestQr(request.requestId));
    expect(decodeQr(restQr.rawPayload)).toBe(upiPayLink({ pa: w.vpa, pn: 'Agarwal Pharma Distributors', amountPaise: rest, tn: w.invoice.number, tr: request.reference }));

    const due = body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor)));
    expect(due).toMatchObject({ outstandingPaise: rest, paidPaise: 5000, openRequestCount: 1 });
    expect(due.documents[0]).toMatchObject({ documentId: w.invoice.id, outstandingPaise: rest });
    const receipt = await t.db.selectFrom('vouchers').selectAll().where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).where('kind', '=', 'RECEIPT').executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ document_type: 'RECEIPT' });
    // Bill-wise: the debtor line names the invoice.
    expect(await t.db.selectFrom('voucher_lines').select('document_id').where('voucher_id', '=', receipt.id).where('credit_paise', '>', 0).execute()).toEqual([{ document_id: w.invoice.id }]);
    expect(receipt.document_number).toMatch(/^RCT\//);
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ status: 'PARTLY_PAID', duePaise: rest });

    // Same UTR again: refused, whoever records it.
    const dup = await w.stockist.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: '500000000001', amountPaise: 100, paidOn: '2026-11-22' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'E0009' });
    // More than is left: refused.
    const over = await w.stockist.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'UPI', utr: '500000000002', amountPaise: rest + 1, paidOn: '2026-11-22' });
    expect(over.json()).toMatchObject({ code: 'E0010' });

    // The payee records the rest (cash at the counter): PAID, invoice and bill settled.
    const paid = body<PaymentRequestDetail>(await w.stockist.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'CASH', amountPaise: rest, paidOn: '2026-11-22' }));
    expect(paid).toMatchObject({ status: 'PAID', paidPaise: w.invoice.total });
    expect(body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor)))).toMatchObject({ outstandingPaise: 0, openRequestCount: 0 });
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ status: 'PAID', duePaise: 0 });
    const closed = await w.retailer.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' });
    expect(closed.json()).toMatchObject({ code: 'E0010' });
    expect((await w.stockist.post(PAYMENTS_PATHS.cancelRequest(request.requestId))).json()).toMatchObject({ code: 'E0010' });

    // Nobody else sees it.
    const stranger = await signedIn(t, '9800000003');
    expect((await stranger.get(PAYMENTS_PATHS.request(request.requestId))).statusCode).toBe(404);
    expect((await stranger.get(PAYMENTS_PATHS.requestQr(request.requestId))).statusCode).toBe(404);
    expect((await stranger.post(PAYMENTS_PATHS.payRequest(request.requestId), { method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' })).statusCode).toBe(404);
    await booksBalance(t.db);
  });

  it('needs a UPI account, the party’s open invoices, and only its owner cancels it', async () => {
    const w = await world(t);
    const retailerHead = body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable)).parties[0]!.accountId;
    // Sharma has no UPI account: it cannot ask anyone to pay.
    await w.retailer.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: w.product, quantity: 1 }], paymentMode: 'CREDIT' });
    const walkIn = body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.receivable)).parties[0]!;
    const noUpi = await w.retailer.post(PAYMENTS_PATHS.createRequest, { partyAccountId: walkIn.accountId, amountPaise: 1000 });
    expect(noUpi.json()).toMatchObject({ code: 'E0059', message: 'Add a UPI account first' });
    // A creditor head is not a debtor; an invoice not owed by the party is not found.
    expect((await w.retailer.post(PAYMENTS_PATHS.createRequest, { partyAccountId: retailerHead, amountPaise: 1000 })).statusCode).toBe(404);
    const wrong = await w.stockist.post(PAYMENTS_PATHS.createRequest, { partyAccountId: w.debtor, invoiceIds: [w.billId] });
    expect(wrong.json()).toMatchObject({ code: 'E0053' });

    const asked = body<PaymentRequest>(await w.stockist.post(PAYMENTS_PATHS.createRequest, { partyAccountId: w.debtor, amountPaise: 2500, note: 'Advance for December' }));
    expect(asked).toMatchObject({ kind: 'AMOUNT', amountPaise: 2500, note: 'Advance for December' });
    expect(asked.upiLink).toContain('tn=Advance%20for%20December');
    expect((await w.retailer.post(PAYMENTS_PATHS.cancelRequest(asked.requestId))).statusCode).toBe(404);
    const cancelled = body<PaymentRequestDetail>(await w.stockist.post(PAYMENTS_PATHS.cancelRequest(asked.requestId)));
    expect(cancelled.status).toBe('CANCELLED');
    expect((await w.retailer.post(PAYMENTS_PATHS.payRequest(asked.requestId), { method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' })).json()).toMatchObject({ code: 'E0010' });
    expect((await w.stockist.get(PAYMENTS_PATHS.requestImage(asked.requestId))).json()).toMatchObject({ code: 'E0056' });
  });
});

describe('payouts and memos', () => {
  it('pays a platform unit by its VPA: the payer’s creditor head and bill, the payee’s receipt', async () => {
    const w = await world(t);
    const res = await w.retailer.post(PAYMENTS_PATHS.createPayout, { payeeName: 'Agarwal Pharma', payeeMobile: '9800000001', vpa: w.vpa, amountPaise: w.invoice.total, invoiceImage: { mimeType: 'image/png', contentBase64: tinyPng() } });
    expect(res.statusCode).toBe(200);
    const payout = body<PaymentRequest>(res);
    expect(payout).toMatchObject({ kind: 'PAYOUT', callerSide: 'PAYER', payerName: 'Sharma Medical Stores', payeeVpa: w.vpa, hasInvoiceImage: true, status: 'OPEN' });
    expect(decodeQr((await w.retailer.get(PAYMENTS_PATHS.requestQr(payout.requestId))).rawPayload)).toBe(payout.upiLink);
    const image = await w.retailer.get(PAYMENTS_PATHS.requestImage(payout.requestId));
    expect(image.headers['content-type']).toBe('image/png');
    // A payout is the payer's own: listed on its PAYER side, not as something it asked for.
    expect(body<PaymentRequestList>(await w.retailer.get(PAYMENTS_PATHS.requests, { side: 'PAYER', kind: 'PAYOUT' })).totalResults).toBe(1);
    expect(body<PaymentRequestList>(await w.retailer.get(PAYMENTS_PATHS.requests)).totalResults).toBe(0);

    const paid = body<PaymentRequestDetail>(await w.retailer.post(PAYMENTS_PATHS.payRequest(payout.requestId), { method: 'UPI', utr: '600000000001', amountPaise: w.invoice.total, paidOn: '2026-11-22' }));
    expect(paid.status).toBe('PAID');
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ status: 'PAID' });
    expect(body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor))).outstandingPaise).toBe(0);
    // The payee unit sees the request and the payment it received.
    expect(body<PaymentRequestDetail>(await w.stockist.get(PAYMENTS_PATHS.request(payout.requestId))).payments[0]).toMatchObject({ direction: 'RECEIVED', partyName: 'Sharma Medical Stores' });
    await booksBalance(t.db);
  });

  it('pays someone off the platform: a creditor head named after the payee', async () => {
    const w = await world(t);
    const payout = body<PaymentRequest>(await w.retailer.post(PAYMENTS_PATHS.createPayout, { payeeName: 'Ganesh Transport', payeeMobile: '9876543210', vpa: 'ganesh.transport@ybl', amountPaise: 75000 }));
    expect(payout.upiLink).toBe(upiPayLink({ pa: 'ganesh.transport@ybl', pn: 'Ganesh Transport', amountPaise: 75000, tr: payout.reference }));
    expect((await w.retailer.get(PAYMENTS_PATHS.requestImage(payout.requestId))).json()).toMatchObject({ code: 'E0056' });
    await w.retailer.post(PAYMENTS_PATHS.payRequest(payout.requestId), { method: 'UPI', utr: '600000000002', amountPaise: 75000, paidOn: '2026-11-22' });
    const payable = body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable));
    expect(payable.parties.find((p) => p.partyName === 'Ganesh Transport')).toMatchObject({ outstandingPaise: -75000, partyUnitCode: null });
    await booksBalance(t.db);
  });

  it('turns a memo into a payable request; a memo number is entered once; paid, it is a receipt', async () => {
    const w = await world(t);
    const input = { kind: 'DELIVERY_MEMO', partyName: 'Kiran Clinic', partyMobile: '9876500000', memoNumber: 'dm-101', memoDate: '2026-11-20', amountPaise: 45000, photo: { mimeType: 'image/png', contentBase64: tinyPng() } };
    const memo = body<PaymentRequest>(await w.stockist.post(PAYMENTS_PATHS.createMemo, input));
    expect(memo).toMatchObject({ kind: 'MEMO', payerName: 'Kiran Clinic', payerMobile: '9876500000', memo: { kind: 'DELIVERY_MEMO', number: 'dm-101', date: '2026-11-20', hasPhoto: true } });
    expect(memo.upiLink).toBe(upiPayLink({ pa: w.vpa, pn: 'Agarwal Pharma Distributors', amountPaise: 45000, tn: 'Delivery memo dm-101', tr: memo.reference }));
    const dup = await w.stockist.post(PAYMENTS_PATHS.createMemo, { ...input, memoNumber: 'DM-101' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'E0009' });
    expect(body<PaymentRequestList>(await w.stockist.get(PAYMENTS_PATHS.memos)).items.map((m) => m.requestId)).toEqual([memo.requestId]);

    await w.stockist.post(PAYMENTS_PATHS.payRequest(memo.requestId), { method: 'UPI', utr: '700000000001', amountPaise: 45000, paidOn: '2026-11-22' });
    const head = await t.db.selectFrom('ledger_accounts').select(['id', 'group_code']).where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).where('name', '=', 'Kiran Clinic').executeTakeFirstOrThrow();
    expect(head.group_code).toBe('SUNDRY_DEBTORS');
    const due = body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(head.id)));
    expect(due.payments[0]).toMatchObject({ amountPaise: 45000, requestReference: memo.reference });
    await booksBalance(t.db);
  });
});

describe('the invoice PDF', () => {
  it('prints a QR to pay what is due, with the open request as tr, and none once paid', async () => {
    const w = await world(t);
    const pdfText = async () => {
      const res = await w.retailer.get(ACCOUNTING_PATHS.salesInvoicePdf(w.invoice.id));
      expect(res.statusCode).toBe(200);
      return (await readIsolated('PDF', res.rawPayload)).lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
    };
    const first = await invoicePayQr(t.db, w.invoice.id, t.clock.now());
    expect(first!.link).toBe(upiPayLink({ pa: w.vpa, pn: 'Agarwal Pharma Distributors', amountPaise: w.invoice.total, tn: w.invoice.number, tr: w.invoice.number }));
    expect(decodeQr(first!.png)).toBe(first!.link);
    expect(await pdfText()).toContain('Scan to pay by UPI');

    const request = body<PaymentRequest>(await w.stockist.post(PAYMENTS_PATHS.createRequest, { partyAccountId: w.debtor, invoiceIds: [w.invoice.id] }));
    // The payer's claims (issue 39), each confirmed by the payee.
    const paidAndConfirmed = async (pay: object) => {
      const claim = body<PaymentRequestDetail>(await w.retailer.post(PAYMENTS_PATHS.payRequest(request.requestId), pay)).payments.find((p) => p.status === 'CLAIMED')!;
      expect((await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claim.paymentId))).statusCode).toBe(200);
    };
    await paidAndConfirmed({ method: 'UPI', utr: '900000000001', amountPaise: 1200, paidOn: '2026-11-22' });
    const second = await invoicePayQr(t.db, w.invoice.id, t.clock.now());
    expect(decodeQr(second!.png)).toBe(upiPayLink({ pa: w.vpa, pn: 'Agarwal Pharma Distributors', amountPaise: w.invoice.total - 1200, tn: w.invoice.number, tr: request.reference }));

    await paidAndConfirmed({ method: 'UPI', utr: '900000000002', amountPaise: w.invoice.total - 1200, paidOn: '2026-11-22' });
    expect(await invoicePayQr(t.db, w.invoice.id, t.clock.now())).toBeNull();
    expect(await pdfText()).not.toContain('Scan to pay by UPI');
  });
});

describe('applyUnmatched (the queue’s allocation)', () => {
  it('applies queued money to a debtor: receipt in the payee’s books, payment in the payer’s', async () => {
    const w = await world(t);
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');
    const paymentId = '0190b000-0000-7000-8000-000000000001';
    const at = t.clock.now();
    await t.db
      .insertInto('payments')
      .values({ id: paymentId, payee_unit_id: stockistUnit, payer_unit_id: null, payee_name: 'Agarwal Pharma Distributors', payer_name: 'SHARMA MEDICAL', method: 'UPI', utr: '800000000001', cheque_number: null, provider: 'STATEMENT', provider_payment_id: null, payer_vpa: null, amount_paise: 3000, paid_on: '2026-11-22', request_id: null, status: 'UNMATCHED', unmatched_reason: 'STATEMENT', note: null, created_by: null, created_at: at })
      .execute();
    await t.db.transaction().execute((trx) => applyUnmatched(trx, { paymentId, payeeUnitId: stockistUnit, partyAccountId: w.debtor, allocation: { mode: 'OLDEST_FIRST' }, createdBy: null, at }));
    const seen = body<PaymentList>(await w.retailer.get(PAYMENTS_PATHS.payments));
    expect(seen.items).toEqual([expect.objectContaining({ paymentId, direction: 'PAID' })]);
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ paidPaise: 3000 });
    await expect(t.db.transaction().execute((trx) => applyUnmatched(trx, { paymentId, payeeUnitId: stockistUnit, partyAccountId: w.debtor, allocation: { mode: 'OLDEST_FIRST' }, createdBy: null, at }))).rejects.toMatchObject({ code: 'E0002' });
    await booksBalance(t.db);
  });
});

