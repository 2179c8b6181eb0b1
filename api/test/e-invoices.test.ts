import { createPublicKey, verify } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  EINVOICE_PATHS,
  type ComplianceSettings,
  type CounterSale,
  type CreditNote,
  type DebitNote,
  type EInvoiceList,
  type EInvoiceRetryResult,
  type EInvoiceState,
  type Gstr1,
  type SalesInvoice,
} from 'shared-api';
import { batchDetails, buildEInvoicePayload, payloadErrors, uqcOfPack } from '../src/modules/e-invoices/payload';
import { IrpUnavailable, LocalIrp, irnOf, type EInvoicePayload, type IrnResult, type IrpClient } from '../src/modules/e-invoices/irp';
import { backoffMs, EInvoicesService } from '../src/modules/e-invoices/service';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { booksWorld, buyAndReceive, signedIn, type BooksWorld } from './books-fixtures';
import { addBatch } from './cart-fixtures';
import { bearer, body, build } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * The e-invoice lifecycle (issue 34) over the local portal adapter: Agarwal (STK-PUN-001, Pune) invoices Sharma
 * (RTL-MUM-001, Mumbai) and Lifeline (HSP-AMD-001, Ahmedabad); Sharma returns goods to Agarwal with a debit note.
 */

/** The portal as the tests steer it: a fresh LocalIrp per test, an answer forced once, or a timeout after recording. */
let local: LocalIrp;
let forced: IrnResult | 'TIMEOUT_AFTER_RECORDING' | null = null;
const sent: EInvoicePayload[] = [];
const irp: IrpClient = {
  provider: 'LOCAL',
  register: async (gstin, payload) => {
    sent.push(payload);
    const f = forced;
    forced = null;
    if (f === 'TIMEOUT_AFTER_RECORDING') {
      await local.register(gstin, payload);
      throw new IrpUnavailable('timed out');
    }
    return f ?? local.register(gstin, payload);
  },
  cancel: (gstin, input) => local.cancel(gstin, input),
};

const t = build({ irp });

beforeEach(() => {
  local = new LocalIrp(() => t.clock.now());
  forced = null;
  sent.length = 0;
});

async function eInvoicing(w: BooksWorld, on: boolean, who: 'stockist' | 'retailer' = 'stockist') {
  const res = await t.app.inject({ method: 'PUT', url: EINVOICE_PATHS.settings, headers: bearer(w[who].session), payload: { eInvoicing: on } });
  expect(res.statusCode).toBe(200);
  return body<ComplianceSettings>(res);
}

async function invoiceTo(w: BooksWorld, buyerCode = 'RTL-MUM-001', lines?: { quantity: number; free?: number }) {
  const orderId = await acceptedOrder(t.db, {
    sellerCode: 'STK-PUN-001',
    buyerCode,
    lines: [{ productId: w.product, quantity: lines?.quantity ?? 10, freeQuantity: lines?.free ?? 0, ptrPaise: 1000, batches: [{ batchId: w.sellerBatch, quantity: (lines?.quantity ?? 10) + (lines?.free ?? 0) }] }],
  });
  const res = await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
  expect(res.statusCode).toBe(200);
  return body<SalesInvoice>(res);
}

/** The JWT's claims (not verified here). */
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { data: string };

/** Every RGB image pdfkit embedded (a PNG's colour part, FlateDecode), read as QR codes the way a phone would. */
function qrCodesIn(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  for (const m of text.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const dict = m[1]!;
    if (!dict.includes('/Subtype /Image') || !dict.includes('/DeviceRGB')) continue;
    const width = Number(/\/Width (\d+)/.exec(dict)![1]);
    const height = Number(/\/Height (\d+)/.exec(dict)![1]);
    const length = Number(/\/Length (\d+)/.exec(dict)![1]);
    const start = m.index + m[0].length;
    const rgb = inflateSync(pdf.subarray(start, start + length));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    const qr = jsQR(rgba, width, height);
    if (qr) found.push(qr.data);
  }
  return found;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n').replace(/\s+/g, ' ');
}

const row = (documentId: string) => t.db.selectFrom('e_invoices').selectAll().where('document_id', '=', documentId).executeTakeFirst();
const ticker = () => new EInvoicesService(t.db, t.config, irp, { error: () => undefined, warn: () => undefined });

