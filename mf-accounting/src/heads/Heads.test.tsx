import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKS_PATHS } from 'shared-api';
import { failure, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { App } from '../routes';
import { HEADS, RENT, SHARMA, booksApi, cells, ok } from '../books-common/testing';

describe('account heads', () => {
  afterEach(resetFakeApi);

  it('shows the chart as groups with totals and heads with balances, each linked to its ledger', async () => {
    const requests = booksApi({ [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS) });
    renderAt('/app', 'heads/dashboard?asOf=2026-11-30', withProviders(<App />));
    const debtors = await screen.findByRole('region', { name: 'Sundry Debtors' });
    expect(within(debtors).getByRole('button', { expanded: true })).toHaveTextContent('Sundry Debtors (2)₹1,734.00 Dr');
    expect(within(debtors).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Sharma Medical Stores (RTL-MUM-001)', 'RTL-MUM-001', '₹1,234.00', '₹0.00', '₹1,234.00 Dr'],
      ['Lifeline Hospital (HSP-AMD-001)', 'HSP-AMD-001', '₹500.00', '₹0.00', '₹500.00 Dr'],
    ]);
    expect(within(debtors).getByRole('link', { name: 'Sharma Medical Stores (RTL-MUM-001)' })).toHaveAttribute('href', `/app/ledgers?accountId=${SHARMA.accountId}`);
    expect(screen.getByRole('region', { name: 'Bank Accounts' })).toHaveTextContent('₹25,000.00 Cr');
    expect(requests.find((r) => r.path === BOOKS_PATHS.heads)?.params).toEqual({ asOf: '2026-11-30' });

    // A group folds away.
    await userEvent.click(within(debtors).getByRole('button', { name: /Sundry Debtors/ }));
    expect(within(debtors).queryByRole('table')).not.toBeInTheDocument();
    expect(within(debtors).getByRole('button', { name: /Sundry Debtors/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches heads across groups', async () => {
    booksApi({ [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS) });
    renderAt('/app', 'heads/dashboard', withProviders(<App />));
    await screen.findByRole('region', { name: 'Sundry Debtors' });
    await userEvent.type(screen.getByLabelText('Search heads'), 'hsp-amd');
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Sundry Debtors']);
    expect(screen.getByRole('link', { name: 'Lifeline Hospital (HSP-AMD-001)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sharma Medical Stores (RTL-MUM-001)' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search heads'));
    await userEvent.type(screen.getByLabelText('Search heads'), 'zzz');
    expect(screen.getByText('No head matches your search')).toBeInTheDocument();
  });

  it('adds a head under a group and returns to the chart', async () => {
    const requests = booksApi({
      [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS),
      [`POST ${BOOKS_PATHS.heads}`]: (r) => success({ ...RENT, name: (r.body as { name: string }).name }),
    });
    renderAt('/app', 'heads/add', withProviders(<App />));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), '  Electricity ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'INDIRECT_EXPENSES');
    expect(within(screen.getByRole('combobox', { name: 'Group' })).getByRole('option', { name: 'Indirect Expenses' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add head' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Heads' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Electricity', group: 'INDIRECT_EXPENSES' });
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Head added' })]);
  });

  it('shows E0009 (a name already in the books) on the name field', async () => {
    booksApi({ [`POST ${BOOKS_PATHS.heads}`]: () => failure(409, 'E0009', 'Already exists') });
    renderAt('/app', 'heads/add', withProviders(<App />));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Shop Rent');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'INDIRECT_EXPENSES');
    await userEvent.click(screen.getByRole('button', { name: 'Add head' }));
    expect(await screen.findByText('A head with this name already exists in your books')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('A head with this name already exists in your books');
  });
});
