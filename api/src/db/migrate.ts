import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
// Any constant works; it keeps two API processes starting together from migrating at the same time.
const MIGRATION_LOCK = 727_001;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** Applies migrations/NNN_name.sql in order, each in its own transaction, recording them in schema_migrations. */
export async function migrate(db: Database, now: () => Date = () => new Date()): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)`.execute(db);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await trx.selectFrom('schema_migrations').select('name').where('name', '=', file).executeTakeFirst();
      if (done) return false;
      await sql.raw(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file, applied_at: now() }).execute();
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
