import { z } from 'zod';
import { CONSIGNMENT_STATUSES } from './constants';
import { AmountPaise, IsoDate, MobileNumber, VehicleNumber } from './common';
import { PageQuery, Paged } from './envelope';
import { EwayBill, EwayBillRequirement, OfflineGoods } from './ewaybill';

/*
 * Deliveries and pickups (issue 12, SPEC.md §2 orders/*, delivery-tracking; §3 order list columns, pickup, delivery
 * pin; §7 delivery/*). A consignment is one trip of goods from a pickup point to a drop point by a delivery boy:
 * ONLINE for an accepted marketplace order (seller → buyer), OFFLINE for goods not ordered in the app (booked by a
 * unit: sent from its warehouse to someone, or collected from someone to its warehouse). Both ends must lie in one
 * delivery market (service area); anything else is outstation (E0061).
 *
 * Who may do what: the OWNER unit (the seller, or the unit that booked) assigns, cancels, prints the label; the
 * delivery boy it ASSIGNED collects, starts the trip, delivers with the receiver's pin, fails or returns, adds proof
 * photos, reports the position and rings; the RECEIVING unit (online: the buyer; offline COLLECT: the owner itself)
 * sees the pin and can ask the delivery boy to call. Nobody else sees the consignment (404).
 */

// ---------------------------------------------------------------------------------------------------------------
// Statuses

/**
 * BOOKED → ASSIGNED → COLLECTED → IN_TRANSIT → DELIVERED; IN_TRANSIT → FAILED (with a reason) → IN_TRANSIT (another
 * attempt) or RETURNED (goods back at the pickup point); BOOKED/ASSIGNED → CANCELLED by the owner. Reassigning
 * keeps ASSIGNED. Any other change is refused with E0013.
 */
export const ConsignmentStatus = z.enum(CONSIGNMENT_STATUSES);
export type ConsignmentStatus = z.infer<typeof ConsignmentStatus>;

/** The moves allowed from each status (assignment aside): the API's rule and the screens' buttons. */
export const NEXT_STATUSES: Readonly<Record<ConsignmentStatus, readonly ConsignmentStatus[]>> = {
  BOOKED: ['ASSIGNED', 'CANCELLED'],
  ASSIGNED: ['COLLECTED', 'CANCELLED'],
  COLLECTED: ['IN_TRANSIT'],
  IN_TRANSIT: ['DELIVERED', 'FAILED'],
  FAILED: ['IN_TRANSIT', 'RETURNED'],
  DELIVERED: [],
  RETURNED: [],
  CANCELLED: [],
};

export const CONSIGNMENT_KINDS = ['ONLINE', 'OFFLINE'] as const;
export const ConsignmentKind = z.enum(CONSIGNMENT_KINDS);
export type ConsignmentKind = z.infer<typeof ConsignmentKind>;

/**
 * Who carries it (issue 39): one of the platform's DELIVERY_BOYs within a market, or the seller's own TRANSPORT or a
 * courier/transporter under an LR/docket number, for any accepted order wherever the buyer is (the only way for an
 * outstation one). A transport consignment is dispatched at once (IN_TRANSIT; BOOKED first while it still needs its
 * e-way bill), then DELIVERED by the seller with a proof of delivery on file, or by the buyer confirming receipt.
 */
export const CARRIERS = ['DELIVERY_BOY', 'TRANSPORT'] as const;
export const Carrier = z.enum(CARRIERS);
export type Carrier = z.infer<typeof Carrier>;

/** OFFLINE only: SEND goods from the booking unit's warehouse to the named party, or COLLECT them from it. */
export const OfflineDirection = z.enum(['SEND', 'COLLECT']);
export type OfflineDirection = z.infer<typeof OfflineDirection>;

/** Distance bands between the pickup and drop points (SPEC §3 "distance type"). */
export const DISTANCE_TYPES = ['NEAR', 'MID', 'FAR'] as const;
export type DistanceType = (typeof DISTANCE_TYPES)[number];
/** Upper bounds in km of NEAR and MID; beyond MID is FAR. */
export const DISTANCE_BANDS_KM = { NEAR: 5, MID: 15 } as const;
export const distanceTypeOf = (km: number): DistanceType => (km <= DISTANCE_BANDS_KM.NEAR ? 'NEAR' : km <= DISTANCE_BANDS_KM.MID ? 'MID' : 'FAR');

/** The delivery pin: digits, tries before it locks, and how long it is valid by default (DELIVERY_PIN_TTL_MINUTES). */
export const DELIVERY_PIN_LENGTH = 4;
export const DELIVERY_PIN_MAX_TRIES = 5;
/** Proof photos: at most this many per consignment, each at most MAX bytes (after base64 decoding). */
export const PROOF_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROOF_IMAGES_PER_CONSIGNMENT = 8;

