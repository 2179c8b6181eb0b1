import { sql, type Transaction } from 'kysely';
import { inTransaction, TRANSACTION_ATTEMPTS } from '../src/db/transaction';
import type { DB } from '../src/db/types';
import { nextDocumentNumber } from '../src/modules/ledger/numbering';
import { unitId } from './cart-fixtures';
import { build } from './helpers';

/**
 * The one transaction helper (src/db/transaction.ts, ARCHITECTURE.md decision 13): a transaction PostgreSQL aborts
 * with a deadlock (40P01) or a serialization failure (40001) runs again, a bounded number of times; anything else is
 * thrown at once. The errors here are PostgreSQL's own (raised with that SQLSTATE), on PGlite and the server alike;
 * the real deadlock needs two transactions at once, so it runs on the PostgreSQL server only.
 */
const t = build();

/** Aborts the transaction with PostgreSQL's own error of that SQLSTATE. */
const raise = (trx: Transaction<DB>, state: string) => sql`DO $$ BEGIN RAISE EXCEPTION 'raised for the test' USING ERRCODE = '${sql.raw(state)}'; END $$`.execute(trx);

describe('inTransaction', () => {
  it('runs a transaction aborted by a deadlock again from the start: the first try’s writes (its number) are rolled back', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const numbers: string[] = [];
    const result = await inTransaction(t.db, async (trx) => {
      numbers.push((await nextDocumentNumber(trx, unit, 'JV', '2026-11-22')).number);
      if (numbers.length === 1) await raise(trx, '40P01');
      return 'done';
    });
    expect(result).toBe('done');
    // The second try took the number the first gave back: no gap.
    expect(numbers).toEqual(['JV/26-27/000001', 'JV/26-27/000001']);
  });

  it('retries a serialization failure too, and gives up after the bound with PostgreSQL’s error', async () => {
    let tries = 0;
    await expect(
      inTransaction(t.db, async (trx) => {
        tries++;
        await raise(trx, tries === 1 ? '40001' : '40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(TRANSACTION_ATTEMPTS);
    expect(TRANSACTION_ATTEMPTS).toBe(3);
  });

  it('throws any other failure at once, unless retryIf asks for another try', async () => {
    let tries = 0;
    await expect(
      inTransaction(t.db, async (trx) => {
        tries++;
        await raise(trx, '23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);

    tries = 0;
    const seen: number[] = [];
    const answer = await inTransaction(
      t.db,
      async (trx) => {
        tries++;
        if (tries < 3) await raise(trx, '23505');
        return tries;
      },
      { attempts: 4, retryIf: (error, attempt) => (seen.push(attempt), (error as { code?: string }).code === '23505') },
    );
    expect(answer).toBe(3);
    expect(seen).toEqual([1, 2]);
  });

  it('runs once with attempts: 1', async () => {
    let tries = 0;
    await expect(
      inTransaction(
        t.db,
        async (trx) => {
          tries++;
          await raise(trx, '40P01');
        },
        { attempts: 1 },
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(1);
  });

  const onServer = process.env.DATABASE_URL ? it : it.skip;

  /** Two transactions lock two rows in opposite orders, each holding its first when it asks for its second. */
  async function opposite(attempts: number) {
    const [a, b] = [await unitId(t.db, 'STK-PUN-001'), await unitId(t.db, 'RTL-MUM-001')];
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const lock = (trx: Transaction<DB>, id: string) => trx.selectFrom('units').select('id').where('id', '=', id).forUpdate().execute();
    const run = (first: string, second: string) => {
      let tries = 0;
      return inTransaction(
        t.db,
        async (trx) => {
          tries++;
          await lock(trx, first);
          // Only the first try waits for the other: a retry simply queues behind it.
          if (tries === 1) {
            if (++arrived === 2) release();
            await bothHoldOne;
          }
          await lock(trx, second);
          return tries;
        },
        { attempts },
      );
    };
    return Promise.allSettled([run(a, b), run(b, a)]);
  }

  onServer('settles a real deadlock on PostgreSQL: the transaction picked to give way runs again and commits', async () => {
    const outcomes = await opposite(TRANSACTION_ATTEMPTS);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason)).sort()).toEqual([1, 2]);
  });

  onServer('without a retry the same two transactions end in a 40P01', async () => {
    const outcomes = await opposite(1);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatchObject({ code: '40P01' });
  });
});
