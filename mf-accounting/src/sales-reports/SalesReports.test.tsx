import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, type HsnSummary, type SalesRegister } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { currentMonth } from './sales-reports-api';

type Row = SalesRegister['items'][number];
const row = (n: number, partyName: string, partyUnitCode: string, over: Partial<Row> = {}): Row => ({
  invoiceId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  invoiceNumber: `INV/26-27/${String(n).padStart(6, '0')}`,
  invoiceDate: '2026-11-21',
  orderNumber: null,
  partyName,
  partyUnitCode,
  partyGstin: '27BXKPS5512M1Z7',
  placeOfSupply: '27',
  taxablePaise: 82500,
  cgstPaise: 4950,
  sgstPaise: 4950,
  igstPaise: 0,
  roundOffPaise: 0,
  totalPaise: 92400,
  ...over,
});

const ROWS: Row[] = [
  row(1, 'Sharma Medical Stores', 'RTL-MUM-001'),
  row(2, 'Lifeline Hospital', 'HSP-AMD-001', { partyGstin: '24AACCL7734Q1Z3', placeOfSupply: '24', cgstPaise: 0, sgstPaise: 0, igstPaise: 9900 }),
  row(3, 'Sharma Medical Stores', 'RTL-MUM-001', { invoiceDate: '2026-11-23', taxablePaise: 4500, cgstPaise: 270, sgstPaise: 270, roundOffPaise: -40, totalPaise: 5000 }),
];

const HSN: HsnSummary = {
  from: '2026-11-01',
  to: '2026-11-30',
  rows: [
    { hsn: '30049099', gstRateBp: 1200, quantity: 69, taxablePaise: 169500, cgstPaise: 5220, sgstPaise: 5220, igstPaise: 9900, totalPaise: 189840 },
    { hsn: '30051090', gstRateBp: 500, quantity: 10, taxablePaise: 10000, cgstPaise: 250, sgstPaise: 250, igstPaise: 0, totalPaise: 10500 },
  ],
  totals: { quantity: 79, taxablePaise: 179500, cgstPaise: 5470, sgstPaise: 5470, igstPaise: 9900, totalPaise: 200340 },
};

function reportsApi(rows: Row[] = ROWS): FakeRequest[] {
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request) => {
      const { month, partyUnitCode, page = 0, pageSize = 50 } = (request.params ?? {}) as Record<string, string | number | undefined>;
      if (request.path === ACCOUNTING_PATHS.salesRegister) {
        const [y, m] = String(month).split('-').map(Number) as [number, number];
        const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
        const matching = (month === '2026-11' ? rows : []).filter((r) => !partyUnitCode || r.partyUnitCode === partyUnitCode);
        const sum = (k: keyof Row) => matching.reduce((s, r) => s + (r[k] as number), 0);
        const start = Number(page) * Number(pageSize);
        return success({
          from: `${month}-01`,
          to: last,
          items: matching.slice(start, start + Number(pageSize)),
          totalResults: matching.length,
          page,
          pageSize,
          totals: { invoiceCount: matching.length, taxablePaise: sum('taxablePaise'), cgstPaise: sum('cgstPaise'), sgstPaise: sum('sgstPaise'), igstPaise: sum('igstPaise'), roundOffPaise: sum('roundOffPaise'), totalPaise: sum('totalPaise') },
        });
      }
      if (request.path === ACCOUNTING_PATHS.hsnSummary) return success(month === '2026-11' ? HSN : { ...HSN, rows: [], totals: { quantity: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 } });
      return failure(404, 'E0002', 'Not found');
    }),
  );
}