describe('settings', () => {
  it('off by default; the owner turns it on; any member reads it; an employee may not change it', async () => {
    const w = await booksWorld(t);
    expect(body<ComplianceSettings>(await w.stockist.get(EINVOICE_PATHS.settings))).toEqual({ eInvoicing: false, irpProvider: 'LOCAL', ewbProvider: 'LOCAL' });
    expect(await eInvoicing(w, true)).toEqual({ eInvoicing: true, irpProvider: 'LOCAL', ewbProvider: 'LOCAL' });
    const employee = await signedIn(t, '9800000011');
    expect(body<ComplianceSettings>(await employee.get(EINVOICE_PATHS.settings)).eInvoicing).toBe(true);
    const put = await t.app.inject({ method: 'PUT', url: EINVOICE_PATHS.settings, headers: bearer(employee.session), payload: { eInvoicing: false } });
    expect(put.statusCode).toBe(403);
    expect(body<ComplianceSettings>(await w.stockist.get(EINVOICE_PATHS.settings)).eInvoicing).toBe(true);
  });
});

describe('registration when the document is issued', () => {
  it('an invoice from an order: IRN, Ack No and the signed QR stored and on its answer, for the seller and the buyer', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    const inv = await invoiceTo(w);
    const e = inv.eInvoice!;
    expect(inv.supplier.gstin).toMatch(/^27AAJFA4821L1Z.$/);
    expect(e).toMatchObject({
      documentType: 'INV',
      documentId: inv.invoiceId,
      documentNumber: inv.invoiceNumber,
      documentDate: '2026-11-22',
      partyName: 'Sharma Medical Stores',
      totalPaise: inv.totals.totalPaise,
      status: 'REGISTERED',
      irn: irnOf(inv.supplier.gstin!, { DocDtls: { Typ: 'INV', No: inv.invoiceNumber, Dt: '22/11/2026' } }),
      attempts: 1,
      refusal: null,
      nextAttemptAt: null,
      cancelledAt: null,
    });
    expect(e.irn).toHaveLength(64);
    expect(e.ackNo).toMatch(/^\d{15}$/);
    expect(e.ackDate).toBe(t.clock.now().toISOString());
    expect(e.cancellableUntil).toBe(new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString());
    // The portal's signature holds (the local adapter's key), and the QR names this document.
    const [head, payload, signature] = e.signedQr!.split('.');
    expect(verify('sha256', Buffer.from(`${head}.${payload}`), createPublicKey(local.publicKey.export({ type: 'spki', format: 'pem' })), Buffer.from(signature!, 'base64url'))).toBe(true);
    expect(JSON.parse(claims(e.signedQr!).data)).toMatchObject({ DocNo: inv.invoiceNumber, DocTyp: 'INV', Irn: e.irn, TotInvVal: inv.totals.totalPaise / 100 });
    expect((await row(inv.invoiceId))!.signed_invoice).toMatch(/^ey/);

    expect(body<SalesInvoice>(await w.stockist.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId))).eInvoice).toEqual(e);
    expect(body<SalesInvoice>(await w.retailer.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId))).eInvoice).toEqual(e);
  });

  it('the PDF of a registered invoice prints IRN and Ack No, and its QR code is the signed QR naming the stored IRN', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    const inv = await invoiceTo(w);
    const res = await w.stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId));
    expect(res.statusCode).toBe(200);
    const codes = qrCodesIn(res.rawPayload);
    const jwt = codes.find((c) => c.startsWith('ey'));
    expect(jwt).toBe(inv.eInvoice!.signedQr);
    expect(JSON.parse(claims(jwt!).data).Irn).toBe((await row(inv.invoiceId))!.irn);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(inv.eInvoice!.irn!);
    expect(text).toContain(`Ack No.: ${inv.eInvoice!.ackNo}`);
    expect(text).toContain('TAX INVOICE');
    expect(text).not.toContain('DRAFT');
  });

  it('e-invoicing off, or a walk-in buyer without a GSTIN: no e-invoice', async () => {
    const w = await booksWorld(t);
    const off = await invoiceTo(w);
    expect(off.eInvoice).toBeNull();
    await eInvoicing(w, true);
    const walkIn = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: 2 }], paymentMode: 'CASH' });
    expect(walkIn.statusCode).toBe(200);
    expect(body<CounterSale>(walkIn).invoice.eInvoice).toBeNull();
    expect(await t.db.selectFrom('e_invoices').selectAll().execute()).toEqual([]);
  });

  it('a counter sale to a registered buyer, a credit note and the buyer’s debit note are registered too', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    const counter = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: 5, discountBp: 1000 }], paymentMode: 'CREDIT' });
    expect(counter.statusCode).toBe(200);
    expect(body<CounterSale>(counter).invoice.eInvoice).toMatchObject({ documentType: 'INV', status: 'REGISTERED' });

    const inv = await invoiceTo(w);
    const cnRes = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: inv.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
    expect(cnRes.statusCode).toBe(200);
    const cn = body<CreditNote>(cnRes);
    expect(cn.eInvoice).toMatchObject({ documentType: 'CRN', documentNumber: cn.creditNoteNumber, status: 'REGISTERED', partyName: 'Sharma Medical Stores' });
    expect(sent.at(-1)!.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: inv.invoiceNumber, InvDt: '22/11/2026' }] });
    // The buyer reads the credit note with its IRN.
    expect(body<CreditNote>(await w.retailer.get(ACCOUNTING_PATHS.salesReturn(cn.creditNoteId))).eInvoice!.irn).toBe(cn.eInvoice!.irn);

    // Sharma, with e-invoicing on, returns goods of a received bill to Agarwal: a DBN issued by Sharma.
    await eInvoicing(w, true, 'retailer');
    const bill = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 6, ptrPaise: 1000 });
    const dnRes = await w.retailer.post(ACCOUNTING_PATHS.returnPurchase(bill.billId), { lines: [{ position: 1, quantity: 2, freeQuantity: 0 }], reason: 'Damaged in transit' });
    expect(dnRes.statusCode).toBe(200);
    const dn = body<DebitNote>(dnRes);
    expect(dn.eInvoice).toMatchObject({ documentType: 'DBN', documentNumber: dn.noteNumber, status: 'REGISTERED', partyName: 'Agarwal Pharma Distributors' });
    expect(sent.at(-1)!.SellerDtls.Gstin).toBe(dn.issuer.gstin);
    expect(sent.at(-1)!.BuyerDtls.Gstin).toBe(dn.supplier.gstin);
    expect(body<DebitNote>(await w.retailer.get(ACCOUNTING_PATHS.purchaseReturn(dn.debitNoteId))).eInvoice).toEqual(dn.eInvoice);
  });
});

