import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FinancialsService } from './service';

export const financialsRoutes: FastifyPluginAsyncZod<{ financials: FinancialsService }> = async () => {};
