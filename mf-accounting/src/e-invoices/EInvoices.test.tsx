import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNTING_PATHS,
  EINVOICE_PATHS,
  EINVOICE_STATUSES,
  type ComplianceSettings,
  type EInvoiceList,
  type EInvoiceState,
  type EInvoiceStatus,
  type MyAccount,
  type SalesInvoice,
} from 'shared-api';
import { OWNER_ACCOUNT, failure, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { formatDateTime, getToasts } from 'shared-ui';
import { booksApi, cells, ok, uuid } from '../books-common/testing';
import { App } from '../routes';

const HOUR = 3_600_000;
const IRN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const INV_ID = uuid(101);
const ACCOUNTANT: MyAccount = { ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole: 'ACCOUNTANT', firstName: 'Asha' };
const BILLING: MyAccount = { ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole: 'BILLING', firstName: 'Bina' };

const state = (status: EInvoiceStatus, over: Partial<EInvoiceState> = {}): EInvoiceState => ({
  id: uuid(1),
  documentType: 'INV',
  documentId: INV_ID,
  documentNumber: 'INV/26-27/000001',
  documentDate: '2026-11-21',
  partyName: 'Sharma Medical Stores',
  totalPaise: 12345678,
  status,
  irn: null,
  ackNo: null,
  ackDate: null,
  signedQr: null,
  refusal: null,
  attempts: 0,
  lastAttemptAt: null,
  nextAttemptAt: null,
  cancellableUntil: null,
  cancelledAt: null,
  cancelReason: null,
  ...over,
});

const PENDING = state('PENDING', { attempts: 2, lastAttemptAt: '2026-11-21T06:05:00.000Z', nextAttemptAt: '2026-11-21T06:20:00.000Z' });
const REFUSED = state('REFUSED', { attempts: 1, lastAttemptAt: '2026-11-21T06:05:00.000Z', refusal: { code: '2172', message: 'Invalid buyer GSTIN' } });
/** Registered an hour ago: the IRN may be cancelled for 23 hours more. */
const registered = (ackAgoHours = 1): EInvoiceState => {
  const ack = Date.now() - ackAgoHours * HOUR;
  return state('REGISTERED', {
    irn: IRN,
    ackNo: '112010036563310',
    ackDate: new Date(ack).toISOString(),
    signedQr: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
    attempts: 1,
    lastAttemptAt: new Date(ack).toISOString(),
    cancellableUntil: new Date(ack + 24 * HOUR).toISOString(),
  });
};

const PARTY = { unitCode: 'RTL-MUM-001', name: 'Sharma Medical Stores', address: 'Mumbai', gstin: '27BXKPS5512M1Z7', stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: null };
const invoice = (eInvoice: EInvoiceState | null, callerSide: SalesInvoice['callerSide'] = 'SELLER'): SalesInvoice => ({
  invoiceId: INV_ID,
  invoiceNumber: 'INV/26-27/000001',
  invoiceDate: '2026-11-21',
  dueDate: '2026-11-21',
  creditDays: null,
  orderId: null,
  orderNumber: null,
  supplier: { ...PARTY, unitCode: 'STK-PUN-001', name: 'Agarwal Pharma Distributors', gstin: '27AAJFA4821L1Z5' },
  recipient: PARTY,
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  supplyKind: 'INTRA',
  reverseCharge: false,
  lines: [],
  totals: { grossPaise: 0, discountPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, beforeRoundOffPaise: 0, roundOffPaise: 0, totalPaise: 0 },
  amountInWords: 'Rupees Zero Only',
  callerSide,
  createdAt: '2026-11-21T06:00:00.000Z',
  eInvoice,
});

/** The invoice page over a stateful fake: a retry or cancel answers `next` and the invoice then reads it. */
function invoiceApi(first: EInvoiceState | null, { next, account, callerSide, cancel }: { next?: EInvoiceState; account?: MyAccount; callerSide?: SalesInvoice['callerSide']; cancel?: () => ReturnType<typeof failure> } = {}) {
  let current = first;
  const answer = () => {
    current = next!;
    return success(next);
  };
  return booksApi(
    {
      [`GET ${ACCOUNTING_PATHS.salesInvoice(INV_ID)}`]: () => success(invoice(current, callerSide)),
      [`POST ${EINVOICE_PATHS.retry(uuid(1))}`]: answer,
      [`POST ${EINVOICE_PATHS.cancel(uuid(1))}`]: (r: FakeRequest) => cancel?.() ?? (r.body ? answer() : failure(400, 'E0001', 'Invalid request')),
    },
    account,
  );
}

const openInvoice = async () => {
  renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
  return screen.findByRole('region', { name: 'E-invoice' });
};

describe('IRN panel on a document page', () => {
  afterEach(resetFakeApi);

  it('shows nothing when the document has no e-invoice (e-invoicing off, or a buyer without GSTIN)', async () => {
    invoiceApi(null);
    renderAt('/app', `sales/report/details/invoice?id=${INV_ID}`, withProviders(<App />));
    expect(await screen.findByText('Tax Invoice INV/26-27/000001')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'E-invoice' })).not.toBeInTheDocument();
  });

  it('pending: says when it is tried next and that the PDF is a draft; "Try again now" registers it and shows the IRN', async () => {
    const requests = invoiceApi(PENDING, { next: registered() });
    const panel = await openInvoice();
    expect(within(panel).getByText('IRN pending')).toBeInTheDocument();
    expect(within(panel).getByText(formatDateTime('2026-11-21T06:20:00.000Z'))).toBeInTheDocument();
    expect(within(panel).getByText(`2 attempts, the last at ${formatDateTime('2026-11-21T06:05:00.000Z')}`)).toBeInTheDocument();
    expect(within(panel).getByText('The PDF prints as a draft until the IRN is registered.')).toBeInTheDocument();
    // The PDF buttons stay.
    expect(screen.getByRole('button', { name: 'Download INV/26-27/000001 as PDF A4' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Try again now' }));
    expect(await within(panel).findByText('IRN registered')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retry(uuid(1))]);
    expect(within(panel).getByText(IRN)).toBeInTheDocument();
    expect(within(panel).getByText('112010036563310')).toBeInTheDocument();
    expect(within(panel).getByText('The signed QR code is printed on the PDF.')).toBeInTheDocument();
    expect(within(panel).queryByText(/prints as a draft/)).not.toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'INV/26-27/000001: IRN registered', message: IRN });
  });

  it("refused: shows the portal's reason; \"Try again\" after fixing it, and a second refusal says so", async () => {
    invoiceApi(REFUSED, { next: { ...REFUSED, attempts: 2, refusal: { code: '2172', message: 'Invalid buyer GSTIN' } } });
    const panel = await openInvoice();
    expect(within(panel).getByText('IRN refused')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('The portal refused this invoice: Invalid buyer GSTIN (error 2172).');
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'INV/26-27/000001: the portal refused it', message: 'Invalid buyer GSTIN' })]));
    expect(await within(panel).findByText(/^2 attempts/)).toBeInTheDocument();
  });

  it('registered: IRN, Ack No and Ack date in en-IN; "Cancel IRN" within 24 hours', async () => {
    const reg = registered();
    invoiceApi(reg);
    const panel = await openInvoice();
    expect(within(panel).getByText('IRN registered')).toBeInTheDocument();
    expect(within(panel).getByText(formatDateTime(reg.ackDate!))).toBeInTheDocument();
    expect(formatDateTime(reg.ackDate!)).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]m$/);
    expect(within(panel).getByText(`The IRN can be cancelled until ${formatDateTime(reg.cancellableUntil!)}.`)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel IRN' })).toBeInTheDocument();
    expect(within(panel).queryByText(/only a credit note/)).not.toBeInTheDocument();
  });

  it('after the 24-hour window: no "Cancel IRN", and a line says only a credit note corrects it', async () => {
    invoiceApi(registered(25));
    const panel = await openInvoice();
    expect(within(panel).getByText('IRN registered')).toBeInTheDocument();
    expect(within(panel).getByText('After 24 hours only a credit note can correct it.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel IRN' })).not.toBeInTheDocument();
  });

  it("cancel dialog: asks for the portal's reason and a remark, then cancels and shows the cancelled IRN", async () => {
    const reg = registered();
    const cancelled: EInvoiceState = { ...reg, status: 'CANCELLED', cancelledAt: new Date().toISOString(), cancellableUntil: null, cancelReason: { code: '2', label: 'Data entry mistake', remark: 'Wrong batch billed' } };
    const requests = invoiceApi(reg, { next: cancelled });
    const panel = await openInvoice();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel IRN' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByRole('form', { name: 'Cancel IRN' });
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a reason', 'Duplicate', 'Data entry mistake', 'Order cancelled', 'Others']);

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel IRN' }));
    expect(await within(form).findByText('Choose the reason for cancelling')).toBeInTheDocument();
    expect(within(form).getByText('Say why it is cancelled')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Data entry mistake');
    await userEvent.type(within(form).getByLabelText('Remark'), '  Wrong batch billed ');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel IRN' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: EINVOICE_PATHS.cancel(uuid(1)), body: { reasonCode: '2', remark: 'Wrong batch billed' } });
    expect(await within(panel).findByText('IRN cancelled')).toBeInTheDocument();
    expect(within(panel).getByText('Data entry mistake: Wrong batch billed')).toBeInTheDocument();
    expect(within(panel).getByText(IRN)).toBeInTheDocument();
    expect(within(panel).getByText('The PDF prints as a draft: its IRN is cancelled.')).toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'IRN cancelled' });
  });

  it("cancel dialog: shows the portal's refusal (window closed meanwhile) and stays open", async () => {
    invoiceApi(registered(), { cancel: () => failure(409, 'E0024', 'The IRN can no longer be cancelled: 24 hours have passed. Issue a credit note.') });
    const panel = await openInvoice();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel IRN' }));
    const form = within(await screen.findByRole('dialog')).getByRole('form', { name: 'Cancel IRN' });
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Duplicate');
    await userEvent.type(within(form).getByLabelText('Remark'), 'Raised twice');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel IRN' }));
    expect(await within(form).findByText('The IRN can no longer be cancelled: 24 hours have passed. Issue a credit note.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByText('IRN registered')).toBeInTheDocument();
  });

  it("offers no retry or cancel on the buyer's copy; retry to those who file GST, cancel to those who issue the document", async () => {
    invoiceApi(PENDING, { callerSide: 'BUYER' });
    let panel = await openInvoice();
    expect(within(panel).getByText('IRN pending')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    resetFakeApi();

    // Billing issues invoices, so it may cancel one (as the API allows), but does not send documents to the portal.
    invoiceApi(registered(), { account: BILLING });
    panel = await openInvoice();
    expect(within(panel).getByText(IRN)).toBeInTheDocument();
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel IRN']);
    resetFakeApi();
    invoiceApi(PENDING, { account: BILLING });
    panel = await openInvoice();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    resetFakeApi();

    // An accountant files GST (retries) but does not issue invoices (no cancel).
    invoiceApi(registered(), { account: ACCOUNTANT });
    panel = await openInvoice();
    expect(within(panel).getByText(IRN)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel IRN' })).not.toBeInTheDocument();
    resetFakeApi();
    invoiceApi(PENDING, { account: ACCOUNTANT });
    panel = await openInvoice();
    expect(await within(panel).findByRole('button', { name: 'Try again now' })).toBeInTheDocument();
  });
});

// The list: one document of each kind and state.
const ROWS: EInvoiceState[] = [
  PENDING,
  { ...REFUSED, id: uuid(2), documentType: 'CRN', documentId: uuid(202), documentNumber: 'CN/26-27/000004', totalPaise: 50000 },
  { ...registered(30), id: uuid(3), documentType: 'DBN', documentId: uuid(303), documentNumber: 'DN/26-27/000002', partyName: 'Agarwal Pharma Distributors', documentDate: '2026-11-20', totalPaise: 15400 },
];

function listApi(rows: EInvoiceState[] = ROWS, { account, settings = { eInvoicing: true, irpProvider: 'LOCAL', ewbProvider: 'NIC' } }: { account?: MyAccount; settings?: ComplianceSettings } = {}) {
  let current = rows;
  return booksApi(
    {
      [`GET ${EINVOICE_PATHS.list}`]: (r) => {
        const { status, page = 0, pageSize = 20 } = (r.params ?? {}) as { status?: EInvoiceStatus; page?: number; pageSize?: number };
        const matching = current.filter((e) => !status || e.status === status);
        const counts = Object.fromEntries(EINVOICE_STATUSES.map((s) => [s, current.filter((e) => e.status === s).length])) as EInvoiceList['counts'];
        return success({ items: matching.slice(page * pageSize, (page + 1) * pageSize), totalResults: matching.length, page, pageSize, counts });
      },
      [`POST ${EINVOICE_PATHS.retryAll}`]: () => {
        current = current.map((e) => (e.status === 'PENDING' ? { ...e, status: 'REGISTERED', irn: IRN, nextAttemptAt: null } : e));
        return success({ tried: 2, registered: 1, refused: 1, stillPending: 0 });
      },
      [`POST ${EINVOICE_PATHS.retry(uuid(2))}`]: () => {
        const next: EInvoiceState = { ...current[1]!, status: 'REGISTERED', irn: IRN, refusal: null };
        current = current.map((e) => (e.id === next.id ? next : e));
        return success(next);
      },
      [`GET ${EINVOICE_PATHS.settings}`]: ok(settings),
      [`PUT ${EINVOICE_PATHS.settings}`]: (r) => success({ ...settings, ...(r.body as object) }),
    },
    account,
  );
}

const eTable = () => screen.findByRole('table', { name: 'E-invoices' });

describe('Sales → E-invoices', () => {
  afterEach(resetFakeApi);

  it('lists every document with its state, IRN or reason and tries; the tabs count each state; a number opens its document', async () => {
    listApi();
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    const t = await eTable();
    await within(t).findByText('INV/26-27/000001');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All (3)', 'IRN pending (1)', 'IRN registered (1)', 'IRN refused (1)', 'IRN cancelled (0)']);
    const rows = within(t).getAllByRole('row').slice(1);
    expect(cells(rows[0]!).slice(0, 8)).toEqual(['Invoice', 'INV/26-27/000001', '21/11/2026', 'Sharma Medical Stores', '₹1,23,456.78', 'IRN pending', '', `2 · next ${formatDateTime(PENDING.nextAttemptAt!)}`]);
    expect(cells(rows[1]!).slice(0, 8)).toEqual(['Credit note', 'CN/26-27/000004', '21/11/2026', 'Sharma Medical Stores', '₹500.00', 'IRN refused', 'Invalid buyer GSTIN (error 2172)', '1']);
    expect(cells(rows[2]!).slice(0, 8)).toEqual(['Debit note', 'DN/26-27/000002', '20/11/2026', 'Agarwal Pharma Distributors', '₹154.00', 'IRN registered', IRN, '1']);
    expect(within(rows[0]!).getByRole('link', { name: 'INV/26-27/000001' })).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${INV_ID}`);
    expect(within(rows[1]!).getByRole('link', { name: 'CN/26-27/000004' })).toHaveAttribute('href', `/app/sales/returns/${uuid(202)}`);
    expect(within(rows[2]!).getByRole('link', { name: 'DN/26-27/000002' })).toHaveAttribute('href', `/app/purchases/returns/${uuid(303)}`);
    // Retry where the portal has not registered it; nothing on a registered one.
    expect(within(rows[0]!).getByRole('button', { name: 'Retry INV/26-27/000001' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Retry CN/26-27/000004' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by state on the server, from the tab, keeping it in the URL', async () => {
    const requests = listApi();
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    await within(await eTable()).findByText('INV/26-27/000001');
    await userEvent.click(screen.getByRole('tab', { name: 'IRN refused (1)' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'E-invoices' })).queryByText('INV/26-27/000001')).not.toBeInTheDocument());
    expect(within(await eTable()).getByText('CN/26-27/000004')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'IRN refused (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.filter((r) => r.path === EINVOICE_PATHS.list).at(-1)!.params).toEqual({ status: 'REFUSED', page: 0, pageSize: 20 });

    await userEvent.click(screen.getByRole('tab', { name: 'IRN cancelled (0)' }));
    expect(await screen.findByText('No documents are cancelled.')).toBeInTheDocument();
  });

  it('opens on the tab of ?status= and pages through it on the server', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ ...PENDING, id: uuid(500 + i), documentNumber: `INV/26-27/${String(100 - i).padStart(6, '0')}` }));
    const requests = listApi(many);
    renderAt('/app', 'sales/e-invoices?status=PENDING', withProviders(<App />));
    await within(await eTable()).findByText('INV/26-27/000100');
    expect(screen.getByRole('tab', { name: 'IRN pending (23)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(await eTable()).findByText('INV/26-27/000080')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === EINVOICE_PATHS.list).at(-1)!.params).toEqual({ status: 'PENDING', page: 1, pageSize: 20 });
  });

  it('"Retry all pending" sends them again, says how they ended and shows the new states', async () => {
    const requests = listApi();
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    await within(await eTable()).findByText('INV/26-27/000001');
    await userEvent.click(screen.getByRole('button', { name: 'Retry all pending' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent 2 again: 1 registered, 1 refused, 0 still pending.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retryAll]);
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('IRN registered (2)'));
    expect(cells(within(await eTable()).getAllByRole('row')[1]!)[5]).toBe('IRN registered');
  });

  it('retries one row and shows its new state', async () => {
    const requests = listApi();
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    await within(await eTable()).findByText('CN/26-27/000004');
    await userEvent.click(screen.getByRole('button', { name: 'Retry CN/26-27/000004' }));
    await waitFor(() => expect(cells(within(screen.getByRole('table', { name: 'E-invoices' })).getAllByRole('row')[2]!)[5]).toBe('IRN registered'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retry(uuid(2))]);
    expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'CN/26-27/000004: IRN registered' });
    // Pages stay where they were: the row opened nothing.
    expect(screen.getByRole('heading', { level: 1, name: 'E-invoices' })).toBeInTheDocument();
  });

  it('offers no retry to an employee who does not file GST', async () => {
    listApi(ROWS, { account: BILLING });
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    const t = await eTable();
    await within(t).findByText('INV/26-27/000001');
    expect(screen.queryByRole('button', { name: 'Retry all pending' })).not.toBeInTheDocument();
    expect(within(t).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });
});

describe('settings card "E-invoice and e-way bill"', () => {
  afterEach(resetFakeApi);

  it('lets the owner switch e-invoicing, with the turnover rule, and shows the providers read-only', async () => {
    const requests = listApi([], { settings: { eInvoicing: false, irpProvider: 'LOCAL', ewbProvider: 'GSP' } });
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    const card = await screen.findByRole('region', { name: 'E-invoice and e-way bill' });
    const form = await within(card).findByRole('form', { name: 'E-invoice settings' });
    expect(within(card).getByText(/aggregate turnover was above ₹5 crore in any financial year from 2017-18/)).toBeInTheDocument();
    expect(within(card).getByText('Local test adapter')).toBeInTheDocument();
    expect(within(card).getByText('GSP')).toBeInTheDocument();
    expect(within(card).getByText("The portals and their credentials are set by the server's configuration, not here.")).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.selectOptions(within(form).getByLabelText('E-invoicing applies'), 'YES');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ path: EINVOICE_PATHS.settings, body: { eInvoicing: true } }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'E-invoicing is on' }));
    expect(screen.getByText(/No document has gone to the portal yet/)).toBeInTheDocument();
  });

  it("shows an employee the setting and the providers, with no form", async () => {
    const requests = listApi([], { account: ACCOUNTANT });
    renderAt('/app', 'sales/e-invoices', withProviders(<App />));
    const card = await screen.findByRole('region', { name: 'E-invoice and e-way bill' });
    expect(await within(card).findByText('E-invoicing is on.')).toBeInTheDocument();
    expect(within(card).getByText(/Only the owner changes it/)).toBeInTheDocument();
    expect(within(card).getByText('Local test adapter')).toBeInTheDocument();
    expect(within(card).getByText('NIC')).toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
