import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  PAYMENTS_PATHS,
  RECALL_PATHS,
  type AskBuyersResult,
  type CounterSale,
  type CreditNote,
  type CreditNoteList,
  type MarkDestroyedResult,
  type PartyDues,
  type Recall,
  type RecallDocument,
  type RecallNetwork,
  type RecallTrace,
  type ReturnToSupplierResult,
} from 'shared-api';
import { inTransaction } from '../src/db/transaction';
import { cancelInBooks } from '../src/modules/cancellations/books';
import { booksWorld, buyAndReceive, counterSale, signedIn, type BooksWorld, type SignedIn } from './books-fixtures';
import { addBatch, unitId } from './cart-fixtures';
import { DEMO, body, build } from './helpers';
import { multipart } from './inventory-fixtures';

/*
 * A recall's trace, network view and one-click actions (issue 35). The books world: Agarwal (STK-PUN-001, Pune)
 * holds 1,000 units of "Booksol 500" (Ledgerly Labs) batch BK-1 and invoices 10 of them to Sharma (RTL-MUM-001,
 * Mumbai) at ₹10.00 + 12 % GST, who receives them and sells 2 to a walk-in buyer. Then back-office staff recall
 * batch "bk 1": Agarwal's 1,000 (the order fixture does not take stock) and Sharma's 8 units go to quarantine.
 */
const t = build();
const STAFF = '9800000090';

interface World extends BooksWorld {
  recall: Recall;
  invoiceNumber: string;
  billId: string;
  stockistUnit: string;
  staff: SignedIn;
}

async function world(before?: (w: BooksWorld) => Promise<void>): Promise<World> {
  const w = await booksWorld(t);
  const bill = await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1000 });
  await counterSale(w, w.product, 2);
  await before?.(w);
  const staff = await signedIn(t, STAFF);
  const res = await staff.post(RECALL_PATHS.list, {
    productId: w.product,
    batchNos: ['bk 1'],
    reason: 'NSQ',
    action: 'RETURN_TO_SUPPLIER',
    source: { noticeNumber: 'CDSCO/NSQ/2026/11', noticeDate: '2026-11-20', letterDocumentId: null },
  });
  if (res.statusCode !== 200) throw new Error(`raise: ${res.statusCode} ${res.body}`);
  return { ...w, recall: body<Recall>(res), invoiceNumber: bill.billNumber, billId: bill.billId, stockistUnit: await unitId(t.db, 'STK-PUN-001'), staff };
}

