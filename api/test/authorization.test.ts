import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { ACCOUNTING_PATHS, BASKET_PATHS, CREDIT_PATHS, CATALOGUE_PATHS, EMPLOYEE_ROLES, hasPermission, type Employee, type EmployeeRole, BOOKS_PATHS, CLEARANCE_PATHS, MOVE_IN_PATHS, RECALL_PATHS, CONNECTIONS_PATHS, DASHBOARD_PATHS, DELIVERY_PATHS, EINVOICE_PATHS, INVENTORY_PATHS, MARKETPLACE_PATHS, NOTIFICATION_PATHS, OUTWARD_PATHS, PATHS, PAYMENTS_PATHS, PROFILE_PATHS, RECALL_IMPORT_PATHS, REGISTRATION_PATHS, type CustomerType } from 'shared-api';
import type { RouteEntry } from '../src/app';
import { BillingService } from '../src/modules/billing/service';
import { ClearanceService } from '../src/modules/clearance/service';
import { DeliveriesService } from '../src/modules/deliveries/service';
import { InstoreService } from '../src/modules/instore/service';
import { PaymentsService } from '../src/modules/payments/service';
import { PurchaseReturnsService } from '../src/modules/purchases/returns';
import { PurchasesService } from '../src/modules/purchases/service';
import { SupplierOrdersService } from '../src/modules/purchases/supplier-orders';
import { RecallDocuments } from '../src/modules/recalls/documents';
import { RecallsService } from '../src/modules/recalls/service';
import { ReturnsService } from '../src/modules/returns/service';
import { SalesService } from '../src/modules/sales/service';
import { addBatch, addProduct, setGstRate } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { FakeSms, callerFor } from './deliveries-fixtures';
import { multipart } from './inventory-fixtures';
import { acceptedOrder } from './ledger-fixtures';

/**
 * Walks EVERY route in fastify's route table (collected by app.ts as routes register), so a route added later
 * is covered automatically — and this test fails until it has a request fixture below.
 * Victim: the STOCKIST unit STK-PUN-001 (plus a hospital cart). Attacker: the RETAILER owner of another unit.
 */
// This test signs in dozens of times; the OTP send limits are tested in otp.test.ts.
const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

/** Routes that answer without a session. Anything else public is a mistake. */
const PUBLIC_ROUTES = new Set([
  `POST ${PATHS.otpLogin}`,
  `POST ${PATHS.otpResend}`,
  `POST ${PATHS.otpVerify}`,
  `POST ${PATHS.refreshToken}`,
  `GET ${PATHS.testLastOtp}`,
  'GET /health',
  // Self-registration: the applicant has no session; every step but the OTP ones needs the draft token.
  ...[REGISTRATION_PATHS.otp, REGISTRATION_PATHS.otpVerify, REGISTRATION_PATHS.step1, REGISTRATION_PATHS.step2, REGISTRATION_PATHS.step3, REGISTRATION_PATHS.uploadLicence, REGISTRATION_PATHS.submit].map((p) => `POST ${p}`),
  `GET ${REGISTRATION_PATHS.draft}`,
  `GET ${REGISTRATION_PATHS.pincode}`,
  // The payment gateway's webhook: no session, but nothing is taken without its HMAC signature.
  'POST /payments/upi/webhook/:provider',
]);
/** A 1 × 1 PNG: a proof photo as small as they come. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const isDocsOrPreflight = (r: RouteEntry) => r.url === '/docs' || r.url.startsWith('/docs/') || r.method === 'OPTIONS';

interface Victim {
  warehouseId: string;
  /** The e-invoice of the victim's invoice (issue 34: the victim has e-invoicing on). */
  eInvoiceId: string;
  /** A product the victim stocks (its HSN is the shared master's). */
  productId: string;
  employeeId: string;
  /** A connection the victim sells on (hospital → victim). */
  connectionId: string;
  /** An order the victim received (hospital → victim). */
  orderId: string;
  /** A tax invoice the victim issued to the hospital. */
  invoiceId: string;
  /** A credit note the victim issued against that invoice. */
  creditNoteId: string;
  /** A purchase bill the victim keyed in. */
  billId: string;
  /** A debit note the victim issued against it. */
  debitNoteId: string;
  /** The supplier of that bill (its creditor head): the purchase report's drill-down id. */
  supplierKey: string;
  /** A purchase order the victim sent an outside supplier. */
  supplierOrderId: string;
  /** A quotation the victim gave a walk-in buyer. */
  quotationId: string;
  /** The victim's UPI account, its debtor head for the hospital, a payment in its queue, a memo request, a provider invoice. */
  upiAccountId: string;
  debtorKey: string;
  paymentId: string;
  requestId: string;
  providerInvoiceId: string;
  /** A batch in the victim's stock, and the victim's (ended) near-expiry offer of it. */
  batchId: string;
  offerId: string;
  /** A pickup the victim booked, assigned to its delivery staff, with a proof photo. */
  consignmentId: string;
  /** The victim's notifications (the attacker tries to mark them read). */
  notificationIds: string[];
  barcodeId: string;
  imageId: string;
  markers: string[];
  /** A recall the victim raised of stock it distributes (on its own letter), reaching no unit of the attacker's. */
  recallId: string;
  documentId: string;
  /** A parties file the victim moved in (issue 36). */
  moveInImportId: string;
  /** A party of that file (the attacker tries to invite it and connect to it). */
  moveInPartyId: string;
}

