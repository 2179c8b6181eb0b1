import { screen } from '@testing-library/react';
import { MARKETPLACE_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

/** What each page shows when the API knows nothing (every call but the received orders answers 404). */
const BODY: Record<string, string | RegExp> = {
  'orders/offline-pickups': 'Offline pickups could not be loaded',
  'orders/offline-pickups/add': 'The markets could not be loaded',
  'orders/online-pickups': 'Orders ready to dispatch could not be loaded',
  'orders/online-orders': 'No online orders yet',
  'orders/online-orders/:orderId': 'No such order',
  'orders/orders-overview': 'Orders overview could not be loaded',
  'orders/orders-overview/:barcodeId': /^No consignment /,
  // The stockist owner is not a delivery boy.
  'orders/my-deliveries': /My Deliveries is for delivery boys/,
  'orders/outward-stock-registry': 'The outward stock register could not be loaded',
  'orders/outward-stock-registry/add': 'Record stock leaving the warehouse',
  'delivery-tracking': 'Your deliveries could not be loaded',
  'outward-stock-registry': 'The outward stock register could not be loaded',
  'outward-stock-registry/add': 'Record stock leaving the warehouse',
};

describe('mf-orders routes', () => {
  // The stockist owner, with no online orders yet (an unknown order id is not found).
  beforeEach(() =>
    installFakeApi(withAccount(OWNER_ACCOUNT, (r) => (r.path === MARKETPLACE_PATHS.receivedOrders ? success({ items: [], totalResults: 0, page: 0, pageSize: 20 }) : failure(404, 'E0002', 'Not found')))),
  );
  afterEach(resetFakeApi);

  describeRouteTable({
    routes,
    App,
    wrap: withProviders,
    async expectBody(page) {
      expect(await screen.findByText(BODY[page.path]!)).toBeInTheDocument();
    },
    // SPEC.md §2 orders, delivery-tracking, outward-stock-registry.
    specPaths: [
      'orders/offline-pickups',
      'orders/offline-pickups/add',
      'orders/online-pickups',
      'orders/online-orders',
      'orders/online-orders/ORD-1001',
      'orders/orders-overview',
      'orders/orders-overview/BC-778',
      'orders/outward-stock-registry',
      'orders/outward-stock-registry/add',
      'delivery-tracking',
      'outward-stock-registry',
      'outward-stock-registry/add',
    ],
  });

  it.each(['/app', ''])('orders redirects to offline pickups (basename "%s")', (basename) => {
    renderAt(basename, 'orders', withProviders(<App />));
    expect(screen.getByRole('heading', { level: 1, name: 'Offline Pickups' })).toBeInTheDocument();
  });

  it('links the breadcrumb of a detail page to its list, under the basename', async () => {
    renderAt('/app', 'orders/online-orders/ORD-1001', withProviders(<App />));
    await screen.findByText('No such order');
    expect(screen.getByRole('link', { name: 'Online Orders' })).toHaveAttribute('href', '/app/orders/online-orders');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/app/orders');
  });
});
