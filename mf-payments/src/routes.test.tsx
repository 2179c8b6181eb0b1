import { describeRouteTable } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

describe('mf-payments routes', () => {
  describeRouteTable({
    routes,
    App,
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
