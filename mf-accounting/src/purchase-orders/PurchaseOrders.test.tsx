import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, type MyAccount, type OrderDetail, type OrderSummary } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { formatDateTime } from 'shared-ui';
import { App } from '../routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, firstName: 'Priya', lastName: 'Sharma', customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores', deliveryMarket: 'Mumbai' };

const ACCEPTED_ID = '7f1c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11';
const PLACED_ID = '0b6e9a1c-3d2f-4e5a-8b7c-9d0e1f2a3b4c';
const REJECTED_ID = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
const INVOICE_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

const summary = (orderId: string, orderNumber: string, status: OrderSummary['status'], seller: string, totalPaise: number, createdAt: string): OrderSummary => ({
  orderId,
  orderNumber,
  createdAt,
  status,
  counterpartyUnitCode: seller === 'Agarwal Pharma Distributors' ? 'STK-PUN-001' : 'STK-MUM-001',
  counterpartyTradeName: seller,
  city: seller === 'Agarwal Pharma Distributors' ? 'Pune' : 'Mumbai',
  distanceKm: null,
  itemCount: 2,
  taxablePaise: Math.round(totalPaise / 1.12),
  gstPaise: totalPaise - Math.round(totalPaise / 1.12),
  totalPaise,
});

// Newest first, as the API sends them.
const ORDERS: OrderSummary[] = [
  summary(ACCEPTED_ID, 'ORD-2611-000044', 'ACCEPTED', 'Agarwal Pharma Distributors', 12345678, '2026-11-22T06:00:00.000Z'),
  summary(PLACED_ID, 'ORD-2611-000043', 'PLACED', 'Lohar Chawl Medical Agencies', 22736, '2026-11-22T05:30:00.000Z'),
  summary(REJECTED_ID, 'ORD-2611-000042', 'REJECTED', 'Lohar Chawl Medical Agencies', 5040, '2026-11-21T09:00:00.000Z'),
];

