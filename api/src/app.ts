import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type HTTPMethods } from 'fastify';
import { sql } from 'kysely';
import { PERMISSIONS } from 'shared-api';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { ChangeFeed } from './db/change-feed';
import type { Database } from './db/database';
import { raiseFloor } from './db/reader';
import { PUBLIC, isAllowed, type Access } from './http/access';
import { registerErrorHandlers } from './http/error-handler';
import { registerInputChecks } from './http/input';
import { ok } from './http/envelope';
import { accessDenied, notActivated } from './http/errors';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { createSmsSender, type SmsSender } from './modules/auth/sms';
import { basketRoutes } from './modules/basket/routes';
import { BasketService } from './modules/basket/service';
import { cartRoutes } from './modules/cart/routes';
import { clearanceRoutes } from './modules/clearance/routes';
import { ClearanceService } from './modules/clearance/service';
import { CartService } from './modules/cart/service';
import { OrdersService } from './modules/orders/service';
import { ordersRoutes } from './modules/orders/routes';
import { searchRoutes } from './modules/search/routes';
import { SearchService } from './modules/search/service';
import { employeesRoutes } from './modules/employees/routes';
import { EmployeesService } from './modules/employees/service';
import { inventoryRoutes } from './modules/inventory/routes';
import { recallImportRoutes } from './modules/recall-imports/routes';
import { catalogueMergeRoutes } from './modules/catalogue/merge-routes';
import { RecallImportsService } from './modules/recall-imports/service';
import { InventoryService } from './modules/inventory/service';
import { notificationsRoutes } from './modules/notifications/routes';
import { LiveHub } from './modules/live/hub';
import { sellerIdsVisibleTo } from './modules/connections/visibility';
import { liveRoutes } from './modules/live/routes';
import { NotificationsService } from './modules/notifications/service';
import { CartReminders } from './modules/notifications/cart-reminders';
import { pushRoutes } from './modules/push/routes';
import { profileRoutes } from './modules/profile/routes';
import { ProfileService } from './modules/profile/service';
import { registrationRoutes } from './modules/registration/routes';
import { RegistrationService } from './modules/registration/service';
import { staffRoutes } from './modules/staff/routes';
import { StaffService } from './modules/staff/service';
import { connectionsRoutes } from './modules/connections/routes';
import { ConnectionsService } from './modules/connections/service';
import { PushService } from './modules/push/service';
import { PushDispatcher } from './modules/push/dispatcher';
import { createPushSender } from './modules/push/sender';
import { testingRoutes } from './modules/testing/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { financialsRoutes } from './modules/financials/routes';
import { FinancialsService } from './modules/financials/service';
import { gstReturnsRoutes } from './modules/gst-returns/routes';
import { GstReturnsService } from './modules/gst-returns/service';
import { LedgerService } from './modules/ledger/service';
import { salesRoutes } from './modules/sales/routes';
import { SalesService } from './modules/sales/service';
import { instoreRoutes } from './modules/instore/routes';
import { InstoreService } from './modules/instore/service';
import { purchasesRoutes } from './modules/purchases/routes';
import { PurchaseReportsService } from './modules/purchases/reports';
import { PurchaseReturnsService } from './modules/purchases/returns';
import { PurchasesService } from './modules/purchases/service';
import { SupplierOrdersService } from './modules/purchases/supplier-orders';
import { returnsRoutes } from './modules/returns/routes';
import { ReturnsService } from './modules/returns/service';
import { billingRoutes } from './modules/billing/routes';
import { deliveriesRoutes } from './modules/deliveries/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { DashboardService } from './modules/dashboard/service';
import { ConsignmentReader } from './modules/deliveries/read';
import { DeliveriesService } from './modules/deliveries/service';
import { createEwbClient, type EwbClient } from './modules/eway-bills/ewb';
import { createIrpClient, type IrpClient } from './modules/e-invoices/irp';
import { IrnCancelService } from './modules/e-invoices/cancel';
import { irnCancelRoutes } from './modules/e-invoices/cancel-routes';
import { eInvoicesRoutes } from './modules/e-invoices/routes';
import { EInvoicesService } from './modules/e-invoices/service';
import { EwbExpiryWarnings } from './modules/eway-bills/expiry';
import { EwayBillsService } from './modules/eway-bills/service';
import { BillingService } from './modules/billing/service';
import { outwardRoutes } from './modules/outward/routes';
import { OutwardService } from './modules/outward/service';
import { paymentsRoutes } from './modules/payments/routes';
import { PaymentsService } from './modules/payments/service';
import { reconciliationRoutes } from './modules/reconciliation/routes';
import { RecallDocuments } from './modules/recalls/documents';
import { recallsRoutes } from './modules/recalls/routes';
import { RecallsService } from './modules/recalls/service';
import { RecallActions } from './modules/recalls/actions';
import { RecallNetworkView } from './modules/recalls/network';
import { recallTraceRoutes } from './modules/recalls/trace-routes';
import { RecallTraces } from './modules/recalls/trace';
import { ReconciliationService } from './modules/reconciliation/service';
import { MoveInNetwork } from './modules/move-in/network';
import { moveInNetworkRoutes } from './modules/move-in/network-routes';
import { moveInRoutes } from './modules/move-in/routes';
import { MoveInService } from './modules/move-in/service';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with what it allows; the authorization test walks it. */
    routeTable: RouteEntry[];
  }
}

