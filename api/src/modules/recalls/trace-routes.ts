import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AskBuyersResult, MarkDestroyed, MarkDestroyedResult, RECALL_PATHS, RecallNetwork, RecallParams, RecallTrace, ReturnToSupplierResult } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { RecallActions } from './actions';
import type { RecallNetworkView } from './network';
import type { RecallTraces } from './trace';

/*
 * A recall's trace, network view and one-click actions (issue 35). Every unit a recall reaches reads its own trace;
 * the network view is for staff, the product's manufacturer and the raiser (network.ts decides). The actions write
 * documents and stock: a return to supplier is a debit note (RETURNS, as purchase returns are), destruction writes
 * units off (STOCK_WRITE_OFF), asking buyers tells other units (STOCK_WRITE).
 */
const UNITS = ['STOCKIST', 'RETAILER', 'HOSPITAL', 'MANUFACTURER'] as const;
const READ = requireRole({ permission: 'STOCK_READ', customerTypes: UNITS });
const ACT = (permission: 'RETURNS' | 'STOCK_WRITE' | 'STOCK_WRITE_OFF') => requireRole({ permission, customerTypes: UNITS, activeOnly: true });

export const recallTraceRoutes: FastifyPluginAsyncZod<{ traces: RecallTraces; network: RecallNetworkView; actions: RecallActions }> = async (app, { traces, network, actions }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['recalls'];

  app.get(routePattern(RECALL_PATHS.trace, 'recallId'), {
    config: READ,
    schema: { tags, summary: "The caller's trace of a recall: received from whom, sold to whom, walk-in sales, on hand and quarantine (404 unless it reaches the caller)", security, params: RecallParams, response: replies(RecallTrace) },
    handler: async (request) => ok(await traces.trace(callerOf(request), request.params.recallId)),
  });

  app.get(routePattern(RECALL_PATHS.network, 'recallId'), {
    config: READ,
    schema: { tags, summary: 'Units still on shelves network-wide, by district, and day by day (staff, the manufacturer, the raiser)', security, params: RecallParams, response: replies(RecallNetwork) },
    handler: async (request) => ok(await network.network(callerOf(request), request.params.recallId)),
  });

  app.post(routePattern(RECALL_PATHS.returnToSupplier, 'recallId'), {
    config: ACT('RETURNS'),
    schema: { tags, summary: 'Return the quarantined units to their platform suppliers: a debit note per bill at its prices, the supplier\'s credit note with it', security, params: RecallParams, response: replies(ReturnToSupplierResult) },
    handler: async (request) => ok(await actions.returnToSupplier(callerOf(request), request.params.recallId)),
  });

  app.post(routePattern(RECALL_PATHS.askBuyers, 'recallId'), {
    config: ACT('STOCK_WRITE'),
    schema: { tags, summary: 'Ask each platform buyer of the recalled batches, not yet asked, to return its units', security, params: RecallParams, response: replies(AskBuyersResult) },
    handler: async (request) => ok(await actions.askBuyers(callerOf(request), request.params.recallId)),
  });

  app.post(routePattern(RECALL_PATHS.destroyed, 'recallId'), {
    config: ACT('STOCK_WRITE_OFF'),
    schema: { tags, summary: 'Write quarantined units off as destroyed, against a certificate of destruction', security, params: RecallParams, body: MarkDestroyed, response: replies(MarkDestroyedResult) },
    handler: async (request) => ok(await actions.destroyed(callerOf(request), request.params.recallId, request.body)),
  });
};
