import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { EWB_EXPIRY_WARNING_HOURS } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { LINKS, notify } from '../notifications/notify';
import { PeriodicJob, untilDone } from '../../db/periodic';

/** Bills claimed per transaction; a backlog is worked off in several. */
const BATCH = 200;
const EVERY_MS = 60_000;

/** '22 Nov, 6:30 pm' in IST. */
const istTime = (at: Date) => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);

/**
 * The e-way bill expiry warning (issue 34): a live bill on a consignment on the road (collected, in transit or after
 * a failed attempt) within EWB_EXPIRY_WARNING_HOURS of lapsing gets one DELIVERY_BOY_ALERT for the owner unit and one
 * for the delivery boy, so it is extended in time (the consignment page and the delivery screen show `expiresSoon`
 * at any time). Each validity is warned about once (eway_bills.expiry_warned_for := valid_until): an extension moves
 * valid_until and arms it again. Claimed with one UPDATE … RETURNING (locked rows skipped), the notices written in the
 * same transaction, like the cart reminders: with several API processes a bill is warned about once.
 */
export class EwbExpiryWarnings {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'now'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.job = new PeriodicJob('e-way bill expiry warnings', () => this.run(), log);
  }

  private readonly job: PeriodicJob;

  /** Runs every minute. */
  start(): void {
    this.job.start(EVERY_MS);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Warns about every bill due now; answers how many. */
  run(): Promise<number> {
    return untilDone(() => this.warnBatch(), BATCH);
  }

  private async warnBatch(): Promise<number> {
    const now = this.config.now();
    const soon = new Date(now.getTime() + EWB_EXPIRY_WARNING_HOURS * 60 * 60 * 1000);
    return inTransaction(this.db, async (trx) => {
      const { rows } = await sql<{ ewb_number: string; valid_until: Date; barcode_id: string; owner_unit_id: string; assignee_user_id: string | null; to_name: string }>`
        UPDATE eway_bills b SET expiry_warned_for = b.valid_until
        FROM consignments c
        WHERE b.id IN (
          SELECT w.id FROM eway_bills w JOIN consignments r ON r.id = w.consignment_id
          WHERE w.status = 'ACTIVE' AND w.valid_until IS NOT NULL AND w.valid_until > ${now} AND w.valid_until <= ${soon}
            AND w.expiry_warned_for IS DISTINCT FROM w.valid_until AND r.status IN ('COLLECTED', 'IN_TRANSIT', 'FAILED')
          ORDER BY w.valid_until
          LIMIT ${BATCH}
          FOR UPDATE OF w SKIP LOCKED
        )
          AND c.id = b.consignment_id AND c.status IN ('COLLECTED', 'IN_TRANSIT', 'FAILED')
          AND b.status = 'ACTIVE' AND b.expiry_warned_for IS DISTINCT FROM b.valid_until
        RETURNING b.ewb_number, b.valid_until, c.barcode_id, c.owner_unit_id, c.assignee_user_id, c.to_name`.execute(trx);
      for (const r of rows) {
        const notice = {
          type: 'DELIVERY_BOY_ALERT' as const,
          title: `E-way bill of ${r.barcode_id} lapses at ${istTime(new Date(r.valid_until))}`,
          body: `E-way bill ${r.ewb_number} for the goods to ${r.to_name} is valid until ${istTime(new Date(r.valid_until))}: extend it on the consignment page if they will not arrive by then.`,
          link: LINKS.consignment(r.barcode_id),
        };
        // The delivery boy once, also when he belongs to the owner unit.
        await notify(trx, { unitIds: [r.owner_unit_id], except: r.assignee_user_id }, notice, { at: now });
        if (r.assignee_user_id) await notify(trx, { userId: r.assignee_user_id }, notice, { at: now });
      }
      return rows.length;
    });
  }
}
