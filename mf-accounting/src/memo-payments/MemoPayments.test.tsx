import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, type PartyDue, type PartyDues, type PaymentRequest, type PaymentRequestList } from 'shared-api';
import { failure, resetFakeApi, success, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { App } from '../routes';
import { booksApi, cells, file, ok, uuid } from '../books-common/testing';

const debtor = (n: number, partyName: string, partyUnitCode: string | null): PartyDue => ({
  accountId: uuid(n),
  partyName,
  partyUnitCode,
  side: 'RECEIVABLE',
  amountPaise: 500000,
  paidPaise: 100000,
  outstandingPaise: 400000,
  openCount: 2,
  oldestOpenDate: '2026-10-02',
  openRequestCount: 0,
  payee: null,
});
const SHARMA = debtor(1, 'Sharma Medical Stores', 'RTL-MUM-001');
const DEBTORS: PartyDues = { side: 'RECEIVABLE', totalPaise: 400000, parties: [SHARMA, debtor(2, 'Lifeline Hospital', 'HSP-AMD-001')] };

function memo(n: number, number: string, status: PaymentRequest['status'], over: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    requestId: uuid(100 + n),
    reference: `MEMO${n}REF`,
    kind: 'MEMO',
    callerSide: 'PAYEE',
    payeeName: 'Agarwal Pharma Distributors',
    payeeVpa: 'agarwalpharma@okhdfc',
    payeeMobile: null,
    payerName: 'Sharma Medical Stores',
    payerMobile: '9876543210',
    amountPaise: 125050,
    paidPaise: status === 'PARTLY_PAID' ? 50000 : status === 'PAID' ? 125050 : 0,
    status,
    note: null,
    invoices: [],
    memo: { kind: 'DELIVERY_MEMO', number, date: '2026-11-20', hasPhoto: false },
    hasInvoiceImage: false,
    upiLink: `upi://pay?pa=agarwalpharma%40okhdfc&pn=Agarwal%20Pharma%20Distributors&am=1250.50&cu=INR&tr=MEMO${n}REF`,
    shareText: `Sharma Medical Stores, please pay ₹1,250.50 for delivery memo ${number}: upi://pay?…`,
    createdAt: '2026-11-20T06:00:00.000Z',
    ...over,
  };
}

const LIST: PaymentRequestList = {
  items: [
    memo(1, 'DM-101', 'PARTLY_PAID', { memo: { kind: 'DELIVERY_MEMO', number: 'DM-101', date: '2026-11-20', hasPhoto: true } }),
    memo(2, 'CM-7', 'PAID', { payerName: 'Lifeline Hospital', memo: { kind: 'CREDIT_MEMO', number: 'CM-7', date: '2026-11-18', hasPhoto: false }, amountPaise: 40000, paidPaise: 40000 }),
  ],
  totalResults: 2,
  page: 0,
  pageSize: 20,
};
const CREATED = memo(3, 'DM-102', 'OPEN');
const PNG = 'a PNG photo';

function api(post: (request: FakeRequest) => FakeAnswer = () => success(CREATED), extra: Record<string, (request: FakeRequest) => FakeAnswer> = {}) {
  return booksApi({
    [`GET ${PAYMENTS_PATHS.memos}`]: ok(LIST),
    [`GET ${PAYMENTS_PATHS.receivable}`]: ok(DEBTORS),
    [`POST ${PAYMENTS_PATHS.createMemo}`]: post,
    [`GET ${PAYMENTS_PATHS.requestQr(CREATED.requestId)}`]: () => file('png bytes', 'image/png'),
    ...extra,
  });
}

async function fillMemo(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText('Memo number'), 'DM-102');
  const date = within(form).getByLabelText('Memo date');
  await user.clear(date);
  await user.type(date, '2026-11-20');
  await user.type(within(form).getByLabelText('Amount ₹'), '1,250.50');
  await user.type(within(form).getByLabelText('Party mobile'), '9876543210');
}

