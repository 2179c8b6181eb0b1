import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTWARD_PATHS, type OutwardBatch, type OutwardList, type OutwardRow } from 'shared-api';
import { blobText, RouteTable, type RouteEntry } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { AddOutwardEntryPage } from './AddOutwardEntryPage';
import { OutwardRegisterPage } from './OutwardRegisterPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// The lead wires both mounts of SPEC.md §2 to these two pages; titles differ here only to tell which list is shown.
const ROUTES: RouteEntry[] = [
  { path: 'orders/outward-stock-registry', title: 'Outward Stock Registry', crumbs: [], element: <OutwardRegisterPage /> },
  { path: 'orders/outward-stock-registry/add', title: 'Add Outward Stock Entry', crumbs: [], element: <AddOutwardEntryPage /> },
  { path: 'outward-stock-registry', title: 'Outward Register', crumbs: [], element: <OutwardRegisterPage /> },
  { path: 'outward-stock-registry/add', title: 'Add Outward Entry', crumbs: [], element: <AddOutwardEntryPage /> },
];
const renderPage = (path: string) => renderAt('/app', path, withProviders(<RouteTable routes={ROUTES} />));

const ORDER_ROW: OutwardRow = {
  movementId: uuid(1),
  date: '2026-11-22',
  at: '2026-11-22T05:10:00.000Z',
  kind: 'ORDER',
  documentNumber: 'ORD-2611-000042',
  documentId: uuid(2),
  partyName: 'Sharma Medical Stores',
  productId: uuid(3),
  productName: 'Dolo 650',
  pack: '15 tablets',
  batchId: uuid(4),
  batchNo: 'DL2401',
  expiryDate: '2027-01-31',
  quantity: 33,
  valuePaise: 90750,
  by: 'Ramesh Agarwal',
  note: null,
};
const SAMPLE_ROW: OutwardRow = {
  ...ORDER_ROW,
  movementId: uuid(5),
  kind: 'SAMPLE',
  documentNumber: 'CH-17',
  documentId: null,
  partyName: 'Dr Mehta',
  quantity: 5,
  valuePaise: 13750,
  note: 'Launch visit',
};
const LIST: OutwardList = {
  items: [SAMPLE_ROW, ORDER_ROW],
  totalResults: 2,
  page: 0,
  pageSize: 20,
  from: '2026-10-23',
  to: '2026-11-22',
  warehouseName: 'Market Yard Godown',
  totals: { entries: 2, quantity: 38, valuePaise: 104500 },
};

const BATCH: OutwardBatch = {
  batchId: uuid(4),
  productId: uuid(3),
  productName: 'Dolo 650',
  manufacturer: 'Micro Labs',
  pack: '15 tablets',
  batchNo: 'DL2401',
  expiryDate: '2027-01-31',
  expired: false,
  quantity: 50,
  reserved: 10,
  available: 40,
  warehouseName: 'Market Yard Godown',
};
const OLD_BATCH: OutwardBatch = { ...BATCH, batchId: uuid(6), batchNo: 'DL2309', expiryDate: '2026-09-30', expired: true, quantity: 6, reserved: 0, available: 6 };

