import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, upiPayLink, type CreateUpiPayout, type PaymentRequest } from 'shared-api';
import { failure, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { cells, paymentsApi, png, uuid } from '../payments-common/testing';

function payout(n: number, payeeName: string, payeeVpa: string, amountPaise: number, paidPaise: number, status: PaymentRequest['status'], hasInvoiceImage = false): PaymentRequest {
  const reference = `MBP${String(n).padStart(9, '0')}`;
  return {
    requestId: uuid(200 + n),
    reference,
    kind: 'PAYOUT',
    callerSide: 'PAYER',
    payeeName,
    payeeVpa,
    payeeMobile: '9822211100',
    payerName: 'Agarwal Pharma Distributors',
    payerMobile: '9800000001',
    amountPaise,
    paidPaise,
    status,
    note: null,
    invoices: [],
    memo: null,
    hasInvoiceImage,
    upiLink: upiPayLink({ pa: payeeVpa, pn: payeeName, amountPaise, tr: reference }),
    shareText: `Pay ${payeeName}`,
    createdAt: '2026-11-20T06:30:00.000Z',
  };
}

const EARLIER = payout(1, 'Shree Transport', 'shreetransport@oksbi', 250000, 250000, 'PAID');
const CREATED = { ...payout(2, 'Ravi Packaging', 'ravipack@okaxis', 125050, 0, 'OPEN', true), payeeMobile: '9876543210' };

describe('create a UPI payment', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:qr');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(resetFakeApi);

  function createApi(answer?: () => ReturnType<typeof success>) {
    let items = [EARLIER];
    return paymentsApi({
      [`GET ${PAYMENTS_PATHS.requests}`]: () => success({ items, page: 0, pageSize: 10, totalResults: items.length }),
      [`GET ${PAYMENTS_PATHS.requestQr(CREATED.requestId)}`]: png,
      [`POST ${PAYMENTS_PATHS.createPayout}`]:
        answer ??
        (() => {
          items = [CREATED, EARLIER];
          return success(CREATED);
        }),
    });
  }

  async function fill(label: string, value: string) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, value);
  }

  it('lists the recent payouts: payee, payee number, VPA, amount, paid, status, created and a link to the request', async () => {
    const requests = createApi();
    renderAt('/app', 'payments/upi/create', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Recent UPI payments' });
    const row = (await within(table).findByText('Shree Transport')).closest('tr')!;
    expect(cells(row).slice(0, 6)).toEqual(['Shree Transport', '+91 98222 11100', 'shreetransport@oksbi', '₹2,500.00', '₹2,500.00', 'Paid']);
    expect(within(row).getByRole('link', { name: `Open the payment to Shree Transport (${EARLIER.reference})` })).toHaveAttribute(
      'href',
      `/app/payments/upi/make?tab=requests&request=${EARLIER.requestId}`,
    );
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.requests)?.params).toEqual({ side: 'PAYER', kind: 'PAYOUT', page: 0, pageSize: 10 });
  });

  it('checks the fields, sends the payout with its invoice image and shows the created payment with its QR', async () => {
    const requests = createApi();
    renderAt('/app', 'payments/upi/create', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Create UPI payment' });
    await fill('Payee mobile number (+91)', '12345');
    await fill('UPI ID (VPA)', 'ravipack');
    await fill('Amount (₹)', '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Create UPI payment' }));
    expect(await within(form).findByText('Payee name is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid UPI ID, like name@bank')).toBeInTheDocument();
    expect(within(form).getByText('Enter the amount in rupees, like 1,250.50')).toBeInTheDocument();

    // A file of another kind is refused on pick.
    const picker = within(form).getByLabelText('Invoice image (optional)');
    await userEvent.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(within(form).getByText('notes.txt was not attached: Only PDF or image (JPEG, PNG, WebP) files')).toBeInTheDocument();
    expect((picker as HTMLInputElement).files).toHaveLength(0);
    await userEvent.upload(picker, new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    expect(within(form).getByText('bill.pdf attached')).toBeInTheDocument();

    await fill('Payee name', 'Ravi Packaging');
    // Pasted with the country code: the 10 digits are kept.
    const mobile = screen.getByLabelText('Payee mobile number (+91)');
    await userEvent.clear(mobile);
    await userEvent.click(mobile);
    await userEvent.paste('+91 98765 43210');
    expect(mobile).toHaveValue('9876543210');
    await fill('UPI ID (VPA)', 'RaviPack@okaxis');
    await fill('Amount (₹)', '1,250.50');
    await fill('Note (optional)', 'Bill RP/552');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Create UPI payment' }));

    const created = await screen.findByRole('region', { name: 'UPI payment created' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      payeeName: 'Ravi Packaging',
      payeeMobile: '9876543210',
      vpa: 'ravipack@okaxis',
      amountPaise: 125050,
      note: 'Bill RP/552',
      invoiceImage: { mimeType: 'application/pdf', contentBase64: 'JVBERi0xLjQ=' },
    } satisfies CreateUpiPayout);
    expect(created).toHaveTextContent('PayeeRavi PackagingPayee number+91 98765 43210UPI IDravipack@okaxisAmount₹1,250.50');
    expect(created).toHaveTextContent('Invoice imageAttached');
    expect(await within(created).findByRole('img', { name: 'UPI QR code to pay Ravi Packaging' })).toHaveAttribute('src', 'blob:qr');
    expect(requests.some((r) => r.path === PAYMENTS_PATHS.requestQr(CREATED.requestId))).toBe(true);
    expect(within(created).getByRole('link', { name: 'Open in UPI app' })).toHaveAttribute('href', CREATED.upiLink);
    expect(within(created).getByRole('link', { name: 'Record the UTR after paying' })).toHaveAttribute('href', `/app/payments/upi/make?tab=requests&request=${CREATED.requestId}`);
    // The list below now shows it.
    const table = screen.getByRole('table', { name: 'Recent UPI payments' });
    const row = (await within(table).findByText('Ravi Packaging')).closest('tr')!;
    expect(cells(row).slice(0, 6)).toEqual(['Ravi Packaging', '+91 98765 43210', 'ravipack@okaxis', '₹1,250.50', '₹0.00', 'Open']);

    await userEvent.click(within(created).getByRole('button', { name: 'Create another payment' }));
    expect(screen.getByRole('form', { name: 'Create UPI payment' })).toBeInTheDocument();
  }, 15_000);

  it('shows the server’s field errors (amount in paise lands on the rupees field)', async () => {
    createApi(() => failure(400, 'E0059', 'Invalid UPI account', { vpa: 'This UPI ID cannot receive payments', amountPaise: 'The amount is too large' }));
    renderAt('/app', 'payments/upi/create', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Create UPI payment' });
    await fill('Payee name', 'Ravi Packaging');
    await fill('Payee mobile number (+91)', '9876543210');
    await fill('UPI ID (VPA)', 'ravipack@okaxis');
    await fill('Amount (₹)', '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Create UPI payment' }));
    await waitFor(() => expect(screen.getByLabelText('UPI ID (VPA)')).toHaveAccessibleDescription('This UPI ID cannot receive payments'));
    expect(screen.getByLabelText('Amount (₹)')).toHaveAccessibleDescription('The amount is too large');
    expect(within(form).getByText('Invalid UPI account')).toBeInTheDocument();
  });
});
