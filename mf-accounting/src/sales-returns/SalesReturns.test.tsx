import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, EINVOICE_PATHS, type CreditNote, type EInvoiceState, type CreditNoteSummary, type DocumentParty, type ReturnableInvoice } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const INVOICE_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const CN_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const party = (name: string, unitCode: string): DocumentParty => ({ unitCode, name, address: 'Pune', gstin: null, stateCode: '27', stateName: 'Maharashtra', drugLicences: [], phone: null });
const invoiceLine = {
  manufacturer: 'Micro Labs',
  pack: '15 Tab',
  hsn: '30049099',
  mrpPaise: 3400,
  discountBp: 0,
  discountPaise: 0,
  gstRateBp: 1200,
  igstPaise: 0,
  productId: null,
};

/** INV/26-27/000009: 10 + 1 free Dolo (4 already returned) and 5 Crocin from a batch that has expired. */
const RETURNABLE: ReturnableInvoice = {
  invoiceId: INVOICE_ID,
  invoiceNumber: 'INV/26-27/000009',
  invoiceDate: '2026-11-20',
  partyName: 'Sharma Medical Stores',
  partyUnitCode: 'RTL-MUM-001',
  totalPaise: 38800,
  lines: [
    { ...invoiceLine, position: 1, productName: 'Dolo 650 Tablet', batchNo: 'DL2405', expiryDate: '2028-06-30', ratePaise: 2750, quantity: 10, freeQuantity: 1, grossPaise: 27500, taxablePaise: 27500, cgstPaise: 1650, sgstPaise: 1650, totalPaise: 30800, returnedQuantity: 4, returnedFreeQuantity: 0, returnableQuantity: 6, returnableFreeQuantity: 1, expired: false, restockable: true },
    { ...invoiceLine, position: 2, productName: 'Crocin Advance', batchNo: 'CR-OLD', expiryDate: '2026-11-01', ratePaise: 1500, quantity: 5, freeQuantity: 0, grossPaise: 7500, taxablePaise: 7500, cgstPaise: 450, sgstPaise: 450, totalPaise: 8400, returnedQuantity: 0, returnedFreeQuantity: 0, returnableQuantity: 5, returnableFreeQuantity: 0, expired: true, restockable: true },
  ],
};

const NOTE: CreditNote = {
  creditNoteId: CN_ID,
  creditNoteNumber: 'CN/26-27/000003',
  creditNoteDate: '2026-11-22',
  invoiceId: INVOICE_ID,
  invoiceNumber: 'INV/26-27/000009',
  invoiceDate: '2026-11-20',
  supplier: party('Agarwal Pharma Distributors', 'STK-PUN-001'),
  recipient: party('Sharma Medical Stores', 'RTL-MUM-001'),
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  supplyKind: 'INTRA',
  lines: [
    { ...invoiceLine, position: 1, invoicePosition: 2, productName: 'Crocin Advance', batchNo: 'CR-OLD', expiryDate: '2026-11-01', ratePaise: 1200, invoiceRatePaise: 1500, creditPercentBp: 8000, quantity: 5, freeQuantity: 0, grossPaise: 6000, taxablePaise: 6000, cgstPaise: 360, sgstPaise: 360, totalPaise: 6720, reason: 'EXPIRED', destination: 'NON_SALEABLE' },
  ],
  totals: { grossPaise: 6000, discountPaise: 0, taxablePaise: 6000, cgstPaise: 360, sgstPaise: 360, igstPaise: 0, taxPaise: 720, beforeRoundOffPaise: 6720, roundOffPaise: -20, totalPaise: 6700 },
  amountInWords: 'Rupees Sixty Seven Only',
  note: null,
  callerSide: 'SELLER',
  createdAt: '2026-11-22T06:00:00.000Z',
  refundablePaise: 0,
  refunds: [],
  eInvoice: null,
};

