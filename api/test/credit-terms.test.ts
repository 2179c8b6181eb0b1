import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  CONNECTIONS_PATHS,
  CREDIT_PATHS,
  MARKETPLACE_PATHS,
  PATHS,
  type Cart,
  type ConnectedUserList,
  type CreditTerms,
  type OutstandingReport,
  type PartyOutstandingDetail,
  type SalesInvoice,
  type SubmitResult,
} from 'shared-api';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();
const DAY = 86_400;
const CUSTOMERS = CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER');
/** 10 Dolovex at ₹27.50 + 12 % GST: ₹308.00 an order (no round-off), the invoice the same. */
const ORDER_PAISE = 30800;

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: bearer(session), query });
  return { session, post, get };
}

/** Sharma (Mumbai, retailer) buys from Agarwal (Pune, stockist), connected with access. */
async function world() {
  const w = await marketplaceWorld(t.db);
  // Signed in again after the clock moves on (sessions expire): the helpers below always use the current ones.
  let retailer = await signedIn(DEMO.retailer);
  let stockist = await signedIn(DEMO.stockist);
  const advanceDays = async (days: number) => {
    t.clock.advance(days * DAY);
    retailer = await signedIn(DEMO.retailer);
    stockist = await signedIn(DEMO.stockist);
  };
  const customers = body<ConnectedUserList>(await stockist.get(CUSTOMERS));
  const sharma = customers.items.find((i) => i.unitCode === 'RTL-MUM-001')!;
  const setTerms = (terms: CreditTerms) => stockist.post(CREDIT_PATHS.terms, { connectionId: sharma.connectionId, ...terms });
  const fillCart = async (quantity = 10) => {
    expect((await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity })).statusCode).toBe(200);
  };
  const submit = () => retailer.post(MARKETPLACE_PATHS.cartSubmit);
  const order = async (quantity = 10) => {
    await fillCart(quantity);
    const res = await submit();
    expect(res.statusCode).toBe(200);
    return body<SubmitResult>(res).orders[0]!.orderId;
  };
  const invoice = async (orderId: string) => {
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId))).statusCode).toBe(200);
    const res = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
    expect(res.statusCode).toBe(200);
    return body<SalesInvoice>(res);
  };
  const cart = async () => body<Cart>(await retailer.get(PATHS.cart));
  return { w, get retailer() { return retailer; }, get stockist() { return stockist; }, sharma, setTerms, fillCart, submit, order, invoice, cart, advanceDays };
}

/** Sharma's orders with Agarwal (the demo data has others). */
async function ordersOfSharma(): Promise<number> {
  const [buyer, seller] = [await unitId(t.db, 'RTL-MUM-001'), await unitId(t.db, 'STK-PUN-001')];
  return (await t.db.selectFrom('orders').select('id').where('buyer_unit_id', '=', buyer).where('seller_unit_id', '=', seller).execute()).length;
}

const NONE: CreditTerms = { creditDays: null, creditLimitPaise: null, blockNewOrders: false };

