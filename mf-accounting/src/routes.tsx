import { MOVE_IN_KIND_LABELS, type MyAccount } from 'shared-api';
import { RouteTable, canUseCart, type RouteEntry } from 'shared-auth';
import { AddPurchaseBillPage } from './purchase-bills/AddPurchaseBillPage';
import { AddSupplierOrderPage } from './purchase-bills/AddSupplierOrderPage';
import { BillPaymentPage } from './purchase-bills/BillPaymentPage';
import { PurchaseBillPage } from './purchase-bills/PurchaseBillPage';
import { PurchaseBillsPage } from './purchase-bills/PurchaseBillsPage';
import { PrintButton, PrintableViewLink, PurchaseOrderPage } from './purchase-orders/PurchaseOrderPage';
import { PurchaseReportPage } from './purchase-reports/PurchaseReportPage';
import { PurchaseReportsPage } from './purchase-reports/PurchaseReportsPage';
import { PurchaseReturnPage } from './purchase-returns/PurchaseReturnPage';
import { PurchaseReturnsPage } from './purchase-returns/PurchaseReturnsPage';
import { PurchaseOrdersPage } from './purchase-orders/PurchaseOrdersPage';
import { AddInstorePage } from './instore-sales/AddInstorePage';
import { InstoreAddItemsPage } from './instore-sales/InstoreAddItemsPage';
import { InstorePaymentPage } from './instore-sales/InstorePaymentPage';
import { InstorePreviewPage } from './instore-sales/InstorePreviewPage';
import { InstoreSalePage } from './instore-sales/InstoreSalePage';
import { InstoreSalesPage } from './instore-sales/InstoreSalesPage';
import { QuotationPage } from './quotations/QuotationPage';
import { InvoicePage } from './sales-invoices/InvoicePage';
import { OnlineSalesPage } from './sales-invoices/OnlineSalesPage';
import { SalesReportDetailsPage } from './sales-reports/SalesReportDetailsPage';
import { SalesReportsPage } from './sales-reports/SalesReportsPage';
import { NewSalesReturnPage } from './sales-returns/NewSalesReturnPage';
import { SalesReturnPage } from './sales-returns/SalesReturnPage';
import { SalesReturnsPage } from './sales-returns/SalesReturnsPage';
import { EInvoicesPage } from './e-invoices/EInvoicesPage';
import { GstReturnsPage } from './gst-returns/GstReturnsPage';
import { AddHeadPage } from './heads/AddHeadPage';
import { HeadsDashboardPage } from './heads/HeadsDashboardPage';
import { AddJournalPage } from './journals/AddJournalPage';
import { JournalsDashboardPage } from './journals/JournalsDashboardPage';
import { LedgersPage } from './ledgers/LedgersPage';
import { MemoPaymentsPage } from './memo-payments/MemoPaymentsPage';
import { MoveInImportPage } from './move-in/MoveInImportPage';
import { MoveInNetworkPage } from './move-in/MoveInNetworkPage';
import { MoveInPage } from './move-in/MoveInPage';
import { ProfitLossPage } from './profit-loss/ProfitLossPage';
import { StoreDetailsPage } from './stores/StoreDetailsPage';
import { StoresDashboardPage } from './stores/StoresDashboardPage';

// Purchases, sales, journals, stores and heads have no index screen in SPEC.md §2: their group crumb is plain text.
const PURCHASES = { label: 'Purchases' };
const PURCHASE_INVOICES = { label: 'Purchase Invoices', to: '/purchases/invoices' };
const PURCHASE_ORDERS = { label: 'Purchase Orders', to: '/purchases/orders' };
/** Marketplace orders are placed through the cart, by retailers and hospitals (SPEC.md §6). */
const BUYERS_ONLY = {
  allow: (account: MyAccount) => canUseCart(account.customerType),
  denied: 'Purchase orders are sent from the cart by retailers and hospitals. Orders you receive are under Orders › Online Orders.',
};
const SALES = { label: 'Sales' };
const INSTORE_SALES = { label: 'In-store Sales', to: '/sales/instore' };
const SALES_REPORTS = { label: 'Sales Reports', to: '/sales/reports' };
const JOURNALS = { label: 'Journals', to: '/journals/dashboard' };
/** Writing to the books by hand (journals, heads) is the owner's: the API answers 403 to anyone else. */
const OWNER_ONLY = {
  allow: (account: MyAccount) => account.role === 'OWNER',
  denied: "Only the unit's owner adds journal entries and account heads. Ask the owner to make this entry.",
};
const STORES = { label: 'Stores', to: '/stores/dashboard' };
const HEADS = { label: 'Account Heads', to: '/heads/dashboard' };
const SETTINGS = { label: 'Settings' };
const MOVE_IN = { label: 'Move in', to: '/move-in' };
/** Moving the books in writes the unit's opening balances: the API answers 403 to anyone but the owner. */
const MOVE_IN_OWNER_ONLY = {
  allow: (account: MyAccount) => account.role === 'OWNER',
  denied: "Only the unit's owner moves the books in from Marg, Busy or Tally. Ask the owner to do it.",
};

