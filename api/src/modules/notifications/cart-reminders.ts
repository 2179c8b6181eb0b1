import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { LINKS, notify } from './notify';
import { PeriodicJob, untilDone } from '../../db/periodic';

/** Carts claimed per transaction: a backlog (the first run after a long stop) is worked off in several. */
const BATCH = 200;
const EVERY_MS = 60_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * CART reminders (issue 16): a cart with entries, not submitted, and unchanged for CART_REMINDER_MINUTES gets one
 * CART notification for its buyer unit; the next change of the cart (carts.updated_at) arms it again. Each run
 * claims carts with one UPDATE … RETURNING (reminded_at := now, locked rows skipped) and writes their notices in the
 * same transaction, so with several API processes running it a cart state is reminded once.
 */
export class CartReminders {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'now' | 'notifications'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.job = new PeriodicJob('cart reminders', () => this.run(), log);
  }

  private readonly job: PeriodicJob;

  /** Runs every minute. */
  start(): void {
    this.job.start(EVERY_MS);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Reminds every cart due now; answers how many were reminded. */
  run(): Promise<number> {
    return untilDone(() => this.remindBatch(), BATCH);
  }

  private async remindBatch(): Promise<number> {
    const now = this.config.now();
    const due = new Date(now.getTime() - this.config.notifications.cartReminderMinutes * 60_000);
    return inTransaction(this.db, async (trx) => {
      // The conditions are in the outer WHERE too: a row another process reminded between our snapshot and our
      // lock is re-checked on its new version and left out.
      const { rows } = await sql<{ buyer_unit_id: string; items: number; sellers: number }>`
        UPDATE carts SET reminded_at = ${now}
        WHERE id IN (
          SELECT c.id FROM carts c
          WHERE c.submitted_at IS NULL AND c.updated_at <= ${due}
            AND (c.reminded_at IS NULL OR c.reminded_at < c.updated_at)
            AND EXISTS (SELECT 1 FROM cart_entries e WHERE e.cart_id = c.id)
          ORDER BY c.updated_at
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED
        )
          AND submitted_at IS NULL AND updated_at <= ${due} AND (reminded_at IS NULL OR reminded_at < updated_at)
        RETURNING buyer_unit_id,
          (SELECT count(*)::int FROM cart_entries e WHERE e.cart_id = carts.id) AS items,
          (SELECT count(DISTINCT e.seller_unit_id)::int FROM cart_entries e WHERE e.cart_id = carts.id) AS sellers`.execute(trx);
      for (const cart of rows) {
        await notify(
          trx,
          { unitIds: [cart.buyer_unit_id] },
          {
            type: 'CART',
            title: 'Items waiting in your cart',
            body: `${plural(cart.items, 'item')} from ${plural(cart.sellers, 'stockist')} not ordered yet: submit the cart before the stock runs out.`,
            link: LINKS.cart,
          },
          { at: now },
        );
      }
      return rows.length;
    });
  }
}
