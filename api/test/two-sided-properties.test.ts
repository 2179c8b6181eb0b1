import fc from 'fast-check';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, PAYMENTS_PATHS, type CounterSale, type PurchaseBill, type SalesInvoice } from 'shared-api';
import { resolveAccounts } from '../src/modules/ledger/accounts';
import { openItems } from '../src/modules/ledger/outstanding';
import { istDate } from '../src/modules/search/text';
import { booksWorld, signedIn, type BooksWorld, type SignedIn } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { body, build } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/*
 * A document between two businesses is one document with two sides (ARCHITECTURE.md decision 12, issue 32). Random
 * histories between Agarwal (STK-PUN-001, Pune, the seller) and two connected buyers, Sharma (RTL-MUM-001, Mumbai:
 * CGST + SGST) and Lifeline (HSP-AMD-001, Ahmedabad: IGST): online and counter invoices (credit, cash, UPI), credit
 * notes, bills received late and short, payments recorded by either side. After each history, for each pair, with
 * the bills not yet received set aside (their invoice less its credit notes):
 *   - the seller's receivable from the buyer = the buyer's payable to the seller;
 *   - the seller's output tax on the buyer's documents = the buyer's input tax on them;
 *   - per document, what the seller's books hold against the invoice = what Sharma's hold against its bill (money
 *     recorded by either side settles the same document on both sides, and waits for a bill not yet received);
 *   - per open document both sides' outstanding agree, and the buyer's only unallocated money is what waits for a bill.
 * Then every bill is received and the same holds with nothing set aside.
 */

const t = build();

const eventArb = fc
  .oneof(
    fc.record({ kind: fc.constant('ONLINE' as const), quantity: fc.integer({ min: 1, max: 6 }), free: fc.integer({ min: 0, max: 2 }) }),
    fc.record({ kind: fc.constant('COUNTER' as const), quantity: fc.integer({ min: 1, max: 6 }), mode: fc.constantFrom('CREDIT' as const, 'CASH' as const, 'UPI' as const) }),
    fc.record({ kind: fc.constant('CREDIT_NOTE' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 6 }), free: fc.boolean() }),
    fc.record({ kind: fc.constant('RECEIVE' as const), pick: fc.nat(), short: fc.integer({ min: 0, max: 2 }) }),
    fc.record({ kind: fc.constant('SELLER_PAYS_IN' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant('BUYER_PAYS' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 4 }) }),
  )
  .chain((e) => fc.integer({ min: 0, max: 1 }).map((buyer) => ({ ...e, buyer })));

type Books = { seller: string; buyer: string; debtor: string; creditor: string };

const TAX_HEADS = (side: 'OUTPUT' | 'INPUT') => [`${side}_CGST`, `${side}_SGST`, `${side}_IGST`];

/** Σ (debit − credit) of a unit's lines on the given heads, for vouchers whose document is one of those given. */
async function net(unit: string, heads: { codes?: string[]; accountId?: string }, documents: ReturnType<typeof sql>): Promise<number> {
  const headFilter = heads.accountId ? sql`a.id = ${heads.accountId}` : sql`a.code IN (${sql.join(heads.codes!)})`;
  const { rows } = await sql<{ n: string | number | null }>`
    SELECT sum(l.debit_paise - l.credit_paise) AS n
    FROM voucher_lines l JOIN vouchers v ON v.id = l.voucher_id JOIN ledger_accounts a ON a.id = l.account_id
    WHERE v.unit_id = ${unit} AND ${headFilter} AND ${documents}`.execute(t.db);
  return Number(rows[0]?.n ?? 0);
}

/** The invoices of seller to buyer, with the buyer's bill of each, its status, and what the credit notes took off. */
async function documents(b: Books) {
  const { rows } = await sql<{ invoice_id: string; bill_id: string | null; status: string | null; total: string; tax: string; cn_total: string; cn_tax: string }>`
    SELECT i.id AS invoice_id, pb.id AS bill_id, pb.status, i.total_paise AS total, i.cgst_paise + i.sgst_paise + i.igst_paise AS tax,
           coalesce((SELECT sum(c.total_paise) FROM credit_notes c WHERE c.invoice_id = i.id), 0) AS cn_total,
           coalesce((SELECT sum(c.cgst_paise + c.sgst_paise + c.igst_paise) FROM credit_notes c WHERE c.invoice_id = i.id), 0) AS cn_tax
    FROM sales_invoices i LEFT JOIN purchase_bills pb ON pb.sales_invoice_id = i.id
    WHERE i.unit_id = ${b.seller} AND i.buyer_unit_id = ${b.buyer}
    ORDER BY i.created_at, i.id`.execute(t.db);
  return rows.map((r) => ({ ...r, total: Number(r.total), tax: Number(r.tax), cnTotal: Number(r.cn_total), cnTax: Number(r.cn_tax) }));
}

