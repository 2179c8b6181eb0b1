import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, type Permission, CreatePurchaseReturn, CreateSupplierOrder, SupplierOrder, DebitNote, DebitNoteList, DebitNoteListQuery, InvoicePdfQuery, ManualPurchaseBillInput, PurchaseBill, PurchaseBillList, PurchaseBillListQuery, PurchaseBillPayment, PurchaseReport, PurchaseReportQuery, ReceivePurchaseBill, SupplierPurchases } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendPdf } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { PurchaseReportsService } from './reports';
import type { PurchaseReturnsService } from './returns';
import type { PurchasesService } from './service';
import type { SupplierOrdersService } from './supplier-orders';

const BillParams = z.object({ billId: z.string().uuid() });
const NoteParams = z.object({ debitNoteId: z.string().uuid() });
const SupplierParams = z.object({ supplierKey: z.string().uuid() });
const SupplierOrderParams = z.object({ supplierOrderId: z.string().uuid() });
/** Any unit buys; taking goods into stock and booking bills is trading (verified units only). */
const ANY = (permission: Permission) => requireRole({ permission });
const TRADING = (permission: Permission) => requireRole({ permission, activeOnly: true });

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService; returns: PurchaseReturnsService; reports: PurchaseReportsService; supplierOrders: SupplierOrdersService }> = async (app, { purchases, returns, reports, supplierOrders }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['purchases'];

  app.get(ACCOUNTING_PATHS.purchaseBills, {
    config: ANY('PURCHASES'),
    schema: { tags, summary: "The caller's purchase bills: pending receipt first, then newest", security, querystring: PurchaseBillListQuery, response: replies(PurchaseBillList) },
    handler: async (request) => ok(await purchases.list(callerOf(request), request.query)),
  });

  app.post(ACCOUNTING_PATHS.manualPurchaseBill, {
    config: TRADING('PURCHASES'),
    schema: { tags, summary: 'A bill from a supplier outside the platform, keyed in (pending until received)', security, body: ManualPurchaseBillInput, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.createManual(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBill, 'billId'), {
    config: ANY('PURCHASES'),
    schema: { tags, summary: 'One purchase bill of the caller', security, params: BillParams, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.bill(callerOf(request), request.params.billId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.receivePurchaseBill, 'billId'), {
    config: TRADING('PURCHASES'),
    schema: { tags, summary: 'Receive the bill into stock (active warehouse) and post the purchase voucher; once', security, params: BillParams, body: ReceivePurchaseBill, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.receive(callerOf(request), request.params.billId, request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBillPayment, 'billId'), {
    config: ANY('PURCHASES'),
    schema: { tags, summary: 'Amount, paid and due of one bill', security, params: BillParams, response: replies(PurchaseBillPayment) },
    handler: async (request) => ok(await purchases.payment(callerOf(request), request.params.billId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.returnPurchase, 'billId'), {
    config: TRADING('RETURNS'),
    schema: { tags, summary: 'Return goods of a received bill: a debit note, the units out of stock', security, params: BillParams, body: CreatePurchaseReturn, response: replies(DebitNote) },
    handler: async (request) => ok(await returns.create(callerOf(request), request.params.billId, request.body)),
  });

  app.get(ACCOUNTING_PATHS.purchaseReturns, {
    config: ANY('RETURNS'),
    schema: { tags, summary: "The caller's debit notes, newest first", security, querystring: DebitNoteListQuery, response: replies(DebitNoteList) },
    handler: async (request) => ok(await returns.list(callerOf(request), request.query)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseReturn, 'debitNoteId'), {
    config: ANY('RETURNS'),
    schema: { tags, summary: 'One debit note of the caller', security, params: NoteParams, response: replies(DebitNote) },
    handler: async (request) => ok(await returns.note(callerOf(request), request.params.debitNoteId)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseReturnPdf, 'debitNoteId'), {
    config: ANY('RETURNS'),
    schema: { tags, summary: 'The debit note as a PDF (A4, or A5 landscape with ?size=A5)', security, params: NoteParams, querystring: InvoicePdfQuery, produces: ['application/pdf'] },
    handler: async (request, reply) => sendPdf(reply, await returns.pdf(callerOf(request), request.params.debitNoteId, request.query.size)),
  });

  app.get(ACCOUNTING_PATHS.purchaseReport, {
    config: ANY('PURCHASES'),
    schema: { tags, summary: 'Received bills of a period by supplier, largest first', security, querystring: PurchaseReportQuery, response: replies(PurchaseReport) },
    handler: async (request) => ok(await reports.bySupplier(callerOf(request), request.query)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseReportSupplier, 'supplierKey'), {
    config: ANY('PURCHASES'),
    schema: { tags, summary: "One supplier's received bills of the period", security, params: SupplierParams, querystring: PurchaseReportQuery, response: replies(SupplierPurchases) },
    handler: async (request) => ok(await reports.supplier(callerOf(request), request.params.supplierKey, request.query)),
  });

  app.post(ACCOUNTING_PATHS.supplierOrders, {
    config: TRADING('PURCHASES'),
    schema: { tags, summary: 'A numbered purchase order (PO) to a supplier outside the platform', security, body: CreateSupplierOrder, response: replies(SupplierOrder) },
    handler: async (request) => ok(await supplierOrders.create(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.supplierOrder, 'supplierOrderId'), {
    config: ANY('PURCHASES'),
    schema: { tags, summary: 'One purchase order of the caller to an outside supplier', security, params: SupplierOrderParams, response: replies(SupplierOrder) },
    handler: async (request) => ok(await supplierOrders.order(callerOf(request), request.params.supplierOrderId)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.supplierOrderPdf, 'supplierOrderId'), {
    config: ANY('PURCHASES'),
    schema: { tags, summary: 'The purchase order as a PDF (A4)', security, params: SupplierOrderParams, produces: ['application/pdf'] },
    handler: async (request, reply) => sendPdf(reply, await supplierOrders.pdf(callerOf(request), request.params.supplierOrderId)),
  });
};