const traceOf = async (who: SignedIn, recallId: string) => {
  const res = await who.get(RECALL_PATHS.trace(recallId));
  if (res.statusCode !== 200) throw new Error(`trace: ${res.statusCode} ${res.body}`);
  return body<RecallTrace>(res);
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
async function upload(who: SignedIn, kind: string) {
  const form = multipart('certificate.pdf', PDF, { kind });
  const res = await t.app.inject({ method: 'POST', url: RECALL_PATHS.documents, headers: { ...form.headers, authorization: `Bearer ${who.session.token}` }, payload: form.payload });
  expect(res.statusCode).toBe(200);
  return body<RecallDocument>(res).documentId;
}

describe('trace', () => {
  it('backward: the buyer received its units from Agarwal on the platform bill; forward: walk-in sales counted; on hand and quarantine', async () => {
    const w = await world();
    const trace = await traceOf(w.retailer, w.recall.id);
    expect(trace.recall.id).toBe(w.recall.id);
    expect(trace.batches).toEqual([{ batchNo: 'BK-1', expiryDate: '2028-06-30', warehouseName: expect.any(String), onHand: 0, quarantined: 8 }]);
    expect(trace.received).toEqual([
      { batchNo: 'BK-1', supplierName: 'Agarwal Pharma Distributors', supplierUnitId: w.stockistUnit, documentType: 'PURCHASE_BILL', documentId: w.billId, documentNumber: w.invoiceNumber, date: '2026-11-22', quantity: 10 },
    ]);
    // The walk-in sale cannot be traced further: counted, not listed.
    expect(trace.sold).toEqual([]);
    expect(trace.walkIn).toEqual({ sales: 1, units: 2 });
    expect(trace.quarantine).toEqual({ quarantined: 8, returnedToSupplier: 0, returnedByBuyers: 0, destroyed: 0 });
    expect(trace.actions).toEqual({ returnableToSupplier: 8, notReturnable: 0, buyersToAsk: 0 });
  });

  it('a batch added by hand after the recall is traced back to that addition, on hand but blocked', async () => {
    const w = await world();
    // At 00:10 IST on the 23rd (18:40 UTC on the 22nd): the day is India's.
    t.clock.advance(14 * 3600 + 10 * 60);
    // (As the stock screen's "add by hand" writes it: the batch, then its MANUAL_ADD movement.)
    const batch = await addBatch(t.db, { sellerCode: 'RTL-MUM-001', productId: w.product, batchNo: 'BK 1', expiry: '2028-06-30', quantity: 5, ptr: 1000, mrp: 2240 });
    await t.db.insertInto('stock_movements').values({ id: randomUUID(), batch_id: batch, unit_id: w.retailerUnit, kind: 'MANUAL_ADD', quantity_delta: 5, note: 'Added by hand', created_at: t.clock.now() }).execute();
    expect((await t.db.selectFrom('inventory_batches').select('recall_id').where('id', '=', batch).executeTakeFirstOrThrow()).recall_id).toBe(w.recall.id);
    const trace = await traceOf(await signedIn(t, DEMO.retailer), w.recall.id);
    expect(trace.batches.map((b) => [b.batchNo, b.onHand, b.quarantined])).toEqual([
      ['BK 1', 5, 0],
      ['BK-1', 0, 8],
    ]);
    expect(trace.received.map((r) => [r.batchNo, r.documentType, r.supplierName, r.supplierUnitId, r.date, r.quantity])).toEqual([
      ['BK-1', 'PURCHASE_BILL', 'Agarwal Pharma Distributors', w.stockistUnit, '2026-11-22', 10],
      ['BK 1', 'MANUAL_ADD', 'Added by hand', null, '2026-11-23', 5],
    ]);
  });

  it('forward: the supplier sold 10 units to Sharma on its invoice; its own stock came on no document and cannot go back up', async () => {
    const w = await world();
    const trace = await traceOf(w.stockist, w.recall.id);
    expect(trace.batches).toEqual([expect.objectContaining({ batchNo: 'BK-1', onHand: 0, quarantined: 1000 })]);
    expect(trace.received).toEqual([]);
    expect(trace.sold).toEqual([
      { batchNo: 'BK-1', buyerName: 'Sharma Medical Stores', buyerUnitId: w.retailerUnit, documentType: 'INVOICE', documentId: expect.any(String), documentNumber: w.invoiceNumber, date: '2026-11-22', quantity: 10, returned: 0, askedToReturnAt: null },
    ]);
    expect(trace.walkIn).toEqual({ sales: 0, units: 0 });
    expect(trace.actions).toEqual({ returnableToSupplier: 0, notReturnable: 1000, buyersToAsk: 1 });
  });

  it('forward: a counter sale to a connected party is traced to it; its returns are counted', async () => {
    let invoiceId = '';
    const w = await world(async (b) => {
      const res = await b.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: 'RTL-MUM-001' }, lines: [{ productId: b.product, batchId: b.sellerBatch, quantity: 4 }], paymentMode: 'CREDIT' });
      expect(res.statusCode).toBe(200);
      invoiceId = body<CounterSale>(res).invoice.invoiceId;
      const back = await b.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] });
      expect(back.statusCode).toBe(200);
    });
    const trace = await traceOf(w.stockist, w.recall.id);
    expect(trace.sold.map((s) => [s.documentType, s.buyerName, s.buyerUnitId, s.quantity, s.returned])).toEqual([
      ['INVOICE', 'Sharma Medical Stores', w.retailerUnit, 10, 0],
      ['COUNTER_SALE', 'Sharma Medical Stores', w.retailerUnit, 4, 1],
    ]);
    expect(trace.sold[1]!.documentId).toBe(invoiceId);
    // The unit it took back is traced backward to the credit note.
    expect(trace.received).toEqual([expect.objectContaining({ documentType: 'CREDIT_NOTE', supplierName: 'Sharma Medical Stores', quantity: 1 })]);
    expect(trace.walkIn).toEqual({ sales: 0, units: 0 });
  });

  it('a unit sees only its own trace: one the recall does not reach gets 404, as does an unknown recall', async () => {
    const w = await world();
    const hospital = await signedIn(t, DEMO.hospital);
    const res = await hospital.get(RECALL_PATHS.trace(w.recall.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('E0002');
    expect((await w.retailer.get(RECALL_PATHS.trace(randomUUID()))).statusCode).toBe(404);
    expect((await w.retailer.get(RECALL_PATHS.trace('not-an-id'))).statusCode).toBe(404);
  });
});

