import { sql } from 'kysely';
import { CUSTOMER_TYPES, type CustomerType } from 'shared-api';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';

type Executor = Database;

export function findLiveUserByMobile(db: Executor, mobile: string) {
  return db
    .selectFrom('users')
    .select(['id', 'unit_id'])
    .where('mobile', '=', mobile)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Serialises OTP sends for one number across requests and API processes (released at commit). */
export async function lockMobile(db: Executor, mobile: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'otp:' + mobile}))`.execute(db);
}

/**
 * Serialises the OTP requests of one client address (taken before `lockMobile`), so concurrent requests cannot
 * each pass the address's hourly limits before any of them is counted.
 */
export async function lockAddress(db: Executor, ip: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'otp-ip:' + ip}))`.execute(db);
}

export async function countRefusalsSince(db: Executor, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('otp_refusals')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Records an answer that revealed whether a number is registered; rows past the hour no longer count and go. */
export async function recordRefusal(db: Executor, ip: string, now: Date, hourAgo: Date): Promise<void> {
  await db.deleteFrom('otp_refusals').where('created_at', '<=', hourAgo).execute();
  await db.insertInto('otp_refusals').values({ ip, created_at: now }).execute();
}

export async function countOtpsSince(db: Executor, by: { mobile: string } | { ip: string }, since: Date): Promise<number> {
  let query = db.selectFrom('otp_codes').select(sql<number>`count(*)::int`.as('n')).where('created_at', '>', since);
  query = 'mobile' in by ? query.where('mobile', '=', by.mobile) : query.where('ip', '=', by.ip);
  const row = await query.executeTakeFirstOrThrow();
  return row.n;
}

export function latestOtp(db: Executor, mobile: string, forUpdate = false) {
  const query = db
    .selectFrom('otp_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .limit(1);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertOtp(
  db: Executor,
  row: { id: string; mobile: string; code_hash: string; expires_at: Date; ip: string; created_at: Date },
): Promise<void> {
  await db.insertInto('otp_codes').values(row).execute();
}

/** A new code replaces any earlier one still usable. */
export async function retireLiveOtps(db: Executor, mobile: string, now: Date): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ dead_at: now })
    .where('mobile', '=', mobile)
    .where('dead_at', 'is', null)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function deleteOtp(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('otp_codes').where('id', '=', id).execute();
}

export async function recordWrongAttempt(db: Executor, id: string, attempts: number, dead: Date | null): Promise<void> {
  await db.updateTable('otp_codes').set({ attempts, dead_at: dead }).where('id', '=', id).execute();
}

export async function consumeOtp(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('otp_codes').set({ consumed_at: now }).where('id', '=', id).execute();
}

export async function insertRefreshToken(
  db: Executor,
  row: { id: string; family_id: string; user_id: string; token_hash: string; device_id: string | null; expires_at: Date; created_at: Date },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as rt')
    .innerJoin('users as u', 'u.id', 'rt.user_id')
    .select(['rt.id', 'rt.family_id', 'rt.user_id', 'rt.device_id', 'rt.expires_at', 'rt.used_at', 'rt.revoked_at', 'u.unit_id', 'u.deleted_at'])
    .where('rt.token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllForUser(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The caller behind an access token, only while the user is live and the session family is not revoked. */
export async function findCaller(db: Executor, userId: string, unitId: string, familyId: string): Promise<Caller | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select(['u.id', 'u.role', 'u.employee_role', 'u.unit_id', 'un.unit_code', 'un.customer_type', 'un.activated'])
    .where('u.id', '=', userId)
    .where('u.unit_id', '=', unitId)
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens as rt')
          .select('rt.id')
          .where('rt.family_id', '=', familyId)
          .where('rt.user_id', '=', userId)
          .where('rt.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.id,
    unitId: row.unit_id,
    unitCode: row.unit_code,
    customerType: asCustomerType(row.customer_type),
    role: row.role,
    employeeRole: row.employee_role,
    activated: row.activated,
    familyId,
  };
}

function asCustomerType(value: string): CustomerType {
  if ((CUSTOMER_TYPES as readonly string[]).includes(value)) return value as CustomerType;
  throw new Error(`Unknown customer type in database: ${value}`);
}
