import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { COUNT_FREE_FIELD, INVENTORY_PATHS, ITEM_PICKS_FIELD, UPLOAD_TYPES_MESSAGE, type ItemMatch } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { PREVIEW } from '../fixtures.test-kit';
import { UploadPage } from './UploadPage';

const fixed = {
  ...PREVIEW,
  mapping: { ...PREVIEW.mapping, batch: 3 },
  missingFields: [],
  validRows: 1,
  rejectedRows: 1,
  sample: [
    { rowNumber: 4, name: 'Dolo 650 Tablet', pack: '15 Tab', manufacturer: 'Micro Labs', batchNo: 'DOL1', expiryDate: '2027-03-31', mrpPaise: 3360, ptrPaise: 2688, quantity: 100, fileQuantity: 100, freeQuantity: 0, scheme: '10+1', warnings: [] },
  ],
  rejected: [{ rowNumber: 5, cells: ['Pan 40', '15 Tab', 'Alkem', 'PAN1', '01/25', '168.50', '134.80', '10'], problems: ['expiry in the past'] }],
};

function api(request: FakeRequest) {
  const form = request.body as FormData;
  if (request.path === INVENTORY_PATHS.uploadPreview) return success(form.get('mapping') ? fixed : PREVIEW);
  if (request.path === INVENTORY_PATHS.uploadImport) {
    return success({ importId: 'i1', mode: form.get('mode'), rowsImported: 1, rowsRejected: 1, productsCreated: 0, batchesZeroed: 3, alreadyImported: false, referralCredited: true, rejected: [] });
  }
  return success({});
}

const pickFile = (name: string) =>
  fireEvent.change(screen.getByLabelText('Stock file'), { target: { files: [new File(['x'], name, { type: 'application/octet-stream' })] } });

/** What a browser's file input does: choosing the file it already holds fires no change event. */
const held = new WeakMap<HTMLElement, File>();
function choose(file: File) {
  const input = screen.getByLabelText('Stock file');
  if (held.get(input) === file) return;
  held.set(input, file);
  fireEvent.change(input, { target: { files: [file] } });
}

/** A file with 480 in stock and 48 free, and a GST % that disagrees with the HSN's rate. */
const withFree = {
  ...fixed,
  validRows: 2,
  rejectedRows: 0,
  rejected: [],
  rowsWithFree: 1,
  sample: [
    { ...fixed.sample[0]!, rowNumber: 4, batchNo: 'FREE1', quantity: 528, fileQuantity: 480, freeQuantity: 48, scheme: null, warnings: ['GST 12 % in the file, 5 % in force for HSN 3004'] },
    { ...fixed.sample[0]!, rowNumber: 5, batchNo: 'PLAIN1', quantity: 20, fileQuantity: 20, freeQuantity: 0, scheme: null },
  ],
  warnedRows: 1,
  warned: [{ rowNumber: 4, name: 'Dolo 650 Tablet', batchNo: 'FREE1', warnings: ['GST 12 % in the file, 5 % in force for HSN 3004'] }],
};

