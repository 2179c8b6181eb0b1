import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { CLEARANCE_NEARBY_KM, type ClearanceOffer, type OfferStatus } from 'shared-api';
import type { Database } from '../../db/database';
import type { Origin } from '../connections/repository';
import { stockVisibleTo } from '../connections/visibility';
import { haversineKm } from '../search/text';

/*
 * Near-expiry offers (migration 026). An offer's status is worked out when it is read, from the day and the batch:
 * ENDED once the seller ended it, its cut-off day passed or the batch expired, and while the batch is under a recall
 * (recalls/block.ts: not shown to buyers, not bought; it runs again if the recall is lifted before the cut-off);
 * SOLD_OUT while nothing of the batch is free; ACTIVE otherwise. Queries join the offer's batch, product, seller and
 * the batch's warehouse as o, b, p, u, w.
 */

export interface OfferRow {
  id: string;
  seller_unit_id: string;
  batch_id: string;
  product_id: string;
  product_name: string;
  manufacturer: string;
  pack: string;
  batch_no: string;
  expiry_date: string;
  days_to_expiry: number;
  available: number;
  mrp_paise: number;
  ptr_paise: number;
  offer_ptr_paise: number;
  ends_on: string;
  nearby_buyers: boolean;
  status: OfferStatus;
  /** The recall the batch is under (status ENDED meanwhile), or null. */
  recall_id: string | null;
  seller_unit_code: string;
  seller_trade_name: string;
  city: string;
  /** Where the batch is: its warehouse's place, else the seller's. */
  lat: number | null;
  lng: number | null;
}

/** The offer's status on `today` (see the file comment). */
export function statusSql(today: string): RawBuilder<OfferStatus> {
  return sql<OfferStatus>`CASE
    WHEN o.ended_at IS NOT NULL OR o.ends_on < ${today}::date OR b.expiry_date <= ${today}::date OR b.recall_id IS NOT NULL THEN 'ENDED'
    WHEN b.quantity <= b.reserved THEN 'SOLD_OUT'
    ELSE 'ACTIVE' END`;
}

/** An offer that can be bought on `today`: running, cut-off not passed, batch unexpired and under no recall, units free. */
export function activeSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(o.ended_at IS NULL AND o.ends_on >= ${today}::date AND b.expiry_date > ${today}::date AND b.recall_id IS NULL AND b.quantity > b.reserved)`;
}

/** Great-circle km from `origin` to the batch's place (NULL when it has none): the formula of connections/repository.ts. */
function distanceSql(origin: Origin): RawBuilder<number | null> {
  const lat = sql`COALESCE(w.latitude, u.latitude)`;
  const lng = sql`COALESCE(w.longitude, u.longitude)`;
  const lat0 = sql`${origin.latitude}::double precision`;
  const lng0 = sql`${origin.longitude}::double precision`;
  return sql<number | null>`(6371 * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${lat0}) / 2), 2)
    + cos(radians(${lat0})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}) / 2), 2)))))`;
}

/**
 * The one rule for who may see and buy an offer: a buyer that may see the seller's stock (connections/visibility.ts
 * rule: approved with access), or, when the seller opted in, a buyer whose place (`origin`: its active warehouse,
 * else its unit) is within CLEARANCE_NEARBY_KM of the batch's warehouse. Never the seller itself.
 */
export function offerVisibleTo(buyerUnitId: string, origin: Origin | null): Expression<SqlBool> {
  const nearby = origin ? sql`(o.nearby_buyers AND ${distanceSql(origin)} <= ${CLEARANCE_NEARBY_KM})` : sql`false`;
  return sql<SqlBool>`(o.seller_unit_id <> ${buyerUnitId} AND (${stockVisibleTo(buyerUnitId, 'o.seller_unit_id')} OR ${nearby}))`;
}

/** Every column a ClearanceOffer shows, for the offers `where` selects; read as the derived table `offer`. */
function offerSelect(today: string, where: RawBuilder<unknown> | Expression<SqlBool>): RawBuilder<OfferRow> {
  return sql<OfferRow>`
    SELECT o.id, o.seller_unit_id, o.batch_id, b.product_id, p.name AS product_name, p.manufacturer, p.pack, b.batch_no,
      b.expiry_date, (b.expiry_date - ${today}::date) AS days_to_expiry, GREATEST(b.quantity - b.reserved, 0) AS available,
      b.mrp_paise, b.ptr_paise, o.offer_ptr_paise, o.ends_on, o.nearby_buyers, ${statusSql(today)} AS status, b.recall_id,
      u.unit_code AS seller_unit_code, u.trade_name AS seller_trade_name, u.city,
      COALESCE(w.latitude, u.latitude) AS lat, COALESCE(w.longitude, u.longitude) AS lng, o.created_at
    FROM clearance_offers o
    JOIN inventory_batches b ON b.id = o.batch_id
    JOIN products p ON p.id = b.product_id
    JOIN units u ON u.id = o.seller_unit_id
    JOIN warehouses w ON w.id = b.warehouse_id
    WHERE ${where}`;
}

/**
 * Offers `where` selects; `tail` may filter the computed columns (`WHERE offer.status = …`), order and page them.
 * `total`: the rows before any LIMIT.
 */
export async function offerRows(db: Database, today: string, where: RawBuilder<unknown> | Expression<SqlBool>, tail: RawBuilder<unknown> = sql``): Promise<(OfferRow & { total: number })[]> {
  const { rows } = await sql<OfferRow & { total: number }>`SELECT offer.*, count(*) OVER ()::int AS total FROM (${offerSelect(today, where)}) offer ${tail}`.execute(db);
  return rows;
}

/** How many offers `where` (and `filter` on the computed columns) selects: a page past the end has no row to tell. */
export async function countOffers(db: Database, today: string, where: RawBuilder<unknown> | Expression<SqlBool>, filter: RawBuilder<unknown> = sql``): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${offerSelect(today, where)}) offer ${filter}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** An offer as the contract shows it; `origin` gives the buyer's distance (null on the seller's own list). */
export function toOffer(r: OfferRow, origin: Origin | null): ClearanceOffer {
  return {
    offerId: r.id,
    batchId: r.batch_id,
    productId: r.product_id,
    productName: r.product_name,
    manufacturer: r.manufacturer,
    pack: r.pack,
    batchNo: r.batch_no,
    expiryDate: r.expiry_date,
    daysToExpiry: r.days_to_expiry,
    available: r.available,
    mrpPaise: r.mrp_paise,
    ptrPaise: r.ptr_paise,
    offerPtrPaise: r.offer_ptr_paise,
    discountBp: r.ptr_paise > 0 ? Math.floor(((r.ptr_paise - r.offer_ptr_paise) * 10_000) / r.ptr_paise) : 0,
    endsOn: r.ends_on,
    nearbyBuyers: r.nearby_buyers,
    status: r.status,
    sellerUnitCode: r.seller_unit_code,
    sellerTradeName: r.seller_trade_name,
    city: r.city,
    distanceKm: origin && r.lat !== null && r.lng !== null ? haversineKm(origin.latitude, origin.longitude, r.lat, r.lng) : null,
  };
}

/** What the cart and submit need of one offer, as `buyer` may see it (undefined: no such offer, or not for it). */
export async function offerForBuyer(db: Database, offerId: string, buyerUnitId: string, origin: Origin | null, today: string): Promise<OfferRow | undefined> {
  const rows = await offerRows(db, today, sql`o.id = ${offerId} AND ${offerVisibleTo(buyerUnitId, origin)}`);
  return rows[0];
}