/** Both sides' figures, the invariants of the file's header; `allReceived` when no bill may be pending. */
async function checkBothSides(b: Books, allReceived: boolean) {
  const docs = await documents(b);
  // Every invoice to a platform buyer has its bill (online and counter alike).
  for (const d of docs) expect(d.bill_id).not.toBeNull();
  const pending = docs.filter((d) => d.status === 'PENDING');
  if (allReceived) expect(pending).toEqual([]);
  const pendingNet = pending.reduce((s, d) => s + d.total - d.cnTotal, 0);
  const pendingTax = pending.reduce((s, d) => s + d.tax - d.cnTax, 0);

  const all = sql`true`;
  const receivable = await net(b.seller, { accountId: b.debtor }, all);
  const payable = 0 - (await net(b.buyer, { accountId: b.creditor }, all));
  expect(receivable - pendingNet).toBe(payable);

  const outputTax = 0 - (await net(
    b.seller,
    { codes: TAX_HEADS('OUTPUT') },
    sql`(v.document_id IN (SELECT id FROM sales_invoices WHERE unit_id = ${b.seller} AND buyer_unit_id = ${b.buyer})
         OR v.document_id IN (SELECT id FROM credit_notes WHERE unit_id = ${b.seller} AND buyer_unit_id = ${b.buyer}))`,
  ));
  const inputTax = await net(
    b.buyer,
    { codes: TAX_HEADS('INPUT') },
    sql`(v.document_id IN (SELECT id FROM purchase_bills WHERE unit_id = ${b.buyer} AND supplier_unit_id = ${b.seller})
         OR v.document_id IN (SELECT n.id FROM debit_notes n JOIN purchase_bills pb ON pb.id = n.bill_id WHERE n.unit_id = ${b.buyer} AND pb.supplier_unit_id = ${b.seller}))`,
  );
  expect(outputTax - pendingTax).toBe(inputTax);

  // Per document: the invoice's entries (itself, its receipts, its credit notes) against the bill's.
  for (const d of docs) {
    // A payment's party line names its document (migration 037); other entries are about the voucher's document.
    const sellerSide = await net(b.seller, { accountId: b.debtor }, sql`(coalesce(l.document_id, v.document_id) = ${d.invoice_id} OR v.document_id IN (SELECT id FROM credit_notes WHERE invoice_id = ${d.invoice_id}))`);
    const buyerSide = 0 - (await net(b.buyer, { accountId: b.creditor }, sql`(coalesce(l.document_id, v.document_id) = ${d.bill_id} OR v.document_id IN (SELECT id FROM debit_notes WHERE bill_id = ${d.bill_id}))`));
    const notOnBooks = d.status === 'PENDING' ? d.total - d.cnTotal : 0;
    expect([d.invoice_id, sellerSide - notOnBooks]).toEqual([d.invoice_id, buyerSide]);
  }

  // Outstanding as each side's screens show it: the same open amount on an invoice and on its received bill.
  const today = istDate(t.clock.now());
  const sellerItems = (await openItems(t.db, b.seller, { asOf: today, side: 'RECEIVABLE', accountId: b.debtor }))[0];
  const buyerItems = (await openItems(t.db, b.buyer, { asOf: today, side: 'PAYABLE', accountId: b.creditor }))[0];
  const openOf = (items: typeof sellerItems, id: string | null) => items?.items.filter((i) => i.documentId === id).reduce((s, i) => s + i.outstandingPaise, 0) ?? 0;
  for (const d of docs) if (d.status === 'RECEIVED') expect([d.invoice_id, openOf(buyerItems, d.bill_id)]).toEqual([d.invoice_id, openOf(sellerItems, d.invoice_id)]);
  const waiting = pending.length ? await net(b.buyer, { accountId: b.creditor }, sql`v.document_type = 'PAYMENT' AND coalesce(l.document_id, v.document_id) IN (${sql.join(pending.map((d) => d.bill_id!))})`) : 0;
  expect(buyerItems?.unallocatedPaise ?? 0).toBe(waiting);
}

