import type { NotificationList, NotificationQuery } from 'shared-api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { listNotifications } from './repository';

export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, query: z.output<typeof NotificationQuery>): Promise<NotificationList> {
    const { items, total } = await listNotifications(this.db, {
      unitId: caller.unitId,
      userId: caller.userId,
      unreadOnly: query.notificationType === 'UNREAD',
      search: query.search?.trim() || undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      totalResults: total,
      items: items.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        body: n.body,
        read: n.read_at !== null,
        createdAt: n.created_at.toISOString(),
      })),
    };
  }
}