type Routes = Record<string, (request: FakeRequest) => FakeAnswer>;
function outwardApi(routes: Routes = {}): FakeRequest[] {
  const all: Routes = {
    [`GET ${OUTWARD_PATHS.list}`]: () => success(LIST),
    [`GET ${OUTWARD_PATHS.batches}`]: () => success({ items: [BATCH, OLD_BATCH] }),
    ...routes,
  };
  return installFakeApi(withAccount(OWNER_ACCOUNT, (request) => all[`${request.method} ${request.path}`]?.(request) ?? failure(404, 'E0002', 'Not found')));
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('outward stock register', () => {
  afterEach(resetFakeApi);

  it('lists what left with kind, document, party, batch, quantity and value, and the totals of the period', async () => {
    const requests = outwardApi();
    renderPage('orders/outward-stock-registry');
    const table = await screen.findByRole('table', { name: 'Outward stock' });
    const order = within(table).getByText('ORD-2611-000042').closest('tr')!;
    expect(cells(order)).toEqual([expect.stringContaining('22/11/2026'), 'Online order', 'ORD-2611-000042', 'Sharma Medical Stores', 'Dolo 65015 tablets', 'DL2401Exp 31/01/2027', '33', '₹907.50', 'Ramesh Agarwal']);
    const sample = within(table).getByText('CH-17').closest('tr')!;
    expect(cells(sample).slice(1, 4)).toEqual(['Sample', 'CH-17', 'Dr MehtaLaunch visit']);

    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByLabelText('Entries')).toHaveTextContent('2');
    expect(within(totals).getByLabelText('Entries')).toHaveTextContent('Market Yard Godown');
    expect(within(totals).getByLabelText('Units out')).toHaveTextContent('38');
    expect(within(totals).getByLabelText('Value at cost')).toHaveTextContent('₹1,045.00');
    expect(requests.find((r) => r.path === OUTWARD_PATHS.list)?.params).toEqual({ page: 0, pageSize: 20 });
    // The period the API chose is shown in the date boxes.
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-23');
  });

  it('asks the API again with the filters and keeps them in the URL', async () => {
    const requests = outwardApi();
    renderPage('outward-stock-registry');
    await screen.findByRole('table', { name: 'Outward stock' });
    await userEvent.type(screen.getByLabelText('Product'), ' dolo ');
    await userEvent.type(screen.getByLabelText('Party'), 'mehta');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'SAMPLE');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.filter((r) => r.path === OUTWARD_PATHS.list).at(-1)?.params).toEqual({ from: '2026-11-01', to: '2026-11-22', product: 'dolo', party: 'mehta', kind: 'SAMPLE', page: 0, pageSize: 20 }));
    expect(screen.getByLabelText('Product')).toHaveValue('dolo');

    // Clearing goes back to the unfiltered register (already in the cache, so not asked again).
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByLabelText('Product')).toHaveValue(''));
    expect(screen.getByLabelText('Kind')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('downloads CSV and XLSX of the shown period through the signed-in client', async () => {
    const requests = outwardApi({
      [`GET ${OUTWARD_PATHS.export}`]: (r) => ({ status: 200, data: new Blob([`file ${String(r.params?.format)}`]) }),
    });
    const files: { name: string; blob: Blob }[] = [];
    let last: Blob | undefined;
    URL.createObjectURL = jest.fn((b: Blob) => ((last = b), 'blob:outward'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: last! });
    });
    try {
      renderPage('outward-stock-registry?party=mehta');
      await screen.findByRole('table', { name: 'Outward stock' });
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(files).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
      await waitFor(() => expect(files).toHaveLength(2));
    } finally {
      click.mockRestore();
    }
    expect(files.map((f) => f.name)).toEqual(['outward-stock-2026-10-23-2026-11-22.csv', 'outward-stock-2026-10-23-2026-11-22.xlsx']);
    expect(await blobText(files[0]!.blob)).toBe('file csv');
    expect(requests.filter((r) => r.path === OUTWARD_PATHS.export).map((r) => r.params)).toEqual([
      { from: '2026-10-23', to: '2026-11-22', party: 'mehta', format: 'csv' },
      { from: '2026-10-23', to: '2026-11-22', party: 'mehta', format: 'xlsx' },
    ]);
  });

  it('says so when a download is refused', async () => {
    outwardApi({ [`GET ${OUTWARD_PATHS.export}`]: () => failure(400, 'E0001', 'Choose a warehouse first') });
    renderPage('outward-stock-registry');
    await screen.findByRole('table', { name: 'Outward stock' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'The register could not be downloaded', message: 'Choose a warehouse first' })]));
  });

  it('shows an error with a retry when the register cannot be read', async () => {
    outwardApi({ [`GET ${OUTWARD_PATHS.list}`]: () => failure(400, 'E0001', 'Choose a warehouse first (the warehouse switcher in the header)') });
    renderPage('outward-stock-registry');
    expect(await screen.findByText('Choose a warehouse first (the warehouse switcher in the header)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('opens the add form under the same mount', async () => {
    outwardApi();
    renderPage('orders/outward-stock-registry');
    await userEvent.click(await screen.findByRole('link', { name: 'Add outward entry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Outward Stock Entry' })).toBeInTheDocument();
  });
});

