import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  DASHBOARD_PATHS,
  EINVOICE_PATHS,
  PATHS,
  type EInvoiceState,
  type Employee,
  PAYMENTS_PATHS,
  type CounterSale,
  type Dashboard,
  type CreditNote,
  type DebitNote,
  type Gstr1Summary,
  type Gstr3b,
  type PartyDues,
  type PurchaseBill,
  type PurchaseBillList,
  type PurchaseReport,
  type SalesInvoice,
  type SalesRegister,
} from 'shared-api';
import { inTransaction } from '../src/db/transaction';
import { cancelInBooks, type CancellableDocument } from '../src/modules/cancellations/books';
import { type IrpClient, LocalIrp } from '../src/modules/e-invoices/irp';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { booksWorld, signedIn, type BooksWorld } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { bearer, body, build, DEMO, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';
import { booksBalance } from './payments-fixtures';

/*
 * Cancelling a document (issue 34): Agarwal (STK-PUN-001) invoices Sharma (RTL-MUM-001); the cancellation reverses
 * the voucher, puts the stock back and withdraws Sharma's side, in one transaction, or refuses (E0013) once someone
 * acted on the document in a way that cannot be undone.
 */

/** The local portal, on its own clock: our clock moved by `portalSkewMs` (a portal whose time differs from ours). */
let portalSkewMs = 0;
const newPortal = () => new LocalIrp(() => new Date(t.clock.now().getTime() + portalSkewMs));
let portal = newPortal();
// A fresh portal per test (each test's database numbers its invoices from 1 again); the app keeps one adapter.
const irp: IrpClient = { provider: 'LOCAL', register: (gstin, payload) => portal.register(gstin, payload), cancel: (gstin, input) => portal.cancel(gstin, input) };
const t = build({ irp });
beforeEach(() => {
  portalSkewMs = 0;
  portal = newPortal();
});

const INPUT_TAX = ['INPUT_CGST', 'INPUT_SGST', 'INPUT_IGST'];
const OUTPUT_TAX = ['OUTPUT_CGST', 'OUTPUT_SGST', 'OUTPUT_IGST'];

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

const payable = async (w: BooksWorld) => body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable)).parties.find((p) => p.partyUnitCode === 'STK-PUN-001')?.outstandingPaise ?? 0;
const receivable = async (w: BooksWorld) => body<PartyDues>(await w.stockist.get(PAYMENTS_PATHS.receivable)).parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')?.outstandingPaise ?? 0;

const quantityOf = async (batchId: string) => (await t.db.selectFrom('inventory_batches').select('quantity').where('id', '=', batchId).executeTakeFirstOrThrow()).quantity;
/** A batch's quantity is what its movements explain (plus what it held without one when created). */
async function explained(batchId: string) {
  const r = await t.db.selectFrom('stock_movements').select((e) => e.fn.coalesce(e.fn.sum<number>('quantity_delta'), e.lit(0)).as('n')).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function ownerOf(code: string) {
  const unit = await unitId(t.db, code);
  const user = await t.db.selectFrom('users').select('id').where('unit_id', '=', unit).where('role', '=', 'OWNER').executeTakeFirstOrThrow();
  return { unit, user: user.id };
}

/** The books' cancellation straight through its function (the IRN route is tested below). */
async function cancel(code: string, documentType: CancellableDocument, documentId: string, o: { dryRun?: boolean } = {}) {
  const { unit, user } = await ownerOf(code);
  return inTransaction(t.db, (trx) => cancelInBooks(trx, { unitId: unit, documentType, documentId, reasonCode: '2', remark: 'Wrong rate keyed', userId: user, at: t.clock.now() }, { dryRun: o.dryRun ?? false }));
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; statusCode?: number; message: string };
    return { code: err.code, status: err.statusCode, message: err.message };
  }
  throw new Error('expected a refusal');
}

