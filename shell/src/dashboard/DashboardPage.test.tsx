import { CurrentAddress } from 'shared-auth/testing/route-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CONSIGNMENT_STATUSES, DASHBOARD_PATHS, DELIVERY_PATHS, PATHS, type Dashboard, type MyAccount, type OrdersGraph, type StatusCounts } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { DashboardPage } from './DashboardPage';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, firstName: 'Priya', customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

// jsdom has no layout: the charts' ResponsiveContainer watches its size through this.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= NoResize;
});
afterEach(resetFakeApi);

const counts = (booked: number, delivered: number): StatusCounts => ({
  total: booked + delivered,
  byStatus: { ...(Object.fromEntries(CONSIGNMENT_STATUSES.map((s) => [s, 0])) as StatusCounts['byStatus']), BOOKED: booked, DELIVERED: delivered },
});
const fig = (count: number, valuePaise: number) => ({ count, valuePaise });
const stock = (batches: number, valuePaise: number) => ({ batches, quantity: batches * 10, valuePaise });

function answer(type: 'STOCKIST' | 'RETAILER', period: 'DAY' | 'WEEK'): Dashboard {
  const n = period === 'DAY' ? 1 : 7;
  const common = {
    period,
    since: '2026-11-21T04:30:00.000Z',
    until: '2026-11-22T04:30:00.000Z',
    customerType: type,
    inventory: {
      warehouseId: 'w1',
      warehouseName: 'Pune Main Godown',
      valuedAt: 'PTR' as const,
      inStock: stock(40, 12_345_600),
      products: 30,
      outOfStockProducts: 2,
      nearExpiry: { d30: stock(1, 10_000), d60: stock(2, 20_000), d90: stock(3, 65_000) },
      expired: stock(1, 50_000),
    },
    mostSold: [{ productId: 'p1', name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', quantity: 33 * n, valuePaise: 97_440 * n }],
    mostSearched: [{ productId: 'p2', name: 'Pan 40 Tablet', manufacturer: 'Alkem', hits: 12, stocked: false }],
    payments: { bankAccounts: 1, upiAccounts: 2, primaryUpi: { vpa: 'agarwal@okaxis', accountName: 'Agarwal Pharma' }, received: fig(2, 150_000), receivablePaise: 97_440 },
    pickups: { online: counts(2, 3), offline: counts(1, 0), incoming: counts(0, 1) },
  };
  if (type === 'RETAILER') {
    return { ...common, orders: { placed: { placed: fig(n, 97_440 * n), accepted: fig(n, 97_440 * n), rejected: 0, pending: fig(0, 0) } }, connections: { connected: 2, pendingSent: 1 } };
  }
  return {
    ...common,
    orders: { received: { received: fig(4 * n, 400_000 * n), accepted: fig(3, 300_000), rejected: 0, pending: fig(1, 97_440) } },
    offers: { running: 3, schemes: [{ batchId: 'b1', productId: 'p1', productName: 'Dolo 650 Tablet', batchNo: 'D-18', expiryDate: '2026-12-10', schemeBuy: 10, schemeFree: 1, available: 10, ptrPaise: 1000 }] },
    connections: { connected: 12, pendingSent: 0, withAccess: 9, pendingReceived: 2 },
    preferences: { minimumOrderPaise: 50_000, whatsappNumber: null, autoApprove: true, hasPaymentQr: false },
  };
}

const graph: OrdersGraph = { days: [{ date: '2026-11-22', received: fig(1, 97_440), sales: fig(1, 97_440) }] };

function dashboardApi(account: MyAccount): FakeRequest[] {
  return installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(account);
    if (request.path === DASHBOARD_PATHS.dashboard) return success(answer(account.customerType as 'STOCKIST' | 'RETAILER', (request.params?.period as 'DAY' | 'WEEK') ?? 'DAY'));
    if (request.path === DASHBOARD_PATHS.ordersDaily) return success(graph);
    if (request.path === DELIVERY_PATHS.onlinePickupsGraph || request.path === DELIVERY_PATHS.offlinePickupsGraph) return success({ days: [{ date: '2026-11-22', count: 2 }] });
    if (request.path === PATHS.warehouses) return success([]);
    if (request.path === PATHS.notifications) return success({ items: [], totalResults: 0, page: 0, pageSize: 6 });
    if (request.path === PATHS.employees) return success([]);
    return success(null);
  });
}