describe('network view', () => {
  it('staff see units on shelves by district, falling to zero day by day', async () => {
    const w = await world();
    const res = await w.staff.get(RECALL_PATHS.network(w.recall.id));
    expect(res.statusCode).toBe(200);
    const net = body<RecallNetwork>(res);
    expect(net.totals).toEqual({ holders: 2, onShelves: 1008, quarantined: 1008, returned: 0, destroyed: 0 });
    expect(net.byDistrict).toEqual([
      { state: expect.any(String), district: 'Pune', holders: 1, onShelves: 1000 },
      { state: expect.any(String), district: 'Mumbai Suburban', holders: 1, onShelves: 8 },
    ]);
    expect(net.timeline).toEqual([{ date: '2026-11-22', onShelves: 1008 }]);

    // Next day Agarwal destroys its quarantine: the network falls to Sharma's 8.
    t.clock.advance(24 * 3600);
    // (Signed in again: yesterday's sessions have expired.)
    const stockist = await signedIn(t, DEMO.stockist);
    const certificate = await upload(stockist, 'DESTRUCTION_CERTIFICATE');
    expect((await stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate })).statusCode).toBe(200);
    const after = body<RecallNetwork>(await (await signedIn(t, STAFF)).get(RECALL_PATHS.network(w.recall.id)));
    expect(after.totals).toEqual({ holders: 1, onShelves: 8, quarantined: 8, returned: 0, destroyed: 1000 });
    expect(after.byDistrict.map((d) => d.district)).toEqual(['Mumbai Suburban']);
    expect(after.timeline).toEqual([
      { date: '2026-11-22', onShelves: 1008 },
      { date: '2026-11-23', onShelves: 8 },
    ]);
  });

  it("the product's manufacturer sees it; a holder that did not raise it is refused (403), a unit it does not reach gets 404", async () => {
    const w = await world();
    const unit = randomUUID();
    const now = t.clock.now();
    await t.db.insertInto('units').values({ id: unit, unit_code: 'MFR-LDG-001', trade_name: 'Ledgerly Labs Pvt. Ltd.', customer_type: 'MANUFACTURER', activated: true, city: 'Mumbai', created_at: now }).execute();
    await t.db.insertInto('users').values({ id: randomUUID(), unit_id: unit, role: 'OWNER', first_name: 'Maker', mobile: '9800007001', created_at: now }).execute();
    const maker = await signedIn(t, '9800007001');
    expect(body<RecallNetwork>(await maker.get(RECALL_PATHS.network(w.recall.id))).totals.onShelves).toBe(1008);

    const refused = await w.retailer.get(RECALL_PATHS.network(w.recall.id));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0040']);
    expect(refused.json().message).toMatch(/Ledgerly Labs/);
    const hospital = await signedIn(t, DEMO.hospital);
    expect((await hospital.get(RECALL_PATHS.network(w.recall.id))).statusCode).toBe(404);
  });
});

