import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, type MyAccount, type PurchaseBill, type PurchaseBillPayment, type PurchaseBillSummary } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

const PENDING_ID = '1b7c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11';
const RECEIVED_ID = '2c6e9a1c-3d2f-4e5a-8b7c-9d0e1f2a3b4c';
const PRODUCT_ID = '3d4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';

const SUMMARIES: PurchaseBillSummary[] = [
  { billId: PENDING_ID, source: 'PLATFORM', status: 'PENDING', billNumber: 'INV/26-27/000007', billDate: '2026-11-22', supplierName: 'Agarwal Pharma Distributors', supplierGstin: '27AAJFA4821L1Z5', itemCount: 2, taxablePaise: 87000, taxPaise: 10440, totalPaise: 97400 },
  { billId: RECEIVED_ID, source: 'MANUAL', status: 'RECEIVED', billNumber: 'GPT/778', billDate: '2026-11-20', supplierName: 'Gujarat Pharma Traders', supplierGstin: null, itemCount: 1, taxablePaise: 76000, taxPaise: 9120, totalPaise: 85100 },
];

const line = (position: number, productName: string, batchNo: string, quantity: number, freeQuantity: number, ratePaise: number): PurchaseBill['lines'][number] => ({
  position,
  productId: PRODUCT_ID,
  productName,
  manufacturer: 'Microvia Labs',
  pack: '15 tablets',
  hsn: '30049099',
  batchNo,
  expiryDate: '2028-06-30',
  mrpPaise: 3400,
  ratePaise,
  quantity,
  freeQuantity,
  discountBp: 0,
  discountPaise: 0,
  grossPaise: quantity * ratePaise,
  taxablePaise: quantity * ratePaise,
  gstRateBp: 1200,
  cgstPaise: quantity * ratePaise * 0.06,
  sgstPaise: quantity * ratePaise * 0.06,
  igstPaise: 0,
  totalPaise: quantity * ratePaise * 1.12,
  receivedQuantity: null,
  salePricePaise: null,
  batchId: null,
});

const payment = (status: PurchaseBillPayment['status'], paidPaise = 0): PurchaseBillPayment => ({ billId: PENDING_ID, billNumber: 'INV/26-27/000007', supplierName: 'Agarwal Pharma Distributors', amountPaise: 97400, paidPaise, returnedPaise: 0, duePaise: 97400 - paidPaise, status, payments: paidPaise ? [{ voucherId: 'v1', date: '2026-11-23', amountPaise: paidPaise }] : [] });

const PENDING: PurchaseBill = {
  billId: PENDING_ID,
  source: 'PLATFORM',
  status: 'PENDING',
  billNumber: 'INV/26-27/000007',
  billDate: '2026-11-22',
  salesInvoiceId: 'inv-1',
  supplier: { unitCode: 'STK-PUN-001', name: 'Agarwal Pharma Distributors', address: 'Pune', gstin: '27AAJFA4821L1Z5', stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: null },
  supplyKind: 'INTRA',
  lines: [line(1, 'Dolovex 650 Tablet', 'PUN-B2', 10, 3, 2750), line(2, 'Crocivex 500', 'CRO-1', 3, 0, 1500)],
  totals: { grossPaise: 32000, discountPaise: 0, taxablePaise: 32000, cgstPaise: 1920, sgstPaise: 1920, igstPaise: 0, taxPaise: 3840, beforeRoundOffPaise: 35840, roundOffPaise: 60, totalPaise: 35900 },
  receiptNote: null,
  receivedAt: null,
  warehouseName: null,
  payment: payment('NOT_RECEIVED'),
  createdAt: '2026-11-22T06:00:00.000Z',
};

