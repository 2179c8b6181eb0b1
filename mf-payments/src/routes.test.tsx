import { screen } from '@testing-library/react';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { describeRouteTable } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

/** What each page shows when the API refuses everything: its form, or what could not be loaded. */
const BODIES: Record<string, () => Promise<HTMLElement>> = {
  'payments/upi/create': () => screen.findByRole('form', { name: 'Create UPI payment' }),
  'payments/upi/receive': () => screen.findByText('The parties that owe you could not be loaded'),
  'payments/upi/make': () => screen.findByText('The parties you owe could not be loaded'),
  'payments/upi/accounts': () => screen.findByText('Your UPI accounts could not be loaded'),
  'payments/upi/accounts/add': () => screen.findByRole('form', { name: 'UPI account' }),
  'billing/invoices': () => screen.findByText('Your Medico invoices could not be loaded'),
  'billing/upi-account': () => screen.findByText('Your UPI details could not be loaded'),
};

describe('mf-payments routes', () => {
  beforeEach(() => installFakeApi(withAccount(OWNER_ACCOUNT)));
  afterEach(resetFakeApi);

  describeRouteTable({
    routes,
    App,
    wrap: withProviders,
    async expectBody(page) {
      const body = BODIES[page.path];
      expect(body && page.path).toBe(page.path);
      expect(await body!()).toBeInTheDocument();
    },
    // SPEC.md §2 payments/upi and billing.
    specPaths: [
      'payments/upi/create',
      'payments/upi/receive',
      'payments/upi/make',
      'payments/upi/accounts',
      'payments/upi/accounts/add',
      'billing/invoices',
      'billing/upi-account',
    ],
  });
});
