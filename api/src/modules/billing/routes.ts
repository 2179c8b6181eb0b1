import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENTS_PATHS, PageQuery, PayProviderInvoice, PendingProviderPayments, ProviderInvoice, ProviderInvoiceList, QrQuery } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendFile, sendPdf } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { BillingService } from './service';

/** Any id string: a malformed one is an unknown invoice (E0053), as the service answers, not a validation error.
 * Named apart from the sales invoices' :invoiceId so the authorization walk aims it at a provider invoice. */
const InvoiceParams = z.object({ providerInvoiceId: z.string() });
/** Every unit is billed and pays its own invoices (SPEC.md §6: Billing, all). */
const ANY = requireRole({ permission: 'PAYMENTS' });

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['billing'];

  app.get(PAYMENTS_PATHS.providerInvoices, {
    config: ANY,
    schema: { tags, summary: "Medico B2B's monthly invoices to the caller (issued for ended months on first sight), newest first", security, querystring: PageQuery, response: replies(ProviderInvoiceList) },
    handler: async (request) => ok(await billing.list(callerOf(request), request.query)),
  });

  app.get(PAYMENTS_PATHS.pendingProviderPayments, {
    config: ANY,
    schema: { tags, summary: "The caller's unpaid Medico B2B invoices: how many and how much", security, response: replies(PendingProviderPayments) },
    handler: async (request) => ok(await billing.pending(callerOf(request))),
  });

  app.get(routePattern(PAYMENTS_PATHS.providerInvoice, 'providerInvoiceId'), {
    config: ANY,
    schema: { tags, summary: 'One Medico B2B invoice of the caller', security, params: InvoiceParams, response: replies(ProviderInvoice) },
    handler: async (request) => ok(await billing.invoice(callerOf(request), request.params.providerInvoiceId)),
  });

  app.get(routePattern(PAYMENTS_PATHS.providerInvoiceQr, 'providerInvoiceId'), {
    config: ANY,
    schema: { tags, summary: "The UPI QR to pay an unpaid invoice (the provider's VPA, the amount, the invoice number as tr)", security, params: InvoiceParams, querystring: QrQuery, produces: ['image/png', 'image/svg+xml'] },
    handler: async (request, reply) => sendFile(reply, await billing.qr(callerOf(request), request.params.providerInvoiceId, request.query.format)),
  });

  app.get(routePattern(PAYMENTS_PATHS.providerInvoicePdf, 'providerInvoiceId'), {
    config: ANY,
    schema: { tags, summary: 'The invoice as a PDF (GST tax invoice, with the QR to pay it or its payment)', security, params: InvoiceParams, produces: ['application/pdf'] },
    handler: async (request, reply) => sendPdf(reply, await billing.pdf(callerOf(request), request.params.providerInvoiceId)),
  });

  app.post(routePattern(PAYMENTS_PATHS.payProviderInvoice, 'providerInvoiceId'), {
    config: ANY,
    schema: { tags, summary: 'Record the UPI payment of an invoice by its UTR, once; posts the payment voucher', security, params: InvoiceParams, body: PayProviderInvoice, response: replies(ProviderInvoice) },
    handler: async (request) => ok(await billing.pay(callerOf(request), request.params.providerInvoiceId, request.body)),
  });
};
