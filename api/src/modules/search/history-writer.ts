import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { recordSearches, type SearchRecord } from './repository';

/** How long searches wait to be written together. */
const FLUSH_AFTER_MS = 100;

/**
 * Recent searches are written in batches: a global search is the busiest signed-in call after suggestions, and one
 * insert per 100 ms costs the database and this process far less than one per search. Reading the caller's history
 * writes what is waiting first, so this process always shows a search it answered; another process shows it within
 * FLUSH_AFTER_MS. A failed write is logged and its searches kept for the next one.
 */
export class SearchHistoryWriter {
  private pending = new Map<string, SearchRecord>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(record: SearchRecord): void {
    this.pending.set(`${record.userId} ${record.query}`, record);
    this.schedule();
  }

  /** Writes everything recorded so far (after any write already under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.catch(() => undefined).then(async () => {
      if (!batch.size) return;
      try {
        await recordSearches(this.db, [...batch.values()]);
      } catch (error) {
        this.log.error({ err: error, searches: batch.size }, 'recording recent searches failed; kept for the next write');
        for (const [key, record] of batch) if (!this.pending.has(key)) this.pending.set(key, record);
        this.schedule();
        throw error;
      }
    });
    return this.writing;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_AFTER_MS);
    this.timer.unref();
  }
}
