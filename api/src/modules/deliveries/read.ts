import { sql } from 'kysely';
import {
  CONSIGNMENT_STATUSES,
  ConsignmentSummary as ConsignmentSummarySchema,
  DELIVERY_PIN_MAX_TRIES,
  TRACKING_LIMIT,
  distanceTypeOf,
  type ConsignmentCounts,
  type ConsignmentDetail,
  type ConsignmentEvent,
  type ConsignmentList,
  type ConsignmentParty,
  type ConsignmentStatus,
  type ConsignmentSummary,
  type MyDeliveries,
  type PickupGraph,
  type ReadyOrderList,
  type TrackingList,
  type TrackingQuery,
  type ConsignmentQuery as ConsignmentQuerySchema,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import { CachedMap } from '../../db/cached-map';
import type { ChangeFeed } from '../../db/change-feed';
import { plannedPerExecution, type Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { CONTENT_TYPES, type DownloadFile } from '../../http/file-reply';
import { isUuid } from '../../http/ids';
import { renderLabelPdf, renderLabelSvg, type ShippingLabel } from '../../pdf/label';
import { addDays, istDate } from '../search/text';
import { ewayBillStates } from '../eway-bills/service';
import { actionsFor, rolesOf } from './access';
import { distanceKm, listMarkets, outstationReason } from './markets';
import { pinCannotProve } from './pin';

/*
 * Reading consignments (issue 12): the orders overview and its counts, one consignment by barcode or id (with the
 * caller's role and actions from access.ts), the delivery boy's day, the orders ready to dispatch and the graphs.
 * Every read answers only what the caller may see (404 otherwise).
 *
 * An overview page is one statement: its ids come first from the consignments' overview indexes alone (an index
 * range per side the caller stands on, newest first; migrations 023 and 028), and only those rows are joined to
 * their market, order, delivery boy and photo count. Search is a case-insensitive "contains" over the barcode id,
 * the order number, both names and the delivery boy's name (consignments.search_text), found through a trigram
 * index when the words are rare (migration 029) and in index order when they are common; a search statement is
 * planned for its words on every execution (database.ts, plannedPerExecution). The counts per status (the
 * tiles, and the list's total) are kept per unit, user and filters until the change log says one of the unit's
 * consignments changed (migration 028): paging, reopening the screen and a scanner's repeated searches do not count
 * the unit's consignments again.
 */

type Query = z.output<typeof ConsignmentQuerySchema>;
type Filters = Omit<Query, 'page' | 'pageSize'>;

const notFound = () => new AppError('E0002', 404, 'No such consignment');
/**
 * Units whose overview counts are kept, and filters counted per unit: bounds on memory (at most 100,000 counts of
 * ~300 bytes); past them, start afresh.
 */
const COUNTED_UNITS = 2_000;
const COUNTED_PER_UNIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The start of an IST day ('YYYY-MM-DD') as an instant. */
const istStart = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** Assigned and not finished: the delivery boy's open work. */
const ACTIVE: readonly ConsignmentStatus[] = ['ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED'];
/** A consignment in any other status holds its order: it cannot be booked again. */
/** Delivery tracking's order: what needs attention first. */
const TRACKING_ORDER: readonly ConsignmentStatus[] = ['IN_TRANSIT', 'FAILED', 'COLLECTED', 'ASSIGNED'];
const ENDED: readonly ConsignmentStatus[] = ['CANCELLED', 'RETURNED'];
/** Timeline order for events written in one transaction (booked and assigned at once). */
const LIFE_ORDER: Record<ConsignmentStatus, number> = { BOOKED: 0, ASSIGNED: 1, COLLECTED: 2, IN_TRANSIT: 3, FAILED: 4, DELIVERED: 5, RETURNED: 5, CANCELLED: 5 };

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The consignment columns a summary is made of (the page's rows carry these plus their joins). */
const SUMMARY_COLUMNS = [
  'c.id',
  'c.barcode_id',
  'c.kind',
  'c.direction',
  'c.status',
  'c.order_id',
  'c.owner_unit_id',
  'c.receiver_unit_id',
  'c.assignee_user_id',
  'c.pickup_date',
  'c.packages',
  'c.weight_grams',
  'c.notes',
  'c.from_name',
  'c.to_name',
  'c.distance_km',
  'c.vehicle_number',
  'c.attempts',
  'c.carrier',
  'c.transporter_name',
  'c.transporter_id',
  'c.docket_number',
  'c.docket_date',
  'c.freight_paise',
  'c.created_at',
  'c.updated_at',
] as const;

interface SummaryRow {
  id: string;
  barcode_id: string;
  kind: 'ONLINE' | 'OFFLINE';
  direction: 'SEND' | 'COLLECT' | null;
  status: ConsignmentStatus;
  order_id: string | null;
  owner_unit_id: string;
  receiver_unit_id: string | null;
  assignee_user_id: string | null;
  pickup_date: string;
  packages: number;
  weight_grams: number;
  notes: string | null;
  from_name: string;
  to_name: string;
  distance_km: number | null;
  vehicle_number: string | null;
  attempts: number;
  carrier: 'DELIVERY_BOY' | 'TRANSPORT';
  transporter_name: string | null;
  transporter_id: string | null;
  docket_number: string | null;
  docket_date: string | null;
  freight_paise: number | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Null for a transport outside every shared market (migration 055). */
  market: string | null;
  order_number: string | null;
  item_count: number | null;
  boy_first: string | null;
  boy_last: string | null;
  images: number | string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

const SUMMARY_KEYS = Object.keys(ConsignmentSummarySchema.shape) as (keyof ConsignmentSummary)[];
/** A detail cut back to its overview row. */
const summaryPart = (d: ConsignmentDetail): ConsignmentSummary => Object.fromEntries(SUMMARY_KEYS.map((k) => [k, d[k]])) as ConsignmentSummary;

/** The other party's name as the caller sees it: the drop point for the one carrying it or sending it, the sender for a receiver. */
function tradeNameFor(role: ConsignmentSummary['role'], r: Pick<SummaryRow, 'direction' | 'from_name' | 'to_name'>): string {
  if (role === 'RECEIVER') return r.from_name;
  if (role === 'OWNER' && r.direction === 'COLLECT') return r.from_name;
  return r.to_name;
}

function summaryOf(caller: Caller, r: SummaryRow): ConsignmentSummary {
  const role = rolesOf(caller, r)[0];
  if (!role) throw notFound();
  return {
    id: r.id,
    barcodeId: r.barcode_id,
    kind: r.kind,
    direction: r.direction,
    status: r.status,
    orderId: r.order_id,
    // An offline booking has no order: its barcode id is its number.
    orderNumber: r.order_number ?? r.barcode_id,
    date: iso(r.created_at),
    pickupDate: r.pickup_date,
    tradeName: tradeNameFor(role, r),
    distanceKm: r.distance_km,
    distanceType: r.distance_km == null ? null : distanceTypeOf(r.distance_km),
    vehicleNumber: r.vehicle_number,
    notes: r.notes,
    images: Number(r.images),
    market: r.market ?? '',
    items: r.item_count ?? 0,
    packages: r.packages,
    weightKg: r.weight_grams / 1000,
    deliveries: r.attempts,
    deliveryBoy: r.boy_first == null ? null : `${r.boy_first} ${r.boy_last ?? ''}`.trim(),
    role,
    updatedAt: iso(r.updated_at),
    carrier: r.carrier,
    transport:
      r.carrier === 'TRANSPORT'
        ? { transporterName: r.transporter_name!, transporterId: r.transporter_id, docketNumber: r.docket_number!, docketDate: r.docket_date!, freightPaise: r.freight_paise == null ? null : Number(r.freight_paise) }
        : null,
  };
}

export class ConsignmentReader {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}

  /** The overview's counts per status by unit, then by user and filters; a unit's are dropped whole when one of its consignments changes. */
  private readonly counted = new CachedMap<string, Map<string, Record<ConsignmentStatus, number>>>(COUNTED_UNITS);

  /** Keeps the counts as fresh as the change log: every signed-in request catches up with it first (app.ts). */
  follow(feed: ChangeFeed): void {
    feed.subscribe((changes) => {
      const consignments = changes.get('consignment');
      if (consignments?.all) this.counted.clear();
      else if (consignments) this.counted.delete(consignments.keys);
    });
  }

  // ---- one consignment ----

  /** One consignment by its barcode id or id, as the caller may see it; E0002 (404) for anyone else. `db` lets a writer read inside its transaction. */
  async detail(caller: Caller, barcodeOrId: string, db: Database = this.db): Promise<ConsignmentDetail> {
    const key = barcodeOrId.trim();
    const [detail] = await this.details(caller, isUuid(key) ? { id: key } : { barcodeId: key.toUpperCase() }, db);
    if (!detail) throw notFound();
    return detail;
  }

  /** Full consignments the caller has a part in: one by id or barcode, or a set of ids (ordered as asked). */
  private async details(caller: Caller, which: { id: string } | { barcodeId: string } | { ids: readonly string[] }, db: Database = this.db): Promise<ConsignmentDetail[]> {
    if ('ids' in which && !which.ids.length) return [];
    const rows = await db
      .selectFrom('consignments as c')
      .leftJoin('delivery_markets as m', 'm.id', 'c.market_id')
      .leftJoin('orders as o', 'o.id', 'c.order_id')
      .leftJoin('users as u', 'u.id', 'c.assignee_user_id')
      .selectAll('c')
      .select(['m.name as market', 'o.order_number', 'o.item_count', 'u.first_name as boy_first', 'u.last_name as boy_last', 'u.mobile as boy_mobile'])
      .$call((q) => ('id' in which ? q.where('c.id', '=', which.id) : 'barcodeId' in which ? q.where('c.barcode_id', '=', which.barcodeId) : q.where('c.id', 'in', which.ids)))
      .execute();
    const visible = rows.filter((r) => rolesOf(caller, r).length);
    if (!visible.length) return [];
    const ids = visible.map((r) => r.id);
    const at = this.config.now();
    const [events, images, unprovable, ewayBills] = await Promise.all([
      db.selectFrom('consignment_events').select(['consignment_id', 'status', 'at', 'by_name', 'reason']).where('consignment_id', 'in', ids).execute(),
      db.selectFrom('consignment_images').select(['id', 'consignment_id', 'kind', 'mime_type', 'created_at', 'uploaded_by_name']).where('consignment_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
      pinCannotProve(db, visible),
      ewayBillStates(db, visible, at),
    ]);
    const now = at.getTime();
    const byId = new Map(
      visible.map((c) => {
        const roles = rolesOf(caller, c);
        const proof = images.filter((i) => i.consignment_id === c.id).map((i) => ({ id: i.id, kind: i.kind, mimeType: i.mime_type, uploadedAt: iso(i.created_at), uploadedBy: i.uploaded_by_name }));
        const timeline: ConsignmentEvent[] = events
          .filter((e) => e.consignment_id === c.id)
          .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || LIFE_ORDER[a.status] - LIFE_ORDER[b.status])
          .map((e) => ({ status: e.status, at: iso(e.at), by: e.by_name, reason: e.reason }));
        // The pin is for whoever receives the goods (an offline COLLECT's owner receives them), never for the one carrying them.
        const receiving = !roles.includes('ASSIGNEE') && (roles.includes('RECEIVER') || (roles.includes('OWNER') && c.receiver_unit_id === c.owner_unit_id));
        const pinLive = (c.status === 'IN_TRANSIT' || c.status === 'FAILED') && c.pin && c.pin_expires_at && new Date(c.pin_expires_at).getTime() > now;
        const moving = c.status === 'IN_TRANSIT' && c.last_latitude != null && c.last_longitude != null && c.last_position_at;
        const party = (end: 'from' | 'to'): ConsignmentParty => ({
          unitId: c[`${end}_unit_id`],
          unitCode: c[`${end}_unit_code`],
          name: c[`${end}_name`],
          mobile: c[`${end}_mobile`],
          addressLine: c[`${end}_address_line`],
          landmark: c[`${end}_landmark`],
          city: c[`${end}_city`],
          pincode: c[`${end}_pincode`],
          latitude: c[`${end}_latitude`],
          longitude: c[`${end}_longitude`],
        });
        const to = party('to');
        const detail: ConsignmentDetail = {
          ...summaryOf(caller, { ...c, images: proof.length }),
          from: party('from'),
          to,
          assignee: c.assignee_user_id && c.boy_first != null ? { userId: c.assignee_user_id, name: `${c.boy_first} ${c.boy_last ?? ''}`.trim(), mobile: c.boy_mobile ?? '' } : null,
          timeline,
          proof,
          freeDelivery: c.free_delivery,
          pin: receiving && pinLive ? { pin: c.pin!, expiresAt: iso(c.pin_expires_at!), triesLeft: Math.max(0, DELIVERY_PIN_MAX_TRIES - c.pin_tries) } : null,
          pinCannotProve: unprovable.has(c.id),
          lastPosition: moving ? { latitude: c.last_latitude!, longitude: c.last_longitude!, at: iso(c.last_position_at!) } : null,
          distanceLeftKm: moving ? distanceKm({ latitude: c.last_latitude, longitude: c.last_longitude }, to) : null,
          actions: actionsFor(caller, c, ewayBills.get(c.id)!.facts),
          ewayBillRequirement: ewayBills.get(c.id)!.requirement,
          ewayBill: ewayBills.get(c.id)!.bill,
        };
        return [c.id, detail] as const;
      }),
    );
    const order = 'ids' in which ? which.ids : ids;
    return order.map((id) => byId.get(id)).filter((d): d is ConsignmentDetail => !!d);
  }

  // ---- the overview ----

  async list(caller: Caller, query: Query): Promise<ConsignmentList> {
    const { page, pageSize, ...filters } = query;
    const [items, { total }] = await Promise.all([this.page(caller, filters, page * pageSize, pageSize), this.counts(caller, filters)]);
    return { items, totalResults: total, page, pageSize };
  }

  /** The status tiles, and the total of the list with the same filters (the status filter narrows only the total). */
  async counts(caller: Caller, query: Filters): Promise<ConsignmentCounts> {
    const { status, ...filters } = query;
    // Taken before the read: a change the feed hands on while it runs drops this map, not the counts it then holds.
    const kept = await this.counted.get(caller.unitId, async () => new Map());
    const key = JSON.stringify([caller.userId, filters]);
    let byStatus = kept.get(key);
    if (!byStatus) {
      byStatus = await this.countByStatus(caller, filters);
      if (kept.size >= COUNTED_PER_UNIT) kept.clear();
      kept.set(key, byStatus);
    }
    return { byStatus: { ...byStatus }, total: status ? byStatus[status] : Object.values(byStatus).reduce((a, b) => a + b, 0) };
  }

  /** Each part's count per status: index-only scans of the caller's ranges. */
  private async countByStatus(caller: Caller, f: Filters): Promise<Record<ConsignmentStatus, number>> {
    const byStatus = Object.fromEntries(CONSIGNMENT_STATUSES.map((s) => [s, 0])) as Record<ConsignmentStatus, number>;
    const [first, ...rest] = this.parts(caller, f).map((q) => q.select(['consignments.status', (e) => e.fn.countAll<number>().as('n')]).groupBy('consignments.status'));
    const all = rest.reduce((union, q) => union.unionAll(q), first!);
    const rows = await (f.search ? all.modifyEnd(plannedPerExecution) : all).execute();
    for (const r of rows) byStatus[r.status] += Number(r.n);
    return byStatus;
  }

  /**
   * The consignments the filters select, as disjoint parts, one per side the caller stands on (owner; receiver of
   * another's; carrier of neither's), each served by its own overview index (migration 023). An OR of the three
   * would read every one of the caller's rows to sort them; a part reads its index range newest first.
   */
  private parts(caller: Caller, f: Filters) {
    const base = () => {
      let q = this.db.selectFrom('consignments');
      if (f.status) q = q.where('consignments.status', '=', f.status);
      if (f.kind) q = q.where('consignments.kind', '=', f.kind);
      if (f.from) q = q.where('consignments.created_at', '>=', istStart(f.from));
      if (f.to) q = q.where('consignments.created_at', '<', new Date(istStart(f.to).getTime() + DAY_MS));
      if (f.search) q = q.where('consignments.search_text', 'like', sql<string>`lower(${contains(f.search)})`);
      return q;
    };
    const owner = () => base().where('consignments.owner_unit_id', '=', caller.unitId);
    if (f.side === 'OUTGOING') return [owner()];
    // An offline collect is received by its owner: it comes in too.
    if (f.side === 'INCOMING') return [base().where('consignments.receiver_unit_id', '=', caller.unitId)];
    return [
      owner(),
      // Written as the index's predicate (migration 028), which PostgreSQL must see to use it.
      base().where('consignments.receiver_unit_id', '=', caller.unitId).whereRef('consignments.owner_unit_id', '<>', 'consignments.receiver_unit_id'),
      base()
        .where('consignments.assignee_user_id', '=', caller.userId)
        .where('consignments.owner_unit_id', '!=', caller.unitId)
        .where((eb) => eb.or([eb('consignments.receiver_unit_id', 'is', null), eb('consignments.receiver_unit_id', '!=', caller.unitId)])),
    ];
  }

  /**
   * One page of summaries, newest first, in one statement. The ids come from each part's first offset + limit in
   * index order; only the page's rows are joined.
   */
  private async page(caller: Caller, f: Filters, offset: number, limit: number): Promise<ConsignmentSummary[]> {
    // Without a search the row counts are written into the statement: as parameters, PostgreSQL's generic plan (kept
    // by a prepared statement) cannot know a page is short, costs it as long and plans every execution afresh
    // (~0.6 ms, half its time). A search is planned on every execution: its plan depends on the words searched for.
    const inlined = (n: number) => (f.search ? n : sql.lit(n));
    const ordered = this.parts(caller, f).map((q) =>
      q.select(['consignments.id', 'consignments.created_at']).orderBy('consignments.created_at', 'desc').orderBy('consignments.id', 'desc').limit(inlined(offset + limit)),
    );
    const [first, ...rest] = ordered.map((q, i) => this.db.selectFrom(q.as(`s${i}`)).selectAll());
    const merged = rest.reduce((all, q) => all.unionAll(q), first!);
    const ids = this.db.selectFrom(merged.as('m')).select('m.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').offset(inlined(offset)).limit(inlined(limit));
    const joined = this.db
      .selectFrom('consignments as c')
      .innerJoin(ids.as('p'), 'p.id', 'c.id')
      .leftJoin('delivery_markets as m', 'm.id', 'c.market_id')
      .leftJoin('orders as o', 'o.id', 'c.order_id')
      .leftJoin('users as u', 'u.id', 'c.assignee_user_id')
      .select([
        ...SUMMARY_COLUMNS,
        'm.name as market',
        'o.order_number',
        'o.item_count',
        'u.first_name as boy_first',
        'u.last_name as boy_last',
        (e) => e.selectFrom('consignment_images as i').select((x) => x.fn.countAll<number>().as('n')).whereRef('i.consignment_id', '=', 'c.id').as('images'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc');
    const rows = await (f.search ? joined.modifyEnd(plannedPerExecution) : joined).execute();
    return rows.map((r) => summaryOf(caller, { ...r, images: r.images ?? 0 }));
  }

  // ---- the delivery boy's day ----

  /**
   * What is on its way to or from the caller's unit (delivery-tracking): in transit first, then failed, collected,
   * assigned, newest first within each; TRACKING_LIMIT of them as details, and how many there are.
   */
  async tracking(caller: Caller, side: TrackingQuery['side']): Promise<TrackingList> {
    const parts = this.parts(caller, side ? { side } : {}).map((q) => q.where('consignments.status', 'in', ACTIVE).select(['consignments.id', 'consignments.status', 'consignments.created_at']));
    const rows = (await Promise.all(parts.map((q) => q.execute()))).flat();
    const urgency = (status: ConsignmentStatus) => TRACKING_ORDER.indexOf(status);
    rows.sort((a, b) => urgency(a.status) - urgency(b.status) || new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
    const ids = rows.slice(0, TRACKING_LIMIT).map((r) => r.id);
    const details = new Map((await this.details(caller, { ids })).map((d) => [d.id, d]));
    return { items: ids.flatMap((id) => details.get(id) ?? []), totalResults: rows.length };
  }

  async mine(caller: Caller): Promise<MyDeliveries> {
    const today = istDate(this.config.now());
    const [active, finished] = await Promise.all([
      this.db
        .selectFrom('consignments')
        .select('id')
        .where('assignee_user_id', '=', caller.userId)
        .where('status', 'in', ACTIVE)
        .orderBy('pickup_date')
        .orderBy('created_at')
        .execute(),
      // Finished today: the event that ended it is today's (a photo added later moves updated_at, not the finish).
      this.db
        .selectFrom('consignments as c')
        .innerJoin('consignment_events as e', (j) => j.onRef('e.consignment_id', '=', 'c.id').onRef('e.status', '=', 'c.status'))
        .select(['c.id', (x) => x.fn.max('e.at').as('finished')])
        .where('c.assignee_user_id', '=', caller.userId)
        .where('c.status', 'in', ['DELIVERED', 'RETURNED'])
        .where('e.at', '>=', istStart(today))
        .where('e.at', '<', new Date(istStart(today).getTime() + DAY_MS))
        .groupBy('c.id')
        .orderBy('finished', 'desc')
        .execute(),
    ]);
    const details = await this.details(caller, { ids: [...active, ...finished].map((r) => r.id) });
    const activeIds = new Set(active.map((r) => r.id));
    return {
      active: details.filter((d) => activeIds.has(d.id)),
      finishedToday: details.filter((d) => !activeIds.has(d.id)).map(summaryPart),
    };
  }

  // ---- orders to dispatch ----

  async readyOrders(caller: Caller): Promise<ReadyOrderList> {
    const [orders, markets, user] = await Promise.all([
      this.db
        .selectFrom('orders as o')
        .innerJoin('units as b', 'b.id', 'o.buyer_unit_id')
        .select(['o.id', 'o.order_number', 'o.decided_at', 'o.created_at', 'o.item_count', 'o.total_paise', 'b.trade_name', 'b.city', 'b.pincode'])
        .where('o.seller_unit_id', '=', caller.unitId)
        .where('o.status', '=', 'ACCEPTED')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('consignments as c').select('c.id').whereRef('c.order_id', '=', 'o.id').where('c.status', 'not in', ENDED))))
        .orderBy('o.decided_at', 'desc')
        .orderBy('o.created_at', 'desc')
        .execute(),
      listMarkets(this.db),
      this.db.selectFrom('users').select('active_warehouse_id').where('id', '=', caller.userId).executeTakeFirst(),
    ]);
    if (!orders.length) return [];
    const from = await this.shipFrom(caller, user?.active_warehouse_id ?? null);
    return orders.map((o) => ({
      orderId: o.id,
      orderNumber: o.order_number,
      acceptedAt: iso(o.decided_at ?? o.created_at),
      buyerName: o.trade_name,
      buyerCity: o.city ?? '',
      items: o.item_count,
      totalPaise: Number(o.total_paise),
      outstation: outstationReason(markets, from, { name: o.trade_name, pincode: o.pincode }),
    }));
  }

  /** Where the seller's goods leave from: its active warehouse when that has an address, else the unit's own. */
  private async shipFrom(caller: Caller, warehouseId: string | null): Promise<{ name: string; pincode: string | null }> {
    const unit = await this.db.selectFrom('units').select(['trade_name', 'pincode']).where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    const w = warehouseId ? await this.db.selectFrom('warehouses').select('pincode').where('id', '=', warehouseId).where('unit_id', '=', caller.unitId).executeTakeFirst() : undefined;
    return { name: unit.trade_name, pincode: w?.pincode ?? unit.pincode };
  }

  // ---- the label ----

  /** The thermal label (PDF or SVG) with the Code 128 barcode: owner only (E0002 for anyone else). */
  async label(caller: Caller, consignmentId: string, format: 'pdf' | 'svg'): Promise<DownloadFile> {
    if (!isUuid(consignmentId)) throw notFound();
    const c = await this.db
      .selectFrom('consignments as c')
      .leftJoin('delivery_markets as m', 'm.id', 'c.market_id')
      .leftJoin('orders as o', 'o.id', 'c.order_id')
      .selectAll('c')
      .select(['m.name as market', 'o.order_number'])
      .where('c.id', '=', consignmentId)
      .executeTakeFirst();
    if (!c || c.owner_unit_id !== caller.unitId) throw notFound();
    // The live e-way bill travels with the goods: its number and validity are printed (issue 34).
    const bill = await this.db.selectFrom('eway_bills').select(['ewb_number', 'valid_until']).where('consignment_id', '=', c.id).where('status', '=', 'ACTIVE').executeTakeFirst();
    const party = (end: 'from' | 'to') => ({
      name: c[`${end}_name`],
      addressLine: c[`${end}_address_line`],
      landmark: c[`${end}_landmark`],
      city: c[`${end}_city`],
      pincode: c[`${end}_pincode`],
      mobile: c[`${end}_mobile`],
    });
    const label: ShippingLabel = {
      barcodeId: c.barcode_id,
      kindLabel: c.kind === 'ONLINE' ? 'Online order' : c.direction === 'COLLECT' ? 'Offline pickup: collect' : 'Offline pickup: send',
      orderNumber: c.order_number ?? c.barcode_id,
      packages: c.packages,
      weightKg: c.weight_grams / 1000,
      market: c.market ?? (c.transporter_name ? `By ${c.transporter_name}` : ''),
      pickupDate: c.pickup_date,
      from: party('from'),
      to: party('to'),
      notes: c.notes,
      ewayBill: bill ? { number: bill.ewb_number, validUntil: bill.valid_until ? new Date(bill.valid_until) : null } : null,
    };
    return format === 'svg'
      ? { fileName: `label-${c.barcode_id}.svg`, contentType: CONTENT_TYPES.svg, body: await renderLabelSvg(label) }
      : { fileName: `label-${c.barcode_id}.pdf`, contentType: CONTENT_TYPES.pdf, body: await renderLabelPdf(label) };
  }

  // ---- graphs ----

  /** Consignments of one kind the caller's unit booked per IST day, the last `days` days up to today, empty days as 0. */
  async graph(caller: Caller, kind: 'ONLINE' | 'OFFLINE', days: number): Promise<PickupGraph> {
    const today = istDate(this.config.now());
    const first = addDays(today, -(days - 1));
    const day = sql<string>`to_char(consignments.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;
    const rows = await this.db
      .selectFrom('consignments')
      .select([day.as('day'), (e) => e.fn.countAll<number>().as('n')])
      .where('owner_unit_id', '=', caller.unitId)
      .where('kind', '=', kind)
      .where('created_at', '>=', istStart(first))
      .where('created_at', '<', new Date(istStart(today).getTime() + DAY_MS))
      .groupBy(day)
      .execute();
    const counts = new Map(rows.map((r) => [r.day, Number(r.n)]));
    return { days: Array.from({ length: days }, (_, i) => addDays(first, i)).map((date) => ({ date, count: counts.get(date) ?? 0 })) };
  }
}