describe('both sides of every document between two platform units agree', () => {
  it('receivable = payable and output tax = input tax for random two-party histories', async () => {
    const w: BooksWorld = await booksWorld(t);
    const seller = await unitId(t.db, 'STK-PUN-001');
    const pair = async (code: string, session: SignedIn) => {
      const buyer = await unitId(t.db, code);
      const [debtor, creditor] = await t.db.transaction().execute(async (trx) => [
        (await resolveAccounts(trx, seller, [{ debtor: buyer }], t.clock.now()))[0]!,
        (await resolveAccounts(trx, buyer, [{ creditor: seller }], t.clock.now()))[0]!,
      ]);
      return { code, session, books: { seller, buyer, debtor, creditor } as Books };
    };
    const pairs = [await pair('RTL-MUM-001', w.retailer), await pair('HSP-AMD-001', await signedIn(t, '9800000003'))];
    // Enough stock for every history.
    await t.db.updateTable('inventory_batches').set({ quantity: 1_000_000 }).where('id', '=', w.sellerBatch).execute();
    const today = istDate(t.clock.now());

    const receive = async (buyer: SignedIn, billId: string, short: number) => {
      const bill = body<PurchaseBill>(await buyer.get(ACCOUNTING_PATHS.purchaseBill(billId)));
      const inv = (await t.db.selectFrom('purchase_bills').select('sales_invoice_id').where('id', '=', billId).executeTakeFirstOrThrow()).sales_invoice_id!;
      const credited = await t.db.selectFrom('credit_note_lines').select(['invoice_position', (e) => e.fn.sum<number>(sql`quantity + free_quantity`).as('units')]).where('invoice_id', '=', inv).groupBy('invoice_position').execute();
      const back = new Map(credited.map((c) => [c.invoice_position, Number(c.units)]));
      const res = await buyer.post(ACCOUNTING_PATHS.receivePurchaseBill(billId), {
        lines: bill.lines.map((l) => ({ position: l.position, receivedQuantity: Math.max(0, l.quantity + l.freeQuantity - (back.get(l.position) ?? 0) - short), salePricePaise: 1500 })),
      });
      expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
    };
    const open = async (unit: string, side: 'RECEIVABLE' | 'PAYABLE', accountId: string, documentId: string) =>
      ((await openItems(t.db, unit, { asOf: today, side, accountId }))[0]?.items ?? []).filter((i) => i.documentId === documentId).reduce((s, i) => s + i.outstandingPaise, 0);

    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 12 }), async (events) => {
        for (const e of events) {
          const { code, session, books } = pairs[e.buyer]!;
          const { debtor, creditor, buyer } = books;
          const docs = await documents(books);
          if (e.kind === 'ONLINE') {
            const orderId = await acceptedOrder(t.db, {
              sellerCode: 'STK-PUN-001',
              buyerCode: code,
              lines: [{ productId: w.product, quantity: e.quantity, freeQuantity: e.free, ptrPaise: 1000, batches: [{ batchId: w.sellerBatch, quantity: e.quantity + e.free }] }],
            });
            body<SalesInvoice>(await w.stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
          } else if (e.kind === 'COUNTER') {
            body<CounterSale>(await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { partyUnitCode: code }, lines: [{ productId: w.product, batchId: w.sellerBatch, quantity: e.quantity }], paymentMode: e.mode }));
          } else if (e.kind === 'CREDIT_NOTE') {
            // One credit note per invoice, before any money on it: so no side ever holds more credit than a
            // document's due (an excess would settle the oldest documents, which each side orders by its own dates).
            const fresh = [];
            for (const d of docs) {
              // Money names its document on its party line (a payment's voucher, migration 037) or as the voucher's document (a counter sale's receipt).
              const paid = await t.db
                .selectFrom('vouchers as v')
                .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
                .select('v.id')
                .where((e) => e(e.fn.coalesce('l.document_id', 'v.document_id'), 'in', [d.invoice_id, d.bill_id!]))
                .where('v.kind', 'in', ['RECEIPT', 'PAYMENT'])
                .executeTakeFirst();
              if (!paid && d.cnTotal === 0) fresh.push(d);
            }
            const d = fresh[e.pick % Math.max(1, fresh.length)];
            if (!d) continue;
            const line = await t.db.selectFrom('sales_invoice_lines').select(['position', 'quantity', 'free_quantity']).where('invoice_id', '=', d.invoice_id).orderBy('position').executeTakeFirstOrThrow();
            const quantity = Math.min(e.quantity, line.quantity);
            const freeQuantity = e.free ? line.free_quantity : 0;
            const res = await w.stockist.post(ACCOUNTING_PATHS.salesReturns, { invoiceId: d.invoice_id, lines: [{ invoicePosition: line.position, quantity, freeQuantity, reason: 'WRONG_ITEM', destination: 'SALEABLE' }] });
            expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
          } else if (e.kind === 'RECEIVE') {
            const pending = docs.filter((d) => d.status === 'PENDING');
            const d = pending[e.pick % Math.max(1, pending.length)];
            if (d) await receive(session, d.bill_id!, e.short);
          } else if (e.kind === 'SELLER_PAYS_IN') {
            const dues = [];
            for (const d of docs) dues.push({ d, due: await open(seller, 'RECEIVABLE', debtor, d.invoice_id) });
            const owed = dues.filter((x) => x.due > 0);
            const x = owed[e.pick % Math.max(1, owed.length)];
            if (!x) continue;
            const amountPaise = Math.max(1, Math.floor(x.due / e.share));
            const res = await w.stockist.post(PAYMENTS_PATHS.submit, { direction: 'RECEIVED', partyAccountId: debtor, method: 'CASH', amountPaise, paidOn: today, allocation: { mode: 'CHOSEN', items: [{ documentId: x.d.invoice_id, amountPaise }] } });
            expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
          } else {
            const dues = [];
            for (const d of docs.filter((d) => d.status === 'RECEIVED')) dues.push({ d, due: await open(buyer, 'PAYABLE', creditor, d.bill_id!) });
            const owed = dues.filter((x) => x.due > 0);
            const x = owed[e.pick % Math.max(1, owed.length)];
            if (!x) continue;
            const amountPaise = Math.max(1, Math.floor(x.due / e.share));
            const res = await session.post(PAYMENTS_PATHS.submit, { direction: 'PAID', partyAccountId: creditor, method: 'CASH', amountPaise, paidOn: today, allocation: { mode: 'CHOSEN', items: [{ documentId: x.d.bill_id, amountPaise }] } });
            expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
            // The buyer's payment is a claim (issue 39): in both books once the seller confirms it.
            const confirmed = await w.stockist.post(PAYMENTS_PATHS.confirmClaim(body<{ paymentId: string }>(res).paymentId));
            expect([confirmed.statusCode, confirmed.statusCode === 200 ? '' : confirmed.body]).toEqual([200, '']);
          }
        }
        for (const p of pairs) await checkBothSides(p.books, false);
        // The late bills arrive; then nothing is set aside.
        for (const p of pairs) {
          for (const d of await documents(p.books)) if (d.status === 'PENDING') await receive(p.session, d.bill_id!, 0);
          await checkBothSides(p.books, true);
        }
      }),
      {
        numRuns: 25,
        // Money first, then a credit note on the same invoice: the note must see the money, whatever voucher carries it.
        examples: [
          [
            [
              { kind: 'ONLINE', quantity: 3, free: 0, buyer: 0 },
              { kind: 'SELLER_PAYS_IN', pick: 0, share: 2, buyer: 0 },
              { kind: 'CREDIT_NOTE', pick: 0, quantity: 3, free: false, buyer: 0 },
              { kind: 'ONLINE', quantity: 2, free: 0, buyer: 1 },
              { kind: 'RECEIVE', pick: 0, short: 0, buyer: 1 },
              { kind: 'BUYER_PAYS', pick: 0, share: 2, buyer: 1 },
              { kind: 'CREDIT_NOTE', pick: 0, quantity: 2, free: false, buyer: 1 },
            ],
          ],
        ],
      },
    );
  }, 180_000);
});
