import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ConnectionStatus, ListedType } from 'shared-api';
import type { Database } from '../../db/database';

/** A point distances are measured from: the caller's active warehouse (or the unit's own address). */
export interface Origin {
  name: string;
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in km from the origin to the point in the two columns. */
function haversineKm(origin: Origin, latColumn: string, lngColumn: string): RawBuilder<number> {
  const lat = sql.ref(latColumn);
  const lng = sql.ref(lngColumn);
  const lat0 = sql`${origin.latitude}::double precision`;
  const lng0 = sql`${origin.longitude}::double precision`;
  // least(1, …) keeps rounding from pushing asin past its domain for antipodal points.
  return sql<number>`(${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${lat0}) / 2), 2)
    + cos(radians(${lat0})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}) / 2), 2)
  ))))`;
}

/** Distance to the unit's nearest warehouse with a location, else to the unit's address; null when neither has one. */
function distanceToUnitKm(origin: Origin | null, unitAlias: string): RawBuilder<number | null> {
  if (!origin) return sql<null>`NULL::double precision`;
  return sql<number | null>`coalesce(
    (SELECT min(${haversineKm(origin, 'dw.latitude', 'dw.longitude')}) FROM warehouses dw
      WHERE dw.unit_id = ${sql.ref(`${unitAlias}.id`)} AND dw.latitude IS NOT NULL AND dw.longitude IS NOT NULL),
    ${haversineKm(origin, `${unitAlias}.latitude`, `${unitAlias}.longitude`)}
  )`;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's active warehouse with its location; falls back to the unit's address when it has none. */
export async function originOf(db: Database, userId: string, unitId: string): Promise<Origin | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .leftJoin('warehouses as w', (join) => join.onRef('w.id', '=', 'u.active_warehouse_id').on('w.unit_id', '=', unitId))
    .select(['w.display_name', 'w.latitude as w_lat', 'w.longitude as w_lng', 'un.trade_name', 'un.latitude as u_lat', 'un.longitude as u_lng'])
    .where('u.id', '=', userId)
    .where('u.unit_id', '=', unitId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.display_name && row.w_lat !== null && row.w_lng !== null) {
    return { name: row.display_name, latitude: row.w_lat, longitude: row.w_lng };
  }
  if (row.u_lat !== null && row.u_lng !== null) return { name: row.trade_name, latitude: row.u_lat, longitude: row.u_lng };
  return null;
}

export interface ConnectedFilter {
  unitId: string;
  counterpartType: ListedType;
  origin: Origin | null;
  search?: string;
  status: ConnectionStatus | 'ALL';
  sort: 'distance' | 'name';
  page: number;
  pageSize: number;
  /** Outstanding as of this day (IST), from the unit's books. */
  asOf: string;
}

/** The unit's connections in either direction whose other party is of the given type. */
function connectedBase(db: Database, f: ConnectedFilter) {
  let query = db
    .selectFrom('connections as c')
    .innerJoin('units as o', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('c.buyer_unit_id', '=', f.unitId), eb('o.id', '=', eb.ref('c.seller_unit_id'))]),
          eb.and([eb('c.seller_unit_id', '=', f.unitId), eb('o.id', '=', eb.ref('c.buyer_unit_id'))]),
        ]),
      ),
    )
    .where('o.customer_type', '=', f.counterpartType);
  if (f.status !== 'ALL') query = query.where('c.status', '=', f.status);
  if (f.search) {
    const pattern = likePattern(f.search);
    query = query.where((eb) => eb.or([eb('o.trade_name', 'ilike', pattern), eb('o.unit_code', 'ilike', pattern), eb('o.city', 'ilike', pattern)]));
  }
  return query;
}