describe('credit terms set by the seller on its customer', () => {
  it('are set on a connection the caller sells on, shown on its customers list, and refused to anyone else', async () => {
    const { stockist, retailer, sharma, setTerms } = await world();
    expect(sharma.creditTerms).toBeNull();
    const res = await setTerms({ creditDays: 30, creditLimitPaise: 5_000_000, blockNewOrders: true });
    expect(res.statusCode).toBe(200);
    const again = body<ConnectedUserList>(await stockist.get(CUSTOMERS)).items.find((i) => i.unitCode === 'RTL-MUM-001')!;
    expect(again.creditTerms).toEqual({ creditDays: 30, creditLimitPaise: 5_000_000, blockNewOrders: true });
    // Changed again: one row per pair.
    expect((await setTerms({ creditDays: 15, creditLimitPaise: null, blockNewOrders: false })).statusCode).toBe(200);
    expect(await t.db.selectFrom('credit_terms').select(['credit_days', 'credit_limit_paise', 'block_new_orders']).execute()).toEqual([{ credit_days: 15, credit_limit_paise: null, block_new_orders: false }]);

    // The buyer's side of the list carries no terms, and the buyer cannot set them.
    const stockists = body<ConnectedUserList>(await retailer.get(CONNECTIONS_PATHS.connectedUsers('RETAILER', 'STOCKIST')));
    expect(stockists.items.every((i) => i.creditTerms === undefined)).toBe(true);
    expect((await retailer.post(CREDIT_PATHS.terms, { connectionId: sharma.connectionId, ...NONE })).json()).toMatchObject({ code: 'E0040' });
    // A connection Agarwal is the buyer on (it buys from Mumbai's stockist) is not its to set, nor one that does not exist.
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    const mumbai = await unitId(t.db, 'STK-MUM-001');
    await t.db
      .insertInto('connections')
      .values({ id: crypto.randomUUID(), buyer_unit_id: agarwal, seller_unit_id: mumbai, status: 'APPROVED', has_access: true, requested_at: new Date(), decided_at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const { id: bought } = await t.db.selectFrom('connections').select('id').where('buyer_unit_id', '=', agarwal).where('seller_unit_id', '=', mumbai).executeTakeFirstOrThrow();
    for (const connectionId of [bought, crypto.randomUUID()]) {
      expect((await stockist.post(CREDIT_PATHS.terms, { connectionId, ...NONE })).statusCode).toBe(404);
    }
    // Bad values: E0001 naming the field.
    const bad = await setTerms({ creditDays: 400, creditLimitPaise: -1, blockNewOrders: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'E0001' });
  });

  it("take the move-in parties file's credit days and limit as the initial terms of a party linked to the buyer", async () => {
    const { stockist, order, invoice } = await world();
    const agarwal = await unitId(t.db, 'STK-PUN-001');
    const sharma = await unitId(t.db, 'RTL-MUM-001');
    // A linked party's head is the buyer's debtor head (made here by a first invoice, due on receipt).
    expect(await invoice(await order())).toMatchObject({ creditDays: null, dueDate: '2026-11-22' });
    const head = await t.db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', agarwal).where('code', '=', `DEBTOR:${sharma}`).executeTakeFirstOrThrow();
    await t.db
      .insertInto('book_parties')
      .values({ id: crypto.randomUUID(), unit_id: agarwal, role: 'CUSTOMER', name: 'Sharma Medical', name_key: 'sharmamedical', credit_days: 21, credit_limit_paise: 2_500_000, account_id: head.id, linked_unit_id: sharma, created_at: new Date() })
      .execute();
    const listed = body<ConnectedUserList>(await stockist.get(CUSTOMERS)).items.find((i) => i.unitCode === 'RTL-MUM-001')!;
    expect(listed.creditTerms).toEqual({ creditDays: 21, creditLimitPaise: 2_500_000, blockNewOrders: false });
    const inv = await invoice(await order());
    expect(inv).toMatchObject({ invoiceDate: '2026-11-22', creditDays: 21, dueDate: '2026-12-13' });
  });
});

describe('the invoice carries its due date', () => {
  it("is the invoice date + the buyer's credit days at issue, on the invoice and its PDF", async () => {
    const { setTerms, order, invoice, stockist, retailer } = await world();
    await setTerms({ creditDays: 30, creditLimitPaise: null, blockNewOrders: false });
    const inv = await invoice(await order());
    expect(inv).toMatchObject({ invoiceDate: '2026-11-22', creditDays: 30, dueDate: '2026-12-22' });
    // Both sides read it; later terms do not change an issued invoice.
    await setTerms({ creditDays: 7, creditLimitPaise: null, blockNewOrders: false });
    for (const side of [stockist, retailer]) {
      expect(body<SalesInvoice>(await side.get(ACCOUNTING_PATHS.salesInvoice(inv.invoiceId)))).toMatchObject({ creditDays: 30, dueDate: '2026-12-22' });
    }
    const pdf = await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId));
    const { lines } = await readIsolated('PDF', pdf.rawPayload);
    const text = lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
    expect(text).toMatch(/Due date:\s+22-12-2026 \(30 days\)/);
  });

  it('is the invoice date (due on receipt) when the buyer has no credit days', async () => {
    const { order, invoice, stockist } = await world();
    const inv = await invoice(await order());
    expect(inv).toMatchObject({ invoiceDate: '2026-11-22', creditDays: null, dueDate: '2026-11-22' });
    const pdf = await stockist.get(ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId));
    const { lines } = await readIsolated('PDF', pdf.rawPayload);
    expect(lines.map((items) => items.map((i) => i.s).join(' ')).join('\n')).toMatch(/Due date:\s+On receipt/);
  });
});

