import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes, type ParserOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === DATE_OID) return keepText;
          if (oid === INT8_OID) return toNumber;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const parsers = { [pgliteTypes.DATE]: keepText, [pgliteTypes.INT8]: toNumber };
  if (options.pglite) {
    return overPGlite(options.pglite, parsers, false);
  }
  const dataDir = options.pgliteDataDir === 'memory' ? undefined : options.pgliteDataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] });
  return overPGlite(pglite, parsers, true);
}