const summary = (i: number): CreditNoteSummary => ({
  creditNoteId: i === 3 ? CN_ID : `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  creditNoteNumber: `CN/26-27/${String(i).padStart(6, '0')}`,
  creditNoteDate: '2026-11-22',
  invoiceId: INVOICE_ID,
  invoiceNumber: 'INV/26-27/000009',
  partyName: 'Sharma Medical Stores',
  partyUnitCode: 'RTL-MUM-001',
  itemCount: 1,
  taxablePaise: 6000,
  taxPaise: 720,
  totalPaise: 6700,
});

function returnsApi(notes: CreditNoteSummary[] = [3, 2, 1].map(summary), answerCreate?: (r: FakeRequest) => ReturnType<typeof success>): FakeRequest[] {
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request) => {
      if (request.path === ACCOUNTING_PATHS.salesReturns && request.method.toUpperCase() === 'POST') return answerCreate ? answerCreate(request) : success(NOTE);
      if (request.path === ACCOUNTING_PATHS.salesReturns) {
        const { page = 0, pageSize = 20 } = (request.params ?? {}) as { page?: number; pageSize?: number };
        return success({ items: notes.slice(page * pageSize, (page + 1) * pageSize), totalResults: notes.length, page, pageSize });
      }
      if (request.path === ACCOUNTING_PATHS.returnableInvoice) {
        const p = request.params as { invoiceId?: string; invoiceNumber?: string };
        return p.invoiceId === INVOICE_ID || p.invoiceNumber === 'INV/26-27/000009' ? success(RETURNABLE) : failure(404, 'E0053', 'Invoice not found');
      }
      if (request.path === ACCOUNTING_PATHS.salesReturn(CN_ID)) return success(NOTE);
      if (request.path === ACCOUNTING_PATHS.salesReturnPdf(CN_ID)) return { status: 200, data: new Blob(['%PDF-1.7 CN'], { type: 'application/pdf' }) };
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

const table = (name: string) => screen.findByRole('table', { name });
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('sales returns (seller)', () => {
  afterEach(resetFakeApi);

  it('lists credit notes newest first with invoice, customer and credit; a row opens one', async () => {
    returnsApi();
    renderAt('/app', 'sales/returns', withProviders(<App />));
    const rows = within(await table('Credit notes')).getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r)[0])).toEqual(['CN/26-27/000003', 'CN/26-27/000002', 'CN/26-27/000001']);
    expect(cells(rows[0]!)).toEqual(['CN/26-27/000003', '22/11/2026', 'INV/26-27/000009', 'Sharma Medical Stores (RTL-MUM-001)', '1', '₹60.00', '₹7.20', '₹67.00']);
    expect(screen.getByRole('link', { name: 'Return goods / Credit note' })).toHaveAttribute('href', '/app/sales/returns/new');
    await userEvent.click(within(rows[0]!).getByText('Sharma Medical Stores (RTL-MUM-001)'));
    expect(await screen.findByText('Credit Note CN/26-27/000003')).toBeInTheDocument();
  });

  it('pages through credit notes on the server', async () => {
    const requests = returnsApi(Array.from({ length: 25 }, (_, i) => summary(25 - i)));
    renderAt('/app', 'sales/returns', withProviders(<App />));
    expect(within(await table('Credit notes')).getAllByRole('row')).toHaveLength(21);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(await table('Credit notes')).findByText('CN/26-27/000005')).toBeInTheDocument();
    expect(requests.at(-1)!.params).toEqual({ page: 1, pageSize: 20 });
  });

  it('shows one credit note with the invoice it is against, the agreed percentage, where the goods went, and its PDF', async () => {
    const requests = returnsApi();
    renderAt('/app', `sales/returns/${CN_ID}`, withProviders(<App />));
    expect(await screen.findByText('INV/26-27/000009 of 20/11/2026')).toBeInTheDocument();
    const line = within(await table('Credit note lines')).getAllByRole('row')[1]!;
    expect(cells(line)).toEqual(['1', 'Crocin Advance · 15 Tab', 'CR-OLD', '01/11/2026', '5', '0', '₹12.00 (80 % of ₹15.00)', '₹60.00', '12 %', '₹3.60', '₹3.60', '₹67.20', 'Expired', 'Expired / damaged store']);
    expect(within(screen.getByLabelText('Credit note totals')).getByText('₹67.00')).toBeInTheDocument();
    URL.createObjectURL = jest.fn(() => 'blob:cn');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download CN/26-27/000003 as PDF A4' }));
    await waitFor(() => expect(names).toEqual(['CN-26-27-000003-A4.pdf']));
    expect(requests.some((r) => r.path === ACCOUNTING_PATHS.salesReturnPdf(CN_ID))).toBe(true);
    click.mockRestore();
  });

  it('finds the invoice by number, offers only what is returnable, keeps an expired batch out of saleable stock, and issues the note at 80 % of PTR', async () => {
    const requests = returnsApi();
    renderAt('/app', 'sales/returns/new', withProviders(<App />));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Invoice number' }), 'INV/26-27/000404');
    await userEvent.click(screen.getByRole('button', { name: 'Find invoice' }));
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Invoice number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Invoice number' }), 'INV/26-27/000009');
    await userEvent.click(screen.getByRole('button', { name: 'Find invoice' }));

    const rows = within(await table('Returnable lines')).getAllByRole('row').slice(1);
    expect(cells(rows[0]!).slice(0, 6)).toEqual(['1', 'Dolo 650 Tablet · 15 Tab', 'DL2405', '30/06/2028', '10 + 1 free', '6 + 1 free']);
    expect(cells(rows[1]!).slice(3, 6)).toEqual(['01/11/2026 (expired)', '5', '5']);
    // The expired batch starts as an expiry return to the non-saleable store, and cannot be sent back to stock.
    expect(screen.getByRole('combobox', { name: 'Reason 2' })).toHaveValue('EXPIRED');
    expect(screen.getByRole('combobox', { name: 'Goods go to 2' })).toHaveValue('NON_SALEABLE');
    expect(within(screen.getByRole('combobox', { name: 'Goods go to 2' })).getByRole('option', { name: 'Back to saleable stock' })).toBeDisabled();

    // More than is returnable is caught before anything is sent.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Return quantity 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Return quantity 1' }), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Line 1 (Dolo 650 Tablet, DL2405): at most 6 can be returned')).toBeInTheDocument();
    expect(requests.some((r) => r.method.toUpperCase() === 'POST')).toBe(false);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Return quantity 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Return quantity 1' }), '0');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Return quantity 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Return quantity 2' }), '5');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Credit percent 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Credit percent 2' }), '80');
    // ₹15.00 × 80 %.
    expect(cells(rows[1]!).at(-1)).toBe('₹12.00');
    await userEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));

    expect(await screen.findByText('Credit Note CN/26-27/000003')).toBeInTheDocument();
    const post = requests.find((r) => r.method.toUpperCase() === 'POST')!;
    expect(post.body).toEqual({ invoiceId: INVOICE_ID, lines: [{ invoicePosition: 2, quantity: 5, freeQuantity: 0, reason: 'EXPIRED', destination: 'NON_SALEABLE', creditPercentBp: 8000 }] });
  });

  it('returns everything from the invoice link (a cancellation) and shows why the API refused', async () => {
    const requests = returnsApi(undefined, () => failure(409, 'E0010', 'Cannot issue the credit note: only 5 of Dolo 650 Tablet (batch DL2405) can still be returned, not 6'));
    renderAt('/app', `sales/returns/new?invoiceId=${INVOICE_ID}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Return everything' }));
    expect(screen.getByRole('textbox', { name: 'Return quantity 1' })).toHaveValue('6');
    expect(screen.getByRole('textbox', { name: 'Return free 1' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Return quantity 2' })).toHaveValue('5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Invoice cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Cannot issue the credit note: only 5 of Dolo 650 Tablet (batch DL2405) can still be returned, not 6')).toBeInTheDocument();
    expect(requests.find((r) => r.method.toUpperCase() === 'POST')!.body).toEqual({
      invoiceId: INVOICE_ID,
      lines: [
        { invoicePosition: 1, quantity: 6, freeQuantity: 1, reason: 'OTHER', destination: 'SALEABLE' },
        { invoicePosition: 2, quantity: 5, freeQuantity: 0, reason: 'EXPIRED', destination: 'NON_SALEABLE' },
      ],
      note: 'Invoice cancelled',
    });
  });
});

describe('refund of a walk-in buyer’s credit note (issue 32)', () => {
  afterEach(resetFakeApi);

  it('pays the buyer back by the chosen means from the credit note, once, and shows the refund', async () => {
    const walkIn: CreditNote = { ...NOTE, recipient: party('Ravi Kumar', ''), refundablePaise: 6700, refunds: [] };
    const refunded: CreditNote = { ...walkIn, refundablePaise: 0, refunds: [{ voucherNumber: 'PAY/26-27/000001', date: '2026-11-22', amountPaise: 6700 }] };
    const requests = installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) => {
        if (request.path === ACCOUNTING_PATHS.salesReturnRefund(CN_ID) && request.method.toUpperCase() === 'POST') return success(refunded);
        if (request.path === ACCOUNTING_PATHS.salesReturn(CN_ID)) return success(walkIn);
        return failure(404, 'E0002', 'Not found');
      }),
    );
    renderAt('/app', `sales/returns/${CN_ID}`, withProviders(<App />));
    const button = await screen.findByRole('button', { name: 'Refund ₹67.00' });
    await userEvent.selectOptions(screen.getByLabelText('Paid back by'), 'UPI');
    await userEvent.click(button);
    expect(await screen.findByText('₹67.00 paid back on 22/11/2026 (PAY/26-27/000001)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === ACCOUNTING_PATHS.salesReturnRefund(CN_ID)).map((r) => r.body)).toEqual([{ method: 'UPI' }]);
  });

  it('offers no refund on a connected party’s note', async () => {
    returnsApi();
    renderAt('/app', `sales/returns/${CN_ID}`, withProviders(<App />));
    expect(await screen.findByText('INV/26-27/000009 of 20/11/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
  });
});

describe('the credit note’s IRN (issue 34)', () => {
  afterEach(resetFakeApi);

  const EINV_ID = '7c7c7c7c-0000-4000-8000-000000000007';
  const refused: EInvoiceState = {
    id: EINV_ID,
    documentType: 'CRN',
    documentId: CN_ID,
    documentNumber: 'CN/26-27/000003',
    documentDate: '2026-11-22',
    partyName: 'Sharma Medical Stores',
    totalPaise: 6700,
    status: 'REFUSED',
    irn: null,
    ackNo: null,
    ackDate: null,
    signedQr: null,
    refusal: { code: '2211', message: 'The original invoice has no IRN' },
    attempts: 1,
    lastAttemptAt: '2026-11-22T06:01:00.000Z',
    nextAttemptAt: null,
    cancellableUntil: null,
    cancelledAt: null,
    cancelReason: null,
  };
  // Registered two days ago: past the cancel window.
  const registered: EInvoiceState = { ...refused, status: 'REGISTERED', refusal: null, attempts: 2, irn: 'f'.repeat(64), ackNo: '112010036563311', ackDate: '2026-11-22T06:30:00.000Z', cancellableUntil: '2026-11-23T06:30:00.000Z' };

  function noteApi(side: CreditNote['callerSide']) {
    let eInvoice = refused;
    return installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) => {
        if (request.path === ACCOUNTING_PATHS.salesReturn(CN_ID)) return success({ ...NOTE, callerSide: side, eInvoice });
        if (request.method === 'POST' && request.path === EINVOICE_PATHS.retry(EINV_ID)) return success((eInvoice = registered));
        return failure(404, 'E0002', 'Not found');
      }),
    );
  }

  it("shows the portal's refusal and, tried again, the IRN; past the window a debit note corrects it", async () => {
    const requests = noteApi('SELLER');
    renderAt('/app', `sales/returns/${CN_ID}`, withProviders(<App />));
    const panel = await screen.findByRole('region', { name: 'E-invoice' });
    expect(within(panel).getByText('IRN refused')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('The portal refused this credit note: The original invoice has no IRN (error 2211).');
    expect(within(panel).getByText('The PDF prints as a draft until the IRN is registered.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('f'.repeat(64))).toBeInTheDocument();
    expect(within(panel).getByText('IRN registered')).toBeInTheDocument();
    expect(within(panel).getByText('After 24 hours only a debit note can correct it.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([EINVOICE_PATHS.retry(EINV_ID)]);
  });

  it("shows the buyer's copy the state, with nothing to do", async () => {
    noteApi('BUYER');
    renderAt('/app', `sales/returns/${CN_ID}`, withProviders(<App />));
    const panel = await screen.findByRole('region', { name: 'E-invoice' });
    expect(within(panel).getByText('IRN refused')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });
});