describe('return to supplier', () => {
  const payable = async (w: World) => body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable)).parties.find((p) => p.partyUnitCode === 'STK-PUN-001')?.outstandingPaise ?? 0;
  const receivable = async (w: World) => body<PartyDues>(await w.stockist.get(PAYMENTS_PATHS.receivable)).parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')?.outstandingPaise ?? 0;

  it("a debit note at the bill's price from quarantine; the supplier gets the credit note and the units in its quarantine, and its trace shows them back", async () => {
    const w = await world();
    const owedBefore = await payable(w);
    const res = await w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id));
    expect(res.statusCode).toBe(200);
    const result = body<ReturnToSupplierResult>(res);
    // 8 units × ₹10.00 + 12 % GST = ₹89.60, rounded to ₹90.
    expect(result).toEqual({ debitNotes: [{ debitNoteId: expect.any(String), noteNumber: expect.stringMatching(/^DN/), supplierName: 'Agarwal Pharma Distributors', units: 8, totalPaise: 9000 }], unitsLeft: 0 });
    const dn = result.debitNotes[0]!;
    const note = await t.db.selectFrom('debit_note_lines').select(['rate_paise', 'quantity', 'free_quantity', 'taxable_paise', 'batch_id']).where('debit_note_id', '=', dn.debitNoteId).execute();
    expect(note).toEqual([{ rate_paise: 1000, quantity: 8, free_quantity: 0, taxable_paise: 8000, batch_id: expect.any(String) }]);

    // Two sides: Sharma owes ₹89.60 less, and Agarwal is owed exactly that less.
    expect(owedBefore - (await payable(w))).toBe(9000);
    expect(await receivable(w)).toBe(await payable(w));
    const notes = body<CreditNoteList>(await w.stockist.get(ACCOUNTING_PATHS.salesReturns));
    expect(notes.items).toEqual([expect.objectContaining({ partyName: 'Sharma Medical Stores', totalPaise: 9000 })]);
    const cn = body<CreditNote>(await w.stockist.get(ACCOUNTING_PATHS.salesReturn(notes.items[0]!.creditNoteId)));
    expect(cn.lines.map((l) => [l.batchNo, l.quantity, l.ratePaise, l.destination])).toEqual([['BK-1', 8, 1000, 'NON_SALEABLE']]);
    expect((await t.db.selectFrom('debit_notes').select('credit_note_id').where('id', '=', dn.debitNoteId).executeTakeFirstOrThrow()).credit_note_id).toBe(cn.creditNoteId);
    const told = await t.db.selectFrom('notifications').select(['title', 'body', 'link']).where('unit_id', '=', w.stockistUnit).where('title', 'like', 'Sharma Medical Stores returned%').execute();
    expect(told).toEqual([
      {
        title: `Sharma Medical Stores returned 8 recalled units (${w.recall.recallNumber})`,
        body: `Debit note ${dn.noteNumber} against your invoice ${w.invoiceNumber}; your credit note ${cn.creditNoteNumber} is issued and the units are in your quarantine under ${w.recall.recallNumber}.`,
        link: `/stocks/recalls/${w.recall.id}`,
      },
    ]);

    // Sharma's quarantine is empty; its batch did not move (the units had left it when the recall was raised).
    const mine = await traceOf(w.retailer, w.recall.id);
    expect(mine.quarantine).toEqual({ quarantined: 0, returnedToSupplier: 8, returnedByBuyers: 0, destroyed: 0 });
    expect(mine.batches[0]).toMatchObject({ onHand: 0, quarantined: 0 });
    expect(mine.actions.returnableToSupplier).toBe(0);

    // Agarwal: the units are back, in its quarantine under the same recall.
    const theirs = await traceOf(w.stockist, w.recall.id);
    expect(theirs.quarantine).toEqual({ quarantined: 1008, returnedToSupplier: 0, returnedByBuyers: 8, destroyed: 0 });
    expect(theirs.sold[0]).toMatchObject({ quantity: 10, returned: 8 });
    expect(theirs.received).toEqual([expect.objectContaining({ supplierName: 'Sharma Medical Stores', supplierUnitId: w.retailerUnit, documentType: 'CREDIT_NOTE', documentNumber: cn.creditNoteNumber, quantity: 8 })]);
    expect(theirs.batches[0]).toMatchObject({ quarantined: 1008 });
    const store = await sql<{ source_type: string; recall_id: string; q: number }>`
      SELECT source_type, recall_id, sum(quantity_delta)::int AS q FROM non_saleable_stock_movements WHERE unit_id = ${w.stockistUnit} GROUP BY 1, 2 ORDER BY 1`.execute(t.db);
    expect(store.rows).toEqual([
      { source_type: 'CREDIT_NOTE', recall_id: w.recall.id, q: 8 },
      { source_type: 'RECALL', recall_id: w.recall.id, q: 1000 },
    ]);

    // A second click: nothing left to return.
    const again = await w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id));
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0013']);
  });

  it("the supplier cancelling its credit note withdraws the debit note: the units go back to the buyer's quarantine", async () => {
    const w = await world();
    const owedBefore = await payable(w);
    const { debitNotes } = body<ReturnToSupplierResult>(await w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id)));
    const dn = await t.db.selectFrom('debit_notes').select('credit_note_id').where('id', '=', debitNotes[0]!.debitNoteId).executeTakeFirstOrThrow();
    const owner = await t.db.selectFrom('users').select('id').where('unit_id', '=', w.stockistUnit).where('role', '=', 'OWNER').executeTakeFirstOrThrow();
    await inTransaction(t.db, (trx) =>
      cancelInBooks(trx, { unitId: w.stockistUnit, documentType: 'CREDIT_NOTE', documentId: dn.credit_note_id!, reasonCode: '2', remark: 'Wrong batch keyed', userId: owner.id, at: t.clock.now() }, { dryRun: false }),
    );
    expect((await traceOf(w.stockist, w.recall.id)).quarantine.quarantined).toBe(1000);
    expect((await traceOf(w.retailer, w.recall.id)).quarantine).toEqual({ quarantined: 8, returnedToSupplier: 0, returnedByBuyers: 0, destroyed: 0 });
    // The recall's network-wide count nets the withdrawn return out too.
    expect((await traceOf(w.retailer, w.recall.id)).recall.counts.returnedToSupplier).toBe(0);
    expect(await payable(w)).toBe(owedBefore);
    expect(await receivable(w)).toBe(owedBefore);
    // And they can be returned again.
    expect(body<ReturnToSupplierResult>(await w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id))).debitNotes[0]!.units).toBe(8);
  });

  it('units that came on no platform bill cannot go back through it', async () => {
    const w = await world();
    const res = await w.stockist.post(RECALL_PATHS.returnToSupplier(w.recall.id));
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0013']);
    expect(res.json().message).toMatch(/None of the 1000 quarantined units/);
  });

  it('a lifted recall has nothing to act on', async () => {
    const w = await world();
    expect((await w.staff.post(RECALL_PATHS.lift(w.recall.id), { reason: 'Cleared on retest' })).statusCode).toBe(200);
    const res = await w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id));
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0013']);
    expect(res.json().message).toMatch(/lifted/);
  });
});

