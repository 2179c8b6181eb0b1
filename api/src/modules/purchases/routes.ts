import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, CreatePurchaseReturn, DebitNote, DebitNoteList, DebitNoteListQuery, InvoicePdfQuery, ManualPurchaseBillInput, PurchaseBill, PurchaseBillList, PurchaseBillListQuery, PurchaseBillPayment, ReceivePurchaseBill } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { PurchaseReturnsService } from './returns';
import type { PurchasesService } from './service';

const BillParams = z.object({ billId: z.string().uuid() });
const NoteParams = z.object({ debitNoteId: z.string().uuid() });
/** Any unit buys; taking goods into stock and booking bills is trading (verified units only). */
const ANY = requireRole();
const TRADING = requireRole({ activeOnly: true });

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService; returns: PurchaseReturnsService }> = async (app, { purchases, returns }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['purchases'];

  app.get(ACCOUNTING_PATHS.purchaseBills, {
    config: ANY,
    schema: { tags, summary: "The caller's purchase bills: pending receipt first, then newest", security, querystring: PurchaseBillListQuery, response: replies(PurchaseBillList) },
    handler: async (request) => ok(await purchases.list(callerOf(request), request.query)),
  });

  app.post(ACCOUNTING_PATHS.manualPurchaseBill, {
    config: TRADING,
    schema: { tags, summary: 'A bill from a supplier outside the platform, keyed in (pending until received)', security, body: ManualPurchaseBillInput, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.createManual(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBill, 'billId'), {
    config: ANY,
    schema: { tags, summary: 'One purchase bill of the caller', security, params: BillParams, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.bill(callerOf(request), request.params.billId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.receivePurchaseBill, 'billId'), {
    config: TRADING,
    schema: { tags, summary: 'Receive the bill into stock (active warehouse) and post the purchase voucher; once', security, params: BillParams, body: ReceivePurchaseBill, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.receive(callerOf(request), request.params.billId, request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBillPayment, 'billId'), {
    config: ANY,
    schema: { tags, summary: 'Amount, paid and due of one bill', security, params: BillParams, response: replies(PurchaseBillPayment) },
    handler: async (request) => ok(await purchases.payment(callerOf(request), request.params.billId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.returnPurchase, 'billId'), {
    config: TRADING,
    schema: { tags, summary: 'Return goods of a received bill: a debit note, the units out of stock', security, params: BillParams, body: CreatePurchaseReturn, response: replies(DebitNote) },
    handler: async (request) => ok(await returns.create(callerOf(request), request.params.billId, request.body)),
  });

  app.get(ACCOUNTING_PATHS.purchaseReturns, {
    config: ANY,
    schema: { tags, summary: "The caller's debit notes, newest first", security, querystring: DebitNoteListQuery, response: replies(DebitNoteList) },
    handler: async (request) => ok(await returns.list(callerOf(request), request.query)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseReturn, 'debitNoteId'), {
    config: ANY,
    schema: { tags, summary: 'One debit note of the caller', security, params: NoteParams, response: replies(DebitNote) },
    handler: async (request) => ok(await returns.note(callerOf(request), request.params.debitNoteId)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseReturnPdf, 'debitNoteId'), {
    config: ANY,
    schema: { tags, summary: 'The debit note as a PDF (A4, or A5 landscape with ?size=A5)', security, params: NoteParams, querystring: InvoicePdfQuery, produces: ['application/pdf'] },
    handler: async (request, reply) => {
      const { fileName, bytes } = await returns.pdf(callerOf(request), request.params.debitNoteId, request.query.size);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).header('cache-control', 'private, no-store').send(bytes);
    },
  });
};