describe('the demo', () => {
  it('Lohar Chawl Medical Agencies has e-invoicing on: its invoice to Sharma Medical Stores gets an IRN', async () => {
    const w = await booksWorld(t);
    const lohar = await signedIn(t, '9800000201');
    expect(body<ComplianceSettings>(await lohar.get(EINVOICE_PATHS.settings)).eInvoicing).toBe(true);
    const batchId = await addBatch(t.db, { sellerCode: 'STK-MUM-001', productId: w.product, batchNo: 'LC-1', expiry: '2028-03-31', quantity: 50, ptr: 1000, mrp: 2240 });
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-MUM-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.product, quantity: 4, ptrPaise: 1000, batches: [{ batchId, quantity: 4 }] }] });
    const inv = body<SalesInvoice>(await lohar.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    expect(inv.eInvoice).toMatchObject({ status: 'REGISTERED', partyName: 'Sharma Medical Stores' });
    expect(sent[0]!.SellerDtls).toMatchObject({ LglNm: 'Lohar Chawl Medical Agencies', Loc: 'Mumbai', Pin: 400002 });
  });
});

describe('the pending queue', () => {
  it('portal down: the invoice is issued with its number, IRN pending, printed as a draft; the loop registers it when the portal is back', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    local.setAvailable(false);
    const inv = await invoiceTo(w);
    expect(inv.invoiceNumber).toBe('INV/26-27/000001');
    expect(inv.eInvoice).toMatchObject({ status: 'PENDING', irn: null, attempts: 1, refusal: null });
    const next = new Date(inv.eInvoice!.nextAttemptAt!).getTime() - t.clock.now().getTime();
    expect(next).toBeGreaterThanOrEqual(0.8 * 60_000);
    expect(next).toBeLessThanOrEqual(1.2 * 60_000);

    const pdf = await pdfText((await w.stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId))).rawPayload);
    expect(pdf).toContain('DRAFT TAX INVOICE');
    expect(pdf).toContain('IRN pending: not a valid tax invoice until registered');

    // Still down at the next try: attempts grow, the wait doubles.
    t.clock.advance(75);
    expect(await ticker().tick()).toBe(1);
    const second = (await row(inv.invoiceId))!;
    expect(second).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(new Date(second.next_attempt_at!).getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(1.6 * 60_000);

    local.setAvailable(true);
    expect(await ticker().tick()).toBe(0); // not due yet
    t.clock.advance(150);
    expect(await ticker().tick()).toBe(1);
    const after = body<SalesInvoice>(await w.stockist.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId)));
    expect(after.invoiceNumber).toBe('INV/26-27/000001');
    expect(after.eInvoice).toMatchObject({ status: 'REGISTERED', attempts: 3, nextAttemptAt: null });
    expect(after.eInvoice!.irn).toBe(irnOf(inv.supplier.gstin!, sent.at(-1)!));
  });

  it('a registration the portal recorded before timing out comes back as a duplicate with the IRN, and is stored as registered', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    forced = 'TIMEOUT_AFTER_RECORDING';
    const inv = await invoiceTo(w);
    expect(inv.eInvoice!.status).toBe('PENDING');
    t.clock.advance(120);
    expect(await ticker().tick()).toBe(1);
    const e = (await row(inv.invoiceId))!;
    expect(e).toMatchObject({ status: 'REGISTERED', irn: irnOf(inv.supplier.gstin!, sent[0]!) });
    expect(e.signed_qr).toMatch(/^ey/);
  });

  it('refused: stored with the portal’s reason, not retried by the loop; the retry route sends it again', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    forced = { outcome: 'REFUSED', code: '2172', message: 'Buyer GSTIN is not active' };
    const inv = await invoiceTo(w);
    expect(inv.eInvoice).toMatchObject({ status: 'REFUSED', refusal: { code: '2172', message: 'Buyer GSTIN is not active' }, nextAttemptAt: null, irn: null });
    expect(await pdfText((await w.stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId))).rawPayload)).toContain('IRN refused by the portal: not a valid tax invoice until registered');
    t.clock.advance(3 * 3600);
    expect(await ticker().tick()).toBe(0);

    // Who may retry: GST_FILES (owner, manager, accountant), not billing.
    await t.db.updateTable('users').set({ employee_role: 'BILLING' }).where('mobile', '=', '9800000011').execute();
    const billing = await signedIn(t, '9800000011');
    expect((await billing.post(EINVOICE_PATHS.retry(inv.eInvoice!.id))).statusCode).toBe(403);
    expect((await billing.post(EINVOICE_PATHS.retryAll)).statusCode).toBe(403);
    expect((await billing.get(EINVOICE_PATHS.list)).statusCode).toBe(200);

    const owner = await signedIn(t, '9800000001');
    const retried = await owner.post(EINVOICE_PATHS.retry(inv.eInvoice!.id));
    expect(retried.statusCode).toBe(200);
    expect(body<EInvoiceState>(retried)).toMatchObject({ status: 'REGISTERED', refusal: null, attempts: 2 });
    const again = await owner.post(EINVOICE_PATHS.retry(inv.eInvoice!.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E0013' });
    // Another unit's e-invoice is not found.
    expect((await (await signedIn(t, '9800000002')).post(EINVOICE_PATHS.retry(inv.eInvoice!.id))).statusCode).toBe(404);
  });

  it('lists by state with counts; retry-all sends every pending and refused one', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    const a = await invoiceTo(w);
    local.setAvailable(false);
    const b = await invoiceTo(w);
    const c = await invoiceTo(w);
    local.setAvailable(true);
    forced = { outcome: 'REFUSED', code: '2176', message: 'HSN code is not valid' };
    const d = await invoiceTo(w);
    const all = body<EInvoiceList>(await w.stockist.get(EINVOICE_PATHS.list));
    expect(all.counts).toEqual({ PENDING: 2, REGISTERED: 1, REFUSED: 1, CANCELLED: 0 });
    expect(all.totalResults).toBe(4);
    expect(all.items.map((i) => i.documentNumber)).toEqual([d, c, b, a].map((x) => x.invoiceNumber));
    const pending = body<EInvoiceList>(await w.stockist.get(EINVOICE_PATHS.list, { status: 'PENDING', pageSize: '1' }));
    expect(pending).toMatchObject({ totalResults: 2, page: 0, pageSize: 1, counts: all.counts });
    expect(pending.items.map((i) => i.documentNumber)).toEqual([c.invoiceNumber]);
    expect(body<EInvoiceList>(await w.retailer.get(EINVOICE_PATHS.list)).totalResults).toBe(0);

    const res = await w.stockist.post(EINVOICE_PATHS.retryAll);
    expect(res.statusCode).toBe(200);
    expect(body<EInvoiceRetryResult>(res)).toEqual({ tried: 3, registered: 3, refused: 0, stillPending: 0 });
    expect(body<EInvoiceList>(await w.stockist.get(EINVOICE_PATHS.list)).counts).toEqual({ PENDING: 0, REGISTERED: 4, REFUSED: 0, CANCELLED: 0 });
  });

  it('two loops at once send each pending row once (claimed with SKIP LOCKED and a lease)', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    local.setAvailable(false);
    for (let i = 0; i < 25; i++) await invoiceTo(w, 'RTL-MUM-001', { quantity: 1 });
    local.setAvailable(true);
    sent.length = 0;
    t.clock.advance(300);
    const [x, y] = await Promise.all([ticker().tick(), ticker().tick()]);
    expect(x + y).toBe(25);
    expect(sent).toHaveLength(25);
    expect(new Set(sent.map((p) => p.DocDtls.No)).size).toBe(25);
    expect(await t.db.selectFrom('e_invoices').select('status').where('status', '!=', 'REGISTERED').execute()).toEqual([]);
  });

  it('back-off: 1, 2, 4 … minutes, capped at 60, within ±20 %', () => {
    expect([1, 3, 4, 7, 30].map((n) => backoffMs(n, 0.5) / 60_000)).toEqual([1, 4, 8, 60, 60]);
    expect(backoffMs(2, 0.5)).toBe(120_000);
    expect(backoffMs(1, 0)).toBe(48_000);
    expect(backoffMs(10, 0.999999)).toBeLessThanOrEqual(72 * 60_000);
  });
});

