import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComplianceSettings, EINVOICE_PATHS, EInvoiceList, EInvoiceListQuery, EInvoiceParams, EInvoiceRetryResult, EInvoiceState, UpdateComplianceSettings } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { EInvoicesService } from './service';

/*
 * E-invoices (issue 34): the unit's compliance settings, the list by IRN state and the retries. Reading is any member
 * with SALES_READ; retrying is GST_FILES (owner, manager, accountant), as the screens decide; the switch is the
 * owner's. Cancelling an IRN (EINVOICE_PATHS.cancel) is registered by the cancellation module.
 */
export const eInvoicesRoutes: FastifyPluginAsyncZod<{ eInvoices: EInvoicesService; ewbProvider: ComplianceSettings['ewbProvider'] }> = async (app, { eInvoices, ewbProvider }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['e-invoices'];

  app.get(EINVOICE_PATHS.settings, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: "The unit's e-invoicing switch and the portal adapters in use", security, response: replies(ComplianceSettings) },
    handler: async (request) => ok(await eInvoices.settings(callerOf(request), ewbProvider)),
  });

  app.put(EINVOICE_PATHS.settings, {
    config: requireRole({ permission: 'OWNER_ONLY' }),
    schema: { tags, summary: 'Turns e-invoicing on or off for documents issued from now on', security, body: UpdateComplianceSettings, response: replies(ComplianceSettings) },
    handler: async (request) => ok(await eInvoices.saveSettings(callerOf(request), request.body, ewbProvider)),
  });

  app.get(EINVOICE_PATHS.list, {
    config: requireRole({ permission: 'SALES_READ' }),
    schema: { tags, summary: "The unit's e-invoices by IRN state, newest first, with the count in each state", security, querystring: EInvoiceListQuery, response: replies(EInvoiceList) },
    handler: async (request) => ok(await eInvoices.list(callerOf(request), request.query)),
  });

  app.post(EINVOICE_PATHS.retryAll, {
    config: requireRole({ permission: 'GST_FILES' }),
    schema: { tags, summary: 'Sends every pending and refused document of the unit to the portal again, now', security, response: replies(EInvoiceRetryResult) },
    handler: async (request) => ok(await eInvoices.retryAll(callerOf(request))),
  });

  app.post(routePattern(EINVOICE_PATHS.retry, 'eInvoiceId'), {
    config: requireRole({ permission: 'GST_FILES' }),
    schema: { tags, summary: 'Sends one pending or refused document to the portal again, now', security, params: EInvoiceParams, response: replies(EInvoiceState) },
    handler: async (request) => ok(await eInvoices.retry(callerOf(request), request.params.eInvoiceId)),
  });
};
