import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVE_IN_PATHS, MOVE_IN_TYPES_MESSAGE, type ItemMatch, type MoveInImport } from 'shared-api';
import { failure } from 'shared-auth/testing/fake-api';
import { resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { booksApi, cells, file, ok, recordDownloads } from '../books-common/testing';
import { App } from '../routes';
import { BILLS_IMPORTED, BILLS_MAPPED, BILLS_UNMAPPED, EMPTY_REPORT, REPORT } from './move-in.test-kit';

const form = (r: FakeRequest | undefined) => Object.fromEntries([...((r?.body as FormData | undefined)?.entries() ?? [])].filter(([k]) => k !== 'file'));
const pickFile = (name: string) => fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File(['x'], name, { type: 'application/octet-stream' })] } });
const previews = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === MOVE_IN_PATHS.imports);

describe('MoveInImportPage', () => {
  afterEach(resetFakeApi);

  it('refuses other file types before sending a byte', async () => {
    const requests = booksApi({});
    renderAt('', 'move-in/import/parties', withProviders(<App />));
    await screen.findByLabelText('File to import');
    pickFile('parties.docx');
    expect(screen.getByRole('alert')).toHaveTextContent(MOVE_IN_TYPES_MESSAGE);
    expect(previews(requests)).toEqual([]);
  });

  it('reads a bills file with the side the owner gave, lets the owner map a column, shows the rows, totals and rejected rows, and imports it all', async () => {
    const downloads = recordDownloads();
    const requests = booksApi({
      [`POST ${MOVE_IN_PATHS.imports}`]: (r) => success((r.body as FormData).get('mapping') ? BILLS_MAPPED : BILLS_UNMAPPED),
      [`GET ${MOVE_IN_PATHS.rejected('imp-2')}`]: () => file('Row,Party,Problems\r\n7,Micro Labs Ltd,no bill number\r\n', 'text/csv'),
      [`POST ${MOVE_IN_PATHS.confirm('imp-2')}`]: () => success(BILLS_IMPORTED),
    });
    renderAt('/app', 'move-in/import/bills', withProviders(<App />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import: Open bills (bill-wise outstanding)' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Purchase bills you have not paid (payable)'));
    pickFile('marg-bills.xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));

    expect(await screen.findByText('Choose the columns for: Pending amount (Dr/Cr).')).toBeInTheDocument();
    expect(screen.getByText('Read as a Marg export.')).toBeInTheDocument();
    expect(screen.getByText(/header found on row 4, 3 rows under it/)).toBeInTheDocument();
    expect(form(previews(requests)[0])).toEqual({ kind: 'BILLS', side: 'PAYABLE' });

    fireEvent.change(screen.getByLabelText('Column for Pending amount (Dr/Cr)'), { target: { value: '4' } });
    await userEvent.click(screen.getByRole('button', { name: 'Check again with these columns' }));
    expect(await screen.findByRole('heading', { name: '3. 2 rows ready, 1 rejected' })).toBeInTheDocument();
    expect(JSON.parse(String(form(previews(requests)[1]).mapping))).toEqual({ party: 0, billNumber: 1, billDate: 2, billAmount: 3, pending: 4 });

    expect(screen.getByRole('status', { name: 'Totals' })).toHaveTextContent('Still due: ₹0.00 receivable (customers owe you), ₹1,23,956.50 payable (you owe suppliers).');
    const rows = screen.getByRole('table', { name: 'Rows to import' });
    expect(cells(within(rows).getByRole('row', { name: /ML\/2025\/0891/ }))).toEqual([
      '5',
      'Payable',
      'Micro Labs Ltd',
      '29AAACM1234F1Z5',
      'ML/2025/0891',
      '14/02/2026',
      '',
      '₹1,23,456.50',
      '₹1,23,456.50',
      '',
    ]);
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('row', { name: /31-02-2026/ })).toHaveTextContent('no bill number; bill date 31-02-2026 is not a date');
    await userEvent.click(screen.getByRole('button', { name: 'Download rejected rows (CSV)' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['rejected-marg-bills.xlsx.csv']));
    downloads.restore();

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByRole('heading', { name: 'Import done' })).toBeInTheDocument();
    expect(screen.getByText('2 rows imported from marg-bills.xlsx; 2 vouchers posted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the outstanding with ageing' })).toHaveAttribute('href', '/app/ledgers?tab=outstanding&side=PAYABLE');
    expect(requests.find((r) => r.path === MOVE_IN_PATHS.confirm('imp-2'))?.body).toEqual({ picks: [], groups: {} });
  });

  it('sends the owner to set the opening date first', async () => {
    booksApi({ [`GET ${MOVE_IN_PATHS.report}`]: ok(EMPTY_REPORT) });
    renderAt('', 'move-in/import/parties', withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'Set the opening date first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'set it on the move-in page' })).toHaveAttribute('href', '/move-in');
    expect(screen.queryByLabelText('File to import')).toBeNull();
  });

  it('shows the date the balances are as of, and why an import was refused beside its button', async () => {
    booksApi({
      [`GET ${MOVE_IN_PATHS.report}`]: ok(REPORT),
      [`POST ${MOVE_IN_PATHS.imports}`]: () => success(BILLS_MAPPED),
      [`POST ${MOVE_IN_PATHS.confirm('imp-2')}`]: () => failure(409, 'E0013', 'Financial year 2025-26 is closed: nothing can be dated 14-02-2026'),
    });
    renderAt('', 'move-in/import/bills', withProviders(<App />));
    expect(await screen.findByText(/Balances as of 31\/03\/2026/)).toBeInTheDocument();
    pickFile('marg-bills.xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    const card = screen.getByRole('heading', { name: '3. 2 rows ready, 1 rejected' }).closest('section')!;
    expect(await within(card).findByRole('alert')).toHaveTextContent('Financial year 2025-26 is closed: nothing can be dated 14-02-2026');
  });

  it('says when the very file was imported before', async () => {
    booksApi({ [`POST ${MOVE_IN_PATHS.imports}`]: () => success({ ...BILLS_MAPPED, previousImportId: 'imp-0' }) });
    renderAt('', 'move-in/import/bills', withProviders(<App />));
    await screen.findByLabelText('File to import');
    pickFile('marg-bills.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByText('This exact file was imported before: importing it again changes nothing.')).toBeInTheDocument();
  });

  it('reads a Tally XML file without a column step', async () => {
    const tally: MoveInImport = { ...BILLS_MAPPED, source: 'TALLY', fileName: 'outstanding.xml', fileType: 'XML', headerRow: 0, headers: [], mapping: {}, rejected: [], rejectedRows: 0 };
    booksApi({ [`POST ${MOVE_IN_PATHS.imports}`]: () => success(tally) });
    renderAt('', 'move-in/import/bills', withProviders(<App />));
    await screen.findByLabelText('File to import');
    pickFile('outstanding.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByText(/outstanding\.xml: read as a Tally XML export, 3 rows/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '2. Check the columns' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  });

  it('shows the items the catalogue is unsure of and sends the owner’s picks with the import', async () => {
    const dolo = { productId: '7f1c3a52-0000-4000-8000-000000000001', name: 'Dolo 650 Tablet', pack: '15 Tab', manufacturer: 'Micro Labs', hsn: '3004', score: 88, reasons: ['same strength and form'] };
    const match: ItemMatch = { itemKey: 'dolo 650|15|micro', itemCode: 'D650', name: 'DOLO 650 TAB', pack: "15'S", manufacturer: 'MICRO', rowNumber: 3, rows: 1, kind: 'UNCERTAIN', productId: null, candidates: [dolo] };
    const item = { rowNumber: 3, code: 'D650', name: 'DOLO 650 TAB', manufacturer: 'MICRO', pack: "15'S", hsn: '3004', gstBp: 1200, mrpPaise: 3360, ptrPaise: 2688, ptsPaise: null, schemeBuy: 10, schemeFree: 1, barcode: null, warnings: ['GST 12 % in the file, 5 % in force for HSN 3004'] };
    const preview: MoveInImport = {
      ...BILLS_MAPPED,
      kind: 'ITEMS',
      importId: 'imp-i',
      bills: [],
      items: [item],
      validRows: 1,
      rejected: [],
      rejectedRows: 0,
      itemMatches: [match],
      catalogue: { items: 1, remembered: 0, exact: 0, confident: 0, uncertain: 1, new: 0 },
    };
    const requests = booksApi({
      [`POST ${MOVE_IN_PATHS.imports}`]: () => success(preview),
      [`POST ${MOVE_IN_PATHS.confirm('imp-i')}`]: () =>
        success({ ...preview, status: 'IMPORTED', result: { imported: 1, skippedAsAlreadyImported: 0, linkedParties: 0, productsCreated: 1, vouchersPosted: 0, importedAt: '2026-11-22T05:00:00.000Z' } }),
    });
    renderAt('', 'move-in/import/items', withProviders(<App />));
    await screen.findByLabelText('File to import');
    pickFile('items.xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByRole('heading', { name: '3. Check products against the catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '4. 1 row ready, 0 rejected' })).toBeInTheDocument();
    expect(cells(within(screen.getByRole('table', { name: 'Rows to import' })).getByRole('row', { name: /DOLO/ }))).toEqual([
      '3',
      'DOLO 650 TAB',
      "15'S",
      'MICRO',
      '3004',
      '12 %',
      '₹33.60',
      '₹26.88',
      '',
      '10+1',
      '',
      'GST 12 % in the file, 5 % in force for HSN 3004',
    ]);
    const toCheck = screen.getByRole('table', { name: 'Products to check' });
    // The closest candidate is chosen for the owner; the owner says it is a new product instead.
    expect(within(toCheck).getByRole('radio', { name: /Dolo 650 Tablet/ })).toBeChecked();
    await userEvent.click(within(toCheck).getByRole('radio', { name: 'Create new product' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText('1 row imported from marg-bills.xlsx; 1 new product in the catalogue.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === MOVE_IN_PATHS.confirm('imp-i'))?.body).toEqual({ picks: [{ itemKey: 'dolo 650|15|micro', productId: 'NEW' }], groups: {} });
  });

  it('asks the group of a trial-balance head the file does not place before importing', async () => {
    const preview: MoveInImport = {
      ...BILLS_MAPPED,
      kind: 'TRIAL_BALANCE',
      importId: 'imp-t',
      bills: [],
      validRows: 2,
      rejected: [],
      rejectedRows: 0,
      trialBalance: [
        { rowNumber: 2, head: 'Cash-in-hand', group: 'CASH_IN_HAND', treatment: 'POST', balancePaise: 1500000, warnings: [] },
        { rowNumber: 3, head: 'Shop Deposit', group: null, treatment: 'POST', balancePaise: -1500000, warnings: [] },
      ],
      totals: { debitPaise: 1500000, creditPaise: 1500000 },
    };
    const requests = booksApi({
      [`POST ${MOVE_IN_PATHS.imports}`]: () => success(preview),
      [`POST ${MOVE_IN_PATHS.confirm('imp-t')}`]: () => success({ ...preview, status: 'IMPORTED', result: { imported: 2, skippedAsAlreadyImported: 0, linkedParties: 0, productsCreated: 0, vouchersPosted: 1, importedAt: '2026-11-22T05:00:00.000Z' } }),
    });
    renderAt('', 'move-in/import/trial-balance', withProviders(<App />));
    await screen.findByLabelText('File to import');
    pickFile('tb.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByRole('status', { name: 'Totals' })).toHaveTextContent('Debit ₹15,000.00, credit ₹15,000.00: it balances.');
    const rows = screen.getByRole('table', { name: 'Rows to import' });
    expect(cells(within(rows).getByRole('row', { name: /Cash-in-hand/ }))).toEqual(['2', 'Cash-in-hand', 'Cash-in-Hand', 'Posted to this head', '₹15,000.00 Dr', '']);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the group of: Shop Deposit.');
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    fireEvent.change(within(rows).getByLabelText('Group for Shop Deposit'), { target: { value: 'CURRENT_LIABILITIES' } });
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByRole('heading', { name: 'Import done' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === MOVE_IN_PATHS.confirm('imp-t'))?.body).toEqual({ picks: [], groups: { 'Shop Deposit': 'CURRENT_LIABILITIES' } });
  });
});
