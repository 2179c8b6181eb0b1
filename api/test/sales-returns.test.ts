import { sql } from 'kysely';
import { ACCOUNTING_PATHS, type CreditNote, type CreditNoteList, type ReturnableInvoice, type SalesInvoice } from 'shared-api';
import type { Caller } from '../src/http/access';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { ReturnsService } from '../src/modules/returns/service';
import { batch, marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

/**
 * Agarwal (STK-PUN-001, Pune) invoices Sharma (RTL-MUM-001, Mumbai: CGST + SGST) 10 + 1 free Dolovex from PUN-B2
 * at ₹27.50 and 3 Crocivex from CRO-1 at ₹15.00, 12 %. Line 1 = Dolovex, line 2 = Crocivex.
 */
async function invoiced(buyerCode = 'RTL-MUM-001') {
  const w = await marketplaceWorld(t.db);
  const orderId = await acceptedOrder(t.db, {
    sellerCode: 'STK-PUN-001',
    buyerCode,
    lines: [
      { productId: w.dolovex, quantity: 10, freeQuantity: 1, ptrPaise: 2750, batches: [{ batchId: w.batches.punFar, quantity: 11 }] },
      { productId: w.crocivex, quantity: 3, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 3 }] },
    ],
  });
  const stockist = await signedIn(DEMO.stockist);
  const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
  expect(invoice.lines.map((l) => [l.position, l.batchNo, l.quantity, l.freeQuantity])).toEqual([
    [1, 'PUN-B2', 10, 1],
    [2, 'CRO-1', 3, 0],
  ]);
  return { w, stockist, invoice };
}

async function voucherLines(voucherDocumentId: string) {
  return t.db
    .selectFrom('vouchers as v')
    .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['v.kind', 'a.name', 'l.debit_paise', 'l.credit_paise'])
    .where('v.document_id', '=', voucherDocumentId)
    .orderBy('l.position')
    .execute();
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n').replace(/\s+/g, ' ');
}

