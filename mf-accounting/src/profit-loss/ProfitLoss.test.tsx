import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, BOOKS_PATHS, type BalanceSheet, type ProfitAndLossFigures, type TrialBalance } from 'shared-api';
import { resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { BANK, RENT, SHARMA, booksApi, cells, file, ok, recordDownloads } from '../books-common/testing';

const figures = (over: Partial<ProfitAndLossFigures>): ProfitAndLossFigures => ({
  from: '2026-04-01',
  to: '2026-11-30',
  salesPaise: 10000000,
  salesReturnsPaise: 500000,
  netSalesPaise: 9500000,
  openingStockPaise: 2000000,
  purchasesPaise: 7000000,
  purchaseReturnsPaise: 200000,
  stockBroughtInPaise: 300000,
  closingStockPaise: 2600000,
  directExpenses: [],
  directIncomes: [],
  costOfGoodsSoldPaise: 6500000,
  grossProfitPaise: 3000000,
  indirectIncomes: [],
  indirectExpenses: [{ accountId: RENT.accountId, name: 'Shop Rent', group: 'INDIRECT_EXPENSES', amountPaise: 2000000 }],
  netProfitPaise: 1000000,
  months: [
    { month: '2026-10', netSalesPaise: 4500000, purchasesPaise: 3000000, expensesPaise: 1000000 },
    { month: '2026-11', netSalesPaise: 5000000, purchasesPaise: 4000000, expensesPaise: 1000000 },
  ],
  ...over,
});

const PREVIOUS = figures({ from: '2025-08-01', to: '2026-03-31', salesPaise: 8000000, netSalesPaise: 8000000, salesReturnsPaise: 0, grossProfitPaise: 2000000, netProfitPaise: 800000, indirectExpenses: [] });

const TRIAL: TrialBalance = {
  asOf: '2026-11-30',
  debitPaise: 9000000,
  creditPaise: 9000000,
  rows: [SHARMA, RENT, BANK].map(({ debitPaise, creditPaise, balancePaise, ...h }) => ({ ...h, debitPaise, creditPaise, balancePaise })),
};

const SHEET: BalanceSheet = {
  asOf: '2026-11-30',
  assets: [{ group: 'SUNDRY_DEBTORS', name: 'Sundry Debtors', amountPaise: 123400, heads: [{ accountId: SHARMA.accountId, name: SHARMA.name, group: 'SUNDRY_DEBTORS', amountPaise: 123400 }] }],
  closingStockPaise: 2600000,
  totalAssetsPaise: 2723400,
  liabilities: [{ group: 'SUNDRY_CREDITORS', name: 'Sundry Creditors', amountPaise: 1000000, heads: [] }],
  totalLiabilitiesPaise: 1000000,
  equity: { capitalPaise: 400000, stockBroughtInPaise: 300000, profitPaise: 1023400, totalPaise: 1723400 },
  previous: { asOf: '2026-03-31', totalAssetsPaise: 2000000, equityPaise: 1500000 },
};

function api() {
  return booksApi({
    [`GET ${BOOKS_PATHS.profitAndLoss}`]: (r) => success({ ...figures({}), previous: r.params?.compare === 'previous' ? PREVIOUS : null }),
    [`GET ${ACCOUNTING_PATHS.trialBalance}`]: ok(TRIAL),
    [`GET ${BOOKS_PATHS.balanceSheet}`]: ok(SHEET),
    [`GET ${BOOKS_PATHS.statementExport}`]: () => file('statement'),
  });
}

const table = (name: string) => screen.findByRole('table', { name });
const row = (t: HTMLElement, label: string) => cells(within(t).getByText(label).closest('tr')!);

describe('profit & loss', () => {
  afterEach(resetFakeApi);

  it('lays out the trading and P&L account with the previous period and the change', async () => {
    const requests = api();
    renderAt('/app', 'profit&loss?from=2026-04-01&to=2026-11-30', withProviders(<App />));
    const t = await table('Profit and loss');
    expect(requests.find((r) => r.path === BOOKS_PATHS.profitAndLoss)?.params).toEqual({ from: '2026-04-01', to: '2026-11-30', compare: 'previous' });
    expect(within(t).getAllByRole('row').slice(1).map((r) => cells(r)[0])).toEqual([
      'Trading account',
      'Sales',
      'Less: Sales returns',
      'Net sales',
      'Opening stock',
      'Add: Purchases',
      'Less: Purchase returns',
      'Add: Stock brought in (uploads, at cost)',
      'Less: Closing stock',
      'Cost of goods sold',
      'Gross profit',
      'Profit and loss account',
      'Gross profit brought down',
      'Less: Indirect expenses',
      'Shop Rent',
      'Net profit',
    ]);
    expect(row(t, 'Sales')).toEqual(['Sales', '₹1,00,000.00', '₹80,000.00', '+₹20,000.00 (+25.0 %)']);
    expect(row(t, 'Net profit')).toEqual(['Net profit', '₹10,000.00', '₹8,000.00', '+₹2,000.00 (+25.0 %)']);
    // A head only this period: nothing before it.
    expect(row(t, 'Shop Rent')).toEqual(['Shop Rent', '₹20,000.00', '₹0.00', '+₹20,000.00']);

    // Without the comparison: one figure column.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare with the previous period' }));
    expect(await screen.findByRole('columnheader', { name: 'This period' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Previous period' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === BOOKS_PATHS.profitAndLoss).at(-1)?.params).toMatchObject({ compare: 'none' });
  });

  it('draws the months in a chart loaded on demand', async () => {
    api();
    renderAt('/app', 'profit&loss', withProviders(<App />));
    expect(await screen.findByRole('figure', { name: 'Net sales, purchases and expenses by month' })).toBeInTheDocument();
  });

  it('applies a preset period at once', async () => {
    const requests = api();
    renderAt('/app', 'profit&loss?from=2026-04-01&to=2026-11-30', withProviders(<App />));
    await table('Profit and loss');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last-fy');
    const last = requests.filter((r) => r.path === BOOKS_PATHS.profitAndLoss).at(-1)?.params;
    expect(String(last?.from)).toMatch(/^\d{4}-04-01$/);
    expect(String(last?.to)).toMatch(/^\d{4}-03-31$/);
  });

  it('shows the trial balance in debit and credit columns whose totals agree', async () => {
    api();
    renderAt('/app', 'profit&loss?tab=trial-balance&asOf=2026-11-30', withProviders(<App />));
    const rows = within(await table('Trial balance')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Sharma Medical Stores (RTL-MUM-001)', 'Sundry Debtors', '₹1,234.00', ''],
      ['Shop Rent', 'Indirect Expenses', '₹25,000.00', ''],
      ['Bank', 'Bank Accounts', '', '₹25,000.00'],
      ['Total', '', '₹26,234.00', '₹25,000.00'],
    ]);
    expect(screen.getByText('Debit and credit balances differ by ₹1,234.00')).toBeInTheDocument();
  });

  it('downloads the trial balance and the balance sheet of the day on screen as XLSX and PDF (issue 39 item 5)', async () => {
    const requests = api();
    const downloads = recordDownloads();
    renderAt('/app', 'profit&loss?tab=trial-balance&asOf=2026-11-30', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Download the trial balance as XLSX' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['Trial-Balance-2026-11-30.xlsx']));
    await userEvent.click(screen.getByRole('tab', { name: 'Balance sheet' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download the balance sheet as PDF' }));
    await waitFor(() => expect(downloads.files).toHaveLength(2));
    expect(requests.filter((r) => r.path === BOOKS_PATHS.statementExport).map((r) => r.params)).toEqual([
      { statement: 'TRIAL_BALANCE', format: 'xlsx', asOf: '2026-11-30' },
      { statement: 'BALANCE_SHEET', format: 'pdf', asOf: '2026-11-30' },
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    downloads.restore();
  });

  it('shows the balance sheet with both sides and the previous year-end', async () => {
    api();
    renderAt('/app', 'profit&loss?tab=balance-sheet', withProviders(<App />));
    const assets = await table('Assets');
    expect(within(assets).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Sundry Debtors', '₹1,234.00'],
      ['Sharma Medical Stores (RTL-MUM-001)', '₹1,234.00'],
      ['Closing stock (at cost)', '₹26,000.00'],
      ['Total assets', '₹27,234.00'],
    ]);
    expect(row(await table('Liabilities and equity'), 'Total liabilities and equity')).toEqual(['Total liabilities and equity', '₹27,234.00']);
    expect(screen.getByText('Assets equal liabilities and equity')).toBeInTheDocument();
    expect(screen.getByLabelText('Previous year-end')).toHaveTextContent('Total assets₹20,000.00 (now ₹27,234.00)Equity₹15,000.00 (now ₹17,234.00)');
  });
});