async function billOf(w: BooksWorld, invoiceNumber: string) {
  const summary = body<PurchaseBillList>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBills)).items.find((b) => b.billNumber === invoiceNumber)!;
  return body<PurchaseBill>(await w.retailer.get(ACCOUNTING_PATHS.purchaseBill(summary.billId)));
}

async function receive(w: BooksWorld, bill: PurchaseBill) {
  const res = await w.retailer.post(ACCOUNTING_PATHS.receivePurchaseBill(bill.billId), {
    lines: bill.lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity - (l.creditedQuantity ?? 0), salePricePaise: 1500 })),
  });
  return res;
}

/** Agarwal invoices an accepted order of 10 (+2 free) units of Booksol to Sharma. */
async function invoiced(w: BooksWorld) {
  const orderId = await acceptedOrder(t.db, {
    sellerCode: 'STK-PUN-001',
    buyerCode: 'RTL-MUM-001',
    lines: [{ productId: w.product, quantity: 10, freeQuantity: 2, ptrPaise: 1000, batches: [{ batchId: w.sellerBatch, quantity: 12 }] }],
  });
  // acceptedOrder does not move stock: take the 12 units as acceptance does, so the batch's count is explained.
  await t.db.updateTable('inventory_batches').set((e) => ({ quantity: e('quantity', '-', 12) })).where('id', '=', w.sellerBatch).execute();
  await t.db
    .insertInto('stock_movements')
    .values({ id: crypto.randomUUID(), batch_id: w.sellerBatch, unit_id: await unitId(t.db, 'STK-PUN-001'), kind: 'ORDER', quantity_delta: -12, reference: orderId, note: 'accepted', created_at: t.clock.now() })
    .execute();
  const res = await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
  expect(res.statusCode).toBe(200);
  return { orderId, invoice: body<SalesInvoice>(res) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
}

describe('cancelling an invoice in the books', () => {
  it('reverses its voucher, puts its goods back, withdraws the buyer’s received bill, and leaves it out of the register and GSTR-1', async () => {
    const w = await booksWorld(t);
    const before = await quantityOf(w.sellerBatch);
    const openingSeller = before - (await explained(w.sellerBatch));
    const { orderId, invoice } = await invoiced(w);
    const bill = await billOf(w, invoice.invoiceNumber);
    expect((await receive(w, bill)).statusCode).toBe(200);
    const received = await t.db.selectFrom('purchase_bill_lines').select('batch_id').where('bill_id', '=', bill.billId).executeTakeFirstOrThrow();
    expect(await quantityOf(received.batch_id!)).toBe(12);
    expect(await receivable(w)).toBe(invoice.totals.totalPaise);
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');

    // A dry run checks and writes nothing.
    await cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId, { dryRun: true });
    expect(await t.db.selectFrom('document_cancellations').select('id').execute()).toEqual([]);

    t.clock.advance(600);
    await cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId);

    // The seller's books: the voucher reversed (receivable and output tax back to nothing).
    expect(await receivable(w)).toBe(0);
    expect(await headNet(stockistUnit, OUTPUT_TAX)).toBe(0);
    const reversal = await t.db.selectFrom('vouchers').select(['kind', 'reverses_id']).where('reverses_id', '=', (await t.db.selectFrom('sales_invoices').select('voucher_id').where('id', '=', invoice.invoiceId).executeTakeFirstOrThrow()).voucher_id).executeTakeFirstOrThrow();
    expect(reversal.kind).toBe('REVERSAL');
    // The goods back in the batch they left, explained by an ORDER movement; the order ends rejected.
    expect(await quantityOf(w.sellerBatch)).toBe(before);
    const order = await t.db.selectFrom('orders').select(['status', 'reject_reason']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'REJECTED', reject_reason: `Invoice ${invoice.invoiceNumber} cancelled: Wrong rate keyed` });
    // The buyer's side: payable and input tax gone, the 12 units out of its batch again (a PURCHASE movement).
    expect(await payable(w)).toBe(0);
    expect(await headNet(w.retailerUnit, INPUT_TAX)).toBe(0);
    expect(await quantityOf(received.batch_id!)).toBe(0);
    for (const [batch, opening] of [[w.sellerBatch, openingSeller], [received.batch_id!, 0]] as const) expect((await quantityOf(batch)) - (await explained(batch))).toBe(opening);
    expect(
      await t.db.selectFrom('document_cancellations').select(['document_type', 'document_number', 'reason_code']).orderBy('document_type', 'desc').execute(),
    ).toEqual([
      { document_type: 'SALES_INVOICE', document_number: invoice.invoiceNumber, reason_code: '2' },
      { document_type: 'PURCHASE_BILL', document_number: invoice.invoiceNumber, reason_code: '2' },
    ]);
    await booksBalance(t.db);

    // Its answers say so, its PDF is stamped, and the register and GSTR-1 leave it out (Table 13 counts it cancelled).
    const answered = body<SalesInvoice>(await w.stockist.get(ACCOUNTING_PATHS.salesInvoice(invoice.invoiceId)));
    expect(answered.cancelled).toMatchObject({ reasonCode: '2', reason: 'Data entry mistake', remark: 'Wrong rate keyed' });
    expect(body<SalesInvoice>(await w.retailer.get(ACCOUNTING_PATHS.salesInvoice(invoice.invoiceId))).cancelled).toMatchObject({ reasonCode: '2' });
    expect(await pdfText((await w.stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(invoice.invoiceId))).rawPayload)).toContain('CANCELLED');
    const register = body<SalesRegister>(await w.stockist.get(ACCOUNTING_PATHS.salesRegister, { month: '2026-11' }));
    expect(register.items.map((i) => i.invoiceNumber)).not.toContain(invoice.invoiceNumber);
    const gstr1 = body<Gstr1Summary>(await w.stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    expect(JSON.stringify(gstr1.gstr1.b2b)).not.toContain(invoice.invoiceNumber);
    expect(gstr1.gstr1.doc_issue.doc_det[0]!.docs).toEqual([expect.objectContaining({ from: invoice.invoiceNumber, totnum: 1, cancel: 1, net_issue: 0 })]);

    // The buyer's purchase register and the seller's dashboard (most sold) leave it out too.
    expect(body<PurchaseReport>(await w.retailer.get(ACCOUNTING_PATHS.purchaseReport, { from: '2026-11-01', to: '2026-11-30' })).rows).toEqual([]);
    const dashboard = body<Dashboard>(await w.stockist.get(DASHBOARD_PATHS.dashboard, { period: 'WEEK' }));
    expect(dashboard.mostSold!.find((p) => p.productId === w.product)).toBeUndefined();
    // GSTR-3B: no output tax on it in the seller's, no input tax from its bill in the buyer's.
    const zero = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };
    expect(body<Gstr3b>(await w.stockist.get(BOOKS_PATHS.gstr3b, { month: '2026-11' })).outwardTaxable).toEqual(zero);
    expect(body<Gstr3b>(await w.retailer.get(BOOKS_PATHS.gstr3b, { month: '2026-11' })).itcAvailable).toEqual(zero);

    // Nothing more can be done with it.
    const again = await refusal(cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId));
    expect(again).toMatchObject({ code: 'E0013', message: `Invoice ${invoice.invoiceNumber} is already cancelled` });
    const ret = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect([ret.statusCode, ret.json().code]).toEqual([409, 'E0013']);
  });

  it('a counter sale on credit to a connected party: its units back into the batch (a SALE movement)', async () => {
    const w = await booksWorld(t);
    const before = await quantityOf(w.sellerBatch);
    const res = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: 5 }], paymentMode: 'CREDIT' });
    expect(res.statusCode).toBe(200);
    const sale = body<CounterSale>(res);
    expect(await quantityOf(w.sellerBatch)).toBe(before - 5);
    await cancel('STK-PUN-001', 'SALES_INVOICE', sale.invoice.invoiceId);
    expect(await quantityOf(w.sellerBatch)).toBe(before);
    const back = await t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta']).where('reference', '=', sale.invoice.invoiceId).where('quantity_delta', '>', 0).execute();
    expect(back).toEqual([{ kind: 'SALE', quantity_delta: 5 }]);
    expect(await receivable(w)).toBe(0);
    await booksBalance(t.db);
  });

  it('withdraws a bill not received yet: Receive refuses it afterwards', async () => {
    const w = await booksWorld(t);
    const { invoice } = await invoiced(w);
    const bill = await billOf(w, invoice.invoiceNumber);
    await cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId);
    const res = await receive(w, bill);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([409, 'E0013', `Bill ${bill.billNumber} was withdrawn: the supplier cancelled the invoice`]);
    expect(await payable(w)).toBe(0);
    await booksBalance(t.db);
  });

  it('is refused (E0013, a credit note instead) once a credit note stands, money was recorded, or the buyer sold some of the goods', async () => {
    const w = await booksWorld(t);
    // A credit note against it.
    const a = await invoiced(w);
    const cn = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: a.invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(cn.statusCode).toBe(200);
    expect(await refusal(cancel('STK-PUN-001', 'SALES_INVOICE', a.invoice.invoiceId))).toMatchObject({
      code: 'E0013',
      message: `Invoice ${a.invoice.invoiceNumber} has credit note ${body<CreditNote>(cn).creditNoteNumber} against it: it can no longer be cancelled; issue a credit note instead`,
    });

    // Money recorded against it.
    const paid = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: 2 }], paymentMode: 'CASH' });
    expect(paid.statusCode).toBe(200);
    expect(await refusal(cancel('STK-PUN-001', 'SALES_INVOICE', body<CounterSale>(paid).invoice.invoiceId))).toMatchObject({
      code: 'E0013',
      message: expect.stringMatching(/^Money was recorded against Invoice .* \(RCT\/26-27\/\d+\).*issue a credit note instead$/),
    });

    // The buyer received the goods and sold some at its counter.
    const c = await invoiced(w);
    expect((await receive(w, await billOf(w, c.invoice.invoiceNumber))).statusCode).toBe(200);
    const sale = await w.retailer.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: w.product, quantity: 3 }], paymentMode: 'CASH' });
    expect(sale.statusCode).toBe(200);
    expect(await refusal(cancel('STK-PUN-001', 'SALES_INVOICE', c.invoice.invoiceId))).toMatchObject({
      code: 'E0013',
      message: expect.stringMatching(/^The buyer has only 9 of the 12 units of batch BK-1 .*issue a credit note instead$/),
    });
    // Nothing was written by any refusal.
    expect(await t.db.selectFrom('document_cancellations').select('id').execute()).toEqual([]);
    await booksBalance(t.db);
  });
});

