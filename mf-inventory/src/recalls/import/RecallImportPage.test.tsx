import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PROFILE_PATHS, RECALL_IMPORT_PATHS, RECALL_IMPORT_TYPES_MESSAGE, type RecallImport } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { RecallImportPage } from './RecallImportPage';

const STAFF_ACCOUNT = { ...OWNER_ACCOUNT, customerType: 'MANUFACTURER' as const };
const DOLO = { productId: 'p-dolo', name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', pack: '15 Tab', holders: 4 };
const ZERODOL_P = { productId: 'p-zp', name: 'Zerodol P Tablet', manufacturer: 'Ipca', pack: '10 Tab', holders: 0 };
const ZERODOL_SP = { productId: 'p-zsp', name: 'Zerodol SP Tablet', manufacturer: 'Ipca', pack: '10 Tab', holders: 1 };

const UNMAPPED: RecallImport = {
  importId: 'imp-1',
  status: 'PREVIEW',
  fileName: 'nsq.csv',
  fileType: 'CSV',
  headerRow: 1,
  headers: ['Drug', 'Maker', 'Lot'],
  mapping: { name: 0, manufacturer: 1 },
  missingFields: ['Batch number(s)'],
  dataRows: 3,
  rows: [],
  ambiguousRows: 0,
  rejected: [],
  rejectedRows: 0,
  createdAt: '2026-11-22T05:00:00.000Z',
  result: null,
};

const row = { expiryDate: null, allUpToExpiry: false, reason: null, reasonText: null, noticeNumber: null, noticeDate: null };
const MAPPED: RecallImport = {
  ...UNMAPPED,
  importId: 'imp-2',
  mapping: { name: 0, manufacturer: 1, batch: 2 },
  missingFields: [],
  rows: [
    { ...row, rowNumber: 2, name: 'DOLO-650 TAB', manufacturer: 'Micro Labs Ltd', batchNos: ['B1', 'B2'], reason: 'SPURIOUS', match: 'MATCHED', productId: DOLO.productId, candidates: [DOLO] },
    { ...row, rowNumber: 3, name: 'Zerodol', manufacturer: 'Ipca', batchNos: ['Z9'], match: 'AMBIGUOUS', productId: null, candidates: [ZERODOL_P, ZERODOL_SP] },
  ],
  ambiguousRows: 1,
  rejected: [{ rowNumber: 4, cells: ['Qwertyzine', 'Nobody', 'Q1'], problems: ['no product in the master matches "Qwertyzine" by Nobody'] }],
  rejectedRows: 1,
};

const IMPORTED: RecallImport = {
  ...MAPPED,
  status: 'IMPORTED',
  result: {
    raised: [
      { productId: DOLO.productId, productName: DOLO.name, manufacturer: DOLO.manufacturer, batchNos: ['B1', 'B2'], expiryUpTo: null, rowNumbers: [2], recallId: 'r1', recallNumber: 'RC-000007', problem: null },
      { productId: ZERODOL_SP.productId, productName: ZERODOL_SP.name, manufacturer: 'Ipca', batchNos: ['Z9'], expiryUpTo: null, rowNumbers: [3], recallId: null, recallNumber: null, problem: 'The product has no batch held anywhere' },
    ],
    recallsRaised: 1,
    recallsFailed: 1,
    rowsSkipped: [],
    confirmedAt: '2026-11-22T05:01:00.000Z',
  },
};

function api(request: FakeRequest) {
  if (request.path === PROFILE_PATHS.profile) return success({ isStaff: true });
  if (request.path === RECALL_IMPORT_PATHS.imports) return success((request.body as FormData).get('mapping') ? MAPPED : UNMAPPED);
  if (request.path === RECALL_IMPORT_PATHS.confirm('imp-2')) return success(IMPORTED);
  return success({});
}

const pickFile = (name: string) => fireEvent.change(screen.getByLabelText('Recall list'), { target: { files: [new File(['x'], name, { type: 'application/octet-stream' })] } });

describe('RecallImportPage', () => {
  afterEach(resetFakeApi);

  it('refuses other file types before uploading', async () => {
    const requests = installFakeApi(withAccount(STAFF_ACCOUNT, api));
    render(withProviders(<MemoryRouter><RecallImportPage /></MemoryRouter>));
    pickFile('list.docx');
    expect(screen.getByRole('alert')).toHaveTextContent(RECALL_IMPORT_TYPES_MESSAGE);
    expect(requests.filter((r) => r.path === RECALL_IMPORT_PATHS.imports)).toEqual([]);
    // The profile's answer (staff) lands before the test ends.
    await waitFor(() => expect(requests.some((r) => r.path === PROFILE_PATHS.profile)).toBe(true));
  });

  it('maps the missing column, lets staff pick the product of an ambiguous row, raises with the defaults and lists what was raised', async () => {
    const requests = installFakeApi(withAccount(STAFF_ACCOUNT, api));
    render(withProviders(<MemoryRouter><RecallImportPage /></MemoryRouter>));
    pickFile('nsq.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Read list' }));
    expect(await screen.findByText('Choose the columns for: Batch number(s).')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Column for Batch number(s)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check again with these columns' }));
    expect(await screen.findByText(/1 row ready, 1 to pick, 1 rejected/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows to import' });
    expect(within(table).getByRole('row', { name: /DOLO-650 TAB/ })).toHaveTextContent('Dolo 650 Tablet (15 Tab) · Micro Labs');
    expect(within(table).getByRole('row', { name: /DOLO-650 TAB/ })).toHaveTextContent('Spurious');
    expect(screen.getByText('no product in the master matches "Qwertyzine" by Nobody')).toBeInTheDocument();
    const sentMapping = (requests.filter((r) => r.path === RECALL_IMPORT_PATHS.imports)[1]!.body as FormData).get('mapping');
    expect(JSON.parse(String(sentMapping))).toEqual({ name: 0, manufacturer: 1, batch: 2 });

    const picker = screen.getByLabelText('Product for row 3');
    expect(within(picker).getByRole('option', { name: 'Zerodol SP Tablet (10 Tab) · Ipca — held by 1 unit' })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: ZERODOL_SP.productId } });
    expect(screen.getByText(/2 rows ready, 0 to pick, 1 rejected/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Notice number for rows without one'), { target: { value: 'CDSCO/NSQ/2026/10' } });
    fireEvent.change(screen.getByLabelText('Notice date for rows without one'), { target: { value: '2026-11-15' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'RETURN_TO_SUPPLIER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Raise recalls for 2 rows' }));

    expect(await screen.findByText(/1 recalls raised from nsq.csv; 1 could not be raised/)).toBeInTheDocument();
    const raised = screen.getByRole('table', { name: 'Recalls raised' });
    expect(within(raised).getByRole('link', { name: 'RC-000007' })).toHaveAttribute('href', '/stocks/recalls/r1');
    expect(within(raised).getByText('The product has no batch held anywhere')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === RECALL_IMPORT_PATHS.confirm('imp-2'))).toBe(true));
    expect(requests.find((r) => r.path === RECALL_IMPORT_PATHS.confirm('imp-2'))!.body).toEqual({
      picks: [{ rowNumber: 3, productId: ZERODOL_SP.productId }],
      reason: 'NSQ',
      action: 'RETURN_TO_SUPPLIER',
      noticeNumber: 'CDSCO/NSQ/2026/10',
      noticeDate: '2026-11-15',
    });
  });

  it('tells a manufacturer that is not the back office the page is not theirs', async () => {
    installFakeApi(withAccount(STAFF_ACCOUNT, (request) => (request.path === PROFILE_PATHS.profile ? success({ isStaff: false }) : api(request))));
    render(withProviders(<MemoryRouter><RecallImportPage /></MemoryRouter>));
    expect(await screen.findByText('Back office only')).toBeInTheDocument();
  });
});