describe('memo to payment', () => {
  let revoke: typeof URL.revokeObjectURL;
  beforeEach(() => {
    // jsdom has no object URLs: the image's bytes are fetched for real, the browser's part is a stand-in.
    revoke = URL.revokeObjectURL;
    URL.createObjectURL = jest.fn(() => 'blob:memo');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    resetFakeApi();
    URL.revokeObjectURL = revoke;
  });

  it('turns a memo of a debtor in the books, with its photo, into a request: exact body, QR, UPI, WhatsApp and record links', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Memo to payment' });
    await within(form).findByRole('option', { name: 'Sharma Medical Stores (RTL-MUM-001)' });

    await user.selectOptions(within(form).getByLabelText('Memo'), 'Delivery memo');
    await user.selectOptions(within(form).getByLabelText('Party in your books'), 'Sharma Medical Stores (RTL-MUM-001)');
    // Choosing the debtor fills its name.
    expect(within(form).getByLabelText('Party name')).toHaveValue('Sharma Medical Stores');
    await fillMemo(user, form);
    await user.upload(within(form).getByLabelText('Photo of the memo (optional)'), new File([PNG], 'memo.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: 'Create payment request' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: PAYMENTS_PATHS.createMemo,
      body: {
        kind: 'DELIVERY_MEMO',
        partyAccountId: SHARMA.accountId,
        partyName: 'Sharma Medical Stores',
        partyMobile: '9876543210',
        memoNumber: 'DM-102',
        memoDate: '2026-11-20',
        amountPaise: 125050,
        photo: { mimeType: 'image/png', contentBase64: Buffer.from(PNG).toString('base64') },
      },
    });
    expect(Object.keys(requests.find((r) => r.method === 'POST')!.body as object)).toHaveLength(8);

    const card = await screen.findByRole('region', { name: 'Memo DM-102' });
    expect(await within(card).findByRole('img', { name: 'UPI QR code for memo DM-102' })).toHaveAttribute('src', 'blob:memo');
    expect(requests.some((r) => r.path === PAYMENTS_PATHS.requestQr(CREATED.requestId))).toBe(true);
    expect(within(card).getByRole('link', { name: 'Open in UPI app' })).toHaveAttribute('href', CREATED.upiLink);
    expect(within(card).getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', `https://wa.me/919876543210?text=${encodeURIComponent(CREATED.shareText)}`);
    expect(within(card).getByRole('link', { name: 'Record payment' })).toHaveAttribute('href', `/app/payments/upi/receive?tab=requests&request=${CREATED.requestId}`);
    expect(within(card).getByText('₹1,250.50')).toBeInTheDocument();
    expect(getToasts()[0]).toMatchObject({ kind: 'success', title: 'Memo ready to pay' });
    // The list is fetched again (the new memo in it) and the form is empty for the next memo.
    await waitFor(() => expect(requests.filter((r) => r.path === PAYMENTS_PATHS.memos)).toHaveLength(2));
    expect(within(screen.getByRole('form', { name: 'Memo to payment' })).getByLabelText('Memo number')).toHaveValue('');
  });

  it('takes a party not in the books by name, with no photo', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Memo to payment' });
    await user.selectOptions(within(form).getByLabelText('Memo'), 'Credit memo');
    await user.type(within(form).getByLabelText('Party name'), 'Ravi Medicos');
    await fillMemo(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create payment request' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'CREDIT_MEMO',
      partyName: 'Ravi Medicos',
      partyMobile: '9876543210',
      memoNumber: 'DM-102',
      memoDate: '2026-11-20',
      amountPaise: 125050,
    });
  });

  it('checks the form before sending: mobile, amount, photo type', async () => {
    const requests = api();
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Memo to payment' });
    await user.type(within(form).getByLabelText('Party mobile'), '12345');
    await user.type(within(form).getByLabelText('Amount ₹'), '12.345');
    await user.upload(within(form).getByLabelText('Photo of the memo (optional)'), new File(['x'], 'memo.txt', { type: 'text/plain' }));
    await user.click(within(form).getByRole('button', { name: 'Create payment request' }));
    expect(within(form).getByLabelText('Party mobile')).toHaveAccessibleDescription('Enter a valid 10-digit mobile number');
    expect(within(form).getByLabelText('Amount ₹')).toHaveAccessibleDescription('Enter an amount like 1,234.56');
    expect(within(form).getByLabelText('Party name')).toHaveAccessibleDescription('Party name is required');
    expect(within(form).getByLabelText('Photo of the memo (optional)')).toHaveAccessibleDescription('Only PDF or image (JPEG, PNG, WebP) files');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a memo number used before (E0009) on its field', async () => {
    api(() => failure(409, 'E0009', 'Memo DM-102 is already entered'));
    const user = userEvent.setup();
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Memo to payment' });
    await user.type(within(form).getByLabelText('Party name'), 'Ravi Medicos');
    await fillMemo(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create payment request' }));
    await waitFor(() => expect(within(form).getByLabelText('Memo number')).toHaveAccessibleDescription('Memo DM-102 is already entered'));
    // The typed memo stays for correcting.
    expect(within(form).getByLabelText('Party name')).toHaveValue('Ravi Medicos');
    expect(screen.queryByRole('region', { name: 'Memo DM-102' })).not.toBeInTheDocument();
  });

  it('lists memos with kind, number, date, party, amount, paid and status; the status filter asks the server', async () => {
    const requests = api();
    const user = userEvent.setup();
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Memos' });
    await within(table).findByText('Delivery memo DM-101');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!).slice(0, 6)).toEqual(['Delivery memo DM-101', '20/11/2026', 'Sharma Medical Stores', '₹1,250.50', '₹500.00', 'Partly paid']);
    expect(cells(rows[1]!).slice(0, 6)).toEqual(['Credit memo CM-7', '18/11/2026', 'Lifeline Hospital', '₹400.00', '₹400.00', 'Paid']);
    expect(within(rows[0]!).getByRole('link', { name: 'Payments of memo DM-101' })).toHaveAttribute('href', `/app/payments/upi/receive?tab=requests&request=${LIST.items[0]!.requestId}`);
    // Only a memo with a photo offers it.
    expect(within(rows[0]!).getByRole('button', { name: 'View photo of memo DM-101' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /View photo/ })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.memos)?.params).toEqual({ page: 0, pageSize: 20 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() => expect(requests.filter((r) => r.path === PAYMENTS_PATHS.memos).at(-1)?.params).toEqual({ status: 'PAID', page: 0, pageSize: 20 }));
  });

  it('shows a listed memo’s QR and its photo', async () => {
    const first = LIST.items[0]!;
    api(undefined, {
      [`GET ${PAYMENTS_PATHS.requestQr(first.requestId)}`]: () => file('png bytes', 'image/png'),
      [`GET ${PAYMENTS_PATHS.requestImage(first.requestId)}`]: () => file('jpeg bytes', 'image/jpeg'),
    });
    const user = userEvent.setup();
    renderAt('/app', 'memo-2-payment', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Memos' });
    await user.click(await within(table).findByRole('button', { name: 'Show QR of memo DM-101' }));
    const card = await screen.findByRole('region', { name: 'Memo DM-101' });
    expect(await within(card).findByRole('img', { name: 'UPI QR code for memo DM-101' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'View photo of memo DM-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Memo DM-101' });
    expect(within(dialog).getByRole('img', { name: 'Photo of memo DM-101' })).toHaveAttribute('src', 'blob:memo');
  });
});