describe('the cart warns per seller, and the seller may block', () => {
  it('warns of overdue invoices with the seller; without "block" the order still goes through', async () => {
    const { order, invoice, fillCart, submit, cart, advanceDays } = await world();
    await invoice(await order());
    // Due on receipt (22 Nov): not overdue the same day, overdue the next.
    await fillCart();
    expect((await cart()).creditWarnings).toEqual([]);
    await advanceDays(1);
    const [warning] = (await cart()).creditWarnings!;
    expect(warning).toMatchObject({ sellerUnitCode: 'STK-PUN-001', stockist: 'Agarwal Pharma Distributors', overduePaise: ORDER_PAISE, oldestDueDate: '2026-11-22', overLimitPaise: 0, blocked: false, cartPaise: ORDER_PAISE });
    expect(warning!.message).toBe('With Agarwal Pharma Distributors, ₹308.00 is overdue (due since 22-11-2026).');
    expect((await submit()).statusCode).toBe(200);
  });

  it('warns when the cart would take the buyer over its limit, counting orders not yet invoiced', async () => {
    const { setTerms, order, fillCart, cart } = await world();
    await setTerms({ creditDays: 30, creditLimitPaise: 50000, blockNewOrders: false });
    await order();
    await fillCart();
    const [warning] = (await cart()).creditWarnings!;
    // ₹308 owed (the placed order) + ₹308 in the cart − ₹500 limit = ₹116 over.
    expect(warning).toMatchObject({ overduePaise: 0, oldestDueDate: null, creditLimitPaise: 50000, owedPaise: ORDER_PAISE, cartPaise: ORDER_PAISE, overLimitPaise: 2 * ORDER_PAISE - 50000, blocked: false });
    expect(warning!.message).toBe('With Agarwal Pharma Distributors, this order would take you ₹116.00 over your credit limit of ₹500.00 (you owe ₹308.00 now).');
  });

  it('refuses a new order with E0052 naming the amount overdue, and keeps the cart', async () => {
    const { setTerms, order, invoice, fillCart, submit, cart, advanceDays } = await world();
    await setTerms({ creditDays: 10, creditLimitPaise: null, blockNewOrders: true });
    await invoice(await order());
    await fillCart();
    await advanceDays(11);
    expect((await cart()).creditWarnings).toMatchObject([{ blocked: true, overduePaise: ORDER_PAISE, oldestDueDate: '2026-12-02' }]);
    const res = await submit();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      type: 'error',
      code: 'E0052',
      message: 'Order not submitted: Agarwal Pharma Distributors takes no new orders from you now: ₹308.00 is overdue (due since 02-12-2026). Pay what is due first.',
    });
    expect((await cart()).entries).toHaveLength(1);
    expect(await ordersOfSharma()).toBe(1);
  });

  it('refuses with E0052 naming the amount over the limit, and takes an order within it', async () => {
    const { setTerms, order, fillCart, submit } = await world();
    await setTerms({ creditDays: 30, creditLimitPaise: 50000, blockNewOrders: true });
    await order();
    await fillCart();
    const res = await submit();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Order not submitted: Agarwal Pharma Distributors takes no new orders from you now: this order would take you ₹116.00 over your credit limit of ₹500.00 (you owe ₹308.00 now). Pay what is due first.',
    );
    await setTerms({ creditDays: 30, creditLimitPaise: 2 * ORDER_PAISE, blockNewOrders: true });
    expect((await submit()).statusCode).toBe(200);
  });

  it('holds the limit when two submits, or a submit and the invoicing of an earlier order, run at once', async () => {
    const { setTerms, order, fillCart, submit, stockist } = await world();
    await setTerms({ creditDays: 30, creditLimitPaise: 50000, blockNewOrders: true });
    const first = await order();
    expect((await stockist.post(MARKETPLACE_PATHS.acceptOrder(first))).statusCode).toBe(200);
    await fillCart();
    // The earlier order turns into an invoice while the new one is checked: it is counted once, either way.
    const [submitted, invoiced] = await Promise.all([submit(), stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(first))]);
    expect(invoiced.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ code: 'E0052' });
    // Two submits of the same cart at once: one order at most, and only within the limit.
    await setTerms({ creditDays: 30, creditLimitPaise: 2 * ORDER_PAISE, blockNewOrders: true });
    const both = await Promise.all([submit(), submit()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ordersOfSharma()).toBe(2);
  });
});

describe('ageing by due date beside ageing by invoice date', () => {
  it('splits the open amounts by days past due, with "not yet due" apart', async () => {
    const c = await world();
    const { setTerms, order, invoice, advanceDays } = c;
    const onReceipt = await invoice(await order());
    await setTerms({ creditDays: 30, creditLimitPaise: null, blockNewOrders: false });
    const onCredit = await invoice(await order());
    await advanceDays(20);
    const report = body<OutstandingReport>(await c.stockist.get(BOOKS_PATHS.outstanding, { side: 'RECEIVABLE' }));
    // Both invoices are 20 days old; one was due on 22 Nov (20 days past due), the other is due on 22 Dec.
    expect(report.ageing).toEqual({ d0to30Paise: 2 * ORDER_PAISE, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 });
    expect(report.ageingByDue).toEqual({ notDuePaise: ORDER_PAISE, d0to30Paise: ORDER_PAISE, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 });
    expect(report.parties[0]!.ageingByDue).toEqual(report.ageingByDue);
    const party = body<PartyOutstandingDetail>(await c.stockist.get(BOOKS_PATHS.partyOutstanding(report.parties[0]!.accountId)));
    expect(party.documents.map((d) => [d.documentId, d.dueDate, d.daysPastDue]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [onReceipt.invoiceId, '2026-11-22', 20],
      [onCredit.invoiceId, '2026-12-22', -10],
    ]);
    // 50 days on: 31–60 by both dates for the first, 1–30 past due for the second.
    await advanceDays(30);
    const later = body<OutstandingReport>(await c.stockist.get(BOOKS_PATHS.outstanding, { side: 'RECEIVABLE' }));
    expect(later.ageing).toEqual({ d0to30Paise: 0, d31to60Paise: 2 * ORDER_PAISE, d61to90Paise: 0, over90Paise: 0 });
    expect(later.ageingByDue).toEqual({ notDuePaise: 0, d0to30Paise: ORDER_PAISE, d31to60Paise: ORDER_PAISE, d61to90Paise: 0, over90Paise: 0 });
  });
});
