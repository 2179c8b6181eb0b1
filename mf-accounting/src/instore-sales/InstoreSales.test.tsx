import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, EINVOICE_PATHS, type CounterLookup, type EInvoiceState, type CounterPreview, type CounterSale, type Quotation, type SalesInvoice, type SalesInvoiceLine } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeHandler } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const DOLO = '0b7a7a3e-1111-4a7b-8c9d-000000000001';
const EXPIRO = '0b7a7a3e-1111-4a7b-8c9d-000000000002';
const B_NEAR = '0b7a7a3e-2222-4a7b-8c9d-000000000001';
const B_FAR = '0b7a7a3e-2222-4a7b-8c9d-000000000002';
const B_OLD = '0b7a7a3e-2222-4a7b-8c9d-000000000003';
const INV_ID = '0b7a7a3e-3333-4a7b-8c9d-000000000001';
const QTN_ID = '0b7a7a3e-4444-4a7b-8c9d-000000000001';

const LOOKUP: CounterLookup = {
  warehouseName: 'Pune Main',
  items: [
    {
      productId: DOLO,
      name: 'Dolovex 650',
      manufacturer: 'Microvia Labs',
      pack: '15 tablets',
      hsn: '30049099',
      fefoBatchId: B_NEAR,
      batches: [
        { batchId: B_OLD, batchNo: 'DL-OLD', expiryDate: '2026-11-01', mrpPaise: 3400, ptrPaise: 2750, available: 50, state: 'EXPIRED', sellable: false },
        { batchId: B_NEAR, batchNo: 'DL-NEAR', expiryDate: '2026-12-10', mrpPaise: 3400, ptrPaise: 2750, available: 20, state: 'NEAR_EXPIRY', sellable: true },
        { batchId: B_FAR, batchNo: 'DL-FAR', expiryDate: '2028-06-30', mrpPaise: 3400, ptrPaise: 2800, available: 100, state: 'OK', sellable: true },
      ],
    },
    {
      productId: EXPIRO,
      name: 'Expiro 5',
      manufacturer: 'Old Labs',
      pack: '10 tablets',
      hsn: '30049099',
      fefoBatchId: null,
      batches: [{ batchId: '0b7a7a3e-2222-4a7b-8c9d-000000000009', batchNo: 'EX-1', expiryDate: '2026-10-31', mrpPaise: 1000, ptrPaise: 800, available: 5, state: 'EXPIRED', sellable: false }],
    },
  ],
};

const LINE: SalesInvoiceLine = {
  position: 1,
  productId: DOLO,
  productName: 'Dolovex 650',
  manufacturer: 'Microvia Labs',
  pack: '15 tablets',
  hsn: '30049099',
  batchNo: 'DL-FAR',
  expiryDate: '2028-06-30',
  mrpPaise: 3400,
  ratePaise: 3036,
  quantity: 2,
  freeQuantity: 0,
  discountBp: 0,
  discountPaise: 0,
  grossPaise: 6072,
  taxablePaise: 6072,
  gstRateBp: 1200,
  cgstPaise: 364,
  sgstPaise: 364,
  igstPaise: 0,
  totalPaise: 6800,
};
const TOTALS = { grossPaise: 6072, discountPaise: 0, taxablePaise: 6072, cgstPaise: 364, sgstPaise: 364, igstPaise: 0, taxPaise: 728, beforeRoundOffPaise: 6800, roundOffPaise: 0, totalPaise: 6800 };
const SUPPLIER = { unitCode: 'STK-PUN-001', name: 'Agarwal Pharma Distributors', address: 'Pune', gstin: '27AAJFA4821L1Z5', stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: null };
const WALK_IN = { unitCode: null, name: 'Ravi Kumar', address: '', gstin: null, stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: '+91 9876543210' };

const PREVIEW: CounterPreview = { supplier: SUPPLIER, recipient: WALK_IN, supplyKind: 'INTRA', lines: [{ ...LINE, batchId: B_FAR }], totals: TOTALS, amountInWords: 'Rupees Sixty Eight Only', warnings: ['Dolovex 650 batch DL-NEAR expires on 10-12-2026'] };

const INVOICE: SalesInvoice = {
  invoiceId: INV_ID,
  invoiceNumber: 'INV/26-27/000007',
  invoiceDate: '2026-11-22',
  dueDate: '2026-11-22',
  creditDays: null,
  orderId: null,
  orderNumber: null,
  supplier: SUPPLIER,
  recipient: WALK_IN,
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  supplyKind: 'INTRA',
  reverseCharge: false,
  lines: [LINE],
  totals: TOTALS,
  amountInWords: 'Rupees Sixty Eight Only',
  callerSide: 'SELLER',
  createdAt: '2026-11-22T06:00:00.000Z',
  eInvoice: null,
};
const PAID: CounterSale = { invoice: INVOICE, payment: { mode: 'UPI', status: 'PAID', settledBy: 'UPI', receiptNumber: 'RCT/26-27/000003', paidAt: '2026-11-22T06:00:00.000Z' }, buyerMobile: '9876543210', quotationNumber: null, warnings: [] };
const CREDIT: CounterSale = { ...PAID, payment: { mode: 'CREDIT', status: 'OUTSTANDING', settledBy: null, receiptNumber: null, paidAt: null } };

