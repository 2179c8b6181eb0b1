import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationList, NotificationQuery, PATHS } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { NotificationsService } from './service';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(PATHS.notifications, {
    config: requireRole(),
    schema: {
      tags: ['notifications'],
      summary: 'Notifications of the unit and the user, newest first',
      security: [{ bearerAuth: [] }],
      querystring: NotificationQuery,
      response: replies(NotificationList),
    },
    handler: async (request) => ok(await notifications.list(callerOf(request), request.query)),
  });
};
