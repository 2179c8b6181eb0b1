import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CancelIrn, EINVOICE_PATHS, EInvoiceParams, EInvoiceState } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { IrnCancelService } from './cancel';

/**
 * The IRN's cancellation (issue 34), beside the e-invoice routes. The route needs SALES_READ (whoever sees the
 * e-invoice list); the service then asks for the permission that issues the document (shared-api IRN_CANCEL_PERMISSION).
 */
export const irnCancelRoutes: FastifyPluginAsyncZod<{ cancel: IrnCancelService }> = async (app, { cancel }) => {
  app.post(routePattern(EINVOICE_PATHS.cancel, 'eInvoiceId'), {
    config: requireRole({ permission: 'SALES_READ', activeOnly: true }),
    schema: {
      tags: ['e-invoices'],
      summary: `Cancel a document's IRN on the portal (within 24 hours of its acknowledgement) and the document in the books: its voucher reversed, its stock put back, the other side's record withdrawn`,
      security: [{ bearerAuth: [] }],
      params: EInvoiceParams,
      body: CancelIrn,
      response: replies(EInvoiceState),
    },
    handler: async (request) => ok(await cancel.cancel(callerOf(request), request.params.eInvoiceId, request.body)),
  });
};
