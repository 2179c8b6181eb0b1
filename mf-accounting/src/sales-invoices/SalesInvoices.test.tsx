import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, PAYMENTS_PATHS, type PartyDues, type SalesInvoice, type SalesInvoiceLine, type SalesInvoiceSummary } from 'shared-api';
import { blobText } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { useLocation } from 'react-router-dom';
import { getToasts } from 'shared-ui';
import { App } from '../routes';

const INV_ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const IGST_ID = '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e';

const summary = (invoiceId: string, n: number, partyName: string, partyUnitCode: string | null, totalPaise: number, invoiceDate = '2026-11-22'): SalesInvoiceSummary => ({
  invoiceId,
  invoiceNumber: `INV/26-27/${String(n).padStart(6, '0')}`,
  invoiceDate,
  orderNumber: `ORD-2611-${String(n).padStart(6, '0')}`,
  partyName,
  partyUnitCode,
  partyGstin: null,
  itemCount: 2,
  taxablePaise: Math.round(totalPaise / 1.12),
  taxPaise: totalPaise - Math.round(totalPaise / 1.12),
  totalPaise,
});

const INVOICES: SalesInvoiceSummary[] = [
  summary(IGST_ID, 2, 'Lifeline Hospital', 'HSP-AMD-001', 112000),
  summary(INV_ID, 1, 'Sharma Medical Stores', 'RTL-MUM-001', 97400, '2026-11-21'),
];

const line = (position: number, over: Partial<SalesInvoiceLine>): SalesInvoiceLine => ({
  position,
  productId: null,
  productName: 'Dolovex 650',
  manufacturer: 'Micro Labs',
  pack: '15 Tab',
  hsn: '30049099',
  batchNo: 'DL2401',
  expiryDate: '2027-01-31',
  mrpPaise: 3400,
  ratePaise: 2750,
  quantity: 30,
  freeQuantity: 0,
  discountBp: 0,
  discountPaise: 0,
  grossPaise: 82500,
  taxablePaise: 82500,
  gstRateBp: 1200,
  cgstPaise: 4950,
  sgstPaise: 4950,
  igstPaise: 0,
  totalPaise: 92400,
  ...over,
});

const INVOICE: SalesInvoice = {
  invoiceId: INV_ID,
  invoiceNumber: 'INV/26-27/000001',
  invoiceDate: '2026-11-21',
  dueDate: '2026-12-21',
  creditDays: 30,
  orderId: '7f1c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11',
  orderNumber: 'ORD-2611-000001',
  supplier: {
    unitCode: 'STK-PUN-001',
    name: 'Agarwal Pharma Distributors',
    address: '12 Budhwar Peth, Pune 411002',
    gstin: '27AAJFA4821L1Z5',
    stateCode: '27',
    stateName: 'Maharashtra',
    drugLicences: ['MH-PUN-20B-1234', 'MH-PUN-21B-1234'],
    phone: '9800000001',
  },
  recipient: {
    unitCode: 'RTL-MUM-001',
    name: 'Sharma Medical Stores',
    address: 'Lohar Chawl, Mumbai 400002',
    gstin: '27BXKPS5512M1Z7',
    stateCode: '27',
    stateName: 'Maharashtra',
    drugLicences: ['MH-MUM-20B-5678'],
    phone: null,
  },
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  supplyKind: 'INTRA',
  reverseCharge: false,
  lines: [
    line(1, { batchNo: 'DL2401', quantity: 20, freeQuantity: 0, grossPaise: 55000, taxablePaise: 55000, cgstPaise: 3300, sgstPaise: 3300, totalPaise: 61600 }),
    line(2, { batchNo: 'DL2405', expiryDate: '2028-06-30', quantity: 10, freeQuantity: 3, grossPaise: 27500, discountBp: 1000, discountPaise: 2750, taxablePaise: 24750, cgstPaise: 1485, sgstPaise: 1485, totalPaise: 27720 }),
  ],
  totals: { grossPaise: 82500, discountPaise: 2750, taxablePaise: 79750, cgstPaise: 4785, sgstPaise: 4785, igstPaise: 0, taxPaise: 9570, beforeRoundOffPaise: 89320, roundOffPaise: -20, totalPaise: 89300 },
  amountInWords: 'Rupees Eight Hundred Ninety Three Only',
  callerSide: 'SELLER',
  createdAt: '2026-11-21T06:00:00.000Z',
  eInvoice: null,
};

