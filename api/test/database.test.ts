import { sql } from 'kysely';
import { plannedPerExecution } from '../src/db/database';
import { build } from './helpers';

const ctx = build();

// Named statements are the PostgreSQL server's path (db/database.ts); the embedded PGlite runs in this process.
const onServer = Boolean(process.env.DATABASE_URL);

(onServer ? describe : describe.skip)('statements on a PostgreSQL server', () => {
  const preparedOnThisConnection = async (text: string, planned = sql``) => {
    // In one transaction, so both statements use the same connection of the pool.
    return ctx.db.transaction().execute(async (trx) => {
      await sql`SELECT unit_code FROM units WHERE unit_code = ${'STK-PUN-001'}${planned}`.execute(trx);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = ${text}`.execute(trx);
      return rows[0]!.n;
    });
  };

  it('are prepared once per connection and reused, by their text', async () => {
    const text = 'SELECT unit_code FROM units WHERE unit_code = $1';
    expect(await preparedOnThisConnection(text)).toBe(1);
    expect(await preparedOnThisConnection(text)).toBe(1);
  });

  it('marked to be planned per execution are sent unnamed, so the server plans them for their values', async () => {
    const text = 'SELECT unit_code FROM units WHERE unit_code = $1 /* planned per execution */';
    expect(await preparedOnThisConnection(text, sql` ${plannedPerExecution}`)).toBe(0);
    // The marker is what keeps it unnamed: the same text without it is prepared.
    expect(await preparedOnThisConnection('SELECT unit_code FROM units WHERE unit_code = $1')).toBe(1);
  });

  it('still answer after a table they return is altered (their prepared form is stale)', async () => {
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY)`.execute(ctx.db);
    await sql`INSERT INTO prepared_probe VALUES (1)`.execute(ctx.db);
    const probe = () => ctx.db.transaction().execute((trx) => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(trx));
    expect((await probe()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE prepared_probe ADD COLUMN note text DEFAULT 'added'`.execute(ctx.db);
    // Each pool connection that prepared it refuses it once ("cached plan must not change result type"); the
    // statement is then sent unnamed there. Outside a transaction the retry answers at once.
    for (let i = 0; i < 12; i++) {
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(ctx.db);
      expect(rows).toEqual([{ id: 1, note: 'added' }]);
    }
    await sql`DROP TABLE prepared_probe`.execute(ctx.db);
  });
});
