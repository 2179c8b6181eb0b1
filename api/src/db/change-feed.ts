import { sql } from 'kysely';
import { statementCounter, type Database } from './database';

/**
 * The topics of change_log (migration 007; 'notification' 024, 'consignment' 028: key the unit; 'warehouse' 031: key
 * the warehouse whose batches changed) and what their keys are. 'stock' rows also name the seller (unit_id, 036).
 */
export type Topic = 'product' | 'stock' | 'session' | 'user' | 'unit' | 'connection' | 'notification' | 'consignment' | 'warehouse';

/** What changed in one topic since the last look. `all`: everything in it (a TRUNCATE, or the feed started over). */
export interface TopicChanges {
  all: boolean;
  keys: ReadonlySet<string>;
  /**
   * The keys again, by the unit their rows name (change_log.unit_id, migration 036; topic 'stock': the seller).
   * A key logged without a unit is in `keys` only.
   */
  byUnit: ReadonlyMap<string, ReadonlySet<string>>;
}

export type ChangeHandler = (changes: ReadonlyMap<Topic, TopicChanges>) => Promise<void> | void;

/** Rows are kept this long; a reader that has not looked for STALE_MS starts over instead of trusting the log. */
const KEEP_MINUTES = 60;
const STALE_MS = 30 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const TOPICS: Topic[] = ['product', 'stock', 'session', 'user', 'unit', 'connection', 'notification', 'consignment', 'warehouse'];

interface ChangeRow {
  xid: string;
  topic: Topic;
  key: string | null;
  unitId: string | null;
}

/**
 * Follows change_log for the caches this API process keeps (sessions, the search index, stock summaries).
 * `catchUp()` resolves once every change committed before it was called has been handed to the subscribers, so a
 * request that caught up never sees cached data older than itself, whichever process or session wrote it.
 * Concurrent callers share reads: while one read runs, everyone arriving waits for the next one, which starts when
 * it ends, so fifty requests at once cost two small queries rather than fifty. On the embedded database, which only
 * this process writes, a caller skips the read when no statement has been issued since the last one: PGlite runs
 * one statement at a time, so the query is most of a cached search's cost there.
 */
export class ChangeFeed {
  private readonly handlers: ChangeHandler[] = [];
  /** Every transaction below this had ended when last read, and its rows were handed on. */
  private horizon: string | null = null;
  /** Transactions at or above the horizon whose rows were already handed on (they ended while an older one ran). */
  private readonly applied = new Set<string>();
  private lastReadAt = 0;
  private lastPrunedAt = Date.now();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Embedded database only: statements issued so far, and that count just after the last read was issued. */
  private readonly issued: (() => number) | undefined;
  private issuedAtRead = -1;

  /**
   * `onLsn` (with DATABASE_READ_URL, reader.ts): told the primary's WAL insert position at each read, from the read's
   * own statement, before the subscribers hear of the changes: a replica that replayed it holds everything they do.
   */
  constructor(
    private readonly db: Database,
    private readonly onLsn?: (lsn: string) => void,
  ) {
    this.issued = statementCounter(db);
  }

  subscribe(handler: ChangeHandler): void {
    this.handlers.push(handler);
  }

  private ticker: NodeJS.Timeout | null = null;

