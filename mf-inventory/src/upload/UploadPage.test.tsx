import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { COUNT_FREE_FIELD, INVENTORY_PATHS, UPLOAD_TYPES_MESSAGE } from 'shared-api';
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
});