export interface AppDeps {
  /** Migrated database (server.ts opens it; tests share one per file). The app does not close it. */
  db: Database;
  /**
   * DATABASE_READ_URL (server.ts opens it over `db`, src/db/reader.ts): what the read-only services read through;
   * absent, they read `db`. The app does not close it.
   */
  reader?: Database;
  /** Replaces the SMS adapter chosen by configuration (tests). */
  sms?: SmsSender;
  /** Replaces the e-way bill portal adapter chosen by configuration (tests: a local one on their clock). */
  ewb?: EwbClient;
  /** Replaces the e-invoice portal adapter chosen by configuration (tests: a LocalIrp they control). */
  irp?: IrpClient;
}

const DOCS_PREFIX = '/docs';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
}

/** The API as a fastify instance, ready for `listen` (server.ts) or `inject` (tests). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  registerInputChecks(app);

  // Every route must say who may call it; a route that forgets is a startup error, not an open door.
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    // The docs pages and CORS preflight answers carry no data.
    const preflight = [route.method].flat().every((m) => m === 'OPTIONS');
    if (route.url.startsWith(DOCS_PREFIX) || preflight) route.config = { ...route.config, ...PUBLIC };
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config: PUBLIC or requireRole(...))`);
    // And every signed-in route says what an employee's role must grant (shared-api roles.ts): no route is open to all roles by omission.
    if (!access.public && !(PERMISSIONS as readonly unknown[]).includes(access.permission)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no permission (requireRole({ permission: ... }))`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    }
  });

  await app.register(helmet, {
    // Same-site lets the screens on :3000–:3005 read answers; the API itself serves no pages but /docs.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // /docs is also served over plain http locally; upgrading its assets to https would break it.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // X-Registration-Token: the applicant's draft token during self-registration
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Registration-Token'],
    maxAge: 600,
  });

  // API_DOCS=0: no /docs (the route contracts stay the same; only the pages and the OpenAPI JSON go).
  if (config.docs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Medico B2B API', version: '0.1.0', description: 'Answers are { type: "success", body } or { type: "error", code, message }.' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  }

  const sms = deps.sms ?? createSmsSender(config.sms, app.log);
  // One per process: the caches of sessions and search follow the database's change log through it.
  // With a replica, the feed also tells the reader how far the replica must have replayed (read-your-writes).
  const reader = deps.reader ?? deps.db;
  const feed = new ChangeFeed(deps.db, deps.reader ? (lsn) => raiseFloor(reader, lsn) : undefined);
  // The live channel and the push dispatcher act on changes without a request to trigger the read. The background
  // loops start when the app is ready: server.ts applies the migrations in between, so a first start on an empty
  // database does not read tables that are not there yet.
  app.addHook('onReady', async () => feed.follow(config.notifications.livePollMs));
  app.addHook('onClose', () => feed.stop());
  const auth = new AuthService(deps.db, config, sms, app.log, feed);
  app.decorateRequest('caller', null);

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access || access.public) return;
    // Every cache a signed-in request reads is then at least as fresh as the request.
    await feed.catchUp();
    const caller = await auth.authenticate(request.headers.authorization, { acceptExpired: access.acceptExpiredToken === true });
    if (!isAllowed(access, caller)) throw accessDenied();
    if (access.activeOnly && !caller.activated) throw notActivated();
    request.caller = caller;
  });

  // For load balancers and start-up scripts: answers once the database does.
  app.get('/health', { config: PUBLIC, schema: { hide: true } }, async () => {
    await sql`select 1`.execute(deps.db);
    return ok({ status: 'ok' });
  });

  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { account: new AccountService(deps.db) });
  await app.register(employeesRoutes, { employees: new EmployeesService(deps.db, config) });
  await app.register(notificationsRoutes, { notifications: new NotificationsService(deps.db, config) });
  // CART reminders for carts left unsubmitted (CART_REMINDER_MINUTES); safe with several API processes.
  const cartReminders = new CartReminders(deps.db, config, app.log);
  app.addHook('onReady', async () => cartReminders.start());
  app.addHook('onClose', () => cartReminders.stop());
  // Subscribed after the auth service, so a logged-out session is out of its cache when the hub re-checks streams.
  await app.register(liveRoutes, { live: new LiveHub(feed, (authorization) => auth.authenticate(authorization), (buyer) => sellerIdsVisibleTo(deps.db, buyer), app.log) });
  const orders = new OrdersService(deps.db, config);
  await app.register(cartRoutes, { cart: new CartService(deps.db, config), orders });
  await app.register(ordersRoutes, { orders });
  await app.register(clearanceRoutes, { clearance: new ClearanceService(deps.db, config) });
  const search = new SearchService(deps.db, config, feed, app.log, reader);
  app.addHook('onClose', () => search.close());
  await app.register(searchRoutes, { search });
  await app.register(basketRoutes, { basket: new BasketService(deps.db, config, search) });
  await app.register(inventoryRoutes, { inventory: new InventoryService(deps.db, config) });
  // Recalls (issue 35): product matching goes through search's index.
  const recalls = new RecallsService(deps.db, config, search);
  await app.register(recallsRoutes, { recalls, documents: new RecallDocuments(deps.db, config) });
  // The regulator's list: read like a stock upload, each product's recall raised by the recalls service.
  await app.register(recallImportRoutes, { imports: new RecallImportsService(deps.db, config, recalls, app.log) });
  await app.register(pushRoutes, { push: new PushService(deps.db, config) });
  // Sends each new notification to its audience's devices (PUSH_PROVIDER), once across API processes.
  const pushDispatcher = new PushDispatcher(deps.db, config, createPushSender(config, app.log), app.log);
  app.addHook('onReady', async () => pushDispatcher.start(feed));
  app.addHook('onClose', () => pushDispatcher.close());
  await app.register(connectionsRoutes, { connections: new ConnectionsService(deps.db, config) });
  const accountService = new AccountService(deps.db);
  await app.register(registrationRoutes, { registration: new RegistrationService(deps.db, config, auth) });
  await app.register(staffRoutes, { staff: new StaffService(deps.db, config) });
  // Duplicates in the product master (issue 36): staff merge them into one product.
  await app.register(catalogueMergeRoutes, { db: deps.db, config });
  await app.register(profileRoutes, { profile: new ProfileService(deps.db, config, accountService) });
  // E-invoices (issue 34): IRP_PROVIDER chooses the portal adapter; the issuing flows register right after their
  // commit, and the loop retries what is pending (EINVOICE_RETRY_MS; several processes never send one twice).
  const irp = deps.irp ?? createIrpClient(config.irp, app.log, config.now);
  const eInvoices = new EInvoicesService(deps.db, config, irp, app.log);
  app.addHook('onReady', async () => eInvoices.start(config.einvoiceRetryMs));
  app.addHook('onClose', () => eInvoices.stop());
  const ewbClient = deps.ewb ?? createEwbClient(config.ewb, app.log, config.now);
  await app.register(eInvoicesRoutes, { eInvoices, ewbProvider: ewbClient.provider });
  await app.register(irnCancelRoutes, { cancel: new IrnCancelService(deps.db, config, irp) });
  const sales = new SalesService(deps.db, config, eInvoices);
  await app.register(salesRoutes, { sales });
  await app.register(instoreRoutes, { instore: new InstoreService(deps.db, config, sales) });
  await app.register(purchasesRoutes, { purchases: new PurchasesService(deps.db, config), returns: new PurchaseReturnsService(deps.db, config, eInvoices), reports: new PurchaseReportsService(reader, config), supplierOrders: new SupplierOrdersService(deps.db, config) });
  await app.register(returnsRoutes, { returns: new ReturnsService(deps.db, config, eInvoices) });
  // Recalls' trace, network view and actions (issue 35): a return to supplier is a purchase return (debit note).
  const recallDetail = new RecallsService(deps.db, config, search);
  const detail = recallDetail.detail.bind(recallDetail);
  await app.register(recallTraceRoutes, {
    traces: new RecallTraces(deps.db, detail),
    network: new RecallNetworkView(deps.db, config, detail),
    actions: new RecallActions(deps.db, config, detail, new PurchaseReturnsService(deps.db, config, eInvoices)),
  });
  const ledger = new LedgerService(deps.db, config, reader);
  await app.register(ledgerRoutes, { ledger });
  await app.register(financialsRoutes, { financials: new FinancialsService(reader, config), ledger });
  await app.register(gstReturnsRoutes, { gstReturns: new GstReturnsService(reader, config) });
  await app.register(paymentsRoutes, { payments: new PaymentsService(deps.db, config) });
  await app.register(reconciliationRoutes, { reconciliation: new ReconciliationService(deps.db, config) });
  // Moving in from Marg, Busy or Tally (issue 36): parties, open bills and the opening trial balance into the books.
  await app.register(moveInRoutes, { moveIn: new MoveInService(deps.db, config) });
  await app.register(moveInNetworkRoutes, { network: new MoveInNetwork(deps.db, config, sms, new ConnectionsService(deps.db, config)) });
  await app.register(billingRoutes, { billing: new BillingService(deps.db, config) });
  await app.register(outwardRoutes, { outward: new OutwardService(deps.db, config) });
  const consignments = new ConsignmentReader(deps.db, config);
  consignments.follow(feed);
  // E-way bills (issue 34): EWB_PROVIDER chooses the portal adapter; the tests pass a local one with their clock.
  const ewayBills = new EwayBillsService(deps.db, config, ewbClient);
  await app.register(deliveriesRoutes, { deliveries: new DeliveriesService(deps.db, config, sms, ewayBills), reader: consignments, ewayBills });
  // Warns the owner and the delivery boy before a bill on a consignment on the road lapses; safe with several processes.
  const ewbWarnings = new EwbExpiryWarnings(deps.db, config, app.log);
  app.addHook('onReady', async () => ewbWarnings.start());
  app.addHook('onClose', () => ewbWarnings.stop());
  const dashboard = new DashboardService(deps.db, config, () => search.flushHits(), reader);
  dashboard.follow(feed);
  // A unit's own writes may move its figures; other units' figures move through their notifications (follow).
  // onSend: after the handler committed, before the client can ask again.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.caller) dashboard.forgetUnit(request.caller.unitId);
    return payload;
  });
  await app.register(dashboardRoutes, { dashboard });
  // Only the test runners set MEDICO_TEST_ROUTES=1; production refuses it (config.ts).
  if (config.testRoutes) await app.register(testingRoutes, { auth });

  return app;
}