const INTER: SalesInvoice = {
  ...INVOICE,
  invoiceId: IGST_ID,
  invoiceNumber: 'INV/26-27/000002',
  recipient: { ...INVOICE.recipient, unitCode: 'HSP-AMD-001', name: 'Lifeline Hospital', gstin: '24AACCL7734Q1Z3', stateCode: '24', stateName: 'Gujarat' },
  placeOfSupply: { code: '24', name: 'Gujarat' },
  supplyKind: 'INTER',
  lines: [line(1, { cgstPaise: 0, sgstPaise: 0, igstPaise: 9900 })],
  totals: { grossPaise: 82500, discountPaise: 0, taxablePaise: 82500, cgstPaise: 0, sgstPaise: 0, igstPaise: 9900, taxPaise: 9900, beforeRoundOffPaise: 92400, roundOffPaise: 0, totalPaise: 92400 },
  amountInWords: 'Rupees Nine Hundred Twenty Four Only',
};

/** The same invoice as its buyer reads it. */
const BOUGHT: SalesInvoice = { ...INTER, invoiceId: '0b0b0b0b-0000-4000-8000-000000000003', callerSide: 'BUYER' };

const pdfOf = (invoiceNumber: string, size: string) => new Blob([`%PDF-1.7 ${invoiceNumber} ${size}`], { type: 'application/pdf' });

/** `extra` answers first; undefined falls through to the invoices below. */
function salesApi(invoices: SalesInvoiceSummary[] = INVOICES, extra?: (request: FakeRequest) => FakeAnswer | undefined): FakeRequest[] {
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request) => {
      const answer = extra?.(request);
      if (answer) return answer;
      if (request.path === ACCOUNTING_PATHS.salesInvoices) {
        const { from, to, partyUnitCode, page = 0, pageSize = 20 } = (request.params ?? {}) as Record<string, string | number | undefined>;
        if (from && to && from > to) return failure(400, 'E0001', '`from` must not be after `to`');
        const matching = invoices.filter((i) => (!from || i.invoiceDate >= from) && (!to || i.invoiceDate <= to) && (!partyUnitCode || i.partyUnitCode === partyUnitCode));
        const start = Number(page) * Number(pageSize);
        return success({ items: matching.slice(start, start + Number(pageSize)), totalResults: matching.length, page, pageSize });
      }
      for (const inv of [INVOICE, INTER, BOUGHT]) {
        if (request.path === ACCOUNTING_PATHS.salesInvoice(inv.invoiceId)) return success(inv);
        if (request.path === ACCOUNTING_PATHS.salesInvoicePdf(inv.invoiceId)) return { status: 200, data: pdfOf(inv.invoiceNumber, String(request.params?.size ?? 'A4')) };
      }
      return failure(404, 'E0053', 'invoice not found');
    }),
  );
}

/** jsdom has no object URLs or downloads: the browser's part is recorded, the client's request is real. */
function recordDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => ((last = b), 'blob:x'));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return { files, restore: () => click.mockRestore() };
}

