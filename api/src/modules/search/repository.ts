import { sql } from 'kysely';
import { SELLER_TYPE } from 'shared-api';
import type { Database } from '../../db/database';
import { sellersVisibleTo } from '../connections/visibility';
import type { ProductText } from './product-index';
import type { StockRow } from './stock-cache';

/**
 * Products by id, or every product (the index's first load), with the names they were also known by (aliases of
 * duplicates merged into them, migration 052); a merged product is left out, so search never offers it again.
 */
export async function loadProducts(db: Database, ids?: readonly string[]): Promise<ProductText[]> {
  // Joined once, grouped (not a subquery per product): the first load reads the whole catalogue.
  const aliases = db.selectFrom('product_aliases').select(['product_id', sql<string[]>`array_agg(name ORDER BY created_at)`.as('names')]).groupBy('product_id');
  let query = db
    .selectFrom('products as p')
    .leftJoin(aliases.as('a'), 'a.product_id', 'p.id')
    .select(['p.id', 'p.name', 'p.manufacturer', 'p.composition', 'p.pack', 'a.names as aliases'])
    .where('p.merged_into', 'is', null);
  if (ids) query = query.where('p.id', '=', sql<string>`ANY(${ids}::uuid[])`);
  const rows = await query.execute();
  return rows.map(({ aliases, ...p }) => (aliases ? { ...p, aliases } : p));
}

/**
 * Batches of these products with something left after reservations and not expired on `today`, by product and seller;
 * none of a product whose HSN has no GST rate on record (products.gst_rated, kept by triggers: migration 034), nor
 * one under a recall (recalls/block.ts), nor a retailer's or hospital's shelf: only stockists sell to the trade.
 */
export async function loadStock(db: Database, productIds: readonly string[], today: string): Promise<StockRow[]> {
  const { rows } = await sql<StockRow>`SELECT b.product_id, b.unit_id, b.expiry_date, b.ptr_paise FROM inventory_batches b
    JOIN units u ON u.id = b.unit_id AND u.customer_type = ${SELLER_TYPE}
    WHERE b.product_id = ANY(${sql`ARRAY(SELECT id FROM products WHERE id = ANY(${productIds}::uuid[]) AND gst_rated)`})
      AND b.expiry_date > ${today}::date AND b.quantity > b.reserved AND b.recall_id IS NULL
    ORDER BY b.product_id, b.unit_id`.execute(db);
  return rows;
}

/** Sellers whose stock and prices the buyer sees (SPEC.md §6, the rule in connections/visibility.ts). */
export async function visibleSellerIds(db: Database, buyerUnitId: string): Promise<string[]> {
  const rows = await sellersVisibleTo(db, buyerUnitId).execute();
  return rows.map((r) => r.seller_unit_id);
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

/** Sellable batches of one product across stockists, first expiry first, with the buyer's connection to each seller
 * (none while the product's HSN has no GST rate on record; none under a recall; no retailer's or hospital's shelf). */
export async function offersOf(db: Database, buyerUnitId: string, productId: string, today: string): Promise<OfferRow[]> {
  const { rows } = await sql<OfferRow>`
    SELECT u.id AS seller_unit_id, u.unit_code AS seller_unit_code, u.trade_name, u.city,
      u.latitude AS unit_lat, u.longitude AS unit_lng, w.latitude AS w_lat, w.longitude AS w_lng,
      b.batch_no, b.expiry_date, (b.quantity - b.reserved) AS available, b.ptr_paise, b.mrp_paise,
      b.scheme_buy, b.scheme_free, c.status AS connection_status,
      (u.id = ${buyerUnitId} OR coalesce(c.status = 'APPROVED' AND c.has_access, false)) AS visible
    FROM inventory_batches b
    JOIN units u ON u.id = b.unit_id AND u.customer_type = ${SELLER_TYPE}
    JOIN warehouses w ON w.id = b.warehouse_id
    LEFT JOIN connections c ON c.buyer_unit_id = ${buyerUnitId} AND c.seller_unit_id = u.id
    JOIN products p ON p.id = b.product_id AND p.gst_rated
    WHERE b.product_id = ${productId} AND b.expiry_date > ${today}::date AND b.quantity > b.reserved AND b.recall_id IS NULL
    ORDER BY u.id, b.expiry_date, b.batch_no`.execute(db);
  return rows;
}

export interface SearchRecord {
  userId: string;
  query: string;
  at: Date;
}

/** One statement for many searches (each user and query at most once); a later search moves its query to the top. */
export async function recordSearches(db: Database, records: readonly SearchRecord[]): Promise<void> {
  await db
    .insertInto('search_history')
    .values(records.map((r) => ({ user_id: r.userId, query: r.query, searched_at: r.at })))
    .onConflict((oc) => oc.columns(['user_id', 'query']).doUpdateSet({ searched_at: sql`greatest(search_history.searched_at, excluded.searched_at)` }))
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

export interface SearchHit {
  /** IST day. */
  day: string;
  productId: string;
  hits: number;
}

/** Adds buyers' hits per product and day (the dashboard's most-searched products, migration 025). */
export async function addSearchHits(db: Database, hits: readonly SearchHit[]): Promise<void> {
  // A product removed since its hit was counted is skipped, so it cannot fail the batch forever.
  await sql`INSERT INTO product_search_hits (day, product_id, hits)
    SELECT v.day::date, v.product_id::uuid, v.hits::int
    FROM (VALUES ${sql.join(hits.map((h) => sql`(${h.day}, ${h.productId}, ${h.hits})`))}) AS v (day, product_id, hits)
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id::uuid)
    ON CONFLICT (day, product_id) DO UPDATE SET hits = product_search_hits.hits + EXCLUDED.hits`.execute(db);
}
