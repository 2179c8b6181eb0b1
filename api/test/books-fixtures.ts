import { randomUUID } from 'node:crypto';
import { ACCOUNTING_PATHS, type AccountGroup, type CounterSale, type CreditNote, type PurchaseBill, type PurchaseBillList, type SalesInvoice } from 'shared-api';
import { createCustomHead } from '../src/modules/ledger/accounts';
import { postVoucher } from '../src/modules/ledger/post';
import { addBatch, addProduct, setGstRate, unitId } from './cart-fixtures';
import { bearer, body, login, type TestContext } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * The books tests' world: Sharma Medical (RTL-MUM-001, the demo retailer, no stock of its own) buys from Agarwal
 * (STK-PUN-001) through platform invoices, receives them, sells at its counter and takes goods back.
 * Product "Booksol 500": HSN 30049099 at 12 %, MRP ₹22.40, so a walk-in pays ₹20.00 + GST a unit.
 */

export async function signedIn(t: TestContext, mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}
export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

export async function booksWorld(t: TestContext) {
  await setGstRate(t.db, '30049099', '2020-01-01', 1200);
  const product = await addProduct(t.db, { name: 'Booksol 500', manufacturer: 'Ledgerly Labs', pack: '10 tablets', hsn: '30049099' });
  const other = await addProduct(t.db, { name: 'Fifozin 250', manufacturer: 'Ledgerly Labs', pack: '10 tablets', hsn: '30049099' });
  const sellerBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'BK-1', expiry: '2028-06-30', quantity: 1000, ptr: 1000, mrp: 2240 });
  const nearBatch = await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: other, batchNo: 'FZ-NEAR', expiry: '2027-01-10', quantity: 1000, ptr: 1000, mrp: 2240 });
  return {
    product,
    other,
    sellerBatch,
    nearBatch,
    stockist: await signedIn(t, '9800000001'),
    retailer: await signedIn(t, '9800000002'),
    retailerUnit: await unitId(t.db, 'RTL-MUM-001'),
  };
}
export type BooksWorld = Awaited<ReturnType<typeof booksWorld>>;

/** Agarwal invoices Sharma `quantity` + `free` units at `ptrPaise`; Sharma receives all of it into its active warehouse. */
export async function buyAndReceive(t: TestContext, w: BooksWorld, l: { productId: string; batchId: string; quantity: number; free?: number; ptrPaise: number; salePricePaise?: number }) {
  const orderId = await acceptedOrder(t.db, {
    sellerCode: 'STK-PUN-001',
    buyerCode: 'RTL-MUM-001',
    lines: [{ productId: l.productId, quantity: l.quantity, freeQuantity: l.free ?? 0, ptrPaise: l.ptrPaise, batches: [{ batchId: l.batchId, quantity: l.quantity + (l.free ?? 0) }] }],
  });
  const invoice = body<SalesInvoice>(await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
  const listed = await w.retailer.get(ACCOUNTING_PATHS.purchaseBills);
  if (listed.statusCode !== 200) throw new Error(listed.body);
  const bill = body<PurchaseBillList>(listed).items.find((b) => b.billNumber === invoice.invoiceNumber)!;
  const lines = body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(bill.billId))).lines;
  const res = await w.retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(bill.billId), {
    lines: lines.map((x) => ({ position: x.position, receivedQuantity: x.quantity + x.freeQuantity, salePricePaise: l.salePricePaise ?? 1500 })),
  });
  expect(res.statusCode).toBe(200);
  return body<PurchaseBill>(res);
}

export async function counterSale(w: BooksWorld, productId: string, quantity: number, paymentMode: 'CASH' | 'CREDIT' = 'CASH') {
  const res = await w.retailer.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId, quantity }], paymentMode });
  expect(res.statusCode).toBe(200);
  return body<CounterSale>(res);
}

/** Units of an invoice's first line back into their batch (saleable). */
export async function returnUnits(w: BooksWorld, invoiceId: string, quantity: number) {
  const res = await w.retailer.post(ACCOUNTING_PATHS.salesReturns, { invoiceId, lines: [{ invoicePosition: 1, quantity, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
  expect(res.statusCode).toBe(200);
  return body<CreditNote>(res);
}

/** A journal straight through the posting function: Dr a custom head of `group` (made on first use), Cr Cash. */
export async function expenseJournal(t: TestContext, unit: string, e: { head: string; group: AccountGroup; date: string; amountPaise: number }) {
  await t.db.transaction().execute(async (trx) => {
    const at = t.clock.now();
    const existing = await trx.selectFrom('ledger_accounts').select('id').where('unit_id', '=', unit).where('name', '=', e.head).executeTakeFirst();
    const accountId = existing?.id ?? (await createCustomHead(trx, unit, { name: e.head, group: e.group }, at));
    await postVoucher(trx, {
      unitId: unit,
      kind: 'JOURNAL',
      date: e.date,
      documentType: 'JOURNAL',
      documentNumber: `JV-${randomUUID().slice(0, 6)}`,
      narration: e.head,
      lines: [
        { account: { accountId }, debitPaise: e.amountPaise },
        { account: { head: 'CASH' }, creditPaise: e.amountPaise },
      ],
      at,
    });
  });
}
