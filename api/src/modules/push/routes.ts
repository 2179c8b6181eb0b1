import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATHS, PushTokenRequest } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { PushService } from './service';

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.post(PATHS.firebaseAddToken, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: {
      tags: ['notifications'],
      summary: "Save this device's web-push token",
      security: [{ bearerAuth: [] }],
      body: PushTokenRequest,
      response: replies(z.null()),
    },
    handler: async (request) => {
      await push.saveToken(callerOf(request), request.body);
      return ok(null);
    },
  });
};