describe('UploadPage', () => {
  afterEach(resetFakeApi);

  it("says what rows without a cost are valued at, and lets the owner change it there (issue 39 item 5)", async () => {
    const requests = installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) => {
        if (request.path === INVENTORY_PATHS.uploadPreview) return success({ ...fixed, costBasis: { basis: 'PTS', marginBp: 0 } });
        if (request.method === 'PUT' && request.path === INVENTORY_PATHS.costBasis) return success(request.body);
        return api(request);
      }),
    );
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    pickFile('stock.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByText('PTS (PTR where there is none)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Change the cost basis' }));
    fireEvent.change(screen.getByLabelText('Cost basis'), { target: { value: 'PTR_LESS_MARGIN' } });
    fireEvent.change(screen.getByLabelText('Margin %'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('PTR less 12.5 %')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ basis: 'PTR_LESS_MARGIN', marginBp: 1250 });
  });

  it('refuses other file types with the spec message before uploading', () => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, api));
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    pickFile('stock.docx');
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_TYPES_MESSAGE);
    expect(requests.filter((r) => r.path.startsWith('/tenants'))).toEqual([]);
  });

  it('shows the detected columns, lets the user fix one, says what the import does, and imports', async () => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, api));
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    pickFile('stock.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByText('Choose the columns for: Batch.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Column for Batch'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check again with these columns' }));
    expect(await screen.findByText(/1 row ready, 1 rejected/)).toBeInTheDocument();
    expect(screen.getByText('expiry in the past')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download rejected rows (CSV)' })).toBeInTheDocument();

    const importButton = screen.getByRole('button', { name: 'Import 1 row' });
    expect(importButton).toBeDisabled();
    fireEvent.click(screen.getByLabelText(/Replace the warehouse stock with this file/));
    fireEvent.click(screen.getByRole('button', { name: 'Replace stock with 1 row' }));
    expect(await screen.findByText(/3 batches not in the file went to zero/)).toBeInTheDocument();
    expect(screen.getByText(/3 more free deliveries/)).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === INVENTORY_PATHS.uploadImport)).toBe(true));
    const sent = requests.find((r) => r.path === INVENTORY_PATHS.uploadImport)!.body as FormData;
    expect([sent.get('mode'), JSON.parse(String(sent.get('mapping'))).batch]).toEqual(['REPLACE', 3]);
  });

  it('shows "480 + 48 free", lets the user stock the free goods or not, and sends that choice with the import', async () => {
    const requests = installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) => (request.path === INVENTORY_PATHS.uploadPreview ? success(withFree) : api(request))),
    );
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    pickFile('stock.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    const sample = await screen.findByRole('table', { name: 'Rows to import (first rows)' });
    const free = within(sample).getByRole('row', { name: /FREE1/ });
    expect(within(free).getByText('480 + 48 free')).toBeInTheDocument();
    expect(within(free).getByText('528')).toBeInTheDocument();
    expect(within(free).getByText('GST 12 % in the file, 5 % in force for HSN 3004')).toBeInTheDocument();
    const rowsToCheck = screen.getByRole('table', { name: 'Rows to check' });
    expect(within(rowsToCheck).getByRole('row', { name: /FREE1/ })).toHaveTextContent('GST 12 % in the file, 5 % in force for HSN 3004');

    const countFree = screen.getByLabelText(/Count free goods as stock/);
    expect(countFree).toBeChecked();
    fireEvent.click(countFree);
    expect(within(free).queryByText('528')).toBeNull();
    expect(within(free).getAllByText('480')).toHaveLength(1);

    fireEvent.click(screen.getByLabelText(/Add this file to the warehouse stock/));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(requests.some((r) => r.path === INVENTORY_PATHS.uploadImport)).toBe(true));
    const sent = requests.find((r) => r.path === INVENTORY_PATHS.uploadImport)!.body as FormData;
    expect([sent.get('mode'), sent.get(COUNT_FREE_FIELD)]).toEqual(['ADD', 'false']);
  });

  it('after an import, choosing the same file again and pressing "Read file" shows its preview again', async () => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, (request) => (request.path === INVENTORY_PATHS.uploadPreview ? success(fixed) : api(request))));
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    const file = new File(['x'], 'stock.xlsx', { type: 'application/octet-stream' });
    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    fireEvent.click(await screen.findByLabelText(/Add this file to the warehouse stock/));
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByRole('heading', { name: 'Import done' })).toBeInTheDocument();

    choose(file);
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByText(/1 row ready, 1 rejected/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Import done' })).toBeNull();
    expect(requests.filter((r) => r.path === INVENTORY_PATHS.uploadPreview)).toHaveLength(2);
  });

  it('asks about the items the catalogue is unsure of (best candidate chosen), counts the rest, and sends the picks with the import', async () => {
    const candidate = (productId: string, name: string, score: number, reasons: string[]) => ({ productId, name, pack: '15 Tab', manufacturer: 'Micro Labs', hsn: '3004', score, reasons });
    const item = (itemKey: string, name: string, kind: ItemMatch['kind'], candidates: ItemMatch['candidates']): ItemMatch => ({
      itemKey,
      itemCode: null,
      name,
      pack: "15'S",
      manufacturer: 'MICRO LABS',
      rowNumber: 4,
      rows: 2,
      kind,
      productId: kind === 'CONFIDENT' ? candidates[0]!.productId : null,
      candidates,
    });
    const DOLO_ID = '33333333-3333-4333-8333-333333333333';
    const AMLONG_ID = '44444444-4444-4444-8444-444444444444';
    const AMLONG_10_ID = '55555555-5555-4555-8555-555555555555';
    const withItems = {
      ...fixed,
      itemMatches: [
        item('dolo 650 tab|15 s|micro labs', 'DOLO 650 TAB', 'UNCERTAIN', [candidate(DOLO_ID, 'Dolo 650 Tablet', 88, ['same strength and form', 'pack 15 = 15'])]),
        item('amlong tab|15 s|micro labs', 'AMLONG TAB', 'UNCERTAIN', [candidate(AMLONG_ID, 'Amlong 5 Tablet', 71, ['no strength in the file']), candidate(AMLONG_10_ID, 'Amlong 10 Tablet', 70, ['no strength in the file'])]),
        item('calpol 650mg tab|15 s|gsk', 'CALPOL 650MG TAB', 'CONFIDENT', [candidate('66666666-6666-4666-8666-666666666666', 'Calpol 650 Tablet', 97, [])]),
        item('neurobion forte|30 s|p g', 'NEUROBION FORTE', 'NEW', []),
      ],
      catalogue: { items: 20, remembered: 3, exact: 12, confident: 2, uncertain: 2, new: 1 },
    };
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, (request) => (request.path === INVENTORY_PATHS.uploadPreview ? success(withItems) : api(request))));
    render(withProviders(<MemoryRouter><UploadPage /></MemoryRouter>));
    pickFile('marg.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Read file' }));
    expect(await screen.findByRole('heading', { name: '3. Check products' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Matched automatically' })).toHaveTextContent('17');
    expect(screen.getByRole('listitem', { name: 'To check' })).toHaveTextContent('2');
    expect(screen.getByRole('listitem', { name: 'New products' })).toHaveTextContent('1');
    expect(screen.getByRole('heading', { name: /^4\. 1 row ready/ })).toBeInTheDocument();

    const toCheck = screen.getByRole('table', { name: 'Products to check' });
    const dolo = within(toCheck).getByRole('group', { name: "Catalogue product for DOLO 650 TAB · 15'S · MICRO LABS" });
    expect(within(dolo).getByRole('radio', { name: /Dolo 650 Tablet/ })).toBeChecked();
    expect(dolo).toHaveTextContent('88% alike');
    expect(dolo).toHaveTextContent('same strength and form; pack 15 = 15');
    const amlong = within(toCheck).getByRole('group', { name: /AMLONG TAB/ });
    expect(within(amlong).getByRole('radio', { name: /Amlong 5 Tablet/ })).toBeChecked();
    fireEvent.click(within(amlong).getByRole('radio', { name: 'Create new product' }));
    expect(within(amlong).getByRole('radio', { name: 'Create new product' })).toBeChecked();
    expect(screen.getByText(/1 item not in the catalogue: new products/)).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText(/Add this file to the warehouse stock/));
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(requests.some((r) => r.path === INVENTORY_PATHS.uploadImport)).toBe(true));
    const sent = requests.find((r) => r.path === INVENTORY_PATHS.uploadImport)!.body as FormData;
    expect(JSON.parse(String(sent.get(ITEM_PICKS_FIELD)))).toEqual([
      { itemKey: 'dolo 650 tab|15 s|micro labs', productId: DOLO_ID },
      { itemKey: 'amlong tab|15 s|micro labs', productId: 'NEW' },
    ]);
  });
});
