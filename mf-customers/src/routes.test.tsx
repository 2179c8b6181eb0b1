import { screen } from '@testing-library/react';
import { PATHS, PROFILE_PATHS, type CustomerType } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';
import { SURESH } from './employees/fixtures.test-kit';

/** The unit's employees, no connections yet, auto approve off. */
const unitApi = (request: FakeRequest) => {
  if (request.path === PATHS.employees) return success([SURESH]);
  if (request.path === PROFILE_PATHS.preferences) return success({ minimumOrderPaise: null, whatsappNumber: null, autoApprove: false, hasPaymentQr: false });
  return success({ items: [], totalResults: 0, page: 0, pageSize: 20 });
};

describe('mf-customers routes', () => {
  afterEach(resetFakeApi);

  describe('as the stockist owner', () => {
    // A STOCKIST owner may use every screen; the API has one employee.
    beforeEach(() => installFakeApi(withAccount(OWNER_ACCOUNT, unitApi)));

    describeRouteTable({
      routes,
      App,
      wrap: withProviders,
      // SPEC.md §2 customers (index, stockists, hospitals, retailers) and employees (logins list, register).
      specPaths: ['customers', 'customers/stockists', 'customers/hospitals', 'customers/retailers', 'employees', 'employees/register'],
      async expectBody(page) {
        if (page.path === 'employees') expect(await screen.findByText('Suresh Patil')).toBeInTheDocument();
        else if (page.path === 'employees/register') expect(screen.getByRole('form', { name: 'Register employee' })).toBeInTheDocument();
        else expect(await screen.findByText(/^No connected (stockists|hospitals|retailers) yet$/)).toBeInTheDocument();
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
    beforeEach(() => installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType }, unitApi)));

    it.each(LISTS)('%s', async (path, listType) => {
      renderAt('/app', path, withProviders(<App />));
      if (listType === 'STOCKIST') {
        expect(await screen.findByText('No connected stockists yet')).toBeInTheDocument();
      } else {
        expect(await screen.findByRole('alert')).toHaveTextContent('Your account type can list stockists only.');
        expect(screen.queryByText(/^No connected/)).not.toBeInTheDocument();
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
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, unitApi));
    renderAt('', 'customers/retailers', withProviders(<App />));
    await screen.findByText('No connected retailers yet');
    expect(requests.filter((r) => r.path === PATHS.myAccount)).toHaveLength(1);
  });
});
