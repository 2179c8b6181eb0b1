import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AsOfQuery, BOOKS_PATHS, BalanceSheet, PeriodQuery, ProfitAndLoss, ProfitAndLossQuery, StoreDetails, StoreDetailsQuery, StoresDashboard } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { FinancialsService } from './service';

/** Any signed-in unit reads its own books; every figure is scoped to the caller's unit. */
const ANY = requireRole({ permission: 'BOOKS_READ' });

export const financialsRoutes: FastifyPluginAsyncZod<{ financials: FinancialsService }> = async (app, { financials }) => {
  const security = [{ bearerAuth: [] }];

  app.get(BOOKS_PATHS.profitAndLoss, {
    config: ANY,
    schema: { tags: ['books'], summary: 'Trading and profit & loss account of a period (stock at FIFO cost), with the previous period', security, querystring: ProfitAndLossQuery, response: replies(ProfitAndLoss) },
    handler: async (request) => ok(await financials.profitAndLoss(callerOf(request), request.query)),
  });

  app.get(BOOKS_PATHS.balanceSheet, {
    config: ANY,
    schema: { tags: ['books'], summary: 'Balance sheet on a day, with the previous year-end', security, querystring: AsOfQuery, response: replies(BalanceSheet) },
    handler: async (request) => ok(await financials.balanceSheet(callerOf(request), request.query.asOf)),
  });

  app.get(BOOKS_PATHS.stores, {
    config: ANY,
    schema: { tags: ['stores'], summary: "The unit's warehouses: stock at cost and MRP, expiry, sales, purchases and outstanding", security, querystring: PeriodQuery, response: replies(StoresDashboard) },
    handler: async (request) => ok(await financials.stores(callerOf(request), request.query)),
  });

  app.get(BOOKS_PATHS.storeDetails, {
    config: ANY,
    schema: { tags: ['stores'], summary: 'One warehouse: its figures, most valuable products, expiring batches and months', security, querystring: StoreDetailsQuery, response: replies(StoreDetails) },
    handler: async (request) => ok(await financials.storeDetails(callerOf(request), request.query)),
  });
};
