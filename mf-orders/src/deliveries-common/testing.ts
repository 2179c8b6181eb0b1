/* The test kit of the delivery screens (jest only; no screen imports it): accounts, consignments in each status and
 * role with the actions the API's rule gives them, ready orders, delivery boys, markets, and a fake API by route. */
import {
  NEXT_STATUSES,
  distanceTypeOf,
  type ConsignmentDetail,
  type ConsignmentEvent,
  type ConsignmentRole,
  type ConsignmentStatus,
  type ConsignmentSummary,
  type DeliveryBoy,
  type EwayBill,
  type EwayBillRequirement,
  type Market,
  type MyAccount,
  type ReadyOrder,
} from 'shared-api';
import axe from 'axe-core';
import { createElement } from 'react';
import { RouteTable, type RouteEntry } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, success, withAccount, withProviders, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Answers by "METHOD path"; anything else is a 404, as an unknown route of the API would be. */
export function deliveriesApi(routes: Record<string, (request: FakeRequest) => FakeAnswer>, account: MyAccount = OWNER_ACCOUNT): FakeRequest[] {
  return installFakeApi(withAccount(account, (request) => routes[`${request.method} ${request.path}`]?.(request) ?? failure(404, 'E0002', 'Not found')));
}

export const ok = (body: unknown) => () => success(body);
export const paged = <T>(items: T[], totalResults = items.length, page = 0) => ({ items, totalResults, page, pageSize: 20 });

/** Image or file bytes, as the API sends a proof photo or a label. */
export const file = (text: string, type = 'application/octet-stream'): FakeAnswer => ({ status: 200, data: new Blob([text], { type }) });

/** jsdom has no object URLs (ApiImage, labels) or downloads: the browser's part is recorded. */
export function recordDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((b: Blob) => (blobs.push(b), `blob:${blobs.length}`));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs[blobs.length - 1]! });
  });
  return { files, blobs, restore: () => click.mockRestore() };
}

/** The seller (OWNER_ACCOUNT, Agarwal Pharma, Pune) books and assigns; this retailer receives its online orders. */
export const BUYER_ACCOUNT: MyAccount = {
  ...OWNER_ACCOUNT,
  userId: uuid(2),
  customerType: 'RETAILER',
  firstName: 'Suresh',
  lastName: 'Sharma',
  unitCode: 'RTL-PUN-002',
  tradeName: 'Sharma Medical Stores',
  mobileNumber: '9800000002',
};
/** A season boy connected to the seller: the assignee of the kit's consignments. */
export const SEASON_BOY_ACCOUNT: MyAccount = {
  ...OWNER_ACCOUNT,
  userId: uuid(3),
  customerType: 'SEASON_BOY',
  firstName: 'Vijay',
  lastName: 'Patil',
  unitCode: 'SSB-PUN-001',
  tradeName: 'Vijay Patil',
  mobileNumber: '9800000003',
};

export const PUNE: Market = { id: uuid(10), name: 'Pune', city: 'Pune', state: 'Maharashtra', pincodePrefixes: ['411', '412'] };
export const MUMBAI: Market = { id: uuid(11), name: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincodePrefixes: ['400'] };
export const MARKETS: Market[] = [PUNE, MUMBAI];

export const SEASON_BOY: DeliveryBoy = { userId: SEASON_BOY_ACCOUNT.userId, name: 'Vijay Patil', mobile: '9800000003', source: 'SEASON_BOY', vehicleNumber: 'MH12AB1234', activeConsignments: 2 };
export const STAFF_BOY: DeliveryBoy = { userId: uuid(4), name: 'Ganesh More', mobile: '9800000004', source: 'EMPLOYEE', vehicleNumber: null, activeConsignments: 0 };
export const DELIVERY_BOYS: DeliveryBoy[] = [SEASON_BOY, STAFF_BOY];

export const READY_ORDER: ReadyOrder = {
  orderId: uuid(20),
  orderNumber: 'ORD-2611-000042',
  acceptedAt: '2026-11-22T05:10:00.000Z',
  buyerName: 'Sharma Medical Stores',
  buyerCity: 'Pune',
  items: 3,
  totalPaise: 92400,
  outstation: null,
};
export const OUTSTATION_ORDER: ReadyOrder = {
  ...READY_ORDER,
  orderId: uuid(21),
  orderNumber: 'ORD-2611-000043',
  buyerName: 'Lifeline Hospital',
  buyerCity: 'Ahmedabad',
  outstation: 'Ahmedabad is outside your delivery market (Pune)',
};

