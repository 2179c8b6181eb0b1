import { screen } from '@testing-library/react';
import { PATHS, type CustomerType } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';
import { SURESH } from './employees/fixtures.test-kit';

describe('mf-customers routes', () => {
  afterEach(resetFakeApi);

  describe('as the stockist owner', () => {
    // A STOCKIST owner may use every screen; the API has one employee.
    beforeEach(() => installFakeApi(withAccount(OWNER_ACCOUNT, () => success([SURESH]))));

    describeRouteTable({
      routes,
      App,
      wrap: withProviders,
      // SPEC.md §2 customers (index, stockists, hospitals, retailers) and employees (logins list, register).
      specPaths: ['customers', 'customers/stockists', 'customers/hospitals', 'customers/retailers', 'employees', 'employees/register'],
      async expectBody(page) {
        if (page.path === 'employees') expect(await screen.findByText('Suresh Patil')).toBeInTheDocument();
        else if (page.path === 'employees/register') expect(screen.getByRole('form', { name: 'Register employee' })).toBeInTheDocument();
        else expect(await screen.findByText(/^Connected (stockists|hospitals|retailers) is not available yet$/)).toBeInTheDocument();
      },
    });
  });

  const LISTS: [path: string, type: CustomerType][] = [
    ['customers', 'STOCKIST'],
    ['customers/stockists', 'STOCKIST'],
    ['customers/hospitals', 'HOSPITAL'],
    ['customers/retailers', 'RETAILER'],
  ];

  describe.each(['RETAILER', 'HOSPITAL'] as const)('as a %s (SPEC.md §6: stockists only)', (customerType) => {
    beforeEach(() => installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType })));

    it.each(LISTS)('%s', async (path, listType) => {
      renderAt('/app', path, withProviders(<App />));
      if (listType === 'STOCKIST') {
        expect(await screen.findByText('Connected stockists is not available yet')).toBeInTheDocument();
      } else {
        expect(await screen.findByRole('alert')).toHaveTextContent('Your account type can list stockists only.');
        expect(screen.queryByText(/is not available yet/)).not.toBeInTheDocument();
      }
    });
  });

  it('shows a retry when the account cannot be loaded', async () => {
    installFakeApi(() => ({ status: 500, data: { type: 'error', code: 'E0041', message: 'Something went wrong, please try after sometime' } }));
    renderAt('', 'customers/hospitals', withProviders(<App />));
    expect(await screen.findByText('Your account could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks for the account only once for a gated screen', async () => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT));
    renderAt('', 'customers/retailers', withProviders(<App />));
    await screen.findByText('Connected retailers is not available yet');
    expect(requests.map((r) => r.path)).toEqual([PATHS.myAccount]);
  });
});