describe('cancelling a credit note and a debit note', () => {
  it('a credit note: its voucher reversed, the returned units out again, the buyer’s debit note withdrawn and its units back', async () => {
    const w = await booksWorld(t);
    const { invoice } = await invoiced(w);
    expect((await receive(w, await billOf(w, invoice.invoiceNumber))).statusCode).toBe(200);
    const sellerBefore = await quantityOf(w.sellerBatch);
    const res = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 3, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(res.statusCode).toBe(200);
    const note = body<CreditNote>(res);
    const dn = await t.db.selectFrom('debit_notes').select(['id', 'note_number']).where('credit_note_id', '=', note.creditNoteId).executeTakeFirstOrThrow();
    const buyerBatch = (await t.db.selectFrom('stock_movements').select('batch_id').where('reference', '=', dn.id).executeTakeFirstOrThrow()).batch_id;
    expect([await quantityOf(w.sellerBatch), await quantityOf(buyerBatch)]).toEqual([sellerBefore + 3, 9]);
    expect(await payable(w)).toBe(invoice.totals.totalPaise - note.totals.totalPaise);

    await cancel('STK-PUN-001', 'CREDIT_NOTE', note.creditNoteId);
    expect([await quantityOf(w.sellerBatch), await quantityOf(buyerBatch)]).toEqual([sellerBefore, 12]);
    expect(await receivable(w)).toBe(invoice.totals.totalPaise);
    expect(await payable(w)).toBe(invoice.totals.totalPaise);
    expect(await headNet(w.retailerUnit, INPUT_TAX)).toBe(invoice.totals.cgstPaise + invoice.totals.sgstPaise + invoice.totals.igstPaise);
    expect(body<CreditNote>(await w.stockist.get(ACCOUNTING_PATHS.salesReturn(note.creditNoteId))).cancelled).toMatchObject({ reasonCode: '2' });
    expect(await pdfText((await w.stockist.get(ACCOUNTING_PATHS.salesReturnPdf(note.creditNoteId))).rawPayload)).toContain('CANCELLED');
    expect((await t.db.selectFrom('document_cancellations').select('document_type').where('document_id', '=', dn.id).executeTakeFirst())?.document_type).toBe('DEBIT_NOTE');
    // The whole invoice may be returned again.
    const again = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 10, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(again.statusCode).toBe(200);
    await booksBalance(t.db);
    // GSTR-1 lists only the note that stands.
    const gstr1 = body<Gstr1Summary>(await w.stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    expect(JSON.stringify(gstr1.gstr1.cdnr)).not.toContain(note.creditNoteNumber);
    expect(JSON.stringify(gstr1.gstr1.cdnr)).toContain(body<CreditNote>(again).creditNoteNumber);
  });

  it('a credit note whose units were sold again, or with a later note standing, is refused', async () => {
    const w = await booksWorld(t);
    const { invoice } = await invoiced(w);
    const first = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }));
    const second = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }));
    expect(await refusal(cancel('STK-PUN-001', 'CREDIT_NOTE', first.creditNoteId))).toMatchObject({ code: 'E0013', message: expect.stringContaining(`(${second.creditNoteNumber}) stands`) });
    // The seller's batch no longer holds the units free of orders.
    const free = await quantityOf(w.sellerBatch);
    await t.db.updateTable('inventory_batches').set({ reserved: free }).where('id', '=', w.sellerBatch).execute();
    expect(await refusal(cancel('STK-PUN-001', 'CREDIT_NOTE', second.creditNoteId))).toMatchObject({ code: 'E0013', message: expect.stringContaining('are in stock and free of orders') });
  });

  it('the buyer’s own debit note: its units back into the batch they left; the buyer’s side of a credit note is refused', async () => {
    const w = await booksWorld(t);
    const { invoice } = await invoiced(w);
    const bill = await billOf(w, invoice.invoiceNumber);
    expect((await receive(w, bill)).statusCode).toBe(200);
    const res = await w.retailer.post(ACCOUNTING_PATHS.returnPurchase(bill.billId), { lines: [{ position: 1, quantity: 4, freeQuantity: 0 }], reason: 'Damaged strip' });
    expect(res.statusCode).toBe(200);
    const dn = body<DebitNote>(res);
    const batch = (await t.db.selectFrom('debit_note_lines').select('batch_id').where('debit_note_id', '=', dn.debitNoteId).executeTakeFirstOrThrow()).batch_id!;
    expect(await quantityOf(batch)).toBe(8);
    await cancel('RTL-MUM-001', 'DEBIT_NOTE', dn.debitNoteId);
    expect(await quantityOf(batch)).toBe(12);
    expect(await payable(w)).toBe(invoice.totals.totalPaise);
    expect(body<DebitNote>(await w.retailer.get(ACCOUNTING_PATHS.purchaseReturn(dn.debitNoteId))).cancelled).toMatchObject({ remark: 'Wrong rate keyed' });
    expect(await pdfText((await w.retailer.get(ACCOUNTING_PATHS.purchaseReturnPdf(dn.debitNoteId))).rawPayload)).toContain('CANCELLED');

    const note = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }));
    const mirror = await t.db.selectFrom('debit_notes').select('id').where('credit_note_id', '=', note.creditNoteId).executeTakeFirstOrThrow();
    expect(await refusal(cancel('RTL-MUM-001', 'DEBIT_NOTE', mirror.id))).toMatchObject({ code: 'E0013', message: expect.stringContaining(`supplier's credit note ${note.creditNoteNumber}`) });
    await booksBalance(t.db);
  });
});


