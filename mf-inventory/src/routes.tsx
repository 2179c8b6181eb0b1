import { RouteTable, canKeepStock, canUploadInventory, type PageRoute, type RouteEntry } from 'shared-auth';
import { ButtonLink } from 'shared-ui';
import { DuplicatesPage } from './catalogue/DuplicatesPage';
import { ClearancePage } from './clearance/ClearancePage';
import { RaiseRecallPage } from './recalls/RaiseRecallPage';
import { RecallListActions, RecallListPage, canRaiseRecall } from './recalls/RecallListPage';
import { RecallPage } from './recalls/RecallPage';
import { InventoryListPage } from './inventory/InventoryListPage';
import { RecallImportPage } from './recalls/import/RecallImportPage';
import { AddStockPage } from './stocks/AddStockPage';
import { ExpiryListPage } from './stocks/ExpiryListPage';
import { ReportsPage } from './stocks/ReportsPage';
import { StockDetailPage } from './stocks/StockDetailPage';
import { UploadPage } from './upload/UploadPage';

const INVENTORY = { label: 'Inventory', to: '/inventory/list' };
const STOCKS = { label: 'Stocks', to: '/stocks/list' };
const STOCK_REPORTS = { label: 'Stock Reports', to: '/stocks/reports' };

// Uploaded inventory is a stockist's (SPEC.md §2, §6); the stock screens are every stock keeper's (retailers and
// hospitals receive purchase bills into stock). The API applies the same rules.
type PageAccess = NonNullable<PageRoute['access']>;
const STOCKIST_ONLY: PageAccess = { allow: (account) => canUploadInventory(account.customerType), denied: 'Only stockists keep inventory here.' };
// Back-office staff belong to the provider's unit, a MANUFACTURER-type unit; the page asks the profile whether the
// caller is staff, and the API refuses everyone else.
const BACK_OFFICE: PageAccess = { allow: (account) => account.customerType === 'MANUFACTURER', denied: "Importing the regulator's recall list is for the provider's staff." };
const STOCK_KEEPERS: PageAccess = { allow: (account) => canKeepStock(account.customerType), denied: 'Only stockists, retailers and hospitals keep stock here.' };
// Issue 35: recalls reach every stock keeper; manufacturers recall their own products (back-office staff belong to the
// provider's unit, a manufacturer, and see every recall). Raising: stockists and manufacturers (the API checks the product).
const RECALL_READERS: PageAccess = {
  allow: (account) => canKeepStock(account.customerType) || account.customerType === 'MANUFACTURER',
  denied: 'Recalls are for stock keepers and manufacturers.',
};
const RECALL_RAISERS: PageAccess = {
  allow: (account) => canRaiseRecall(account.customerType),
  denied: 'Stockists raise recalls of stock they distribute, manufacturers of their own products; retailers and hospitals are told of them.',
};
const RECALLS = { label: 'Recalls', to: '/stocks/recalls' };

const stockReportDetails = <InventoryListPage label="Stock report details" />;

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
    access: STOCKIST_ONLY,
    actions: <ButtonLink to="/inventory/upload">Upload inventory</ButtonLink>,
    element: <InventoryListPage label="Inventory" />,
  },
  {
    path: 'inventory/upload',
    title: 'Upload Inventory',
    crumbs: [INVENTORY],
    access: { allow: (account) => canUploadInventory(account.customerType), denied: 'Only stockists upload inventory.' },
    element: <UploadPage />,
  },
  { path: 'stocks', redirectTo: '/stocks/list' },
  {
    path: 'stocks/list',
    title: 'Stocks',
    crumbs: [],
    access: STOCK_KEEPERS,
    actions: <ButtonLink to="/stocks/add">Add stock</ButtonLink>,
    element: <InventoryListPage label="Stocks" />,
  },
  { path: 'stocks/add', title: 'Add Stock', crumbs: [STOCKS], access: STOCK_KEEPERS, element: <AddStockPage /> },
  { path: 'stocks/:id', title: 'Stock Details', crumbs: [STOCKS], access: STOCK_KEEPERS, element: <StockDetailPage /> },
  { path: 'stocks/reports', title: 'Stock Reports', crumbs: [STOCKS], access: STOCK_KEEPERS, element: <ReportsPage /> },
  { path: 'stocks/report/details', title: 'Stock Report Details', crumbs: [STOCKS, STOCK_REPORTS], access: STOCK_KEEPERS, element: stockReportDetails },
  { path: 'stocks/reports/details', title: 'Stock Report Details', crumbs: [STOCKS, STOCK_REPORTS], access: STOCK_KEEPERS, element: stockReportDetails },
  { path: 'stocks/expiry-list', title: 'Expiry List', crumbs: [STOCKS], access: STOCK_KEEPERS, element: <ExpiryListPage /> },
  // Issue 18: near-expiry batches listed at a lower PTR. A sale is an online order, which only stockists receive.
  {
    path: 'stocks/clearance',
    title: 'Clear Near Expiry',
    crumbs: [STOCKS, { label: 'Expiry List', to: '/stocks/expiry-list' }],
    access: { allow: (account) => canUploadInventory(account.customerType), denied: 'Only stockists list near-expiry stock: buyers order it from them online.' },
    element: <ClearancePage />,
  },
  // Issue 35: the regulator's list of not-of-standard-quality and recalled batches, imported by the back office.
  {
    path: 'stocks/recalls/import',
    title: 'Import Recall List',
    crumbs: [STOCKS, { label: 'Recalls', to: '/stocks/recalls' }],
    access: BACK_OFFICE,
    element: <RecallImportPage />,
  },
  {
    path: 'stocks/recalls',
    title: 'Recalls',
    crumbs: [STOCKS],
    access: RECALL_READERS,
    actions: <RecallListActions />,
    element: <RecallListPage />,
  },
  // Issue 36: the back office merges duplicates in the product master.
  {
    path: 'stocks/catalogue',
    title: 'Catalogue',
    crumbs: [],
    access: { allow: (account) => account.customerType === 'MANUFACTURER', denied: "Merging duplicates in the product master is for the provider's staff." },
    element: <DuplicatesPage />,
  },
  { path: 'stocks/recalls/new', title: 'Raise a Recall', crumbs: [STOCKS, RECALLS], access: RECALL_RAISERS, element: <RaiseRecallPage /> },
  { path: 'stocks/recalls/:id', title: 'Recall', crumbs: [STOCKS, RECALLS], access: RECALL_READERS, element: <RecallPage /> },
  {
    path: 'stocks/expiry/details',
    title: 'Expiry Details',
    crumbs: [STOCKS, { label: 'Expiry List', to: '/stocks/expiry-list' }],
    access: STOCK_KEEPERS,
    element: <InventoryListPage label="Expiry details" defaultExpiry="30" />,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
