import { screen, within } from '@testing-library/react';
import { BOOKS_PATHS, type StoreDetails, type StoreSummary, type StoresDashboard } from 'shared-api';
import { resetFakeApi, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { theme } from 'shared-ui';
import { App } from '../routes';
import { booksApi, cells, ok, uuid } from '../books-common/testing';
import { todayIst } from '../books-common/period';

const store = (n: number, name: string, over: Partial<StoreSummary> = {}): StoreSummary => ({
  warehouseId: uuid(n),
  name,
  city: 'Pune',
  isActive: true,
  stockValuePaise: 5000000,
  mrpValuePaise: 7500000,
  batchCount: 40,
  outOfStockProducts: 2,
  nearExpiry: { d30Paise: 10000, d60Paise: 20000, d90Paise: 30000, expiredPaise: 5000 },
  salesPaise: 9000000,
  purchasesPaise: 6000000,
  outstandingPaise: 1000000,
  ...over,
});

const MAIN = store(1, 'Main godown');
const BRANCH = store(2, 'Kothrud branch', { isActive: false, stockValuePaise: 1000000, mrpValuePaise: 1500000, batchCount: 10, outOfStockProducts: 1, salesPaise: 1000000, purchasesPaise: 500000, outstandingPaise: 0 });

const DASHBOARD: StoresDashboard = {
  from: '2026-04-01',
  to: '2026-11-30',
  stores: [MAIN, BRANCH],
  totals: {
    stockValuePaise: 6000000,
    mrpValuePaise: 9000000,
    batchCount: 50,
    outOfStockProducts: 3,
    nearExpiry: { d30Paise: 20000, d60Paise: 40000, d90Paise: 60000, expiredPaise: 10000 },
    salesPaise: 10000000,
    purchasesPaise: 6500000,
    outstandingPaise: 1000000,
  },
};

const addDays = (days: number) => new Date(Date.parse(`${todayIst()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const DETAILS: StoreDetails = {
  from: '2026-04-01',
  to: '2026-11-30',
  store: MAIN,
  address: '12 Market Yard, Pune 411037',
  topProducts: [{ productId: 'p1', productName: 'Paracetamol 500 mg', quantity: 1200, stockValuePaise: 1800000 }],
  expiringBatches: [
    { batchId: 'b1', productName: 'Amoxicillin 250 mg', batchNo: 'AMX-01', expiryDate: addDays(-3), quantity: 10, stockValuePaise: 5000 },
    { batchId: 'b2', productName: 'Cetirizine 10 mg', batchNo: 'CTZ-07', expiryDate: addDays(12), quantity: 30, stockValuePaise: 10000 },
    { batchId: 'b3', productName: 'Pantoprazole 40 mg', batchNo: 'PAN-02', expiryDate: addDays(75), quantity: 50, stockValuePaise: 20000 },
  ],
  months: [{ month: '2026-11', salesPaise: 9000000, purchasesPaise: 6000000 }],
};

describe('stores', () => {
  afterEach(resetFakeApi);

  it('lists each store with stock, expiry, trade and outstanding, and a totals row', async () => {
    const requests = booksApi({ [`GET ${BOOKS_PATHS.stores}`]: ok(DASHBOARD) });
    renderAt('/app', 'stores/dashboard?from=2026-04-01&to=2026-11-30', withProviders(<App />));
    const rows = within(await screen.findByRole('table', { name: 'Stores, 01/04/2026 – 30/11/2026' })).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Main godownPune Active', '₹50,000.00', '₹75,000.00', '40', '2', '₹100.00', '₹200.00', '₹300.00', '₹50.00', '₹90,000.00', '₹60,000.00', '₹10,000.00'],
      ['Kothrud branchPune ', '₹10,000.00', '₹15,000.00', '10', '1', '₹100.00', '₹200.00', '₹300.00', '₹50.00', '₹10,000.00', '₹5,000.00', '₹0.00'],
      ['Total', '₹60,000.00', '₹90,000.00', '50', '3', '₹200.00', '₹400.00', '₹600.00', '₹100.00', '₹1,00,000.00', '₹65,000.00', '₹10,000.00'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Main godown' })).toHaveAttribute('href', `/app/stores/details?warehouseId=${uuid(1)}`);
    expect(requests.find((r) => r.path === BOOKS_PATHS.stores)?.params).toEqual({ from: '2026-04-01', to: '2026-11-30' });
  });

  it("shows one store's figures, top products, expiring batches marked by urgency, and its months", async () => {
    const requests = booksApi({ [`GET ${BOOKS_PATHS.storeDetails}`]: ok(DETAILS) });
    renderAt('/app', `stores/details?warehouseId=${uuid(1)}&from=2026-04-01&to=2026-11-30`, withProviders(<App />));
    expect(await screen.findByLabelText('Store figures')).toHaveTextContent('Address12 Market Yard, Pune 411037');
    expect(requests.find((r) => r.path === BOOKS_PATHS.storeDetails)?.params).toEqual({ warehouseId: uuid(1), from: '2026-04-01', to: '2026-11-30' });
    expect(within(screen.getByRole('table', { name: 'Top products' })).getAllByRole('row').slice(1).map(cells)).toEqual([['Paracetamol 500 mg', '1,200', '₹18,000.00']]);

    const batches = within(screen.getByRole('table', { name: 'Expiring batches' })).getAllByRole('row').slice(1);
    const expired = within(batches[0]!).getByText('Expired');
    const soon = within(batches[1]!).getByText('Expires in 12 days');
    expect(expired).toHaveStyle({ color: theme.colors.danger, background: theme.colors.dangerSoft });
    expect(soon).toHaveStyle({ color: theme.colors.warning, background: theme.colors.warningSoft });
    // 75 days away: listed, not flagged.
    expect(within(batches[2]!).queryByText(/Expire/)).not.toBeInTheDocument();

    expect(await screen.findByRole('figure', { name: 'Sales and purchases by month' })).toBeInTheDocument();
  });

  it('asks for a store when none is chosen', async () => {
    booksApi({});
    renderAt('/app', 'stores/details', withProviders(<App />));
    expect(await screen.findByText('No store chosen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All stores' })).toHaveAttribute('href', '/app/stores/dashboard');
  });
});
