import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface NotificationFilter {
  unitId: string;
  userId: string;
  unreadOnly: boolean;
  search?: string;
  page: number;
  pageSize: number;
}

/** Notifications for the unit as a whole (user_id NULL) and for this user. */
function visible(db: Database, f: NotificationFilter) {
  let query = db
    .selectFrom('notifications')
    .where('unit_id', '=', f.unitId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', f.userId)]));
  if (f.unreadOnly) query = query.where('read_at', 'is', null);
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('body', 'ilike', pattern)]));
  }
  return query;
}

export async function listNotifications(db: Database, f: NotificationFilter) {
  const [items, total] = await Promise.all([
    visible(db, f)
      .select(['id', 'type', 'title', 'body', 'read_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(f.pageSize)
      .offset(f.page * f.pageSize)
      .execute(),
    visible(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}