describe('at once (PostgreSQL shows the races; PGlite runs them one after the other)', () => {
  it('two cancellations of one invoice: one cancels, the other is told it is already cancelled', async () => {
    const w = await booksWorld(t);
    const before = await quantityOf(w.sellerBatch);
    const { invoice } = await invoiced(w);
    const results = await Promise.allSettled([cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId), cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ code: 'E0013', message: `Invoice ${invoice.invoiceNumber} is already cancelled` });
    expect(await quantityOf(w.sellerBatch)).toBe(before);
    expect(await t.db.selectFrom('vouchers').select('id').where('kind', '=', 'REVERSAL').execute()).toHaveLength(1);
    await booksBalance(t.db);
  });

  it('a cancellation racing a credit note of the same invoice: exactly one of them is done', async () => {
    const w = await booksWorld(t);
    const before = await quantityOf(w.sellerBatch);
    const { invoice } = await invoiced(w);
    const [cancelled, note] = await Promise.allSettled([
      cancel('STK-PUN-001', 'SALES_INVOICE', invoice.invoiceId),
      w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }),
    ]);
    const noteRes = (note as PromiseFulfilledResult<{ statusCode: number; json: () => { code: string } }>).value;
    if (cancelled.status === 'fulfilled') {
      expect([noteRes.statusCode, noteRes.json().code]).toEqual([409, 'E0013']);
      expect(await quantityOf(w.sellerBatch)).toBe(before);
      expect(await t.db.selectFrom('credit_notes').select('id').execute()).toEqual([]);
    } else {
      expect(cancelled.reason).toMatchObject({ code: 'E0013', message: expect.stringContaining('has credit note') });
      expect(noteRes.statusCode).toBe(200);
      expect(await t.db.selectFrom('document_cancellations').select('id').execute()).toEqual([]);
      expect(await quantityOf(w.sellerBatch)).toBe(before - 12 + 2);
    }
    await booksBalance(t.db);
  });
});

