import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, type AllocationPreview, type Payment, type PaymentClaimList, type StatementImportResult, type UnmatchedPayments } from 'shared-api';
import { failure, resetFakeApi, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { todayIst } from '../payments-common/payments-api';
import { LIFELINE, NEW_INVOICE, OLD_INVOICE, PAST_PAYMENT, REQUEST, REQUEST_ID, SHARMA, SHARMA_DETAIL, SUMMARY, cells, file, ok, paged, paymentsApi, recordDownloads, uuid } from '../payments-common/testing';
import { App } from '../routes';

const PREVIEW: AllocationPreview = {
  partyName: 'Sharma Medical Stores',
  amountPaise: 60000,
  lines: [
    { target: 'SALES_INVOICE', documentId: OLD_INVOICE.documentId, documentNumber: 'INV/26-27/000003', documentDate: '2026-10-02', duePaise: 50000, amountPaise: 50000 },
    { target: 'SALES_INVOICE', documentId: NEW_INVOICE.documentId, documentNumber: 'INV/26-27/000007', documentDate: '2026-11-01', duePaise: 57400, amountPaise: 10000 },
  ],
  onAccountPaise: 0,
};
const RECORDED: Payment = { ...PAST_PAYMENT, paymentId: uuid(301), number: 'RCT/26-27/000004', utr: '412345678901', amountPaise: 60000, paidOn: '2026-11-25', reconciled: false, allocations: PREVIEW.lines };

const UNMATCHED: UnmatchedPayments = {
  items: [{ paymentId: uuid(500), provider: 'GATEWAY', amountPaise: 25000, utr: '433344445555', payerVpa: 'sharma@oksbi', payerName: 'SHARMA MEDICAL', reference: null, paidOn: '2026-11-24', reason: 'NO_REFERENCE', receivedAt: '2026-11-24T08:00:00.000Z' }],
  totalPaise: 25000,
};

const CLAIMS: PaymentClaimList = {
  items: [
    {
      paymentId: uuid(600),
      payerName: 'Sharma Medical Stores',
      payerUnitCode: 'RTL-MUM-001',
      method: 'UPI',
      utr: '466677778888',
      chequeNumber: null,
      amountPaise: 57400,
      paidOn: '2026-11-25',
      note: null,
      createdAt: '2026-11-25T06:00:00.000Z',
      lines: [{ invoiceId: NEW_INVOICE.documentId, invoiceNumber: 'INV/26-27/000007', documentNumber: 'INV/26-27/000007', amountPaise: 57400 }],
    },
  ],
  totalPaise: 57400,
};

const STATEMENT: StatementImportResult = {
  fileName: 'hdfc-nov.csv',
  lines: [
    { row: 2, date: '2026-11-05', narration: 'UPI/411122223333/SHARMA', utr: '411122223333', amountPaise: 40000, outcome: 'MATCHED', paymentId: PAST_PAYMENT.paymentId },
    { row: 3, date: '2026-11-24', narration: 'UPI/433344445555/SHARMA MEDICAL', utr: '433344445555', amountPaise: 25000, outcome: 'QUEUED', paymentId: uuid(500) },
    { row: 4, date: '2026-11-25', narration: 'RENT NOV', utr: null, amountPaise: -2500000, outcome: 'SKIPPED', paymentId: null },
  ],
  counts: { MATCHED: 1, QUEUED: 1, DUPLICATE: 0, UNMATCHED: 0, SKIPPED: 1 },
  rejected: [],
};
const REJECTED_ROW = { rowNumber: 5, cells: ['26/11/2026', 'UPI/455566667777/REVERSAL', '', '-5.00'], problems: ['Deposit -₹5.00 is negative: a deposit is money received, never below zero'] };

function fakeApi(extra: Record<string, (request: FakeRequest) => FakeAnswer> = {}) {
  return paymentsApi({
    [`GET ${PAYMENTS_PATHS.summary}`]: ok(SUMMARY),
    [`GET ${PAYMENTS_PATHS.receivable}`]: ok({ side: 'RECEIVABLE', totalPaise: 157400, parties: [SHARMA, LIFELINE] }),
    [`GET ${PAYMENTS_PATHS.receivableParty(SHARMA.accountId)}`]: ok(SHARMA_DETAIL),
    [`GET ${PAYMENTS_PATHS.requests}`]: ok(paged([REQUEST])),
    [`GET ${PAYMENTS_PATHS.request(REQUEST_ID)}`]: ok(REQUEST),
    [`GET ${PAYMENTS_PATHS.requestQr(REQUEST_ID)}`]: () => file('\x89PNG', 'image/png'),
    [`GET ${PAYMENTS_PATHS.unmatched}`]: ok(UNMATCHED),
    [`GET ${PAYMENTS_PATHS.claims}`]: ok(CLAIMS),
    ...extra,
  });
}

const posts = (requests: FakeRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

describe('Receive Payments', () => {
  let downloads: ReturnType<typeof recordDownloads>;
  beforeEach(() => (downloads = recordDownloads()));
  afterEach(() => {
    downloads.restore();
    resetFakeApi();
  });

  it('shows the summary and the parties that owe the unit, with amount, paid and outstanding', async () => {
    fakeApi();
    renderAt('/app', 'payments/upi/receive', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Parties that owe you' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['Sharma Medical Stores (RTL-MUM-001)', '₹1,474.00', '₹400.00', '₹1,074.00', '2', '02/10/2026', '1']);
    expect(cells(rows[1]!)[0]).toBe('Lifeline Hospital (HSP-AMD-001)');
    expect(within(screen.getByLabelText('Receivable')).getByText('₹1,57,400.00')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Unmatched payments')).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Parties owe you ₹1,574.00')).toBeInTheDocument();
  });

  it('records a UPI payment from a party: checks the UTR, previews the allocation, sends the exact body', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.preview}`]: ok(PREVIEW), [`POST ${PAYMENTS_PATHS.submit}`]: ok(RECORDED) });
    renderAt('/app', `payments/upi/receive?party=${SHARMA.accountId}`, withProviders(<App />));
    const invoices = await screen.findByRole('table', { name: 'Open invoices' });
    expect(cells(within(invoices).getAllByRole('row')[2]!)).toEqual(['INV/26-27/000007', '01/11/2026', '24', '₹974.00', '₹400.00', '₹574.00']);
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('RCT/26-27/000002')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Record a payment received' }));
    const form = screen.getByRole('form', { name: 'Record payment' });
    // Nothing ticked: the whole outstanding, oldest first.
    expect(within(form).getByLabelText('Amount')).toHaveValue('1074.00');
    await userEvent.type(within(form).getByLabelText('UTR'), '41234');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('The UPI reference (UTR) is the 12-digit number in the payment app')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByLabelText('UTR'), '5678901');
    const amount = within(form).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '600');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview allocation' }));
    const preview = await within(form).findByRole('table', { name: 'Allocation preview' });
    expect(cells(within(preview).getAllByRole('row')[1]!)).toEqual(['INV/26-27/000003', '02/10/2026', '₹500.00', '₹500.00']);
    expect(cells(within(preview).getAllByRole('row')[2]!)).toEqual(['INV/26-27/000007', '01/11/2026', '₹574.00', '₹100.00']);

    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record payment' })).not.toBeInTheDocument());
    const body = { direction: 'RECEIVED', partyAccountId: SHARMA.accountId, method: 'UPI', utr: '412345678901', amountPaise: 60000, paidOn: todayIst(), allocation: { mode: 'OLDEST_FIRST' } };
    expect(posts(requests, PAYMENTS_PATHS.preview).map((r) => r.body)).toEqual([body]);
    expect(posts(requests, PAYMENTS_PATHS.submit).map((r) => r.body)).toEqual([body]);
    expect(getToasts().map((t) => t.message)).toContain('RCT/26-27/000004: ₹600.00 from Sharma Medical Stores');
    // The party and the lists are fetched again: the payment moved them.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.path === PAYMENTS_PATHS.receivableParty(SHARMA.accountId)).length).toBeGreaterThan(1));
  });

  it('records a cheque against a ticked invoice with the amount chosen for it', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.submit}`]: ok({ ...RECORDED, method: 'CHEQUE', utr: null, chequeNumber: '004512' }) });
    renderAt('/app', `payments/upi/receive?party=${SHARMA.accountId}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'INV/26-27/000007' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record a payment received' }));
    const form = screen.getByRole('form', { name: 'Record payment' });
    expect(within(form).getByLabelText('Allocation')).toHaveValue('CHOSEN');
    expect(within(form).getByLabelText('Pay against INV/26-27/000007')).toHaveValue('574.00');
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'CHEQUE');
    expect(within(form).queryByLabelText('UTR')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Cheque number'), '004512');
    const against = within(form).getByLabelText('Pay against INV/26-27/000007');
    await userEvent.clear(against);
    await userEvent.type(against, '600');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('At most ₹574.00 is due')).toBeInTheDocument();
    await userEvent.clear(against);
    await userEvent.type(against, '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts(requests, PAYMENTS_PATHS.submit)).toHaveLength(1));
    expect(posts(requests, PAYMENTS_PATHS.submit)[0]!.body).toEqual({
      direction: 'RECEIVED',
      partyAccountId: SHARMA.accountId,
      method: 'CHEQUE',
      chequeNumber: '004512',
      amountPaise: 57400,
      paidOn: todayIst(),
      allocation: { mode: 'CHOSEN', items: [{ documentId: NEW_INVOICE.documentId, amountPaise: 50000 }] },
    });
  });

  it('requests a payment for a ticked invoice and opens the request: QR, link, WhatsApp share, SVG download', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.createRequest}`]: ok(REQUEST) });
    renderAt('/app', `payments/upi/receive?party=${SHARMA.accountId}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'INV/26-27/000007' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request payment' }));
    const form = screen.getByRole('form', { name: 'Request payment' });
    await userEvent.type(within(form).getByLabelText('Note for the payer (optional)'), 'November dues');
    await userEvent.click(within(form).getByRole('button', { name: 'Create request' }));

    const panel = await screen.findByRole('region', { name: 'Payment request MB2611000017' });
    expect(posts(requests, PAYMENTS_PATHS.createRequest)[0]!.body).toEqual({ partyAccountId: SHARMA.accountId, invoiceIds: [NEW_INVOICE.documentId], note: 'November dues' });
    expect(await within(panel).findByRole('img', { name: 'UPI QR code for MB2611000017' })).toHaveAttribute('src', 'blob:qr');
    expect(within(panel).getByLabelText('UPI link')).toHaveTextContent(REQUEST.upiLink);
    expect(within(panel).getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(REQUEST.shareText)}`);
    expect(screen.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(within(panel).getByRole('button', { name: 'Download QR (SVG)' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['UPI QR MB2611000017.svg']));
    expect(requests.filter((r) => r.path === PAYMENTS_PATHS.requestQr(REQUEST_ID)).map((r) => r.params)).toContainEqual({ format: 'svg' });
  });

  it('lists the requests sent, filters by status and cancels one after confirming', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.cancelRequest(REQUEST_ID)}`]: ok({ ...REQUEST, status: 'CANCELLED' }) });
    renderAt('/app', 'payments/upi/receive?tab=requests', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Payment requests you sent' });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual(['MB2611000017', 'Sharma Medical Stores', '₹574.00', '₹0.00', 'Open', '24/11/2026']);
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.requests)?.params).toEqual({ side: 'PAYEE', page: 0, pageSize: 20 });
    await userEvent.selectOptions(screen.getByLabelText('Request status'), 'PARTLY_PAID');
    await waitFor(() => expect(requests.filter((r) => r.path === PAYMENTS_PATHS.requests).at(-1)?.params).toEqual({ side: 'PAYEE', status: 'PARTLY_PAID', page: 0, pageSize: 20 }));

    await userEvent.click(await screen.findByText('Sharma Medical Stores'));
    const panel = await screen.findByRole('region', { name: 'Payment request MB2611000017' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests, PAYMENTS_PATHS.cancelRequest(REQUEST_ID))).toHaveLength(1);
    expect(getToasts().map((t) => t.message)).toContain('Request MB2611000017 is cancelled');
  });

  it('lists the payments buyers claim (UTR, amount, date, payer, invoices), confirms one and rejects one with a reason', async () => {
    const claim = CLAIMS.items[0]!;
    const requests = fakeApi({
      [`POST ${PAYMENTS_PATHS.confirmClaim(claim.paymentId)}`]: ok({ ...RECORDED, paymentId: claim.paymentId, number: 'RCT/26-27/000006', amountPaise: 57400 }),
      [`POST ${PAYMENTS_PATHS.rejectClaim(claim.paymentId)}`]: ok({ ...RECORDED, paymentId: claim.paymentId, number: null, status: 'REJECTED' }),
    });
    renderAt('/app', 'payments/upi/receive?tab=claims', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Payments to confirm' });
    expect(cells(within(table).getAllByRole('row')[1]!).slice(0, 6)).toEqual(['25/11/2026', 'Sharma Medical Stores', 'UPI', '466677778888', '₹574.00', 'INV/26-27/000007: ₹574.00']);

    await userEvent.click(within(table).getByRole('button', { name: 'Confirm ₹574.00 (UTR 466677778888)' }));
    await waitFor(() => expect(posts(requests, PAYMENTS_PATHS.confirmClaim(claim.paymentId))).toHaveLength(1));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Payment confirmed'));

    await userEvent.click(within(table).getByRole('button', { name: 'Reject ₹574.00 (UTR 466677778888)' }));
    const dialog = screen.getByRole('dialog', { name: 'Not received: ₹574.00 (UTR 466677778888)' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Not in our HDFC account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests, PAYMENTS_PATHS.rejectClaim(claim.paymentId)).map((r) => r.body)).toEqual([{ reason: 'Not in our HDFC account' }]);
  });

  it('allocates a queued payment to the party who paid, oldest first', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.allocateUnmatched(uuid(500))}`]: ok({ ...RECORDED, number: 'RCT/26-27/000005', amountPaise: 25000 }) });
    renderAt('/app', 'payments/upi/receive?tab=unmatched', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Unmatched payments' });
    expect(cells(within(table).getAllByRole('row')[1]!).slice(0, 6)).toEqual(['24/11/2026', '₹250.00', '433344445555', 'SHARMA MEDICAL · sharma@oksbi', '', 'Paid to your QR without a request reference']);
    await userEvent.click(within(table).getByRole('button', { name: 'Allocate ₹250.00 (UTR 433344445555)' }));
    const dialog = screen.getByRole('dialog', { name: 'Allocate ₹250.00 (UTR 433344445555)' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Party'), SHARMA.accountId);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests, PAYMENTS_PATHS.allocateUnmatched(uuid(500)))[0]!.body).toEqual({ partyAccountId: SHARMA.accountId, allocation: { mode: 'OLDEST_FIRST' } });
    expect(getToasts().map((t) => t.message)).toContain('RCT/26-27/000005: ₹250.00 from Sharma Medical Stores');
  });

  it('checks a bank statement (base64), shows each line and the rows not imported, then imports the same file', async () => {
    const preview = { ...STATEMENT, rejected: [REJECTED_ROW] };
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.statementPreview}`]: ok(preview), [`POST ${PAYMENTS_PATHS.statementImport}`]: ok(preview) });
    renderAt('/app', 'payments/upi/receive?tab=statement', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Bank statement' });
    const csv = 'Date,Narration,UTR,Amount\n05/11/2026,UPI/411122223333/SHARMA,411122223333,400.00\n';
    fireEvent.change(within(form).getByLabelText('Statement file (CSV or XLSX)'), { target: { files: [new File([csv], 'hdfc-nov.csv', { type: 'text/csv' })] } });
    await userEvent.click(within(form).getByRole('button', { name: 'Check statement' }));
    const lines = await screen.findByRole('table', { name: 'Statement lines' });
    const upload = { fileName: 'hdfc-nov.csv', contentBase64: Buffer.from(csv).toString('base64') };
    expect(posts(requests, PAYMENTS_PATHS.statementPreview)[0]!.body).toEqual(upload);
    expect(posts(requests, PAYMENTS_PATHS.statementImport)).toHaveLength(0);
    expect(screen.getByText('What importing hdfc-nov.csv will do')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Matched')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Queued to allocate')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Not matched')).getByText('0')).toBeInTheDocument();
    expect(cells(within(lines).getAllByRole('row')[3]!)).toEqual(['4', '25/11/2026', 'RENT NOV', '', '', '₹25,000.00', 'Skipped (no UTR)']);
    // The row errors, as the stock upload shows its rejected rows.
    expect(screen.getByText(/1 row is not imported/)).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: 'Rows not imported' });
    expect(cells(within(rejected).getAllByRole('row')[1]!)).toEqual(['5', 'Deposit -₹5.00 is negative: a deposit is money received, never below zero', '26/11/2026 | UPI/455566667777/REVERSAL | -5.00']);

    await userEvent.click(screen.getByRole('button', { name: 'Import statement (3 lines)' }));
    expect(await screen.findByText('Lines of hdfc-nov.csv')).toBeInTheDocument();
    expect(posts(requests, PAYMENTS_PATHS.statementImport).map((r) => r.body)).toEqual([upload]);
    expect(screen.queryByText('What importing hdfc-nov.csv will do')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rows not imported' })).toBeInTheDocument();
    expect(getToasts().map((t) => t.message)).toContain('3 lines read from hdfc-nov.csv');
  });

  it("shows the API's refusal of a statement too large or already imported, and refuses a file over the limit itself", async () => {
    const tooLong = 'The statement has 50,000 lines; at most 5,000 are imported at once: export it from your bank a month or a quarter at a time';
    const already = 'This statement was already imported on 22 Nov 2026, 10:00 am (hdfc-nov.csv): its lines are in your books';
    const answers = [failure(413, 'E0020', tooLong), failure(409, 'E0009', already)];
    fakeApi({ [`POST ${PAYMENTS_PATHS.statementPreview}`]: () => answers.shift()! });
    renderAt('/app', 'payments/upi/receive?tab=statement', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Bank statement' });
    expect(within(form).getByText('At most 5,000 lines and 4 MB a file. Each file is imported once.')).toBeInTheDocument();
    const choose = (f: File) => fireEvent.change(within(form).getByLabelText('Statement file (CSV or XLSX)'), { target: { files: [f] } });
    choose(new File(['Date,Narration,Deposit\n'], 'year.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Check statement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(tooLong);
    await userEvent.click(within(form).getByRole('button', { name: 'Check statement' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(already));
    expect(screen.queryByRole('table', { name: 'Statement lines' })).not.toBeInTheDocument();

    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 4 * 1024 * 1024 + 1 });
    choose(big);
    await userEvent.click(within(form).getByRole('button', { name: 'Check statement' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The file must be at most 4 MB: export the statement a month or a quarter at a time');
    expect(answers).toHaveLength(0);
  });
});