const table = (name: string) => screen.findByRole('table', { name });
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => td.textContent);
const totalsOf = (label: string) => Object.fromEntries([...screen.getByLabelText(label).querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('sales reports', () => {
  afterEach(resetFakeApi);

  it("opens on this month's register when no month is chosen", async () => {
    const requests = reportsApi();
    renderAt('/app', 'sales/reports', withProviders(<App />));
    await table('Sales register');
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.salesRegister)?.params).toEqual({ month: currentMonth(), page: 0, pageSize: 50 });
    expect(screen.getByLabelText('Month')).toHaveValue(currentMonth());
  });

  it('shows a month with totals, rows with CGST/SGST/IGST and round-off, and links to the invoice and the party drill-down', async () => {
    reportsApi();
    renderAt('/app', 'sales/reports?month=2026-11', withProviders(<App />));
    const rows = within(await table('Sales register')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(cells(rows[1]!)).toEqual(['INV/26-27/000002', '21/11/2026', 'Lifeline Hospital (HSP-AMD-001)', '24AACCL7734Q1Z3', '24', '₹825.00', '₹0.00', '₹0.00', '₹99.00', '₹0.00', '₹924.00']);
    expect(totalsOf('Register totals')).toEqual({
      Period: '01/11/2026 – 30/11/2026',
      Invoices: '3',
      'Taxable value': '₹1,695.00',
      CGST: '₹52.20',
      SGST: '₹52.20',
      IGST: '₹99.00',
      'Round-off': '-₹0.40',
      Total: '₹1,898.00',
    });
    expect(within(rows[0]!).getByRole('link', { name: 'INV/26-27/000001' })).toHaveAttribute('href', `/app/sales/report/details/invoice?id=${ROWS[0]!.invoiceId}`);

    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'Sharma Medical Stores (RTL-MUM-001)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Report Details' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sales register' })).getAllByRole('row')).toHaveLength(3));
    expect(totalsOf('Register totals')).toMatchObject({ Invoices: '2', Total: '₹974.00' });
    expect(screen.getByLabelText('Party code')).toHaveValue('RTL-MUM-001');
    // On the drill-down the party is already chosen: no link to itself.
    expect(within(screen.getByRole('table', { name: 'Sales register' })).queryByRole('link', { name: /Sharma/ })).not.toBeInTheDocument();
  });

  it('filters by party and month on the server', async () => {
    const requests = reportsApi();
    renderAt('', 'sales/reports?month=2026-11', withProviders(<App />));
    await within(await table('Sales register')).findByText('INV/26-27/000002');
    await userEvent.type(screen.getByLabelText('Party code'), 'hsp-amd-001');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByText('INV/26-27/000001')).not.toBeInTheDocument());
    expect(requests.at(-1)!.params).toEqual({ month: '2026-11', partyUnitCode: 'HSP-AMD-001', page: 0, pageSize: 50 });

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No invoices in this period.')).toBeInTheDocument();
    expect(totalsOf('Register totals')).toMatchObject({ Period: '01/10/2026 – 31/10/2026', Invoices: '0' });
  });

  it("shows the month's HSN summary on its own tab, with the total row", async () => {
    const requests = reportsApi();
    renderAt('/app', 'sales/reports?month=2026-11', withProviders(<App />));
    await table('Sales register');
    await userEvent.click(screen.getByRole('tab', { name: 'HSN summary' }));
    expect(screen.getByRole('tab', { name: 'HSN summary' })).toHaveAttribute('aria-selected', 'true');
    const rows = within(await table('HSN summary')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['30049099', '12 %', '69', '₹1,695.00', '₹52.20', '₹52.20', '₹99.00', '₹1,898.40'],
      ['30051090', '5 %', '10', '₹100.00', '₹2.50', '₹2.50', '₹0.00', '₹105.00'],
      ['Total', '', '79', '₹1,795.00', '₹54.70', '₹54.70', '₹99.00', '₹2,003.40'],
    ]);
    expect(requests.find((r) => r.path === ACCOUNTING_PATHS.hsnSummary)?.params).toEqual({ month: '2026-11' });
    // The HSN summary is the whole month's: no party filter offered there.
    expect(screen.queryByLabelText('Party code')).not.toBeInTheDocument();
  });

  it('says when the register cannot be loaded', async () => {
    installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(400, 'E0001', 'Use YYYY-MM')));
    renderAt('/app', 'sales/report/details?month=2026-13', withProviders(<App />));
    expect(await screen.findByText('The sales register could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Use YYYY-MM')).toBeInTheDocument();
  });
});
