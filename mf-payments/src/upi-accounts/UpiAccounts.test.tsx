import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, type UpiAccount } from 'shared-api';
import { OWNER_ACCOUNT, failure, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { MAIN, SPARE, ok, paymentsApi, png, recordDownloads } from '../payments-common/testing';

describe('UPI accounts', () => {
  let downloads: ReturnType<typeof recordDownloads>;
  beforeEach(() => (downloads = recordDownloads()));
  afterEach(() => {
    downloads.restore();
    resetFakeApi();
  });

  /** The accounts as the API keeps them: default and remove change what the next GET answers. */
  function accountsApi(initial: UpiAccount[] = [MAIN, SPARE]) {
    let accounts = initial;
    return paymentsApi({
      [`GET ${PAYMENTS_PATHS.accounts}`]: () => success(accounts),
      [`GET ${PAYMENTS_PATHS.accountQr(MAIN.id)}`]: png,
      [`GET ${PAYMENTS_PATHS.accountQr(SPARE.id)}`]: png,
      [`POST ${PAYMENTS_PATHS.setDefaultAccount(SPARE.id)}`]: () => {
        accounts = accounts.map((a) => ({ ...a, isDefault: a.id === SPARE.id }));
        return success(accounts);
      },
      [`DELETE ${PAYMENTS_PATHS.account(SPARE.id)}`]: () => {
        accounts = accounts.filter((a) => a.id !== SPARE.id);
        return success(accounts);
      },
    });
  }

  it('lists each account with its VPA, the masked bank account, the default badge and its QR code', async () => {
    const requests = accountsApi();
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    const main = await screen.findByRole('region', { name: `UPI account ${MAIN.vpa}` });
    expect(within(main).getByText('Agarwal Pharma Distributors')).toBeInTheDocument();
    expect(within(main).getByText('Default')).toBeInTheDocument();
    expect(within(main).getByText(MAIN.vpa)).toBeInTheDocument();
    // Only the last 4 digits of the account number are shown.
    expect(within(main).getByText('XXXXXXXXXX5678 · IFSC HDFC0001234')).toBeInTheDocument();
    expect(main).not.toHaveTextContent('50200012345678');
    const qr = await within(main).findByRole('img', { name: `UPI QR code for ${MAIN.vpa}` });
    expect(qr).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(qr).toHaveAttribute('width', '240');
    expect(requests.some((r) => r.path === PAYMENTS_PATHS.accountQr(MAIN.id))).toBe(true);

    const spare = screen.getByRole('region', { name: `UPI account ${SPARE.vpa}` });
    expect(within(spare).queryByText('Default')).not.toBeInTheDocument();
    expect(within(spare).getByText('Not given')).toBeInTheDocument();
    expect(await within(spare).findByRole('img', { name: `UPI QR code for ${SPARE.vpa}` })).toBeInTheDocument();
    // The default needs no "Make default".
    expect(within(main).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add UPI account' })).toHaveAttribute('href', '/app/payments/upi/accounts/add');
  });

  it('downloads the QR code as PNG and SVG', async () => {
    const requests = accountsApi();
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    const main = await screen.findByRole('region', { name: `UPI account ${MAIN.vpa}` });
    await userEvent.click(within(main).getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toContain('UPI-QR-agarwalpharma-okhdfcbank.png'));
    await userEvent.click(within(main).getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toContain('UPI-QR-agarwalpharma-okhdfcbank.svg'));
    const asked = requests.filter((r) => r.path === PAYMENTS_PATHS.accountQr(MAIN.id) && r.params).map((r) => r.params);
    expect(asked).toEqual([{ format: 'png' }, { format: 'svg' }]);
  });

  it('makes another account the default', async () => {
    const requests = accountsApi();
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    const spare = await screen.findByRole('region', { name: `UPI account ${SPARE.vpa}` });
    await userEvent.click(within(spare).getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(within(spare).getByText('Default')).toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([PAYMENTS_PATHS.setDefaultAccount(SPARE.id)]);
    expect(within(screen.getByRole('region', { name: `UPI account ${MAIN.vpa}` })).queryByText('Default')).not.toBeInTheDocument();
  });

  it('removes an account after confirming', async () => {
    const requests = accountsApi();
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    const spare = await screen.findByRole('region', { name: `UPI account ${SPARE.vpa}` });
    await userEvent.click(within(spare).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this UPI account?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: `UPI account ${SPARE.vpa}` })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([PAYMENTS_PATHS.account(SPARE.id)]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an employee the accounts and QR codes but not the owner’s changes', async () => {
    paymentsApi({ [`GET ${PAYMENTS_PATHS.accounts}`]: ok([MAIN, SPARE]), [`GET ${PAYMENTS_PATHS.accountQr(MAIN.id)}`]: png, [`GET ${PAYMENTS_PATHS.accountQr(SPARE.id)}`]: png }, { ...OWNER_ACCOUNT, role: 'EMPLOYEE' });
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    const spare = await screen.findByRole('region', { name: `UPI account ${SPARE.vpa}` });
    expect(await screen.findByText('The owner adds and changes UPI accounts.')).toBeInTheDocument();
    expect(within(spare).getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    expect(within(spare).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect(within(spare).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add UPI account' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a link to add one', async () => {
    accountsApi([]);
    renderAt('/app', 'payments/upi/accounts', withProviders(<App />));
    expect(await screen.findByText('No UPI accounts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add UPI account' })).toHaveAttribute('href', '/app/payments/upi/accounts/add');
  });
});

describe('add a UPI account', () => {
  afterEach(resetFakeApi);

  async function fill(label: string, value: string) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, value);
  }

  it('checks the fields as the API does, sends the account and returns to the list', async () => {
    let added: UpiAccount[] = [];
    const requests = paymentsApi({
      [`GET ${PAYMENTS_PATHS.accounts}`]: () => success(added),
      [`GET ${PAYMENTS_PATHS.accountQr(MAIN.id)}`]: png,
      [`POST ${PAYMENTS_PATHS.addAccount}`]: () => ((added = [MAIN]), success(added)),
    });
    URL.createObjectURL = jest.fn(() => 'blob:qr');
    URL.revokeObjectURL = jest.fn();
    renderAt('/app', 'payments/upi/accounts/add', withProviders(<App />));
    const form = await screen.findByRole('form', { name: 'UPI account' });
    await fill('Account name', 'Agarwal Pharma Distributors');
    await fill('UPI ID (VPA)', 'agarwal pharma');
    await fill('Bank account number (optional)', '50200012345678');
    await userEvent.click(within(form).getByRole('button', { name: 'Add UPI account' }));
    expect(await within(form).findByText('Enter a valid UPI ID, like name@bank')).toBeInTheDocument();
    // Both bank details or neither.
    expect(within(form).getByText('Enter the IFSC of this account')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await fill('UPI ID (VPA)', ' AgarwalPharma@okhdfcbank ');
    await fill('IFSC (optional)', 'hdfc0001234');
    await userEvent.click(within(form).getByLabelText('Make this the default'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add UPI account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'UPI Accounts' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      accountName: 'Agarwal Pharma Distributors',
      vpa: 'agarwalpharma@okhdfcbank',
      bankAccountNumber: '50200012345678',
      ifsc: 'HDFC0001234',
      makeDefault: true,
    });
    expect(await screen.findByRole('region', { name: `UPI account ${MAIN.vpa}` })).toBeInTheDocument();
  });

  it('sends no bank details when none are given', async () => {
    const requests = paymentsApi({ [`POST ${PAYMENTS_PATHS.addAccount}`]: ok([]), [`GET ${PAYMENTS_PATHS.accounts}`]: ok([]) });
    renderAt('/app', 'payments/upi/accounts/add', withProviders(<App />));
    await screen.findByRole('form', { name: 'UPI account' });
    await fill('Account name', 'Counter');
    await fill('UPI ID (VPA)', 'agarwal.counter@okicici');
    await userEvent.click(screen.getByRole('button', { name: 'Add UPI account' }));
    await screen.findByText('No UPI accounts yet');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ accountName: 'Counter', vpa: 'agarwal.counter@okicici', makeDefault: false });
  });

  it('tells an employee that the owner adds UPI accounts', async () => {
    const requests = paymentsApi({}, { ...OWNER_ACCOUNT, role: 'EMPLOYEE' });
    renderAt('/app', 'payments/upi/accounts/add', withProviders(<App />));
    expect(await screen.findByText('Only the owner can add a UPI account')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'UPI account' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it.each([
    ['E0059 on the VPA', failure(400, 'E0059', 'Invalid UPI account', { vpa: 'This UPI ID does not exist' }), 'UPI ID (VPA)', 'This UPI ID does not exist'],
    ['E0060 on the IFSC', failure(400, 'E0060', 'Invalid bank account', { ifsc: 'Unknown IFSC' }), 'IFSC (optional)', 'Unknown IFSC'],
    ['E0060 on the account number', failure(400, 'E0060', 'Invalid bank account', { accountNumber: 'Enter the account number (9 to 18 digits)' }), 'Bank account number (optional)', 'Enter the account number (9 to 18 digits)'],
    ['E0009 (already added) on the VPA', failure(409, 'E0009', 'This UPI ID is already added'), 'UPI ID (VPA)', 'This UPI ID is already added'],
  ])('shows %s', async (_name, answer, label, message) => {
    paymentsApi({ [`POST ${PAYMENTS_PATHS.addAccount}`]: () => answer });
    renderAt('/app', 'payments/upi/accounts/add', withProviders(<App />));
    await screen.findByRole('form', { name: 'UPI account' });
    await fill('Account name', 'Agarwal Pharma Distributors');
    await fill('UPI ID (VPA)', 'agarwalpharma@okhdfcbank');
    await fill('Bank account number (optional)', '50200012345678');
    await fill('IFSC (optional)', 'HDFC0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Add UPI account' }));
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(screen.getByRole('heading', { level: 1, name: 'Add UPI Account' })).toBeInTheDocument();
  });
});
