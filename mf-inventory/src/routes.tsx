import { RouteTable, canUploadInventory, type RouteEntry } from 'shared-auth';
import { NotAvailableYet } from 'shared-ui';

const INVENTORY = { label: 'Inventory', to: '/inventory/list' };
const STOCKS = { label: 'Stocks', to: '/stocks/list' };
const STOCK_REPORTS = { label: 'Stock Reports', to: '/stocks/reports' };

const stockReportDetails = (
  <NotAvailableYet feature="Stock report details" note="The products, batches and quantities behind one stock report." />
);

/**
 * SPEC.md §2 inventory and stocks: every screen of mf-inventory. Both spellings of the stock report details
 * (report/details, and reports/details of the top-level variant) are served under either basename.
 */
export const routes: readonly RouteEntry[] = [
  { path: 'inventory', redirectTo: '/inventory/list' },
  {
    path: 'inventory/list',
    title: 'Inventory',
    crumbs: [],
    element: <NotAvailableYet feature="Your inventory" note="The stock you uploaded, with quantity and expiry date per product." />,
  },
  {
    path: 'inventory/upload',
    title: 'Upload Inventory',
    crumbs: [INVENTORY],
    access: { allow: (account) => canUploadInventory(account.customerType), denied: 'Only stockists upload inventory.' },
    element: <NotAvailableYet feature="Inventory upload" note="Upload your stock as an Excel (XLS, XLSX), PDF or TXT file." />,
  },
  { path: 'stocks', redirectTo: '/stocks/list' },
  {
    path: 'stocks/list',
    title: 'Stocks',
    crumbs: [],
    element: <NotAvailableYet feature="Stocks" note="Every product in stock with its batches, quantity and expiry date." />,
  },
  {
    path: 'stocks/add',
    title: 'Add Stock',
    crumbs: [STOCKS],
    element: <NotAvailableYet feature="Adding stock" note="A form to add a product batch with quantity, free quantity and expiry date." />,
  },
  {
    path: 'stocks/:id',
    title: 'Stock Details',
    crumbs: [STOCKS],
    element: <NotAvailableYet feature="Stock details" note="One product's batches and the movements that explain its stock." />,
  },
  {
    path: 'stocks/reports',
    title: 'Stock Reports',
    crumbs: [STOCKS],
    element: <NotAvailableYet feature="Stock reports" note="Stock value and movement by period." />,
  },
  { path: 'stocks/report/details', title: 'Stock Report Details', crumbs: [STOCKS, STOCK_REPORTS], element: stockReportDetails },
  { path: 'stocks/reports/details', title: 'Stock Report Details', crumbs: [STOCKS, STOCK_REPORTS], element: stockReportDetails },
  {
    path: 'stocks/expiry-list',
    title: 'Expiry List',
    crumbs: [STOCKS],
    element: <NotAvailableYet feature="The expiry list" note="Batches that are expired or about to expire." />,
  },
  {
    path: 'stocks/expiry/details',
    title: 'Expiry Details',
    crumbs: [STOCKS, { label: 'Expiry List', to: '/stocks/expiry-list' }],
    element: <NotAvailableYet feature="Expiry details" note="The batches and quantities expiring in one period." />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