/**
 * SPEC.md §2 purchases, sales, ledgers, profit&loss, memo-2-payment, journals, stores, heads: every screen of
 * mf-accounting. The purchase orders of "the top-level variant" are served under /app too: a superset, so no
 * link into them can break.
 */
export const routes: readonly RouteEntry[] = [
  // Purchases
  {
    path: 'purchases/invoices',
    title: 'Purchase Invoices',
    crumbs: [PURCHASES],
    element: <PurchaseBillsPage />,
  },
  {
    path: 'purchases/invoices/add',
    title: 'Enter Supplier Bill',
    crumbs: [PURCHASES, PURCHASE_INVOICES],
    element: <AddPurchaseBillPage />,
  },
  {
    path: 'purchases/invoice/:id',
    title: 'Purchase Invoice',
    crumbs: [PURCHASES, PURCHASE_INVOICES],
    element: <PurchaseBillPage />,
  },
  {
    path: 'purchases/invoice/:id/payment',
    title: 'Invoice Payment',
    crumbs: [PURCHASES, PURCHASE_INVOICES, { label: 'Purchase Invoice', to: '/purchases/invoice/:id' }],
    element: <BillPaymentPage />,
  },
  {
    path: 'purchases/invoices/add-purchase-order',
    title: 'Add Purchase Order',
    crumbs: [PURCHASES, PURCHASE_INVOICES],
    element: <AddSupplierOrderPage />,
  },
  {
    path: 'purchases/reports',
    title: 'Purchase Reports',
    crumbs: [PURCHASES],
    element: <PurchaseReportsPage />,
  },
  {
    path: 'purchases/report/:id',
    title: 'Purchase Report',
    crumbs: [PURCHASES, { label: 'Purchase Reports', to: '/purchases/reports' }],
    element: <PurchaseReportPage />,
  },
  {
    path: 'purchases/returns',
    title: 'Purchase Returns',
    crumbs: [PURCHASES],
    element: <PurchaseReturnsPage />,
  },
  {
    path: 'purchases/returns/:id',
    title: 'Purchase Return',
    crumbs: [PURCHASES, { label: 'Purchase Returns', to: '/purchases/returns' }],
    element: <PurchaseReturnPage />,
  },
  {
    path: 'purchases/orders',
    title: 'Purchase Orders',
    crumbs: [PURCHASES],
    element: <PurchaseOrdersPage />,
    access: BUYERS_ONLY,
  },
  // The cart is the purchase order before it is sent, and it lives in the shell: no second copy here.
  { path: 'purchases/orders/preview', redirectTo: '/cart' },
  {
    path: 'purchases/orders/:id',
    title: 'Purchase Order',
    crumbs: [PURCHASES, PURCHASE_ORDERS],
    element: <PurchaseOrderPage />,
    actions: <PrintableViewLink />,
    access: BUYERS_ONLY,
  },
  {
    path: 'purchases/orders/:id/view',
    title: 'View Purchase Order',
    crumbs: [PURCHASES, PURCHASE_ORDERS, { label: 'Purchase Order', to: '/purchases/orders/:id' }],
    element: <PurchaseOrderPage printable />,
    actions: <PrintButton />,
    access: BUYERS_ONLY,
  },

  // Sales
  {
    path: 'sales/instore',
    title: 'In-store Sales',
    crumbs: [SALES],
    element: <InstoreSalesPage />,
  },
  {
    path: 'sales/instore/:id',
    title: 'In-store Sale',
    crumbs: [SALES, INSTORE_SALES],
    element: <InstoreSalePage />,
  },
  {
    path: 'sales/instore/:id/payment',
    title: 'In-store Sale Payment',
    crumbs: [SALES, INSTORE_SALES, { label: 'In-store Sale', to: '/sales/instore/:id' }],
    element: <InstorePaymentPage />,
  },
  {
    path: 'sales/add-instore/:id',
    title: 'Add In-store Sale',
    crumbs: [SALES, INSTORE_SALES],
    element: <AddInstorePage />,
  },
  {
    path: 'sales/instore-add/:id',
    title: 'Add In-store Sale Items',
    crumbs: [SALES, INSTORE_SALES],
    element: <InstoreAddItemsPage />,
  },
  {
    path: 'sales/add-instore/preview/:id',
    title: 'In-store Sale Preview',
    crumbs: [SALES, INSTORE_SALES],
    element: <InstorePreviewPage />,
  },
  {
    path: 'sales/online',
    title: 'Online Sales',
    crumbs: [SALES],
    element: <OnlineSalesPage />,
  },
  {
    path: 'sales/reports',
    title: 'Sales Reports',
    crumbs: [SALES],
    element: <SalesReportsPage />,
  },
  {
    path: 'sales/report/details',
    title: 'Sales Report Details',
    crumbs: [SALES, SALES_REPORTS],
    element: <SalesReportDetailsPage />,
  },
  {
    path: 'sales/report/details/invoice',
    title: 'Tax Invoice',
    crumbs: [SALES, SALES_REPORTS, { label: 'Sales Report Details', to: '/sales/report/details' }],
    element: <InvoicePage />,
  },
  {
    path: 'sales/returns',
    title: 'Sales Returns',
    crumbs: [SALES],
    element: <SalesReturnsPage />,
  },
  {
    // Not in SPEC.md §2: the form behind "Return goods / Credit note" (linked from a sales invoice with ?invoiceId=).
    path: 'sales/returns/new',
    title: 'Return Goods / Credit Note',
    crumbs: [SALES, { label: 'Sales Returns', to: '/sales/returns' }],
    element: <NewSalesReturnPage />,
  },
  {
    path: 'sales/returns/:id',
    title: 'Sales Return',
    crumbs: [SALES, { label: 'Sales Returns', to: '/sales/returns' }],
    element: <SalesReturnPage />,
  },
  {
    // Not in SPEC.md §2: invoices, credit and debit notes by IRN state, their retry, and the e-invoice settings (issue 34).
    path: 'sales/e-invoices',
    title: 'E-invoices',
    crumbs: [SALES],
    element: <EInvoicesPage />,
  },
  {
    // Not in SPEC.md §2: the month's GSTR-1 and GSTR-3B from the books (issue 14).
    path: 'sales/gst-returns',
    title: 'GST Returns',
    crumbs: [SALES],
    element: <GstReturnsPage />,
  },
  {
    path: 'sales/quotation/:id',
    title: 'Quotation',
    crumbs: [SALES],
    element: <QuotationPage />,
  },

  // Books
  {
    path: 'ledgers',
    title: 'Ledgers',
    crumbs: [],
    element: <LedgersPage />,
  },
  {
    // The path holds a literal '&'; the router matches it whether the browser shows '&' or '%26'.
    path: 'profit&loss',
    title: 'Profit & Loss',
    crumbs: [],
    element: <ProfitLossPage />,
  },
  {
    path: 'memo-2-payment',
    title: 'Memo to Payment',
    crumbs: [],
    element: <MemoPaymentsPage />,
  },
  {
    path: 'journals/dashboard',
    title: 'Journals',
    crumbs: [],
    element: <JournalsDashboardPage />,
  },
  {
    path: 'journals/add',
    title: 'Add Journal Entry',
    crumbs: [JOURNALS],
    element: <AddJournalPage />,
    access: OWNER_ONLY,
  },
  {
    path: 'stores/dashboard',
    title: 'Stores',
    crumbs: [],
    element: <StoresDashboardPage />,
  },
  {
    path: 'stores/details',
    title: 'Store Details',
    crumbs: [STORES],
    element: <StoreDetailsPage />,
  },
  {
    path: 'heads/dashboard',
    title: 'Account Heads',
    crumbs: [],
    element: <HeadsDashboardPage />,
  },
  {
    path: 'heads/add',
    title: 'Add Account Head',
    crumbs: [HEADS],
    element: <AddHeadPage />,
    access: OWNER_ONLY,
  },

  // Settings › Move in (issue 36): not in SPEC.md §2.
  {
    path: 'move-in',
    title: 'Move in',
    crumbs: [SETTINGS],
    element: <MoveInPage />,
    access: MOVE_IN_OWNER_ONLY,
  },
  // One screen per kind of file, each path written out (the accessibility spec reads them from this table).
  {
    path: 'move-in/import/parties',
    title: `Import: ${MOVE_IN_KIND_LABELS.PARTIES}`,
    crumbs: [SETTINGS, MOVE_IN],
    element: <MoveInImportPage kind="PARTIES" />,
    access: MOVE_IN_OWNER_ONLY,
  },
  {
    path: 'move-in/import/items',
    title: `Import: ${MOVE_IN_KIND_LABELS.ITEMS}`,
    crumbs: [SETTINGS, MOVE_IN],
    element: <MoveInImportPage kind="ITEMS" />,
    access: MOVE_IN_OWNER_ONLY,
  },
  {
    path: 'move-in/import/bills',
    title: `Import: ${MOVE_IN_KIND_LABELS.BILLS}`,
    crumbs: [SETTINGS, MOVE_IN],
    element: <MoveInImportPage kind="BILLS" />,
    access: MOVE_IN_OWNER_ONLY,
  },
  {
    path: 'move-in/import/trial-balance',
    title: `Import: ${MOVE_IN_KIND_LABELS.TRIAL_BALANCE}`,
    crumbs: [SETTINGS, MOVE_IN],
    element: <MoveInImportPage kind="TRIAL_BALANCE" />,
    access: MOVE_IN_OWNER_ONLY,
  },
  {
    path: 'move-in/network',
    title: 'Joining the network',
    crumbs: [SETTINGS, MOVE_IN],
    element: <MoveInNetworkPage />,
    access: MOVE_IN_OWNER_ONLY,
  },
];

/** The remote's root component: createRemoteApp (src/app.tsx) wraps it in providers, router and error boundary. */
export function App() {
  return <RouteTable routes={routes} />;
}