describe('actions at once (on PostgreSQL: real concurrency)', () => {
  it('two clicks of return to supplier and a destruction on the same quarantine take each unit once', async () => {
    const w = await world();
    const certificate = await upload(w.retailer, 'DESTRUCTION_CERTIFICATE');
    const answers = await Promise.all([
      w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id)),
      w.retailer.post(RECALL_PATHS.returnToSupplier(w.recall.id)),
      w.retailer.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate, batches: [{ batchNo: 'BK-1', quantity: 3 }] }),
    ]);
    // Each answer is a success or a refusal a person understands (409), never a deadlock or a failure.
    expect(answers.map((a) => [200, 409].includes(a.statusCode))).toEqual([true, true, true]);
    const trace = await traceOf(w.retailer, w.recall.id);
    expect(trace.quarantine.quarantined).toBeGreaterThanOrEqual(0);
    expect(trace.quarantine.quarantined + trace.quarantine.returnedToSupplier + trace.quarantine.destroyed).toBe(8);
    // What left as debit notes reached the supplier, once.
    expect((await traceOf(w.stockist, w.recall.id)).quarantine.returnedByBuyers).toBe(trace.quarantine.returnedToSupplier);
    expect(answers.filter((a, i) => i < 2 && a.statusCode === 200)).toHaveLength(1);
  });
});

