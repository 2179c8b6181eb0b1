import { type LISTED_TYPES, typeSegment } from './constants';

/** Paths of SPEC.md §7, relative to the API base URL. One place, used by the API routes and the screens. */
export const PATHS = {
  otpLogin: '/medico/otp/login',
  otpVerify: '/medico/otp/login/verify',
  otpResend: '/medico/otp/login/resend',
  refreshToken: '/medico/refresh-token',
  logout: '/medico/logout',
  myAccount: '/b2bapp/myaccount',
  warehouses: '/b2bapp/group/warehouses',
  setActiveWarehouse: (id: string) => `/b2bapp/group/active/${encodeURIComponent(id)}`,
  employees: '/b2bapp/employee/all',
  addEmployee: '/b2bapp/employee/add',
  deleteEmployee: (employeeId: string) => `/b2bapp/employee/delete/${encodeURIComponent(employeeId)}`,
  /** PUT: the owner gives an employee login a role (roles.ts). */
  employeeRole: (employeeId: string) => `/b2bapp/employee/${encodeURIComponent(employeeId)}/role`,
  notifications: '/notifications/all',
  cart: '/cart',
  firebaseAddToken: '/notifications/firebase/add-token',
  /** Test-only (never in production): the last OTP sent to a number. */
  testLastOtp: '/test/otp/last',
} as const;

// Each feature's paths, here rather than beside its schemas so a screen that only calls an endpoint does not load zod.

export const CONNECTIONS_PATHS = {
  /** SPEC.md §7 `b2bapp/v2/{customerType}/{connectedUserType}`. */
  connectedUsers: (customerType: (typeof LISTED_TYPES)[number], connectedUserType: (typeof LISTED_TYPES)[number]) =>
    `/b2bapp/v2/${typeSegment(customerType)}/${typeSegment(connectedUserType)}`,
  /** SPEC.md §7: the seller gives a connected buyer access / takes it away. */
  grantAccess: '/b2bapp/v2/stockist/access',
  revokeAccess: '/b2bapp/v2/stockist/no-access',
  /** POST only: the preference is read with the others (PROFILE_PATHS.preferences). */
  autoApprove: '/b2bapp/v2/stockist/auto-approve',
  nearby: '/b2bapp/v2/connections/nearby',
  request: '/b2bapp/v2/connections/request',
  approve: '/b2bapp/v2/connections/approve',
  decline: '/b2bapp/v2/connections/decline',
  disconnect: '/b2bapp/v2/connections/disconnect',
} as const;

/**
 * Inventory (issue 3, SPEC.md §2 inventory and stocks): batch-wise stock per warehouse, uploaded from the files
 * billing software exports (XLSX, XLS, PDF, TXT) or added by hand. Every screen works on the caller's active
 * warehouse. Money is integer paise; dates 'YYYY-MM-DD'.
 */
export const INVENTORY_PATHS = {
  all: '/tenants/inventory/all',
  add: '/tenants/inventory/add',
  age: '/tenants/inventory/age',
  batch: (id: string) => `/tenants/inventory/batch/${encodeURIComponent(id)}`,
  /** PUT FixProductHsn: a product whose HSN has no GST rate on record gets one that has (issue 32). */
  productHsn: (productId: string) => `/tenants/inventory/products/${encodeURIComponent(productId)}/hsn`,
  expiry: '/tenants/inventory/expiry',
  report: '/tenants/inventory/report',
  uploadPreview: '/tenants/inventory/upload/preview',
  uploadImport: '/tenants/inventory/upload/import',
  /** GET / PUT CostBasis: what stock arriving without a cost is valued at (issue 39 item 5). */
  costBasis: '/tenants/inventory/cost-basis',
} as const;

export const MARKETPLACE_PATHS = {
  searchHistory: '/search/history',
  suggest: '/search/suggest/product',
  globalSearch: '/search/v3/global',
  stockists: '/search/v3/view/stockists',
  cartAddEntry: '/cart/addEntry',
  cartUpdateEntry: '/cart/updateEntry',
  cartDeleteEntry: '/cart/deleteEntry',
  cartDeleteCart: '/cart/deleteCart',
  cartDeleteSellerCart: '/cart/deleteSellerCart',
  cartConfirm: '/cart/confirm',
  cartSubmit: '/cart/submit',
  /** Orders the caller's unit placed (buyer). */
  placedOrders: '/orders/v2/placed',
  /** Online orders the caller's unit received (seller): mf-orders Online Orders. */
  receivedOrders: '/orders/v2/all',
  order: (orderId: string) => `/orders/v2/${encodeURIComponent(orderId)}`,
  acceptOrder: (orderId: string) => `/orders/v2/${encodeURIComponent(orderId)}/accept`,
  rejectOrder: (orderId: string) => `/orders/v2/${encodeURIComponent(orderId)}/reject`,
  /** The seller takes back an acceptance not yet invoiced or dispatched: the stock returns, the order ends rejected. */
  cancelAcceptance: (orderId: string) => `/orders/v2/${encodeURIComponent(orderId)}/cancel-acceptance`,
} as const;