// ---------------------------------------------------------------------------------------------------------------
// Markets and delivery boys

/** A service area: the places whose pincode starts with one of its prefixes. */
export const Market = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  pincodePrefixes: z.array(z.string()),
});
export type Market = z.infer<typeof Market>;
export const MarketList = z.array(Market);
export type MarketList = z.infer<typeof MarketList>;

/** Someone the caller's unit can assign: a SEASON_BOY connected to it, or one of its employees marked as delivery staff. */
export const DeliveryBoy = z.object({
  userId: z.string(),
  name: z.string(),
  mobile: z.string(),
  source: z.enum(['SEASON_BOY', 'EMPLOYEE']),
  /** A season boy's registered vehicle, else null. */
  vehicleNumber: z.string().nullable(),
  /** Consignments assigned to them and not yet finished. */
  activeConsignments: z.number().int(),
});
export type DeliveryBoy = z.infer<typeof DeliveryBoy>;
export const DeliveryBoyList = z.array(DeliveryBoy);
export type DeliveryBoyList = z.infer<typeof DeliveryBoyList>;

// ---------------------------------------------------------------------------------------------------------------
// Booking

const Packages = z.number().int().min(1, 'At least 1 package').max(500, 'At most 500 packages');
/** Kilograms with up to 3 decimals (stored in grams). */
const WeightKg = z.number().positive('The weight must be more than 0 kg').max(2000, 'At most 2,000 kg').multipleOf(0.001, 'Weigh to the gram at most');
const Notes = z.string().trim().max(500).optional();

/** Who carries it, given at booking or later (POST assign). */
export const Assignment = z.object({
  deliveryBoyUserId: z.string().uuid('Choose a delivery boy'),
  vehicleNumber: VehicleNumber,
});
export type Assignment = z.infer<typeof Assignment>;

/** An accepted marketplace order the caller sold, sent to its buyer. */
export const CreateOnlinePickup = z.object({
  orderId: z.string().uuid(),
  packages: Packages,
  weightKg: WeightKg,
  notes: Notes,
  /** Assign at once (optional: stays BOOKED without). */
  assignment: Assignment.optional(),
});
export type CreateOnlinePickup = z.input<typeof CreateOnlinePickup>;

/** Goods not ordered in the app (SPEC §3 Pickup: landmark, mobile, date). */
export const CreateOfflinePickup = z.object({
  direction: OfflineDirection,
  partyName: z.string().trim().min(1, 'Whom is it for?').max(120),
  mobile: MobileNumber,
  addressLine: z.string().trim().min(1, 'Enter the address').max(300),
  landmark: z.string().trim().min(1, 'Enter a landmark').max(200),
  pincode: z.string().trim().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit pincode'),
  marketId: z.string().uuid('Choose the market'),
  /** The day of the pickup: today or later. */
  pickupDate: IsoDate,
  packages: Packages,
  weightKg: WeightKg,
  notes: Notes,
  assignment: Assignment.optional(),
  /** What is carried, when an e-way bill may be needed for it (issue 34). */
  goods: OfflineGoods.optional(),
});
export type CreateOfflinePickup = z.input<typeof CreateOfflinePickup>;

/** An accepted order the caller sold, handed to its own transport or a courier/transporter (any markets). */
export const DispatchByTransport = z.object({
  orderId: z.string().uuid(),
  /** The transporter or courier ("Own transport" for the seller's own vehicle). */
  transporterName: z.string().trim().min(1, 'Who carries it?').max(100, 'At most 100 characters'),
  /** Its GSTIN or TRANSIN (15 characters), when an e-way bill's Part B should name it. */
  transporterId: z.string().trim().toUpperCase().regex(/^[0-9A-Z]{15}$/, 'A GSTIN or TRANSIN is 15 letters and digits').optional(),
  /** The LR (lorry receipt) or docket number. */
  docketNumber: z.string().trim().min(1, 'Enter the LR / docket number').max(30, 'At most 30 characters'),
  docketDate: IsoDate,
  vehicleNumber: VehicleNumber.optional(),
  freightPaise: AmountPaise.optional(),
  packages: Packages,
  weightKg: WeightKg,
  notes: Notes,
});
export type DispatchByTransport = z.input<typeof DispatchByTransport>;

