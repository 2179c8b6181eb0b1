import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkNotificationsRead, NOTIFICATION_PATHS, NotificationList, NotificationQuery, PATHS, UnreadCount } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { NotificationsService } from './service';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  app.get(PATHS.notifications, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: {
      tags,
      summary: 'Notifications of the unit and the user, newest first (unread only, one type, search)',
      security,
      querystring: NotificationQuery,
      response: replies(NotificationList),
    },
    handler: async (request) => ok(await notifications.list(callerOf(request), request.query)),
  });

  app.post(NOTIFICATION_PATHS.markRead, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: {
      tags,
      summary: 'Mark these notifications read (ids the caller does not see are ignored); answers the unread count',
      security,
      body: MarkNotificationsRead,
      response: replies(UnreadCount),
    },
    handler: async (request) => ok(await notifications.markRead(callerOf(request), request.body)),
  });

  app.post(NOTIFICATION_PATHS.markAllRead, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Mark every notification the caller sees read; answers the unread count', security, response: replies(UnreadCount) },
    handler: async (request) => ok(await notifications.markAllRead(callerOf(request))),
  });
};