describe('ask buyers', () => {
  it('tells each platform buyer its units and documents, once', async () => {
    const w = await world();
    const res = await w.stockist.post(RECALL_PATHS.askBuyers(w.recall.id));
    expect(res.statusCode).toBe(200);
    expect(body<AskBuyersResult>(res)).toEqual({ buyersAsked: 1 });
    const notices = await t.db.selectFrom('notifications').select(['title', 'body', 'link']).where('unit_id', '=', w.retailerUnit).where('type', '=', 'RECALL').where('title', 'like', 'Return %').execute();
    expect(notices).toEqual([{ title: `Return 10 units of Booksol 500 (${w.recall.recallNumber})`, body: expect.stringContaining(`${w.invoiceNumber} (10 of batch BK-1)`), link: `/stocks/recalls/${w.recall.id}` }]);
    expect(notices[0]!.body).toMatch(/^Agarwal Pharma Distributors asks you to return/);
    const party = await t.db.selectFrom('recall_parties').select(['asked_to_return_at', 'asked_by_unit_id']).where('recall_id', '=', w.recall.id).where('unit_id', '=', w.retailerUnit).where('role', '=', 'BUYER').executeTakeFirstOrThrow();
    expect(party).toEqual({ asked_to_return_at: t.clock.now(), asked_by_unit_id: w.stockistUnit });

    const trace = await traceOf(w.stockist, w.recall.id);
    expect(trace.sold[0]!.askedToReturnAt).toBe(t.clock.now().toISOString());
    expect(trace.actions.buyersToAsk).toBe(0);
    expect(body<AskBuyersResult>(await w.stockist.post(RECALL_PATHS.askBuyers(w.recall.id)))).toEqual({ buyersAsked: 0 });
  });
});

describe('destroyed', () => {
  it('writes quarantined units off against the certificate, per batch or all', async () => {
    const w = await world();
    const certificate = await upload(w.stockist, 'DESTRUCTION_CERTIFICATE');
    const some = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate, batches: [{ batchNo: 'bk-1', quantity: 90 }] });
    expect(some.statusCode).toBe(200);
    expect(body<MarkDestroyedResult>(some)).toEqual({ unitsDestroyed: 90 });
    const tooMany = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate, batches: [{ batchNo: 'BK-1', quantity: 911 }] });
    expect([tooMany.statusCode, tooMany.json().code, tooMany.json().message]).toEqual([409, 'E0013', `Only 910 units of batch BK-1 are in your quarantine under ${w.recall.recallNumber}, not 911`]);
    expect(body<MarkDestroyedResult>(await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate }))).toEqual({ unitsDestroyed: 910 });

    const trace = await traceOf(w.stockist, w.recall.id);
    expect(trace.quarantine).toEqual({ quarantined: 0, returnedToSupplier: 0, returnedByBuyers: 0, destroyed: 1000 });
    const rows = await t.db.selectFrom('non_saleable_stock_movements').select(['source_id', 'quantity_delta']).where('source_type', '=', 'RECALL_DESTRUCTION').orderBy('quantity_delta', 'desc').execute();
    expect(rows).toEqual([
      { source_id: certificate, quantity_delta: -90 },
      { source_id: certificate, quantity_delta: -910 },
    ]);
    const nothing = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: certificate });
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'E0013']);
  });

  it('needs a certificate of destruction the unit uploaded', async () => {
    const w = await world();
    const missing = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), {});
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'E0001']);
    const letter = await upload(w.stockist, 'LETTER');
    const wrongKind = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: letter });
    expect([wrongKind.statusCode, wrongKind.json().message]).toEqual([400, expect.stringMatching(/certificate of destruction/)]);
    const othersCertificate = await upload(w.retailer, 'DESTRUCTION_CERTIFICATE');
    expect((await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: othersCertificate })).statusCode).toBe(400);
    const unknownBatch = await w.stockist.post(RECALL_PATHS.destroyed(w.recall.id), { certificateDocumentId: (await upload(w.stockist, 'DESTRUCTION_CERTIFICATE')), batches: [{ batchNo: 'ZZ-9', quantity: 1 }] });
    expect([unknownBatch.statusCode, unknownBatch.json().message]).toEqual([409, expect.stringMatching(/Only 0 units of batch ZZ-9/)]);
  });
});