/** The transport of a TRANSPORT consignment, as both sides see it. */
export const TransportDetails = z.object({
  transporterName: z.string(),
  transporterId: z.string().nullable(),
  docketNumber: z.string(),
  docketDate: z.string(),
  freightPaise: z.number().int().nullable(),
});
export type TransportDetails = z.infer<typeof TransportDetails>;

// ---------------------------------------------------------------------------------------------------------------
// Reading consignments

/** One end of the trip as printed on the label. */
export const ConsignmentParty = z.object({
  unitId: z.string().nullable(),
  unitCode: z.string().nullable(),
  name: z.string(),
  mobile: z.string().nullable(),
  addressLine: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ConsignmentParty = z.infer<typeof ConsignmentParty>;

/** The caller's part in a consignment (what it may do). */
export const ConsignmentRole = z.enum(['OWNER', 'RECEIVER', 'ASSIGNEE']);
export type ConsignmentRole = z.infer<typeof ConsignmentRole>;

/** A row of the orders overview (SPEC §3 order list columns). */
export const ConsignmentSummary = z.object({
  id: z.string(),
  /** Code 128 text printed on the label, e.g. MB2611000123 (a hand scanner types it). */
  barcodeId: z.string(),
  kind: ConsignmentKind,
  direction: OfflineDirection.nullable(),
  status: ConsignmentStatus,
  orderId: z.string().nullable(),
  /** The order number (ONLINE) or the booking's own number (OFFLINE). */
  orderNumber: z.string(),
  /** Booked at (ISO). */
  date: z.string(),
  pickupDate: z.string(),
  /** The other party's trade name, as the caller sees it. */
  tradeName: z.string(),
  distanceKm: z.number().nullable(),
  distanceType: z.enum(DISTANCE_TYPES).nullable(),
  vehicleNumber: z.string().nullable(),
  notes: z.string().nullable(),
  images: z.number().int(),
  /** The delivery market; '' for a transport that has none (outstation). */
  market: z.string(),
  /** Order lines (ONLINE), else 0. */
  items: z.number().int(),
  packages: z.number().int(),
  weightKg: z.number(),
  /** Delivery attempts made (times it went IN_TRANSIT). */
  deliveries: z.number().int(),
  deliveryBoy: z.string().nullable(),
  role: ConsignmentRole,
  updatedAt: z.string(),
  carrier: Carrier,
  /** The transporter, docket and freight (TRANSPORT), else null. */
  transport: TransportDetails.nullable(),
});
export type ConsignmentSummary = z.infer<typeof ConsignmentSummary>;

export const ConsignmentList = Paged(ConsignmentSummary);
export type ConsignmentList = z.infer<typeof ConsignmentList>;

export const ConsignmentQuery = PageQuery.extend({
  /** Order number, barcode id, trade name or delivery boy (case-insensitive). */
  search: z.string().trim().max(100).optional(),
  status: ConsignmentStatus.optional(),
  kind: ConsignmentKind.optional(),
  /** OUTGOING: the caller owns it; INCOMING: the caller receives it; absent: both. */
  side: z.enum(['OUTGOING', 'INCOMING']).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type ConsignmentQuery = z.input<typeof ConsignmentQuery>;

export const ConsignmentEvent = z.object({
  status: ConsignmentStatus,
  at: z.string(),
  by: z.string(),
  reason: z.string().nullable(),
});
export type ConsignmentEvent = z.infer<typeof ConsignmentEvent>;

/** PARCEL and SIGNATURE: the delivery boy's photos; POD: a transport's proof of delivery (photo or PDF). */
export const ProofKind = z.enum(['PARCEL', 'SIGNATURE', 'POD']);
export type ProofKind = z.infer<typeof ProofKind>;
export const ProofImage = z.object({ id: z.string(), kind: ProofKind, mimeType: z.string(), uploadedAt: z.string(), uploadedBy: z.string() });
export type ProofImage = z.infer<typeof ProofImage>;

export const ConsignmentDetail = ConsignmentSummary.extend({
  from: ConsignmentParty,
  to: ConsignmentParty,
  assignee: z.object({ userId: z.string(), name: z.string(), mobile: z.string() }).nullable(),
  timeline: z.array(ConsignmentEvent),
  proof: z.array(ProofImage),
  /** Whether this delivery used one of the owner's referral free deliveries (set when DELIVERED). */
  freeDelivery: z.boolean(),
  /**
   * The receiver's view of the pin while IN_TRANSIT (null for anyone else, and once delivered). Never the delivery
   * boy's, also when he belongs to the receiving unit (his own unit's offline collect): the pin goes to its others.
   */
  pin: z.object({ pin: z.string(), expiresAt: z.string(), triesLeft: z.number().int() }).nullable(),
  /**
   * No one but the delivery boy could receive the pin (he is all the receiving unit has, or the party's number is
   * his): a pin cannot prove this hand-over, so he marks it delivered without one and it is recorded as not
   * pin-proven (the DELIVERED event's reason).
   */
  pinCannotProve: z.boolean(),
  /** The last position the delivery boy's browser reported while IN_TRANSIT. */
  lastPosition: z.object({ latitude: z.number(), longitude: z.number(), at: z.string() }).nullable(),
  /** Straight-line km from the last position to the drop point. */
  distanceLeftKm: z.number().nullable(),
  /** What the caller may do now (the screens show these buttons only). */
  actions: z.array(
    z.enum(['ASSIGN', 'CANCEL', 'COLLECT', 'START_TRIP', 'DELIVER', 'FAIL', 'RETURN', 'ADD_PROOF', 'RING_RECEIVER', 'RING_SENDER', 'REQUEST_CALL', 'REISSUE_PIN', 'LABEL', 'GENERATE_EWB', 'UPDATE_EWB_VEHICLE', 'CANCEL_EWB', 'EXTEND_EWB']),
  ),
  /** Whether its goods need an e-way bill (null: no goods value known, e.g. an offline pickup without goods). */
  ewayBillRequirement: EwayBillRequirement.nullable(),
  /** The live (or last cancelled) e-way bill; START_TRIP is refused (E0023) while one is needed and none is active. */
  ewayBill: EwayBill.nullable(),
});
export type ConsignmentDetail = z.infer<typeof ConsignmentDetail>;

/** The delivery boy's day: what is assigned to the caller and not finished, plus what it finished today. */
export const MyDeliveries = z.object({ active: z.array(ConsignmentDetail), finishedToday: z.array(ConsignmentSummary) });
export type MyDeliveries = z.infer<typeof MyDeliveries>;

/** Delivery tracking: the caller's consignments on their way, sent or received, most urgent first, with details. */
export const TRACKING_LIMIT = 50;
export const TrackingQuery = z.object({ side: z.enum(['OUTGOING', 'INCOMING']).optional() });
export type TrackingQuery = z.input<typeof TrackingQuery>;
export const TrackingList = z.object({ items: z.array(ConsignmentDetail), totalResults: z.number().int() });
export type TrackingList = z.infer<typeof TrackingList>;

/** Counts for the overview's tiles. */
export const ConsignmentCounts = z.object({ byStatus: z.record(ConsignmentStatus, z.number().int()), total: z.number().int() });
export type ConsignmentCounts = z.infer<typeof ConsignmentCounts>;

/** Accepted orders the caller sold that have no live consignment yet: the online pickups still to book. */
export const ReadyOrder = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  acceptedAt: z.string(),
  buyerName: z.string(),
  buyerCity: z.string(),
  items: z.number().int(),
  totalPaise: z.number().int(),
  /** Null when the buyer is in the seller's market; otherwise why it cannot go by delivery boy (outstation). */
  outstation: z.string().nullable(),
});
export type ReadyOrder = z.infer<typeof ReadyOrder>;
export const ReadyOrderList = z.array(ReadyOrder);
export type ReadyOrderList = z.infer<typeof ReadyOrderList>;

// ---------------------------------------------------------------------------------------------------------------
// Acting on a consignment

/** The statuses the status route moves to (DELIVERED goes through Deliver with the pin; ASSIGNED through assign). */
export const ChangeStatus = z
  .object({
    status: z.enum(['COLLECTED', 'IN_TRANSIT', 'FAILED', 'RETURNED', 'CANCELLED']),
    reason: z.string().trim().max(300).optional(),
  })
  .refine((c) => (c.status !== 'FAILED' && c.status !== 'RETURNED' && c.status !== 'CANCELLED') || !!c.reason, { message: 'Say why', path: ['reason'] });
export type ChangeStatus = z.input<typeof ChangeStatus>;

/** The pin may be left out only where a pin cannot prove the hand-over (ConsignmentDetail.pinCannotProve). */
export const DeliverWithPin = z.object({ pin: z.string().trim().regex(new RegExp(`^\\d{${DELIVERY_PIN_LENGTH}}$`), `The pin is ${DELIVERY_PIN_LENGTH} digits`).optional() });
export type DeliverWithPin = z.infer<typeof DeliverWithPin>;

/** A PDF is taken only as a transport's proof of delivery (POD); photos are re-encoded as JPEG. */
export const AddProofImage = z
  .object({
    kind: ProofKind,
    mimeType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], { message: 'Only JPEG, PNG or WebP images, or a PDF proof of delivery' }),
    contentBase64: z.string().min(1),
  })
  .refine((p) => p.mimeType !== 'application/pdf' || p.kind === 'POD', { message: 'Only a proof of delivery may be a PDF', path: ['mimeType'] });