/** Profile, preferences, payout accounts and warehouse editing (issue 5, SPEC.md §3). */
export const PROFILE_PATHS = {
  profile: '/b2bapp/profile',
  tradeTexts: '/b2bapp/profile/trade',
  preferences: '/b2bapp/preferences',
  paymentQr: '/b2bapp/preferences/qr',
  payoutAccounts: '/b2bapp/bank-accounts',
  addPayoutAccount: '/b2bapp/bank-accounts/add',
  deletePayoutAccount: (id: string) => `/b2bapp/bank-accounts/delete/${encodeURIComponent(id)}`,
  addWarehouse: '/b2bapp/group/warehouses/add',
  editWarehouse: (id: string) => `/b2bapp/group/warehouses/edit/${encodeURIComponent(id)}`,
  /** POST WarehouseClosure: closed until a date with a note (STORE_CLOSED to connected buyers), or open again. */
  warehouseClosed: (id: string) => `/b2bapp/group/warehouses/${encodeURIComponent(id)}/closed`,
} as const;

export const REGISTRATION_PATHS = {
  pincode: '/geo/pincode',
  otp: '/registration/otp',
  otpVerify: '/registration/otp/verify',
  draft: '/registration',
  step1: '/registration/v3/step1',
  step2: '/registration/v3/step2',
  step3: '/registration/v3/step3',
  uploadLicence: '/registration/upload/license',
  submit: '/registration/submit',
  /** Signed in: a document of the caller's own application (staff: any). */
  document: (id: string) => `/registration/documents/${encodeURIComponent(id)}`,
  staffQueue: '/staff/registrations',
  staffApplication: (id: string) => `/staff/registrations/${encodeURIComponent(id)}`,
  staffApprove: (id: string) => `/staff/registrations/${encodeURIComponent(id)}/approve`,
  staffReject: (id: string) => `/staff/registrations/${encodeURIComponent(id)}/reject`,
} as const;

/**
 * Accounting (issue 13): SPEC.md §7 puts purchases, sales, returns, reports and ledgers under `purchases/*`.
 * Sales invoices are the seller's; both parties may read one invoice.
 */
