import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, type OrderDetail, type OrderSummary, type RecallOrderFlag } from 'shared-api';
import { blobText } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { App } from '../routes';

const ORDER_ID = '7f1c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11';
const SUMMARY: OrderSummary = {
  orderId: ORDER_ID,
  orderNumber: 'ORD-2611-000042',
  createdAt: '2026-11-22T05:00:00.000Z',
  status: 'PLACED',
  counterpartyUnitCode: 'RTL-MUM-001',
  counterpartyTradeName: 'Sharma Medical Stores',
  city: 'Mumbai',
  distanceKm: 120.4,
  itemCount: 1,
  taxablePaise: 82500,
  gstPaise: 9900,
  totalPaise: 92400,
};
const DETAIL: OrderDetail = {
  ...SUMMARY,
  callerSide: 'SELLER',
  decidedAt: null,
  invoice: null,
  lines: [
    {
      lineId: 'l1',
      productName: 'Dolo 650',
      manufacturer: 'Micro Labs',
      pack: '15 tablets',
      hsn: '30049099',
      quantity: 30,
      freeQuantity: 3,
      ptrPaise: 2750,
      mrpPaise: 3400,
      gstRateBp: 1200,
      taxablePaise: 82500,
      gstPaise: 9900,
      totalPaise: 92400,
      allocations: [{ batchNo: 'DL2401', expiryDate: '2027-01-31', quantity: 33 }],
      minExpiryDate: null,
      clearanceOfferId: null,
    },
  ],
};

const INVOICE_ID = '3d9a6c1e-2b4f-4a8d-9c7e-1f0a2b3c4d5e';
/** An HSN the fake API has no GST rate for: accepting an order with it answers E0021. */
const UNRATED_HSN = '99999999';