const SELLER_PARTY: ConsignmentDetail['from'] = {
  unitId: uuid(1),
  unitCode: 'STK-PUN-001',
  name: 'Agarwal Pharma Distributors',
  mobile: '9800000001',
  addressLine: '12 Market Yard, Gultekdi',
  landmark: 'Near APMC gate 2',
  city: 'Pune',
  pincode: '411037',
  latitude: 18.49,
  longitude: 73.87,
};
const BUYER_PARTY: ConsignmentDetail['to'] = {
  unitId: uuid(2),
  unitCode: 'RTL-PUN-002',
  name: 'Sharma Medical Stores',
  mobile: '9800000002',
  addressLine: '4 FC Road, Shivajinagar',
  landmark: 'Opposite Goodluck Cafe',
  city: 'Pune',
  pincode: '411004',
  latitude: 18.52,
  longitude: 73.84,
};

/** The road a consignment took to reach `status` (what the timeline shows). */
const ROUTE: Record<ConsignmentStatus, ConsignmentStatus[]> = {
  BOOKED: ['BOOKED'],
  ASSIGNED: ['BOOKED', 'ASSIGNED'],
  COLLECTED: ['BOOKED', 'ASSIGNED', 'COLLECTED'],
  IN_TRANSIT: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT'],
  DELIVERED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED'],
  FAILED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED'],
  RETURNED: ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED', 'RETURNED'],
  CANCELLED: ['BOOKED', 'CANCELLED'],
};
const REASONS: Partial<Record<ConsignmentStatus, string>> = { FAILED: 'Shop closed', RETURNED: 'Buyer refused the parcel', CANCELLED: 'Buyer asked to hold' };

const timelineTo = (status: ConsignmentStatus): ConsignmentEvent[] =>
  ROUTE[status].map((s, i) => ({
    status: s,
    at: new Date(Date.parse('2026-11-22T06:00:00.000Z') + i * 30 * 60_000).toISOString(),
    by: s === 'BOOKED' || s === 'ASSIGNED' || s === 'CANCELLED' ? 'Ramesh Agarwal' : 'Vijay Patil',
    reason: REASONS[s] ?? null,
  }));

