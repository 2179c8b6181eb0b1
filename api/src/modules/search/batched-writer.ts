import type { FastifyBaseLogger } from 'fastify';

export interface BatchedWriterOptions<T> {
  /** How long items wait to be written together. */
  delayMs: number;
  /** Writes one batch (one statement); throwing keeps the batch for the next write. */
  write: (items: T[]) => Promise<void>;
  /** Two items of one key: what is kept (default: the newer). */
  merge?: (older: T, newer: T) => T;
  /** For the log line of a failed write. */
  what: string;
  log: FastifyBaseLogger;
}

/**
 * Items written in batches instead of one statement each: the search's recent searches and its per-product hit
 * counters, busy paths that must not wait on a row (or queue on one row's lock). Items of one key are merged while
 * they wait. A failed write is logged and its items kept for the next one; what a process that dies holds unwritten
 * is lost (at most `delayMs` of it: history and demand figures, never money or stock).
 */
export class BatchedWriter<T> {
  private pending = new Map<string, T>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Batches written so far: a reader caching what these rows feed knows from it when this process wrote more. */
  writes = 0;

  constructor(private readonly options: BatchedWriterOptions<T>) {}

  add(key: string, item: T): void {
    this.put(key, item);
    this.schedule();
  }

  /** Writes everything added so far (after any write already under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.catch(() => undefined).then(async () => {
      if (!batch.size) return;
      try {
        await this.options.write([...batch.values()]);
        this.writes++;
      } catch (error) {
        this.options.log.error({ err: error, items: batch.size }, `${this.options.what} failed; kept for the next write`);
        // Added since the batch was taken is newer than the batch.
        const newer = this.pending;
        this.pending = batch;
        for (const [key, item] of newer) this.put(key, item);
        this.schedule();
        throw error;
      }
    });
    return this.writing;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.options.delayMs);
    this.timer.unref();
  }

  private put(key: string, item: T): void {
    const older = this.pending.get(key);
    this.pending.set(key, older === undefined ? item : this.options.merge ? this.options.merge(older, item) : item);
  }
}
