import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, EINVOICE_PATHS, type DebitNote, type EInvoiceState, type MyAccount, type PurchaseBill } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { formatDateTime, getToasts } from 'shared-ui';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };
const BILL_ID = '1b7c3a52-4f0e-4c1b-9a57-2b9a1d1e0c11';
const NOTE_ID = '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8';
const party = (name: string, unitCode: string | null) => ({ unitCode, name, address: 'Pune', gstin: null, stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: null });
const totals = (taxable: number, tax: number) => ({ grossPaise: taxable, discountPaise: 0, taxablePaise: taxable, cgstPaise: tax / 2, sgstPaise: tax / 2, igstPaise: 0, taxPaise: tax, beforeRoundOffPaise: taxable + tax, roundOffPaise: 0, totalPaise: taxable + tax });

const LINE = { position: 1, productId: 'p1', productName: 'Dolovex 650 Tablet', manufacturer: 'Microvia Labs', pack: '15 tablets', hsn: '30049099', batchNo: 'PUN-B1', expiryDate: '2027-01-31', mrpPaise: 3400, ratePaise: 2750, quantity: 20, freeQuantity: 0, discountBp: 0, discountPaise: 0, grossPaise: 55000, taxablePaise: 55000, gstRateBp: 1200, cgstPaise: 3300, sgstPaise: 3300, igstPaise: 0, totalPaise: 61600 };

const BILL: PurchaseBill = {
  billId: BILL_ID,
  source: 'PLATFORM',
  status: 'RECEIVED',
  billNumber: 'INV/26-27/000007',
  billDate: '2026-11-22',
  salesInvoiceId: 'inv-1',
  supplier: party('Agarwal Pharma Distributors', 'STK-PUN-001'),
  supplyKind: 'INTRA',
  lines: [{ ...LINE, receivedQuantity: 20, salePricePaise: 3000, batchId: 'b1' }],
  totals: totals(55000, 6600),
  receiptNote: null,
  receivedAt: '2026-11-22T07:00:00.000Z',
  warehouseName: 'Main Shop',
  payment: { billId: BILL_ID, billNumber: 'INV/26-27/000007', supplierName: 'Agarwal Pharma Distributors', amountPaise: 61600, paidPaise: 0, returnedPaise: 0, duePaise: 61600, status: 'UNPAID', payments: [] },
  createdAt: '2026-11-22T06:00:00.000Z',
};

const NOTE: DebitNote = {
  debitNoteId: NOTE_ID,
  noteNumber: 'DN/26-27/000001',
  noteDate: '2026-11-23',
  billId: BILL_ID,
  billNumber: 'INV/26-27/000007',
  reason: 'Damaged strips',
  issuer: party('Sharma Medical Stores', 'RTL-MUM-001'),
  supplier: party('Agarwal Pharma Distributors', 'STK-PUN-001'),
  supplyKind: 'INTRA',
  lines: [{ ...LINE, quantity: 5, grossPaise: 13750, taxablePaise: 13750, cgstPaise: 825, sgstPaise: 825, totalPaise: 15400, billPosition: 1 }],
  totals: totals(13750, 1650),
  amountInWords: 'Rupees One Hundred Fifty Four Only',
  createdAt: '2026-11-23T06:00:00.000Z',
  eInvoice: null,
};

function fakeApi() {
  return installFakeApi(
    withAccount(RETAILER, (request) => {
      if (request.path === ACCOUNTING_PATHS.purchaseBill(BILL_ID)) return success(BILL);
      if (request.method === 'POST' && request.path === ACCOUNTING_PATHS.returnPurchase(BILL_ID)) {
        const body = request.body as { lines: { quantity: number }[] };
        return body.lines[0]!.quantity > 20 ? failure(409, 'E0010', 'Cannot issue the debit note: Dolovex 650 Tablet PUN-B1: only 20 received units are left to return') : success(NOTE);
      }
      if (request.path === ACCOUNTING_PATHS.purchaseReturn(NOTE_ID)) return success(NOTE);
      if (request.path === ACCOUNTING_PATHS.purchaseReturns) {
        return success({ items: [{ debitNoteId: NOTE_ID, noteNumber: NOTE.noteNumber, noteDate: NOTE.noteDate, billId: BILL_ID, billNumber: NOTE.billNumber, supplierName: 'Agarwal Pharma Distributors', itemCount: 1, totalPaise: 15400 }], totalResults: 1, page: 0, pageSize: 20 });
      }
      return failure(404, 'E0053', 'Not found');
    }),
  );
}