const ON_THE_ROAD: readonly ConsignmentStatus[] = ['ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'FAILED'];

/** The API's rule (api/src/modules/deliveries/access.ts) for one role, so screens are tested with real button sets. */
export function actionsOf(role: ConsignmentRole, status: ConsignmentStatus, opts: { assigned: boolean; receiverIsOwner?: boolean; hasReceiverUnit?: boolean }): ConsignmentDetail['actions'] {
  const next = NEXT_STATUSES[status];
  const actions: ConsignmentDetail['actions'] = [];
  const owner = role === 'OWNER';
  const receiver = role === 'RECEIVER' || (owner && !!opts.receiverIsOwner);
  if (owner) {
    if (status === 'BOOKED' || status === 'ASSIGNED') actions.push('ASSIGN');
    if (next.includes('CANCELLED')) actions.push('CANCEL');
    actions.push('LABEL');
  }
  if (role === 'ASSIGNEE') {
    if (next.includes('COLLECTED')) actions.push('COLLECT');
    if (next.includes('IN_TRANSIT')) actions.push('START_TRIP');
    if (next.includes('DELIVERED')) actions.push('DELIVER');
    if (next.includes('FAILED')) actions.push('FAIL');
    if (next.includes('RETURNED')) actions.push('RETURN');
    if (status !== 'CANCELLED' && status !== 'BOOKED') actions.push('ADD_PROOF');
    if (ON_THE_ROAD.includes(status)) {
      if (opts.hasReceiverUnit !== false) actions.push('RING_RECEIVER');
      actions.push('RING_SENDER');
    }
  }
  if ((receiver || owner) && opts.assigned && ON_THE_ROAD.includes(status)) actions.push('REQUEST_CALL');
  if ((receiver || owner) && (status === 'IN_TRANSIT' || status === 'FAILED')) actions.push('REISSUE_PIN');
  return actions;
}

/**
 * An ONLINE consignment of READY_ORDER from the seller to the buyer, in `status`, seen as `role`. `n` keeps ids and
 * barcodes apart when a test needs several.
 */
export function consignment(status: ConsignmentStatus, role: ConsignmentRole = 'OWNER', n = 1, overrides: Partial<ConsignmentDetail> = {}): ConsignmentDetail {
  const assigned = status !== 'BOOKED' && !(status === 'CANCELLED');
  const inTransit = status === 'IN_TRANSIT' || status === 'FAILED';
  const deliveries = ['IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED'].includes(status) ? 1 : 0;
  const detail: ConsignmentDetail = {
    id: uuid(100 + n),
    barcodeId: `MB2611${String(n).padStart(6, '0')}`,
    kind: 'ONLINE',
    direction: null,
    status,
    orderId: READY_ORDER.orderId,
    orderNumber: n === 1 ? READY_ORDER.orderNumber : `ORD-2611-${String(100 + n).padStart(6, '0')}`,
    date: '2026-11-22T06:00:00.000Z',
    pickupDate: '2026-11-22',
    tradeName: role === 'RECEIVER' ? SELLER_PARTY.name : BUYER_PARTY.name,
    distanceKm: 4.2,
    distanceType: distanceTypeOf(4.2),
    vehicleNumber: assigned ? SEASON_BOY.vehicleNumber : null,
    notes: 'Fragile: syrups',
    images: status === 'DELIVERED' ? 1 : 0,
    market: 'Pune',
    items: 3,
    packages: 2,
    weightKg: 7.5,
    deliveries,
    deliveryBoy: assigned ? SEASON_BOY.name : null,
    role,
    updatedAt: '2026-11-22T08:00:00.000Z',
    carrier: 'DELIVERY_BOY',
    transport: null,
    from: SELLER_PARTY,
    to: BUYER_PARTY,
    assignee: assigned ? { userId: SEASON_BOY.userId, name: SEASON_BOY.name, mobile: SEASON_BOY.mobile } : null,
    timeline: timelineTo(status),
    proof: status === 'DELIVERED' ? [{ id: uuid(300 + n), kind: 'PARCEL', mimeType: 'image/jpeg', uploadedAt: '2026-11-22T08:00:00.000Z', uploadedBy: 'Vijay Patil' }] : [],
    freeDelivery: false,
    pin: inTransit && role === 'RECEIVER' ? { pin: '4821', expiresAt: '2026-11-22T10:00:00.000Z', triesLeft: 5 } : null,
    pinCannotProve: false,
    lastPosition: status === 'IN_TRANSIT' ? { latitude: 18.5, longitude: 73.86, at: '2026-11-22T07:40:00.000Z' } : null,
    distanceLeftKm: status === 'IN_TRANSIT' ? 2.6 : null,
    actions: actionsOf(role, status, { assigned }),
    ewayBillRequirement: null,
    ewayBill: null,
  };
  return { ...detail, ...overrides };
}

/** An OFFLINE booking of the seller: SEND goods to a party off the platform, or COLLECT them from it (received by the owner). */
export function offlineConsignment(status: ConsignmentStatus, direction: 'SEND' | 'COLLECT' = 'SEND', n = 50): ConsignmentDetail {
  const party: ConsignmentDetail['to'] = {
    unitId: null,
    unitCode: null,
    name: 'Om Clinic',
    mobile: '9811111111',
    addressLine: '22 Karve Road, Kothrud',
    landmark: 'Behind Kothrud bus depot',
    city: 'Pune',
    pincode: '411038',
    latitude: null,
    longitude: null,
  };
  const base = consignment(status, 'OWNER', n);
  const assigned = base.assignee !== null;
  return {
    ...base,
    kind: 'OFFLINE',
    direction,
    orderId: null,
    orderNumber: `OFF-2611-${String(n).padStart(6, '0')}`,
    tradeName: party.name,
    items: 0,
    from: direction === 'SEND' ? SELLER_PARTY : party,
    to: direction === 'SEND' ? party : SELLER_PARTY,
    actions: actionsOf('OWNER', status, { assigned, receiverIsOwner: direction === 'COLLECT', hasReceiverUnit: direction === 'COLLECT' }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// E-way bills (issue 34)

/** Goods of the kit's consignment above Maharashtra's limit for moves inside the state (needed), or well within it. */
export function ewbRequirement(needed = true, overrides: Partial<EwayBillRequirement> = {}): EwayBillRequirement {
  return {
    needed,
    valuePaise: needed ? 12_000_000 : 3_000_000,
    thresholdPaise: 10_000_000,
    rule: 'Maharashtra: moves inside the state above ₹1,00,000 need one',
    source: 'Maharashtra GST notification (reference data row)',
    estimatedDistanceKm: 6,
    ...overrides,
  };
}

/** The states of a bill the screens show differently; the flags are the API's (the screens compute no time). */
export type EwbState = 'ACTIVE' | 'NO_PART_B' | 'EXPIRING' | 'EXPIRED' | 'CANCELLED';

export const EWB_NUMBER = '331009876543';

/** The kit consignment's e-way bill: invoice of READY_ORDER, Pune 411037 → 411004, on the season boy's vehicle. */
export function ewayBill(state: EwbState = 'ACTIVE', overrides: Partial<EwayBill> = {}): EwayBill {
  const partB = state !== 'NO_PART_B';
  const active = state !== 'CANCELLED';
  return {
    id: uuid(500),
    ewbNumber: EWB_NUMBER,
    generatedAt: '2026-11-22T06:10:00.000Z',
    status: active ? 'ACTIVE' : 'CANCELLED',
    validFrom: partB ? '2026-11-22T06:10:00.000Z' : null,
    validUntil: partB ? '2026-11-23T18:29:59.000Z' : null,
    expired: state === 'EXPIRED',
    expiresSoon: state === 'EXPIRING',
    distanceKm: 8,
    partA: {
      supplierGstin: '27AAACA1234A1Z5',
      recipientGstin: '27AABCS5678B1Z2',
      fromPincode: '411037',
      toPincode: '411004',
      documents: [{ type: 'INV', number: 'INV/2611/0042', date: '2026-11-22', valuePaise: 12_000_000 }],
      valuePaise: 12_000_000,
      hsnCodes: ['300490', '300420'],
      reason: 'Supply',
    },
    partB: partB ? { vehicleNumber: SEASON_BOY.vehicleNumber!, mode: 'ROAD', updatedAt: '2026-11-22T06:10:00.000Z' } : null,
    cancellableUntil: active ? '2026-11-23T06:10:00.000Z' : null,
    cancelledAt: active ? null : '2026-11-22T07:00:00.000Z',
    cancelReason: active ? null : { code: '3', label: 'Data entry mistake', remark: 'Wrong invoice value' },
    extensions: 0,
    ...overrides,
  };
}

const BEFORE_TRIP: readonly ConsignmentStatus[] = ['BOOKED', 'ASSIGNED', 'COLLECTED'];
const FINISHED: readonly ConsignmentStatus[] = ['DELIVERED', 'RETURNED', 'CANCELLED'];

/**
 * The e-way bill actions (api/src/modules/deliveries/access.ts, ewbActions) for one role: the owner generates while
 * the goods have a value, no bill is live and the trip has not started, and cancels a live one before the goods ever
 * moved (within the window, taken as open here); owner and delivery boy change the vehicle of a live one until the
 * consignment is finished, and extend it around its lapse (taken as when it lapses soon or has lapsed).
 */
export function ewbActionsOf(c: Pick<ConsignmentDetail, 'role' | 'status' | 'deliveries'>, requirement: EwayBillRequirement | null, bill: EwayBill | null): ConsignmentDetail['actions'] {
  const actions: ConsignmentDetail['actions'] = [];
  const live = bill?.status === 'ACTIVE' ? bill : null;
  const sender = c.role === 'OWNER';
  const carries = sender || c.role === 'ASSIGNEE';
  if (sender && requirement && !live && BEFORE_TRIP.includes(c.status)) actions.push('GENERATE_EWB');
  if (!live) return actions;
  if (carries && !FINISHED.includes(c.status)) actions.push('UPDATE_EWB_VEHICLE');
  if (sender && c.deliveries === 0 && live.cancellableUntil) actions.push('CANCEL_EWB');
  if (carries && !FINISHED.includes(c.status) && live.validUntil && (live.expiresSoon || live.expired)) actions.push('EXTEND_EWB');
  return actions;
}

/** A consignment with goods that need (or not) an e-way bill, and its bill if any, with the actions that follow. */
export function withEwayBill(c: ConsignmentDetail, requirement: EwayBillRequirement | null, bill: EwayBill | null = null): ConsignmentDetail {
  return { ...c, ewayBillRequirement: requirement, ewayBill: bill, actions: [...c.actions, ...ewbActionsOf(c, requirement, bill)] };
}

/** A detail as its overview row. */
export function summaryOf(c: ConsignmentDetail): ConsignmentSummary {
  const { from: _from, to: _to, assignee: _assignee, timeline: _timeline, proof: _proof, freeDelivery: _free, pin: _pin, pinCannotProve: _unproven, lastPosition: _position, distanceLeftKm: _left, actions: _actions, ewayBillRequirement: _requirement, ewayBill: _ewayBill, ...summary } = c;
  return summary;
}

export const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

/** Renders `path` through a route table of the screens under test, as the remote mounts them under /app. */
export const renderRoutes = (routes: readonly RouteEntry[], path: string) => renderAt('/app', path, withProviders(createElement(RouteTable, { routes })));

/** The requests made to `path` (with the given method), in order. */
export const sent = (requests: readonly FakeRequest[], method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);

/**
 * axe's WCAG 2.x A/AA rules on what is rendered, as tests/e2e/a11y.spec.ts runs them in the browser: the serious and
 * critical findings, each with the elements it found. Contrast is left to the browser run: jsdom has no layout or canvas.
 */
export async function axeFindings(node: Element = document.body): Promise<string[]> {
  // axe measures icon fonts on a canvas, which jsdom only complains about: without one it skips that check.
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const options: axe.RunOptions = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  };
  const results = await axe.run(node, options).finally(() => getContext.mockRestore());
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
