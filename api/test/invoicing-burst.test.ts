import { ACCOUNTING_PATHS, EINVOICE_PATHS, type CounterSale, type SalesInvoice } from 'shared-api';
import { addBatch, addProduct, setGstRate, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

/**
 * Issue 33 item 1 (ARCHITECTURE.md decision 13, api/README.md "Lock order"): one seller issues invoices from
 * accepted orders (each clicked twice) and counter sales of the same batches, all at once. Every transaction that
 * issues a document takes its locks in one order (document row, stock batches in id order, the number counter
 * last) and is run again when PostgreSQL still reports a deadlock, so every request is answered 200, the numbers
 * have no gaps and each order has one invoice. The deadlock shows on the PostgreSQL server only (PGlite runs one
 * transaction at a time): `node scripts/with-postgres.mjs pnpm --filter api exec jest --maxWorkers=1 test/invoicing-burst.test.ts`.
 * The seller has e-invoicing on (issue 34): each invoice to the registered buyer writes its e-invoice row in the same
 * transaction and is registered right after the commit, also under the burst.
 */
const t = build();

const ORDERS = 10;
const COUNTER_SALES = 20;

it('answers 40 concurrent invoices and counter sales of one seller with 200, gap-free numbers and one invoice per order', async () => {
  await setGstRate(t.db, '30049099', '2020-01-01', 1200);
  const product = await addProduct(t.db, { name: 'Burstol 500', manufacturer: 'Lockstep Labs', pack: '10 tablets', hsn: '30049099' });
  // Two batches that both the orders and the counter take from.
  const batches = [
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'BU-1', expiry: '2027-06-30', quantity: 500, ptr: 1000, mrp: 2240 }),
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'BU-2', expiry: '2028-06-30', quantity: 500, ptr: 1000, mrp: 2240 }),
  ];
  const orderIds: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    orderIds.push(
      await acceptedOrder(t.db, {
        sellerCode: 'STK-PUN-001',
        buyerCode: 'RTL-MUM-001',
        lines: [{ productId: product, quantity: 4, ptrPaise: 1000, batches: [{ batchId: batches[0]!, quantity: 2 }, { batchId: batches[1]!, quantity: 2 }] }],
      }),
    );
  }
  const stockist = bearer(await login(t.app, DEMO.stockist));
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: stockist, payload });
  expect((await t.app.inject({ method: 'PUT', url: EINVOICE_PATHS.settings, headers: stockist, payload: { eInvoicing: true } })).statusCode).toBe(200);

  // Each order clicked twice, the counter sales between them: 40 requests in flight together.
  const invoiceRequests = [...orderIds, ...orderIds].map((id) => ({ orderId: id, url: ACCOUNTING_PATHS.invoiceFromOrder(id), payload: {} }));
  const saleRequests = Array.from({ length: COUNTER_SALES }, () => ({
    orderId: null,
    url: ACCOUNTING_PATHS.instoreSales,
    payload: { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId: product, quantity: 1 }], paymentMode: 'CASH' },
  }));
  const requests = invoiceRequests.flatMap((r, i) => [r, saleRequests[i]!]);
  expect(requests).toHaveLength(40);
  const answers = await Promise.all(requests.map((r) => post(r.url, r.payload)));

  expect(answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.body}`))).toEqual(requests.map(() => 200));
  // Both clicks on an order answer the same invoice.
  const invoiceOf = new Map<string, string>();
  for (const [i, r] of requests.entries()) {
    if (!r.orderId) continue;
    const inv = body<SalesInvoice>(answers[i]!);
    expect(inv.orderId).toBe(r.orderId);
    expect(invoiceOf.get(r.orderId) ?? inv.invoiceId).toBe(inv.invoiceId);
    invoiceOf.set(r.orderId, inv.invoiceId);
  }
  const sales = requests.flatMap((r, i) => (r.orderId ? [] : [body<CounterSale>(answers[i]!)]));
  expect(sales.every((s) => s.payment.status === 'PAID')).toBe(true);

  const seller = await unitId(t.db, 'STK-PUN-001');
  const invoices = await t.db.selectFrom('sales_invoices').select(['serial', 'order_id']).where('unit_id', '=', seller).orderBy('serial').execute();
  expect(invoices.map((i) => i.serial)).toEqual(Array.from({ length: ORDERS + COUNTER_SALES }, (_, i) => i + 1));
  // One invoice per order.
  expect(invoices.filter((i) => i.order_id).map((i) => i.order_id).sort()).toEqual([...orderIds].sort());
  // Each order's invoice registered once with the portal (the walk-in counter sales need no IRN).
  for (const [orderId, invoiceId] of invoiceOf) expect(body<SalesInvoice>(answers[requests.findIndex((r) => r.orderId === orderId)]!).eInvoice).toMatchObject({ documentId: invoiceId });
  const eInvoices = await t.db.selectFrom('e_invoices').select(['document_id', 'status']).where('unit_id', '=', seller).execute();
  expect(eInvoices.map((e) => e.document_id).sort()).toEqual([...invoiceOf.values()].sort());
  expect(eInvoices.every((e) => e.status === 'REGISTERED')).toBe(true);
  // The counter sales' cash receipts are numbered without gaps too.
  const receipts = await t.db.selectFrom('counter_sales').select('receipt_number').where('unit_id', '=', seller).execute();
  expect(receipts.map((r) => r.receipt_number).sort()).toEqual(Array.from({ length: COUNTER_SALES }, (_, i) => `RCT/26-27/${String(i + 1).padStart(6, '0')}`));
  // The counter took exactly its units from the batches (orders' stock is not moved by acceptedOrder).
  const left = await t.db.selectFrom('inventory_batches').select((e) => e.fn.sum<number>('quantity').as('q')).where('id', 'in', batches).executeTakeFirstOrThrow();
  expect(Number(left.q)).toBe(1000 - COUNTER_SALES);
});
