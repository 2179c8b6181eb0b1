import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, type Permission, HsnSummary, HsnSummaryQuery, InvoicePdfQuery, SalesInvoice, SalesInvoiceList, SalesInvoiceListQuery, SalesRegister, SalesRegisterQuery } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendPdf } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { SalesService } from './service';

const OrderParams = z.object({ orderId: z.string().uuid() });
const InvoiceParams = z.object({ invoiceId: z.string().uuid() });
/** Orders are received by stockists; invoicing one is trading (verified units only). Any unit sells at its counter. */
const TRADING_SELLER = requireRole({ permission: 'SALES_BILLING', customerTypes: ['STOCKIST'], activeOnly: true });
const ANY = (permission: Permission) => requireRole({ permission });

export const salesRoutes: FastifyPluginAsyncZod<{ sales: SalesService }> = async (app, { sales }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['sales'];

  app.post(routePattern(ACCOUNTING_PATHS.invoiceFromOrder, 'orderId'), {
    config: TRADING_SELLER,
    schema: { tags, summary: 'Tax invoice of an accepted order (one per order; asking again answers it)', security, params: OrderParams, response: replies(SalesInvoice) },
    handler: async (request) => ok(await sales.issueFromOrder(callerOf(request), request.params.orderId)),
  });

  app.get(ACCOUNTING_PATHS.salesInvoices, {
    config: ANY('SALES_READ'),
    schema: { tags, summary: "The caller's sales invoices, newest first", security, querystring: SalesInvoiceListQuery, response: replies(SalesInvoiceList) },
    handler: async (request) => ok(await sales.list(callerOf(request), request.query)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.salesInvoice, 'invoiceId'), {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'One invoice, for its seller or its buyer', security, params: InvoiceParams, response: replies(SalesInvoice) },
    handler: async (request) => ok(await sales.invoice(callerOf(request), request.params.invoiceId)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.salesInvoicePdf, 'invoiceId'), {
    config: ANY('SALES_READ'),
    schema: {
      tags,
      summary: 'The invoice as a PDF (A4 portrait, or A5 landscape with ?size=A5)',
      security,
      params: InvoiceParams,
      querystring: InvoicePdfQuery,
      // Bytes, not the JSON envelope: no response schema (errors still answer the envelope).
      produces: ['application/pdf'],
    },
    handler: async (request, reply) => sendPdf(reply, await sales.pdf(callerOf(request), request.params.invoiceId, request.query.size)),
  });

  app.get(ACCOUNTING_PATHS.salesRegister, {
    config: ANY('SALES_READ'),
    schema: { tags, summary: 'Sales register of a month with its totals', security, querystring: SalesRegisterQuery, response: replies(SalesRegister) },
    handler: async (request) => ok(await sales.register(callerOf(request), request.query)),
  });

  app.get(ACCOUNTING_PATHS.hsnSummary, {
    config: ANY('GST_FILES'),
    schema: { tags, summary: "A month's sales by HSN and GST rate", security, querystring: HsnSummaryQuery, response: replies(HsnSummary) },
    handler: async (request) => ok(await sales.hsnSummary(callerOf(request), request.query.month)),
  });
};
