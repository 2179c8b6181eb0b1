import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { poolConfig, prepared, serverPool, type Database } from './database';
import type { DB } from './types';

/**
 * DATABASE_READ_URL (issue 37): the read-only services (search and suggestions, the dashboard, reports, exports) read
 * through `reader`, a second database handle next to `db`. Each connection it hands out is the hot-standby replica's
 * when the replica has replayed the primary's WAL up to the *floor*, and the primary's otherwise; every write, and every
 * read that must see the caller's own write, uses `db` (the primary) as before.
 *
 * Read-your-writes by LSN, not by a stickiness window: the floor is the primary's WAL insert position read by the
 * change feed in the same statement as the change log (ChangeFeed, `raiseFloor`), and every signed-in request catches
 * the feed up before it runs. So before a request reads the replica, the replica has replayed every transaction that
 * had committed when the request began, whichever API process or user wrote it (the caller's own submit, accept,
 * payment; a seller's stock change), and the caches the feed refreshes reload at least as fresh as the log said.
 * A process-wide floor needs no state shared between processes, and costs nothing while nobody writes; under writes
 * a replica that lags sends the reads to the primary until it catches up (no waiting, no stale answer).
 *
 * Fail closed: a replica that cannot be reached (DOWN_MS before trying again), that is not in recovery (the URL points
 * at a primary: everything reads the primary, which is always right), or that belongs to another cluster (its
 * system identifier differs from the primary's) is not read; reads go to the primary and one line is logged. Writes
 * never go through `reader`, and on a standby PostgreSQL refuses one anyway.
 */
export interface ReaderStats {
  /** Connections handed out from the replica / from the primary (replica behind, down, or refused). */
  replica: number;
  primary: number;
  /** The replica's state as last seen. */
  state: 'unchecked' | 'ok' | 'down' | 'refused';
}

/** A replica that could not be reached is not tried again for this long (each try costs a connect timeout). */
const DOWN_MS = 5_000;
/** The replica's replay position is read again at least this often, even while it is ahead of the floor. */
const RECHECK_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;

class Routing {
  floor = 0n;
  replayed = 0n;
  /** The primary's wal_block_size, once read (0n: not yet; the floor is then compared as it is). */
  walPage = 0n;
  checkedAt = 0;
  downUntil = 0;
  identity: Promise<boolean> | null = null;
  readonly stats: ReaderStats = { replica: 0, primary: 0, state: 'unchecked' };
}

const routings = new WeakMap<Database, Routing>();

/** '16/B374D848' → a number that orders as the positions do. */
export function lsnValue(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The change feed's hook: the replica must have replayed `lsn` (the primary's position at a read of the log). */
export function raiseFloor(reader: Database, lsn: string): void {
  const routing = routings.get(reader);
  if (!routing) return;
  routing.floor = maxLsn(routing.floor, pageStartIfHeader(lsnValue(lsn), routing.walPage));
}

const maxLsn = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The insert position just past a WAL page's header (24 bytes, 40 at a segment's start) is where the next record will
 * go, but a standby that replayed everything reports the page's start: an idle primary then looked forever ahead
 * (seen right after pg_basebackup). Within 40 bytes of a page's start only the tail of a record begun on the page
 * before can end (a record is at least 24 bytes, after a header of 24), and then no record ends at the page's start:
 * so a standby whose replay reached the page's start has replayed every record before the position.
 */
function pageStartIfHeader(position: bigint, walPage: bigint): bigint {
  if (walPage === 0n) return position;
  const offset = position % walPage;
  return offset <= 40n ? position - offset : position;
}

/** Where this reader's connections came from so far (tests, the benchmark); undefined for a plain database. */
export function readerStats(reader: Database): ReaderStats | undefined {
  return routings.get(reader)?.stats;
}

export interface ReaderOptions {
  /** DATABASE_READ_URL */
  readUrl: string;
  /** The search path, as the primary's (tests give each file its own schema). */
  schema?: string;
  log: FastifyBaseLogger;
}

