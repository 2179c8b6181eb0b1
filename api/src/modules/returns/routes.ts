import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, CreateSalesReturn, CreditNote, CreditNoteList, CreditNoteListQuery, InvoicePdfQuery, RefundCreditNote, ReturnableInvoice, ReturnableInvoiceQuery } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { sendPdf } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { ReturnsService } from './service';

const CreditNoteParams = z.object({ creditNoteId: z.string().uuid() });
/** Any unit sells (marketplace or counter), so any unit takes its goods back; only against its own invoices. */
const SELLER = requireRole({ permission: 'RETURNS', activeOnly: true });
const ANY = requireRole({ permission: 'RETURNS' });

export const returnsRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['sales returns'];

  app.post(ACCOUNTING_PATHS.salesReturns, {
    config: SELLER,
    schema: { tags, summary: 'Take goods back against one of your invoices: issues a credit note (CGST Act s. 34)', security, body: CreateSalesReturn, response: replies(CreditNote) },
    handler: async (request) => ok(await returns.create(callerOf(request), request.body)),
  });

  app.get(ACCOUNTING_PATHS.salesReturns, {
    config: ANY,
    schema: { tags, summary: "The caller's credit notes, newest first", security, querystring: CreditNoteListQuery, response: replies(CreditNoteList) },
    handler: async (request) => ok(await returns.list(callerOf(request), request.query)),
  });

  app.get(ACCOUNTING_PATHS.returnableInvoice, {
    config: ANY,
    schema: { tags, summary: 'One of your invoices with what may still be returned of each line', security, querystring: ReturnableInvoiceQuery, response: replies(ReturnableInvoice) },
    handler: async (request) => ok(await returns.returnable(callerOf(request), request.query)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.salesReturn, 'creditNoteId'), {
    config: ANY,
    schema: { tags, summary: 'One credit note, for its seller or its buyer', security, params: CreditNoteParams, response: replies(CreditNote) },
    handler: async (request) => ok(await returns.creditNote(callerOf(request), request.params.creditNoteId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.salesReturnRefund, 'creditNoteId'), {
    config: SELLER,
    schema: {
      tags,
      summary: "Pay a walk-in buyer back what a credit note on a paid counter sale credits (a PAY voucher against the note)",
      security,
      params: CreditNoteParams,
      body: RefundCreditNote,
      response: replies(CreditNote),
    },
    handler: async (request) => ok(await returns.refund(callerOf(request), request.params.creditNoteId, request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.salesReturnPdf, 'creditNoteId'), {
    config: ANY,
    schema: {
      tags,
      summary: 'The credit note as a PDF (A4 portrait, or A5 landscape with ?size=A5)',
      security,
      params: CreditNoteParams,
      querystring: InvoicePdfQuery,
      // Bytes, not the JSON envelope: no response schema (errors still answer the envelope).
      produces: ['application/pdf'],
    },
    handler: async (request, reply) => sendPdf(reply, await returns.pdf(callerOf(request), request.params.creditNoteId, request.query.size)),
  });
};