describe('sales return → credit note', () => {
  it('credits at the invoice rates, reverses the tax in a balanced voucher, and moves the goods back or to the non-saleable store', async () => {
    const { w, stockist, invoice } = await invoiced();
    const before = { far: await batch(t.db, w.batches.punFar), cro: await batch(t.db, w.batches.crocivex) };
    const res = await stockist.post(ACCOUNTING_PATHS.salesReturns, {
      invoiceId: invoice.invoiceId,
      lines: [
        { invoicePosition: 1, quantity: 4, freeQuantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' },
        { invoicePosition: 2, quantity: 2, reason: 'DAMAGED', destination: 'NON_SALEABLE' },
      ],
      note: 'Returned with the delivery boy',
    });
    expect(res.statusCode).toBe(200);
    const cn = body<CreditNote>(res);
    expect(cn).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteDate: '2026-11-22',
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: '2026-11-22',
      supplyKind: 'INTRA',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      callerSide: 'SELLER',
      note: 'Returned with the delivery boy',
      supplier: invoice.supplier,
      recipient: invoice.recipient,
    });
    expect(cn.lines.map((l) => [l.invoicePosition, l.batchNo, l.quantity, l.freeQuantity, l.ratePaise, l.gstRateBp, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.totalPaise, l.reason, l.destination])).toEqual([
      [1, 'PUN-B2', 4, 1, 2750, 1200, 11000, 660, 660, 12320, 'WRONG_ITEM', 'SALEABLE'],
      [2, 'CRO-1', 2, 0, 1500, 1200, 3000, 180, 180, 3360, 'DAMAGED', 'NON_SALEABLE'],
    ]);
    // ₹156.80 rounds up to ₹157.00.
    expect(cn.totals).toEqual({ grossPaise: 14000, discountPaise: 0, taxablePaise: 14000, cgstPaise: 840, sgstPaise: 840, igstPaise: 0, taxPaise: 1680, beforeRoundOffPaise: 15680, roundOffPaise: 20, totalPaise: 15700 });
    expect(cn.amountInWords).toBe('Rupees One Hundred Fifty Seven Only');

    // Dr Sales Returns + Output taxes (+ round off), Cr the buyer: the invoice's postings reversed.
    expect(await voucherLines(cn.creditNoteId)).toEqual([
      { kind: 'CREDIT_NOTE', name: 'Sharma Medical Stores (RTL-MUM-001)', debit_paise: 0, credit_paise: 15700 },
      { kind: 'CREDIT_NOTE', name: 'Sales Returns', debit_paise: 14000, credit_paise: 0 },
      { kind: 'CREDIT_NOTE', name: 'Output CGST', debit_paise: 840, credit_paise: 0 },
      { kind: 'CREDIT_NOTE', name: 'Output SGST', debit_paise: 840, credit_paise: 0 },
      { kind: 'CREDIT_NOTE', name: 'Round Off', debit_paise: 20, credit_paise: 0 },
    ]);

    // 4 + 1 free back into PUN-B2 with a RETURN movement; the 2 damaged Crocivex into the non-saleable store only.
    expect((await batch(t.db, w.batches.punFar)).quantity).toBe(before.far.quantity + 5);
    expect((await batch(t.db, w.batches.crocivex)).quantity).toBe(before.cro.quantity);
    expect(await t.db.selectFrom('stock_movements').select(['batch_id', 'kind', 'quantity_delta', 'reference']).where('kind', '=', 'RETURN').execute()).toEqual([
      { batch_id: w.batches.punFar, kind: 'RETURN', quantity_delta: 5, reference: cn.creditNoteId },
    ]);
    expect(await t.db.selectFrom('non_saleable_stock').select(['product_name', 'batch_no', 'quantity']).execute()).toEqual([{ product_name: 'Crocivex 500', batch_no: 'CRO-1', quantity: 2 }]);
    expect(await t.db.selectFrom('non_saleable_stock_movements').select(['batch_id', 'reason', 'source_type', 'source_id']).execute()).toEqual([
      { batch_id: w.batches.crocivex, reason: 'DAMAGED', source_type: 'CREDIT_NOTE', source_id: cn.creditNoteId },
    ]);
    // The store is never sellable: the marketplace still offers exactly the batch's own stock.
    const sellable = await sql<{ available: number }>`SELECT available FROM sellable_batches WHERE batch_id = ${w.batches.crocivex}`.execute(t.db);
    expect(sellable.rows.map((r) => Number(r.available))).toEqual([before.cro.quantity - before.cro.reserved]);

    const left = body<ReturnableInvoice>(await stockist.get(ACCOUNTING_PATHS.returnableInvoice, { invoiceNumber: invoice.invoiceNumber.toLowerCase() }));
    expect(left.lines.map((l) => [l.position, l.returnedQuantity, l.returnedFreeQuantity, l.returnableQuantity, l.returnableFreeQuantity, l.expired, l.restockable])).toEqual([
      [1, 4, 1, 6, 0, false, true],
      [2, 2, 0, 1, 0, false, true],
    ]);
    // The invoice is as issued.
    expect(body<SalesInvoice>(await stockist.get(ACCOUNTING_PATHS.salesInvoice(invoice.invoiceId)))).toEqual(invoice);
    await expect(sql`UPDATE credit_notes SET total_paise = 0`.execute(t.db)).rejects.toThrow(/never changed/);
    await expect(sql`DELETE FROM non_saleable_stock_movements`.execute(t.db)).rejects.toThrow(/never changed/);
  });

  it('refuses more than is left to return, an expired batch back to saleable stock, and bad lines', async () => {
    const { stockist, invoice } = await invoiced();
    const ret = (lines: object[]) => stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines });
    expect((await ret([{ invoicePosition: 1, quantity: 6, reason: 'OTHER', destination: 'SALEABLE' }])).statusCode).toBe(200);
    const over = await ret([{ invoicePosition: 1, quantity: 5, reason: 'OTHER', destination: 'SALEABLE' }]);
    expect([over.statusCode, over.json()]).toEqual([409, expect.objectContaining({ code: 'E0010', message: 'Cannot issue the credit note: only 4 of Dolovex 650 Tablet (batch PUN-B2) can still be returned, not 5' })]);
    const overFree = await ret([{ invoicePosition: 1, quantity: 1, freeQuantity: 2, reason: 'OTHER', destination: 'SALEABLE' }]);
    expect(overFree.json()).toMatchObject({ code: 'E0010', message: 'Cannot issue the credit note: only 1 free Dolovex 650 Tablet (batch PUN-B2) can still be returned, not 2' });
    for (const bad of [
      [{ invoicePosition: 3, quantity: 1, reason: 'OTHER', destination: 'SALEABLE' }],
      [{ invoicePosition: 1, quantity: 0, reason: 'OTHER', destination: 'SALEABLE' }],
      [{ invoicePosition: 1, quantity: 1, reason: 'LOST', destination: 'SALEABLE' }],
      [{ invoicePosition: 1, quantity: 1, reason: 'OTHER', destination: 'SALEABLE', creditPercentBp: 12000 }],
      [
        { invoicePosition: 1, quantity: 1, reason: 'OTHER', destination: 'SALEABLE' },
        { invoicePosition: 1, quantity: 1, reason: 'OTHER', destination: 'SALEABLE' },
      ],
      [],
    ]) {
      const res = await ret(bad);
      expect([res.statusCode, res.json().code]).toEqual([400, 'E0001']);
    }
    // The refused returns left nothing behind: one credit note.
    expect(await t.db.selectFrom('credit_notes').select('credit_note_number').execute()).toEqual([{ credit_note_number: 'CN/26-27/000001' }]);

    // An expired batch (PUN-OLD expires today) can only go to the non-saleable store, at the agreed 80 % of PTR.
    const w = await marketplaceWorld(t.db);
    const orderId = await acceptedOrder(t.db, { sellerCode: 'STK-PUN-001', buyerCode: 'RTL-MUM-001', lines: [{ productId: w.dolovex, quantity: 5, ptrPaise: 2757, batches: [{ batchId: w.batches.punExpired, quantity: 5 }] }] });
    const old = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    const expired = await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: old.invoiceId, lines: [{ invoicePosition: 1, quantity: 5, reason: 'EXPIRED', destination: 'SALEABLE' }] });
    expect([expired.statusCode, expired.json().message]).toEqual([409, 'Cannot issue the credit note: batch PUN-OLD of Dolovex 650 Tablet expired on 2026-11-22: it can only go to the expired/damaged store']);
    const stock = await batch(t.db, w.batches.punExpired);
    const cn = body<CreditNote>(await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: old.invoiceId, lines: [{ invoicePosition: 1, quantity: 5, reason: 'EXPIRED', destination: 'NON_SALEABLE', creditPercentBp: 8000 }] }));
    // ₹27.57 × 80 % = ₹22.056 → ₹22.06 per unit.
    expect(cn.lines.map((l) => [l.invoiceRatePaise, l.creditPercentBp, l.ratePaise, l.taxablePaise, l.cgstPaise])).toEqual([[2757, 8000, 2206, 11030, 662]]);
    expect(cn.creditNoteNumber).toBe('CN/26-27/000002');
    expect(await batch(t.db, w.batches.punExpired)).toEqual(stock);
    expect((await sql`SELECT batch_id FROM sellable_batches WHERE batch_id = ${w.batches.punExpired}`.execute(t.db)).rows).toEqual([]);
    const pdf = await pdfText((await stockist.get(ACCOUNTING_PATHS.salesReturnPdf(cn.creditNoteId))).rawPayload);
    expect(pdf).toContain('Expired, credited at 80% of PTR 27.57');
  });

  it('lets returns raced at the same invoice never return more than was invoiced', async () => {
    const { invoice } = await invoiced();
    const seller = await t.db.selectFrom('users as u').innerJoin('units as n', 'n.id', 'u.unit_id').select(['u.id', 'n.id as unit_id']).where('u.mobile', '=', DEMO.stockist).executeTakeFirstOrThrow();
    const caller: Caller = { userId: seller.id, unitId: seller.unit_id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST', role: 'OWNER', familyId: 'f', activated: true };
    const returns = new ReturnsService(t.db, t.config);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => returns.create(caller, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 3, freeQuantity: 0, reason: 'OTHER', destination: 'SALEABLE' }] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['E0010', 'E0010']);
    const { rows } = await sql<{ returned: number; notes: number; movements: number }>`
      SELECT (SELECT sum(quantity)::int FROM credit_note_lines) AS returned, (SELECT count(*)::int FROM credit_notes) AS notes,
             (SELECT sum(quantity_delta)::int FROM stock_movements WHERE kind = 'RETURN') AS movements`.execute(t.db);
    expect(rows[0]).toEqual({ returned: 9, notes: 3, movements: 9 });
    expect((await t.db.selectFrom('credit_notes').select('serial').orderBy('serial').execute()).map((r) => r.serial)).toEqual([1, 2, 3]);
  });

  it('cancels an invoice with a credit note for everything: the same amounts, free goods too', async () => {
    const { stockist, invoice } = await invoiced('HSP-AMD-001');
    const cn = body<CreditNote>(
      await stockist.post(ACCOUNTING_PATHS.salesReturns, {
        invoiceId: invoice.invoiceId,
        lines: invoice.lines.map((l) => ({ invoicePosition: l.position, quantity: l.quantity, freeQuantity: l.freeQuantity, reason: 'OTHER', destination: 'SALEABLE' })),
      }),
    );
    // Gujarat: IGST, at the invoice's rates.
    expect(cn.supplyKind).toBe('INTER');
    expect(cn.totals).toEqual(invoice.totals);
    const books = await sql<{ name: string; balance: number }>`
      SELECT a.name, sum(l.debit_paise - l.credit_paise)::bigint AS balance FROM voucher_lines l JOIN ledger_accounts a ON a.id = l.account_id
      GROUP BY a.name HAVING sum(l.debit_paise - l.credit_paise) <> 0`.execute(t.db);
    // Sales against Sales Returns remain as the record; the buyer owes nothing and no output tax is left.
    expect(Object.fromEntries(books.rows.map((r) => [r.name, Number(r.balance)]))).toEqual({ Sales: -invoice.totals.taxablePaise, 'Sales Returns': invoice.totals.taxablePaise });
    const left = body<ReturnableInvoice>(await stockist.get(ACCOUNTING_PATHS.returnableInvoice, { invoiceId: invoice.invoiceId }));
    expect(left.lines.every((l) => l.returnableQuantity === 0 && l.returnableFreeQuantity === 0)).toBe(true);
    const again = await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, freeQuantity: 1, quantity: 0, reason: 'OTHER', destination: 'SALEABLE' }] });
    expect(again.json()).toMatchObject({ code: 'E0010' });
  });

  it('is read by its seller and its buyer only; the seller lists its credit notes paged; the PDF names the invoice', async () => {
    const { stockist, invoice } = await invoiced();
    const make = async (quantity: number) =>
      body<CreditNote>(await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 2, quantity, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] }));
    const first = await make(1);
    const second = await make(1);
    expect(body<CreditNote>(await stockist.get(ACCOUNTING_PATHS.salesReturn(first.creditNoteId)))).toEqual(first);

    const retailer = await signedIn(DEMO.retailer);
    const asBuyer = body<CreditNote>(await retailer.get(ACCOUNTING_PATHS.salesReturn(first.creditNoteId)));
    expect({ ...asBuyer, callerSide: 'SELLER' }).toEqual(first);
    expect(asBuyer.callerSide).toBe('BUYER');
    expect((await retailer.get(ACCOUNTING_PATHS.salesReturnPdf(first.creditNoteId))).statusCode).toBe(200);
    // The buyer cannot raise a return on the seller's invoice, nor see it in its returnables or credit notes list.
    expect((await retailer.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 2, quantity: 1, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] })).json()).toMatchObject({ code: 'E0053' });
    expect((await retailer.get(ACCOUNTING_PATHS.returnableInvoice, { invoiceId: invoice.invoiceId })).json()).toMatchObject({ code: 'E0053' });
    expect(body<CreditNoteList>(await retailer.get(ACCOUNTING_PATHS.salesReturns)).totalResults).toBe(0);
    const hospital = await signedIn(DEMO.hospital);
    for (const url of [ACCOUNTING_PATHS.salesReturn(first.creditNoteId), ACCOUNTING_PATHS.salesReturnPdf(first.creditNoteId)]) {
      const res = await hospital.get(url);
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0002']);
    }

    const page = body<CreditNoteList>(await stockist.get(ACCOUNTING_PATHS.salesReturns, { pageSize: '1' }));
    expect([page.totalResults, page.items]).toEqual([
      2,
      [
        {
          creditNoteId: second.creditNoteId,
          creditNoteNumber: 'CN/26-27/000002',
          creditNoteDate: '2026-11-22',
          invoiceId: invoice.invoiceId,
          invoiceNumber: invoice.invoiceNumber,
          partyName: 'Sharma Medical Stores',
          partyUnitCode: 'RTL-MUM-001',
          itemCount: 1,
          taxablePaise: 1500,
          taxPaise: 180,
          totalPaise: 1700,
        },
      ],
    ]);
    expect(body<CreditNoteList>(await stockist.get(ACCOUNTING_PATHS.salesReturns, { page: '1', pageSize: '1' })).items.map((i) => i.creditNoteId)).toEqual([first.creditNoteId]);

    const res = await stockist.get(ACCOUNTING_PATHS.salesReturnPdf(first.creditNoteId), { size: 'A5' });
    expect([res.statusCode, res.headers['content-type'], res.headers['content-disposition']]).toEqual([200, 'application/pdf', 'inline; filename="CN-26-27-000001.pdf"']);
    const text = await pdfText(res.rawPayload);
    for (const expected of ['Credit Note', 'Credit note No.: CN/26-27/000001', `Against invoice No.: ${invoice.invoiceNumber}`, 'Invoice date: 22-11-2026', 'CRO-1', 'Crocivex 500 CRO-1: Damaged', first.amountInWords]) {
      expect(text).toContain(expected);
    }
  });
});

