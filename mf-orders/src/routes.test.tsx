import { screen } from '@testing-library/react';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

describe('mf-orders routes', () => {
  describeRouteTable({
    routes,
    App,
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
    renderAt(basename, 'orders', <App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Offline Pickups' })).toBeInTheDocument();
  });

  it('links the breadcrumb of a detail page to its list, under the basename', () => {
    renderAt('/app', 'orders/online-orders/ORD-1001', <App />);
    expect(screen.getByRole('link', { name: 'Online Orders' })).toHaveAttribute('href', '/app/orders/online-orders');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/app/orders');
  });
});
