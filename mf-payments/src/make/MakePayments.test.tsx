import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, type MyAccount, type PaymentRequestDetail } from 'shared-api';
import { OWNER_ACCOUNT, failure, resetFakeApi, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { todayIst } from '../payments-common/payments-api';
import { AGARWAL, AGARWAL_DETAIL, PAST_PAYMENT, REQUEST_ID, REQUEST_TO_PAY, SUMMARY, cells, file, ok, paged, paymentsApi, recordDownloads, uuid } from '../payments-common/testing';
import { App } from '../routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

const PAID: PaymentRequestDetail = {
  ...REQUEST_TO_PAY,
  paidPaise: 57400,
  status: 'PAID',
  payments: [{ ...PAST_PAYMENT, paymentId: uuid(302), number: 'PAY/26-27/000001', direction: 'PAID', partyName: 'Agarwal Pharma Distributors', utr: '498765432109', amountPaise: 57400, requestReference: 'MB2611000017' }],
};

function fakeApi(extra: Record<string, (request: FakeRequest) => FakeAnswer> = {}) {
  return paymentsApi(
    {
      [`GET ${PAYMENTS_PATHS.summary}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_PATHS.payable}`]: ok({ side: 'PAYABLE', totalPaise: 97400, parties: [AGARWAL] }),
      [`GET ${PAYMENTS_PATHS.payableParty(AGARWAL.accountId)}`]: ok(AGARWAL_DETAIL),
      [`GET ${PAYMENTS_PATHS.payableQr(AGARWAL.accountId)}`]: () => file('\x89PNG', 'image/png'),
      [`GET ${PAYMENTS_PATHS.requests}`]: ok(paged([REQUEST_TO_PAY])),
      [`GET ${PAYMENTS_PATHS.request(REQUEST_ID)}`]: ok(REQUEST_TO_PAY),
      [`GET ${PAYMENTS_PATHS.requestQr(REQUEST_ID)}`]: () => file('\x89PNG', 'image/png'),
      ...extra,
    },
    RETAILER,
  );
}

describe('Make Payments', () => {
  let downloads: ReturnType<typeof recordDownloads>;
  beforeEach(() => (downloads = recordDownloads()));
  afterEach(() => {
    downloads.restore();
    resetFakeApi();
  });

  it('lists what the unit owes and opens a creditor with its UPI details to pay from a phone', async () => {
    fakeApi();
    renderAt('/app', 'payments/upi/make', withProviders(<App />));
    expect(within(await screen.findByLabelText('Payable')).getByText('₹85,000.00')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Parties you owe' });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual(['Agarwal Pharma Distributors (STK-PUN-001)', '₹974.00', '₹0.00', '₹974.00', '1', '22/11/2026', '1']);
    await userEvent.click(within(table).getByRole('link', { name: 'Agarwal Pharma Distributors (STK-PUN-001)' }));
    const details = await screen.findByLabelText('UPI details');
    expect(within(details).getByText('agarwalpharma@okhdfcbank')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in UPI app' })).toHaveAttribute('href', AGARWAL.payee!.upiLink);
    expect(await screen.findByRole('img', { name: 'UPI QR code for agarwalpharma@okhdfcbank' })).toHaveAttribute('src', 'blob:qr');
    expect(screen.getByRole('table', { name: 'Open bills' })).toBeInTheDocument();
  });

  it('says an advance in words, never with a minus: more paid than billed (issue 38 item 3)', async () => {
    fakeApi({
      [`GET ${PAYMENTS_PATHS.summary}`]: ok({ ...SUMMARY, payablePaise: -169400 }),
      [`GET ${PAYMENTS_PATHS.payable}`]: ok({ side: 'PAYABLE', totalPaise: -169400, parties: [{ ...AGARWAL, amountPaise: 0, paidPaise: 169400, outstandingPaise: -169400 }] }),
    });
    renderAt('/app', 'payments/upi/make', withProviders(<App />));
    expect(within(await screen.findByLabelText('Payable')).getByText('Advance paid ₹1,694.00')).toBeInTheDocument();
    expect(await screen.findByText('You have paid parties ₹1,694.00 in advance')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Parties you owe' });
    expect(cells(within(table).getAllByRole('row')[1]!)[3]).toBe('Advance paid ₹1,694.00');
    expect(document.body.textContent).not.toMatch(/[-−]₹/);
  });

  it('records a cash payment made to a creditor (no UTR asked), direction PAID', async () => {
    const requests = fakeApi({ [`POST ${PAYMENTS_PATHS.submit}`]: ok({ ...PAST_PAYMENT, number: 'PAY/26-27/000002', direction: 'PAID', partyName: 'Agarwal Pharma Distributors', method: 'CASH', utr: null, amountPaise: 20000, allocations: [] }) });
    renderAt('/app', `payments/upi/make?party=${AGARWAL.accountId}`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Record a payment made' }));
    const form = screen.getByRole('form', { name: 'Record payment' });
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'CASH');
    expect(within(form).queryByLabelText('UTR')).not.toBeInTheDocument();
    const amount = within(form).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(requests.some((r) => r.path === PAYMENTS_PATHS.submit)).toBe(true));
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.submit)?.body).toEqual({
      direction: 'PAID',
      partyAccountId: AGARWAL.accountId,
      method: 'CASH',
      amountPaise: 20000,
      paidOn: todayIst(),
      allocation: { mode: 'OLDEST_FIRST' },
    });
    expect(getToasts().map((t) => t.message)).toContain('PAY/26-27/000002: ₹200.00 to Agarwal Pharma Distributors');
  });

  it('pays a request addressed to the unit: scans its QR, records the UTR and amount, sees it paid', async () => {
    let paid = false;
    const requests = fakeApi({
      [`GET ${PAYMENTS_PATHS.request(REQUEST_ID)}`]: () => ok(paid ? PAID : REQUEST_TO_PAY)(),
      [`POST ${PAYMENTS_PATHS.payRequest(REQUEST_ID)}`]: () => {
        paid = true;
        return ok(PAID)();
      },
    });
    renderAt('/app', 'payments/upi/make', withProviders(<App />));
    await userEvent.click(await screen.findByRole('tab', { name: 'Requests to pay' }));
    const table = await screen.findByRole('table', { name: 'Requests to pay' });
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.requests)?.params).toEqual({ side: 'PAYER', page: 0, pageSize: 20 });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual(['MB2611000017', 'Agarwal Pharma Distributors', '₹574.00', '₹0.00', 'Open', '24/11/2026']);
    await userEvent.click(within(table).getByRole('link', { name: 'MB2611000017' }));

    const panel = await screen.findByRole('region', { name: 'Payment request MB2611000017' });
    expect(await within(panel).findByRole('img', { name: 'UPI QR code for MB2611000017' })).toBeInTheDocument();
    // The payer cannot cancel the payee's request.
    expect(within(panel).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    const form = within(panel).getByRole('form', { name: 'Pay request' });
    expect(within(form).getByLabelText('Amount')).toHaveValue('574.00');
    await userEvent.type(within(form).getByLabelText('UTR'), '49876543210');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('The UPI reference (UTR) is the 12-digit number in the payment app')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('UTR'), '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));

    const facts = within(panel).getByLabelText('Request details');
    await waitFor(() => expect(within(facts).getByText('Paid', { selector: 'dd span' })).toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')).toEqual(expect.objectContaining({ path: PAYMENTS_PATHS.payRequest(REQUEST_ID), body: { method: 'UPI', utr: '498765432109', amountPaise: 57400, paidOn: todayIst() } }));
    expect(getToasts().map((t) => t.message)).toContain('PAY/26-27/000001: ₹574.00 against MB2611000017');
    expect(within(screen.getByRole('table', { name: 'Payments against this request' })).getByText('PAY/26-27/000001')).toBeInTheDocument();
    expect(within(panel).queryByRole('form', { name: 'Pay request' })).not.toBeInTheDocument();
  });

  it('shows the refusal of a UTR recorded before', async () => {
    fakeApi({ [`POST ${PAYMENTS_PATHS.payRequest(REQUEST_ID)}`]: () => failure(409, 'E0009', 'UTR 498765432109 is already recorded') });
    renderAt('/app', `payments/upi/make?tab=requests&request=${REQUEST_ID}`, withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'Pay request' });
    await userEvent.type(within(form).getByLabelText('UTR'), '498765432109');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('UTR 498765432109 is already recorded')).toBeInTheDocument();
  });
});