const LINES: OrderDetail['lines'] = [
  {
    lineId: 'l1',
    productName: 'Dolo 650 Tablet',
    manufacturer: 'Micro Labs',
    pack: '15 Tab',
    hsn: '30049099',
    quantity: 30,
    freeQuantity: 3,
    ptrPaise: 2750,
    mrpPaise: 3400,
    gstRateBp: 1200,
    taxablePaise: 82500,
    gstPaise: 9900,
    totalPaise: 92400,
    allocations: [
      { batchNo: 'DL2401', expiryDate: '2027-01-31', quantity: 20 },
      { batchNo: 'DL2405', expiryDate: '2028-06-30', quantity: 13 },
    ],
    minExpiryDate: null,
    clearanceOfferId: null,
  },
  {
    lineId: 'l2',
    productName: 'Crocin Advance',
    manufacturer: 'GSK',
    pack: '20 Tab',
    hsn: '30049099',
    quantity: 3,
    freeQuantity: 0,
    ptrPaise: 1500,
    mrpPaise: 2000,
    gstRateBp: 1200,
    taxablePaise: 4500,
    gstPaise: 540,
    totalPaise: 5040,
    allocations: [{ batchNo: 'CR-77', expiryDate: '2027-08-31', quantity: 3 }],
    minExpiryDate: null,
    // Bought from a near-expiry offer: its expiry shows in red whatever today is.
    clearanceOfferId: '5e8f0a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  },
];

const DETAILS: Record<string, OrderDetail> = {
  [ACCEPTED_ID]: { ...ORDERS[0]!, callerSide: 'BUYER', decidedAt: '2026-11-22T06:10:00.000Z', invoice: { invoiceId: INVOICE_ID, invoiceNumber: 'INV/26-27/000009' }, lines: LINES },
  // While placed the API lists the batches held for it; those are not the buyer's batches yet.
  [PLACED_ID]: { ...ORDERS[1]!, callerSide: 'BUYER', decidedAt: null, invoice: null, lines: LINES },
  [REJECTED_ID]: { ...ORDERS[2]!, callerSide: 'BUYER', decidedAt: '2026-11-21T10:00:00.000Z', rejectReason: 'Out of our delivery area', invoice: null, lines: LINES.map((l) => ({ ...l, allocations: [] })) },
};

function purchasesApi(account: MyAccount = RETAILER, details: Record<string, OrderDetail> = DETAILS, orders: OrderSummary[] = ORDERS): FakeRequest[] {
  return installFakeApi(
    withAccount(account, (request) => {
      if (request.path === MARKETPLACE_PATHS.placedOrders) {
        const { status, page = 0, pageSize = 20 } = (request.params ?? {}) as { status?: string; page?: number; pageSize?: number };
        const matching = orders.filter((o) => !status || o.status === status);
        return success({ items: matching.slice(page * pageSize, (page + 1) * pageSize), totalResults: matching.length, page, pageSize });
      }
      if (request.path === ACCOUNTING_PATHS.salesInvoicePdf(INVOICE_ID)) return { status: 200, data: new Blob(['%PDF-1.7 INV/26-27/000009'], { type: 'application/pdf' }) };
      const detail = Object.values(details).find((d) => request.path === MARKETPLACE_PATHS.order(d.orderId));
      return detail ? success(detail) : failure(404, 'E0002', 'Not found');
    }),
  );
}

const table = (name: string) => screen.findByRole('table', { name });
const rowOf = async (tableName: string, text: string) => (await within(await table(tableName)).findByText(text)).closest('tr')!;

describe('purchase orders (buyer)', () => {
  afterEach(resetFakeApi);

  it('lists placed orders newest first with seller, line count, total in ₹ and status; a row opens the order', async () => {
    purchasesApi();
    renderAt('/app', 'purchases/orders', withProviders(<App />));
    const rows = within(await table('Purchase orders')).getAllByRole('row').slice(1);
    expect(await within(rows[0]!).findByText('ORD-2611-000044')).toBeInTheDocument();
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['ORD-2611-000044', 'ORD-2611-000043', 'ORD-2611-000042']);
    const accepted = rows[0]!;
    expect(within(accepted).getByText('Agarwal Pharma Distributors')).toBeInTheDocument();
    expect(within(accepted).getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(within(accepted).getByText('2')).toBeInTheDocument();
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Placed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Rejected')).toBeInTheDocument();

    expect(within(accepted).getByRole('link', { name: 'ORD-2611-000044' })).toHaveAttribute('href', `/app/purchases/orders/${ACCEPTED_ID}`);
    await userEvent.click(within(accepted).getByText('Agarwal Pharma Distributors'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Order' })).toBeInTheDocument();
    expect(await screen.findByText('Order ORD-2611-000044')).toBeInTheDocument();
  });

  it('filters by status on the server and keeps the filter in the URL', async () => {
    const requests = purchasesApi();
    renderAt('/app', 'purchases/orders?status=PLACED', withProviders(<App />));
    expect(await rowOf('Purchase orders', 'ORD-2611-000043')).toBeInTheDocument();
    expect(screen.queryByText('ORD-2611-000044')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PLACED');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'REJECTED');
    expect(await rowOf('Purchase orders', 'ORD-2611-000042')).toBeInTheDocument();
    expect(screen.queryByText('ORD-2611-000043')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.placedOrders).map((r) => r.params?.status)).toContain('REJECTED');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    expect(await rowOf('Purchase orders', 'ORD-2611-000044')).toBeInTheDocument();
  });

  it('pages through many orders on the server, and a new status filter starts again at the first page', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      summary(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `ORD-2611-${String(100 - i).padStart(6, '0')}`, 'PLACED', 'Agarwal Pharma Distributors', 10_000, '2026-11-21T09:00:00.000Z'),
    );
    const requests = purchasesApi(RETAILER, DETAILS, many);
    renderAt('/app', 'purchases/orders', withProviders(<App />));
    expect(await rowOf('Purchase orders', 'ORD-2611-000100')).toBeInTheDocument();
    expect(within(await table('Purchase orders')).getAllByRole('row')).toHaveLength(21);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await rowOf('Purchase orders', 'ORD-2611-000080')).toBeInTheDocument();
    expect(within(await table('Purchase orders')).getAllByRole('row')).toHaveLength(6);
    expect(requests.at(-1)!.params).toEqual({ page: 1, pageSize: 20 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PLACED');
    expect(await rowOf('Purchase orders', 'ORD-2611-000100')).toBeInTheDocument();
    expect(requests.at(-1)!.params).toEqual({ status: 'PLACED', page: 0, pageSize: 20 });
  });

  it('shows an accepted order: seller, when it was accepted, every line, the batches allocated and the totals', async () => {
    purchasesApi();
    renderAt('', `purchases/orders/${ACCEPTED_ID}`, withProviders(<App />));
    expect(await screen.findByText('Agarwal Pharma Distributors (STK-PUN-001), Pune')).toBeInTheDocument();
    expect(screen.getByText(`Accepted on ${formatDateTime('2026-11-22T06:10:00.000Z')}`)).toBeInTheDocument();

    const dolo = await rowOf('Order lines', 'Dolo 650 Tablet');
    expect([...dolo.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Dolo 650 Tablet', '15 Tab', 'Micro Labs', '30', '3', '₹27.50', '₹34.00', '12 %', '₹924.00']);

    const batches = within(await table('Batches allocated')).getAllByRole('row').slice(1);
    // A near expiry also says "· N days left" in red, depending on today: stripped here, ExpiryDate's own test covers it.
    expect(batches.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.replace(/ · .+$/, '')))).toEqual([
      ['Dolo 650 Tablet', 'DL2401', '31/01/2027', '20'],
      ['Dolo 650 Tablet', 'DL2405', '30/06/2028', '13'],
      ['Crocin Advance', 'CR-77', '31/08/2027', '3'],
    ]);
    expect(within(batches[2]!).getByText(/^31\/08\/2027 · /)).toHaveStyle({ color: '#c62828' });
    expect(within(batches[1]!).getByText('30/06/2028')).not.toHaveStyle({ color: '#c62828' });
    const totals = screen.getByLabelText('Order totals');
    expect(within(totals).getByText('₹1,23,456.78')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Printable view' })).toHaveAttribute('href', `/purchases/orders/${ACCEPTED_ID}/view`);
  });

  it("links an invoiced order to the seller's tax invoice and downloads its PDF with the session's token", async () => {
    const requests = purchasesApi();
    renderAt('/app', `purchases/orders/${ACCEPTED_ID}`, withProviders(<App />));
    expect(await screen.findByRole('link', { name: 'INV/26-27/000009' })).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${INVOICE_ID}`);
    // jsdom has no object URLs or downloads: the browser's part is stubbed, the client's request is real.
    URL.createObjectURL = jest.fn(() => 'blob:invoice');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download INV/26-27/000009 as PDF A5' }));
    await waitFor(() => expect(names).toEqual(['INV-26-27-000009-A5.pdf']));
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.salesInvoicePdf(INVOICE_ID))?.params).toEqual({ size: 'A5' });
    click.mockRestore();
  });

  it('shows a placed order as waiting, without the batches the seller only holds', async () => {
    purchasesApi();
    renderAt('/app', `purchases/orders/${PLACED_ID}`, withProviders(<App />));
    expect(await screen.findByText('Waiting for the seller to accept')).toBeInTheDocument();
    expect(await table('Order lines')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Batches allocated' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tax invoice')).not.toBeInTheDocument();
  });

  it('shows a not-found state for a made-up order id (the API answers 404), with a way back', async () => {
    purchasesApi();
    renderAt('/app', 'purchases/orders/123', withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'No such purchase order' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Purchase Orders' })).toHaveAttribute('href', '/app/purchases/orders');
  });

  it("shows a rejected order with the seller's reason", async () => {
    purchasesApi();
    renderAt('/app', `purchases/orders/${REJECTED_ID}`, withProviders(<App />));
    expect(await screen.findByText('Out of our delivery area')).toBeInTheDocument();
    expect(screen.getByText(`Rejected on ${formatDateTime('2026-11-21T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Batches allocated' })).not.toBeInTheDocument();
  });

  it('the printable view is the same order with the buyer named, every line on it, and a print button', async () => {
    // 25 lines: more than a table page, all of them on paper.
    const many = Array.from({ length: 25 }, (_, i) => ({ ...LINES[1]!, lineId: `m${i}`, productName: `Product ${i + 1}` }));
    purchasesApi(RETAILER, { [ACCEPTED_ID]: { ...DETAILS[ACCEPTED_ID]!, lines: [...LINES, ...many] } });
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderAt('/app', `purchases/orders/${ACCEPTED_ID}/view`, withProviders(<App />));
    expect(await screen.findByText('Purchase Order ORD-2611-000044')).toBeInTheDocument();
    expect(await screen.findByText('Sharma Medical Stores (RTL-MUM-001), Mumbai')).toBeInTheDocument();
    expect(await rowOf('Order lines', 'Crocin Advance')).toBeInTheDocument();
    expect(within(await table('Order lines')).getAllByRole('row')).toHaveLength(1 + 27);
    expect(screen.getByRole('link', { name: 'Purchase Order' })).toHaveAttribute('href', `/app/purchases/orders/${ACCEPTED_ID}`);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('tells a stockist where its own orders are, and asks nothing of the API', async () => {
    const requests = purchasesApi(OWNER_ACCOUNT);
    renderAt('/app', 'purchases/orders', withProviders(<App />));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith(MARKETPLACE_PATHS.placedOrders))).toBe(false);
  });
});
