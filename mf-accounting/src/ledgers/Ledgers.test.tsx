import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKS_PATHS, type LedgerStatement, type OutstandingReport, type PartyOutstandingDetail } from 'shared-api';
import { blobText } from 'shared-auth';
import { resetFakeApi, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { HEADS, LIFELINE, RENT, SHARMA, booksApi, cells, file, ok, recordDownloads, uuid } from '../books-common/testing';
import { financialYearToDate, todayIst } from '../books-common/period';

const { debitPaise: _d, creditPaise: _c, balancePaise: _b, ...sharmaHead } = SHARMA;

const STATEMENT: LedgerStatement = {
  account: sharmaHead,
  from: '2026-04-01',
  to: '2026-11-30',
  openingPaise: 100000,
  debitPaise: 123400,
  creditPaise: 300000,
  closingPaise: -76600,
  page: 0,
  pageSize: 50,
  totalResults: 2,
  items: [
    {
      voucherId: 'v1',
      date: '2026-11-21',
      kind: 'SALES',
      documentType: 'SALES_INVOICE',
      documentId: uuid(101),
      documentNumber: 'INV/26-27/000001',
      narration: 'Invoice to Sharma',
      particulars: 'Sales, Output CGST, Output SGST',
      debitPaise: 123400,
      creditPaise: 0,
      balancePaise: 223400,
    },
    {
      voucherId: 'v2',
      date: '2026-11-25',
      kind: 'RECEIPT',
      documentType: 'RECEIPT',
      documentId: uuid(102),
      documentNumber: 'RCT/26-27/000001',
      narration: 'UPI received',
      particulars: 'UPI Clearing',
      debitPaise: 0,
      creditPaise: 300000,
      balancePaise: -76600,
    },
  ],
};

const PARTY: PartyOutstandingDetail = {
  accountId: SHARMA.accountId,
  partyName: SHARMA.name,
  partyUnitCode: 'RTL-MUM-001',
  side: 'RECEIVABLE',
  outstandingPaise: 123400,
  ageing: { d0to30Paise: 23400, d31to60Paise: 100000, d61to90Paise: 0, over90Paise: 0 },
  ageingByDue: { notDuePaise: 23400, d0to30Paise: 100000, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 },
  openCount: 1,
  oldestOpenDate: '2026-10-01',
  asOf: '2026-11-30',
  documents: [
    { voucherId: 'v0', documentType: 'SALES_INVOICE', documentId: uuid(100), documentNumber: 'INV/26-27/000000', date: '2026-10-01', ageDays: 60, dueDate: '2026-10-31', daysPastDue: 30, amountPaise: 150000, settledPaise: 26600, outstandingPaise: 123400 },
  ],
  unallocatedPaise: 0,
};

const OUTSTANDING: OutstandingReport = {
  asOf: '2026-11-30',
  side: 'RECEIVABLE',
  totalPaise: 173400,
  ageing: { d0to30Paise: 73400, d31to60Paise: 100000, d61to90Paise: 0, over90Paise: 0 },
  ageingByDue: { notDuePaise: 73400, d0to30Paise: 100000, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 },
  parties: [
    { ...PARTY },
    { accountId: LIFELINE.accountId, partyName: LIFELINE.name, partyUnitCode: 'HSP-AMD-001', side: 'RECEIVABLE', outstandingPaise: 50000, ageing: { d0to30Paise: 50000, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 }, ageingByDue: { notDuePaise: 50000, d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 }, openCount: 1, oldestOpenDate: '2026-11-20' },
  ],
};

function api() {
  return booksApi({
    [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS),
    [`GET ${BOOKS_PATHS.ledger}`]: (r) => ok(r.params?.accountId === SHARMA.accountId ? STATEMENT : { ...STATEMENT, account: { ...sharmaHead, accountId: RENT.accountId, name: 'Shop Rent', group: 'INDIRECT_EXPENSES', partyUnitCode: null }, items: [], totalResults: 0 })(),
    [`GET ${BOOKS_PATHS.partyOutstanding(SHARMA.accountId)}`]: ok(PARTY),
    [`GET ${BOOKS_PATHS.outstanding}`]: (r) => ok(r.params?.side === 'PAYABLE' ? { ...OUTSTANDING, side: 'PAYABLE', parties: [], totalPaise: 0 } : OUTSTANDING)(),
    [`GET ${BOOKS_PATHS.ledgerExport}`]: (r) => file(`ledger ${String(r.params?.format)}`),
  });
}

const table = (name: string | RegExp) => screen.findByRole('table', { name });

describe('ledgers', () => {
  afterEach(resetFakeApi);

  it('lists the heads under their groups and opens on the financial year to date', async () => {
    const requests = api();
    renderAt('/app', 'ledgers', withProviders(<App />));
    const select = await screen.findByRole('combobox', { name: 'Head' });
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groups).toEqual([
      ['Sundry Debtors', ['Sharma Medical Stores (RTL-MUM-001)', 'Lifeline Hospital (HSP-AMD-001)']],
      ['Indirect Expenses', ['Shop Rent']],
      ['Bank Accounts', ['Bank']],
    ]);
    expect(screen.getByText('Choose a head')).toBeInTheDocument();
    const fy = financialYearToDate(todayIst());
    expect(screen.getByLabelText('From')).toHaveValue(fy.from);
    expect(screen.getByLabelText('To')).toHaveValue(fy.to);

    // Searching narrows the heads; choosing one asks for its statement over the period.
    await userEvent.type(screen.getByLabelText('Search heads'), 'rent');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose a head…', 'Shop Rent']);
    await userEvent.selectOptions(select, RENT.accountId);
    expect(await screen.findByText('No entries in this period.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === BOOKS_PATHS.ledger)?.params).toEqual({ accountId: RENT.accountId, ...fy, page: 0, pageSize: 50 });
    // Not a party: no outstanding per document.
    expect(requests.some((r) => r.path.startsWith(BOOKS_PATHS.outstanding))).toBe(false);
  });

  it('shows a party ledger: opening, entries with running balance in Dr/Cr, closing, document links and what is open', async () => {
    api();
    renderAt('/app', `ledgers?accountId=${SHARMA.accountId}&from=2026-04-01&to=2026-11-30`, withProviders(<App />));
    const rows = within(await table('Ledger')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['01/04/2026', '', 'Opening balance', '', '', '', '₹1,000.00 Dr'],
      ['21/11/2026', 'INV/26-27/000001', 'Sales, Output CGST, Output SGST', 'Invoice to Sharma', '₹1,234.00', '', '₹2,234.00 Dr'],
      ['25/11/2026', 'RCT/26-27/000001', 'UPI Clearing', 'UPI received', '', '₹3,000.00', '₹766.00 Cr'],
      ['30/11/2026', '', 'Closing balance (period totals)', '', '₹1,234.00', '₹3,000.00', '₹766.00 Cr'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'INV/26-27/000001' })).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${uuid(101)}`);
    // A receipt has no screen here: plain text.
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();

    const open = within(await table('Open documents')).getAllByRole('row').slice(1);
    expect(open.map(cells)).toEqual([['INV/26-27/000000', '01/10/2026', '60', '31/10/2026', '30', '₹1,500.00', '₹266.00', '₹1,234.00']]);
    const ageing = Object.fromEntries([...screen.getByLabelText('Ageing').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(ageing).toEqual({ '0–30 days': '₹234.00', '31–60 days': '₹1,000.00', '61–90 days': '₹0.00', 'Over 90 days': '₹0.00' });
    // Credit terms (issue 39): the same amounts by days past their due date, beside it.
    const byDue = Object.fromEntries([...screen.getByLabelText('Ageing by due date').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(byDue).toEqual({ 'Not yet due': '₹234.00', '1–30 days overdue': '₹1,000.00', '31–60 days overdue': '₹0.00', '61–90 days overdue': '₹0.00', 'Over 90 days overdue': '₹0.00' });
  });

  it('downloads the statement as XLSX and PDF through the API client, for the same head and period', async () => {
    const requests = api();
    const downloads = recordDownloads();
    renderAt('', `ledgers?accountId=${SHARMA.accountId}&from=2026-04-01&to=2026-11-30`, withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Download the ledger as XLSX' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download the ledger as PDF' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['Ledger-Sharma-Medical-Stores-RTL-MUM-001-2026-04-01-2026-11-30.xlsx', 'Ledger-Sharma-Medical-Stores-RTL-MUM-001-2026-04-01-2026-11-30.pdf']));
    expect(requests.filter((r) => r.path === BOOKS_PATHS.ledgerExport).map((r) => r.params)).toEqual([
      { accountId: SHARMA.accountId, from: '2026-04-01', to: '2026-11-30', format: 'xlsx' },
      { accountId: SHARMA.accountId, from: '2026-04-01', to: '2026-11-30', format: 'pdf' },
    ]);
    expect(await blobText(downloads.files[1]!.blob)).toBe('ledger pdf');
    downloads.restore();
  });

  it('lists outstanding by party with ageing columns and a totals row; a party opens its ledger', async () => {
    const requests = api();
    renderAt('/app', 'ledgers?tab=outstanding', withProviders(<App />));
    const rows = within(await table(/^Outstanding receivable/)).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Sharma Medical Stores (RTL-MUM-001)', '₹1,234.00', '₹234.00', '₹1,000.00', '₹0.00', '₹0.00', '1', '01/10/2026'],
      ['Lifeline Hospital (HSP-AMD-001)', '₹500.00', '₹500.00', '₹0.00', '₹0.00', '₹0.00', '1', '20/11/2026'],
      ['Total', '₹1,734.00', '₹734.00', '₹1,000.00', '₹0.00', '₹0.00', '', ''],
    ]);
    expect(requests.find((r) => r.path === BOOKS_PATHS.outstanding)?.params).toEqual({ side: 'RECEIVABLE' });

    // Aged by due date instead (credit terms, issue 39): same parties and totals, "not yet due" apart.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age by' }), 'due');
    const byDue = within(await table(/^Outstanding receivable/)).getAllByRole('row');
    expect([...byDue[0]!.querySelectorAll('th')].map((th) => th.textContent).slice(2, 7)).toEqual(['Not yet due', '1–30 days overdue', '31–60 days overdue', '61–90 days overdue', 'Over 90 days overdue']);
    expect(byDue.slice(1).map(cells)).toEqual([
      ['Sharma Medical Stores (RTL-MUM-001)', '₹1,234.00', '₹234.00', '₹1,000.00', '₹0.00', '₹0.00', '₹0.00', '1', '01/10/2026'],
      ['Lifeline Hospital (HSP-AMD-001)', '₹500.00', '₹500.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '1', '20/11/2026'],
      ['Total', '₹1,734.00', '₹734.00', '₹1,000.00', '₹0.00', '₹0.00', '₹0.00', '', ''],
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age by' }), 'date');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'PAYABLE');
    expect(await screen.findByText('You owe no party anything.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'RECEIVABLE');

    await userEvent.click(within(await table(/^Outstanding receivable/)).getByRole('link', { name: 'Sharma Medical Stores (RTL-MUM-001)' }));
    expect(await screen.findByRole('tab', { name: 'Ledger', selected: true })).toBeInTheDocument();
    // The receipt's running balance and the closing balance.
    expect(within(await table('Ledger')).getAllByText('₹766.00 Cr')).toHaveLength(2);
  });

  it('says when the statement cannot be loaded', async () => {
    booksApi({ [`GET ${BOOKS_PATHS.heads}`]: ok(HEADS) });
    renderAt('/app', `ledgers?accountId=${SHARMA.accountId}`, withProviders(<App />));
    expect(await screen.findByText('The ledger could not be loaded')).toBeInTheDocument();
  });
});
