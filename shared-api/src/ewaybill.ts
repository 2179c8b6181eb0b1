import { z } from 'zod';
import { AmountPaise, IsoDate, VehicleNumber } from './common';

/*
 * E-way bills (issue 34, CGST Rules rule 138): goods worth more than the threshold (₹50,000 between states; each
 * state's own rule inside it, kept as reference data) may not move without one. Part A comes from the documents in the
 * consignment, Part B from the vehicle; it is valid one day per 200 km (or part of it) from when Part B is first given.
 */

/** The portal's transport modes (transMode 1–4). */
export const TRANSPORT_MODES = ['ROAD', 'RAIL', 'AIR', 'SHIP'] as const;
export const TransportMode = z.enum(TRANSPORT_MODES);
export type TransportMode = z.infer<typeof TransportMode>;
export const TRANSPORT_MODE_LABELS: Readonly<Record<TransportMode, string>> = { ROAD: 'Road', RAIL: 'Rail', AIR: 'Air', SHIP: 'Ship' };

/** Kilometres of the trip for each day of validity (rule 138(10), in force since 1 January 2021). */
export const EWB_KM_PER_DAY = 200;
/** Hours before it lapses from which the consignment page and the delivery screen warn. */
export const EWB_EXPIRY_WARNING_HOURS = 8;
/** A generated e-way bill may be cancelled within this many hours (never once verified in transit). */
export const EWB_CANCEL_WINDOW_HOURS = 24;

/** The portal's reasons (cancelRsnCode, reasonCode of a vehicle change, extnRsnCode). */
export const EWB_CANCEL_REASONS = { '1': 'Duplicate', '2': 'Order cancelled', '3': 'Data entry mistake', '4': 'Others' } as const;
export const EwbCancelReason = z.enum(['1', '2', '3', '4'], { message: 'Choose the reason for cancelling' });
export const EWB_VEHICLE_CHANGE_REASONS = { '1': 'Breakdown', '2': 'Transhipment', '3': 'Others', '4': 'First time' } as const;
export const EwbVehicleChangeReason = z.enum(['1', '2', '3', '4'], { message: 'Choose why the vehicle changes' });
export const EWB_EXTEND_REASONS = { '1': 'Natural calamity', '2': 'Law and order situation', '4': 'Transhipment', '5': 'Accident', '99': 'Others' } as const;
export const EwbExtendReason = z.enum(['1', '2', '4', '5', '99'], { message: 'Choose why it needs more time' });

/** Whether a consignment needs an e-way bill, and by which rule (null on a consignment without goods value). */
export const EwayBillRequirement = z.object({
  needed: z.boolean(),
  valuePaise: z.number().int(),
  /** The limit that applies to this move (inter-state, or the state's own intra-state rule); null: none inside the state. */
  thresholdPaise: z.number().int().nullable(),
  /** In words, e.g. "Maharashtra: moves inside the state above ₹1,00,000 need one". */
  rule: z.string(),
  /** The reference data row's source (notification). */
  source: z.string(),
  /** PIN-to-PIN road distance estimate the user may correct when generating. */
  estimatedDistanceKm: z.number().int(),
});
export type EwayBillRequirement = z.infer<typeof EwayBillRequirement>;

export const EwayBill = z.object({
  id: z.string(),
  /** 12 digits. */
  ewbNumber: z.string(),
  generatedAt: z.string(),
  status: z.enum(['ACTIVE', 'CANCELLED']),
  /** From Part B's first vehicle; null while it has no Part B. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** ACTIVE and past validUntil. */
  expired: z.boolean(),
  /** ACTIVE and within EWB_EXPIRY_WARNING_HOURS of validUntil. */
  expiresSoon: z.boolean(),
  distanceKm: z.number().int(),
  partA: z.object({
    supplierGstin: z.string(),
    /** 'URP' for an unregistered recipient, as the portal writes it. */
    recipientGstin: z.string(),
    fromPincode: z.string(),
    toPincode: z.string(),
    documents: z.array(z.object({ type: z.enum(['INV', 'CHL', 'BIL']), number: z.string(), date: z.string(), valuePaise: z.number().int() })),
    valuePaise: z.number().int(),
    hsnCodes: z.array(z.string()),
    /** Reason for transport, e.g. "Supply". */
    reason: z.string(),
  }),
  partB: z.object({ vehicleNumber: z.string(), mode: TransportMode, updatedAt: z.string() }).nullable(),
  /** ACTIVE: until when it may be cancelled (generatedAt + EWB_CANCEL_WINDOW_HOURS). */
  cancellableUntil: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.object({ code: EwbCancelReason, label: z.string(), remark: z.string() }).nullable(),
  extensions: z.number().int(),
});
export type EwayBill = z.infer<typeof EwayBill>;

