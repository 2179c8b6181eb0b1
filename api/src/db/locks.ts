import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './types';

/**
 * A lock on a name until the transaction ends (PostgreSQL advisory lock): writers of the same name queue, others
 * pass. For rules no unique index can state alone (a UTR is one payment across two tables, one invoice run per unit).
 */
export async function lockName(trx: Kysely<DB>, name: string): Promise<void> {
  await sql`SELECT ${nameLock(name)}`.execute(trx);
}

/** lockName as an expression, for a statement that takes another lock too (one round trip instead of two). */
export function nameLock(name: string): RawBuilder<void> {
  return sql<void>`pg_advisory_xact_lock(hashtextextended(${name}, 0))`;
}
