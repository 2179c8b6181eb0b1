import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  PAYMENTS_PATHS,
  PROFILE_PATHS,
  upiPayLink,
  type AllocationPreview,
  type PartyDueDetail,
  type Payment,
  type PaymentList,
  type PaymentsSummary,
  type PayoutAccount,
  type PurchaseBillPayment,
  type UpiAccount,
} from 'shared-api';
import type { Database } from '../src/db/database';
import { buyAndReceive, signedIn } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { body, build } from './helpers';
import { booksBalance, decodeQr, paymentsWorld } from './payments-fixtures';

/*
 * UPI accounts (the same rows as /profile's payout accounts) with QR codes that decode to the exact upi://pay
 * link, and payments recorded by hand: Agarwal (STK-PUN-001) invoices Sharma (RTL-MUM-001), who receives the bill;
 * the money then moves through submit (either side) and is mirrored in the other side's books.
 */

const t = build();

async function counts(db: Database) {
  const [p, v, a] = await Promise.all([
    db.selectFrom('payments').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('vouchers').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('payment_allocations').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { payments: Number(p.n), vouchers: Number(v.n), allocations: Number(a.n) };
}

const world = paymentsWorld;

const UTR1 = '412345678901';
const UTR2 = '412345678902';

describe('UPI accounts', () => {
  it('adds, lists with a QR that decodes to the upi://pay link, keeps one default, and is the /profile list', async () => {
    const s = await signedIn(t, '9800000001');
    const before = body<UpiAccount[]>(await s.get(PAYMENTS_PATHS.accounts)).length;
    const added = await s.post(PAYMENTS_PATHS.addAccount, { accountName: 'Collections', vpa: ' Agarwal.Collect@OKICICI ', bankAccountNumber: '123456789012', ifsc: 'icic0001234' });
    expect(added.statusCode).toBe(200);
    const list = body<UpiAccount[]>(added);
    const account = list.find((a) => a.vpa === 'agarwal.collect@okicici')!;
    expect(account).toMatchObject({ accountName: 'Collections', bankAccountNumber: '123456789012', ifsc: 'ICIC0001234' });
    expect(account.upiLink).toBe(upiPayLink({ pa: 'agarwal.collect@okicici', pn: 'Agarwal Pharma Distributors' }));
    expect(account.upiLink).toBe('upi://pay?pa=agarwal.collect%40okicici&pn=Agarwal%20Pharma%20Distributors&cu=INR');
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
    // The first UPI account of a unit becomes its default.
    expect(account.isDefault).toBe(before === 0);

    const png = await s.get(PAYMENTS_PATHS.accountQr(account.id), { format: 'png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(decodeQr(png.rawPayload)).toBe(account.upiLink);
    const svg = await s.get(PAYMENTS_PATHS.accountQr(account.id), { format: 'svg' });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');

    const second = body<UpiAccount[]>(await s.post(PAYMENTS_PATHS.addAccount, { accountName: 'Counter', vpa: 'agarwal.counter@okaxis', makeDefault: true }));
    const counter = second.find((a) => a.vpa === 'agarwal.counter@okaxis')!;
    expect(counter.isDefault).toBe(true);
    expect(second.filter((a) => a.isDefault)).toHaveLength(1);
    expect(second[0]!.id).toBe(counter.id);

    // Profile's list is the same rows (UPI and bank), with the default shown.
    const profile = body<PayoutAccount[]>(await s.get(PROFILE_PATHS.payoutAccounts));
    expect(profile.find((p) => p.id === counter.id)).toMatchObject({ kind: 'UPI', vpa: 'agarwal.counter@okaxis', isDefault: true });

    // Deleting the default hands it to the oldest remaining UPI account.
    const afterDelete = body<UpiAccount[]>(await t.app.inject({ method: 'DELETE', url: PAYMENTS_PATHS.account(counter.id), headers: { authorization: `Bearer ${s.session.token}` } }));
    expect(afterDelete.find((a) => a.id === counter.id)).toBeUndefined();
    expect(afterDelete.filter((a) => a.isDefault)).toHaveLength(1);
    expect(afterDelete[0]!.isDefault).toBe(true);

    const setDefault = body<UpiAccount[]>(await s.post(PAYMENTS_PATHS.setDefaultAccount(account.id)));
    expect(setDefault.find((a) => a.id === account.id)!.isDefault).toBe(true);
  });

  it('refuses a bad VPA (E0059), a bad bank account (E0060) and a VPA registered anywhere (E0009)', async () => {
    const s = await signedIn(t, '9800000001');
    const bad = await s.post(PAYMENTS_PATHS.addAccount, { accountName: 'X', vpa: 'not-a-vpa' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'E0059' });
    const bank = await s.post(PAYMENTS_PATHS.addAccount, { accountName: 'X', vpa: 'agarwal.x@okhdfc', bankAccountNumber: '12', ifsc: 'BAD' });
    expect(bank.json()).toMatchObject({ code: 'E0060' });
    expect((await s.post(PAYMENTS_PATHS.addAccount, { accountName: 'X', vpa: 'shared.vpa@okhdfc' })).statusCode).toBe(200);
    const r = await signedIn(t, '9800000002');
    const dup = await r.post(PAYMENTS_PATHS.addAccount, { accountName: 'Mine', vpa: 'Shared.VPA@okhdfc' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'E0009' });
    // And through /profile too: the same unique VPA.
    const viaProfile = await r.post(PROFILE_PATHS.addPayoutAccount, { kind: 'UPI', accountName: 'Mine', vpa: 'shared.vpa@okhdfc' });
    expect(viaProfile.json()).toMatchObject({ code: 'E0009' });
    const other = await s.get(PAYMENTS_PATHS.accountQr('00000000-0000-4000-8000-000000000000'));
    expect(other.statusCode).toBe(404);
  });
});

describe('recording payments', () => {
  it('shows the debtor and creditor sides from the ledger, and the creditor’s UPI to pay', async () => {
    const w = await world(t);
    const due = body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor)));
    expect(due).toMatchObject({ partyUnitCode: 'RTL-MUM-001', amountPaise: w.invoice.total, paidPaise: 0, outstandingPaise: w.invoice.total, openCount: 1 });
    expect(due.documents[0]).toMatchObject({ documentId: w.invoice.id, documentNumber: w.invoice.number });
    const payable = body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty(w.creditor)));
    expect(payable.outstandingPaise).toBe(w.invoice.total);
    expect(payable.documents[0]!.documentId).toBe(w.billId);
    const vpa = body<UpiAccount[]>(await w.stockist.get(PAYMENTS_PATHS.accounts)).find((a) => a.isDefault)?.vpa;
    expect(payable.payee?.vpa ?? null).toBe(vpa ?? null);
    // Its QR, to scan from a phone, is that link; the stockist has no such creditor (404), and a creditor without a UPI account is E0059.
    const qr = await w.retailer.get(PAYMENTS_PATHS.payableQr(w.creditor));
    expect(qr.headers['content-type']).toBe('image/png');
    expect(decodeQr(qr.rawPayload)).toBe(payable.payee!.upiLink);
    expect((await w.stockist.get(PAYMENTS_PATHS.payableQr(w.creditor))).statusCode).toBe(404);
    await t.db.deleteFrom('payout_accounts').where('vpa', '=', vpa!).execute();
    expect((await w.retailer.get(PAYMENTS_PATHS.payableQr(w.creditor))).json()).toMatchObject({ code: 'E0059' });
    // A head of the other side is not a debtor.
    expect((await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.creditor))).statusCode).toBe(404);
  });

  it('a receipt settles the invoice in the payee’s books and the bill in the payer’s; the same UTR twice is refused', async () => {
    const w = await world(t);
    const res = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'UPI', utr: UTR1, amountPaise: w.invoice.total, paidOn: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const payment = body<Payment>(res);
    expect(payment).toMatchObject({ direction: 'RECEIVED', partyName: 'Sharma Medical Stores', partyUnitCode: 'RTL-MUM-001', utr: UTR1, status: 'APPLIED', provider: 'MANUAL' });
    expect(payment.number).toMatch(/^RCT\//);
    expect(payment.allocations).toEqual([{ target: 'SALES_INVOICE', documentId: w.invoice.id, documentNumber: w.invoice.number, documentDate: expect.any(String), duePaise: w.invoice.total, amountPaise: w.invoice.total }]);

    const voucher = await t.db.selectFrom('vouchers').selectAll().where('document_number', '=', payment.number).executeTakeFirstOrThrow();
    // The voucher is the payment's; its debtor line names the invoice it settles (bill-wise).
    expect(voucher).toMatchObject({ kind: 'RECEIPT', document_type: 'RECEIPT', document_id: payment.paymentId });
    const partyLine = await t.db.selectFrom('voucher_lines').select(['document_id', 'document_number', 'credit_paise']).where('voucher_id', '=', voucher.id).where('credit_paise', '>', 0).execute();
    expect(partyLine).toEqual([{ document_id: w.invoice.id, document_number: w.invoice.number, credit_paise: w.invoice.total }]);
    const due = body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor)));
    expect(due.outstandingPaise).toBe(0);
    expect(due.documents).toHaveLength(0);
    expect(due.payments.map((p) => p.paymentId)).toEqual([payment.paymentId]);

    // The retailer's view: a PAID payment, its bill paid through the purchases module.
    const mine = body<Payment>(await w.retailer.get(PAYMENTS_PATHS.payment(payment.paymentId)));
    expect(mine).toMatchObject({ direction: 'PAID', partyName: 'Agarwal Pharma Distributors' });
    expect(mine.number).toMatch(/^PAY\//);
    expect(mine.allocations).toEqual([expect.objectContaining({ target: 'PURCHASE_BILL', documentId: w.billId, amountPaise: w.invoice.total })]);
    const billPayment = body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)));
    expect(billPayment).toMatchObject({ status: 'PAID', duePaise: 0, paidPaise: w.invoice.total });

    // Both sides told.
    const notices = await t.db.selectFrom('notifications').select(['unit_id', 'title']).where('type', '=', 'PAYMENT').where('created_at', '=', t.clock.now()).execute();
    expect(notices.map((n) => n.title).sort()).toEqual(['Payment made', 'Payment received']);

    const before = await counts(t.db);
    const again = await w.retailer.post(PAYMENTS_PATHS.submit, { direction: 'PAID', partyAccountId: w.creditor, method: 'UPI', utr: UTR1, amountPaise: 100, paidOn: '2026-11-22' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E0009', message: 'This UTR is already recorded' });
    expect(await counts(t.db)).toEqual(before);

    // A payment dated in a closed financial year: refused whole, by the statement that writes its vouchers.
    expect((await w.stockist.post(BOOKS_PATHS.closeFinancialYear('2025-26'))).statusCode).toBe(200);
    const late = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CASH', amountPaise: 100, paidOn: '2026-03-31' });
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([409, 'E0012', 'The financial year 2025-26 is closed: no entry can be dated 31-03-2026']);
    expect(await counts(t.db)).toEqual(before);

    // Dated after today or before the unit's first financial year (issue 32): E0022 naming the range, nothing written.
    for (const paidOn of ['2026-11-23', '2024-03-31']) {
      const far = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CASH', amountPaise: 100, paidOn });
      expect([far.statusCode, far.json().code, far.json().fields]).toEqual([400, 'E0022', { paidOn: 'Choose a date from 01-04-2025 to 22-11-2026' }]);
      const request = await w.retailer.post(PAYMENTS_PATHS.payRequest('00000000-0000-4000-8000-000000000000'), { method: 'CASH', amountPaise: 100, paidOn });
      expect(request.statusCode).toBe(404);
    }
    // Far dates never reach the books' rule: the contract's date range (shared-api IsoDate) refuses them first.
    for (const paidOn of ['2099-06-01', '1900-01-01']) {
      for (const far of [
        await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CASH', amountPaise: 100, paidOn }),
        await w.retailer.post(PAYMENTS_PATHS.payRequest('00000000-0000-4000-8000-000000000000'), { method: 'CASH', amountPaise: 100, paidOn }),
      ]) {
        expect([far.statusCode, far.json().code, Object.keys(far.json().fields ?? {})]).toEqual([400, 'E0001', ['paidOn']]);
      }
    }
    expect(await counts(t.db)).toEqual(before);

    const listed = body<PaymentList>(await w.retailer.get(PAYMENTS_PATHS.payments, { direction: 'PAID' }));
    expect(listed.items.map((p) => p.paymentId)).toEqual([payment.paymentId]);
    expect(body<PaymentList>(await w.retailer.get(PAYMENTS_PATHS.payments, { direction: 'RECEIVED' })).totalResults).toBe(0);
    const summary = body<PaymentsSummary>(await w.stockist.get(PAYMENTS_PATHS.summary));
    expect(summary.receivedThisMonthPaise).toBe(w.invoice.total);
    await booksBalance(t.db);
  });

  it('keeps what is beyond the dues on account, in both books', async () => {
    const w = await world(t);
    const preview = body<AllocationPreview>(await w.retailer.post(PAYMENTS_PATHS.preview, { direction: 'PAID', partyAccountId: w.creditor, method: 'CASH', amountPaise: w.invoice.total + 5000, paidOn: '2026-11-22' }));
    expect(preview.onAccountPaise).toBe(5000);
    expect(preview.lines.map((l) => [l.target, l.amountPaise])).toEqual([
      ['PURCHASE_BILL', w.invoice.total],
      ['ON_ACCOUNT', 5000],
    ]);
    expect((await counts(t.db)).payments).toBe(0);

    // The buyer's payment is a claim (issue 39) naming the bill and the rest on account; the seller confirms it.
    const claimed = body<Payment>(await w.retailer.post(PAYMENTS_PATHS.submit, { direction: 'PAID', partyAccountId: w.creditor, method: 'CASH', amountPaise: w.invoice.total + 5000, paidOn: '2026-11-22' }));
    expect(claimed.claim!.lines.map((l) => [l.invoiceNumber, l.amountPaise])).toEqual([
      [w.invoice.number, w.invoice.total],
      [null, 5000],
    ]);
    expect((await w.stockist.post(PAYMENTS_PATHS.confirmClaim(claimed.paymentId))).statusCode).toBe(200);
    const payment = body<Payment>(await w.retailer.get(PAYMENTS_PATHS.payment(claimed.paymentId)));
    expect(payment.allocations.map((l) => [l.target, l.amountPaise])).toEqual([
      ['PURCHASE_BILL', w.invoice.total],
      ['ON_ACCOUNT', 5000],
    ]);
    const payable = body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty(w.creditor)));
    expect(payable).toMatchObject({ outstandingPaise: -5000, unallocatedPaise: 5000 });
    const stockistSide = body<Payment>(await w.stockist.get(PAYMENTS_PATHS.payment(payment.paymentId)));
    expect(stockistSide.allocations.map((l) => [l.target, l.documentId, l.amountPaise])).toEqual([
      ['SALES_INVOICE', w.invoice.id, w.invoice.total],
      ['ON_ACCOUNT', null, 5000],
    ]);
    // One receipt voucher with one RCT number: a debtor line against the invoice and one on account (issue 32).
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');
    const allocations = await t.db.selectFrom('payment_allocations').select(['voucher_id', 'voucher_number']).where('payment_id', '=', payment.paymentId).where('unit_id', '=', stockistUnit).execute();
    expect(new Set(allocations.map((n) => n.voucher_id)).size).toBe(1);
    expect(await t.db.selectFrom('vouchers').select('id').where('unit_id', '=', stockistUnit).where('document_number', '=', allocations[0]!.voucher_number).execute()).toEqual([{ id: allocations[0]!.voucher_id }]);
    const lines = await t.db.selectFrom('voucher_lines').select(['debit_paise', 'credit_paise', 'document_id']).where('voucher_id', '=', allocations[0]!.voucher_id).orderBy('position').execute();
    expect(lines).toEqual([
      { debit_paise: w.invoice.total + 5000, credit_paise: 0, document_id: null },
      { debit_paise: 0, credit_paise: w.invoice.total, document_id: w.invoice.id },
      { debit_paise: 0, credit_paise: 5000, document_id: null },
    ]);
    // The payer's side too: one PAY voucher, its creditor lines against the bill and on account; the bill is paid.
    const retailerUnit = await unitId(t.db, 'RTL-MUM-001');
    const paid = await t.db.selectFrom('payment_allocations').select('voucher_id').distinct().where('payment_id', '=', payment.paymentId).where('unit_id', '=', retailerUnit).execute();
    expect(paid).toHaveLength(1);
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ status: 'PAID', duePaise: 0 });
    await booksBalance(t.db);
  });

  it('is one voucher with one number over several invoices, bill-wise in the books and in the Tally export (issue 32)', async () => {
    const w = await world(t);
    const second = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 5, ptrPaise: 1000 });
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');
    const invoices = await t.db.selectFrom('sales_invoices').select(['id', 'invoice_number', 'total_paise']).where('unit_id', '=', stockistUnit).orderBy('invoice_number').execute();
    expect(invoices).toHaveLength(2);
    const [first, later] = invoices.map((i) => ({ id: i.id, number: i.invoice_number, total: Number(i.total_paise) }));
    const amount = first!.total + 1000;
    const allocation = { mode: 'CHOSEN', items: [{ documentId: first!.id, amountPaise: first!.total }, { documentId: later!.id, amountPaise: 1000 }] };
    const payment = body<Payment>(await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CASH', amountPaise: amount, paidOn: '2026-11-22', allocation }));
    expect(payment.allocations.map((a) => [a.documentNumber, a.amountPaise])).toEqual([
      [first!.number, first!.total],
      [later!.number, 1000],
    ]);
    const vouchers = await t.db.selectFrom('vouchers').select(['id', 'document_id']).where('unit_id', '=', stockistUnit).where('document_number', '=', payment.number).execute();
    expect(vouchers).toEqual([{ id: expect.any(String), document_id: payment.paymentId }]);
    const lines = await t.db.selectFrom('voucher_lines').select(['debit_paise', 'credit_paise', 'document_id', 'document_number']).where('voucher_id', '=', vouchers[0]!.id).orderBy('position').execute();
    expect(lines).toEqual([
      { debit_paise: amount, credit_paise: 0, document_id: null, document_number: null },
      { debit_paise: 0, credit_paise: first!.total, document_id: first!.id, document_number: first!.number },
      { debit_paise: 0, credit_paise: 1000, document_id: later!.id, document_number: later!.number },
    ]);
    // Outstanding per document: the first settled, the later one less what was allocated to it.
    const due = body<PartyDueDetail>(await w.stockist.get(PAYMENTS_PATHS.receivableParty(w.debtor)));
    expect(due.documents.map((d) => [d.documentId, d.outstandingPaise])).toEqual([[later!.id, later!.total - 1000]]);
    // The payer's books: one PAY voucher; each bill paid as allocated.
    const retailerUnit = await unitId(t.db, 'RTL-MUM-001');
    expect(await t.db.selectFrom('payment_allocations').select('voucher_id').distinct().where('payment_id', '=', payment.paymentId).where('unit_id', '=', retailerUnit).execute()).toHaveLength(1);
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(w.billId)))).toMatchObject({ status: 'PAID', duePaise: 0 });
    expect(body<PurchaseBillPayment>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBillPayment(second.billId)))).toMatchObject({ status: 'PARTLY_PAID', paidPaise: 1000 });

    // Tally: one VOUCHER with that number, a BILLALLOCATIONS.LIST per invoice.
    const xml = (await w.stockist.get(BOOKS_PATHS.tallyExport, { from: '2026-11-01', to: '2026-11-30' })).body;
    const receipts = xml.split('<VOUCHER ').filter((v) => v.includes(`<VOUCHERNUMBER>${payment.number}</VOUCHERNUMBER>`));
    expect(receipts).toHaveLength(1);
    expect([...receipts[0]!.matchAll(/<BILLALLOCATIONS.LIST><NAME>([^<]+)<\/NAME><BILLTYPE>Agst Ref<\/BILLTYPE><AMOUNT>([^<]+)<\/AMOUNT>/g)].map((m) => [m[1], m[2]])).toEqual([
      [first!.number, (first!.total / 100).toFixed(2)],
      [later!.number, '10.00'],
    ]);
    await booksBalance(t.db);
  });

  it('refuses a chosen amount beyond what is due (E0010) and writes nothing', async () => {
    const w = await world(t);
    const before = await counts(t.db);
    const res = await w.stockist.post(PAYMENTS_PATHS.submit, {
      direction: 'RECEIVED',
      partyAccountId: w.debtor,
      method: 'UPI',
      utr: UTR2,
      amountPaise: w.invoice.total + 100,
      paidOn: '2026-11-22',
      allocation: { mode: 'CHOSEN', items: [{ documentId: w.invoice.id, amountPaise: w.invoice.total + 100 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'E0010' });
    expect(res.json().message).toContain(w.invoice.number);
    expect(await counts(t.db)).toEqual(before);
    const unknown = await w.stockist.post(PAYMENTS_PATHS.preview, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CASH', amountPaise: 100, paidOn: '2026-11-22', allocation: { mode: 'CHOSEN', items: [{ documentId: w.billId, amountPaise: 100 }] } });
    expect(unknown.json()).toMatchObject({ code: 'E0010' });
  });

  it('shows a payment to its two parties only', async () => {
    const w = await world(t);
    const payment = body<Payment>(await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: w.debtor, method: 'CHEQUE', chequeNumber: '000123', amountPaise: 1000, paidOn: '2026-11-21' }));
    expect(payment.chequeNumber).toBe('000123');
    const stranger = await signedIn(t, '9800000003');
    const res = await stranger.get(PAYMENTS_PATHS.payment(payment.paymentId));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'E0002' });
    expect(body<PaymentList>(await stranger.get(PAYMENTS_PATHS.payments)).totalResults).toBe(0);
  });
});

