import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { PGliteDialect, statementsIssued } from './pglite-dialect';
import type { DB } from './types';

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory'. */
  pgliteDataDir: string;
  /** Server only: the schema every connection works in (tests give each file its own). */
  schema?: string;
  /** An already running PGlite to use instead of opening pgliteDataDir (tests share one per worker). */
  pglite?: PGlite;
}

const DATE_OID = 1082;
const INT8_OID = 20;
// Calendar dates stay 'YYYY-MM-DD' (a JS Date would shift them by the server's time zone); counts are numbers.
const keepText = (value: string) => value;
const toNumber = (value: string) => Number(value);

/**
 * The embedded server lives in this process's WebAssembly heap, and Postgres's default 128 MB of shared buffers are
 * all touched at start, so they count against the API's memory before any request. The data directory is on disk
 * (the OS page cache keeps it warm), so a small buffer pool costs little: on the 100,000-row import benchmark
 * (bench/README.md) 16 MB took ~140 MB off the API's RSS and the import was no slower.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/** The extensions the migrations create (a PostgreSQL server has them in its contrib package). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** Embedded databases only: a count of the statements issued to it so far (see statementsIssued). */
const statementCounters = new WeakMap<Database, () => number>();

export function statementCounter(db: Database): (() => number) | undefined {
  return statementCounters.get(db);
}

function overPGlite(pglite: PGlite, parsers: ParserOptions, closeOnDestroy: boolean): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite, parsers, closeOnDestroy }) });
  statementCounters.set(db, () => statementsIssued(pglite));
  return db;
}

/**
 * At most this many named statements per server connection; statements past it are sent unnamed, as before. Texts
 * repeat (kysely and the raw templates build the same SQL for the same call), but IN lists of every length are
 * different texts, and each named statement keeps its plans in the server connection's memory (tens of KB for a
 * large one): 500 keeps that near ten MB per connection at most, and is well above what the busy paths repeat.
 */
const PREPARED_PER_CONNECTION = 500;

const PLANNED_PER_EXECUTION_MARK = '/* planned per execution */';
/**
 * Appended (kysely's `modifyEnd`) to a statement whose best plan depends on its values, such as a search for words:
 * it is sent unnamed, so PostgreSQL plans it for the words it is given. Named, a connection may settle on one generic
 * plan for every word after five executions: on the orders overview's search that plan read all of a seller's rows
 * for a rare barcode id, a search p95 of 59 ms against 37 ms planned per execution (bench/README.md).
 */
export const plannedPerExecution = sql.raw(PLANNED_PER_EXECUTION_MARK);
const preparedNames = new WeakMap<pg.PoolClient, Map<string, string>>();

/**
 * node-postgres sends every statement unnamed, so the server parses and plans it again on every execution: measured
 * with `perf` on the webhook benchmark (bench/README.md), ~40 % of PostgreSQL's CPU. Named by a hash of their text,
 * a connection parses each statement once and, after a few executions, may keep a generic plan. Only statements with
 * parameters: a parameterless text may hold several statements (migrations), which only the simple protocol takes.
 */
function preparing(pool: pg.Pool): PostgresPool {
  return { connect: async () => prepared(await pool.connect()), end: () => pool.end() };
}

/** One server connection whose statements are named as `preparing` says. */
export function prepared(client: pg.PoolClient): PostgresPoolClient {
  let names = preparedNames.get(client);
  if (!names) preparedNames.set(client, (names = new Map()));
  const known = names;
  // Kysely passes (text, parameters), or a cursor (a Submittable) that is handed on as it is.
  const query = (text: string | pg.Submittable, values?: readonly unknown[]): unknown => {
    if (typeof text !== 'string') return client.query(text);
    if (!values?.length || text.endsWith(PLANNED_PER_EXECUTION_MARK)) return client.query(text, values as unknown[]);
    let name = known.get(text);
    if (name === undefined && known.size < PREPARED_PER_CONNECTION) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      known.set(text, name);
    }
    const unnamed = { text, values: values as unknown[] };
    if (!name) return client.query(unnamed);
    return client.query({ ...unnamed, name }).catch((error: unknown) => {
      // A deploy altered a table this statement returns (`SELECT *`): its prepared form is stale on this connection
      // ("cached plan must not change result type"). From now on it goes unnamed here.
      if ((error as { code?: string }).code !== '0A000') throw error;
      known.set(text, '');
      return client.query(unnamed);
    });
  };
  return {
    query: query as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

/** The connections of a server database, so a reader (reader.ts) can fall back on them. */
const serverPools = new WeakMap<Database, PostgresPool>();

export function serverPool(db: Database): PostgresPool | undefined {
  return serverPools.get(db);
}

/** node-postgres's settings for a server: dates stay text, counts are numbers, `schema` is the search path. */
export function poolConfig(connectionString: string, schema?: string): pg.PoolConfig {
  return {
    connectionString,
    max: 10,
    options: schema ? `-c search_path=${schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID) return keepText;
        if (oid === INT8_OID) return toNumber;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = preparing(new pg.Pool(poolConfig(options.databaseUrl, options.schema)));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    serverPools.set(db, pool);
    return db;
  }
  const parsers = { [pgliteTypes.DATE]: keepText, [pgliteTypes.INT8]: toNumber };
  if (options.pglite) {
    return overPGlite(options.pglite, parsers, false);
  }
  const dataDir = options.pgliteDataDir === 'memory' ? undefined : options.pgliteDataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] });
  return overPGlite(pglite, parsers, true);
}
