import { ACCOUNTING_PATHS, PAYMENTS_PATHS, type CounterSale, type CreditNote, type DebitNoteList, type PartyDueDetail, type PartyDues, type PurchaseBill, type PurchaseBillList, type SalesInvoice } from 'shared-api';
import { booksWorld, buyAndReceive, type BooksWorld } from './books-fixtures';
import { body, build } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * One document, two sides (ARCHITECTURE.md decision 12, issue 32): what Agarwal (STK-PUN-001) issues to Sharma
 * (RTL-MUM-001) reaches Sharma's books in the same transaction. two-sided-properties.test.ts checks the same over
 * random histories.
 */

const t = build();

async function billOf(w: BooksWorld, invoiceNumber: string) {
  const listed = body<PurchaseBillList>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBills));
  const summary = listed.items.find((b) => b.billNumber === invoiceNumber);
  if (!summary) return null;
  return body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(summary.billId)));
}

async function receiveAll(w: BooksWorld, bill: PurchaseBill, less: Record<number, number> = {}) {
  return w.retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(bill.billId), {
    lines: bill.lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity - (less[l.position] ?? 0), salePricePaise: 1500 })),
  });
}

/** Sharma's payable to Agarwal as Sharma's dues screen shows it (0 when none). */
async function payable(w: BooksWorld) {
  return body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable)).parties.find((p) => p.partyUnitCode === 'STK-PUN-001')?.outstandingPaise ?? 0;
}
async function receivable(w: BooksWorld) {
  return body<PartyDues>(await w.stockist.get(PAYMENTS_PATHS.receivable)).parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')?.outstandingPaise ?? 0;
}

/** Σ (debit − credit) on a unit's heads of these codes. */
async function headNet(unit: string, codes: string[]) {
  const r = await t.db
    .selectFrom('voucher_lines as l')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select((e) => e.fn.coalesce(e.fn.sum<number>(e.parens('l.debit_paise', '-', e.ref('l.credit_paise'))), e.lit(0)).as('n'))
    .where('a.unit_id', '=', unit)
    .where('a.code', 'in', codes)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
const INPUT_TAX = ['INPUT_CGST', 'INPUT_SGST', 'INPUT_IGST'];

const counterSale = async (w: BooksWorld, quantity: number, paymentMode: 'CREDIT' | 'CASH' | 'UPI') => {
  const res = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity }], paymentMode });
  expect(res.statusCode).toBe(200);
  return body<CounterSale>(res);
};

