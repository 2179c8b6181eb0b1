import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types';

/**
 * PostgreSQL's "run it again": deadlock_detected (40P01, this transaction was picked to give way) and
 * serialization_failure (40001). Either rolled the whole transaction back, so running it again is safe.
 */
export const RETRY_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** Tries in all, unless a caller asks otherwise (ARCHITECTURE.md decision 13: retried once or twice). */
export const TRANSACTION_ATTEMPTS = 3;

export interface TransactionOptions {
  /** Tries in all, the first included (1: never run again, e.g. when the work may have sent an SMS). */
  attempts?: number;
  /**
   * A further failure worth another try, asked only when it is not one of RETRY_CODES: e.g. a unique index a
   * concurrent twin hit first, which the next try then sees. May change what the next try does (it runs after).
   */
  retryIf?: (error: unknown, attempt: number) => boolean;
}

export const sqlState = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** Before try n + 1: a random wait of up to 10 ms × 2ⁿ⁻¹, so transactions that collided do not collide again in step. */
const backoffMs = (attempt: number) => Math.random() * 10 * 2 ** (attempt - 1);

/**
 * The one way to run a transaction: `work` runs in a kysely transaction, and when PostgreSQL aborts it with a
 * deadlock or a serialization failure (or `retryIf` says so) it is run again from the start in a new transaction,
 * after a short random wait, at most `attempts` times in all; the last failure is thrown. So `work` must do
 * nothing outside the transaction that a second run would repeat (send after the commit, or not retry).
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const again = RETRY_CODES.has(sqlState(error) as string) || (options.retryIf?.(error, attempt) ?? false);
      if (!again || attempt >= attempts) throw error;
      await sleep(backoffMs(attempt));
    }
  }
}
