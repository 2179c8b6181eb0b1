import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  CONSIGNMENT_STATUS_LABELS,
  DELIVERY_PIN_LENGTH,
  DELIVERY_PIN_MAX_TRIES,
  NEXT_STATUSES,
  PROOF_IMAGES_PER_CONSIGNMENT,
  PROOF_IMAGE_MAX_BYTES,
  type AddProofImage,
  type Assignment,
  type ChangeStatus,
  type ConsignmentParty,
  type ConsignmentStatus,
  type CreateOfflinePickup,
  type CreateOnlinePickup,
  type DeliveryBoy,
  type DispatchByTransport,
  type Market,
  type ProofImage,
  type ReportPosition,
  type Ring,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockName } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { ConsignmentsTable, DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError, notActivated } from '../../http/errors';
import type { DownloadFile } from '../../http/file-reply';
import { isUuid } from '../../http/ids';
import { lookupPincode } from '../../data/pincodes';
import type { SmsSender } from '../auth/sms';
import { LINKS, notify } from '../notifications/notify';
import { decodeUpload } from '../registration/service';
import { istDate } from '../search/text';
import { assertMayStart, type EwayBillsService } from '../eway-bills/service';
import { actionsFor, rolesOf, type ConsignmentAction } from './access';
import { distanceKm, listMarkets, marketOf, outstationReason, sameMarket } from './markets';
import { reencodePhoto } from './photos';
import { NOT_PIN_PROVEN, pinCannotProve } from './pin';

/*
 * Deliveries and pickups (issue 12): every write on a consignment, from booking to delivery. Each use case is one
 * transaction that first locks the consignment row (SELECT … FOR UPDATE), then asks access.ts what the caller may do
 * in the status it found: two people acting at once queue on the lock, and the second sees the first one's status.
 * The routes answer the consignment as ConsignmentReader shows it, read after the commit.
 */

type Row = Selectable<ConsignmentsTable>;
type Db = Kysely<DB>;

/** What the writes read from the configuration (the demo seed passes its own clock). */
export type DeliveryDeps = Pick<Config, 'delivery' | 'now'>;

/** Assigned to someone and not finished: counts against a delivery boy's load. */
export const ACTIVE_STATUSES = ['ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED'] as const satisfies readonly ConsignmentStatus[];

const notFound = () => new AppError('E0002', 404, 'No such consignment');
const refused = (sentence: string) => new AppError('E0013', 409, sentence);
const label = (s: ConsignmentStatus) => CONSIGNMENT_STATUS_LABELS[s].toLowerCase();

/** The move each status of ChangeStatus is, for access.ts. */
const ACTION_OF: Record<z.output<typeof ChangeStatus>['status'], ConsignmentAction> = {
  COLLECTED: 'COLLECT',
  IN_TRANSIT: 'START_TRIP',
  FAILED: 'FAIL',
  RETURNED: 'RETURN',
  CANCELLED: 'CANCEL',
};

/** Who may make each move, for the refusal's sentence. */
const WHO_MAY: Record<ConsignmentAction, string> = {
  ASSIGN: 'Only the sender assigns the delivery boy',
  CANCEL: 'Only the sender can cancel a consignment',
  COLLECT: 'Only the assigned delivery boy marks it collected',
  START_TRIP: 'Only the assigned delivery boy starts the trip',
  DELIVER: 'Only the assigned delivery boy delivers it',
  FAIL: 'Only the assigned delivery boy reports a failed delivery',
  RETURN: 'Only the assigned delivery boy returns it',
  ADD_PROOF: 'Only the assigned delivery boy adds proof photos',
  RING_RECEIVER: 'Only the assigned delivery boy rings the receiver',
  RING_SENDER: 'Only the assigned delivery boy rings the sender',
  REQUEST_CALL: 'Only the sender or the receiver asks the delivery boy to call',
  REISSUE_PIN: 'Only the receiver or the sender issues a new pin',
  LABEL: 'Only the sender prints the label',
  GENERATE_EWB: 'Only the sender generates the e-way bill',
  UPDATE_EWB_VEHICLE: "Only the sender or the assigned delivery boy changes the e-way bill's vehicle",
  CANCEL_EWB: 'Only the sender cancels the e-way bill',
  EXTEND_EWB: 'Only the sender or the assigned delivery boy extends the e-way bill',
};

/** The refusal of a move the caller's roles or the status do not allow (access.ts decides; this only explains). */
function refusal(caller: Caller, c: Row, action: ConsignmentAction, target?: ConsignmentStatus): AppError {
  if (c.carrier === 'TRANSPORT') return transportRefusal(caller, c, action);
  if (target && !NEXT_STATUSES[c.status].includes(target)) {
    return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: it cannot be marked ${label(target)}`);
  }
  if (action === 'ASSIGN' && rolesOf(caller, c).includes('OWNER')) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: the delivery boy can no longer be changed`);
  if ((action === 'ADD_PROOF' || action.startsWith('RING')) && rolesOf(caller, c).includes('ASSIGNEE')) {
    return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: that is not possible now`);
  }
  if (action === 'REISSUE_PIN' || action === 'REQUEST_CALL') {
    const party = rolesOf(caller, c).some((r) => r === 'OWNER' || r === 'RECEIVER');
    if (party) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: that is not possible now`);
  }
  return refused(`${WHO_MAY[action]} (consignment ${c.barcode_id} is ${label(c.status)})`);
}

