import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKS_PATHS, type BooksSettings, type FinancialYears, type JournalsPage } from 'shared-api';
import { OWNER_ACCOUNT, failure, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { App } from '../routes';
import { BANK, HEADS, RENT, SHARMA, booksApi, cells, ok, uuid } from '../books-common/testing';

const PAGE: JournalsPage = {
  from: '2026-11-01',
  to: '2026-11-30',
  page: 0,
  pageSize: 20,
  totalResults: 2,
  byKind: [
    { kind: 'SALES', count: 1, amountPaise: 123400 },
    { kind: 'JOURNAL', count: 1, amountPaise: 2500000 },
  ],
  items: [
    {
      voucherId: 'v2',
      date: '2026-11-25',
      kind: 'JOURNAL',
      documentType: 'JOURNAL',
      documentId: null,
      documentNumber: 'JV/26-27/000001',
      narration: 'November rent',
      amountPaise: 2500000,
      lines: [
        { accountId: RENT.accountId, accountName: 'Shop Rent', debitPaise: 2500000, creditPaise: 0 },
        { accountId: BANK.accountId, accountName: 'Bank', debitPaise: 0, creditPaise: 2500000 },
      ],
    },
    {
      voucherId: 'v1',
      date: '2026-11-21',
      kind: 'SALES',
      documentType: 'SALES_INVOICE',
      documentId: uuid(101),
      documentNumber: 'INV/26-27/000001',
      narration: 'Invoice to Sharma',
      amountPaise: 123400,
      lines: [],
    },
  ],
};

const YEARS: FinancialYears = {
  years: [
    { financialYear: '2026-27', from: '2026-04-01', to: '2027-03-31', closed: false, closedAt: null, closedBy: null, netProfitPaise: 5000000 },
    { financialYear: '2025-26', from: '2025-04-01', to: '2026-03-31', closed: false, closedAt: null, closedBy: null, netProfitPaise: 12000000 },
  ],
};

function api(post: () => ReturnType<typeof success> = () => success({ voucherId: 'v9', documentNumber: 'JV/26-27/000002' }), account = OWNER_ACCOUNT) {
  let years = YEARS;
  let settings: BooksSettings = { allowForwardDating: false, earliestDate: '2025-04-01', latestDate: '2026-11-22' };
  return booksApi(
    {
      [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS),
      [`GET ${BOOKS_PATHS.journals}`]: (r) => success(r.params?.kind === 'RECEIPT' ? { ...PAGE, items: [], totalResults: 0, byKind: [] } : PAGE),
      [`GET ${BOOKS_PATHS.financialYears}`]: () => success(years),
      [`POST ${BOOKS_PATHS.closeFinancialYear('2025-26')}`]: () => {
        years = { years: years.years.map((y) => (y.financialYear === '2025-26' ? { ...y, closed: true, closedAt: '2026-12-01T10:00:00.000Z', closedBy: 'Ramesh Agarwal' } : y)) };
        return success({ financialYear: '2025-26', closed: true });
      },
      [`POST ${BOOKS_PATHS.journals}`]: post,
      [`GET ${BOOKS_PATHS.booksSettings}`]: () => success(settings),
      [`PUT ${BOOKS_PATHS.booksSettings}`]: (r) => {
        const allow = (r.body as { allowForwardDating: boolean }).allowForwardDating;
        settings = { allowForwardDating: allow, earliestDate: '2025-04-01', latestDate: allow ? '2027-03-31' : '2026-11-22' };
        return success(settings);
      },
    },
    account,
  );
}

const table = (name: string) => screen.findByRole('table', { name });

async function fillLine(n: number, accountId: string, side: 'Debit' | 'Credit', amount: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: `Head (line ${n})` }), accountId);
  await userEvent.type(screen.getByRole('textbox', { name: `${side} ₹ (line ${n})` }), amount);
}

