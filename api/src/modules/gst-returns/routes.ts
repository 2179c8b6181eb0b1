import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GstReturnsService } from './service';

export const gstReturnsRoutes: FastifyPluginAsyncZod<{ gstReturns: GstReturnsService }> = async () => {};