/** POST generate: Part A from the consignment's documents, Part B from its vehicle when it has one. */
export const GenerateEwayBill = z.object({
  /** The estimate corrected by the user (whole km). */
  distanceKm: z.number().int().min(1, 'At least 1 km').max(4000, 'At most 4,000 km').optional(),
  mode: TransportMode.default('ROAD'),
});
export type GenerateEwayBill = z.input<typeof GenerateEwayBill>;

/** POST Part B: the vehicle now carrying it. */
export const UpdateEwayBillVehicle = z.object({
  vehicleNumber: VehicleNumber,
  mode: TransportMode.default('ROAD'),
  reasonCode: EwbVehicleChangeReason,
  remark: z.string().trim().max(50).default(''),
});
export type UpdateEwayBillVehicle = z.input<typeof UpdateEwayBillVehicle>;

export const CancelEwayBill = z.object({ reasonCode: EwbCancelReason, remark: z.string().trim().min(1, 'Say why it is cancelled').max(50) });
export type CancelEwayBill = z.input<typeof CancelEwayBill>;

/** POST extend: within 8 hours either side of validUntil, from where the goods are now. */
export const ExtendEwayBill = z.object({
  reasonCode: EwbExtendReason,
  remark: z.string().trim().min(1, 'Say why').max(50),
  /** Where the goods are now. */
  fromPincode: z.string().trim().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit pincode'),
  remainingKm: z.number().int().min(1, 'At least 1 km').max(4000),
});
export type ExtendEwayBill = z.input<typeof ExtendEwayBill>;

/**
 * Goods of an offline pickup, declared by the unit (its own invoice or delivery challan): what an e-way bill's Part A
 * needs when no order or invoice on the platform describes them.
 */
export const OfflineGoods = z.object({
  documentType: z.enum(['INV', 'CHL', 'BIL']),
  documentNumber: z.string().trim().min(1, 'Enter the document number').max(16, 'At most 16 characters').regex(/^[A-Za-z0-9/-]+$/, 'Letters, digits, / and - only'),
  documentDate: IsoDate,
  valuePaise: AmountPaise,
  hsn: z.string().trim().regex(/^\d{4}(\d{2})?(\d{2})?$/, 'HSN is 4, 6 or 8 digits'),
  /** The other party's GSTIN, when it is registered. */
  partyGstin: z.string().trim().toUpperCase().regex(/^\d{2}[A-Z0-9]{13}$/, 'Enter a 15-character GSTIN').optional(),
});
export type OfflineGoods = z.input<typeof OfflineGoods>;

const id = encodeURIComponent;

export const EWAYBILL_PATHS = {
  /** POST GenerateEwayBill → ConsignmentDetail (owner). */
  generate: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/eway-bill`,
  /** POST UpdateEwayBillVehicle → ConsignmentDetail (owner or assignee). */
  vehicle: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/eway-bill/vehicle`,
  /** POST CancelEwayBill → ConsignmentDetail (owner; within EWB_CANCEL_WINDOW_HOURS, before the trip starts). */
  cancel: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/eway-bill/cancel`,
  /** POST ExtendEwayBill → ConsignmentDetail (owner or assignee). */
  extend: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/eway-bill/extend`,
  /** GET: the portal's bulk-upload JSON for this consignment's e-way bill (units that upload by hand). */
  bulkJson: (consignmentId: string) => `/delivery/v2/orders/${id(consignmentId)}/eway-bill/json`,
} as const;