  /**
   * Reads the log every `intervalMs` as well as before requests, for subscribers that act without a request (the
   * live channel, the push dispatcher). Started once by app.ts; stopped when the app closes.
   */
  follow(intervalMs: number): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      this.catchUp().catch(() => undefined);
    }, intervalMs);
    this.ticker.unref();
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  catchUp(): Promise<void> {
    if (!this.running && this.issued?.() === this.issuedAtRead) return Promise.resolve();
    if (!this.running) {
      this.running = this.read().finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.catchUp();
      });
    return this.queued;
  }

  private async read(): Promise<void> {
    const now = Date.now();
    // Counted before the read is issued, plus the read itself: anything issued in between makes the next call read.
    const issuedAtRead = this.issued ? this.issued() + 1 : -1;
    if (this.horizon === null || now - this.lastReadAt > STALE_MS) {
      // Start over: the horizon is read before the subscribers reload, so whatever commits from here on is in the log.
      // The rows already visible above the horizon are part of what they reload: counted as handed on, or the next
      // read would hand them again (while another session's old transaction holds the horizon back, that re-read
      // every earlier change still in the log and dropped caches for nothing).
      const { xmin, rows } = await this.readLog(null);
      await this.hand(new Map(TOPICS.map((topic) => [topic, { all: true, keys: new Set<string>(), byUnit: new Map() }])));
      this.horizon = xmin;
      this.applied.clear();
      for (const row of rows) this.applied.add(row.xid);
      this.lastReadAt = now;
      this.issuedAtRead = issuedAtRead;
      return;
    }
    const { xmin, rows } = await this.readLog(this.horizon);
    const fresh = rows.filter((row) => !this.applied.has(row.xid));
    if (fresh.length) {
      const changes = new Map<Topic, { all: boolean; keys: Set<string>; byUnit: Map<string, Set<string>> }>();
      for (const row of fresh) {
        let topic = changes.get(row.topic);
        if (!topic) changes.set(row.topic, (topic = { all: false, keys: new Set(), byUnit: new Map() }));
        if (row.key === null) topic.all = true;
        else {
          topic.keys.add(row.key);
          if (row.unitId !== null) {
            let keys = topic.byUnit.get(row.unitId);
            if (!keys) topic.byUnit.set(row.unitId, (keys = new Set()));
            keys.add(row.key);
          }
        }
      }
      await this.hand(changes);
      for (const row of fresh) this.applied.add(row.xid);
    }
    const horizon = BigInt(xmin);
    for (const xid of this.applied) if (BigInt(xid) < horizon) this.applied.delete(xid);
    this.horizon = xmin;
    this.lastReadAt = now;
    this.issuedAtRead = issuedAtRead;
    if (now - this.lastPrunedAt > PRUNE_EVERY_MS) {
      this.lastPrunedAt = now;
      await sql`DELETE FROM change_log WHERE changed_at < now() - make_interval(mins => ${KEEP_MINUTES})`.execute(this.db);
    }
  }

  private async readLog(horizon: string | null): Promise<{ xmin: string; rows: ChangeRow[] }> {
    const read = await readLog(this.db, horizon, this.onLsn !== undefined);
    if (read.lsn) this.onLsn?.(read.lsn);
    return read;
  }

  private async hand(changes: ReadonlyMap<Topic, TopicChanges>): Promise<void> {
    for (const handler of this.handlers) await handler(changes);
  }
}

/**
 * The oldest transaction still running (every one before it has ended, so its rows are all visible now), and the
 * visible rows from `horizon` on (without one, from that oldest transaction on). Both from one statement, so from one
 * snapshot.
 */
async function readLog(db: Database, horizon: string | null, withLsn: boolean): Promise<{ xmin: string; rows: ChangeRow[]; lsn?: string }> {
  const from = horizon === null ? sql`pg_snapshot_xmin(pg_current_snapshot())` : sql`${horizon}::xid8`;
  // The insert position, not the write position: with synchronous_commit off a commit may not be written yet.
  // Evaluated after the statement's snapshot was taken, so every commit the snapshot sees lies before it.
  const lsn = withLsn ? sql`, pg_current_wal_insert_lsn()::text AS lsn` : sql``;
  const { rows } = await sql<{ xmin: string; changes: [string, Topic, string | null, string | null][] | null; lsn?: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
      (SELECT json_agg(json_build_array(c.xid::text, c.topic, c.key, c.unit_id)) FROM change_log c WHERE c.xid >= ${from}) AS changes${lsn}`.execute(db);
  const row = rows[0]!;
  return { xmin: row.xmin, rows: (row.changes ?? []).map(([xid, topic, key, unitId]) => ({ xid, topic, key, unitId })), ...(row.lsn ? { lsn: row.lsn } : {}) };
}