const totals = () => Object.fromEntries([...screen.getByLabelText('Totals').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('journals dashboard', () => {
  afterEach(resetFakeApi);

  it('shows tiles per kind and the vouchers of the period, each with its lines on demand', async () => {
    const requests = api();
    renderAt('/app', 'journals/dashboard?from=2026-11-01&to=2026-11-30', withProviders(<App />));
    const tiles = await screen.findByRole('list', { name: 'Vouchers by kind' });
    expect(await screen.findByRole('link', { name: 'Add journal entry' })).toHaveAttribute('href', '/app/journals/add');
    expect(within(tiles).getByRole('listitem', { name: 'Journal' })).toHaveTextContent('Journal₹25,000.001 voucher');
    expect(within(tiles).getByRole('listitem', { name: 'Sales' })).toHaveTextContent('Sales₹1,234.001 voucher');

    const rows = within(await table('Vouchers')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['', '25/11/2026', 'Journal', 'JV/26-27/000001', 'November rent', '₹25,000.00'],
      ['', '21/11/2026', 'Sales', 'INV/26-27/000001', 'Invoice to Sharma', '₹1,234.00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show the lines of JV/26-27/000001' }));
    const lines = within(await table('Lines of JV/26-27/000001')).getAllByRole('row').slice(1);
    expect(lines.map(cells)).toEqual([
      ['Shop Rent', '₹25,000.00', ''],
      ['Bank', '', '₹25,000.00'],
    ]);
    expect(screen.getByRole('button', { name: 'Hide the lines of JV/26-27/000001' })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'RECEIPT');
    expect(await screen.findByText('No vouchers in this period.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === BOOKS_PATHS.journals).at(-1)?.params).toEqual({ from: '2026-11-01', to: '2026-11-30', kind: 'RECEIPT', page: 0, pageSize: 20 });
  });

  it('lets the owner close a year after a confirmation that says what closing means', async () => {
    const requests = api();
    renderAt('/app', 'journals/dashboard', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Close year 2025-26' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close financial year 2025-26?' });
    expect(dialog).toHaveTextContent('no entry can be dated from 01/04/2025 to 31/03/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close year' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([BOOKS_PATHS.closeFinancialYear('2025-26')]);
    const row = within(await table('Financial years')).getByText('2025-26').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Closed')).toBeInTheDocument());
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Financial year 2025-26 closed' })]);
  });

  it('shows the range entries can be dated in, and lets the owner allow forward dating to the year end', async () => {
    const requests = api();
    renderAt('/app', 'journals/dashboard', withProviders(<App />));
    expect(await screen.findByText(/Journals and payments can be dated from 01\/04\/2025 to 22\/11\/2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Allow forward dating to the year end' }));
    expect(await screen.findByText(/Journals and payments can be dated from 01\/04\/2025 to 31\/03\/2027/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ allowForwardDating: true }]);
    expect(screen.getByRole('button', { name: 'Stop forward dating' })).toBeInTheDocument();
  });

  it('offers no Close year to an employee', async () => {
    api(undefined, { ...OWNER_ACCOUNT, role: 'EMPLOYEE' });
    renderAt('/app', 'journals/dashboard', withProviders(<App />));
    expect(await within(await table('Financial years')).findByText('2025-26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close year/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /forward dating/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add journal entry' })).not.toBeInTheDocument();
  });

  it('keeps the form from an employee (the API only takes journals from the owner)', async () => {
    api(undefined, { ...OWNER_ACCOUNT, role: 'EMPLOYEE' });
    renderAt('/app', 'journals/add', withProviders(<App />));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Journal entry' })).not.toBeInTheDocument();
  });
});

describe('adding a journal entry', () => {
  afterEach(resetFakeApi);

  it('keeps Save disabled until the lines balance, then posts exact paise and returns to the dashboard', async () => {
    const requests = api();
    renderAt('/app', 'journals/add', withProviders(<App />));
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Date'));
    await userEvent.type(screen.getByLabelText('Date'), '2026-11-28');
    await userEvent.type(screen.getByLabelText('Narration'), 'Courier charges paid from bank');

    await fillLine(1, RENT.accountId, 'Debit', '1,234.56');
    expect(totals()).toEqual({ Debits: '₹1,234.56', Credits: '₹0.00', Difference: '₹1,234.56' });
    expect(save).toBeDisabled();
    await fillLine(2, BANK.accountId, 'Credit', '1234.5');
    expect(totals()).toEqual({ Debits: '₹1,234.56', Credits: '₹1,234.50', Difference: '₹0.06' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Credit ₹ (line 2)' }), '6');
    expect(totals()).toEqual({ Debits: '₹1,234.56', Credits: '₹1,234.56', Difference: '₹0.00' });
    expect(save).toBeEnabled();

    // A third line that is not filled in blocks saving until it is removed.
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove line 3' }));
    expect(save).toBeEnabled();

    await userEvent.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: 'Journals' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')).toEqual(
      expect.objectContaining({
        path: BOOKS_PATHS.journals,
        body: {
          date: '2026-11-28',
          narration: 'Courier charges paid from bank',
          lines: [
            { accountId: RENT.accountId, debitPaise: 123456, creditPaise: 0 },
            { accountId: BANK.accountId, debitPaise: 0, creditPaise: 123456 },
          ],
        },
      }),
    );
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Journal entry saved', message: 'Voucher JV/26-27/000002 is in the books.' })]);
  });

  it('says what is wrong with an amount and refuses both sides on one line', async () => {
    api();
    renderAt('/app', 'journals/add', withProviders(<App />));
    const debit = await screen.findByRole('textbox', { name: 'Debit ₹ (line 1)' });
    await userEvent.type(debit, '12.345');
    await userEvent.tab();
    expect(await screen.findByText('Enter an amount like 1,234.56')).toBeInTheDocument();
    await userEvent.clear(debit);
    await userEvent.type(debit, '10');
    await userEvent.type(screen.getByRole('textbox', { name: 'Credit ₹ (line 1)' }), '10');
    await userEvent.tab();
    expect(await screen.findByText('A debit or a credit, not both')).toBeInTheDocument();
  });

  it.each([
    ['E0011', 422, 'Entry does not balance', 'Entry does not balance: debits must equal credits.'],
    ['E0012', 409, 'Financial year 2025-26 is closed', 'Financial year 2025-26 is closed'],
    ['E0022', 400, 'This date is outside the allowed range: entries can be dated from 01-04-2025 to 22-11-2026', 'This date is outside the allowed range: entries can be dated from 01-04-2025 to 22-11-2026'],
  ] as const)('shows the server error %s next to the form', async (code, status, message, shown) => {
    api(() => failure(status, code, message));
    renderAt('/app', 'journals/add', withProviders(<App />));
    await screen.findByRole('button', { name: 'Save' });
    await userEvent.type(screen.getByLabelText('Narration'), 'Opening balance of Sharma');
    await fillLine(1, SHARMA.accountId, 'Debit', '500');
    await fillLine(2, BANK.accountId, 'Credit', '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(shown));
    if (code !== 'E0011') expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Add Journal Entry' })).toBeInTheDocument();
  });

  it('puts field errors from the server under their fields', async () => {
    api(() => failure(400, 'E0001', 'Check the entry', { 'lines.1.accountId': 'This head is not in your books' }));
    renderAt('/app', 'journals/add', withProviders(<App />));
    await screen.findByRole('button', { name: 'Save' });
    await userEvent.type(screen.getByLabelText('Narration'), 'Adjustment');
    await fillLine(1, RENT.accountId, 'Debit', '1');
    await fillLine(2, BANK.accountId, 'Credit', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This head is not in your books')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Head (line 2)' })).toHaveAccessibleDescription('This head is not in your books');
  });
});
