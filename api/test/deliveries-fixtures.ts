import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { sql } from 'kysely';
import type { ConsignmentParty, ConsignmentStatus } from 'shared-api';
import type { Database } from '../src/db/database';
import type { SmsSender } from '../src/modules/auth/sms';
import { distanceKm, listMarkets, marketOf } from '../src/modules/deliveries/markets';
import { callerByMobile } from '../src/db/seed-deliveries';
import { DeliveriesService } from '../src/modules/deliveries/service';
import { istDate } from '../src/modules/search/text';
import type { TestContext } from './helpers';

/*
 * Deliveries made through the deliveries service itself (no HTTP, no sign-ins): for tests of what deliveries feed,
 * such as the provider's billing. The demo seed's people: Agarwal Pharma (Pune) and its delivery staff Suresh Patil,
 * Lohar Chawl (Mumbai) and the season boy Vijay More.
 */

export const PEOPLE = {
  ramesh: '9800000001',
  suresh: '9800000011',
  priya: '9800000002',
  anil: '9800000003',
  rajesh: '9800000201',
  amit: '9800000202',
  vijay: '9800000301',
} as const;

/** Texts sent instead of a phone: the last one per number. */
export class FakeSms implements SmsSender {
  readonly texts: { mobile: string; message: string }[] = [];
  async sendOtp(mobile: string, code: string): Promise<void> {
    this.texts.push({ mobile, message: `OTP ${code}` });
  }
  async sendText(mobile: string, message: string): Promise<void> {
    this.texts.push({ mobile, message });
  }
  last(mobile: string): string | undefined {
    return this.texts.filter((t) => t.mobile === mobile).at(-1)?.message;
  }
}

export const callerFor = callerByMobile;

/**
 * `count` offline pickups Agarwal Pharma books today and its delivery staff Suresh delivers (COLLECT: the pin is
 * Agarwal's own, read back from the consignment). Returns their ids.
 */
