import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AsOfQuery, BOOKS_PATHS, BalanceSheet, PeriodQuery, ProfitAndLoss, ProfitAndLossQuery, StatementExportQuery, StoreDetails, StoreDetailsQuery, StoresDashboard } from 'shared-api';
import { CONTENT_TYPES, sendFile } from '../../http/file-reply';
import type { LedgerService } from '../ledger/service';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { FinancialsService } from './service';

/** Any signed-in unit reads its own books; every figure is scoped to the caller's unit. */
const ANY = requireRole({ permission: 'BOOKS_READ' });

export const financialsRoutes: FastifyPluginAsyncZod<{ financials: FinancialsService; ledger: LedgerService }> = async (app, { financials, ledger }) => {
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

  app.get(BOOKS_PATHS.statementExport, {
    config: ANY,
    schema: {
      tags: ['financials'],
      summary: 'The profit and loss, trial balance or balance sheet as a spreadsheet (xlsx, csv) or a printable PDF',
      security,
      querystring: StatementExportQuery,
      // Bytes, not the JSON envelope (errors still answer the envelope).
      produces: [CONTENT_TYPES.xlsx, CONTENT_TYPES.csv, CONTENT_TYPES.pdf],
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      return sendFile(reply, await financials.exportStatement(caller, request.query, (asOf) => ledger.trialBalance(caller, asOf)));
    },
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
