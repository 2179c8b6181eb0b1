import type { MarkNotificationsRead, NotificationList, NotificationQuery, UnreadCount } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { listNotifications, markRead, unreadCount } from './repository';

export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'now'>,
  ) {}

  async list(caller: Caller, query: z.output<typeof NotificationQuery>): Promise<NotificationList> {
    const { items, total } = await listNotifications(this.db, {
      unitId: caller.unitId,
      userId: caller.userId,
      unreadOnly: query.notificationType === 'UNREAD',
      type: query.type,
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
        link: n.link,
      })),
    };
  }

  /** These notices (those the caller sees; others are ignored) are read; answers what is still unread. */
  async markRead(caller: Caller, input: MarkNotificationsRead): Promise<UnreadCount> {
    await markRead(this.db, caller, this.config.now(), input.ids);
    return { unread: await unreadCount(this.db, caller) };
  }

  /** Everything the caller sees, unit-wide notices and their own, is read. */
  async markAllRead(caller: Caller): Promise<UnreadCount> {
    await markRead(this.db, caller, this.config.now());
    return { unread: await unreadCount(this.db, caller) };
  }
}