const QUOTATION: Quotation = {
  quotationId: QTN_ID,
  quotationNumber: 'QTN/26-27/000002',
  quotationDate: '2026-11-22',
  validUntil: '2026-11-29',
  supplier: SUPPLIER,
  recipient: WALK_IN,
  supplyKind: 'INTRA',
  lines: [LINE],
  totals: TOTALS,
  amountInWords: 'Rupees Sixty Eight Only',
  status: 'OPEN',
  invoiceId: null,
  invoiceNumber: null,
  createdAt: '2026-11-22T06:00:00.000Z',
};

const fakeApi = (rest: FakeHandler) => installFakeApi(withAccount(OWNER_ACCOUNT, rest));
const draftKey = 'medico.instore.draft.d1';

describe('counter billing', () => {
  afterEach(() => {
    resetFakeApi();
    localStorage.clear();
  });

  it('searches by name or barcode: expired stock is not offered, near expiry is flagged, a chosen batch goes on the bill', async () => {
    const requests = fakeApi((r) => (r.path === ACCOUNTING_PATHS.instoreLookup ? success(LOOKUP) : failure(404, 'E0002', 'Not found')));
    renderAt('/app', 'sales/instore-add/d1', withProviders(<App />));
    await userEvent.type(await screen.findByLabelText('Product name or barcode'), '8901234{Enter}');
    const expiro = await screen.findByRole('region', { name: 'Expiro 5' });
    expect(within(expiro).getByRole('alert')).toHaveTextContent('Only expired stock (EX-1, expired 31/10/2026): it cannot be sold.');
    expect(within(expiro).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.instoreLookup)!.params).toEqual({ q: '8901234' });

    const dolo = screen.getByRole('region', { name: 'Dolovex 650' });
    const batch = within(dolo).getByLabelText('Batch');
    // The first-expiry-first pick is the near-expiry batch: warned, not refused.
    expect(within(dolo).getByText('Near expiry: DL-NEAR expires on 10/12/2026')).toBeInTheDocument();
    const options = within(batch).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['First expiry first (DL-NEAR · exp 10/12/2026 · 20 left · MRP ₹34.00)', false],
      ['DL-OLD · expired 01/11/2026', true],
      ['DL-NEAR · exp 10/12/2026 · 20 left · MRP ₹34.00', false],
      ['DL-FAR · exp 30/06/2028 · 100 left · MRP ₹34.00', false],
    ]);
    await userEvent.selectOptions(batch, B_FAR);
    expect(within(dolo).queryByText(/Near expiry/)).not.toBeInTheDocument();
    await userEvent.clear(within(dolo).getByLabelText('Quantity'));
    await userEvent.type(within(dolo).getByLabelText('Quantity'), '2');
    await userEvent.click(within(dolo).getByRole('button', { name: 'Add Dolovex 650' }));
    expect(JSON.parse(localStorage.getItem(draftKey)!).lines).toEqual([{ productId: DOLO, productName: 'Dolovex 650', batchId: B_FAR, batchLabel: 'DL-FAR (exp 30/06/2028)', quantity: 2, discountBp: 0 }]);
    expect(screen.getByRole('link', { name: 'Back to bill (1 item)' })).toHaveAttribute('href', '/app/sales/add-instore/d1');
  });

  it('a new bill gets a draft id; the buyer typed is kept for the preview', async () => {
    fakeApi(() => failure(404, 'E0002', 'Not found'));
    renderAt('/app', 'sales/add-instore/new', withProviders(<App />));
    await userEvent.type(await screen.findByLabelText('Name (optional)'), 'Ravi');
    const key = Object.keys(localStorage).find((k) => k.startsWith('medico.instore.draft.'))!;
    expect(key).not.toBe('medico.instore.draft.new');
    expect(JSON.parse(localStorage.getItem(key)!)).toMatchObject({ buyerKind: 'WALK_IN', walkInName: 'Ravi', lines: [] });
    expect(screen.getByRole('link', { name: 'Add items' })).toHaveAttribute('href', `/app/sales/instore-add/${key.slice('medico.instore.draft.'.length)}`);
  });

  it('previews the priced bill with its warnings, issues it by UPI and opens the invoice', async () => {
    localStorage.setItem(draftKey, JSON.stringify({ buyerKind: 'WALK_IN', walkInName: 'Ravi Kumar', walkInMobile: '9876543210', partyUnitCode: '', lines: [{ productId: DOLO, productName: 'Dolovex 650', batchId: B_FAR, quantity: 2, discountBp: 0 }] }));
    const requests = fakeApi((r) => {
      if (r.path === ACCOUNTING_PATHS.instorePreview) return success(PREVIEW);
      if (r.method === 'POST' && r.path === ACCOUNTING_PATHS.instoreSales) return success(PAID);
      if (r.path === ACCOUNTING_PATHS.instoreSale(INV_ID)) return success(PAID);
      return failure(404, 'E0002', 'Not found');
    });
    renderAt('/app', 'sales/add-instore/preview/d1', withProviders(<App />));
    expect(await screen.findByText('Near expiry: Dolovex 650 batch DL-NEAR expires on 10-12-2026')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Bill preview' })).getByText('DL-FAR')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'UPI');
    await userEvent.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('Tax Invoice INV/26-27/000007')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.path === ACCOUNTING_PATHS.instoreSales)!.body).toEqual({
      buyer: { walkInName: 'Ravi Kumar', walkInMobile: '9876543210' },
      lines: [{ productId: DOLO, batchId: B_FAR, quantity: 2, discountBp: 0 }],
      paymentMode: 'UPI',
    });
    expect(screen.getByLabelText('Payment')).toHaveTextContent('RCT/26-27/000003');
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('says why a bill cannot be made (an expired batch refused by the server)', async () => {
    localStorage.setItem(draftKey, JSON.stringify({ buyerKind: 'WALK_IN', walkInName: '', walkInMobile: '', partyUnitCode: '', lines: [{ productId: DOLO, productName: 'Dolovex 650', batchId: B_OLD, quantity: 1, discountBp: 0 }] }));
    fakeApi((r) => (r.path === ACCOUNTING_PATHS.instorePreview ? failure(409, 'E0010', 'batch DL-OLD of Dolovex 650 expired on 01-11-2026: expired stock cannot be sold') : failure(404, 'E0002', 'Not found')));
    renderAt('/app', 'sales/add-instore/preview/d1', withProviders(<App />));
    expect(await screen.findByText('batch DL-OLD of Dolovex 650 expired on 01-11-2026: expired stock cannot be sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue invoice' })).toBeDisabled();
  });

  it('settles a credit sale by UPI on the payment screen', async () => {
    let sale = CREDIT;
    const requests = fakeApi((r) => {
      if (r.method === 'POST' && r.path === ACCOUNTING_PATHS.instoreSalePayment(INV_ID)) return success((sale = { ...PAID, payment: { ...PAID.payment, mode: 'CREDIT' } }));
      if (r.path === ACCOUNTING_PATHS.instoreSale(INV_ID)) return success(sale);
      return failure(404, 'E0002', 'Not found');
    });
    renderAt('/app', `sales/instore/${INV_ID}/payment`, withProviders(<App />));
    expect(await screen.findByText('Outstanding')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Received by UPI' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(requests.at(-1)!.body).toEqual({ mode: 'UPI' });
    expect(screen.queryByRole('button', { name: 'Received by UPI' })).not.toBeInTheDocument();
  });

  it('converts an open quotation into an invoice with one click', async () => {
    const requests = fakeApi((r) => {
      if (r.path === ACCOUNTING_PATHS.quotation(QTN_ID)) return success(QUOTATION);
      if (r.path === ACCOUNTING_PATHS.quotationConvert(QTN_ID)) return success({ ...PAID, quotationNumber: 'QTN/26-27/000002' });
      if (r.path === ACCOUNTING_PATHS.instoreSale(INV_ID)) return success({ ...PAID, quotationNumber: 'QTN/26-27/000002' });
      return failure(404, 'E0002', 'Not found');
    });
    renderAt('/app', `sales/quotation/${QTN_ID}`, withProviders(<App />));
    expect(await screen.findByText('Quotation QTN/26-27/000002')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Convert to invoice' }));
    expect(await screen.findByText('Tax Invoice INV/26-27/000007')).toBeInTheDocument();
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.quotationConvert(QTN_ID))!.body).toEqual({ paymentMode: 'CASH' });
  });

  it('shows a converted quotation with its invoice and no convert button', async () => {
    fakeApi((r) => (r.path === ACCOUNTING_PATHS.quotation(QTN_ID) ? success({ ...QUOTATION, status: 'CONVERTED', invoiceId: INV_ID, invoiceNumber: 'INV/26-27/000007' }) : failure(404, 'E0002', 'Not found')));
    renderAt('/app', `sales/quotation/${QTN_ID}`, withProviders(<App />));
    expect(await screen.findByRole('link', { name: 'INV/26-27/000007' })).toHaveAttribute('href', `/app/sales/instore/${INV_ID}`);
    expect(screen.queryByRole('button', { name: 'Convert to invoice' })).not.toBeInTheDocument();
  });

  it('lets the owner set the near-expiry window and policy; an employee only reads it', async () => {
    const requests = fakeApi((r) => {
      if (r.path === ACCOUNTING_PATHS.instoreSales) return success({ items: [], totalResults: 0, page: 0, pageSize: 20 });
      if (r.path === ACCOUNTING_PATHS.instoreSettings) return success(r.method === 'PUT' ? r.body : { nearExpiryDays: 30, nearExpiryPolicy: 'WARN' });
      return failure(404, 'E0002', 'Not found');
    });
    const { unmount } = renderAt('/app', 'sales/instore', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Near-expiry batches' });
    expect(within(form).getByText(/Batches expiring within 30 days are billed with a warning/)).toBeInTheDocument();
    const days = within(form).getByLabelText('Window (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter whole days from 0 to 365')).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.selectOptions(within(form).getByLabelText('At the counter'), 'REFUSE');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ nearExpiryDays: 45, nearExpiryPolicy: 'REFUSE' }));
    expect(await within(form).findByText(/Batches expiring within 45 days are refused/)).toBeInTheDocument();
    unmount();
    resetFakeApi();

    installFakeApi(
      withAccount({ ...OWNER_ACCOUNT, role: 'EMPLOYEE' }, (r) =>
        r.path === ACCOUNTING_PATHS.instoreSettings ? success({ nearExpiryDays: 30, nearExpiryPolicy: 'WARN' }) : success({ items: [], totalResults: 0, page: 0, pageSize: 20 }),
      ),
    );
    renderAt('/app', 'sales/instore', withProviders(<App />));
    expect(await screen.findByText(/Batches expiring within 30 days are billed with a warning/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Near-expiry batches' })).not.toBeInTheDocument();
  });

  it('lists counter sales with payment status', async () => {
    fakeApi((r) =>
      r.path === ACCOUNTING_PATHS.instoreSales
        ? success({ items: [{ invoiceId: INV_ID, invoiceNumber: 'INV/26-27/000007', invoiceDate: '2026-11-22', buyerName: 'Ravi Kumar', partyUnitCode: null, itemCount: 1, totalPaise: 6800, paymentMode: 'CREDIT', paymentStatus: 'OUTSTANDING' }], totalResults: 1, page: 0, pageSize: 20 })
        : failure(404, 'E0002', 'Not found'),
    );
    renderAt('/app', 'sales/instore', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Counter sales' });
    await waitFor(() => expect(within(table).getByText('INV/26-27/000007')).toBeInTheDocument());
    const row = within(table).getAllByRole('row')[1]!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['INV/26-27/000007', '22/11/2026', 'Ravi Kumar', '1', '₹68.00', 'Credit', 'Outstanding']);
    expect(screen.getByRole('link', { name: 'New counter bill' })).toHaveAttribute('href', '/app/sales/add-instore/new');
  });
});

