import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

/**
 * A lock on a name until the transaction ends (PostgreSQL advisory lock): writers of the same name queue, others
 * pass. For rules no unique index can state alone (a UTR is one payment across two tables, one invoice run per unit).
 */
export async function lockName(trx: Kysely<DB>, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}
