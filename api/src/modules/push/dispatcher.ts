import type { FastifyBaseLogger } from 'fastify';
import { PUSH_DEFAULT_BODY, PUSH_DEFAULT_TITLE, type PushMessage } from 'shared-api';
import type { Config } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/database';
import { audienceTokens, claimWaitingNotifications, deletePushTokens, type WaitingNotification } from './repository';
import type { PushSender } from './sender';

const BATCH = 100;
/** A notification not pushed within this long after it was made is left unpushed (a stale buzz helps no one). */
const PUSH_WITHIN_MS = 60 * 60_000;
/** A pass without a change to start it, in case one was missed (the feed started over, an error ended a pass). */
const SWEEP_MS = 60_000;

export function pushMessageOf(n: WaitingNotification): PushMessage {
  return {
    notificationId: n.id,
    type: n.type,
    title: n.title.trim() || PUSH_DEFAULT_TITLE,
    body: n.body.trim() || PUSH_DEFAULT_BODY,
    link: n.link,
  };
}

/**
 * Pushes new notifications to their audience's devices (outbox): producers only insert rows (pushed_at NULL); a
 * change of the 'notification' topic in the change log starts a pass that claims waiting rows and sends them.
 * Claims are safe across API processes (repository.claimWaitingNotifications), so each is pushed once. One pass
 * at a time per process; a change arriving during a pass makes it look again. Errors are logged, never thrown.
 */
export class PushDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'now'>,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(feed: ChangeFeed): void {
    // Only wakes the pass: the feed waits for its subscribers, and sends can take seconds.
    feed.subscribe((changes) => {
      if (changes.has('notification')) this.kick();
    });
    this.sweeper = setInterval(() => this.kick(), SWEEP_MS);
    this.sweeper.unref();
    this.kick();
  }

  /** Starts a pass, or asks the running one to look again. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) this.kick();
    });
  }

  /** Stops taking work and waits for the pass in flight (its sends are cut short). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sender.close?.();
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      while (!this.closed) {
        const now = this.config.now();
        const claimed = await claimWaitingNotifications(this.db, now, new Date(now.getTime() - PUSH_WITHIN_MS), BATCH);
        if (!claimed.length) return;
        await this.push(claimed);
      }
    } catch (error) {
      this.log.error({ err: error, push: 'dispatch' }, 'push pass failed; the next change starts another');
    }
  }

  private async push(claimed: WaitingNotification[]): Promise<void> {
    const tokens = await audienceTokens(
      this.db,
      claimed.map((n) => n.id),
    );
    for (const notification of claimed) {
      if (this.closed) return;
      const devices = tokens.get(notification.id);
      if (!devices?.length) continue;
      try {
        const outcome = await this.sender.send(pushMessageOf(notification), devices);
        await deletePushTokens(this.db, outcome.refused);
        this.log.debug({ push: 'dispatch', notificationId: notification.id, ...outcome, refused: outcome.refused.length }, 'push sent');
      } catch (error) {
        this.log.error({ err: error, push: 'dispatch', notificationId: notification.id }, 'push failed');
      }
    }
  }
}
