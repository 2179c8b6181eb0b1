import { RouteTable, type RouteEntry } from 'shared-auth';
import { NotAvailableYet } from 'shared-ui';

// Neither group has an index screen in SPEC.md §2, so their group crumbs are plain text.
const PAYMENTS = { label: 'Payments' };
const BILLING = { label: 'Billing Details' };

/** SPEC.md §2 payments/upi and billing: every screen of mf-payments. */
export const routes: readonly RouteEntry[] = [
  {
    path: 'payments/upi/create',
    title: 'Create UPI Payment',
    crumbs: [PAYMENTS],
    element: <NotAvailableYet feature="Creating a UPI payment" note="Payee name and number, VPA, amount and invoice image, turned into a UPI payment with a QR code." />,
  },
  {
    path: 'payments/upi/receive',
    title: 'Receive Payments',
    crumbs: [PAYMENTS],
    element: <NotAvailableYet feature="Receiving payments" note="Payments due to you by UPI, with party name, amount and paid amount." />,
  },
  {
    path: 'payments/upi/make',
    title: 'Make Payments',
    crumbs: [PAYMENTS],
    element: <NotAvailableYet feature="Making payments" note="Payments you owe, paid by UPI to the party's VPA or QR code." />,
  },
  {
    path: 'payments/upi/accounts',
    title: 'UPI Accounts',
    crumbs: [PAYMENTS],
    element: <NotAvailableYet feature="UPI accounts" note="Your UPI accounts and their QR codes." />,
  },
  {
    path: 'payments/upi/accounts/add',
    title: 'Add UPI Account',
    crumbs: [PAYMENTS, { label: 'UPI Accounts', to: '/payments/upi/accounts' }],
    element: <NotAvailableYet feature="Adding a UPI account" note="A form for a UPI account: name, VPA, and the bank account behind it." />,
  },
  {
    path: 'billing/invoices',
    title: 'Medico Invoices',
    crumbs: [BILLING],
    element: (
      <NotAvailableYet
        feature="Medico invoices"
        note="Our invoices to you: number, date, deliveries, total, subscription plan and payment status, with pay and open-invoice actions."
      />
    ),
  },
  {
    path: 'billing/upi-account',
    title: 'UPI Details',
    crumbs: [BILLING],
    element: <NotAvailableYet feature="UPI details" note="The bank account (name, account number, IFSC) and VPA your payments go to." />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