export const ACCOUNTING_PATHS = {
  /** POST: the tax invoice of an accepted marketplace order (idempotent: one invoice per order). */
  invoiceFromOrder: (orderId: string) => `/purchases/sales/invoice/from-order/${encodeURIComponent(orderId)}`,
  /** The seller's sales invoices ("online sales"), paged, with period and party filters. */
  salesInvoices: '/purchases/sales/invoices',
  salesInvoice: (invoiceId: string) => `/purchases/sales/invoice/${encodeURIComponent(invoiceId)}`,
  /** application/pdf; `?size=A5` for the half page. */
  salesInvoicePdf: (invoiceId: string) => `/purchases/sales/invoice/${encodeURIComponent(invoiceId)}/pdf`,
  salesRegister: '/purchases/sales/register',
  hsnSummary: '/purchases/sales/hsn-summary',
  /** Heads of the caller's unit with their balances (the default chart is created on first use). */
  trialBalance: '/purchases/ledgers/trial-balance',
  /** The buyer's purchase bills (platform bills pending receipt, received, manual), paged. */
  purchaseBills: '/purchases/invoices',
  /** POST: a bill keyed in for a supplier outside the platform (pending until received). */
  manualPurchaseBill: '/purchases/invoices/manual',
  purchaseBill: (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}`,
  /** POST: take the bill's goods into stock and post the purchase voucher (once). */
  receivePurchaseBill: (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}/receive`,
  /** Amount, paid and due of one bill. */
  purchaseBillPayment: (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}/payment`,
  /** POST: a purchase return against a received bill: a debit note, the goods out of stock. */
  returnPurchase: (billId: string) => `/purchases/invoice/${encodeURIComponent(billId)}/return`,
  /** The buyer's debit notes, newest first. */
  purchaseReturns: '/purchases/returns',
  purchaseReturn: (debitNoteId: string) => `/purchases/returns/${encodeURIComponent(debitNoteId)}`,
  /** application/pdf; `?size=A5` for the half page. */
  purchaseReturnPdf: (debitNoteId: string) => `/purchases/returns/${encodeURIComponent(debitNoteId)}/pdf`,
  /** Received bills of a period by supplier (`from`/`to`, default this month). */
  purchaseReport: '/purchases/report',
  /** One supplier's bills of the period: the report's drill-down. */
  purchaseReportSupplier: (supplierKey: string) => `/purchases/report/${encodeURIComponent(supplierKey)}`,
  /** POST: a numbered purchase order (PO series) to a supplier outside the platform. */
  supplierOrders: '/purchases/supplier-orders',
  supplierOrder: (orderId: string) => `/purchases/supplier-orders/${encodeURIComponent(orderId)}`,
  /** application/pdf */
  supplierOrderPdf: (orderId: string) => `/purchases/supplier-orders/${encodeURIComponent(orderId)}/pdf`,
  /** In-store (counter) sales: GET list, POST issue. See instore.ts. */
  instoreSales: '/purchases/sales/instore',
  instoreSale: (invoiceId: string) => `/purchases/sales/instore/${encodeURIComponent(invoiceId)}`,
  /** POST: settle a credit counter sale (cash or UPI). */
  instoreSalePayment: (invoiceId: string) => `/purchases/sales/instore/${encodeURIComponent(invoiceId)}/payment`,
  /** POST: price a counter bill without issuing it. */
  instorePreview: '/purchases/sales/instore-preview',
  /** GET ?q=: products by name or scanned batch code, with their batches in the active warehouse. */
  instoreLookup: '/purchases/sales/instore-lookup',
  /** GET/PUT the unit's near-expiry window and policy. */
  instoreSettings: '/purchases/sales/instore-settings',
  /** POST: a quotation. */
  quotations: '/purchases/sales/quotations',
  quotation: (quotationId: string) => `/purchases/sales/quotation/${encodeURIComponent(quotationId)}`,
  quotationPdf: (quotationId: string) => `/purchases/sales/quotation/${encodeURIComponent(quotationId)}/pdf`,
  /** POST: issue the counter invoice of a quotation (once). */
  quotationConvert: (quotationId: string) => `/purchases/sales/quotation/${encodeURIComponent(quotationId)}/convert`,
  /** GET: the seller's credit notes (paged); POST: a sales return against one invoice → its credit note. */
  salesReturns: '/purchases/sales/returns',
  /** One credit note, for its seller or its buyer. */
  salesReturn: (creditNoteId: string) => `/purchases/sales/returns/${encodeURIComponent(creditNoteId)}`,
  /** application/pdf; `?size=A5` for the half page. */
  salesReturnPdf: (creditNoteId: string) => `/purchases/sales/returns/${encodeURIComponent(creditNoteId)}/pdf`,
  /** POST RefundCreditNote: pay a walk-in buyer back what a credit note on a paid counter sale credits. */
  salesReturnRefund: (creditNoteId: string) => `/purchases/sales/returns/${encodeURIComponent(creditNoteId)}/refund`,
  /** What may still be returned of an invoice, by `?invoiceId=` or `?invoiceNumber=` (the seller's invoices). */
  returnableInvoice: '/purchases/sales/returnable',
} as const;

/** Near-expiry exchange (issue 18): the seller's candidates and offers, and the buyers' market of offers. */
export const CLEARANCE_PATHS = {
  candidates: '/tenants/inventory/clearance/candidates',
  /** GET the seller's offers; POST lists a batch. */
  offers: '/tenants/inventory/clearance/offers',
  /** DELETE ends an offer now. */
  offer: (offerId: string) => `/tenants/inventory/clearance/offers/${encodeURIComponent(offerId)}`,
  /** The search's "Near expiry" filter and the dashboard tile. */
  market: '/search/near-expiry',
} as const;

/** Best basket (issue 18): a buyer's shopping list split across its sellers. */
export const BASKET_PATHS = {
  /** POST { text }: pasted lines → list lines and per-line errors. */
  parse: '/cart/best-basket/parse',
  /** POST multipart (file: XLSX, XLS, CSV or TXT; first sheet): the same from a file. */
  parseFile: '/cart/best-basket/parse-file',
  /** GET: the lines of one of the buyer's placed orders. */
  buyAgain: (orderId: string) => `/cart/best-basket/buy-again/${encodeURIComponent(orderId)}`,
  solve: '/cart/best-basket/solve',
  /** POST: the plan's entries into the cart in one transaction. */
  toCart: '/cart/best-basket/to-cart',
} as const;

/** Notifications (issue 16): here, apart from notifications.ts's schemas, because every signed-in page uses them. */
export const NOTIFICATION_PATHS = {
  markRead: '/notifications/read',
  markAllRead: '/notifications/read-all',
  live: '/notifications/live',
} as const;