function ordersApi(start: OrderDetail = DETAIL, invoiceAnswer = () => success({ invoiceId: INVOICE_ID, invoiceNumber: 'INV/26-27/000007' })): FakeRequest[] {
  let order = start;
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request) => {
      if (request.path === MARKETPLACE_PATHS.receivedOrders) return success({ items: [SUMMARY], totalResults: 1, page: 0, pageSize: 20 });
      if (request.method === 'GET' && request.path === MARKETPLACE_PATHS.order(ORDER_ID)) return success(order);
      if (request.method === 'POST' && request.path === MARKETPLACE_PATHS.acceptOrder(ORDER_ID)) {
        if (order.lines.some((l) => l.hsn === UNRATED_HSN)) {
          return failure(409, 'E0021', `${order.lines[0]!.productName}: no GST rate on record for HSN ${UNRATED_HSN} on 2026-11-22; fix the product's HSN (Stocks, the batch's page) and accept again`);
        }
        order = { ...order, status: 'ACCEPTED', decidedAt: '2026-11-22T05:10:00.000Z' };
        return success(order);
      }
      if (request.method === 'POST' && request.path === MARKETPLACE_PATHS.cancelAcceptance(ORDER_ID)) {
        order = { ...order, status: 'REJECTED', rejectReason: 'Acceptance cancelled' };
        return success(order);
      }
      if (request.method === 'POST' && request.path === ACCOUNTING_PATHS.invoiceFromOrder(ORDER_ID)) {
        const answer = invoiceAnswer();
        if (answer.status === 200) order = { ...order, invoice: { invoiceId: INVOICE_ID, invoiceNumber: 'INV/26-27/000007' } };
        return answer;
      }
      if (request.method === 'GET' && request.path === ACCOUNTING_PATHS.salesInvoicePdf(INVOICE_ID)) return { status: 200, data: new Blob(['%PDF-1.7 INV/26-27/000007'], { type: 'application/pdf' }) };
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

describe('online orders', () => {
  afterEach(resetFakeApi);

  it('lists received orders with trade name, distance, total and status; a row opens the order', async () => {
    ordersApi();
    renderAt('/app', 'orders/online-orders', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Online orders' });
    const row = (await within(table).findByText('ORD-2611-000042')).closest('tr')!;
    expect(within(row).getByText('Sharma Medical Stores')).toBeInTheDocument();
    expect(within(row).getByText('120.4 km')).toBeInTheDocument();
    expect(within(row).getByText('₹924.00')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    await userEvent.click(row);
    expect(await screen.findByText('Order ORD-2611-000042')).toBeInTheDocument();
  });

  it('shows a not-found state for a made-up order id (the API answers 404), with a way back', async () => {
    ordersApi();
    renderAt('/app', 'orders/online-orders/not-a-uuid', withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'No such order' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/uuid/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Online Orders' })).toHaveAttribute('href', '/app/orders/online-orders');
  });

  it('accepts a new order after confirmation and shows it accepted', async () => {
    const requests = ordersApi();
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    // The expiry may carry "· N days left" in red, depending on today: the batch, date and quantity are what count here.
    expect(await screen.findByText((_, cell) => cell?.tagName === 'TD' && /^DL2401 \(31\/01\/2027( · .+)?\) × 33$/.test(cell.textContent ?? ''))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept order' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept order' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === MARKETPLACE_PATHS.acceptOrder(ORDER_ID))).toBe(true);
  });

  const ACCEPTED: OrderDetail = { ...DETAIL, status: 'ACCEPTED', decidedAt: '2026-11-22T05:10:00.000Z' };

  it('creates the tax invoice of an accepted order with one click, then links to it and downloads its PDF with the token', async () => {
    const requests = ordersApi(ACCEPTED);
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    const card = await screen.findByRole('region', { name: 'Tax invoice' });
    await userEvent.click(within(card).getByRole('button', { name: 'Create tax invoice' }));

    const link = await within(card).findByRole('link', { name: 'Invoice INV/26-27/000007' });
    expect(link).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${INVOICE_ID}`);
    expect(within(card).queryByRole('button', { name: 'Create tax invoice' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === ACCOUNTING_PATHS.invoiceFromOrder(ORDER_ID))).toHaveLength(1);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Tax invoice created', message: 'INV/26-27/000007 for order ORD-2611-000042.' })]);

    // jsdom has no object URLs or downloads: the browser's part is stubbed, the client's request is real.
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => (saved.push(b), 'blob:invoice'));
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Download PDF' }));
    expect(names).toEqual(['INV-26-27-000007-A4.pdf']);
    expect(await blobText(saved[0]!)).toContain('INV/26-27/000007');
    expect(requests.some((r) => r.method === 'GET' && r.path === ACCOUNTING_PATHS.salesInvoicePdf(INVOICE_ID))).toBe(true);
    click.mockRestore();
  });

  it('shows why an invoice cannot be issued and keeps the button', async () => {
    ordersApi(ACCEPTED, () => failure(409, 'E0010', 'Cannot issue the invoice: a tax invoice needs your GSTIN, and your registration has none'));
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Create tax invoice' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create tax invoice' })).toBeEnabled());
    expect(getToasts()).toEqual([
      expect.objectContaining({ kind: 'error', title: 'The invoice was not created', message: 'Cannot issue the invoice: a tax invoice needs your GSTIN, and your registration has none' }),
    ]);
    expect(screen.queryByRole('link', { name: /^Invoice / })).not.toBeInTheDocument();
  });

  it('shows why an order with a line without a GST rate cannot be accepted, naming the product', async () => {
    ordersApi({ ...DETAIL, lines: DETAIL.lines.map((l) => ({ ...l, hsn: UNRATED_HSN })) });
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept order' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await within(screen.getByRole('dialog')).findByText(`${DETAIL.lines[0]!.productName}: no GST rate on record for HSN ${UNRATED_HSN} on 2026-11-22; fix the product's HSN (Stocks, the batch's page) and accept again`)).toBeInTheDocument();
  });

  it('cancels the acceptance of an order not yet invoiced, after confirmation', async () => {
    const requests = ordersApi(ACCEPTED);
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel acceptance' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel acceptance' }));
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel acceptance' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === MARKETPLACE_PATHS.cancelAcceptance(ORDER_ID))).toHaveLength(1);
  });

  it('offers no cancelling once the order is invoiced', async () => {
    ordersApi({ ...ACCEPTED, invoice: { invoiceId: INVOICE_ID, invoiceNumber: 'INV/26-27/000007' } });
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    expect(await screen.findByRole('link', { name: 'Invoice INV/26-27/000007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel acceptance' })).not.toBeInTheDocument();
  });

  it('offers no invoice before the order is accepted', async () => {
    ordersApi();
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    expect(await screen.findByRole('button', { name: 'Accept order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create tax invoice' })).not.toBeInTheDocument();
  });
});

// Issue 35: a recall that touched the order shows on the seller's page, with the batch marked and a link to the recall.
describe('online order touched by a recall', () => {
  afterEach(resetFakeApi);

  const RECALL_ID = '55555555-5555-4555-8555-555555555555';
  const flags: RecallOrderFlag[] = [
    {
      recallId: RECALL_ID,
      recallNumber: 'RC-000004',
      kind: 'REPLACE_OR_CANCEL',
      batchNo: 'dl-2401',
      units: 33,
      message: 'Batch DL2401 is recalled: replace it with another batch or cancel the acceptance before dispatch',
    },
  ];

  it('shows the seller each flag with what to do, marks the batch and links the recall', async () => {
    ordersApi({ ...DETAIL, status: 'ACCEPTED', recallFlags: flags } as OrderDetail);
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    const card = await screen.findByRole('region', { name: 'Recalled batches' });
    expect(within(card).getByText('Replace or cancel')).toBeInTheDocument();
    expect(card).toHaveTextContent('Batch dl-2401, 33 units: Batch DL2401 is recalled: replace it with another batch or cancel the acceptance before dispatch');
    expect(within(card).getByRole('link', { name: 'RC-000004' })).toHaveAttribute('href', `/app/stocks/recalls/${RECALL_ID}`);
    // Case and punctuation aside, the flag's batch is the allocation's.
    expect(within(screen.getByRole('table', { name: 'Order items' })).getByText('Recalled')).toBeInTheDocument();
  });

  it('shows nothing of recalls on an order without flags', async () => {
    ordersApi();
    renderAt('/app', `orders/online-orders/${ORDER_ID}`, withProviders(<App />));
    await screen.findByRole('table', { name: 'Order items' });
    expect(screen.queryByRole('region', { name: 'Recalled batches' })).not.toBeInTheDocument();
    expect(screen.queryByText('Recalled')).not.toBeInTheDocument();
  });
});