describe('returns of a discounted line add up to the line (issue 32)', () => {
  /** Agarwal sells Sharma 9 Dolovex from PUN-B2 at PTR less 15 % on credit, at the counter. */
  async function discountedSale(world?: { w: Awaited<ReturnType<typeof marketplaceWorld>>; stockist: Awaited<ReturnType<typeof signedIn>> }, quantity = 9) {
    const w = world?.w ?? (await marketplaceWorld(t.db));
    const stockist = world?.stockist ?? (await signedIn(DEMO.stockist));
    const res = await stockist.post(ACCOUNTING_PATHS.instoreSales, {
      buyer: { partyUnitCode: 'RTL-MUM-001' },
      lines: [{ productId: w.dolovex, batchId: w.batches.punFar, quantity, discountBp: 1500 }],
      paymentMode: 'CREDIT',
    });
    expect(res.statusCode).toBe(200);
    const invoice = body<{ invoice: SalesInvoice }>(res).invoice;
    expect(invoice.lines).toHaveLength(1);
    return { stockist, invoice };
  }
  const returnOf = (stockist: Awaited<ReturnType<typeof signedIn>>, invoiceId: string, quantity: number, creditPercentBp?: number) =>
    stockist.post(ACCOUNTING_PATHS.salesReturns, {
      invoiceId,
      lines: [{ invoicePosition: 1, quantity, reason: creditPercentBp ? 'EXPIRED' : 'DAMAGED', destination: 'NON_SALEABLE', ...(creditPercentBp ? { creditPercentBp } : {}) }],
    });
  /** What Sharma owes Agarwal in Agarwal's books. */
  async function sharmaOwes() {
    const { rows } = await sql<{ balance: string | null }>`
      SELECT sum(l.debit_paise - l.credit_paise) AS balance FROM voucher_lines l JOIN ledger_accounts a ON a.id = l.account_id JOIN units u ON u.id = a.party_unit_id
      WHERE u.unit_code = 'RTL-MUM-001' AND a.unit_id = (SELECT id FROM units WHERE unit_code = 'STK-PUN-001')`.execute(t.db);
    return Number(rows[0]!.balance ?? 0);
  }

  it('credits the last units after an expiry return their own share of the discount, not the whole line’s', async () => {
    const { stockist, invoice } = await discountedSale();
    const line = invoice.lines[0]!;
    expect(line.discountPaise).toBeGreaterThan(0);
    const expiry = body<CreditNote>(await returnOf(stockist, invoice.invoiceId, 4, 8000));
    expect(expiry.lines[0]!.discountPaise).toBe(0);
    const rest = body<CreditNote>(await returnOf(stockist, invoice.invoiceId, 5));
    // Units 5…9 of 9: the discount of nine units less that of four, each rounded half up.
    const share = (units: number) => Math.floor((2 * line.discountPaise * units + 9) / 18);
    expect(rest.lines[0]!.discountPaise).toBe(share(9) - share(4));
    expect(rest.lines[0]!.taxablePaise).toBe(5 * line.ratePaise - (share(9) - share(4)));
  });

  it('leaves nothing open when a whole invoice comes back over two notes, however split', async () => {
    const world = { w: await marketplaceWorld(t.db), stockist: await signedIn(DEMO.stockist) };
    for (const first of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const owedBefore = await sharmaOwes();
      const { stockist, invoice } = await discountedSale(world);
      const notes = [body<CreditNote>(await returnOf(stockist, invoice.invoiceId, first)), body<CreditNote>(await returnOf(stockist, invoice.invoiceId, 9 - first))];
      const sum = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'totalPaise') => notes.reduce((s, n) => s + n.totals[key], 0);
      expect([first, sum('taxablePaise'), sum('cgstPaise'), sum('sgstPaise'), sum('totalPaise')]).toEqual([
        first,
        invoice.totals.taxablePaise,
        invoice.totals.cgstPaise,
        invoice.totals.sgstPaise,
        invoice.totals.totalPaise,
      ]);
      expect(await sharmaOwes()).toBe(owedBefore);
    }
  });
});