describe('a counter sale to a connected party', () => {
  it('arrives as its bill to receive, as an online invoice does; Receive stocks it and claims the input tax', async () => {
    const w = await booksWorld(t);
    const sale = await counterSale(w, 10, 'CREDIT');
    const bill = await billOf(w, sale.invoice.invoiceNumber);
    expect(bill).toMatchObject({ source: 'PLATFORM', status: 'PENDING', salesInvoiceId: sale.invoice.invoiceId, totals: sale.invoice.totals });
    expect(bill!.lines.map((l) => [l.batchNo, l.quantity, l.ratePaise])).toEqual([['BK-1', 10, 1000]]);
    // Nothing in Sharma's books before the goods are received.
    expect(await payable(w)).toBe(0);
    expect(await headNet(w.retailerUnit, INPUT_TAX)).toBe(0);
    const notice = await t.db.selectFrom('notifications').select('link').where('unit_id', '=', w.retailerUnit).where('title', 'like', `Invoice ${sale.invoice.invoiceNumber} from %`).executeTakeFirst();
    expect(notice?.link).toContain(bill!.billId);

    expect((await receiveAll(w, bill!)).statusCode).toBe(200);
    expect(await payable(w)).toBe(sale.invoice.totals.totalPaise);
    expect(await receivable(w)).toBe(sale.invoice.totals.totalPaise);
    expect(await headNet(w.retailerUnit, INPUT_TAX)).toBe(sale.invoice.totals.cgstPaise + sale.invoice.totals.sgstPaise + sale.invoice.totals.igstPaise);
    const stock = await t.db.selectFrom('purchase_bill_lines as l').innerJoin('inventory_batches as b', 'b.id', 'l.batch_id').select(['b.quantity', 'b.unit_id']).where('l.bill_id', '=', bill!.billId).executeTakeFirstOrThrow();
    expect(stock).toEqual({ quantity: 10, unit_id: w.retailerUnit });

    // Paid at the counter later: the payment is Sharma's too, against this bill.
    expect((await w.stockist.post(ACCOUNTING_PATHS.instoreSalePayment(sale.invoice.invoiceId), { mode: 'UPI' })).statusCode).toBe(200);
    expect(await payable(w)).toBe(0);
    expect(await receivable(w)).toBe(0);
    expect(body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill!.billId))).payment).toMatchObject({ status: 'PAID', duePaise: 0 });
  });

  it('paid in cash or UPI at the counter: the bill arrives paid, and Sharma owes nothing once it is received', async () => {
    const w = await booksWorld(t);
    const older = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 5, ptrPaise: 1000 });
    const sale = await counterSale(w, 4, 'UPI');
    const bill = (await billOf(w, sale.invoice.invoiceNumber))!;
    expect(bill.status).toBe('PENDING');
    // The money waits for its bill: the older bill stays open in full.
    const before = body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty((await creditorHead(w)))));
    expect(before.documents.map((d) => [d.documentId, d.outstandingPaise])).toEqual([[older.billId, older.totals.totalPaise]]);
    expect(before.unallocatedPaise).toBe(sale.invoice.totals.totalPaise);
    expect((await receiveAll(w, bill)).statusCode).toBe(200);
    expect(body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId))).payment).toMatchObject({ status: 'PAID', paidPaise: sale.invoice.totals.totalPaise });
    expect(await payable(w)).toBe(older.totals.totalPaise);
    expect(await receivable(w)).toBe(older.totals.totalPaise);
  });
});

async function creditorHead(w: BooksWorld) {
  return body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable)).parties.find((p) => p.partyUnitCode === 'STK-PUN-001')!.accountId;
}

describe('a credit note to a platform buyer', () => {
  it('on a received bill: Sharma gets the debit note in the same transaction, payable and input tax drop, the goods leave its batch', async () => {
    const w = await booksWorld(t);
    const bill = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1000 });
    const batchId = bill.lines[0]!.batchId!;
    const taxBefore = await headNet(w.retailerUnit, INPUT_TAX);
    const res = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: bill.salesInvoiceId, lines: [{ invoicePosition: 1, quantity: 4, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(res.statusCode).toBe(200);
    const cn = body<CreditNote>(res);

    const notes = body<DebitNoteList>(await w.retailer.get(ACCOUNTING_PATHS.purchaseReturns));
    expect(notes.items).toHaveLength(1);
    expect(notes.items[0]).toMatchObject({ billId: bill.billId, totalPaise: cn.totals.totalPaise });
    expect(body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId))).payment).toMatchObject({ returnedPaise: cn.totals.totalPaise, duePaise: bill.totals.totalPaise - cn.totals.totalPaise });
    expect(await payable(w)).toBe(bill.totals.totalPaise - cn.totals.totalPaise);
    expect(await receivable(w)).toBe(await payable(w));
    expect(taxBefore - (await headNet(w.retailerUnit, INPUT_TAX))).toBe(cn.totals.cgstPaise + cn.totals.sgstPaise + cn.totals.igstPaise);
    expect((await t.db.selectFrom('inventory_batches').select('quantity').where('id', '=', batchId).executeTakeFirstOrThrow()).quantity).toBe(6);
    const move = await t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta']).where('batch_id', '=', batchId).where('kind', '=', 'PURCHASE_RETURN').execute();
    expect(move).toEqual([{ kind: 'PURCHASE_RETURN', quantity_delta: -4 }]);
  });

  it('refused when the buyer no longer has the goods it would return (nothing written on either side)', async () => {
    const w = await booksWorld(t);
    const bill = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1000 });
    await t.db.updateTable('inventory_batches').set({ quantity: 2 }).where('id', '=', bill.lines[0]!.batchId!).execute();
    const res = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: bill.salesInvoiceId, lines: [{ invoicePosition: 1, quantity: 4, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'E0010' });
    expect(res.json().message).toContain('the buyer has only 2 units');
    expect(await t.db.selectFrom('credit_notes').select('id').execute()).toEqual([]);
  });

  it('on a bill not received yet: the bill shows the return, Receive takes the rest and posts the debit note with the bill', async () => {
    const w = await booksWorld(t);
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.product, quantity: 10, ptrPaise: 1000, batches: [{ batchId: w.sellerBatch, quantity: 10 }] }] });
    const invoice = body<SalesInvoice>(await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    const cn = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 3, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }));
    const bill = (await billOf(w, invoice.invoiceNumber))!;
    expect(bill.payment).toMatchObject({ status: 'NOT_RECEIVED', returnedPaise: cn.totals.totalPaise });
    expect(await payable(w)).toBe(0);
    // The Receive screen prefills what can still arrive from the bill's lines.
    const pending = body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId)));
    expect(pending.lines.map((l) => l.creditedQuantity)).toEqual([3]);

    const tooMany = await receiveAll(w, bill);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('3 of them credited back');
    expect((await receiveAll(w, bill, { 1: 3 })).statusCode).toBe(200);
    const received = body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId)));
    expect(received.lines[0]!.receivedQuantity).toBe(7);
    expect(received.receiptNote).toBeNull();
    expect(received.payment).toMatchObject({ status: 'UNPAID', returnedPaise: cn.totals.totalPaise, duePaise: invoice.totals.totalPaise - cn.totals.totalPaise });
    expect(await payable(w)).toBe(invoice.totals.totalPaise - cn.totals.totalPaise);
    expect(await receivable(w)).toBe(await payable(w));
    const tax = (x: { cgstPaise: number; sgstPaise: number; igstPaise: number }) => x.cgstPaise + x.sgstPaise + x.igstPaise;
    expect(await headNet(w.retailerUnit, INPUT_TAX)).toBe(tax(invoice.totals) - tax(cn.totals));
    expect(body<DebitNoteList>(await w.retailer.get(ACCOUNTING_PATHS.purchaseReturns)).items.map((n) => n.totalPaise)).toEqual([cn.totals.totalPaise]);
  });
});