describe('the INV-01 payload of each kind of document', () => {
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
  function checkNumbers(p: EInvoicePayload, totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; roundOffPaise: number; totalPaise: number }) {
    expect(payloadErrors(p)).toEqual([]);
    expect(p.ValDtls).toMatchObject({ AssVal: totals.taxablePaise / 100, CgstVal: totals.cgstPaise / 100, SgstVal: totals.sgstPaise / 100, IgstVal: totals.igstPaise / 100, RndOffAmt: totals.roundOffPaise / 100, TotInvVal: totals.totalPaise / 100 });
    expect(sum(p.ItemList.map((i) => i.AssAmt))).toBe(p.ValDtls.AssVal);
    expect(sum(p.ItemList.map((i) => i.TotItemVal))).toBe(sum([p.ValDtls.TotInvVal, -p.ValDtls.RndOffAmt]));
    for (const i of p.ItemList) expect(sum([i.TotAmt, -i.Discount])).toBe(i.AssAmt);
  }

  it('B2B invoice inside Maharashtra with free goods: CGST + SGST, FreeQty, batch and expiry, UQC', async () => {
    const w = await booksWorld(t);
    const inv = await invoiceTo(w, 'RTL-MUM-001', { quantity: 10, free: 2 });
    const { sellerGstin, payload: p } = await buildEInvoicePayload(t.db, 'INV', inv.invoiceId);
    expect(sellerGstin).toBe(inv.supplier.gstin);
    checkNumbers(p, inv.totals);
    expect(p.TranDtls).toEqual({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: null, IgstOnIntra: 'N' });
    expect(p.DocDtls).toEqual({ Typ: 'INV', No: inv.invoiceNumber, Dt: '22/11/2026' });
    expect(p.SellerDtls).toMatchObject({ Gstin: inv.supplier.gstin, LglNm: 'Agarwal Pharma Distributors', Addr1: 'Shop 14, Market Yard, Gultekdi', Loc: 'Pune', Pin: 411037, Stcd: '27' });
    expect(p.BuyerDtls).toMatchObject({ Gstin: inv.recipient.gstin, LglNm: 'Sharma Medical Stores', Stcd: '27', Pos: '27' });
    expect(p.ItemList).toEqual([
      expect.objectContaining({ SlNo: '1', HsnCd: '30049099', Qty: 10, FreeQty: 2, Unit: 'OTH', UnitPrice: 10, TotAmt: 100, Discount: 0, AssAmt: 100, GstRt: 12, CgstAmt: 6, SgstAmt: 6, IgstAmt: 0, TotItemVal: 112, BchDtls: { Nm: 'BK-1', ExpDt: '30/06/2028' } }),
    ]);
  });

  it('B2B invoice to another state (Gujarat): IGST, place of supply 24', async () => {
    const w = await booksWorld(t);
    const inv = await invoiceTo(w, 'HSP-AMD-001', { quantity: 7 });
    const { payload: p } = await buildEInvoicePayload(t.db, 'INV', inv.invoiceId);
    checkNumbers(p, inv.totals);
    expect(inv.supplyKind).toBe('INTER');
    expect(p.BuyerDtls).toMatchObject({ Stcd: '24', Pos: '24' });
    expect(p.ItemList[0]).toMatchObject({ GstRt: 12, IgstAmt: 8.4, CgstAmt: 0, SgstAmt: 0 });
    expect(p.ValDtls.IgstVal).toBe(8.4);
  });

  it('a counter bill with a discount: the line’s gross, discount and assessable value', async () => {
    const w = await booksWorld(t);
    const res = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: 3, discountBp: 1000 }], paymentMode: 'CREDIT' });
    const inv = body<CounterSale>(res).invoice;
    const { payload: p } = await buildEInvoicePayload(t.db, 'INV', inv.invoiceId);
    checkNumbers(p, inv.totals);
    const line = inv.lines[0]!;
    expect(p.ItemList[0]).toMatchObject({ Qty: 3, UnitPrice: line.ratePaise / 100, TotAmt: line.grossPaise / 100, Discount: line.discountPaise / 100, AssAmt: line.taxablePaise / 100 });
    expect(line.discountPaise).toBeGreaterThan(0);
  });

  it('a credit note names its invoice; a debit note is issued by the buyer to its supplier', async () => {
    const w = await booksWorld(t);
    const inv = await invoiceTo(w, 'HSP-AMD-001', { quantity: 9 });
    const cn = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: inv.invoiceId, lines: [{ invoicePosition: 1, quantity: 3, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] }));
    const { payload: crn } = await buildEInvoicePayload(t.db, 'CRN', cn.creditNoteId);
    checkNumbers(crn, cn.totals);
    expect(crn.DocDtls).toEqual({ Typ: 'CRN', No: cn.creditNoteNumber, Dt: '22/11/2026' });
    expect(crn.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: inv.invoiceNumber, InvDt: '22/11/2026' }] });
    expect(crn.BuyerDtls).toMatchObject({ LglNm: 'Lifeline Multispeciality Hospital', Pos: '24' });

    const bill = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 8, ptrPaise: 1000 });
    const dn = body<DebitNote>(await w.retailer.post(ACCOUNTING_PATHS.returnPurchase(bill.billId), { lines: [{ position: 1, quantity: 2, freeQuantity: 0 }], reason: 'Damaged' }));
    const { sellerGstin, payload: dbn } = await buildEInvoicePayload(t.db, 'DBN', dn.debitNoteId);
    checkNumbers(dbn, dn.totals);
    expect(sellerGstin).toBe(dn.issuer.gstin);
    expect(dbn.DocDtls.Typ).toBe('DBN');
    expect(dbn.SellerDtls).toMatchObject({ Gstin: dn.issuer.gstin, LglNm: 'Sharma Medical Stores', Stcd: '27' });
    expect(dbn.BuyerDtls).toMatchObject({ Gstin: dn.supplier.gstin, LglNm: 'Agarwal Pharma Distributors', Pos: '27' });
    expect(dbn.RefDtls?.PrecDocDtls?.[0]?.InvNo).toBe(bill.billNumber);
  });

  it('the pack text gives the portal’s unit (UQC)', () => {
    expect(['100 ml bottle', '60 ml Syrup', '1 box of 10', '15 g tube', '15 tablets', '10 Tab', '10 capsules', '1 vial', 'Each'].map(uqcOfPack)).toEqual(['BTL', 'BTL', 'BOX', 'TUB', 'OTH', 'OTH', 'OTH', 'NOS', 'NOS']);
  });

  it('names the batch with its expiry while the schema can carry the year (to 2029), and without it after', () => {
    expect(batchDetails('DL2401', '2029-12-31')).toEqual({ BchDtls: { Nm: 'DL2401', ExpDt: '31/12/2029' } });
    expect(batchDetails('DL2401', '2030-01-31')).toEqual({ BchDtls: { Nm: 'DL2401' } });
    expect(batchDetails('B1', '2028-01-31')).toEqual({});
    // A document with a batch expiring in 2031 still follows the schema (it was refused as a whole before).
    const line = { SlNo: '1', PrdDesc: 'Dolo 650 Tablet', IsServc: 'N', HsnCd: '3004', Qty: 1, FreeQty: 0, Unit: 'OTH', UnitPrice: 30, TotAmt: 30, Discount: 0, AssAmt: 30, GstRt: 5, IgstAmt: 0, CgstAmt: 0.75, SgstAmt: 0.75, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0, OthChrg: 0, TotItemVal: 31.5 };
    const payload = (item: object): unknown => ({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'INV/26-27/000001', Dt: '28/11/2026' },
      SellerDtls: { Gstin: '27AAJCM1234F1ZP', LglNm: 'Lohar Chawl Medical Agencies', Addr1: '12 Lohar Chawl', Loc: 'Mumbai', Pin: 400002, Stcd: '27' },
      BuyerDtls: { Gstin: '27AABCS1429B1ZB', LglNm: 'Sharma Medical Stores', Pos: '27', Addr1: '4 Station Road', Loc: 'Mumbai', Pin: 400070, Stcd: '27' },
      ItemList: [item],
      ValDtls: { AssVal: 30, CgstVal: 0.75, SgstVal: 0.75, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.5, TotInvVal: 32 },
    });
    expect(portalFileErrors('E-INVOICE', payload({ ...line, BchDtls: { Nm: 'DL2401', ExpDt: '31/01/2031' } })).join()).toMatch(/ExpDt/);
    expect(portalFileErrors('E-INVOICE', payload({ ...line, ...batchDetails('DL2401', '2031-01-31') }))).toEqual([]);
  });
});