/** Request for each signed-in route, aimed at the victim's rows wherever the route takes an id or unit code. */
function requestFor(route: RouteEntry, victim: Victim): InjectOptions | undefined {
  const params: Record<string, string> = {
    id: victim.warehouseId,
    employeeId: victim.employeeId,
    // The victim's own customers list (a stockist's retailers).
    customerType: 'stockist',
    connectedUserType: 'retailer',
    orderId: victim.orderId,
    invoiceId: victim.invoiceId,
    creditNoteId: victim.creditNoteId,
    billId: victim.billId,
    debitNoteId: victim.debitNoteId,
    supplierKey: victim.supplierKey,
    supplierOrderId: victim.supplierOrderId,
    quotationId: victim.quotationId,
    // A head in the victim's books (its supplier's creditor head), and a year of its books.
    accountId: victim.supplierKey,
    financialYear: '2025-26',
    upiAccountId: victim.upiAccountId,
    paymentId: victim.paymentId,
    requestId: victim.requestId,
    providerInvoiceId: victim.providerInvoiceId,
    consignmentId: victim.consignmentId,
    barcodeOrId: victim.barcodeId,
    imageId: victim.imageId,
    offerId: victim.offerId,
    productId: victim.productId,
    eInvoiceId: victim.eInvoiceId,
    recallId: victim.recallId,
    documentId: victim.documentId,
    // The victim's move-in file; recall list imports are the back office's, no unit's: any id does (the route refuses
    // traders at the door).
    importId: victim.moveInImportId,
  };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`authorization test: no victim value for :${name} in ${route.url}`);
    return params[name]!;
  });
  // `headers` of a fixture (a form's content type) go with the attacker's token.
  const fixtures: Record<string, Omit<InjectOptions, 'url' | 'method'>> = {
    [`POST ${PATHS.logout}`]: { payload: { deviceId: 'victim-device' } },
    [`GET ${PATHS.myAccount}`]: {},
    // E-invoices (issue 34): the attacker's own settings and list; the victim's e-invoice by id.
    [`GET ${EINVOICE_PATHS.settings}`]: {},
    [`PUT ${EINVOICE_PATHS.settings}`]: { payload: { eInvoicing: true } },
    [`GET ${EINVOICE_PATHS.list}`]: {},
    [`POST ${EINVOICE_PATHS.retryAll}`]: {},
    'POST /purchases/sales/e-invoices/:eInvoiceId/retry': {},
    'POST /purchases/sales/e-invoices/:eInvoiceId/cancel': { payload: { reasonCode: '2', remark: 'Attacker' } },
    [`GET ${PATHS.warehouses}`]: {},
    'POST /b2bapp/group/active/:id': {},
    [`GET ${PATHS.employees}`]: {},
    [`POST ${PATHS.addEmployee}`]: { payload: { name: 'Ravi Kumar', mobileNumber: '9822233344', email: 'ravi@example.in' } },
    'DELETE /b2bapp/employee/delete/:employeeId': {},
    'PUT /b2bapp/employee/:employeeId/role': { payload: { employeeRole: 'DELIVERY' } },
    [`GET ${PATHS.notifications}`]: { query: { notificationType: 'ALL', pageSize: '100' } },
    [`POST ${NOTIFICATION_PATHS.markRead}`]: { payload: { ids: victim.notificationIds.slice(0, 100) } },
    [`POST ${NOTIFICATION_PATHS.markAllRead}`]: {},
    [`GET ${NOTIFICATION_PATHS.live}`]: {},
    [`GET ${DASHBOARD_PATHS.dashboard}`]: { query: { period: 'WEEK' } },
    [`GET ${DASHBOARD_PATHS.ordersDaily}`]: { query: { days: '7' } },
    'POST /b2bapp/group/warehouses/:id/closed': { payload: { closedUntil: '2026-11-30', note: 'Hijacked' } },
    // Inventory (stockists only): the retailer attacker is refused before any file is read.
    [`GET ${INVENTORY_PATHS.all}`]: {},
    // The catalogue's own name: an attacker's hand-added stock lands on it, leaving no formless 'Dolo 650' in the products
    // this worker's later files match against (catalogue-match.test.ts).
    [`POST ${INVENTORY_PATHS.add}`]: { payload: { productName: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', batchNo: 'X1', expiryDate: '2028-01-31', mrpPaise: 100, ptrPaise: 80, quantity: 1 } },
    [`GET ${INVENTORY_PATHS.age}`]: {},
    'GET /tenants/inventory/batch/:id': {},
    'PUT /tenants/inventory/products/:productId/hsn': { payload: { hsn: '30042011' } },
    [`GET ${INVENTORY_PATHS.expiry}`]: {},
    [`GET ${INVENTORY_PATHS.report}`]: {},
    [`POST ${INVENTORY_PATHS.uploadPreview}`]: {},
    [`POST ${INVENTORY_PATHS.uploadImport}`]: {},
    // Recall list imports (issue 35): staff only.
    [`POST ${RECALL_IMPORT_PATHS.imports}`]: multipart('alert.csv', Buffer.from('Product,Manufacturer,Batch No\nDolo 650 Tablet,Micro Labs,X1\n')),
    'GET /inventory/recalls/imports/:importId': {},
    'POST /inventory/recalls/imports/:importId/confirm': { payload: { noticeNumber: 'N1', noticeDate: '2026-11-20' } },
    // Duplicates in the product master (issue 36): staff only.
    [`GET ${CATALOGUE_PATHS.duplicates}`]: {},
    [`POST ${CATALOGUE_PATHS.merge}`]: { payload: { survivorId: randomUUID(), duplicateIds: [randomUUID()] } },
    // Move-in (issue 36): the attacker's own date, report and file; the victim's file by id.
    [`GET ${MOVE_IN_PATHS.report}`]: {},
    [`PUT ${MOVE_IN_PATHS.openingDate}`]: { payload: { openingDate: '2026-10-31' } },
    [`POST ${MOVE_IN_PATHS.imports}`]: multipart('parties.csv', Buffer.from('Party Name,Group,Balance\nAttacker Party,Sundry Debtors,1.00 Dr\n'), { kind: 'PARTIES' }),
    'GET /move-in/imports/:importId': {},
    'GET /move-in/imports/:importId/rejected.csv': {},
    'POST /move-in/imports/:importId/confirm': { payload: {} },
    [`POST ${MOVE_IN_PATHS.difference}`]: { payload: { differencePaise: 0 } },
    // Move-in network: the attacker's own parties and bills; inviting or connecting the victim's party by id.
    [`GET ${MOVE_IN_PATHS.parties}`]: {},
    [`POST ${MOVE_IN_PATHS.invite}`]: { payload: { partyIds: [victim.moveInPartyId] } },
    [`POST ${MOVE_IN_PATHS.connect}`]: { payload: { partyIds: [victim.moveInPartyId] } },
    [`GET ${MOVE_IN_PATHS.billMatches}`]: {},
    [`GET ${PATHS.cart}`]: { query: { unitCode: 'HSP-AMD-001' } },
    [`POST ${PATHS.firebaseAddToken}`]: {
      payload: { token: 'attacker-token', channel: 'WEB', osType: 'LINUX', deviceId: 'victim-device', model: 'Desktop' },
    },
    // Connections: the attacker acts on the victim's connection by id; the victim's lists and preferences.
    'GET /b2bapp/v2/:customerType/:connectedUserType': {},
    // A directory of verified traders is public by design; within 100 km of Mumbai the victim (Pune) is not in it.
    [`GET ${CONNECTIONS_PATHS.nearby}`]: { query: { type: 'STOCKIST', radiusKm: '100' } },
    [`POST ${CONNECTIONS_PATHS.autoApprove}`]: { payload: { autoApprove: true } },
    // Asking to connect is open to any verified trader (the attacker is already connected to the victim).
    [`POST ${CONNECTIONS_PATHS.request}`]: { payload: { sellerUnitCode: 'STK-THN-001' } },
    [`POST ${CONNECTIONS_PATHS.approve}`]: { payload: { connectionId: victim.connectionId, grantAccess: true } },
    [`POST ${CONNECTIONS_PATHS.decline}`]: { payload: { connectionId: victim.connectionId } },
    [`POST ${CONNECTIONS_PATHS.disconnect}`]: { payload: { connectionId: victim.connectionId } },
    [`POST ${CONNECTIONS_PATHS.grantAccess}`]: { payload: { connectionId: victim.connectionId } },
    // Credit terms (issue 39): only the seller of the connection sets its buyer's terms.
    [`POST ${CREDIT_PATHS.terms}`]: { payload: { connectionId: victim.connectionId, creditDays: 0, creditLimitPaise: 100, blockNewOrders: true } },
    [`POST ${CONNECTIONS_PATHS.revokeAccess}`]: { payload: { connectionId: victim.connectionId } },
    // Marketplace: searches find nothing of the victim's; cart calls act on the attacker's own cart; the order is the victim's.
    [`GET ${MARKETPLACE_PATHS.searchHistory}`]: {},
    [`POST ${MARKETPLACE_PATHS.suggest}`]: { payload: { suggest: 'zzqx', type: 'ALL', subType: 'ALL' } },
    [`POST ${MARKETPLACE_PATHS.globalSearch}`]: { payload: { query: 'zzqx' } },
    [`POST ${MARKETPLACE_PATHS.stockists}`]: { payload: { productId: randomUUID() } },
    [`POST ${MARKETPLACE_PATHS.cartAddEntry}`]: { payload: { productId: randomUUID(), sellerUnitCode: 'STK-PUN-001', quantity: 1 } },
    [`POST ${MARKETPLACE_PATHS.cartUpdateEntry}`]: { payload: { entryId: randomUUID(), quantity: 1 } },
    [`POST ${MARKETPLACE_PATHS.cartDeleteEntry}`]: { payload: { entryId: randomUUID() } },
    [`POST ${MARKETPLACE_PATHS.cartDeleteSellerCart}`]: { payload: { sellerUnitCode: 'STK-PUN-001' } },
    [`POST ${MARKETPLACE_PATHS.cartDeleteCart}`]: { payload: {} },
    [`POST ${MARKETPLACE_PATHS.cartConfirm}`]: { payload: {} },
    [`POST ${MARKETPLACE_PATHS.cartSubmit}`]: { payload: {} },
    [`GET ${MARKETPLACE_PATHS.placedOrders}`]: {},
    [`GET ${MARKETPLACE_PATHS.receivedOrders}`]: {},
    'GET /orders/v2/:orderId': {},
    'POST /orders/v2/:orderId/accept': {},
    'POST /orders/v2/:orderId/reject': { payload: { reason: 'attacker' } },
    'POST /orders/v2/:orderId/cancel-acceptance': { payload: { reason: 'attacker' } },
    // Registration and profile: the victim's warehouse id stands for every :id (a document, an application, an account).
    'GET /registration/documents/:id': {},
    [`GET ${REGISTRATION_PATHS.staffQueue}`]: {},
    'GET /staff/registrations/:id': {},
    'POST /staff/registrations/:id/approve': {},
    'POST /staff/registrations/:id/reject': { payload: { reason: 'Licence copy is not readable' } },
    [`GET ${PROFILE_PATHS.profile}`]: {},
    [`POST ${PROFILE_PATHS.tradeTexts}`]: { payload: { tradeHeader: 'Attacker header', tradeFooter: null } },
    [`GET ${PROFILE_PATHS.preferences}`]: {},
    [`POST ${PROFILE_PATHS.preferences}`]: { payload: { minimumOrderPaise: 100, whatsappNumber: null } },
    [`GET ${PROFILE_PATHS.paymentQr}`]: {},
    [`POST ${PROFILE_PATHS.paymentQr}`]: { payload: { mimeType: 'image/png', contentBase64: 'iVBORw0KGgoAAAANSUhEUg==' } },
    [`GET ${PROFILE_PATHS.payoutAccounts}`]: {},
    [`POST ${PROFILE_PATHS.addPayoutAccount}`]: { payload: { kind: 'UPI', accountName: 'Attacker', vpa: 'attacker@okaxis' } },
    'DELETE /b2bapp/bank-accounts/delete/:id': {},
    [`POST ${PROFILE_PATHS.addWarehouse}`]: { payload: { displayName: 'Attacker Godown', addressLine: 'x', pincode: '400001', city: 'Mumbai', latitude: null, longitude: null } },
    'POST /b2bapp/group/warehouses/edit/:id': { payload: { displayName: 'Hijacked', addressLine: 'x', pincode: '400001', city: 'Mumbai', latitude: null, longitude: null } },
    // Accounting: the victim's order and invoice by id; lists and reports show only the caller's own books.
    'POST /purchases/sales/invoice/from-order/:orderId': {},
    [`GET ${ACCOUNTING_PATHS.salesInvoices}`]: {},
    'GET /purchases/sales/invoice/:invoiceId': {},
    'GET /purchases/sales/invoice/:invoiceId/pdf': {},
    [`GET ${ACCOUNTING_PATHS.salesRegister}`]: { query: { month: '2026-11' } },
    [`GET ${ACCOUNTING_PATHS.hsnSummary}`]: { query: { month: '2026-11' } },
    [`GET ${ACCOUNTING_PATHS.trialBalance}`]: {},
    // Sales returns: against the victim's invoice; the victim's credit note by id.
    [`POST ${ACCOUNTING_PATHS.salesReturns}`]: { payload: { invoiceId: victim.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] } },
    [`GET ${ACCOUNTING_PATHS.salesReturns}`]: {},
    [`GET ${ACCOUNTING_PATHS.returnableInvoice}`]: { query: { invoiceId: victim.invoiceId } },
    'GET /purchases/sales/returns/:creditNoteId': {},
    'GET /purchases/sales/returns/:creditNoteId/pdf': {},
    'POST /purchases/sales/returns/:creditNoteId/refund': { payload: { method: 'CASH' } },
    [`GET ${ACCOUNTING_PATHS.purchaseBills}`]: {},
    [`POST ${ACCOUNTING_PATHS.manualPurchaseBill}`]: { payload: { supplierName: 'Attacker Supplier', supplierState: '27', billNumber: 'A-1', billDate: '2026-11-22', lines: [{ productId: randomUUID(), hsn: '30049099', batchNo: 'A', expiryDate: '2028-01-31', mrpPaise: 1, ratePaise: 1, quantity: 1 }] } },
    'GET /purchases/invoice/:billId': {},
    'POST /purchases/invoice/:billId/receive': { payload: { lines: [{ position: 1, receivedQuantity: 1, salePricePaise: 1 }] } },
    'GET /purchases/invoice/:billId/payment': {},
    'POST /purchases/invoice/:billId/return': { payload: { lines: [{ position: 1, quantity: 1 }], reason: 'attacker' } },
    [`GET ${ACCOUNTING_PATHS.purchaseReturns}`]: {},
    'GET /purchases/returns/:debitNoteId': {},
    'GET /purchases/returns/:debitNoteId/pdf': {},
    [`GET ${ACCOUNTING_PATHS.purchaseReport}`]: {},
    'GET /purchases/report/:supplierKey': {},
    [`POST ${ACCOUNTING_PATHS.supplierOrders}`]: { payload: { supplierName: 'Attacker Supplier', lines: [{ productId: randomUUID(), quantity: 1 }] } },
    'GET /purchases/supplier-orders/:supplierOrderId': {},
    'GET /purchases/supplier-orders/:supplierOrderId/pdf': {},
    // In-store sales: the attacker's own counter (settings, lookup, list); the victim's invoice and quotation by id.
    [`GET ${ACCOUNTING_PATHS.instoreSettings}`]: {},
    [`PUT ${ACCOUNTING_PATHS.instoreSettings}`]: { payload: { nearExpiryDays: 10, nearExpiryPolicy: 'REFUSE' } },
    [`GET ${ACCOUNTING_PATHS.instoreLookup}`]: { query: { q: 'Victimol' } },
    [`POST ${ACCOUNTING_PATHS.instorePreview}`]: { payload: { buyer: {}, lines: [{ productId: randomUUID(), quantity: 1 }] } },
    [`GET ${ACCOUNTING_PATHS.instoreSales}`]: {},
    [`POST ${ACCOUNTING_PATHS.instoreSales}`]: { payload: { buyer: {}, lines: [{ productId: randomUUID(), quantity: 1 }], paymentMode: 'CASH' } },
    'GET /purchases/sales/instore/:invoiceId': {},
    'POST /purchases/sales/instore/:invoiceId/payment': { payload: { mode: 'CASH' } },
    [`POST ${ACCOUNTING_PATHS.quotations}`]: { payload: { buyer: {}, lines: [{ productId: randomUUID(), quantity: 1 }], validUntil: '2026-12-31' } },
    'GET /purchases/sales/quotation/:quotationId': {},
    'GET /purchases/sales/quotation/:quotationId/pdf': {},
    'POST /purchases/sales/quotation/:quotationId/convert': { payload: { paymentMode: 'CASH' } },
    // The books: the attacker reads only its own, and names the victim's head or year in vain.
    [`GET ${BOOKS_PATHS.heads}`]: {},
    [`POST ${BOOKS_PATHS.heads}`]: { payload: { name: 'Attacker Head', group: 'INDIRECT_EXPENSES' } },
    [`GET ${BOOKS_PATHS.ledger}`]: { query: { accountId: victim.supplierKey } },
    [`GET ${BOOKS_PATHS.ledgerExport}`]: { query: { accountId: victim.supplierKey, format: 'pdf' } },
    // Issue 39 item 5: the attacker's own statements and cost basis; nothing of the victim's.
    [`GET ${BOOKS_PATHS.statementExport}`]: { query: { statement: 'TRIAL_BALANCE', format: 'csv' } },
    [`GET ${INVENTORY_PATHS.costBasis}`]: {},
    [`PUT ${INVENTORY_PATHS.costBasis}`]: { payload: { basis: 'PTR', marginBp: 0 } },
    [`GET ${BOOKS_PATHS.outstanding}`]: { query: { side: 'PAYABLE' } },
    'GET /purchases/ledgers/outstanding/:accountId': {},
    [`GET ${BOOKS_PATHS.journals}`]: {},
    [`POST ${BOOKS_PATHS.journals}`]: { payload: { date: '2026-11-22', narration: 'Attacker entry', lines: [{ accountId: victim.supplierKey, debitPaise: 100 }, { accountId: randomUUID(), creditPaise: 100 }] } },
    [`GET ${BOOKS_PATHS.financialYears}`]: {},
    'POST /purchases/ledgers/years/:financialYear/close': {},
    [`GET ${BOOKS_PATHS.profitAndLoss}`]: {},
    [`GET ${BOOKS_PATHS.balanceSheet}`]: {},
    [`GET ${BOOKS_PATHS.stores}`]: {},
    [`GET ${BOOKS_PATHS.storeDetails}`]: { query: { warehouseId: victim.warehouseId } },
    [`GET ${BOOKS_PATHS.gstr1}`]: { query: { month: '2026-11' } },
    [`GET ${BOOKS_PATHS.gstr1File}`]: { query: { month: '2026-11', format: 'json' } },
    [`GET ${BOOKS_PATHS.gstr3b}`]: { query: { month: '2026-11' } },
    [`GET ${BOOKS_PATHS.gstr3bFile}`]: { query: { month: '2026-11', format: 'csv' } },
    [`GET ${BOOKS_PATHS.booksSettings}`]: {},
    [`PUT ${BOOKS_PATHS.booksSettings}`]: { payload: { allowForwardDating: true } },
    [`GET ${BOOKS_PATHS.tallyExport}`]: { query: { from: '2026-11-01', to: '2026-11-30' } },
    // Payments: the attacker's own lists; the victim's accounts, heads, payment and request by id.
    [`GET ${PAYMENTS_PATHS.accounts}`]: {},
    [`POST ${PAYMENTS_PATHS.addAccount}`]: { payload: { accountName: 'Attacker', vpa: 'attacker.own@okaxis' } },
    'POST /payments/upi/qr/:upiAccountId/default': {},
    'DELETE /payments/upi/qr/:upiAccountId': {},
    'GET /payments/upi/qrs/:upiAccountId': { query: { format: 'png' } },
    [`GET ${PAYMENTS_PATHS.summary}`]: {},
    // Outward stock register: the attacker's own register; the victim's batch cannot be sent out.
    [`GET ${OUTWARD_PATHS.list}`]: {},
    [`GET ${OUTWARD_PATHS.export}`]: { query: { format: 'csv' } },
    [`GET ${OUTWARD_PATHS.batches}`]: { query: { q: 'Victimol' } },
    [`POST ${OUTWARD_PATHS.add}`]: { payload: { batchId: victim.batchId, quantity: 1, reason: 'OTHER', date: '2026-11-22' } },
    // Deliveries: the attacker's own lists and bookings; the victim's consignment and its photo by id or barcode.
    [`GET ${DELIVERY_PATHS.markets}`]: {},
    [`GET ${DELIVERY_PATHS.deliveryBoys}`]: {},
    [`GET ${DELIVERY_PATHS.readyOrders}`]: {},
    [`GET ${DELIVERY_PATHS.consignments}`]: { query: { pageSize: '200' } },
    [`GET ${DELIVERY_PATHS.counts}`]: {},
    [`GET ${DELIVERY_PATHS.myDeliveries}`]: {},
    [`GET ${DELIVERY_PATHS.tracking}`]: {},
    [`GET ${DELIVERY_PATHS.onlinePickupsGraph}`]: { query: { days: '7' } },
    [`GET ${DELIVERY_PATHS.offlinePickupsGraph}`]: { query: { days: '7' } },
    [`POST ${DELIVERY_PATHS.createOnline}`]: { payload: { orderId: victim.orderId, packages: 1, weightKg: 1 } },
    [`POST ${DELIVERY_PATHS.dispatchByTransport}`]: { payload: { orderId: victim.orderId, transporterName: 'VRL Logistics', docketNumber: 'LR-1', docketDate: '2026-11-22', packages: 1, weightKg: 1 } },
    [`POST ${DELIVERY_PATHS.createOffline}`]: {
      payload: { direction: 'SEND', partyName: 'Attacker Party', mobile: '9822233377', addressLine: 'x', landmark: 'y', pincode: '400001', marketId: '7c1e0a52-6a0e-4f57-9d0a-000000000002', pickupDate: '2026-11-22', packages: 1, weightKg: 1 },
    },
    'GET /delivery/service/order/:barcodeOrId': {},
    'POST /delivery/v2/orders/:consignmentId/assign': { payload: { deliveryBoyUserId: victim.employeeId, vehicleNumber: 'MH12AB1234' } },
    'POST /delivery/v2/orders/:consignmentId/status': { payload: { status: 'CANCELLED', reason: 'attacker' } },
    'POST /delivery/pin/:consignmentId/verify': { payload: { pin: '1234' } },
    'POST /delivery/pin/:consignmentId': { payload: {} },
    'POST /delivery/image/add/:consignmentId': { payload: { kind: 'PARCEL', mimeType: 'image/png', contentBase64: TINY_PNG } },
    'GET /delivery/image/:consignmentId/:imageId': {},
    'POST /delivery/ring/:consignmentId': { payload: { whom: 'SENDER' } },
    'POST /delivery/ring/:consignmentId/call-request': { payload: {} },
    'POST /delivery/tracking/:consignmentId': { payload: { latitude: 18.5, longitude: 73.8 } },
    'GET /delivery/v2/orders/:consignmentId/label': { query: { format: 'pdf' } },
    'POST /delivery/v2/orders/:consignmentId/eway-bill': { payload: { distanceKm: 10 } },
    'POST /delivery/v2/orders/:consignmentId/eway-bill/vehicle': { payload: { vehicleNumber: 'MH12AB1234', reasonCode: '3' } },
    'POST /delivery/v2/orders/:consignmentId/eway-bill/cancel': { payload: { reasonCode: '4', remark: 'attacker' } },
    'POST /delivery/v2/orders/:consignmentId/eway-bill/extend': { payload: { reasonCode: '99', remark: 'attacker', fromPincode: '400001', remainingKm: 10 } },
    'GET /delivery/v2/orders/:consignmentId/eway-bill/json': {},
    [`GET ${PAYMENTS_PATHS.receivable}`]: {},
    'GET /payments/upi/receive-payments/:accountId': {},
    [`GET ${PAYMENTS_PATHS.payable}`]: {},
    'GET /payments/upi/make-payments/:accountId': {},
    'GET /payments/upi/make-payments/:accountId/qr': {},
    [`POST ${PAYMENTS_PATHS.preview}`]: { payload: { direction: 'RECEIVED', partyAccountId: victim.debtorKey, method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' } },
    [`POST ${PAYMENTS_PATHS.submit}`]: { payload: { direction: 'RECEIVED', partyAccountId: victim.debtorKey, method: 'CASH', amountPaise: 100, paidOn: '2026-11-22' } },
    [`GET ${PAYMENTS_PATHS.payments}`]: {},
    'GET /payments/upi/payments/:paymentId': {},
    // Payment claims (issue 39): the attacker's own list; the victim's payment is no claim to the attacker.
    [`GET ${PAYMENTS_PATHS.claims}`]: {},
    'POST /payments/upi/claims/:paymentId/confirm': {},
    'POST /payments/upi/claims/:paymentId/reject': { payload: { reason: 'attacker says no' } },
    [`POST ${PAYMENTS_PATHS.createRequest}`]: { payload: { partyAccountId: victim.debtorKey, amountPaise: 100 } },
    [`GET ${PAYMENTS_PATHS.requests}`]: {},
    'GET /payments/upi/requests/:requestId': {},
    'GET /payments/upi/requests/:requestId/qr': {},
    // Best basket: the attacker's own list and cart (the victim's stock it may see, as in search: a word of nothing);
    // "buy again" aims at the victim's received order.
    [`POST ${BASKET_PATHS.parse}`]: { payload: { text: 'zzqx 2' } },
    [`POST ${BASKET_PATHS.parseFile}`]: multipart('list.csv', Buffer.from('Product,Quantity\nzzqx,2\n')),
    'GET /cart/best-basket/buy-again/:orderId': {},
    [`POST ${BASKET_PATHS.solve}`]: { payload: { lines: [{ lineNo: 1, text: 'zzqx', quantity: 1 }] } },
    [`POST ${BASKET_PATHS.toCart}`]: { payload: { entries: [{ sellerUnitCode: 'STK-PUN-001', productId: randomUUID(), quantity: 1, freeQuantity: 0 }] } },
    // Near-expiry exchange: the victim's batches and offers (stockists only); the market found with a word of nothing.
    [`GET ${CLEARANCE_PATHS.candidates}`]: {},
    [`GET ${CLEARANCE_PATHS.offers}`]: {},
    [`POST ${CLEARANCE_PATHS.offers}`]: { payload: { batchId: victim.batchId, offerPtrPaise: 1, endsOn: '2026-12-30' } },
    'DELETE /tenants/inventory/clearance/offers/:offerId': {},
    [`GET ${CLEARANCE_PATHS.market}`]: { query: { q: 'zzqx' } },
    // Recalls (issue 35): the attacker's own list; the victim's recall and letter by id; raising and lifting are not a retailer's.
    [`GET ${RECALL_PATHS.list}`]: {},
    [`POST ${RECALL_PATHS.list}`]: { payload: { productId: victim.productId, batchNos: ['VR-1'], reason: 'NSQ', action: 'QUARANTINE', source: { noticeNumber: 'ATT-1', noticeDate: '2026-11-20' } } },
    [`GET ${RECALL_PATHS.products}`]: { query: { name: 'zzqx' } },
    [`POST ${RECALL_PATHS.documents}`]: multipart('attacker.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { kind: 'LETTER' }),
    'GET /inventory/recalls/documents/:documentId': {},
    'GET /inventory/recalls/:recallId': {},
    'POST /inventory/recalls/:recallId/lift': { payload: { reason: 'Attacker lifts it' } },
    // The victim's recall's trace, network view and actions: 404 to a unit the recall does not reach.
    'GET /inventory/recalls/:recallId/trace': {},
    'GET /inventory/recalls/:recallId/network': {},
    'POST /inventory/recalls/:recallId/return-to-supplier': {},
    'POST /inventory/recalls/:recallId/ask-buyers': {},
    'POST /inventory/recalls/:recallId/destroyed': { payload: { certificateDocumentId: victim.documentId } },
    'POST /payments/upi/requests/:requestId/pay': { payload: { method: 'UPI', utr: '712300000001', amountPaise: 100, paidOn: '2026-11-22' } },
    'POST /payments/upi/requests/:requestId/cancel': {},
    'GET /payments/upi/requests/:requestId/image': {},
    [`POST ${PAYMENTS_PATHS.createPayout}`]: { payload: { payeeName: 'Someone', payeeMobile: '9822233355', vpa: 'someone@ybl', amountPaise: 100 } },
    [`GET ${PAYMENTS_PATHS.memos}`]: {},
    [`POST ${PAYMENTS_PATHS.createMemo}`]: { payload: { kind: 'DELIVERY_MEMO', partyAccountId: victim.debtorKey, partyName: 'Victim Debtor', partyMobile: '9822233366', memoNumber: 'ATT-1', memoDate: '2026-11-22', amountPaise: 100 } },
    [`GET ${PAYMENTS_PATHS.unmatched}`]: {},
    'POST /payments/upi/bo/unmatched/:paymentId/allocate': { payload: { partyAccountId: victim.debtorKey } },
    [`POST ${PAYMENTS_PATHS.statementImport}`]: { payload: { fileName: 'statement.csv', contentBase64: Buffer.from('Date,Narration,Ref No,Withdrawal,Deposit\n22/11/2026,UPI/799999999999/x,799999999999,,9.00\n').toString('base64') } },
    // Another file: the attacker's import above would make the same one "already imported" (per unit, not a leak).
    [`POST ${PAYMENTS_PATHS.statementPreview}`]: { payload: { fileName: 'statement.csv', contentBase64: Buffer.from('Date,Narration,Ref No,Withdrawal,Deposit\n23/11/2026,UPI/799999999998/x,799999999998,,9.00\n').toString('base64') } },
    // The provider's invoices to the victim.
    [`GET ${PAYMENTS_PATHS.providerInvoices}`]: {},
    [`GET ${PAYMENTS_PATHS.pendingProviderPayments}`]: {},
    'GET /payments/invoice/medico-invoices/:providerInvoiceId': {},
    'GET /payments/invoice/medico-invoices/:providerInvoiceId/qr': { query: { format: 'png' } },
    'GET /payments/invoice/medico-invoices/:providerInvoiceId/pdf': {},
    'POST /payments/invoice/medico-invoices/:providerInvoiceId/pay': { payload: { utr: '712345678901', paidOn: '2026-11-22' } },
  };
  const fixture = fixtures[`${route.method} ${route.url}`];
  return fixture && { method: route.method, url, ...fixture };
}

async function prepareVictim(): Promise<Victim> {
  const db = t.db;
  const unit = await db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  const warehouses = await db.selectFrom('warehouses').select('id').where('unit_id', '=', unit.id).orderBy('created_at').execute();
  const users = await db.selectFrom('users').select(['id', 'role']).where('unit_id', '=', unit.id).execute();
  const notifications = await db.selectFrom('notifications').select('id').where('unit_id', '=', unit.id).execute();

  // The victim owner has a push token on the device id the attacker will use.
  const owner = await login(t.app, DEMO.stockist, 'victim-device');
  await t.app.inject({
    method: 'POST',
    url: PATHS.firebaseAddToken,
    headers: bearer(owner),
    payload: { token: 'victim-token', channel: 'WEB', osType: 'MAC_OS', deviceId: 'victim-device', model: 'Desktop' },
  });

  // A hospital cart, so a cart leak would show.
  const hospital = await db.selectFrom('units').select('id').where('unit_code', '=', 'HSP-AMD-001').executeTakeFirstOrThrow();
  const cartId = randomUUID();
  const now = t.clock.now();
  await db.insertInto('carts').values({ id: cartId, buyer_unit_id: hospital.id, created_at: now, updated_at: now }).execute();
  await db
    .insertInto('cart_entries')
    .values({ id: randomUUID(), cart_id: cartId, seller_unit_id: unit.id, manufacturer: 'Sun Pharma', product_name: 'VICTIM-CART-LINE', quantity: 5, ptr_paise: 100, mrp_paise: 150, created_at: now })
    .execute();

  const connection = await db.selectFrom('connections').select('id').where('seller_unit_id', '=', unit.id).where('buyer_unit_id', '=', hospital.id).executeTakeFirstOrThrow();

  // An order the victim received from the hospital.
  const orderId = randomUUID();
  await db
    .insertInto('orders')
    .values({ id: orderId, order_number: 'ORD-VICTIM-1', buyer_unit_id: hospital.id, seller_unit_id: unit.id, status: 'PLACED', order_date: '2026-11-22', item_count: 0, taxable_paise: 0, gst_paise: 0, total_paise: 0, created_at: now })
    .execute();

  // A tax invoice the victim issued to the hospital (its books now hold a voucher).
  await setGstRate(db, '30049099', '2020-01-01', 1200);
  const product = await addProduct(db, { name: 'Victimol 500', manufacturer: 'Victim Labs', pack: '10 tablets', hsn: '30049099' });
  const batchId = await addBatch(db, { sellerCode: 'STK-PUN-001', productId: product, batchNo: 'VIC-1', expiry: '2028-01-31', quantity: 10, ptr: 1000, mrp: 1500 });
  const invoiced = await acceptedOrder(db, { sellerCode: 'STK-PUN-001', buyerCode: 'HSP-AMD-001', lines: [{ productId: product, quantity: 2, ptrPaise: 1000, batches: [{ batchId, quantity: 2 }] }] });
  const owner0 = users.find((u) => u.role === 'OWNER')!;
  // The victim reports its B2B documents: the invoice gets an e-invoice (PENDING: no portal call here).
  await db.insertInto('books_settings').values({ unit_id: unit.id, e_invoicing: true, updated_at: now }).execute();
  const invoice = await new SalesService(db, t.config).issueFromOrder(
    { userId: owner0.id, unitId: unit.id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST', role: 'OWNER', familyId: randomUUID(), activated: true },
    invoiced,
  );
  const creditNote = await new ReturnsService(db, t.config).create(
    { userId: owner0.id, unitId: unit.id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST', role: 'OWNER', familyId: randomUUID(), activated: true },
    { invoiceId: invoice.invoiceId, lines: [{ invoicePosition: 1, quantity: 1, freeQuantity: 0, reason: 'DAMAGED', destination: 'NON_SALEABLE' }] },
  );
  const victimCaller = { userId: owner0.id, unitId: unit.id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST' as const, role: 'OWNER' as const, familyId: randomUUID(), activated: true };
  const purchases = new PurchasesService(db, t.config);
  const bill = await purchases.createManual(
    victimCaller,
    { supplierName: 'Victim Supplier', supplierState: '27', billNumber: 'VS-1', billDate: '2026-11-22', lines: [{ productId: product, hsn: '30049099', batchNo: 'VS-B', expiryDate: '2028-01-31', mrpPaise: 1500, ratePaise: 900, quantity: 5, freeQuantity: 0, discountBp: 0, discountPaise: 0 }] },
  );
  // Received (its batch now in stock) and partly returned: a debit note to aim at.
  await purchases.receive(victimCaller, bill.billId, { lines: [{ position: 1, receivedQuantity: 5, salePricePaise: 1000 }] });
  const supplierOrder = await new SupplierOrdersService(db, t.config).create(victimCaller, { supplierName: 'Victim Supplier', lines: [{ productId: product, quantity: 10, freeQuantity: 0 }] });
  const debitNote = await new PurchaseReturnsService(db, t.config).create(victimCaller, bill.billId, { lines: [{ position: 1, quantity: 1, freeQuantity: 0 }], reason: 'Victim return' });
  const ownerCaller = { userId: owner0.id, unitId: unit.id, unitCode: 'STK-PUN-001', customerType: 'STOCKIST' as const, role: 'OWNER' as const, familyId: randomUUID(), activated: true };
  const quotation = await new InstoreService(db, t.config, new SalesService(db, t.config)).createQuotation(ownerCaller, { buyer: { walkInName: 'Victim Walk-in' }, lines: [{ productId: product, quantity: 1 }], validUntil: '2026-12-31' });

  // Payments: the hospital paid part of its invoice; a memo the victim turned into a payment request; money in the
  // victim's queue that nobody has allocated yet; the provider's invoices to the victim.
  const upiAccount = await db.selectFrom('payout_accounts').select(['id', 'vpa']).where('unit_id', '=', unit.id).where('kind', '=', 'UPI').executeTakeFirstOrThrow();
  const debtor = await db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', unit.id).where('code', '=', `DEBTOR:${hospital.id}`).executeTakeFirstOrThrow();
  const payments = new PaymentsService(db, t.config);
  const received = await payments.submit(victimCaller, { direction: 'RECEIVED', partyAccountId: debtor.id, method: 'UPI', utr: '700000000777', amountPaise: 500, paidOn: '2026-11-22', allocation: { mode: 'OLDEST_FIRST' } });
  const memo = await payments.createMemo(victimCaller, { kind: 'DELIVERY_MEMO', partyName: 'Victim Memo Party', partyMobile: '9822233377', memoNumber: 'VM-1', memoDate: '2026-11-22', amountPaise: 700 });
  const unmatchedId = randomUUID();
  await db
    .insertInto('payments')
    .values({ id: unmatchedId, payee_unit_id: unit.id, payer_unit_id: null, payee_name: 'Agarwal', payer_name: 'Unknown payer', method: 'UPI', utr: '700000000888', cheque_number: null, provider: 'STATEMENT', provider_payment_id: null, payer_vpa: null, amount_paise: 900, paid_on: '2026-11-22', request_id: null, status: 'UNMATCHED', unmatched_reason: 'STATEMENT', note: null, created_by: null, created_at: now })
    .execute();
  await new BillingService(db, t.config).generate(unit.id);

  // Deliveries: a pickup the victim booked from a party, carried by its delivery staff Suresh, with a proof photo.
  const deliveries = new DeliveriesService(db, t.config, new FakeSms());
  const suresh = await callerFor(db, '9800000011');
  const consignmentId = await deliveries.createOffline(victimCaller, {
    direction: 'COLLECT', partyName: 'Victim Pickup Party', mobile: '9822233366', addressLine: '12 FC Road', landmark: 'Near Victim Chowk', pincode: '411004',
    marketId: '7c1e0a52-6a0e-4f57-9d0a-000000000001', pickupDate: '2026-11-22', packages: 2, weightKg: 3, notes: 'Victim consignment note',
    assignment: { deliveryBoyUserId: suresh.userId, vehicleNumber: 'MH12AB1234' },
  });
  const photo = await deliveries.addImage(suresh, consignmentId, { kind: 'PARCEL', mimeType: 'image/png', contentBase64: TINY_PNG });
  const consignment = await db.selectFrom('consignments').select('barcode_id').where('id', '=', consignmentId).executeTakeFirstOrThrow();
  // A near-expiry offer of the victim's batch, ended: running, the attacker (a connected buyer with access) would
  // rightly see it in the market and on its dashboard.
  const clearance = new ClearanceService(db, t.config);
  const offer = await clearance.create(victimCaller, { batchId, offerPtrPaise: 500, endsOn: '2026-12-31', nearbyBuyers: false, acknowledgePromised: true });
  await clearance.end(victimCaller, offer.offerId);
  // A recall the victim raised of stock it distributes, on its own letter (issue 35).
  const recalled = await addProduct(db, { name: 'Victimrec 10', manufacturer: 'Victim Labs', pack: '10 tablets', hsn: '30049099' });
  const recalledBatch = await addBatch(db, { sellerCode: 'STK-PUN-001', productId: recalled, batchNo: 'VR-1', expiry: '2028-01-31', quantity: 10, ptr: 1000, mrp: 1500 });
  await db.insertInto('stock_movements').values({ id: randomUUID(), batch_id: recalledBatch, unit_id: unit.id, kind: 'MANUAL_ADD', quantity_delta: 10, created_at: now }).execute();
  const letter = await new RecallDocuments(db, t.config).upload(victimCaller, 'LETTER', { fileName: 'victim-letter.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const recall = await new RecallsService(db, t.config, undefined as never).raise(victimCaller, {
    productId: recalled, batchNos: ['VR-1'], expiryUpTo: null, reason: 'VOLUNTARY', action: 'QUARANTINE', note: 'Victim recall note',
    source: { noticeNumber: 'VICTIM-NOTICE-7', noticeDate: '2026-11-20', letterDocumentId: letter.documentId },
  });
  // The victim moved its parties in (issue 36).
  const moveIn = bearer(owner);
  await t.app.inject({ method: 'PUT', url: MOVE_IN_PATHS.openingDate, headers: moveIn, payload: { openingDate: '2026-10-31' } });
  const partiesForm = multipart('victim-parties.csv', Buffer.from('Party Name,Group,Balance\nVictim Book Party,Sundry Debtors,"1,234.00 Dr"\n'), { kind: 'PARTIES' });
  const moveInImport = body<{ importId: string }>(await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...moveIn, ...partiesForm.headers }, payload: partiesForm.payload }));
  expect((await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.confirm(moveInImport.importId), headers: moveIn, payload: {} })).statusCode).toBe(200);
  const providerInvoice = await db.selectFrom('provider_invoices').select(['id', 'invoice_number']).where('unit_id', '=', unit.id).orderBy('month', 'desc').executeTakeFirstOrThrow();

  return {
    warehouseId: warehouses[1]!.id,
    eInvoiceId: (await db.selectFrom('e_invoices').select('id').where('document_id', '=', invoice.invoiceId).executeTakeFirstOrThrow()).id,
    quotationId: quotation.quotationId,
    upiAccountId: upiAccount.id,
    debtorKey: debtor.id,
    paymentId: unmatchedId,
    requestId: memo.requestId,
    providerInvoiceId: providerInvoice.id,
    batchId,
    offerId: offer.offerId,
    recallId: recall.id,
    documentId: letter.documentId,
    moveInImportId: moveInImport.importId,
    moveInPartyId: (await db.selectFrom('book_parties').select('id').where('unit_id', '=', unit.id).executeTakeFirstOrThrow()).id,
    productId: product,
    consignmentId,
    barcodeId: consignment.barcode_id,
    imageId: photo.id,
    orderId,
    invoiceId: invoice.invoiceId,
    creditNoteId: creditNote.creditNoteId,
    billId: bill.billId,
    debitNoteId: debitNote.debitNoteId,
    supplierOrderId: supplierOrder.orderId,
    supplierKey: (await db.selectFrom('purchase_bills').select('creditor_account_id').where('id', '=', bill.billId).executeTakeFirstOrThrow()).creditor_account_id!,
    employeeId: users.find((u) => u.role === 'EMPLOYEE')!.id,
    connectionId: connection.id,
    notificationIds: notifications.map((n) => n.id),
    markers: [
      // Not the trade name: counterparties' own notifications legitimately mention it.
      'STK-PUN-001', 'Ramesh', 'Suresh', '9800000001', '9800000011', 'HSP-AMD-001', 'VICTIM-CART-LINE', 'victim-token', 'ORD-VICTIM-1', orderId, invoice.invoiceId, creditNote.creditNoteId, 'Victimol', bill.billId, 'Victim Supplier', debitNote.debitNoteId, supplierOrder.orderId, quotation.quotationId, quotation.quotationNumber,
      upiAccount.vpa!, received.paymentId, '700000000777', '700000000888', unmatchedId, memo.requestId, memo.reference, 'Victim Memo Party', providerInvoice.id, providerInvoice.invoice_number,
      offer.offerId, recall.id, recall.recallNumber, 'VICTIM-NOTICE-7', 'Victim recall note', letter.documentId, 'victim-letter', consignmentId, consignment.barcode_id, photo.id, 'Victim Pickup Party', 'Victim consignment note', '9822233366',
      'Victim Book Party', 'victim-parties', moveInImport.importId,
      unit.id, ...warehouses.map((w) => w.id), ...users.map((u) => u.id), ...notifications.map((n) => n.id),
    ],
  };
}

async function victimState() {
  const unit = await t.db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
  return {
    users: await t.db.selectFrom('users').select(['id', 'active_warehouse_id', 'deleted_at', 'employee_role']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    push: await t.db.selectFrom('push_tokens as p').innerJoin('users as u', 'u.id', 'p.user_id').select(['p.token', 'p.device_id']).where('u.unit_id', '=', unit.id).execute(),
    liveTokens: await t.db.selectFrom('refresh_tokens as r').innerJoin('users as u', 'u.id', 'r.user_id').select('r.id').where('u.unit_id', '=', unit.id).where('r.revoked_at', 'is', null).execute(),
    connections: await t.db.selectFrom('connections').select(['id', 'status', 'has_access']).where('seller_unit_id', '=', unit.id).orderBy('id').execute(),
    orders: await t.db.selectFrom('orders').select(['id', 'status']).where('seller_unit_id', '=', unit.id).orderBy('id').execute(),
    invoices: await t.db.selectFrom('sales_invoices').select('id').where('unit_id', '=', unit.id).execute(),
    creditNotes: await t.db.selectFrom('credit_notes').select('id').where('unit_id', '=', unit.id).execute(),
    eInvoices: await t.db.selectFrom('e_invoices').select(['id', 'status', 'attempts', 'next_attempt_at']).where('unit_id', '=', unit.id).execute(),
    eInvoicing: await t.db.selectFrom('books_settings').select('e_invoicing').where('unit_id', '=', unit.id).execute(),
    vouchers: await t.db.selectFrom('vouchers').select('id').where('unit_id', '=', unit.id).execute(),
    heads: await t.db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', unit.id).orderBy('id').execute(),
    closedYears: await t.db.selectFrom('financial_year_closures').select('financial_year').where('unit_id', '=', unit.id).execute(),
    counterSales: await t.db.selectFrom('counter_sales').select('invoice_id').where('unit_id', '=', unit.id).execute(),
    counterSettings: await t.db.selectFrom('counter_settings').selectAll().where('unit_id', '=', unit.id).execute(),
    upiAccounts: await t.db.selectFrom('payout_accounts').select(['id', 'is_default']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    paymentRequests: await t.db.selectFrom('payment_requests').select(['id', 'status']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    payments: await t.db.selectFrom('payments').select(['id', 'status']).where('payee_unit_id', '=', unit.id).orderBy('id').execute(),
    consignments: await t.db.selectFrom('consignments').select(['id', 'status', 'assignee_user_id', 'pin', 'pin_tries', 'last_position_at']).where('owner_unit_id', '=', unit.id).orderBy('id').execute(),
    consignmentImages: await t.db.selectFrom('consignment_images as i').innerJoin('consignments as c', 'c.id', 'i.consignment_id').select('i.id').where('c.owner_unit_id', '=', unit.id).execute(),
    batches: await t.db.selectFrom('inventory_batches').select(['id', 'quantity', 'reserved']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    providerInvoices: await t.db.selectFrom('provider_invoices').select(['id', 'status']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    unreadNotifications: await t.db.selectFrom('notifications').select('id').where('unit_id', '=', unit.id).where('read_at', 'is', null).orderBy('id').execute(),
    clearanceOffers: await t.db.selectFrom('clearance_offers').select(['id', 'ended_at', 'offer_ptr_paise']).where('seller_unit_id', '=', unit.id).orderBy('id').execute(),
    warehouseClosures: await t.db.selectFrom('warehouses').select(['id', 'closed_until', 'closed_note']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    recalls: await t.db.selectFrom('recalls').select(['id', 'status']).where('raised_by_unit_id', '=', unit.id).orderBy('id').execute(),
    moveIn: await t.db.selectFrom('move_ins').selectAll().where('unit_id', '=', unit.id).execute(),
    moveInImports: await t.db.selectFrom('move_in_imports').select(['id', 'status']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    bookParties: await t.db.selectFrom('book_parties').select(['id', 'file_balance_paise', 'invited_at', 'linked_unit_id']).where('unit_id', '=', unit.id).orderBy('id').execute(),
    autoApprove: (await t.db.selectFrom('units').select('auto_approve').where('id', '=', unit.id).executeTakeFirstOrThrow()).auto_approve,
  };
}

const signedInRoutes = () => t.app.routeTable.filter((r) => !r.access.public);

describe('authorization on every route', () => {
  it('leaves public only the sign-in routes, the health check, the test endpoint and the docs', () => {
    const publicRoutes = t.app.routeTable.filter((r) => r.access.public && !isDocsOrPreflight(r)).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_ROUTES);
    expect(signedInRoutes().length).toBeGreaterThanOrEqual(10);
  });

  it('refuses every signed-in route without a token, with a bad token and with an expired one (403 E0039)', async () => {
    const session = await login(t.app, DEMO.stockist);
    t.clock.advance(901);
    for (const route of signedInRoutes()) {
      // Logout alone takes an expired (but genuine) token, so a stale tab can still end its session.
      const expired = route.access.public === false && route.access.acceptExpiredToken ? [] : [bearer(session)];
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }, ...expired]) {
        const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, randomUUID()), headers });
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
          code: 'E0039',
        });
      }
    }
  });

  it('never lets another unit read or change the victim’s rows', async () => {
    const victim = await prepareVictim();
    const before = await victimState();

    for (const route of signedInRoutes()) {
      const request = requestFor(route, victim);
      if (!request) throw new Error(`authorization test: add a fixture for ${route.method} ${route.url}`);
      // A fresh session per route: logout is one of the routes.
      const attacker = await login(t.app, DEMO.retailer);
      t.clock.advance(61);
      if (route.url === NOTIFICATION_PATHS.live) {
        // A stream that stays open: its first event is all an attacker could read before anything happens.
        const res = await t.app.inject({ ...request, headers: bearer(attacker), payloadAsStream: true });
        const stream = res.stream();
        const first = await new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(chunk.toString())));
        stream.destroy();
        expect(first).toBe('event: ready\ndata: {}\n\n');
        continue;
      }
      const res = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...bearer(attacker) } });
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      if (res.statusCode >= 400) {
        expect([label, res.json().type]).toEqual([label, 'error']);
        // The attacker's own move-in has nothing imported: confirming its difference is refused on its own state.
        const ownState = label === `POST ${MOVE_IN_PATHS.difference} → 409` && res.json().code === 'E0026';
        expect([label, [403, 404].includes(res.statusCode) || ownState]).toEqual([label, true]);
      } else {
        const leaked = victim.markers.filter((m) => res.body.includes(m));
        expect({ label, leaked }).toEqual({ label, leaked: [] });
      }
    }

    expect(await victimState()).toEqual(before);
  });

  it('refuses callers whose role or customer type a route does not allow (403 E0040)', async () => {
    const byType: Record<string, string> = { STOCKIST: DEMO.stockist, RETAILER: DEMO.retailer, HOSPITAL: DEMO.hospital };
    let checked = 0;
    for (const route of signedInRoutes()) {
      if (route.access.public) continue;
      const refused: string[] = [];
      if (route.access.roles !== 'ALL' && !route.access.roles.includes('EMPLOYEE')) refused.push(DEMO.stockistEmployee);
      const types = route.access.customerTypes;
      if (types !== 'ALL') {
        refused.push(...Object.keys(byType).filter((type) => !types.includes(type as CustomerType)).map((type) => byType[type]!));
      }
      for (const mobile of refused) {
        const session = await login(t.app, mobile);
        t.clock.advance(61);
        const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, randomUUID()), headers: bearer(session) });
        expect({ route: `${route.method} ${route.url}`, mobile, status: res.statusCode, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          mobile,
          status: 403,
          code: 'E0040',
        });
        checked++;
      }
    }
    // Employees (3 routes, owner only) and the cart (stockist) at least.
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('refuses to start a signed-in route that declares no permission', () => {
    const noPermission = { access: { public: false, customerTypes: 'ALL', roles: 'ALL' } } as never;
    expect(() => t.app.get('/no-permission', { config: noPermission }, async () => 'x')).toThrow(/declares no permission/);
  });

  // Issue 33 item 13. Last in this file: the allowed requests below may change the unit's rows.
  it('lets each employee role through exactly the routes its permissions name, and refuses the rest (403 E0040)', async () => {
    const owner = bearer(await login(t.app, DEMO.stockist));
    const sessions = new Map<EmployeeRole, Record<string, string>>();
    for (const [i, employeeRole] of EMPLOYEE_ROLES.entries()) {
      const mobileNumber = `982220000${i}`;
      const added = await t.app.inject({ method: 'POST', url: PATHS.addEmployee, headers: owner, payload: { name: `${employeeRole} Login`, mobileNumber, email: `${employeeRole.toLowerCase()}@agarwalpharma.in`, employeeRole } });
      expect(body<Employee>(added).employeeRole).toBe(employeeRole);
      sessions.set(employeeRole, bearer(await login(t.app, mobileNumber)));
    }
    const outcome: Record<EmployeeRole, { allowed: number; refused: number }> = Object.fromEntries(EMPLOYEE_ROLES.map((r) => [r, { allowed: 0, refused: 0 }])) as never;
    // Logout last: it ends the session the other routes use.
    const routes = [...signedInRoutes()].sort((a, b) => Number(a.url === PATHS.logout) - Number(b.url === PATHS.logout));
    for (const route of routes) {
      if (route.access.public) continue;
      const types = route.access.customerTypes;
      for (const employeeRole of EMPLOYEE_ROLES) {
        // The employees' unit is a verified stockist: only the type and the role's permissions decide.
        const allowed = (types === 'ALL' || types.includes('STOCKIST')) && hasPermission({ role: 'EMPLOYEE', employeeRole }, route.access.permission);
        const request = { method: route.method, url: route.url.replace(/:\w+/g, randomUUID()), headers: sessions.get(employeeRole)! };
        let code: string | undefined;
        let status = 200;
        if (route.url === NOTIFICATION_PATHS.live) {
          const res = await t.app.inject({ ...request, payloadAsStream: true });
          if (res.statusCode === 200) res.stream().destroy();
          else code = (JSON.parse(await new Promise<string>((resolve) => { let text = ''; res.stream().on('data', (c: Buffer) => (text += c.toString())).on('end', () => resolve(text)); })) as { code: string }).code;
        } else {
          const res = await t.app.inject(request);
          status = res.statusCode;
          code = res.statusCode === 403 ? res.json().code : undefined;
        }
        // The back office's queue lets every login past the route and refuses it in the service (not the provider's
        // staff) or in the input check: never answered.
        if (allowed && route.url.startsWith('/staff/')) {
          expect([route.url, status >= 400]).toEqual([route.url, true]);
          outcome[employeeRole].allowed++;
          continue;
        }
        expect({ route: `${route.method} ${route.url}`, employeeRole, refused: code === 'E0040' }).toEqual({ route: `${route.method} ${route.url}`, employeeRole, refused: !allowed });
        outcome[employeeRole][allowed ? 'allowed' : 'refused']++;
      }
    }
    // Every role is refused something (MANAGER: the owner's routes) and allowed something (its profile at least).
    for (const employeeRole of EMPLOYEE_ROLES) {
      expect([employeeRole, outcome[employeeRole].allowed > 0, outcome[employeeRole].refused > 0]).toEqual([employeeRole, true, true]);
    }
    // Delivery: My Deliveries and the member's own routes only, far fewer than a manager.
    expect(outcome.DELIVERY.allowed).toBeLessThan(outcome.MANAGER.allowed / 3);
  });
});