describe('a payment the seller records before the buyer receives the bill', () => {
  it('waits for that bill and settles it on Receive, never an older bill', async () => {
    const w = await booksWorld(t);
    const older = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 5, ptrPaise: 1000 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.product, quantity: 8, ptrPaise: 1000, batches: [{ batchId: w.sellerBatch, quantity: 8 }] }] });
    const invoice = body<SalesInvoice>(await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    const debtor = body<PartyDues>(await w.stockist.get(PAYMENTS_PATHS.receivable)).parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')!.accountId;
    const paid = await w.stockist.post(PAYMENTS_PATHS.submit, {
      direction: 'RECEIVED',
      partyAccountId: debtor,
      method: 'CASH',
      amountPaise: 5000,
      paidOn: '2026-11-22',
      allocation: { mode: 'CHOSEN', items: [{ documentId: invoice.invoiceId, amountPaise: 5000 }] },
    });
    expect(paid.statusCode).toBe(200);
    const creditor = await creditorHead(w);
    const waiting = body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty(creditor)));
    expect(waiting.documents.map((d) => [d.documentId, d.outstandingPaise])).toEqual([[older.billId, older.totals.totalPaise]]);
    expect(waiting.unallocatedPaise).toBe(5000);

    const bill = (await billOf(w, invoice.invoiceNumber))!;
    expect((await receiveAll(w, bill)).statusCode).toBe(200);
    const after = body<PartyDueDetail>(await w.retailer.get(PAYMENTS_PATHS.payableParty(creditor)));
    // (Both bills are of the same day: their order is the vouchers', which the test's clock leaves open.)
    expect(new Map(after.documents.map((d) => [d.documentId, d.outstandingPaise]))).toEqual(
      new Map([
        [older.billId, older.totals.totalPaise],
        [bill.billId, invoice.totals.totalPaise - 5000],
      ]),
    );
    expect(after.unallocatedPaise).toBe(0);
    expect(body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId))).payment).toMatchObject({ status: 'PARTLY_PAID', paidPaise: 5000 });
    expect(await payable(w)).toBe(await receivable(w));
  });
});