/** `extra` answers first; undefined falls through to the bills below. */
function fakeApi(extra?: (request: FakeRequest) => FakeAnswer | undefined) {
  let bill = PENDING;
  const requests = installFakeApi(
    withAccount(RETAILER, (request) => {
      const answer = extra?.(request);
      if (answer) return answer;
      if (request.path === ACCOUNTING_PATHS.purchaseBills) return success({ items: SUMMARIES, totalResults: 2, page: 0, pageSize: 20 });
      if (request.path === ACCOUNTING_PATHS.purchaseBill(PENDING_ID)) return success(bill);
      if (request.method === 'POST' && request.path === ACCOUNTING_PATHS.receivePurchaseBill(PENDING_ID)) {
        const body = request.body as { lines: { position: number; receivedQuantity: number; salePricePaise?: number }[] };
        bill = {
          ...bill,
          status: 'RECEIVED',
          receivedAt: '2026-11-22T07:00:00.000Z',
          warehouseName: 'Main Shop',
          receiptNote: 'Short receipt: Crocivex 500 CRO-1: 2 of 3',
          lines: bill.lines.map((l) => {
            const r = body.lines.find((x) => x.position === l.position)!;
            return { ...l, receivedQuantity: r.receivedQuantity, salePricePaise: r.salePricePaise ?? l.stockBatch?.ptrPaise ?? l.ratePaise, batchId: `b${l.position}`, stockBatch: undefined };
          }),
          payment: payment('UNPAID'),
        };
        return success(bill);
      }
      if (request.path === ACCOUNTING_PATHS.purchaseBillPayment(PENDING_ID)) return success(payment('PARTLY_PAID', 40000));
      return failure(404, 'E0053', 'Purchase bill not found');
    }),
  );
  return requests;
}