/** Why a transport consignment (issue 39) refuses a move: nobody carries it on the platform. */
function transportRefusal(caller: Caller, c: Row, action: ConsignmentAction): AppError {
  const roles = rolesOf(caller, c);
  const by = `${c.transporter_name} (LR ${c.docket_number})`;
  if (['ASSIGN', 'COLLECT', 'FAIL', 'RETURN', 'RING_RECEIVER', 'RING_SENDER', 'REQUEST_CALL', 'REISSUE_PIN'].includes(action)) {
    return refused(`Consignment ${c.barcode_id} goes by ${by}: no delivery boy carries it and it has no pin`);
  }
  if (action === 'DELIVER' && (roles.includes('OWNER') || roles.includes('RECEIVER'))) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: it can be marked delivered only while it is on its way`);
  if (action === 'START_TRIP' && roles.includes('OWNER')) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: it has already been handed over to ${by}`);
  if (action === 'ADD_PROOF' && roles.includes('OWNER')) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: a proof of delivery is added once it is dispatched`);
  if (action === 'CANCEL' && roles.includes('OWNER')) return refused(`Consignment ${c.barcode_id} is ${label(c.status)}: goods handed to ${by} cannot be cancelled here`);
  return refused(`Only the seller does that (consignment ${c.barcode_id} goes by ${by}, ${label(c.status)})`);
}

/** A fresh delivery pin: DELIVERY_PIN_LENGTH random digits (leading zeros kept). */
export const newPin = () => String(randomInt(0, 10 ** DELIVERY_PIN_LENGTH)).padStart(DELIVERY_PIN_LENGTH, '0');

const samePin = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** '22 Nov, 6:30 pm' in IST: the expiry as the receiver reads it in a notification or SMS. */
function istTime(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
}

/** One end of a trip (from_* or to_* columns), as the contract shows it. */
type Party = ConsignmentParty;

const fromColumns = (p: Party) => ({
  from_unit_id: p.unitId,
  from_unit_code: p.unitCode,
  from_name: p.name,
  from_mobile: p.mobile,
  from_address_line: p.addressLine,
  from_landmark: p.landmark,
  from_city: p.city,
  from_pincode: p.pincode,
  from_latitude: p.latitude,
  from_longitude: p.longitude,
});

const toColumns = (p: Party) => ({
  to_unit_id: p.unitId,
  to_unit_code: p.unitCode,
  to_name: p.name,
  to_mobile: p.mobile,
  to_address_line: p.addressLine,
  to_landmark: p.landmark,
  to_city: p.city,
  to_pincode: p.pincode,
  to_latitude: p.latitude,
  to_longitude: p.longitude,
});

export class DeliveriesService {
  constructor(
    readonly db: Database,
    readonly config: DeliveryDeps,
    readonly sms: SmsSender,
    /** The e-way bills' Part B follows a reassignment to another vehicle (absent: the demo seed, which makes none). */
    readonly ewayBills?: EwayBillsService,
  ) {}

  // ---- reads the writes need ----

  markets(): Promise<Market[]> {
    return listMarkets(this.db);
  }

  /**
   * Whom the caller's unit may assign: the owners of activated SEASON_BOY units with an APPROVED connection to it
   * (the season boy asked to work for it: connections.buyer_unit_id = season boy, seller_unit_id = the unit), and its
   * own live users marked as delivery staff. Busiest last, then by name.
   */
  async deliveryBoys(caller: Pick<Caller, 'unitId'>, db: Db = this.db): Promise<DeliveryBoy[]> {
    const load = (userRef: 'u.id') =>
      sql<number>`(SELECT count(*)::int FROM consignments c WHERE c.assignee_user_id = ${sql.ref(userRef)} AND c.status IN (${sql.join([...ACTIVE_STATUSES])}))`;
    const seasonBoys = await db
      .selectFrom('users as u')
      .innerJoin('units as sb', 'sb.id', 'u.unit_id')
      .innerJoin('connections as c', (j) => j.onRef('c.buyer_unit_id', '=', 'sb.id').on('c.status', '=', 'APPROVED'))
      .select([
        'u.id',
        'u.first_name',
        'u.last_name',
        'u.mobile',
        load('u.id').as('active'),
        (e) =>
          e
            .selectFrom('registrations as r')
            .select('r.vehicle_number')
            .whereRef('r.unit_id', '=', 'sb.id')
            .where('r.status', '=', 'APPROVED')
            .orderBy('r.decided_at', 'desc')
            .limit(1)
            .as('vehicle'),
      ])
      .where('c.seller_unit_id', '=', caller.unitId)
      .where('sb.customer_type', '=', 'SEASON_BOY')
      .where('sb.activated', '=', true)
      .where('u.role', '=', 'OWNER')
      .where('u.deleted_at', 'is', null)
      .execute();
    const staff = await db
      .selectFrom('users as u')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.mobile', load('u.id').as('active')])
      .where('u.unit_id', '=', caller.unitId)
      .where('u.delivery_staff', '=', true)
      .where('u.deleted_at', 'is', null)
      .execute();
    const boys: DeliveryBoy[] = [
      ...seasonBoys.map((b) => ({ userId: b.id, name: `${b.first_name} ${b.last_name}`.trim(), mobile: b.mobile, source: 'SEASON_BOY' as const, vehicleNumber: b.vehicle ?? null, activeConsignments: Number(b.active) })),
      ...staff.map((b) => ({ userId: b.id, name: `${b.first_name} ${b.last_name}`.trim(), mobile: b.mobile, source: 'EMPLOYEE' as const, vehicleNumber: null, activeConsignments: Number(b.active) })),
    ];
    return boys.sort((a, b) => a.activeConsignments - b.activeConsignments || a.name.localeCompare(b.name));
  }

  /** A proof photo, for the two parties and the assignee (E0002 for anyone else, E0056 for an unknown image). */
  async image(caller: Caller, consignmentId: string, imageId: string): Promise<DownloadFile> {
    if (!isUuid(consignmentId)) throw notFound();
    const c = await this.db.selectFrom('consignments').selectAll().where('id', '=', consignmentId).executeTakeFirst();
    if (!c || !rolesOf(caller, c).length) throw notFound();
    const image = isUuid(imageId)
      ? await this.db.selectFrom('consignment_images').select(['mime_type', 'content', 'kind']).where('id', '=', imageId).where('consignment_id', '=', c.id).executeTakeFirst()
      : undefined;
    if (!image) throw new AppError('E0056', 404, 'No such proof photo on this consignment');
    const ext = image.mime_type === 'image/jpeg' ? 'jpg' : image.mime_type.split('/')[1];
    return { fileName: `${c.barcode_id}-${image.kind.toLowerCase()}-${imageId.slice(0, 8)}.${ext}`, contentType: image.mime_type, body: Buffer.from(image.content) };
  }

  // ---- the transaction every write runs in ----

  private write<T>(work: (trx: Db, at: Date) => Promise<T>): Promise<T> {
    // Run once: sendPin's SMS goes out inside the transaction, and a second run would send another pin.
    return inTransaction(this.db, (trx) => work(trx, this.config.now()), { attempts: 1 });
  }

  /** The consignment locked for this transaction, if the caller has a part in it (404 otherwise: not even its existence shows). */
  async locked(trx: Db, caller: Caller, consignmentId: string): Promise<Row> {
    if (!isUuid(consignmentId)) throw notFound();
    const c = await trx.selectFrom('consignments').selectAll().where('id', '=', consignmentId).forUpdate().executeTakeFirst();
    if (!c || !rolesOf(caller, c).length) throw notFound();
    return c;
  }

  /** Locked, and the caller may make this move now (E0013 with the reason otherwise). */
  private async lockedFor(trx: Db, caller: Caller, consignmentId: string, action: ConsignmentAction, target?: ConsignmentStatus): Promise<Row> {
    const c = await this.locked(trx, caller, consignmentId);
    if (!actionsFor(caller, c).includes(action)) throw refusal(caller, c, action, target);
    return c;
  }

  // ---- booking ----

  async createOnline(caller: Caller, input: z.output<typeof CreateOnlinePickup>): Promise<string> {
    return this.write((trx, at) => this.createOnlineIn(trx, caller, input, at));
  }

  /**
   * An accepted order the caller sold becomes a consignment: from the warehouse its stock left (else the seller's
   * address) to the buyer, both in one market. The order row is locked, so two bookings of one order queue and the
   * second finds the first (the partial unique index on live consignments stands behind it).
   */
  async createOnlineIn(trx: Db, caller: Caller, input: z.output<typeof CreateOnlinePickup>, at: Date): Promise<string> {
    if (!caller.activated) throw notActivated();
    const order = await this.lockedOrder(trx, caller, input.orderId);
    const { from, to } = await orderEnds(trx, order);
    const market = sameMarket(await listMarkets(trx), from, to);
    const id = await this.insert(trx, caller, at, {
      kind: 'ONLINE',
      direction: null,
      receiver_unit_id: order.buyer_unit_id,
      order_id: order.id,
      market_id: market.id,
      pickup_date: istDate(at),
      input,
      from,
      to,
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new AppError('E0009', 409, `Order ${order.order_number} is already booked`);
      throw error;
    });
    if (input.assignment) await this.assignIn(trx, caller, id, input.assignment, at);
    return id;
  }

  async dispatchByTransport(caller: Caller, input: z.output<typeof DispatchByTransport>): Promise<string> {
    return this.write((trx, at) => this.dispatchByTransportIn(trx, caller, input, at));
  }

  /**
   * Issue 39: an accepted order the caller sold, handed to its own transport or a courier/transporter under an
   * LR/docket: wherever the buyer is (no market needed; the shared one is kept when there is one). Booked and, unless
   * its goods still need an e-way bill, dispatched (IN_TRANSIT) in the same transaction; with one needed it stays
   * BOOKED until the seller has generated the bill (Part B from this transport) and hands it over (START_TRIP).
   * The buyer is told either way. Locks the order row as a delivery-boy booking does (one live consignment per order).
   */
  async dispatchByTransportIn(trx: Db, caller: Caller, input: z.output<typeof DispatchByTransport>, at: Date): Promise<string> {
    if (!caller.activated) throw notActivated();
    if (input.docketDate > istDate(at)) throw new AppError('E0001', 400, 'The docket date cannot be in the future', { docketDate: 'Today or earlier' });
    const order = await this.lockedOrder(trx, caller, input.orderId);
    const { from, to } = await orderEnds(trx, order);
    const markets = await listMarkets(trx);
    const market = outstationReason(markets, from, to) ? null : marketOf(markets, from.pincode);
    const id = await this.insert(trx, caller, at, {
      kind: 'ONLINE',
      direction: null,
      receiver_unit_id: order.buyer_unit_id,
      order_id: order.id,
      market_id: market?.id ?? null,
      pickup_date: istDate(at),
      input,
      from,
      to,
      transport: {
        carrier: 'TRANSPORT',
        transporter_name: input.transporterName,
        transporter_id: input.transporterId ?? null,
        docket_number: input.docketNumber,
        docket_date: input.docketDate,
        freight_paise: input.freightPaise ?? null,
        vehicle_number: input.vehicleNumber ?? null,
      },
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw new AppError('E0009', 409, `Order ${order.order_number} is already booked`);
      throw error;
    });
    const c = await trx.selectFrom('consignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (await ewayBillPending(trx, c, at)) {
      await notify(trx, { unitIds: [c.receiver_unit_id] }, { type: 'DELIVERY_COLLECTED', title: `Order ${order.order_number} booked with ${c.transporter_name}`, body: `${c.from_name} will send it by ${c.transporter_name}, LR ${c.docket_number}, once its e-way bill is generated.`, link: LINKS.consignment(c.barcode_id) }, { at });
    } else {
      await this.handOver(trx, caller, c, at);
    }
    return id;
  }

  /** The order the caller sold, locked; accepted and without a live consignment (E0002, E0013, E0009 otherwise). */
  private async lockedOrder(trx: Db, caller: Caller, orderId: string) {
    const order = await trx.selectFrom('orders').select(['id', 'order_number', 'status', 'seller_unit_id', 'buyer_unit_id']).where('id', '=', orderId).forUpdate().executeTakeFirst();
    if (!order || order.seller_unit_id !== caller.unitId) throw new AppError('E0002', 404, 'No such order among those you sold');
    if (order.status !== 'ACCEPTED') throw refused(`Order ${order.order_number} is ${order.status.toLowerCase()}: only an accepted order can be dispatched`);
    const live = await trx.selectFrom('consignments').select('barcode_id').where('order_id', '=', order.id).where('status', 'not in', ['CANCELLED', 'RETURNED']).executeTakeFirst();
    if (live) throw new AppError('E0009', 409, `Order ${order.order_number} is already booked as consignment ${live.barcode_id}`);
    return order;
  }

  /** A transport consignment leaves with its transporter: IN_TRANSIT (its live e-way bill checked first), the buyer told. */
  private async handOver(trx: Db, caller: Caller, c: Row, at: Date): Promise<void> {
    await assertMayStart(trx, c, at);
    await move(trx, c, 'IN_TRANSIT', at, { attempts: c.attempts + 1 });
    const via = `${c.transporter_name}, LR ${c.docket_number} of ${c.docket_date}${c.vehicle_number ? `, vehicle ${c.vehicle_number}` : ''}`;
    await event(trx, c.id, 'IN_TRANSIT', `Dispatched by ${via}`, caller.userId, at);
    await notify(trx, { unitIds: [c.receiver_unit_id] }, { type: 'DELIVERY_COLLECTED', title: `Consignment ${c.barcode_id} dispatched`, body: `${c.from_name} sent ${c.packages} package${c.packages === 1 ? '' : 's'} by ${via}.`, link: LINKS.consignment(c.barcode_id) }, { at });
  }

  async createOffline(caller: Caller, input: z.output<typeof CreateOfflinePickup>): Promise<string> {
    return this.write((trx, at) => this.createOfflineIn(trx, caller, input, at));
  }

  /**
   * Goods not ordered in the app, booked by any trading unit (SPEC §6: the Orders group is for every customer type;
   * a season boy carries consignments and books none). SEND goes from the caller's active warehouse to the party,
   * COLLECT from the party to it (the caller then receives it and gets the pin). The chosen market must hold both.
   */
  async createOfflineIn(trx: Db, caller: Caller, input: z.output<typeof CreateOfflinePickup>, at: Date): Promise<string> {
    if (caller.customerType === 'SEASON_BOY') throw new AppError('E0040', 403, 'A season boy carries consignments: pickups are booked by the units he works for');
    if (!caller.activated) throw notActivated();
    if (input.pickupDate < istDate(at)) throw new AppError('E0001', 400, 'The pickup date cannot be in the past', { pickupDate: 'Today or later' });
    const markets = await listMarkets(trx);
    const market = markets.find((m) => m.id === input.marketId);
    if (!market) throw new AppError('E0001', 400, 'Choose one of the delivery markets', { marketId: 'Choose one of the delivery markets' });
    const user = await trx.selectFrom('users').select('active_warehouse_id').where('id', '=', caller.userId).executeTakeFirst();
    const own = await unitParty(trx, caller.unitId, user?.active_warehouse_id ?? null);
    const place = lookupPincode(input.pincode);
    const party: Party = {
      unitId: null,
      unitCode: null,
      name: input.partyName,
      mobile: input.mobile,
      addressLine: input.addressLine,
      landmark: input.landmark,
      city: place?.city ?? null,
      pincode: input.pincode,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    };
    for (const end of [party, own]) {
      if (marketOf(markets, end.pincode)?.id !== market.id) {
        throw new AppError('E0061', 422, `${end.name} (${end.pincode ?? 'no pincode'}) is outside ${market.name}: outstation deliveries/pickups are not available`);
      }
    }
    // The declared goods (issue 34): what an e-way bill's Part A needs when no invoice on the platform describes them.
    if (input.goods && input.goods.documentDate > istDate(at)) throw new AppError('E0001', 400, 'The document date cannot be in the future', { 'goods.documentDate': 'Today or earlier' });
    const send = input.direction === 'SEND';
    const id = await this.insert(trx, caller, at, {
      kind: 'OFFLINE',
      direction: input.direction,
      receiver_unit_id: send ? null : caller.unitId,
      order_id: null,
      market_id: market.id,
      pickup_date: input.pickupDate,
      input,
      from: send ? own : party,
      to: send ? party : own,
      goods: input.goods
        ? {
            goods_document_type: input.goods.documentType,
            goods_document_number: input.goods.documentNumber,
            goods_document_date: input.goods.documentDate,
            goods_value_paise: input.goods.valuePaise,
            goods_hsn: input.goods.hsn,
            goods_party_gstin: input.goods.partyGstin ?? null,
          }
        : {},
    });
    if (input.assignment) await this.assignIn(trx, caller, id, input.assignment, at);
    return id;
  }

  private async insert(
    trx: Db,
    caller: Caller,
    at: Date,
    c: {
      kind: 'ONLINE' | 'OFFLINE';
      direction: 'SEND' | 'COLLECT' | null;
      receiver_unit_id: string | null;
      order_id: string | null;
      market_id: string | null;
      pickup_date: string;
      input: { packages: number; weightKg: number; notes?: string | undefined };
      from: Party;
      to: Party;
      goods?: Partial<Pick<Row, 'goods_document_type' | 'goods_document_number' | 'goods_document_date' | 'goods_value_paise' | 'goods_hsn' | 'goods_party_gstin'>>;
      transport?: Pick<Row, 'carrier' | 'transporter_name' | 'transporter_id' | 'docket_number' | 'docket_date' | 'freight_paise' | 'vehicle_number'>;
    },
  ): Promise<string> {
    const id = randomUUID();
    const seq = await sql<{ n: string }>`SELECT nextval('consignment_barcode_seq')::text AS n`.execute(trx);
    const yymm = istDate(at).slice(2, 7).replace('-', '');
    await trx
      .insertInto('consignments')
      .values({
        id,
        barcode_id: `MB${yymm}${seq.rows[0]!.n.padStart(6, '0')}`,
        kind: c.kind,
        direction: c.direction,
        owner_unit_id: caller.unitId,
        receiver_unit_id: c.receiver_unit_id,
        order_id: c.order_id,
        market_id: c.market_id,
        pickup_date: c.pickup_date,
        packages: c.input.packages,
        weight_grams: Math.round(c.input.weightKg * 1000),
        notes: c.input.notes || null,
        ...fromColumns(c.from),
        ...toColumns(c.to),
        distance_km: distanceKm(c.from, c.to),
        ...c.goods,
        ...c.transport,
        status: 'BOOKED',
        created_by: caller.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await event(trx, id, 'BOOKED', null, caller.userId, at);
    return id;
  }

  // ---- assigning ----

  /**
   * With a live e-way bill on another vehicle, the portal is told the new one first (outside the transaction); the
   * assignment and the bill's Part B are then stored together. The delivery boy is checked before the portal is asked.
   */
  async assign(caller: Caller, consignmentId: string, input: z.output<typeof Assignment>): Promise<string> {
    let partB: ((trx: Db) => Promise<void>) | null = null;
    if (this.ewayBills && (await this.deliveryBoys(caller)).some((b) => b.userId === input.deliveryBoyUserId)) {
      partB = await this.ewayBills.partBOnAssign(caller, consignmentId, input.vehicleNumber);
    }
    return this.write(async (trx, at) => {
      const id = await this.assignIn(trx, caller, consignmentId, input, at);
      if (partB) await partB(trx);
      return id;
    });
  }

  /** The owner gives it to one of its delivery boys (again, to reassign): PICKUPS to them, HEAVY_WEIGHT when heavy. */
  async assignIn(trx: Db, caller: Caller, consignmentId: string, input: z.output<typeof Assignment>, at: Date): Promise<string> {
    const c = await this.lockedFor(trx, caller, consignmentId, 'ASSIGN');
    const boy = (await this.deliveryBoys(caller, trx)).find((b) => b.userId === input.deliveryBoyUserId);
    if (!boy) throw new AppError('E0002', 404, 'No such delivery boy among those you can assign', { deliveryBoyUserId: 'Choose one of your delivery boys' });
    await trx.updateTable('consignments').set({ status: 'ASSIGNED', assignee_user_id: boy.userId, vehicle_number: input.vehicleNumber, updated_at: at }).where('id', '=', c.id).execute();
    const previous = c.assignee_user_id && c.assignee_user_id !== boy.userId ? c.assignee_user_id : null;
    await event(trx, c.id, 'ASSIGNED', previous ? `Reassigned to ${boy.name}` : null, caller.userId, at);
    if (previous) await notify(trx, { userId: previous }, { type: 'DELIVERY_BOY_ALERT', title: `Pickup ${c.barcode_id} given to someone else`, body: `${c.from_name} reassigned the pickup for ${c.to_name}: it is no longer yours.`, link: null }, { at });
    const what = `${c.packages} package${c.packages === 1 ? '' : 's'}, ${c.weight_grams / 1000} kg`;
    await notify(trx, { userId: boy.userId }, { type: 'PICKUPS', title: `Pickup ${c.barcode_id} assigned to you`, body: `Collect from ${c.from_name}${c.from_city ? `, ${c.from_city}` : ''} on ${c.pickup_date} for ${c.to_name}: ${what}, vehicle ${input.vehicleNumber}.`, link: LINKS.consignment(c.barcode_id) }, { at });
    if (c.weight_grams > this.config.delivery.heavyWeightKg * 1000) {
      await notify(trx, { userId: boy.userId }, { type: 'HEAVY_WEIGHT', title: `Heavy consignment ${c.barcode_id}`, body: `${c.weight_grams / 1000} kg in ${c.packages} package${c.packages === 1 ? '' : 's'} (over ${this.config.delivery.heavyWeightKg} kg): bring a suitable vehicle.`, link: LINKS.consignment(c.barcode_id) }, { at });
    }
    return c.id;
  }

  // ---- the consignment's life ----

  async changeStatus(caller: Caller, consignmentId: string, input: z.output<typeof ChangeStatus>): Promise<string> {
    return this.write((trx, at) => this.changeStatusIn(trx, caller, consignmentId, input, at));
  }

  async changeStatusIn(trx: Db, caller: Caller, consignmentId: string, input: z.output<typeof ChangeStatus>, at: Date): Promise<string> {
    const c = await this.lockedFor(trx, caller, consignmentId, ACTION_OF[input.status], input.status);
    const reason = input.reason || null;
    const parties = [c.owner_unit_id, c.receiver_unit_id];
    switch (input.status) {
      case 'COLLECTED':
        await move(trx, c, 'COLLECTED', at);
        await notify(trx, { unitIds: parties }, { type: 'DELIVERY_COLLECTED', title: `Consignment ${c.barcode_id} collected`, body: `Picked up from ${c.from_name} for ${c.to_name}: ${c.packages} package${c.packages === 1 ? '' : 's'}.`, link: LINKS.consignment(c.barcode_id) }, { at });
        break;
      case 'IN_TRANSIT': {
        // A transport waited for its e-way bill: the seller hands it over now (handOver records its own event).
        if (c.carrier === 'TRANSPORT') {
          await this.handOver(trx, caller, c, at);
          return c.id;
        }
        // Goods that need an e-way bill leave only with a live one that has its vehicle (E0023 otherwise).
        await assertMayStart(trx, c, at);
        const pin = newPin();
        const expires = new Date(at.getTime() + this.config.delivery.pinTtlMinutes * 60_000);
        await move(trx, c, 'IN_TRANSIT', at, { attempts: c.attempts + 1, pin, pin_expires_at: expires, pin_tries: 0, last_latitude: null, last_longitude: null, last_position_at: null });
        await this.sendPin(trx, c, pin, expires, at, 'out for delivery');
        break;
      }
      case 'FAILED':
        await move(trx, c, 'FAILED', at);
        await notify(trx, { unitIds: parties }, { type: 'DELIVERY_BOY_ALERT', title: `Delivery of ${c.barcode_id} failed`, body: `${c.to_name} could not be delivered: ${reason}.`, link: LINKS.consignment(c.barcode_id) }, { at });
        break;
      case 'RETURNED':
        await move(trx, c, 'RETURNED', at, { pin: null, pin_expires_at: null, pin_tries: 0 });
        await notify(trx, { unitIds: parties }, { type: 'DELIVERY_BOY_ALERT', title: `Consignment ${c.barcode_id} returned`, body: `Brought back to ${c.from_name}: ${reason}.`, link: LINKS.consignment(c.barcode_id) }, { at });
        break;
      case 'CANCELLED':
        await move(trx, c, 'CANCELLED', at);
        if (c.assignee_user_id) await notify(trx, { userId: c.assignee_user_id }, { type: 'DELIVERY_BOY_ALERT', title: `Pickup ${c.barcode_id} cancelled`, body: `${c.from_name} cancelled the pickup for ${c.to_name}: ${reason}.`, link: LINKS.consignment(c.barcode_id) }, { at });
        break;
    }
    await event(trx, c.id, input.status, reason, caller.userId, at);
    return c.id;
  }

  /**
   * The pin reaches the receiving unit as a notification, to each of its members but the delivery boy (his own
   * unit's offline collect: he must not read it); an OFFLINE SEND's receiver is not on the platform and gets it by
   * SMS. Where no one but him could receive it, it goes to no one (pin.ts: the hand-over is then not pin-proven).
   * Sent last in the transaction: a gateway failure rolls the change back, so no pin exists unsent.
   */
  private async sendPin(trx: Db, c: Row, pin: string, expires: Date, at: Date, why: string): Promise<void> {
    if ((await pinCannotProve(trx, [c])).has(c.id)) return;
    const text = `Consignment ${c.barcode_id} from ${c.from_name} is ${why}: pin ${pin}, valid until ${istTime(expires)}. Give it to the delivery boy only when you have the goods.`;
    if (c.receiver_unit_id) {
      await notify(trx, { unitIds: [c.receiver_unit_id], except: c.assignee_user_id }, { type: 'DELIVERY_BOY_ALERT', title: `${c.barcode_id}: delivery pin ${pin}`, body: text, link: LINKS.consignment(c.barcode_id) }, { at });
      return;
    }
    if (!c.to_mobile) return;
    try {
      await this.sms.sendText(c.to_mobile, `Medico: ${text}`);
    } catch {
      throw new AppError('E0041', 502, `The pin could not be sent by SMS to ${c.to_mobile}; nothing was changed, please try again`);
    }
  }

  /**
   * The delivery boy enters the receiver's pin. A wrong or expired pin is answered after its try is committed (so
   * the count survives the refusal); DELIVERY_PIN_MAX_TRIES wrong tries lock it until a new pin is issued. Where no
   * one but him could receive the pin (pin.ts), he marks it delivered without one, recorded as not pin-proven.
   */
  async deliver(caller: Caller, consignmentId: string, pin: string | undefined): Promise<string> {
    const outcome = await this.write((trx, at) => this.deliverIn(trx, caller, consignmentId, pin, at));
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  async deliverIn(trx: Db, caller: Caller, consignmentId: string, pin: string | undefined, at: Date): Promise<string | AppError> {
    const c = await this.lockedFor(trx, caller, consignmentId, 'DELIVER', 'DELIVERED');
    if (c.carrier === 'TRANSPORT') return this.transportDelivered(trx, caller, c, at);
    const unproven = (await pinCannotProve(trx, [c])).has(c.id);
    if (!unproven) {
      if (pin === undefined) throw new AppError('E0001', 400, "Enter the receiver's pin", { pin: 'Ask the receiver for the pin' });
      if (c.pin_tries >= DELIVERY_PIN_MAX_TRIES) return new AppError('E0004', 429, `Locked after ${DELIVERY_PIN_MAX_TRIES} wrong pins: ask the receiver for a new pin`);
      if (!c.pin || !c.pin_expires_at || new Date(c.pin_expires_at).getTime() <= at.getTime()) return new AppError('E0003', 400, 'The pin has expired: ask for a new pin', { pin: 'Expired: ask for a new pin' });
      if (!samePin(pin, c.pin)) {
        const tries = c.pin_tries + 1;
        await trx.updateTable('consignments').set({ pin_tries: tries, updated_at: at }).where('id', '=', c.id).execute();
        if (tries >= DELIVERY_PIN_MAX_TRIES) return new AppError('E0004', 429, `Wrong pin ${DELIVERY_PIN_MAX_TRIES} times: locked until the receiver issues a new pin`);
        const left = DELIVERY_PIN_MAX_TRIES - tries;
        return new AppError('E0003', 400, `Wrong pin: ${left} ${left === 1 ? 'try' : 'tries'} left`, { pin: `Wrong pin: ${left} ${left === 1 ? 'try' : 'tries'} left` });
      }
    }
    const free = await takeFreeDelivery(trx, c.owner_unit_id);
    await move(trx, c, 'DELIVERED', at, { pin: null, pin_expires_at: null, pin_tries: 0, free_delivery: free });
    await event(trx, c.id, 'DELIVERED', unproven ? NOT_PIN_PROVEN : null, caller.userId, at);
    const how = [unproven ? 'not pin-proven' : '', free ? 'a free delivery of your referral offer' : ''].filter(Boolean).join('; ');
    await notify(trx, { unitIds: [c.owner_unit_id, c.receiver_unit_id] }, { type: 'DELIVERY_DELIVERED', title: `Consignment ${c.barcode_id} delivered`, body: `Delivered to ${c.to_name}${how ? ` (${how})` : ''}.`, link: LINKS.consignment(c.barcode_id) }, { at });
    return c.id;
  }

  /**
   * A transport reached the buyer: the seller says so with the transporter's proof of delivery on file (E0013
   * without), or the buyer confirms it received the goods. No pin (nobody on the platform carried it) and no free
   * delivery of the referral offer (that is for deliveries by delivery boy; billing counts only those).
   */
  private async transportDelivered(trx: Db, caller: Caller, c: Row, at: Date): Promise<string> {
    const byBuyer = rolesOf(caller, c).includes('RECEIVER');
    if (!byBuyer) {
      const pod = await trx.selectFrom('consignment_images').select('id').where('consignment_id', '=', c.id).where('kind', '=', 'POD').executeTakeFirst();
      if (!pod) throw refused(`Upload the proof of delivery from ${c.transporter_name} first: consignment ${c.barcode_id} is marked delivered with it on file (or when ${c.to_name} confirms receipt)`);
    }
    await move(trx, c, 'DELIVERED', at);
    await event(trx, c.id, 'DELIVERED', byBuyer ? `Receipt confirmed by ${c.to_name}` : `Proof of delivery from ${c.transporter_name}`, caller.userId, at);
    await notify(trx, { unitIds: [byBuyer ? c.owner_unit_id : c.receiver_unit_id] }, { type: 'DELIVERY_DELIVERED', title: `Consignment ${c.barcode_id} delivered`, body: byBuyer ? `${c.to_name} confirmed receiving the goods sent by ${c.transporter_name} (LR ${c.docket_number}).` : `${c.from_name} marked the goods sent by ${c.transporter_name} (LR ${c.docket_number}) delivered, with the proof of delivery.`, link: LINKS.consignment(c.barcode_id) }, { at });
    return c.id;
  }

  /** A new pin (receiver or owner, IN_TRANSIT or FAILED): unlocks a pin locked by wrong tries and renews an expired one. */
  async reissuePin(caller: Caller, consignmentId: string): Promise<string> {
    return this.write(async (trx, at) => {
      const c = await this.lockedFor(trx, caller, consignmentId, 'REISSUE_PIN');
      const pin = newPin();
      const expires = new Date(at.getTime() + this.config.delivery.pinTtlMinutes * 60_000);
      await trx.updateTable('consignments').set({ pin, pin_expires_at: expires, pin_tries: 0, updated_at: at }).where('id', '=', c.id).execute();
      await this.sendPin(trx, c, pin, expires, at, 'on its way, with a new pin');
      return c.id;
    });
  }

  // ---- proof, rings, position ----

  async addImage(caller: Caller, consignmentId: string, input: z.output<typeof AddProofImage>): Promise<ProofImage> {
    // Decoded and re-encoded before the lock: a bad upload never holds the row. A PDF proof of delivery is kept as
    // sent (decodeUpload checked it is one): it is served back only as a download, to the two parties.
    const raw = decodeUpload(input.contentBase64, input.mimeType, PROOF_IMAGE_MAX_BYTES);
    const pdf = input.mimeType === 'application/pdf';
    const bytes = pdf ? raw : await reencodePhoto(raw);
    const mimeType = pdf ? 'application/pdf' : 'image/jpeg';
    return this.write(async (trx, at) => {
      const c = await this.lockedFor(trx, caller, consignmentId, 'ADD_PROOF');
      // A transport's seller adds only its proof of delivery; the delivery boy's photos are of the parcel and signature.
      if ((c.carrier === 'TRANSPORT') !== (input.kind === 'POD')) {
        throw new AppError('E0001', 400, c.carrier === 'TRANSPORT' ? 'Upload it as the proof of delivery' : 'A proof of delivery is for goods sent by transport: add a parcel or signature photo', { kind: 'Choose the kind of proof' });
      }
      const count = await trx.selectFrom('consignment_images').select((e) => e.fn.countAll<number>().as('n')).where('consignment_id', '=', c.id).executeTakeFirstOrThrow();
      if (Number(count.n) >= PROOF_IMAGES_PER_CONSIGNMENT) throw new AppError('E0010', 409, `Consignment ${c.barcode_id} already has ${PROOF_IMAGES_PER_CONSIGNMENT} photos, the most it can hold`);
      const id = randomUUID();
      const by = await userName(trx, caller.userId);
      await trx
        .insertInto('consignment_images')
        .values({ id, consignment_id: c.id, kind: input.kind, mime_type: mimeType, size_bytes: bytes.length, content: bytes, uploaded_by: caller.userId, uploaded_by_name: by, created_at: at })
        .execute();
      await trx.updateTable('consignments').set({ updated_at: at }).where('id', '=', c.id).execute();
      if (c.carrier === 'TRANSPORT') await notify(trx, { unitIds: [c.receiver_unit_id] }, { type: 'DELIVERY_COLLECTED', title: `Proof of delivery for ${c.barcode_id}`, body: `${c.from_name} uploaded the proof of delivery from ${c.transporter_name} (LR ${c.docket_number}).`, link: LINKS.consignment(c.barcode_id) }, { at });
      return { id, kind: input.kind, mimeType, uploadedAt: at.toISOString(), uploadedBy: by };
    });
  }

  /** The delivery boy rings the receiving unit or the sender: RING2ALERT to everyone there. */
  async ring(caller: Caller, consignmentId: string, input: z.output<typeof Ring>): Promise<void> {
    await this.write(async (trx, at) => {
      const receiver = input.whom === 'RECEIVER';
      const c = await this.lockedFor(trx, caller, consignmentId, receiver ? 'RING_RECEIVER' : 'RING_SENDER');
      const boy = await userName(trx, caller.userId);
      const unit = receiver ? c.receiver_unit_id! : c.owner_unit_id;
      await notify(trx, { unitIds: [unit] }, { type: 'RING2ALERT', title: `${boy} is ringing about ${c.barcode_id}`, body: receiver ? `Your delivery from ${c.from_name} is at your door or near: please be ready to receive it.` : `The delivery boy of ${c.barcode_id} for ${c.to_name} needs you: please call back.`, link: LINKS.consignment(c.barcode_id) }, { at });
    });
  }

  /** A party asks the delivery boy to call it: CALL_REQUEST to him. */
  async callRequest(caller: Caller, consignmentId: string): Promise<void> {
    await this.write(async (trx, at) => {
      const c = await this.lockedFor(trx, caller, consignmentId, 'REQUEST_CALL');
      const who = await trx
        .selectFrom('users as u')
        .innerJoin('units as un', 'un.id', 'u.unit_id')
        .select(['u.first_name', 'u.last_name', 'u.mobile', 'un.trade_name'])
        .where('u.id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      await notify(trx, { userId: c.assignee_user_id! }, { type: 'CALL_REQUEST', title: `Call ${who.trade_name} about ${c.barcode_id}`, body: `${`${who.first_name} ${who.last_name}`.trim()} asks you to call on ${who.mobile}.`, link: LINKS.consignment(c.barcode_id) }, { at });
    });
  }

  /** The delivery boy's browser reports where it is, only while IN_TRANSIT. */
  async position(caller: Caller, consignmentId: string, input: z.output<typeof ReportPosition>): Promise<void> {
    await this.write(async (trx, at) => {
      const c = await this.locked(trx, caller, consignmentId);
      if (!rolesOf(caller, c).includes('ASSIGNEE')) throw refused(`Only the assigned delivery boy reports the position of ${c.barcode_id}`);
      if (c.status !== 'IN_TRANSIT') throw refused(`Consignment ${c.barcode_id} is ${label(c.status)}: the position is reported only in transit`);
      await trx.updateTable('consignments').set({ last_latitude: input.latitude, last_longitude: input.longitude, last_position_at: at }).where('id', '=', c.id).execute();
    });
  }
}

// ---- helpers ----

/** A platform unit as one end of a trip: the given warehouse's address when it has one, else the unit's. */
async function unitParty(db: Db, unitId: string, warehouseId: string | null): Promise<Party> {
  const u = await db
    .selectFrom('units as un')
    .select([
      'un.id',
      'un.unit_code',
      'un.trade_name',
      'un.whatsapp_number',
      'un.address_line',
      'un.city',
      'un.pincode',
      'un.latitude',
      'un.longitude',
      (e) => e.selectFrom('users as o').select('o.mobile').whereRef('o.unit_id', '=', 'un.id').where('o.role', '=', 'OWNER').where('o.deleted_at', 'is', null).limit(1).as('owner_mobile'),
      (e) => e.selectFrom('registrations as r').select('r.landmark').whereRef('r.unit_id', '=', 'un.id').where('r.status', '=', 'APPROVED').orderBy('r.decided_at', 'desc').limit(1).as('landmark'),
    ])
    .where('un.id', '=', unitId)
    .executeTakeFirstOrThrow();
  const w = warehouseId ? await db.selectFrom('warehouses').select(['display_name', 'address_line', 'city', 'pincode', 'latitude', 'longitude']).where('id', '=', warehouseId).where('unit_id', '=', unitId).executeTakeFirst() : undefined;
  // A warehouse without its own address (older ones) stands at the unit's.
  const place = w?.pincode ? { addressLine: w.address_line ? `${w.display_name}, ${w.address_line}` : w.display_name, landmark: null, city: w.city, pincode: w.pincode, latitude: w.latitude, longitude: w.longitude } : null;
  return {
    unitId: u.id,
    unitCode: u.unit_code,
    name: u.trade_name,
    mobile: u.whatsapp_number ?? u.owner_mobile ?? null,
    addressLine: place?.addressLine ?? u.address_line,
    landmark: place ? place.landmark : (u.landmark ?? null),
    city: place?.city ?? u.city,
    pincode: place?.pincode ?? u.pincode,
    latitude: place ? place.latitude : u.latitude,
    longitude: place ? place.longitude : u.longitude,
  };
}

/** The two ends of an order's trip: from the warehouse most of its stock left (else the seller's address) to the buyer. */
async function orderEnds(trx: Db, order: { id: string; seller_unit_id: string; buyer_unit_id: string }): Promise<{ from: Party; to: Party }> {
  const source = await trx
    .selectFrom('order_allocations as a')
    .innerJoin('order_lines as l', 'l.id', 'a.order_line_id')
    .innerJoin('inventory_batches as b', 'b.id', 'a.batch_id')
    .select(['b.warehouse_id', (e) => e.fn.sum<number>('a.quantity').as('q')])
    .where('l.order_id', '=', order.id)
    .where('a.status', '!=', 'RELEASED')
    .groupBy('b.warehouse_id')
    .orderBy('q', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { from: await unitParty(trx, order.seller_unit_id, source?.warehouse_id ?? null), to: await unitParty(trx, order.buyer_unit_id, null) };
}

/** Whether the goods need an e-way bill that is not live with its vehicle yet (assertMayStart would refuse). */
async function ewayBillPending(trx: Db, c: Row, at: Date): Promise<boolean> {
  try {
    await assertMayStart(trx, c, at);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'E0023') return true;
    throw error;
  }
}

async function userName(db: Db, userId: string): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  return u ? `${u.first_name} ${u.last_name}`.trim() : 'Someone';
}

async function move(trx: Db, c: Row, status: ConsignmentStatus, at: Date, extra: Partial<Omit<Row, 'id'>> = {}): Promise<void> {
  await trx.updateTable('consignments').set({ ...extra, status, updated_at: at }).where('id', '=', c.id).execute();
}

/** A timeline entry: who (by name as it was then) and why. */
async function event(trx: Db, consignmentId: string, status: ConsignmentStatus, reason: string | null, userId: string, at: Date): Promise<void> {
  await trx.insertInto('consignment_events').values({ id: randomUUID(), consignment_id: consignmentId, status, reason, by_user_id: userId, by_name: await userName(trx, userId), at }).execute();
}

/**
 * Whether this delivery is one of the owner's referral free deliveries: credited (referral_credits) less those its
 * delivered consignments already used. Under a per-unit lock, so two deliveries at once cannot take the last one
 * twice. Billing counts the flagged consignments (billing/service.ts), so the offer is accounted once.
 */
export async function takeFreeDelivery(trx: Db, ownerUnitId: string): Promise<boolean> {
  await lockName(trx, `free-deliveries:${ownerUnitId}`);
  const credited = await trx.selectFrom('referral_credits').select((e) => e.fn.coalesce(e.fn.sum<number>('deliveries'), sql<number>`0`).as('n')).where('unit_id', '=', ownerUnitId).executeTakeFirstOrThrow();
  const used = await trx.selectFrom('consignments').select((e) => e.fn.countAll<number>().as('n')).where('owner_unit_id', '=', ownerUnitId).where('free_delivery', '=', true).executeTakeFirstOrThrow();
  return Number(credited.n) > Number(used.n);
}
