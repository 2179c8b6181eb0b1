import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Database } from './database';

/**
 * One part of an answer read with others in one statement (`readParts`): a query whose result becomes one json
 * value, and how to read it. An answer made of many small reads (the dashboard's) costs a round trip each, and on
 * these machines a round trip's CPU (the socket write, PostgreSQL's per-statement work) was more than most of the
 * reads themselves (bench/README.md, Dashboard).
 *
 * In json, counts and sums are numbers, dates 'YYYY-MM-DD' and timestamps ISO text.
 */
export interface Part<T> {
  /** A scalar subquery giving one json value. */
  readonly query: RawBuilder<unknown>;
  readonly read: (json: unknown) => T;
}

/** The first row of `query` (null when it has none). */
export function firstRow<R, T>(query: Expression<unknown> | RawBuilder<unknown>, read: (row: R | null) => T): Part<T> {
  return { query: sql`SELECT row_to_json(t) FROM (${query}) t LIMIT 1`, read: (json) => read((json ?? null) as R | null) };
}

/** Every row of `query`, in the order `order` gives over its columns (json_agg keeps no order of its own). */
export function allRows<R, T>(query: Expression<unknown> | RawBuilder<unknown>, order: RawBuilder<unknown> | null, read: (rows: R[]) => T): Part<T> {
  const agg = order ? sql`json_agg(t ORDER BY ${order})` : sql`json_agg(t)`;
  return { query: sql`SELECT coalesce(${agg}, '[]'::json) FROM (${query}) t`, read: (json) => read(json as R[]) };
}

/** What a part reads as; an absent part (undefined) as undefined. */
type ReadOf<V> = V extends Part<infer T> ? T : undefined;
type Read<P> = { [K in keyof P]: ReadOf<P[K]> };

/** Reads every part given (an absent one reads as undefined) in one statement. */
export async function readParts<P extends Record<string, Part<unknown> | undefined>>(db: Database, parts: P): Promise<Read<P>> {
  const given = Object.entries(parts).filter((e): e is [string, Part<unknown>] => e[1] !== undefined);
  const out: Record<string, unknown> = Object.fromEntries(Object.keys(parts).map((k) => [k, undefined]));
  if (!given.length) return out as Read<P>;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(given.map(([key, part]) => sql`(${part.query}) AS ${sql.id(key)}`))}`.execute(db);
  for (const [key, part] of given) out[key] = part.read(rows[0]![key]);
  return out as Read<P>;
}