describe('purchase bills (buyer)', () => {
  afterEach(resetFakeApi);

  it('lists bills to receive and received ones, with supplier, total and status; a row opens the bill', async () => {
    fakeApi();
    renderAt('/app', 'purchases/invoices', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Purchase bills' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(await within(rows[0]!).findByText('INV/26-27/000007')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('To receive')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('₹974.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Gujarat Pharma Traders (entered by hand)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Received')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'INV/26-27/000007' })).toHaveAttribute('href', `/app/purchases/invoice/${PENDING_ID}`);
    await userEvent.click(within(rows[0]!).getByText('Agarwal Pharma Distributors'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Invoice' })).toBeInTheDocument();
  });

  it('shows a not-found state for a made-up bill id (the API answers 404), with a way back', async () => {
    fakeApi();
    renderAt('/app', 'purchases/invoice/not-a-bill', withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'No such purchase bill' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Purchase Invoices' })).toHaveAttribute('href', '/app/purchases/invoices');
  });

  it('receives a bill with a short line and the retailer’s own selling price (no PTR or PTS), then shows it received', async () => {
    const requests = fakeApi();
    renderAt('/app', `purchases/invoice/${PENDING_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Receive bill' });
    // A retailer sells over the counter: its own selling price, never "PTR" or "PTS" (issue 39 item 7).
    expect(within(form).queryByText(/PTR|PTS/)).not.toBeInTheDocument();
    // Prefilled: every billed unit (free included) and the bill's rate.
    expect(within(form).getByLabelText('Received Dolovex 650 Tablet PUN-B2')).toHaveValue('13');
    expect(within(form).getByLabelText('Your selling price Dolovex 650 Tablet PUN-B2')).toHaveValue('27.50');
    const crocin = within(form).getByLabelText('Received Crocivex 500 CRO-1');
    await userEvent.clear(crocin);
    await userEvent.type(crocin, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Line 2: received is a whole number up to 3');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(crocin);
    await userEvent.type(crocin, '2');
    const price = within(form).getByLabelText('Your selling price Dolovex 650 Tablet PUN-B2');
    await userEvent.clear(price);
    await userEvent.type(price, '30.50');
    await userEvent.type(within(form).getByLabelText('Receipt note'), 'Checked by Ravi');
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Receive bill' })).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      lines: [
        { position: 1, receivedQuantity: 13, salePricePaise: 3050 },
        // the bill's rate as prefilled: not sent (a new batch takes it anyway)
        { position: 2, receivedQuantity: 2 },
      ],
      note: 'Checked by Ravi',
    });
    expect(screen.getByLabelText('Receipt note')).toHaveTextContent('Short receipt: Crocivex 500 CRO-1: 2 of 3');
    const lines = within(screen.getByRole('table', { name: 'Bill lines' })).getAllByRole('row').slice(1);
    expect(within(lines[1]!).getByText('2 (short)')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('₹30.50')).toBeInTheDocument();
  });

  it('into a batch already held: prefills its MRP, selling price and 10 + 1 scheme and sends only what was changed (issue 32)', async () => {
    const held = { ...PENDING, lines: [{ ...PENDING.lines[0]!, stockBatch: { batchId: 'held-1', mrpPaise: 4000, ptrPaise: 3200, ptsPaise: 2900, schemeBuy: 10, schemeFree: 1 } }, { ...PENDING.lines[1]!, stockBatch: { batchId: 'held-2', mrpPaise: 1800, ptrPaise: 1600, ptsPaise: null, schemeBuy: 10, schemeFree: 1 } }] };
    const requests = fakeApi((r) => (r.method === 'GET' && r.path === ACCOUNTING_PATHS.purchaseBill(PENDING_ID) ? success(held) : undefined));
    renderAt('/app', `purchases/invoice/${PENDING_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Receive bill' });
    const field = (name: string, line: string) => within(form).getByLabelText(`${name} ${line}`);
    expect(['MRP', 'Your selling price', 'Scheme'].map((n) => (field(n, 'Dolovex 650 Tablet PUN-B2') as HTMLInputElement).value)).toEqual(['40.00', '32.00', '10+1']);
    expect(within(form).getByText(/Dolovex 650 Tablet · 15 tablets \(adds to your batch\)/)).toBeInTheDocument();
    // Crocivex: the scheme changed to 5 + 1, nothing else; Dolovex untouched
    await userEvent.clear(field('Scheme', 'Crocivex 500 CRO-1'));
    await userEvent.type(field('Scheme', 'Crocivex 500 CRO-1'), '5 + 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      lines: [
        { position: 1, receivedQuantity: 13 },
        { position: 2, receivedQuantity: 3, scheme: { buy: 5, free: 1 } },
      ],
    });
  });

  it('prefills what can still arrive: billed less what the seller credited back while the bill waited (issue 32)', async () => {
    const credited = { ...PENDING, lines: [{ ...PENDING.lines[0]!, creditedQuantity: 4 }, { ...PENDING.lines[1]!, creditedQuantity: 0 }] };
    const requests = fakeApi((r) => (r.method === 'GET' && r.path === ACCOUNTING_PATHS.purchaseBill(PENDING_ID) ? success(credited) : undefined));
    renderAt('/app', `purchases/invoice/${PENDING_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Receive bill' });
    expect((within(form).getByLabelText('Received Dolovex 650 Tablet PUN-B2') as HTMLInputElement).value).toBe('9');
    expect(within(form).getByText('13 (4 credited back)')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect((requests.find((r) => r.method === 'POST')?.body as { lines: { receivedQuantity: number }[] }).lines.map((l) => l.receivedQuantity)).toEqual([9, 3]);
  });

  it('refuses a scheme that is not buy + free before sending', async () => {
    const requests = fakeApi();
    renderAt('/app', `purchases/invoice/${PENDING_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Receive bill' });
    await userEvent.type(within(form).getByLabelText('Scheme Crocivex 500 CRO-1'), '10 free');
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Line 2: a scheme is written buy + free, e.g. 10+1, or empty');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a server refusal of Receive (already received) in the form', async () => {
    fakeApi((r) => (r.method === 'POST' ? failure(409, 'E0009', 'Bill INV/26-27/000007 is already received') : undefined));
    renderAt('/app', `purchases/invoice/${PENDING_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Receive bill' });
    await userEvent.click(within(form).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bill INV/26-27/000007 is already received');
  });

  it('shows amount, paid and due of a bill', async () => {
    fakeApi();
    renderAt('/app', `purchases/invoice/${PENDING_ID}/payment`, withProviders(<App />));
    const status = await screen.findByLabelText('Payment status');
    expect(within(status).getByText('Partly paid')).toBeInTheDocument();
    expect(within(status).getByText('₹974.00')).toBeInTheDocument();
    expect(within(status).getByText('₹400.00')).toBeInTheDocument();
    expect(within(status).getByText('₹574.00')).toBeInTheDocument();
    // What is due is paid from Make Payments (the supplier's UPI QR there).
    expect(screen.getByRole('link', { name: 'Pay by UPI to Agarwal Pharma Distributors' })).toHaveAttribute('href', '/app/payments/upi/make');
  });

  it.each([
    ['NOT_RECEIVED', 0],
    ['PAID', 97400],
  ] as const)('offers no UPI payment for a bill %s', async (state, paidPaise) => {
    fakeApi((r) => (r.path === ACCOUNTING_PATHS.purchaseBillPayment(PENDING_ID) ? success(payment(state, paidPaise)) : undefined));
    renderAt('/app', `purchases/invoice/${PENDING_ID}/payment`, withProviders(<App />));
    await screen.findByLabelText('Payment status');
    expect(screen.queryByRole('link', { name: /by UPI/ })).not.toBeInTheDocument();
  });

  it('enters a supplier bill by hand: picks the product from the catalogue and sends paise and basis points', async () => {
    const requests = fakeApi((r) => {
      if (r.path === MARKETPLACE_PATHS.suggest) return success({ suggestors: [{ productId: PRODUCT_ID, name: 'Azivex 500', suggestion: 'Azivex 500 · 3 tablets · Ciplovia', stockists: 0 }] });
      if (r.method === 'POST' && r.path === ACCOUNTING_PATHS.manualPurchaseBill) return success({ ...PENDING, billNumber: 'GPT/778' });
      return undefined;
    });
    renderAt('/app', 'purchases/invoices/add', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Supplier bill' });
    // Pasted rather than typed key by key: a dozen fields.
    const fill = async (label: string, value: string) => {
      const input = within(form).getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste(value);
    };
    await fill('Supplier name', 'Gujarat Pharma Traders');
    await fill('Supplier GSTIN', '24AAGFG1234K1Z2');
    await fill('Bill number', 'GPT/778');
    await fill('Bill date', '2026-11-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bill' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Line 1: find and pick the product');

    await fill('Product 1', 'azi');
    await userEvent.click(within(form).getByRole('button', { name: 'Find' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Azivex 500 · 3 tablets · Ciplovia' }));
    await fill('HSN 1', '30049099');
    await fill('Batch 1', 'AZ-9');
    await fill('Expiry 1', '2028-03-31');
    await fill('MRP (₹) 1', '120');
    await fill('Rate (₹) 1', '80');
    await fill('Qty 1', '10');
    await fill('Free 1', '2');
    await fill('Discount % 1', '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bill' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Invoice' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.manualPurchaseBill)?.body).toEqual({
      supplierName: 'Gujarat Pharma Traders',
      supplierGstin: '24AAGFG1234K1Z2',
      billNumber: 'GPT/778',
      billDate: '2026-11-20',
      lines: [{ productId: PRODUCT_ID, hsn: '30049099', batchNo: 'AZ-9', expiryDate: '2028-03-31', mrpPaise: 12000, ratePaise: 8000, quantity: 10, freeQuantity: 2, discountBp: 500, discountPaise: 0 }],
    });
  }, 15_000);

  it('saves a purchase order to an outside supplier and shows its PO number, lines and PDF', async () => {
    const requests = fakeApi((r) => {
      if (r.path === MARKETPLACE_PATHS.suggest) return success({ suggestors: [{ productId: PRODUCT_ID, name: 'Azivex 500', suggestion: 'Azivex 500 · 3 tablets · Ciplovia', stockists: 0 }] });
      if (r.method === 'POST' && r.path === ACCOUNTING_PATHS.supplierOrders) {
        return success({ orderId: 'o1', orderNumber: 'PO/26-27/000001', orderDate: '2026-11-22', supplierName: 'Gujarat Pharma Traders', supplierGstin: null, supplierPhone: null, notes: null, lines: [{ position: 1, productId: PRODUCT_ID, productName: 'Azivex 500', manufacturer: 'Ciplovia', pack: '3 tablets', quantity: 50, freeQuantity: 5, ratePaise: 8000 }], createdAt: '2026-11-22T06:00:00.000Z' });
      }
      return undefined;
    });
    renderAt('/app', 'purchases/invoices/add-purchase-order', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Purchase order' });
    const fill = async (label: string, value: string) => {
      const input = within(form).getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.click(input);
      await userEvent.paste(value);
    };
    await fill('Supplier name', 'Gujarat Pharma Traders');
    await fill('Product 1', 'azi');
    await userEvent.click(within(form).getByRole('button', { name: 'Find' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Azivex 500 · 3 tablets · Ciplovia' }));
    await fill('Qty 1', '50');
    await fill('Free 1', '5');
    await fill('Rate (₹) 1', '80');
    await userEvent.click(within(form).getByRole('button', { name: 'Save purchase order' }));
    expect(await screen.findByText('Purchase Order PO/26-27/000001')).toBeInTheDocument();
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.supplierOrders)?.body).toEqual({ supplierName: 'Gujarat Pharma Traders', lines: [{ productId: PRODUCT_ID, quantity: 50, freeQuantity: 5, ratePaise: 8000 }] });
    expect(within(screen.getByRole('table', { name: 'Purchase order lines' })).getByText('₹80.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();
  }, 15_000);
});
