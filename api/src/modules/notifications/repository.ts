import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface Reader {
  unitId: string;
  userId: string;
}

export interface NotificationFilter extends Reader {
  unreadOnly: boolean;
  type?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** What a person sees: their unit's notices for everyone (user_id NULL) and their own. */
function visibleTo(db: Database, r: Reader) {
  return db
    .selectFrom('notifications')
    .where('unit_id', '=', r.unitId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', r.userId)]));
}

function filtered(db: Database, f: NotificationFilter) {
  let query = visibleTo(db, f);
  if (f.unreadOnly) query = query.where('read_at', 'is', null);
  if (f.type) query = query.where('type', '=', f.type);
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('body', 'ilike', pattern)]));
  }
  return query;
}

export async function listNotifications(db: Database, f: NotificationFilter) {
  const [items, total] = await Promise.all([
    filtered(db, f)
      .select(['id', 'type', 'title', 'body', 'link', 'read_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(f.pageSize)
      .offset(f.page * f.pageSize)
      .execute(),
    filtered(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

/**
 * Marks read what the reader sees among `ids` (all of it when `ids` is absent). Ids of another unit or another
 * person match nothing, so they are ignored like unknown ones; rows already read keep their first read time.
 */
export async function markRead(db: Database, r: Reader, at: Date, ids?: readonly string[]): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('unit_id', '=', r.unitId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', r.userId)]))
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/** Unread notices the reader sees (served by the notifications_unread partial index). */
export async function unreadCount(db: Database, r: Reader): Promise<number> {
  const row = await visibleTo(db, r).where('read_at', 'is', null).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
