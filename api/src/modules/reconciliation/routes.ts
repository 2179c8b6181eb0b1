import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReconciliationService } from './service';

export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (_app, _deps) => {};