export async function deliveredPickups(t: TestContext, count: number): Promise<string[]> {
  const service = new DeliveriesService(t.db, t.config, new FakeSms());
  const owner = await callerFor(t.db, PEOPLE.ramesh);
  const boy = await callerFor(t.db, PEOPLE.suresh);
  const pune = marketOf(await listMarkets(t.db), '411037')!;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await service.createOffline(owner, {
      direction: 'COLLECT',
      partyName: `Kothrud Chemist ${i + 1}`,
      mobile: '9822000001',
      addressLine: 'Karve Road, Kothrud',
      landmark: 'Near the bus depot',
      pincode: '411038',
      marketId: pune.id,
      pickupDate: istDate(t.clock.now()),
      packages: 1,
      weightKg: 2,
      assignment: { deliveryBoyUserId: boy.userId, vehicleNumber: 'MH12AB1234' },
    });
    await service.changeStatus(boy, id, { status: 'COLLECTED' });
    await service.changeStatus(boy, id, { status: 'IN_TRANSIT' });
    const { pin } = await t.db.selectFrom('consignments').select('pin').where('id', '=', id).executeTakeFirstOrThrow();
    await service.deliver(boy, id, pin!);
    ids.push(id);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Consignment rows written directly (the reading side's tests): consistent rows with both ends copied from demo
// units or given, and a timeline of events up to the status, without going through the writes.

/** Removes every consignment (the demo seed's too), so a test counts only its own. */
export async function clearConsignments(db: Database): Promise<void> {
  await db.deleteFrom('consignments').execute();
}

/** One end of a trip, as the contract shows it. */
export type PartyRow = ConsignmentParty;

/** A demo unit as one end of a trip, as the label prints it (the owner's mobile). */
export async function unitParty(db: Database, unitCode: string): Promise<PartyRow> {
  const u = await db
    .selectFrom('units as un')
    .select(['un.id', 'un.unit_code', 'un.trade_name', 'un.address_line', 'un.city', 'un.pincode', 'un.latitude', 'un.longitude', (e) => e.selectFrom('users as o').select('o.mobile').whereRef('o.unit_id', '=', 'un.id').where('o.role', '=', 'OWNER').limit(1).as('mobile')])
    .where('un.unit_code', '=', unitCode)
    .executeTakeFirstOrThrow();
  return { unitId: u.id, unitCode: u.unit_code, name: u.trade_name, mobile: u.mobile, addressLine: u.address_line, landmark: null, city: u.city, pincode: u.pincode, latitude: u.latitude, longitude: u.longitude };
}

/** A party off the platform (an offline pickup's other end). */
export const outsideParty = (name: string, o: Partial<PartyRow> = {}): PartyRow => ({
  unitId: null,
  unitCode: null,
  name,
  mobile: '9820011223',
  addressLine: '88, Jagannath Shankarseth Road, Girgaon',
  landmark: 'Opp. Girgaon Chowpatty',
  city: 'Mumbai',
  pincode: '400004',
  latitude: 18.954,
  longitude: 72.8144,
  ...o,
});

/** The statuses a consignment passes through to reach `status` (FAILED after one trip, RETURNED after a failure). */
const PATH: Record<ConsignmentStatus, ConsignmentStatus[]> = {
  BOOKED: ['BOOKED'],
  ASSIGNED: ['BOOKED', 'ASSIGNED'],
  COLLECTED: ['BOOKED', 'ASSIGNED', 'COLLECTED'],
  IN_TRANSIT: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT'],
  DELIVERED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED'],
  FAILED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED'],
  RETURNED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED', 'RETURNED'],
  CANCELLED: ['BOOKED', 'CANCELLED'],
};

export interface ConsignmentFixture {
  /** The owner: the seller (ONLINE) or the booking unit (OFFLINE). */
  owner: string;
  kind?: 'ONLINE' | 'OFFLINE';
  direction?: 'SEND' | 'COLLECT';
  /** ONLINE: the buyer (receiver and drop point); an order row is written unless `orderId` is given. */
  buyer?: string;
  orderId?: string;
  orderNumber?: string;
  /** OFFLINE: the party off the platform. */
  party?: PartyRow;
  status?: ConsignmentStatus;
  /** The delivery boy's mobile (needed from ASSIGNED on). */
  assignee?: string;
  vehicleNumber?: string;
  createdAt: Date;
  /** Minutes between the timeline's steps. */
  stepMinutes?: number;
  packages?: number;
  weightKg?: number;
  notes?: string | null;
  pin?: { pin: string; expiresAt: Date; tries?: number };
  lastPosition?: { latitude: number; longitude: number; at: Date };
  images?: number;
  itemCount?: number;
}

/** Writes one consignment (and its order, events and photos); returns its id and barcode id. */
export async function insertConsignment(db: Database, f: ConsignmentFixture): Promise<{ id: string; barcodeId: string; orderId: string | null; orderNumber: string | null }> {
  const kind = f.kind ?? (f.buyer ? 'ONLINE' : 'OFFLINE');
  const status = f.status ?? 'BOOKED';
  const owner = await unitParty(db, f.owner);
  const buyer = f.buyer ? await unitParty(db, f.buyer) : null;
  const direction = kind === 'OFFLINE' ? (f.direction ?? 'SEND') : null;
  const party = f.party ?? outsideParty('Girgaon Nursing Home');
  const from = kind === 'ONLINE' || direction === 'SEND' ? owner : party;
  const to = kind === 'ONLINE' ? buyer! : direction === 'SEND' ? party : owner;
  const receiver = kind === 'ONLINE' ? buyer!.unitId : direction === 'COLLECT' ? owner.unitId : null;
  const markets = await listMarkets(db);
  const market = marketOf(markets, from.pincode) ?? marketOf(markets, to.pincode) ?? markets[0]!;
  const step = (f.stepMinutes ?? 5) * 60_000;
  const path = PATH[status];
  const updatedAt = new Date(f.createdAt.getTime() + (path.length - 1) * step);

  let orderId: string | null = f.orderId ?? null;
  let orderNumber: string | null = f.orderNumber ?? null;
  if (kind === 'ONLINE' && !orderId) {
    orderId = randomUUID();
    orderNumber ??= `ORD-2611-${orderId.slice(0, 6).toUpperCase()}`;
    await db
      .insertInto('orders')
      .values({ id: orderId, order_number: orderNumber, buyer_unit_id: buyer!.unitId!, seller_unit_id: owner.unitId!, status: 'ACCEPTED', order_date: istDate(f.createdAt), item_count: f.itemCount ?? 3, taxable_paise: 100_000, gst_paise: 12_000, total_paise: 112_000, decided_at: f.createdAt, created_at: f.createdAt })
      .execute();
  } else if (orderId && !orderNumber) {
    orderNumber = (await db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
  }

  const boy = f.assignee ? await callerFor(db, f.assignee) : null;
  if (path.includes('ASSIGNED') && !boy) throw new Error(`insertConsignment: a ${status} consignment needs an assignee`);
  const seq = await sql<{ n: string }>`SELECT nextval('consignment_barcode_seq')::text AS n`.execute(db);
  const id = randomUUID();
  const barcodeId = `MB2611${seq.rows[0]!.n.padStart(6, '0')}`;
  const ends = (prefix: 'from' | 'to', p: PartyRow) => ({
    [`${prefix}_unit_id`]: p.unitId,
    [`${prefix}_unit_code`]: p.unitCode,
    [`${prefix}_name`]: p.name,
    [`${prefix}_mobile`]: p.mobile,
    [`${prefix}_address_line`]: p.addressLine,
    [`${prefix}_landmark`]: p.landmark,
    [`${prefix}_city`]: p.city,
    [`${prefix}_pincode`]: p.pincode,
    [`${prefix}_latitude`]: p.latitude,
    [`${prefix}_longitude`]: p.longitude,
  });
  await db
    .insertInto('consignments')
    .values({
      id,
      barcode_id: barcodeId,
      kind,
      direction,
      owner_unit_id: owner.unitId!,
      receiver_unit_id: receiver,
      order_id: orderId,
      market_id: market.id,
      pickup_date: istDate(f.createdAt),
      packages: f.packages ?? 2,
      weight_grams: Math.round((f.weightKg ?? 4.5) * 1000),
      notes: f.notes ?? null,
      ...(ends('from', from) as { from_name: string }),
      ...(ends('to', to) as { to_name: string }),
      distance_km: distanceKm(from, to),
      status,
      assignee_user_id: boy?.userId ?? null,
      vehicle_number: boy ? (f.vehicleNumber ?? 'MH01AB1234') : null,
      attempts: path.filter((s) => s === 'IN_TRANSIT').length,
      pin: f.pin?.pin ?? null,
      pin_expires_at: f.pin?.expiresAt ?? null,
      pin_tries: f.pin?.tries ?? 0,
      last_latitude: f.lastPosition?.latitude ?? null,
      last_longitude: f.lastPosition?.longitude ?? null,
      last_position_at: f.lastPosition?.at ?? null,
      created_by: null,
      created_at: f.createdAt,
      updated_at: updatedAt,
    })
    .execute();
  const booker = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('unit_id', '=', owner.unitId!).where('role', '=', 'OWNER').executeTakeFirstOrThrow();
  const who = (s: ConsignmentStatus) => (s === 'BOOKED' || s === 'ASSIGNED' || s === 'CANCELLED' ? booker : null);
  const boyName = boy ? await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', boy.userId).executeTakeFirstOrThrow() : null;
  await db
    .insertInto('consignment_events')
    .values(
      path.map((s, i) => {
        const by = who(s);
        return {
          id: randomUUID(),
          consignment_id: id,
          status: s,
          reason: s === 'FAILED' ? 'Shop closed' : s === 'RETURNED' ? 'Receiver refused the parcel' : s === 'CANCELLED' ? 'Booked twice' : null,
          by_user_id: by ? by.id : (boy?.userId ?? null),
          by_name: by ? `${by.first_name} ${by.last_name}` : `${boyName?.first_name} ${boyName?.last_name}`,
          at: new Date(f.createdAt.getTime() + i * step),
        };
      }),
    )
    .execute();
  for (let i = 0; i < (f.images ?? 0); i++) {
    // A second apart, so "oldest first" has one answer (equal times would fall back to the random ids).
    await db
      .insertInto('consignment_images')
      .values({ id: randomUUID(), consignment_id: id, kind: i === 0 ? 'PARCEL' : 'SIGNATURE', mime_type: 'image/png', size_bytes: 8, content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), uploaded_by: boy?.userId ?? null, uploaded_by_name: boyName ? `${boyName.first_name} ${boyName.last_name}` : 'Someone', created_at: new Date(updatedAt.getTime() - ((f.images ?? 0) - i) * 1000) })
      .execute();
  }
  return { id, barcodeId, orderId, orderNumber };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a Code 128 symbol back the way a scanner does: from its bar and space widths (ISO/IEC 15417 table).

/** Bar/space widths in modules of the 106 symbol values (0–105) and the stop pattern. */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 ' +
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 ' +
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 ' +
  '114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';

/**
 * The text of a Code 128 symbol given its element widths in modules (bar first, quiet zones left out). Checks the
 * start code, the check character and the stop pattern; code sets A, B and C with their switches.
 */
export function decodeCode128(widths: readonly number[]): string {
  const symbols: number[] = [];
  let i = 0;
  for (; widths.length - i > STOP.length; i += 6) {
    const pattern = widths.slice(i, i + 6).join('');
    const value = CODE128.indexOf(pattern);
    if (value < 0) throw new Error(`not a Code 128 symbol at element ${i}: ${pattern}`);
    symbols.push(value);
  }
  if (widths.slice(i).join('') !== STOP) throw new Error(`no stop pattern: ${widths.slice(i).join('')}`);
  const [start, ...rest] = symbols;
  const check = rest.pop();
  if (start === undefined || check === undefined || start < 103) throw new Error('no start code');
  const sum = rest.reduce((acc, v, k) => acc + v * (k + 1), start);
  if (sum % 103 !== check) throw new Error(`check character ${check} is not ${sum % 103}`);
  let set: 'A' | 'B' | 'C' = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let text = '';
  for (const v of rest) {
    if (set === 'C' && v < 100) text += String(v).padStart(2, '0');
    else if (v === 99) set = 'C';
    else if (v === 100) set = 'B';
    else if (v === 101) set = 'A';
    else if (v < 96) text += String.fromCharCode(set === 'A' && v >= 64 ? v - 64 : v + 32);
    else throw new Error(`function code ${v} not expected in a barcode id`);
  }
  return text;
}

/** Element widths from bars given as [left, right] edges (any unit), in modules: the narrowest element is 1. */
export function widthsOfBars(bars: readonly [number, number][]): number[] {
  const sorted = [...bars].sort((a, b) => a[0] - b[0]);
  const raw: number[] = [];
  sorted.forEach(([l, r], k) => {
    if (k > 0) raw.push(l - sorted[k - 1]![1]);
    raw.push(r - l);
  });
  const unit = Math.min(...raw);
  return raw.map((w) => Math.round(w / unit));
}

/** The bars of bwip-js's SVG: each is a vertical line `M x y1 L x y2` drawn with a stroke width. */
export function barsOfSvg(svg: string): [number, number][] {
  const bars: [number, number][] = [];
  for (const path of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const w = Number(path[1]);
    for (const m of path[2]!.matchAll(/M([\d.]+) [\d.]+L([\d.]+) [\d.]+/g)) bars.push([Number(m[1]) - w / 2, Number(m[1]) + w / 2]);
  }
  return bars;
}

/** The filled rectangles of a PDF's (deflated) content streams: pdfkit draws the label's bars as `x y w h re`. */
export function barsOfPdf(pdf: Buffer): [number, number][] {
  const bars: [number, number][] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const r of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) bars.push([Number(r[1]), Number(r[1]) + Number(r[3])]);
  }
  return bars;
}
