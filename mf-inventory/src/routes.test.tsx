import { screen } from '@testing-library/react';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders, type FakeHandler } from 'shared-auth/testing/fake-api';
import { inventoryApi } from './fixtures.test-kit';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';
import { RECALL_ID, recallState, recallsApi } from './recalls/recalls.test-kit';

// The recall screens (issue 35) over the stockist's inventory; the table's sample id stands for the one recall.
const stockistApi = recallsApi(recallState(), inventoryApi);
const withRecalls: FakeHandler = (request) => stockistApi({ ...request, path: request.path.replace('sample-1', RECALL_ID) });

describe('mf-inventory routes', () => {
  // A stockist, who may use every screen (inventory upload is STOCKIST only).
  beforeEach(() => installFakeApi(withAccount(OWNER_ACCOUNT, withRecalls)));
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
      'stocks/recalls',
      'stocks/recalls/new',
      'stocks/recalls/RC-1',
    ],
    async expectBody(page) {
      if (page.path === 'inventory/upload') expect(screen.getByLabelText('Stock file')).toBeInTheDocument();
      else if (page.path === 'stocks/add') expect(screen.getByRole('form', { name: 'Add stock' })).toBeInTheDocument();
      else if (page.path === 'stocks/reports') expect(await screen.findByText('₹3,225.60')).toBeInTheDocument();
      else if (page.path === 'stocks/:id') expect(await screen.findByText('Opening stock')).toBeInTheDocument();
      // A stockist is not the back office (recalls/import/RecallImportPage.test.tsx shows staff the page).
      else if (page.path === 'stocks/recalls/import') expect(await screen.findByRole('alert')).toHaveTextContent("for the provider's staff");
      // Issue 36: the same for merging duplicates (catalogue/DuplicatesPage.test.tsx shows staff the page).
      else if (page.path === 'stocks/catalogue') expect(await screen.findByRole('alert')).toHaveTextContent("for the provider's staff");
      else if (page.path === 'stocks/recalls') expect(await screen.findByRole('link', { name: 'RC-000004' })).toBeInTheDocument();
      else if (page.path === 'stocks/recalls/new') expect(screen.getByRole('form', { name: 'Raise a recall' })).toBeInTheDocument();
      else if (page.path === 'stocks/recalls/:id') expect(await screen.findByRole('table', { name: 'Sold' })).toBeInTheDocument();
      else if (page.path === 'stocks/clearance') expect(await screen.findByRole('form', { name: 'Expiry window' })).toBeInTheDocument();
      else expect((await screen.findAllByText('Dolo 650 Tablet')).length).toBeGreaterThan(0);
    },
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

  it.each(['RETAILER', 'HOSPITAL'] as const)('a %s lists no near-expiry stock: only stockists receive online orders', async (customerType) => {
    installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType }, inventoryApi));
    renderAt('/app', 'stocks/clearance', withProviders(<App />));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only stockists list near-expiry stock');
  });

  it.each(['RETAILER', 'HOSPITAL'] as const)('a %s keeps stock: the stock list opens (its purchase bills bring stock in)', async (customerType) => {
    installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType }, inventoryApi));
    renderAt('/app', 'stocks/list', withProviders(<App />));
    expect(await screen.findByRole('table', { name: 'Stocks' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stock add is not taken for a stock id', async () => {
    renderAt('', 'stocks/add', withProviders(<App />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Stock' })).toBeInTheDocument();
  });
});