export async function listConnected(db: Database, f: ConnectedFilter) {
  const distance = distanceToUnitKm(f.origin, 'o');
  let query = connectedBase(db, f).select([
    'c.id',
    'c.buyer_unit_id',
    'c.status',
    'c.has_access',
    'c.requested_at',
    'c.decided_at',
    'o.unit_code',
    'o.trade_name',
    'o.customer_type',
    'o.city',
    distance.as('distance_km'),
    // Orders placed on this connection (its direction), rejected ones aside; orders come from the marketplace (006).
    sql<number>`(SELECT count(*)::int FROM orders od
      WHERE od.buyer_unit_id = c.buyer_unit_id AND od.seller_unit_id = c.seller_unit_id AND od.status <> 'REJECTED')`.as('order_count'),
    sql<string>`(SELECT coalesce(sum(od.total_paise), 0)::text FROM orders od
      WHERE od.buyer_unit_id = c.buyer_unit_id AND od.seller_unit_id = c.seller_unit_id AND od.status <> 'REJECTED')`.as('order_value_paise'),
    // The party's head in the caller's books (ledger/accounts.ts PARTY_CODE), owed positive either way.
    sql<string>`(SELECT coalesce(sum(CASE WHEN c.seller_unit_id = ${f.unitId} THEN l.debit_paise - l.credit_paise ELSE l.credit_paise - l.debit_paise END), 0)::text
      FROM ledger_accounts a
      JOIN voucher_lines l ON l.account_id = a.id
      WHERE a.unit_id = ${f.unitId} AND l.voucher_date <= ${f.asOf}::date
        AND a.code = CASE WHEN c.seller_unit_id = ${f.unitId} THEN 'DEBTOR:' ELSE 'CREDITOR:' END || o.id::text)`.as('outstanding_paise'),
  ]);
  query =
    f.sort === 'distance'
      ? query.orderBy(sql`distance_km asc nulls last`).orderBy('o.trade_name')
      : query.orderBy('o.trade_name').orderBy('o.unit_code');
  const [items, total] = await Promise.all([
    query.orderBy('c.id').limit(f.pageSize).offset(f.page * f.pageSize).execute(),
    connectedBase(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

export interface NearbyFilter {
  unitId: string;
  type: ListedType;
  origin: Origin;
  radiusKm: number;
  search?: string;
  page: number;
  pageSize: number;
}

/** Verified traders of a type within the radius, nearest first, with the caller's request to each (if any). */
export async function listNearby(db: Database, f: NearbyFilter) {
  // Bounding box first (indexed), exact distance after: 1° of latitude ≈ 111 km; longitude shrinks with cos(lat).
  const dLat = f.radiusKm / 111;
  const dLng = f.radiusKm / (111.32 * Math.max(0.01, Math.cos((f.origin.latitude * Math.PI) / 180)));
  const box = (lat: string, lng: string): Expression<boolean> =>
    sql<boolean>`(${sql.ref(lat)} BETWEEN ${f.origin.latitude - dLat} AND ${f.origin.latitude + dLat}
      AND ${sql.ref(lng)} BETWEEN ${f.origin.longitude - dLng} AND ${f.origin.longitude + dLng})`;

  let inner = db
    .selectFrom('units as u')
    .leftJoin('connections as c', (join) => join.onRef('c.seller_unit_id', '=', 'u.id').on('c.buyer_unit_id', '=', f.unitId))
    .select([
      'u.id',
      'u.unit_code',
      'u.trade_name',
      'u.customer_type',
      'u.city',
      'c.id as connection_id',
      'c.status',
      'c.has_access',
      distanceToUnitKm(f.origin, 'u').as('distance_km'),
    ])
    .where('u.customer_type', '=', f.type)
    // Only verified traders can be found (SPEC.md §1), never the caller itself.
    .where('u.activated', '=', true)
    .where('u.id', '<>', f.unitId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('warehouses as bw').select('bw.id').whereRef('bw.unit_id', '=', 'u.id').where(box('bw.latitude', 'bw.longitude'))),
        box('u.latitude', 'u.longitude'),
      ]),
    );
  if (f.search) {
    const pattern = likePattern(f.search);
    inner = inner.where((eb) => eb.or([eb('u.trade_name', 'ilike', pattern), eb('u.unit_code', 'ilike', pattern), eb('u.city', 'ilike', pattern)]));
  }
  const within = () => db.selectFrom(inner.as('t')).where('t.distance_km', '<=', f.radiusKm);
  const [items, total] = await Promise.all([
    within().selectAll().orderBy('t.distance_km').orderBy('t.trade_name').orderBy('t.unit_code').limit(f.pageSize).offset(f.page * f.pageSize).execute(),
    within().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: total.n };
}

export function findUnitByCode(db: Database, unitCode: string) {
  return db
    .selectFrom('units')
    .select(['id', 'unit_code', 'trade_name', 'customer_type', 'activated', 'auto_approve', 'city'])
    .where('unit_code', '=', unitCode)
    .executeTakeFirst();
}

export function findUnitById(db: Database, unitId: string) {
  return db.selectFrom('units').select(['id', 'unit_code', 'trade_name', 'customer_type', 'city', 'auto_approve']).where('id', '=', unitId).executeTakeFirstOrThrow();
}

export function findConnectionBetween(db: Database, buyerUnitId: string, sellerUnitId: string) {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('buyer_unit_id', '=', buyerUnitId)
    .where('seller_unit_id', '=', sellerUnitId)
    .forUpdate()
    .executeTakeFirst();
}

/** A connection the unit is part of, on the given side (or either side). */
export function findConnectionOf(db: Database, connectionId: string, unitId: string, side: 'SELLER' | 'BUYER' | 'EITHER') {
  let query = db.selectFrom('connections').selectAll().where('id', '=', connectionId);
  if (side === 'SELLER') query = query.where('seller_unit_id', '=', unitId);
  else if (side === 'BUYER') query = query.where('buyer_unit_id', '=', unitId);
  else query = query.where((eb) => eb.or([eb('seller_unit_id', '=', unitId), eb('buyer_unit_id', '=', unitId)]));
  return query.forUpdate().executeTakeFirst();
}

export async function insertConnection(
  db: Database,
  row: { id: string; buyer_unit_id: string; seller_unit_id: string; status: ConnectionStatus; has_access: boolean; requested_at: Date; decided_at: Date | null },
): Promise<void> {
  await db.insertInto('connections').values(row).execute();
}

export async function updateConnection(
  db: Database,
  connectionId: string,
  changes: { status?: ConnectionStatus; has_access?: boolean; requested_at?: Date; decided_at?: Date | null },
): Promise<void> {
  await db.updateTable('connections').set(changes).where('id', '=', connectionId).execute();
}

export async function setAutoApprove(db: Database, unitId: string, autoApprove: boolean): Promise<void> {
  await db.updateTable('units').set({ auto_approve: autoApprove }).where('id', '=', unitId).execute();
}