describe('add outward entry', () => {
  afterEach(resetFakeApi);

  async function pickDolo() {
    await userEvent.type(screen.getByLabelText('Find the product'), 'dol');
    await userEvent.selectOptions(await screen.findByLabelText('Product'), uuid(3));
    const batch = await screen.findByLabelText('Batch');
    await waitFor(() => expect(within(batch).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose the batch', 'DL2401 · exp 31/01/2027 · 40 available', 'DL2309 · exp 30/09/2026 (expired) · 6 available']));
    await userEvent.selectOptions(batch, uuid(4));
  }

  it('finds the product, picks a batch by expiry and availability, saves, then goes back to the list it came from', async () => {
    const requests = outwardApi({
      [`POST ${OUTWARD_PATHS.add}`]: () => success({ entry: SAMPLE_ROW, available: 35 }),
    });
    renderPage('orders/outward-stock-registry/add');
    await pickDolo();
    expect(screen.getByText('50 on hand, 10 held for orders, in Market Yard Godown')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Quantity (units)'), '5');
    await userEvent.type(screen.getByLabelText('Given to'), 'Dr Mehta');
    await userEvent.type(screen.getByLabelText('Challan / gate pass number (optional)'), 'CH-17');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Launch visit');
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Outward Stock Registry' })).toBeInTheDocument();
    const posted = requests.find((r) => r.method === 'POST' && r.path === OUTWARD_PATHS.add)!;
    expect(posted.body).toEqual({ batchId: uuid(4), quantity: 5, reason: 'SAMPLE', partyName: 'Dr Mehta', documentNumber: 'CH-17', note: 'Launch visit', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // One search per pause in typing; after saving, the picker's batches are read again (their stock changed).
    expect(requests.filter((r) => r.path === OUTWARD_PATHS.batches).map((r) => r.params)).toEqual([{ q: 'dol' }, { productId: uuid(3) }, { q: 'dol' }, { productId: uuid(3) }]);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Outward entry saved', message: '5 × Dolo 650, batch DL2401: 35 left to sell.' })]);
  });

  it('returns to the top-level list when opened there', async () => {
    outwardApi({ [`POST ${OUTWARD_PATHS.add}`]: () => success({ entry: { ...SAMPLE_ROW, kind: 'DAMAGED' }, available: 39 }) });
    renderPage('outward-stock-registry/add');
    await pickDolo();
    await userEvent.type(screen.getByLabelText('Quantity (units)'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Why it leaves'), 'DAMAGED');
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Outward Register' })).toBeInTheDocument();
  });

  it('checks the fields before sending: more than available, no party for a sample', async () => {
    const requests = outwardApi();
    renderPage('outward-stock-registry/add');
    await pickDolo();
    await userEvent.type(screen.getByLabelText('Quantity (units)'), '41');
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('At most 40 available')).toBeInTheDocument();
    expect(screen.getByText('Say who receives the goods')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows the API's refusal on the field it names and above the buttons, and stays on the form", async () => {
    outwardApi({
      [`POST ${OUTWARD_PATHS.add}`]: () =>
        failure(409, 'E0010', 'Only 12 units of Dolo 650 batch DL2401 are available (50 on hand, 38 held for orders): 20 cannot leave', { quantity: 'At most 12' }),
    });
    renderPage('outward-stock-registry/add');
    await pickDolo();
    await userEvent.type(screen.getByLabelText('Quantity (units)'), '20');
    await userEvent.type(screen.getByLabelText('Given to'), 'Dr Mehta');
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('At most 12')).toBeInTheDocument();
    expect(screen.getByText('Only 12 units of Dolo 650 batch DL2401 are available (50 on hand, 38 held for orders): 20 cannot leave')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Outward Entry' })).toBeInTheDocument();
  });
});
