import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNTING_PATHS,
  CounterDraft,
  CounterLookup,
  CounterLookupQuery,
  CounterPreview,
  CounterSale,
  CounterSaleInput,
  CounterSaleList,
  CounterSaleListQuery,
  CounterSettings,
  CounterSettleInput,
  InvoicePdfQuery,
  Quotation,
  QuotationConvertInput,
  QuotationInput,
  type Permission,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendPdf } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { InstoreService } from './service';

const InvoiceParams = z.object({ invoiceId: z.string().uuid() });
const QuotationParams = z.object({ quotationId: z.string().uuid() });
/** Any unit bills at its own counter; issuing is trading (verified units only). The counter rules are the owner's. */
const ANY = (permission: Permission) => requireRole({ permission });
const TRADING = requireRole({ permission: 'SALES_BILLING', activeOnly: true });
const OWNER = requireRole({ permission: 'OWNER_ONLY' });

export const instoreRoutes: FastifyPluginAsyncZod<{ instore: InstoreService }> = async (app, { instore }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['in-store sales'];

  app.get(ACCOUNTING_PATHS.instoreSettings, {
    config: ANY('SALES_BILLING'),
    schema: { tags, summary: "The counter's near-expiry window and policy", security, response: replies(CounterSettings) },
    handler: async (request) => ok(await instore.settings(callerOf(request))),
  });

  app.put(ACCOUNTING_PATHS.instoreSettings, {
    config: OWNER,
    schema: { tags, summary: "Set the counter's near-expiry window (days) and policy (WARN or REFUSE)", security, body: CounterSettings, response: replies(CounterSettings) },
    handler: async (request) => ok(await instore.saveSettings(callerOf(request), request.body)),
  });

  app.get(ACCOUNTING_PATHS.instoreLookup, {
    config: ANY('SALES_BILLING'),
    schema: { tags, summary: 'Products in the active warehouse by name or scanned batch code, batches first expiry first', security, querystring: CounterLookupQuery, response: replies(CounterLookup) },
    handler: async (request) => ok(await instore.lookup(callerOf(request), request.query.q)),
  });

  app.post(ACCOUNTING_PATHS.instorePreview, {
    config: ANY('SALES_BILLING'),
    schema: { tags, summary: 'Price a counter bill (no number taken, no stock moved)', security, body: CounterDraft, response: replies(CounterPreview) },
    handler: async (request) => ok(await instore.preview(callerOf(request), request.body)),
  });

  app.get(ACCOUNTING_PATHS.instoreSales, {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'Counter sales, newest first', security, querystring: CounterSaleListQuery, response: replies(CounterSaleList) },
    handler: async (request) => ok(await instore.list(callerOf(request), request.query)),
  });

  app.post(ACCOUNTING_PATHS.instoreSales, {
    config: TRADING,
    schema: { tags, summary: 'Issue a counter sale: stock out, tax invoice, sales voucher, and a receipt when paid in cash or UPI', security, body: CounterSaleInput, response: replies(CounterSale) },
    handler: async (request) => ok(await instore.issue(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.instoreSale, 'invoiceId'), {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'One counter sale with its payment', security, params: InvoiceParams, response: replies(CounterSale) },
    handler: async (request) => ok(await instore.sale(callerOf(request), request.params.invoiceId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.instoreSalePayment, 'invoiceId'), {
    config: TRADING,
    schema: { tags, summary: 'Settle a credit counter sale in cash or UPI (once)', security, params: InvoiceParams, body: CounterSettleInput, response: replies(CounterSale) },
    handler: async (request) => ok(await instore.settle(callerOf(request), request.params.invoiceId, request.body.mode)),
  });

  app.post(ACCOUNTING_PATHS.quotations, {
    config: TRADING,
    schema: { tags, summary: 'A priced quotation (QTN series), valid until a date; no stock or books change', security, body: QuotationInput, response: replies(Quotation) },
    handler: async (request) => ok(await instore.createQuotation(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.quotation, 'quotationId'), {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'One quotation', security, params: QuotationParams, response: replies(Quotation) },
    handler: async (request) => ok(await instore.quotation(callerOf(request), request.params.quotationId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.quotationConvert, 'quotationId'), {
    config: TRADING,
    schema: { tags, summary: 'Invoice a quotation at the counter (once, while valid; stock and expiry checked now)', security, params: QuotationParams, body: QuotationConvertInput, response: replies(CounterSale) },
    handler: async (request) => ok(await instore.convert(callerOf(request), request.params.quotationId, request.body.paymentMode)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.quotationPdf, 'quotationId'), {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'The quotation as a PDF (A4, or A5 landscape with ?size=A5)', security, params: QuotationParams, querystring: InvoicePdfQuery, produces: ['application/pdf'] },
    handler: async (request, reply) => sendPdf(reply, await instore.quotationPdf(callerOf(request), request.params.quotationId, request.query.size)),
  });
};