describe('a counter bill to a registered business (issue 34)', () => {
  afterEach(resetFakeApi);

  it('shows its IRN state on the sale and sends it again from there', async () => {
    const EINV_ID = '9e9e9e9e-0000-4000-8000-000000000009';
    const pending: EInvoiceState = {
      id: EINV_ID,
      documentType: 'INV',
      documentId: INV_ID,
      documentNumber: 'INV/26-27/000007',
      documentDate: '2026-11-22',
      partyName: 'Sharma Medical Stores',
      totalPaise: 6800,
      status: 'PENDING',
      irn: null,
      ackNo: null,
      ackDate: null,
      signedQr: null,
      refusal: null,
      attempts: 1,
      lastAttemptAt: '2026-11-22T06:00:00.000Z',
      nextAttemptAt: '2026-11-22T06:05:00.000Z',
      cancellableUntil: null,
      cancelledAt: null,
      cancelReason: null,
    };
    let eInvoice = pending;
    const requests = fakeApi((r) => {
      if (r.path === ACCOUNTING_PATHS.instoreSale(INV_ID)) return success({ ...PAID, invoice: { ...INVOICE, eInvoice } });
      if (r.method === 'POST' && r.path === EINVOICE_PATHS.retry(EINV_ID)) {
        eInvoice = { ...pending, status: 'REGISTERED', irn: 'c'.repeat(64), ackNo: '112010036563312', ackDate: new Date().toISOString(), cancellableUntil: new Date(Date.now() + 86_400_000).toISOString() };
        return success(eInvoice);
      }
      return failure(404, 'E0002', 'Not found');
    });
    renderAt('/app', `sales/instore/${INV_ID}`, withProviders(<App />));
    const panel = await screen.findByRole('region', { name: 'E-invoice' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again now' }));
    expect(await within(panel).findByText('c'.repeat(64))).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel IRN' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retry(EINV_ID)]);
  });
});