describe('purchase returns (debit notes)', () => {
  afterEach(resetFakeApi);

  it('returns units of a received bill with a reason, shows a refusal, and opens the debit note issued', async () => {
    const requests = fakeApi();
    renderAt('/app', `purchases/invoice/${BILL_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Return goods' });
    const units = within(form).getByLabelText('Return Dolovex 650 Tablet PUN-B1');
    await userEvent.type(units, '25');
    await userEvent.type(within(form).getByLabelText('Return reason'), 'Damaged strips');
    await userEvent.click(within(form).getByRole('button', { name: 'Issue debit note' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('only 20 received units are left to return');
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Issue debit note' }));
    expect(await screen.findByText('Debit Note DN/26-27/000001')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ lines: [{ position: 1, quantity: 5, freeQuantity: 0 }], reason: 'Damaged strips' });
    expect(screen.getByLabelText('Debit note totals')).toHaveTextContent('Rupees One Hundred Fifty Four Only');
    expect(screen.getByRole('link', { name: 'INV/26-27/000007' })).toHaveAttribute('href', `/app/purchases/invoice/${BILL_ID}`);
  });

  it('lists debit notes with their bill and amount', async () => {
    fakeApi();
    renderAt('/app', 'purchases/returns', withProviders(<App />));
    const row = (await screen.findByRole('table', { name: 'Debit notes' })).querySelectorAll('tbody tr')[0] as HTMLElement;
    expect(await within(row).findByText('DN/26-27/000001')).toBeInTheDocument();
    expect(within(row).getByText('₹154.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'INV/26-27/000007' })).toHaveAttribute('href', `/app/purchases/invoice/${BILL_ID}`);
  });
});

describe('the debit note’s IRN (issue 34)', () => {
  afterEach(resetFakeApi);

  const EINV_ID = '8d8d8d8d-0000-4000-8000-000000000008';
  const pending: EInvoiceState = {
    id: EINV_ID,
    documentType: 'DBN',
    documentId: NOTE_ID,
    documentNumber: 'DN/26-27/000001',
    documentDate: '2026-11-23',
    partyName: 'Agarwal Pharma Distributors',
    totalPaise: 15400,
    status: 'PENDING',
    irn: null,
    ackNo: null,
    ackDate: null,
    signedQr: null,
    refusal: null,
    attempts: 1,
    lastAttemptAt: '2026-11-23T06:00:00.000Z',
    nextAttemptAt: '2026-11-23T06:05:00.000Z',
    cancellableUntil: null,
    cancelledAt: null,
    cancelReason: null,
  };
  const later: EInvoiceState = { ...pending, attempts: 2, lastAttemptAt: '2026-11-23T06:02:00.000Z', nextAttemptAt: '2026-11-23T06:12:00.000Z' };

  it('says when a pending IRN is tried next, keeps the PDF button, and "Try again now" shows the next try when the portal is still down', async () => {
    let eInvoice = pending;
    const requests = installFakeApi(
      withAccount(RETAILER, (request) => {
        if (request.path === ACCOUNTING_PATHS.purchaseReturn(NOTE_ID)) return success({ ...NOTE, eInvoice });
        if (request.method === 'POST' && request.path === EINVOICE_PATHS.retry(EINV_ID)) return success((eInvoice = later));
        return failure(404, 'E0002', 'Not found');
      }),
    );
    renderAt('/app', `purchases/returns/${NOTE_ID}`, withProviders(<App />));
    const panel = await screen.findByRole('region', { name: 'E-invoice' });
    expect(within(panel).getByText('IRN pending')).toBeInTheDocument();
    expect(within(panel).getByText('The portal has not registered this debit note yet. It keeps its number and is sent again by itself.')).toBeInTheDocument();
    expect(within(panel).getByText(formatDateTime(pending.nextAttemptAt!))).toBeInTheDocument();
    expect(within(panel).getByText('The PDF prints as a draft until the IRN is registered.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Try again now' }));
    expect(await within(panel).findByText(formatDateTime(later.nextAttemptAt!))).toBeInTheDocument();
    expect(within(panel).getByText('IRN pending')).toBeInTheDocument();
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ kind: 'info', title: 'DN/26-27/000001: the portal did not answer', message: `It is tried again by itself at ${formatDateTime(later.nextAttemptAt!)}.` }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retry(EINV_ID)]);
  });
});