describe('GSTR-1', () => {
  it('marks b2b invoices and cdnr notes with an IRN as the portal does (srctyp, irn, irngendate); the JSON passes its schema', async () => {
    const w = await booksWorld(t);
    await eInvoicing(w, true);
    const registered = await invoiceTo(w);
    local.setAvailable(false);
    const pending = await invoiceTo(w);
    local.setAvailable(true);
    const cn = body<CreditNote>(await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: registered.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] }));
    expect(cn.eInvoice!.status).toBe('REGISTERED');

    const file = await w.stockist.get(BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'json' });
    expect(file.statusCode).toBe(200);
    const gstr1 = file.json<Gstr1>();
    expect(portalFileErrors('GSTR-1', gstr1)).toEqual([]);
    const invs = gstr1.b2b.flatMap((c) => c.inv);
    expect(invs.find((i) => i.inum === registered.invoiceNumber)).toMatchObject({ srctyp: 'e-Invoice', irn: registered.eInvoice!.irn, irngendate: '22-11-2026' });
    const unmarked = invs.find((i) => i.inum === pending.invoiceNumber)!;
    expect([unmarked.srctyp, unmarked.irn, unmarked.irngendate]).toEqual([undefined, undefined, undefined]);
    expect(gstr1.cdnr.flatMap((c) => c.nt).find((n) => n.nt_num === cn.creditNoteNumber)).toMatchObject({ srctyp: 'e-Invoice', irn: cn.eInvoice!.irn, irngendate: '22-11-2026' });
  });
});
