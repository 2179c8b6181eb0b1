import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsService } from './service';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (_app, _deps) => {};
