import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, TrialBalance, TrialBalanceQuery } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { LedgerService } from './service';

export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  app.get(ACCOUNTING_PATHS.trialBalance, {
    config: requireRole(),
    schema: { tags: ['ledgers'], summary: "Trial balance of the caller's books", security: [{ bearerAuth: [] }], querystring: TrialBalanceQuery, response: replies(TrialBalance) },
    handler: async (request) => ok(await ledger.trialBalance(callerOf(request), request.query.asOf)),
  });
};
