import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { INVENTORY_PATHS, UPLOAD_TYPES_MESSAGE } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { PREVIEW } from '../fixtures.test-kit';
import { UploadPage } from './UploadPage';

const fixed = {
  ...PREVIEW,
  mapping: { ...PREVIEW.mapping, batch: 3 },
  missingFields: [],
  validRows: 1,
  rejectedRows: 1,
  sample: [{ rowNumber: 4, name: 'Dolo 650 Tablet', pack: '15 Tab', manufacturer: 'Micro Labs', batchNo: 'DOL1', expiryDate: '2027-03-31', mrpPaise: 3360, ptrPaise: 2688, quantity: 100, scheme: '10+1' }],
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
});