describe('refund to a walk-in buyer (issue 32)', () => {
  it('pays back a credit note on a paid cash sale once, with a PAY voucher against the note, leaving the walk-in head square', async () => {
    const w = await marketplaceWorld(t.db);
    const stockist = await signedIn(DEMO.stockist);
    const sale = await stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: w.dolovex, batchId: w.batches.punFar, quantity: 4 }], paymentMode: 'CASH' });
    const invoice = body<{ invoice: SalesInvoice }>(sale).invoice;
    const note = body<CreditNote>(await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 2, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] }));
    expect(note).toMatchObject({ refundablePaise: note.totals.totalPaise, refunds: [] });
    expect(note.totals.totalPaise).toBeGreaterThan(0);

    const res = await stockist.post(ACCOUNTING_PATHS.salesReturnRefund(note.creditNoteId), { method: 'CASH' });
    expect(res.statusCode).toBe(200);
    const refunded = body<CreditNote>(res);
    expect(refunded.refundablePaise).toBe(0);
    expect(refunded.refunds).toEqual([{ voucherNumber: 'PAY/26-27/000001', date: '2026-11-22', amountPaise: note.totals.totalPaise }]);
    const lines = await t.db
      .selectFrom('vouchers as v')
      .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .select(['v.kind', 'a.code', 'l.debit_paise', 'l.credit_paise', 'l.document_id'])
      .where('v.document_number', '=', 'PAY/26-27/000001')
      .orderBy('l.position')
      .execute();
    expect(lines).toEqual([
      { kind: 'PAYMENT', code: 'WALK_IN', debit_paise: note.totals.totalPaise, credit_paise: 0, document_id: note.creditNoteId },
      { kind: 'PAYMENT', code: 'CASH', debit_paise: 0, credit_paise: note.totals.totalPaise, document_id: null },
    ]);
    // Sale, receipt, credit note and refund: the walk-in buyers owe nothing and are owed nothing.
    const { rows } = await sql<{ balance: string }>`
      SELECT coalesce(sum(l.debit_paise - l.credit_paise), 0) AS balance FROM voucher_lines l JOIN ledger_accounts a ON a.id = l.account_id
      WHERE a.code = 'WALK_IN' AND a.unit_id = (SELECT id FROM units WHERE unit_code = 'STK-PUN-001')`.execute(t.db);
    expect(Number(rows[0]!.balance)).toBe(0);

    const twice = await stockist.post(ACCOUNTING_PATHS.salesReturnRefund(note.creditNoteId), { method: 'CASH' });
    expect([twice.statusCode, twice.json().code, twice.json().message]).toEqual([409, 'E0013', `Credit note ${note.creditNoteNumber} is already paid back`]);
  });

  it('refuses a refund of a connected party’s note (it settles their dues), by anyone but the seller, and by cheque', async () => {
    const { stockist, invoice } = await invoiced();
    const note = body<CreditNote>(await stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 2, quantity: 1, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] }));
    expect(note.refundablePaise).toBe(0);
    expect((await stockist.post(ACCOUNTING_PATHS.salesReturnRefund(note.creditNoteId), { method: 'CASH' })).json()).toMatchObject({ code: 'E0013' });
    const retailer = await signedIn(DEMO.retailer);
    expect((await retailer.post(ACCOUNTING_PATHS.salesReturnRefund(note.creditNoteId), { method: 'CASH' })).statusCode).toBe(404);
    expect((await stockist.post(ACCOUNTING_PATHS.salesReturnRefund(note.creditNoteId), { method: 'CHEQUE' })).statusCode).toBe(400);
  });
});
