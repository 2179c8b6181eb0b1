import { randomUUID } from 'node:crypto';
import type { PushTokenRequest } from 'shared-api';
import type { Database } from '../../db/database';

/** One token per user and device: saving again (a rotated browser token) replaces it. */
export async function upsertPushToken(db: Database, userId: string, input: PushTokenRequest, now: Date): Promise<void> {
  await db
    .insertInto('push_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      token: input.token,
      channel: input.channel,
      os_type: input.osType,
      device_id: input.deviceId,
      model: input.model,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_id']).doUpdateSet({
        token: input.token,
        channel: input.channel,
        os_type: input.osType,
        model: input.model,
        created_at: now,
      }),
    )
    .execute();
}

export async function deletePushTokensOfDevice(db: Database, userId: string, deviceId: string): Promise<void> {
  await db.deleteFrom('push_tokens').where('user_id', '=', userId).where('device_id', '=', deviceId).execute();
}

export async function deletePushTokensOfUser(db: Database, userId: string): Promise<void> {
  await db.deleteFrom('push_tokens').where('user_id', '=', userId).execute();
}

export interface WaitingNotification {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
}

/**
 * Claims up to `limit` notifications waiting for their push (oldest first), in one statement: rows another API
 * process has locked are skipped and the claim commits with the statement, so each is pushed by one process only.
 * Older than `since`: too late to be worth a phone buzz; they stay unpushed.
 */
export async function claimWaitingNotifications(db: Database, now: Date, since: Date, limit: number): Promise<WaitingNotification[]> {
  return db
    .updateTable('notifications')
    .set({ pushed_at: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('pushed_at', 'is', null)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    // Rechecked after a lock wait, so a row claimed meanwhile is not claimed twice.
    .where('pushed_at', 'is', null)
    .returning(['id', 'type', 'title', 'body', 'link'])
    .execute();
}

/** The device tokens of each notification's audience: its user, or (user_id NULL) every current user of its unit. */
export async function audienceTokens(db: Database, notificationIds: readonly string[]): Promise<Map<string, string[]>> {
  const tokens = new Map<string, string[]>();
  if (!notificationIds.length) return tokens;
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', (join) =>
      join.on((eb) => eb.or([eb('u.id', '=', eb.ref('n.user_id')), eb.and([eb('n.user_id', 'is', null), eb('u.unit_id', '=', eb.ref('n.unit_id'))])])),
    )
    .innerJoin('push_tokens as t', 't.user_id', 'u.id')
    .where('n.id', 'in', notificationIds)
    .where('u.deleted_at', 'is', null)
    .select(['n.id as notificationId', 't.token'])
    .distinct()
    .execute();
  for (const row of rows) {
    const list = tokens.get(row.notificationId);
    if (list) list.push(row.token);
    else tokens.set(row.notificationId, [row.token]);
  }
  return tokens;
}

/** Tokens the push provider refused for good (the device unsubscribed, or the token was never valid). */
export async function deletePushTokens(db: Database, tokens: readonly string[]): Promise<void> {
  if (!tokens.length) return;
  await db.deleteFrom('push_tokens').where('token', 'in', tokens).execute();
}