function openAt(path: string) {
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <RequireSession>
          <DashboardPage />
        </RequireSession>
        <CurrentAddress />
      </MemoryRouter>,
    ),
  );
}

const panel = () => screen.findByRole('tabpanel');
const dashboardRequests = (requests: FakeRequest[]) => requests.filter((r) => r.path === DASHBOARD_PATHS.dashboard).map((r) => r.params);

describe('dashboard', () => {
  it('opens the tab the navigation names, with the real figures and links to their screens', async () => {
    dashboardApi(OWNER_ACCOUNT);
    openAt('/app/dashboard?tab=online-pickups');
    const pickups = await panel();
    expect(pickups).toHaveAccessibleName('Online Pickups');
    const booked = within(pickups).getByRole('region', { name: 'Online pickups booked' });
    expect(within(booked).getByRole('listitem', { name: 'Total' })).toHaveTextContent('5');
    expect(within(booked).getByRole('link', { name: 'Open pickups' })).toHaveAttribute('href', '/app/orders/online-pickups');
    expect(await within(pickups).findByRole('figure', { name: 'Online pickups per day' })).toBeInTheDocument();
  });

  it("shows a stockist's seller sections and not a buyer's", async () => {
    dashboardApi(OWNER_ACCOUNT);
    openAt('/app/dashboard?tab=orders');
    const orders = await panel();
    const received = within(orders).getByRole('region', { name: 'Orders received' });
    expect(within(received).getByRole('listitem', { name: 'Received' })).toHaveTextContent('₹4,000.00');
    expect(within(received).getByRole('link', { name: '1 order' })).toHaveAttribute('href', '/app/orders/online-orders');
    expect(within(orders).queryByRole('region', { name: 'Orders placed' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    const inventory = await panel();
    expect(within(inventory).getByRole('listitem', { name: 'Stock value at PTR' })).toHaveTextContent('₹1,23,456.00');
    expect(within(inventory).getByRole('listitem', { name: 'Expiring within 90 days' })).toHaveTextContent('₹650.00');
    expect(within(inventory).getByRole('region', { name: 'Running schemes' })).toHaveTextContent('10 + 1');
    expect(within(inventory).getByRole('table', { name: 'Most searched products' })).toHaveTextContent('Not stocked');

    await userEvent.click(screen.getByRole('tab', { name: 'Connected Users' }));
    expect(within(await panel()).getByRole('listitem', { name: 'Requests awaiting you' })).toHaveTextContent('2');
    expect(within(await panel()).getByRole('region', { name: 'Preferences' })).toHaveTextContent('₹500.00');
  });

  it("leaves a retailer's missing sections out instead of showing zeros", async () => {
    dashboardApi(RETAILER);
    openAt('/app/dashboard?tab=orders');
    const orders = await panel();
    expect(within(orders).getByRole('region', { name: 'Orders placed' })).toBeInTheDocument();
    expect(within(orders).queryByRole('region', { name: 'Orders received' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    expect(within(await panel()).queryByRole('region', { name: 'Running schemes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Connected Users' }));
    const connections = await panel();
    expect(within(connections).queryByRole('listitem', { name: 'Requests awaiting you' })).not.toBeInTheDocument();
    expect(within(connections).queryByRole('region', { name: 'Preferences' })).not.toBeInTheDocument();
  });

  it('the period switch asks for the other period and keeps it in the address', async () => {
    const requests = dashboardApi(OWNER_ACCOUNT);
    openAt('/app/dashboard?tab=orders');
    await panel();
    expect(dashboardRequests(requests)).toEqual([{ period: 'DAY' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Last Week' }));
    await waitFor(() => expect(dashboardRequests(requests)).toEqual([{ period: 'DAY' }, { period: 'WEEK' }]));
    expect(screen.getByRole('button', { name: 'Last Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/app/dashboard?tab=orders&period=WEEK');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Orders received' })).getByRole('listitem', { name: 'Received' })).toHaveTextContent('₹28,000.00'));
    // The tabs keep the period.
    expect(screen.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('href', '/app/dashboard?tab=inventory&period=WEEK');
  });
});
