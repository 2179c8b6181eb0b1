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

/**
 * Stock batches locked in id order, the lock order of every transaction that issues a document (api/README.md,
 * "Lock order": the document row, then its batches, then the number counter last). `KEY SHARE` when the document
 * only refers to the batches (the lock its lines' foreign keys take anyway, taken here before the counter instead
 * of after it), `UPDATE` when it changes them.
 */
export async function lockBatches(trx: Kysely<DB>, batchIds: readonly (string | null)[], strength: 'UPDATE' | 'KEY SHARE'): Promise<void> {
  const ids = [...new Set(batchIds.filter((id): id is string => id !== null))];
  if (!ids.length) return;
  await sql`SELECT id FROM inventory_batches WHERE id = ANY(${ids}::uuid[]) ORDER BY id ${strength === 'UPDATE' ? sql`FOR UPDATE` : sql`FOR KEY SHARE`}`.execute(trx);
}
