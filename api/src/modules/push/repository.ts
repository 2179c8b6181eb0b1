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
