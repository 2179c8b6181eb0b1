import { screen } from '@testing-library/react';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

describe('mf-accounting routes', () => {
  describeRouteTable({
    routes,
    App,
    // SPEC.md §2 purchases (with the top-level variant's orders), sales, ledgers, profit&loss, memo-2-payment,
    // journals, stores, heads.
    specPaths: [
      'purchases/invoices',
      'purchases/invoice/PI-12',
      'purchases/invoice/PI-12/payment',
      'purchases/invoices/add-purchase-order',
      'purchases/reports',
      'purchases/report/R-3',
      'purchases/returns',
      'purchases/returns/PR-4',
      'purchases/orders',
      'purchases/orders/PO-9',
      'purchases/orders/PO-9/view',
      'purchases/orders/preview',
      'sales/add-instore/S-1',
      'sales/instore',
      'sales/instore/S-1',
      'sales/instore/S-1/payment',
      'sales/instore-add/S-1',
      'sales/add-instore/preview/S-1',
      'sales/online',
      'sales/reports',
      'sales/report/details',
      'sales/report/details/invoice',
      'sales/returns',
      'sales/returns/SR-2',
      'sales/quotation/Q-5',
      'ledgers',
      'profit&loss',
      'memo-2-payment',
      'journals/dashboard',
      'journals/add',
      'stores/dashboard',
      'stores/details',
      'heads/dashboard',
      'heads/add',
    ],
  });

  it.each([
    ['/app', 'profit&loss'],
    ['/app', 'profit%26loss'],
    ['', 'profit&loss'],
    ['', 'profit%26loss'],
  ])('profit & loss opens at %s/%s', (basename, path) => {
    renderAt(basename, path, <App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profit & Loss' })).toBeInTheDocument();
  });

  it('the purchase order preview is not taken for an order id', () => {
    renderAt('/app', 'purchases/orders/preview', <App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Order Preview' })).toBeInTheDocument();
  });

  it('fills the :id of a parent crumb from the URL', () => {
    renderAt('', 'purchases/invoice/PI-12/payment', <App />);
    expect(screen.getByRole('link', { name: 'Purchase Invoice' })).toHaveAttribute('href', '/purchases/invoice/PI-12');
  });
});
