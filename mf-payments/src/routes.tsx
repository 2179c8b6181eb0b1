import { RouteTable, type RouteEntry } from 'shared-auth';
import { ProviderInvoicesPage } from './billing/ProviderInvoicesPage';
import { UpiDetailsPage } from './billing/UpiDetailsPage';
import { CreatePaymentPage } from './create-payment/CreatePaymentPage';
import { MakePaymentsPage } from './make/MakePaymentsPage';
import { ReceivePaymentsPage } from './receive/ReceivePaymentsPage';
import { AddUpiAccountPage } from './upi-accounts/AddUpiAccountPage';
import { UpiAccountsPage } from './upi-accounts/UpiAccountsPage';

// Neither group has an index screen in SPEC.md §2, so their group crumbs are plain text.
const PAYMENTS = { label: 'Payments' };
const BILLING = { label: 'Billing Details' };

/** SPEC.md §2 payments/upi and billing: every screen of mf-payments. */
export const routes: readonly RouteEntry[] = [
  {
    path: 'payments/upi/create',
    title: 'Create UPI Payment',
    crumbs: [PAYMENTS],
    element: <CreatePaymentPage />,
  },
  {
    path: 'payments/upi/receive',
    title: 'Receive Payments',
    crumbs: [PAYMENTS],
    element: <ReceivePaymentsPage />,
  },
  {
    path: 'payments/upi/make',
    title: 'Make Payments',
    crumbs: [PAYMENTS],
    element: <MakePaymentsPage />,
  },
  {
    path: 'payments/upi/accounts',
    title: 'UPI Accounts',
    crumbs: [PAYMENTS],
    element: <UpiAccountsPage />,
  },
  {
    path: 'payments/upi/accounts/add',
    title: 'Add UPI Account',
    crumbs: [PAYMENTS, { label: 'UPI Accounts', to: '/payments/upi/accounts' }],
    element: <AddUpiAccountPage />,
  },
  {
    path: 'billing/invoices',
    title: 'Medico Invoices',
    crumbs: [BILLING],
    element: <ProviderInvoicesPage />,
  },
  {
    path: 'billing/upi-account',
    title: 'UPI Details',
    crumbs: [BILLING],
    element: <UpiDetailsPage />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
