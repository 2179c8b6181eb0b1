import type { PGlite, ParserOptions } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** A FIFO lock: PGlite has one connection, so a transaction must own it until it commits. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return acquired;
  }
}

/**
 * Statements issued to each PGlite instance, by any Kysely over it. A PGlite data directory belongs to one process,
 * so when this has not moved nothing can have been written (change-feed.ts uses it to skip reading the log).
 */
const issued = new WeakMap<PGlite, number>();

export function statementsIssued(pglite: PGlite): number {
  return issued.get(pglite) ?? 0;
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly parsers: ParserOptions,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    issued.set(this.pglite, statementsIssued(this.pglite) + 1);
    if (compiled.parameters.length === 0) {
      // The simple protocol accepts several statements (migrations); the last result is the answer.
      const results = await this.pglite.exec(compiled.sql, { rowMode: 'object', parsers: this.parsers });
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[], numAffectedRows: affected(compiled, last?.affectedRows) };
    }
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters.map(toWire), {
      rowMode: 'object',
      parsers: this.parsers,
    });
    return { rows: result.rows, numAffectedRows: affected(compiled, result.affectedRows) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream');
  }
}

/**
 * Dates are sent as ISO text (Postgres parses it for date and timestamptz). PGlite checks `instanceof Date`,
 * which fails for a Date from another realm (the jest sandbox), so the check here is realm-neutral.
 */
function toWire(value: unknown): unknown {
  return Object.prototype.toString.call(value) === '[object Date]' ? (value as Date).toISOString() : value;
}

function affected(compiled: CompiledQuery, count: number | undefined): bigint | undefined {
  return WRITE_NODES.has(compiled.query.kind) ? BigInt(count ?? 0) : undefined;
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();

  constructor(private readonly options: PGliteDialectOptions) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    return new PGliteConnection(this.options.pglite, this.options.parsers ?? {}, release);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    if (this.options.closeOnDestroy !== false) await this.options.pglite.close();
  }
}

export interface PGliteDialectOptions {
  pglite: PGlite;
  /** Result parsers by type OID, applied to every query. */
  parsers?: ParserOptions;
  /** false: the instance is shared (tests) and outlives this Kysely. */
  closeOnDestroy?: boolean;
}

/** Kysely over an embedded PGlite instance: Postgres SQL, one serialised connection. */
export class PGliteDialect implements Dialect {
  constructor(private readonly options: PGliteDialectOptions) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.options);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
