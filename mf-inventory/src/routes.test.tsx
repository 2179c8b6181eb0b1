import { screen } from '@testing-library/react';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

describe('mf-inventory routes', () => {
  // A stockist, who may use every screen (inventory upload is STOCKIST only).
  beforeEach(() => installFakeApi(withAccount(OWNER_ACCOUNT)));
  afterEach(resetFakeApi);

  describeRouteTable({
    routes,
    App,
    wrap: withProviders,
    // SPEC.md §2 inventory and stocks (report/details, and reports/details of the top-level variant).
    specPaths: [
      'inventory/upload',
      'inventory/list',
      'stocks/list',
      'stocks/add',
      'stocks/ST-42',
      'stocks/reports',
      'stocks/report/details',
      'stocks/reports/details',
      'stocks/expiry-list',
      'stocks/expiry/details',
    ],
  });

  it.each([
    ['inventory', 'Inventory'],
    ['stocks', 'Stocks'],
  ])('%s redirects to its list', async (path, title) => {
    renderAt('/app', path, withProviders(<App />));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each(['RETAILER', 'HOSPITAL'] as const)('a %s sees access denied on inventory upload (SPEC.md §6)', async (customerType) => {
    installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType }));
    renderAt('/app', 'inventory/upload', withProviders(<App />));
    expect(screen.getByRole('heading', { level: 1, name: 'Upload Inventory' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only stockists upload inventory.');
    expect(screen.queryByText(/is not available yet/)).not.toBeInTheDocument();
  });

  it('stock add is not taken for a stock id', async () => {
    renderAt('', 'stocks/add', withProviders(<App />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Stock' })).toBeInTheDocument();
  });
});
