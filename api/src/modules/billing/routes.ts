import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingService } from './service';

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (_app, _deps) => {};
