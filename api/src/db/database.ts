import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
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
    return new Kysely<DB>({ dialect: new PGliteDialect({ pglite: options.pglite, parsers, closeOnDestroy: false }) });
  }
  const dataDir = options.pgliteDataDir === 'memory' ? undefined : options.pgliteDataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return new Kysely<DB>({ dialect: new PGliteDialect({ pglite, parsers }) });
}