export type AddProofImage = z.infer<typeof AddProofImage>;

/** The delivery boy rings a party (RING2ALERT to it). */
export const Ring = z.object({ whom: z.enum(['RECEIVER', 'SENDER']) });
export type Ring = z.infer<typeof Ring>;

/** The delivery boy's browser, with consent, while IN_TRANSIT. */
export const ReportPosition = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracyM: z.number().min(0).max(100_000).optional(),
});
export type ReportPosition = z.infer<typeof ReportPosition>;

export const LabelQuery = z.object({ format: z.enum(['pdf', 'svg']).default('pdf') });

/** Pickups booked per day (dashboard charts, SPEC §7 delivery/graphs/*). */
export const PickupGraphQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
export const PickupGraph = z.object({ days: z.array(z.object({ date: z.string(), count: z.number().int() })) });
export type PickupGraph = z.infer<typeof PickupGraph>;

// ---------------------------------------------------------------------------------------------------------------
// Paths (SPEC §7 delivery/*)

const id = encodeURIComponent;
export const DELIVERY_PATHS = {
  /** GET MarketList. */
  markets: '/delivery/markets',
  /** GET DeliveryBoyList: whom the caller's unit can assign. */
  deliveryBoys: '/delivery/transport',
  /** GET ReadyOrderList (sellers). */
  readyOrders: '/delivery/v2/pickup/search',
  /** POST CreateOnlinePickup → ConsignmentDetail. */
  createOnline: '/delivery/pickup/submit',
  /** POST DispatchByTransport → ConsignmentDetail (seller; any accepted order, outstation included). */
  dispatchByTransport: '/delivery/v2/transport/dispatch',
  /** POST CreateOfflinePickup → ConsignmentDetail. */
  createOffline: '/delivery/v2/offline',
  /** GET ConsignmentQuery → ConsignmentList (orders overview; online/offline pickups with kind). */
  consignments: '/delivery/service/orders',
  /** GET ConsignmentCounts (same filters as the list, page aside). */
  counts: '/delivery/service/order/summary',
  /** GET ConsignmentDetail by barcode id or id. */
  consignment: (barcodeOrId: string) => `/delivery/service/order/${id(barcodeOrId)}`,
  /** GET TrackingQuery → TrackingList: up to TRACKING_LIMIT consignments on their way (ASSIGNED, COLLECTED, IN_TRANSIT, FAILED). */
  tracking: '/delivery/tracking',
  /** GET MyDeliveries (the delivery boy). */
  myDeliveries: '/delivery/service/assigned',
  /** POST Assignment → ConsignmentDetail (owner; BOOKED or ASSIGNED). */
  assign: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/assign`,
  /** POST ChangeStatus → ConsignmentDetail. */
  status: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/status`,
  /** POST DeliverWithPin → ConsignmentDetail (assignee). E0003 wrong pin, E0004 locked after DELIVERY_PIN_MAX_TRIES. */
  deliver: (consignmentId: string) => `/delivery/pin/${id(consignmentId)}/verify`,
  /** POST: a new pin for the receiver (receiver or owner; IN_TRANSIT or FAILED) → ConsignmentDetail. */
  reissuePin: (consignmentId: string) => `/delivery/pin/${id(consignmentId)}`,
  /** POST AddProofImage → ProofImage (assignee). */
  addImage: (consignmentId: string) => `/delivery/image/add/${id(consignmentId)}`,
  /** GET one proof image (the two parties and the assignee). E0056 unknown. */
  image: (consignmentId: string, imageId: string) => `/delivery/image/${id(consignmentId)}/${id(imageId)}`,
  /** POST Ring (assignee) → 204-like ok. */
  ring: (consignmentId: string) => `/delivery/ring/${id(consignmentId)}`,
  /** POST: a party asks the delivery boy to call (CALL_REQUEST to the assignee). */
  callRequest: (consignmentId: string) => `/delivery/ring/${id(consignmentId)}/call-request`,
  /** POST ReportPosition (assignee, IN_TRANSIT). */
  position: (consignmentId: string) => `/delivery/tracking/${id(consignmentId)}`,
  /** GET ?format=pdf|svg: the thermal label (100 × 150 mm) with the Code 128 barcode. */
  label: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/label`,
  onlinePickupsGraph: '/delivery/graphs/online-pickups',
  offlinePickupsGraph: '/delivery/graphs/offline-pickups',
} as const;
