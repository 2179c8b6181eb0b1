import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVE_IN_PATHS, type MoveInReport } from 'shared-api';
import { OWNER_ACCOUNT, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { booksApi, cells, ok } from '../books-common/testing';
import { App } from '../routes';
import { EMPTY_REPORT, REPORT } from './move-in.test-kit';

describe('MoveInPage (Settings › Move in)', () => {
  afterEach(resetFakeApi);

  it('asks for the opening date first, sets it, then offers the four steps in order and the stock upload', async () => {
    let report = EMPTY_REPORT;
    const requests = booksApi({
      [`GET ${MOVE_IN_PATHS.report}`]: () => success(report),
      [`PUT ${MOVE_IN_PATHS.openingDate}`]: (r) => {
        report = { ...report, openingDate: (r.body as { openingDate: string }).openingDate };
        return success(report);
      },
    });
    renderAt('/app', 'move-in', withProviders(<App />));
    const steps = await screen.findByRole('list', { name: 'Move-in steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Customers and suppliers',
      'Item master',
      'Open bills (bill-wise outstanding)',
      'Opening trial balance',
    ]);
    expect(within(steps).getAllByText('Set the opening date first.')).toHaveLength(4);
    expect(within(steps).getAllByText('Not imported yet')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Upload Inventory' })).toHaveAttribute('href', '/app/inventory/upload');
    expect(screen.queryByRole('heading', { name: 'Move-in report' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Opening date'), '2026-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Set the date' }));
    expect(await screen.findByText('Now: 31/03/2026.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ openingDate: '2026-03-31' });
    expect(within(steps).getAllByRole('link', { name: 'Import a file' })).toHaveLength(4);
    expect(within(steps).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/app/move-in/import/parties',
      '/app/move-in/import/items',
      '/app/move-in/import/bills',
      '/app/move-in/import/trial-balance',
    ]);
  });

  it('shows the date fixed, each step’s files and rows, the books against the files and the party mismatches', async () => {
    booksApi({ [`GET ${MOVE_IN_PATHS.report}`]: ok(REPORT) });
    renderAt('', 'move-in', withProviders(<App />));
    expect(await screen.findByText(/The date is fixed/)).toHaveTextContent('Balances are as of 31/03/2026.');
    expect(screen.queryByRole('button', { name: /date/ })).toBeNull();

    const parties = screen.getByRole('listitem', { name: 'Customers and suppliers' });
    expect(within(parties).getByText('1 file imported, 3 rows')).toBeInTheDocument();
    expect(within(parties).getByText(/marg-parties\.xlsx \(MARG\): 3 rows on 22\/11\/2026/)).toBeInTheDocument();
    expect(within(parties).getByRole('link', { name: 'Import another file' })).toHaveAttribute('href', '/move-in/import/parties');
    expect(within(screen.getByRole('listitem', { name: 'Item master' })).getByText('Not imported yet')).toBeInTheDocument();

    expect(screen.getByRole('listitem', { name: 'Customers' })).toHaveTextContent('2 parties');
    expect(screen.getByRole('listitem', { name: 'Receivable bills' })).toHaveTextContent('2 bills');
    const checks = screen.getByRole('table', { name: 'Books against the files' });
    expect(cells(within(checks).getByRole('row', { name: /Receivable/ }))).toEqual(['Receivable: customers owe you', '₹1,23,456.50', '₹1,23,456.50', 'Agrees']);
    expect(cells(within(checks).getByRole('row', { name: /Payable/ }))).toEqual(['Payable: you owe suppliers', '₹50,000.00', '₹50,500.00', 'Differs by ₹500.00']);
    expect(cells(within(checks).getByRole('row', { name: /Stock/ }))).toEqual(['Stock at cost (trial balance’s stock line)', '₹25,00,000.00', '₹25,00,000.00', 'Agrees']);
    const mismatches = screen.getByRole('table', { name: 'Party mismatches' });
    expect(cells(within(mismatches).getByRole('row', { name: /Lifeline/ }))).toEqual(['Lifeline Hospital', 'Supplier', '₹50,500.00 Cr', '₹50,000.00 Cr', '₹500.00 Dr']);
    expect(screen.getByRole('link', { name: 'Outstanding receivable with ageing' })).toHaveAttribute('href', '/ledgers?tab=outstanding&side=RECEIVABLE');
    expect(screen.getByRole('link', { name: 'See your parties on the network' })).toHaveAttribute('href', '/move-in/network');
  });

  it('posts the opening difference the owner saw to "Difference in Opening Balances" once confirmed', async () => {
    let report: MoveInReport = REPORT;
    const requests = booksApi({
      [`GET ${MOVE_IN_PATHS.report}`]: () => success(report),
      [`POST ${MOVE_IN_PATHS.difference}`]: () => {
        report = { ...report, differencePaise: 0, differenceConfirmedAt: '2026-11-22T06:00:00.000Z' };
        return success(report);
      },
    });
    renderAt('', 'move-in', withProviders(<App />));
    const difference = await screen.findByRole('region', { name: 'Opening difference' });
    expect(difference).toHaveTextContent('Opening difference: ₹1,23,456.50 Dr');
    await userEvent.click(within(difference).getByRole('button', { name: 'Post the difference to ‘Difference in Opening Balances’' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post the opening difference?' });
    expect(dialog).toHaveTextContent('A journal dated 31/03/2026 moves ₹1,23,456.50 Dr from “Opening Balances” to “Difference in Opening Balances”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post the difference' }));
    await waitFor(() => expect(difference).toHaveTextContent('The opening balances balance: no difference.'));
    expect(difference).toHaveTextContent('posted to “Difference in Opening Balances” on 22/11/2026');
    expect(requests.find((r) => r.path === MOVE_IN_PATHS.difference)?.body).toEqual({ differencePaise: 12345650 });
  });

  it('is the owner’s alone: an employee is told to ask the owner', async () => {
    const requests = booksApi({ [`GET ${MOVE_IN_PATHS.report}`]: ok(REPORT) }, { ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole: 'MANAGER' });
    renderAt('', 'move-in', withProviders(<App />));
    expect(await screen.findByText(/Only the unit's owner moves the books in/)).toBeInTheDocument();
    expect(requests.some((r) => r.path === MOVE_IN_PATHS.report)).toBe(false);
  });
});