/** The reader over `primary` (a server database) and the replica at `readUrl`; `destroy()` closes the replica's pool only. */
export function openReader(primary: Database, options: ReaderOptions): Database {
  const fallback = serverPool(primary);
  if (!fallback) throw new Error('DATABASE_READ_URL needs DATABASE_URL (a PostgreSQL server as the primary)');
  const replica = new pg.Pool({ ...poolConfig(options.readUrl, options.schema), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const routing = new Routing();
  const { log } = options;

  const markDown = (error: unknown) => {
    if (routing.stats.state !== 'down') log.error({ err: error }, `DATABASE_READ_URL: the replica cannot be reached; reading from the primary, trying again every ${DOWN_MS / 1000} s`);
    routing.stats.state = 'down';
    routing.downUntil = Date.now() + DOWN_MS;
  };
  // An idle connection the replica dropped: node-postgres emits it here (unhandled, it would end the process).
  replica.on('error', markDown);

  /** Once: is it a standby of this primary? A standby of another cluster would answer with another cluster's data. */
  const checkIdentity = async (client: pg.PoolClient): Promise<boolean> => {
    const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    if (!rows[0]?.standby) {
      log.warn('DATABASE_READ_URL is not a hot standby (pg_is_in_recovery() is false; the primary itself?): every read goes to DATABASE_URL');
      return false;
    }
    routing.walPage = BigInt((await client.query<{ size: string }>("SELECT current_setting('wal_block_size') AS size")).rows[0]!.size);
    const ask = 'SELECT system_identifier::text AS system FROM pg_control_system()';
    let systems: [string | undefined, string | undefined];
    try {
      const primaryClient = await fallback.connect();
      try {
        const ours = (await primaryClient.query(ask, [])) as { rows: { system: string }[] };
        systems = [(await client.query<{ system: string }>(ask)).rows[0]?.system, ours.rows[0]?.system];
      } finally {
        primaryClient.release();
      }
    } catch (error) {
      // A managed server may not let its users read pg_control_system(): the check is skipped, not the replica.
      log.warn({ err: error }, 'DATABASE_READ_URL: could not compare system identifiers with the primary; trusting it is the primary\'s standby');
      systems = [undefined, undefined];
    }
    if (systems[0] !== systems[1]) {
      log.error(`DATABASE_READ_URL is a standby of another cluster (system identifier ${systems[0]}, the primary's ${systems[1]}): every read goes to DATABASE_URL`);
      return false;
    }
    log.info('DATABASE_READ_URL: reading search, dashboards, reports and exports from the hot standby');
    return true;
  };

  /** The replica's connection when it may serve a read now, else undefined (released). */
  const fromReplica = async (): Promise<PostgresPoolClient | undefined> => {
    if (routing.stats.state === 'refused' || Date.now() < routing.downUntil) return undefined;
    // One request probes a replica that was down; the others meanwhile read the primary without waiting for it.
    if (routing.stats.state === 'down') routing.downUntil = Date.now() + DOWN_MS;
    let client: pg.PoolClient;
    try {
      client = await replica.connect();
    } catch (error) {
      markDown(error);
      return undefined;
    }
    try {
      routing.identity ??= checkIdentity(client).catch((error: unknown) => {
        routing.identity = null;
        throw error;
      });
      if (!(await routing.identity)) {
        routing.stats.state = 'refused';
        client.release();
        return undefined;
      }
      routing.stats.state = 'ok';
      if (routing.replayed < routing.floor || Date.now() - routing.checkedAt > RECHECK_MS) {
        const { rows } = await client.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
        routing.checkedAt = Date.now();
        // Null: promoted since (no longer a standby): not read while it is not one.
        routing.replayed = rows[0]?.lsn ? lsnValue(rows[0].lsn) : -1n;
      }
      if (routing.replayed >= routing.floor) return prepared(client);
      client.release();
      return undefined;
    } catch (error) {
      client.release(true);
      markDown(error);
      return undefined;
    }
  };

  const pool: PostgresPool = {
    connect: async () => {
      const client = await fromReplica();
      if (client) {
        routing.stats.replica++;
        return client;
      }
      routing.stats.primary++;
      return fallback.connect();
    },
    end: () => replica.end(),
  };
  const reader = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  routings.set(reader, routing);
  return reader;
}
