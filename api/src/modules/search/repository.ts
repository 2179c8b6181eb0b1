import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/** One query word and the known words it may have been a typo of. */
export interface WordMatch {
  word: string;
  /** Numbers match whole words; letters match the start of a word. */
  whole: boolean;
  alternatives: string[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Products whose words match every query word, with a rank (0 best: every word hit the product name). */
function matchedProducts(words: WordMatch[], limit: number): RawBuilder<unknown> {
  const parts = words.map((w, i) => {
    const own = w.whole ? sql`pw.word = ${w.word}` : sql`pw.word LIKE ${`${escapeLike(w.word)}%`}`;
    const alt = w.alternatives.length ? sql` OR pw.word = ANY(${w.alternatives}::text[])` : sql``;
    return sql`${sql.raw(`t${i}`)} AS (SELECT pw.product_id, min(pw.field) AS f FROM product_words pw WHERE ${own}${alt} GROUP BY pw.product_id)`;
  });
  const joins = words.slice(1).map((_, i) => sql.raw(` JOIN t${i + 1} USING (product_id)`));
  const rank = sql.raw(words.map((_, i) => `t${i}.f`).join(' + '));
  return sql`WITH ${sql.join(parts, sql`, `)},
    matched AS (
      SELECT t0.product_id, ${rank} AS rank FROM t0${sql.join(joins, sql``)}
    ),
    top AS (
      SELECT m.product_id, m.rank FROM matched m JOIN products p ON p.id = m.product_id
      ORDER BY m.rank, p.name LIMIT ${limit}
    )`;
}

/** Sellers whose stock and prices the buyer sees (SPEC.md §6), as a SQL list condition on a seller column. */
const visibleSellers = (buyerUnitId: string) => sql`(SELECT seller_unit_id FROM connections
  WHERE buyer_unit_id = ${buyerUnitId} AND status = 'APPROVED' AND has_access)`;

export interface HitRow {
  product_id: string;
  name: string;
  manufacturer: string;
  composition: string | null;
  pack: string;
  seller_count: number;
  visible_seller_count: number;
  lowest_ptr_paise: number | null;
  nearest_expiry: string | null;
}

/**
 * Products matching the words that some seller has sellable stock of (not expired on `today`, something left after
 * reservations), best match first, then by how many sellers have them. Prices and expiry only from visible sellers.
 */
export async function searchProducts(db: Database, buyerUnitId: string, words: WordMatch[], today: string, limit: number): Promise<HitRow[]> {
  const { rows } = await sql<HitRow>`${matchedProducts(words, limit * 2)},
    visible AS ${visibleSellers(buyerUnitId)}
    SELECT p.id AS product_id, p.name, p.manufacturer, p.composition, p.pack,
      count(DISTINCT b.unit_id)::int AS seller_count,
      count(DISTINCT v.seller_unit_id)::int AS visible_seller_count,
      min(b.ptr_paise) FILTER (WHERE v.seller_unit_id IS NOT NULL) AS lowest_ptr_paise,
      min(b.expiry_date) FILTER (WHERE v.seller_unit_id IS NOT NULL) AS nearest_expiry
    FROM top m
    JOIN products p ON p.id = m.product_id
    JOIN inventory_batches b ON b.product_id = p.id AND b.expiry_date > ${today}::date AND b.quantity > b.reserved
    LEFT JOIN visible v ON v.seller_unit_id = b.unit_id
    GROUP BY p.id, m.rank
    ORDER BY m.rank, seller_count DESC, p.name
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface SuggestRow {
  product_id: string;
  name: string;
  pack: string;
  manufacturer: string;
  stockists: number;
}

export async function suggestProducts(db: Database, words: WordMatch[], today: string, limit: number): Promise<SuggestRow[]> {
  const { rows } = await sql<SuggestRow>`${matchedProducts(words, limit * 3)}
    SELECT p.id AS product_id, p.name, p.pack, p.manufacturer, count(DISTINCT b.unit_id)::int AS stockists
    FROM top m
    JOIN products p ON p.id = m.product_id
    JOIN inventory_batches b ON b.product_id = p.id AND b.expiry_date > ${today}::date AND b.quantity > b.reserved
    GROUP BY p.id, m.rank
    ORDER BY m.rank, stockists DESC, p.name
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Every distinct product word, sorted: the vocabulary typos are corrected against. */
export async function productVocabulary(db: Database): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`SELECT DISTINCT word FROM product_words WHERE word ~ '^[a-z]' ORDER BY word`.execute(db);
  return rows.map((r) => r.word);
}

export interface OfferRow {
  seller_unit_id: string;
  seller_unit_code: string;
  trade_name: string;
  city: string;
  unit_lat: number | null;
  unit_lng: number | null;
  w_lat: number | null;
  w_lng: number | null;
  batch_no: string;
  expiry_date: string;
  available: number;
  ptr_paise: number;
  mrp_paise: number;
  scheme_buy: number | null;
  scheme_free: number | null;
  connection_status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'DISCONNECTED' | null;
  visible: boolean;
}

/** Sellable batches of one product across sellers, first expiry first, with the buyer's connection to each seller. */
export async function offersOf(db: Database, buyerUnitId: string, productId: string, today: string): Promise<OfferRow[]> {
  const { rows } = await sql<OfferRow>`
    SELECT u.id AS seller_unit_id, u.unit_code AS seller_unit_code, u.trade_name, u.city,
      u.latitude AS unit_lat, u.longitude AS unit_lng, w.latitude AS w_lat, w.longitude AS w_lng,
      b.batch_no, b.expiry_date, (b.quantity - b.reserved) AS available, b.ptr_paise, b.mrp_paise,
      b.scheme_buy, b.scheme_free, c.status AS connection_status,
      (u.id = ${buyerUnitId} OR coalesce(c.status = 'APPROVED' AND c.has_access, false)) AS visible
    FROM inventory_batches b
    JOIN units u ON u.id = b.unit_id
    JOIN warehouses w ON w.id = b.warehouse_id
    LEFT JOIN connections c ON c.buyer_unit_id = ${buyerUnitId} AND c.seller_unit_id = u.id
    WHERE b.product_id = ${productId} AND b.expiry_date > ${today}::date AND b.quantity > b.reserved
    ORDER BY u.id, b.expiry_date, b.batch_no`.execute(db);
  return rows;
}

export async function recordSearch(db: Database, userId: string, query: string, at: Date): Promise<void> {
  await db
    .insertInto('search_history')
    .values({ user_id: userId, query, searched_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'query']).doUpdateSet({ searched_at: at }))
    .execute();
}

export async function recentSearches(db: Database, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('search_history')
    .select('query')
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.query);
}