/* The IRN's cancellation (EINVOICE_PATHS.cancel): the portal's 24 hours, then the books. */

const CANCEL = { reasonCode: '2', remark: 'Wrong rate keyed' } as const;
const cancelIrn = (who: { post: BooksWorld['stockist']['post'] }, e: EInvoiceState, payload: object = CANCEL) => who.post(EINVOICE_PATHS.cancel(e.id), payload);
const irnRow = (id: string) => t.db.selectFrom('e_invoices').select(['status', 'cancelled_at', 'cancel_reason_code', 'cancel_remark']).where('id', '=', id).executeTakeFirstOrThrow();

/** The world with e-invoicing on, both logins signed in again (a test that moves the clock a day outlives a token). */
async function eWorld() {
  const w = await booksWorld(t);
  const res = await t.app.inject({ method: 'PUT', url: EINVOICE_PATHS.settings, headers: bearer(w.stockist.session), payload: { eInvoicing: true } });
  expect(res.statusCode).toBe(200);
  return w;
}
async function signInAgain(w: BooksWorld) {
  w.stockist = await signedIn(t, '9800000001');
  w.retailer = await signedIn(t, '9800000002');
}

describe('cancelling an IRN', () => {
  it('inside 24 hours: the portal cancels the IRN and the books the invoice (voucher, stock, the buyer’s bill, GSTR-1)', async () => {
    const w = await eWorld();
    const before = await quantityOf(w.sellerBatch);
    const { invoice } = await invoiced(w);
    expect(invoice.eInvoice).toMatchObject({ status: 'REGISTERED' });
    expect((await receive(w, await billOf(w, invoice.invoiceNumber))).statusCode).toBe(200);
    // Just inside the window (signing in again moves the clock two minutes).
    t.clock.advance(24 * 3600 - 300);
    await signInAgain(w);
    expect(t.clock.now().getTime()).toBeLessThan(new Date(invoice.eInvoice!.cancellableUntil!).getTime());

    const res = await cancelIrn(w.stockist, invoice.eInvoice!);
    expect(res.statusCode).toBe(200);
    const state = body<EInvoiceState>(res);
    expect(state).toMatchObject({ status: 'CANCELLED', irn: invoice.eInvoice!.irn, cancellableUntil: null, cancelReason: { code: '2', label: 'Data entry mistake', remark: 'Wrong rate keyed' } });
    expect(state.cancelledAt).toBe(t.clock.now().toISOString());
    // The portal has it cancelled: a second cancellation there is refused as not active.
    expect(await portal.cancel(invoice.supplier.gstin!, { irn: invoice.eInvoice!.irn!, reasonCode: '2', remark: 'again' })).toMatchObject({ outcome: 'REFUSED', code: '9999' });
    // The books: the invoice cancelled with it.
    const answered = body<SalesInvoice>(await w.stockist.get(ACCOUNTING_PATHS.salesInvoice(invoice.invoiceId)));
    expect(answered.cancelled).toMatchObject({ reasonCode: '2', remark: 'Wrong rate keyed' });
    expect(answered.eInvoice).toMatchObject({ status: 'CANCELLED' });
    expect(await quantityOf(w.sellerBatch)).toBe(before);
    expect([await receivable(w), await payable(w)]).toEqual([0, 0]);
    const gstr1 = body<Gstr1Summary>(await w.stockist.get(BOOKS_PATHS.gstr1, { month: '2026-11' }));
    expect(JSON.stringify(gstr1.gstr1.b2b)).not.toContain(invoice.invoiceNumber);
    await booksBalance(t.db);

    // Once cancelled, it cannot be cancelled again.
    const again = await cancelIrn(w.stockist, invoice.eInvoice!);
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0024']);
  });

  it('after 24 hours: refused with E0024 (by the portal’s clock when it differs from ours, then by ours), nothing changed', async () => {
    const w = await eWorld();
    const { invoice } = await invoiced(w);
    const e = invoice.eInvoice!;
    // Our clock says 23 hours, the portal's 25: the portal refuses (2270) and the answer says why.
    t.clock.advance(23 * 3600);
    portalSkewMs = 2 * 3_600_000;
    await signInAgain(w);
    const refused = await cancelIrn(w.stockist, e);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'E0024']);
    expect(refused.json().message).toContain('The allowed cancellation time limit is crossed, you cannot cancel the IRN (2270)');
    // Past 24 hours by our clock: refused before the portal is asked.
    portalSkewMs = 0;
    t.clock.advance(3600 + 1);
    await signInAgain(w);
    const late = await cancelIrn(w.stockist, e);
    expect([late.statusCode, late.json().code]).toEqual([409, 'E0024']);
    expect(late.json().message).toMatch(/more than 24 hours ago .*only a credit note can undo it/);
    expect(await irnRow(e.id)).toMatchObject({ status: 'REGISTERED', cancelled_at: null });
    expect(await t.db.selectFrom('document_cancellations').select('id').execute()).toEqual([]);
    expect(await receivable(w)).toBe(invoice.totals.totalPaise);
  });

  it('when the books refuse (E0013) the portal is not asked; when the portal is down (503) nothing changes', async () => {
    const w = await eWorld();
    const { invoice } = await invoiced(w);
    const e = invoice.eInvoice!;
    portal.setAvailable(false);
    const down = await cancelIrn(w.stockist, e);
    expect([down.statusCode, down.json().code]).toEqual([503, 'E0041']);
    expect(down.json().message).toContain('nothing was cancelled');
    portal.setAvailable(true);
    expect(await irnRow(e.id)).toMatchObject({ status: 'REGISTERED' });

    expect((await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] })).statusCode).toBe(200);
    const books = await cancelIrn(w.stockist, e);
    expect([books.statusCode, books.json().code]).toEqual([409, 'E0013']);
    expect(books.json().message).toContain('issue a credit note instead');
    expect(await irnRow(e.id)).toMatchObject({ status: 'REGISTERED' });
    // The portal still holds the IRN as active: it was never asked.
    expect(await portal.cancel(invoice.supplier.gstin!, { irn: e.irn!, reasonCode: '4', remark: 'probe' })).toMatchObject({ outcome: 'CANCELLED' });
    expect(await t.db.selectFrom('document_cancellations').select('id').execute()).toEqual([]);
  });

  it('needs the owner or a login that may issue the document; another unit finds nothing; the body is checked', async () => {
    const w = await eWorld();
    const { invoice } = await invoiced(w);
    const e = invoice.eInvoice!;
    const owner = bearer(w.stockist.session);
    const employees = body<Employee[]>(await t.app.inject({ method: 'GET', url: PATHS.employees, headers: owner }));
    const suresh = employees.find((x) => x.mobileNumber === DEMO.stockistEmployee)!;
    const asRole = async (employeeRole: string) => {
      expect((await t.app.inject({ method: 'PUT', url: PATHS.employeeRole(suresh.id), headers: owner, payload: { employeeRole } })).statusCode).toBe(200);
      t.clock.advance(61);
      const headers = bearer(await login(t.app, DEMO.stockistEmployee));
      return (payload: object = CANCEL) => t.app.inject({ method: 'POST', url: EINVOICE_PATHS.cancel(e.id), headers, payload });
    };
    // Delivery: not even the route; Accountant: sees sales but does not issue invoices.
    for (const role of ['DELIVERY', 'ACCOUNTANT']) {
      const res = await (await asRole(role))();
      expect([role, res.statusCode, res.json().code]).toEqual([role, 403, 'E0040']);
    }
    const other = await cancelIrn(w.retailer, e);
    expect([other.statusCode, other.json().code]).toEqual([404, 'E0002']);
    const billing = await asRole('BILLING');
    const bad = await billing({ reasonCode: '7', remark: '' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'E0001']);
    expect(await irnRow(e.id)).toMatchObject({ status: 'REGISTERED' });
    // Billing issues invoices, so it may cancel one.
    const ok = await billing();
    expect(ok.statusCode).toBe(200);
    expect(await irnRow(e.id)).toMatchObject({ status: 'CANCELLED', cancel_reason_code: '2', cancel_remark: 'Wrong rate keyed' });
  });

  it('at once: two cancellations of one IRN, and a cancellation racing a credit note (PostgreSQL shows the races)', async () => {
    const w = await eWorld();
    const a = (await invoiced(w)).invoice;
    const twice = await Promise.all([cancelIrn(w.stockist, a.eInvoice!), cancelIrn(w.stockist, a.eInvoice!)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(['E0013', 'E0024']).toContain(twice.find((r) => r.statusCode === 409)!.json().code);
    expect(await t.db.selectFrom('document_cancellations').select('document_type').execute()).toEqual([{ document_type: 'SALES_INVOICE' }, { document_type: 'PURCHASE_BILL' }]);
    expect(await t.db.selectFrom('vouchers').select('id').where('kind', '=', 'REVERSAL').execute()).toHaveLength(1);

    const b = (await invoiced(w)).invoice;
    const [cancelled, note] = await Promise.all([
      cancelIrn(w.stockist, b.eInvoice!),
      w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: b.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }),
    ]);
    // Exactly one of them is done; if the note won after the portal had cancelled, the IRN is recorded cancelled all
    // the same and the answer says to issue a credit note.
    expect([cancelled.statusCode, note.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const bCancelled = await t.db.selectFrom('document_cancellations').select('id').where('document_id', '=', b.invoiceId).executeTakeFirst();
    const bNotes = await t.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', b.invoiceId).execute();
    expect([Boolean(bCancelled), bNotes.length]).toEqual(cancelled.statusCode === 200 ? [true, 0] : [false, 1]);
    await booksBalance(t.db);
  });
});