const table = (name: string) => screen.findByRole('table', { name });
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('online sales (seller)', () => {
  afterEach(resetFakeApi);

  it('lists invoices newest first with number, date, party, taxable, GST and total; the number opens the invoice', async () => {
    salesApi();
    renderAt('/app', 'sales/online', withProviders(<App />));
    const t = await table('Sales invoices');
    await within(t).findByText('INV/26-27/000002');
    const rows = within(t).getAllByRole('row').slice(1);
    expect(cells(rows[0]!).slice(0, 7)).toEqual(['INV/26-27/000002', '22/11/2026', 'Lifeline Hospital (HSP-AMD-001)', 'ORD-2611-000002', '₹1,000.00', '₹120.00', '₹1,120.00']);
    expect(cells(rows[1]!)[0]).toBe('INV/26-27/000001');
    expect(within(rows[1]!).getByRole('link', { name: 'INV/26-27/000001' })).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${INV_ID}`);

    await userEvent.click(within(rows[1]!).getByText('Sharma Medical Stores (RTL-MUM-001)'));
    expect(await screen.findByText('Tax Invoice INV/26-27/000001')).toBeInTheDocument();
  });

  it('filters by period and party on the server, keeping the filters in the URL', async () => {
    const requests = salesApi();
    renderAt('/app', 'sales/online', withProviders(<App />));
    await within(await table('Sales invoices')).findByText('INV/26-27/000002');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await userEvent.type(screen.getByLabelText('Party code'), 'rtl-mum-001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.queryByText('INV/26-27/000002')).not.toBeInTheDocument());
    expect(within(await table('Sales invoices')).getByText('INV/26-27/000001')).toBeInTheDocument();
    expect(requests.at(-1)!.params).toEqual({ from: '2026-11-21', to: '2026-11-21', partyUnitCode: 'RTL-MUM-001', channel: 'ONLINE', page: 0, pageSize: 20 });

    await userEvent.clear(screen.getByLabelText('Party code'));
    await userEvent.type(screen.getByLabelText('Party code'), 'HSP-AMD-001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No invoices match these filters.')).toBeInTheDocument();
  });

  it("says what the API refused (a period that ends before it starts) and keeps the filters to fix it", async () => {
    salesApi();
    renderAt('/app', 'sales/online?from=2026-11-30&to=2026-11-01', withProviders(<App />));
    expect(await screen.findByText('`from` must not be after `to`')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-30');
  });

  it('pages through the invoices on the server', async () => {
    const many = Array.from({ length: 23 }, (_, i) => summary(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 100 - i, 'Sharma Medical Stores', 'RTL-MUM-001', 10_000));
    const requests = salesApi(many);
    renderAt('/app', 'sales/online', withProviders(<App />));
    await within(await table('Sales invoices')).findByText('INV/26-27/000100');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(await table('Sales invoices')).findByText('INV/26-27/000080')).toBeInTheDocument();
    expect(within(await table('Sales invoices')).getAllByRole('row')).toHaveLength(4);
    expect(requests.at(-1)!.params).toEqual({ channel: 'ONLINE', page: 1, pageSize: 20 });
  });

  it('downloads a row\'s PDF in A5 with the token, without opening the invoice', async () => {
    const requests = salesApi();
    const downloads = recordDownloads();
    renderAt('/app', 'sales/online', withProviders(<App />));
    await within(await table('Sales invoices')).findByText('INV/26-27/000001');
    await userEvent.click(screen.getByRole('button', { name: 'Download INV/26-27/000001 as PDF A5' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['INV-26-27-000001-A5.pdf']));
    expect(await blobText(downloads.files[0]!.blob)).toBe('%PDF-1.7 INV/26-27/000001 A5');
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.salesInvoicePdf(INV_ID))?.params).toEqual({ size: 'A5' });
    expect(screen.getByRole('heading', { level: 1, name: 'Online Sales' })).toBeInTheDocument();
    downloads.restore();
  });

  it('invites a unit with no invoices yet to create one from its accepted orders', async () => {
    salesApi([]);
    renderAt('', 'sales/online', withProviders(<App />));
    expect(await screen.findByText('No sales invoices yet')).toBeInTheDocument();
  });
});

describe('invoice detail', () => {
  afterEach(resetFakeApi);

  it('shows the Rule 46 particulars: parties with GSTIN and drug licences, every batch line, CGST + SGST, round-off and words', async () => {
    salesApi();
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    expect(await screen.findByText('Tax Invoice INV/26-27/000001')).toBeInTheDocument();
    expect(screen.getByText('21/11/2026')).toBeInTheDocument();
    // Credit terms (issue 39): the due date is the invoice date + the buyer's credit days at issue.
    expect(screen.getByText('21/12/2026 (30 days’ credit)')).toBeInTheDocument();
    expect(screen.getByText('ORD-2611-000001')).toBeInTheDocument();
    expect(screen.getByText('Maharashtra (27) · within the state')).toBeInTheDocument();

    const supplier = screen.getByRole('region', { name: 'Supplier' });
    expect(within(supplier).getByText('Agarwal Pharma Distributors (STK-PUN-001)')).toBeInTheDocument();
    expect(within(supplier).getByText('27AAJFA4821L1Z5')).toBeInTheDocument();
    expect(within(supplier).getByText('MH-PUN-20B-1234, MH-PUN-21B-1234')).toBeInTheDocument();
    const recipient = screen.getByRole('region', { name: 'Bill to' });
    expect(within(recipient).getByText('27BXKPS5512M1Z7')).toBeInTheDocument();
    expect(within(recipient).getByText('MH-MUM-20B-5678')).toBeInTheDocument();

    const lines = within(await table('Invoice lines')).getAllByRole('row');
    expect(cells(lines[0]!)).toEqual([]);
    expect([...lines[0]!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(
      expect.arrayContaining(['HSN', 'Batch', 'Expiry', 'MRP', 'PTR', 'Qty', 'Free', 'Discount', 'Taxable', 'GST', 'CGST', 'SGST', 'Total']),
    );
    expect(within(lines[0]!).queryByText('IGST')).not.toBeInTheDocument();
    expect(cells(lines[2]!)).toEqual(['2', 'Dolovex 650 · 15 Tab · Micro Labs', '30049099', 'DL2405', '30/06/2028', '₹34.00', '₹27.50', '10', '3', '₹27.50 (10 %)', '₹247.50', '12 %', '₹14.85', '₹14.85', '₹277.20']);

    const totals = screen.getByLabelText('Invoice totals');
    const pairs = [...totals.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Gross', '₹825.00'],
      ['Discount', '-₹27.50'],
      ['Taxable value', '₹797.50'],
      ['CGST', '₹47.85'],
      ['SGST', '₹47.85'],
      ['Round-off', '-₹0.20'],
      ['Invoice total', '₹893.00'],
      ['In words', 'Rupees Eight Hundred Ninety Three Only'],
    ]);
  });

  it('shows IGST alone for a supply to another state', async () => {
    salesApi();
    renderAt('', `sales/report/details/invoice?id=${IGST_ID}`, withProviders(<App />));
    expect(await screen.findByText('Gujarat (24) · across states')).toBeInTheDocument();
    const header = within(await table('Invoice lines')).getAllByRole('row')[0]!;
    expect(within(header).getByText('IGST')).toBeInTheDocument();
    expect(within(header).queryByText('CGST')).not.toBeInTheDocument();
    const totals = screen.getByLabelText('Invoice totals');
    expect(within(totals).getByText('IGST')).toBeInTheDocument();
    expect(within(totals).queryByText('CGST')).not.toBeInTheDocument();
    expect(within(totals).queryByText('Gross')).not.toBeInTheDocument();
  });

  it('offers the seller, and only the seller, a credit note against the invoice', async () => {
    salesApi();
    const { unmount } = renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    const link = await screen.findByRole('link', { name: 'Return goods / Credit note' });
    expect(link.getAttribute('href')).toBe(`/app/sales/returns/new?invoiceId=${INV_ID}`);
    unmount();
    renderAt('/app', `sales/report/details/invoice?id=${BOUGHT.invoiceId}`, withProviders(<App />));
    expect(await screen.findByText('Gujarat (24) · across states')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Return goods / Credit note' })).not.toBeInTheDocument();
  });

  it('downloads the A4 and A5 PDFs with the token', async () => {
    const requests = salesApi();
    const downloads = recordDownloads();
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Download INV/26-27/000001 as PDF A4' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download INV/26-27/000001 as PDF A5' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['INV-26-27-000001-A4.pdf', 'INV-26-27-000001-A5.pdf']));
    expect(await blobText(downloads.files[0]!.blob)).toBe('%PDF-1.7 INV/26-27/000001 A4');
    expect(requests.filter((r) => r.path === ACCOUNTING_PATHS.salesInvoicePdf(INV_ID)).map((r) => r.params)).toEqual([undefined, { size: 'A5' }]);
    downloads.restore();
  });

  it('tells when the invoice is not found', async () => {
    salesApi();
    renderAt('/app', 'sales/report/details/invoice?id=0d0d0d0d-0000-4000-8000-000000000000', withProviders(<App />));
    expect(await screen.findByText('No such invoice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Online Sales' })).toBeInTheDocument();
  });

  it('reports a failed PDF download in a toast', async () => {
    installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) =>
        request.path === ACCOUNTING_PATHS.salesInvoice(INV_ID)
          ? success(INVOICE)
          : { status: 404, data: new Blob([JSON.stringify({ type: 'error', code: 'E0053', message: 'invoice not found' })], { type: 'application/json' }) },
      ),
    );
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Download INV/26-27/000001 as PDF A4' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'The PDF could not be downloaded', message: 'invoice not found' })]));
  });
});

describe('asking the buyer to pay an invoice by UPI', () => {
  afterEach(resetFakeApi);

  const REQUEST_ID = '5e5e5e5e-0000-4000-8000-000000000005';
  const SHARMA_HEAD = '6f6f6f6f-0000-4000-8000-000000000006';
  const debtors = (unitCode: string): PartyDues => ({
    side: 'RECEIVABLE',
    totalPaise: 89300,
    parties: [
      { accountId: SHARMA_HEAD, partyName: 'Sharma Medical Stores', partyUnitCode: unitCode, side: 'RECEIVABLE', amountPaise: 89300, paidPaise: 0, outstandingPaise: 89300, openCount: 1, oldestOpenDate: '2026-11-21', openRequestCount: 0, payee: null },
    ],
  });

  function WhereAmI() {
    const { pathname, search } = useLocation();
    return <output aria-label="Location">{pathname + search}</output>;
  }

  it('makes a payment request for the invoice with the buyer’s head in the books and opens it in Receive Payments', async () => {
    const requests = salesApi(INVOICES, (r) => {
      if (r.path === PAYMENTS_PATHS.receivable) return success(debtors('RTL-MUM-001'));
      if (r.method === 'POST' && r.path === PAYMENTS_PATHS.createRequest) return success({ requestId: REQUEST_ID, payerName: 'Sharma Medical Stores' });
      return undefined;
    });
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<><App /><WhereAmI /></>));
    await userEvent.click(await screen.findByRole('button', { name: 'Request payment' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(`/payments/upi/receive?tab=requests&request=${REQUEST_ID}`));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: PAYMENTS_PATHS.createRequest, body: { partyAccountId: SHARMA_HEAD, invoiceIds: [INV_ID] } });
    expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'Payment request ready' });
  });

  it('says why a request was refused, and stays on the invoice', async () => {
    salesApi(INVOICES, (r) => {
      if (r.path === PAYMENTS_PATHS.receivable) return success(debtors('RTL-MUM-001'));
      if (r.method === 'POST') return failure(422, 'E0059', 'Add a UPI account to receive payments');
      return undefined;
    });
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Request payment' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', message: 'Add a UPI account to receive payments' })]));
    expect(screen.getByRole('button', { name: 'Request payment' })).toBeEnabled();
  });

  it('tells the seller when the buyer owes nothing (not among the debtors), and offers nothing on the buyer’s copy', async () => {
    const requests = salesApi(INVOICES, (r) => (r.path === PAYMENTS_PATHS.receivable ? success(debtors('HSP-AMD-001')) : undefined));
    const { unmount } = renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Request payment' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'info', message: 'Sharma Medical Stores owes you nothing in your books.' })]));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    unmount();
    renderAt('/app', `sales/report/details/invoice?id=${BOUGHT.invoiceId}`, withProviders(<App />));
    expect(await screen.findByText('Gujarat (24) · across states')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request payment' })).not.toBeInTheDocument();
  });
});
