import { z } from 'zod';
import { CustomerType } from './common';
import { CreditTerms } from './credit';
import { LISTED_TYPES } from './constants';
import { PageQuery, Paged } from './envelope';
import { pincodeOk } from './identifiers';

/*
 * Trade connections (SPEC.md §2 customers, §4 access and auto approve, §6 access meaning, §7 paths).
 * A connection runs from a buyer to a seller (a STOCKIST). The buyer sees the seller's stock and may order online
 * only while the connection is APPROVED with access; the seller decides both.
 */

export const CONNECTION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'DISCONNECTED'] as const;
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const ListedType = z.enum(LISTED_TYPES);
export type ListedType = z.infer<typeof ListedType>;

/** Only stockists sell (have inventory to show), so connection requests are always made to a stockist. */
export const SELLER_TYPE = 'STOCKIST' satisfies CustomerType;

const TypeSegment = z
  .enum(['stockist', 'hospital', 'retailer'])
  .transform((segment) => segment.toUpperCase() as ListedType);

export const ConnectedUsersParams = z.object({ customerType: TypeSegment, connectedUserType: TypeSegment });

export const CONNECTION_SORTS = ['distance', 'name'] as const;

/** GET b2bapp/v2/{customerType}/{connectedUserType}: the caller's connections with users of that type. */
export const ConnectedUsersQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum([...CONNECTION_STATUSES, 'ALL']).default('ALL'),
  sort: z.enum(CONNECTION_SORTS).default('name'),
});
export type ConnectedUsersQuery = z.input<typeof ConnectedUsersQuery>;

/** The other party of a connection, as the customers list and the nearby search show it. */
export const Trader = z.object({
  unitCode: z.string(),
  tradeName: z.string(),
  customerType: CustomerType,
  city: z.string(),
  /** From the origin (the caller's active warehouse, or the pincode asked about) to the trader's nearest warehouse; null when either has no location. */
  distanceKm: z.number().nullable(),
});
export type Trader = z.infer<typeof Trader>;

export const ConnectedUser = Trader.extend({
  connectionId: z.string(),
  /** The caller's side: SELLER = they buy from the caller (the caller controls access); BUYER = the caller buys. */
  callerSide: z.enum(['SELLER', 'BUYER']),
  status: ConnectionStatus,
  hasAccess: z.boolean(),
  requestedAt: z.string(),
  /** When the request was last decided (approved, declined, disconnected); null while pending. */
  decidedAt: z.string().nullable(),
  /** Orders on this connection (its direction), rejected ones aside, and their total in paise. */
  orderCount: z.number().int(),
  orderValuePaise: z.number().int(),
  /**
   * Owed between the two today, from the caller's own books (paise): what the party owes the caller when it buys from
   * the caller (SELLER side: its debtor head), what the caller owes it when the caller buys (BUYER side: its creditor
   * head). Negative is an advance.
   */
  outstandingPaise: z.number().int(),
  /** SELLER side only: the terms the caller gives this buyer (credit.ts); null: none set. Absent on the BUYER side. */
  creditTerms: CreditTerms.nullable().optional(),
});
export type ConnectedUser = z.infer<typeof ConnectedUser>;
export const ConnectedUserList = Paged(ConnectedUser);
export type ConnectedUserList = z.infer<typeof ConnectedUserList>;

export const NEARBY_DEFAULT_RADIUS_KM = 50;
export const NEARBY_MAX_RADIUS_KM = 2000;

/**
 * Find verified traders of a type within a radius, nearest first: of the caller's active warehouse, or of a pincode's
 * post office when `pincode` is given (a place the caller is thinking of, e.g. a new branch); an unknown pincode is E0035.
 */
export const NearbyQuery = PageQuery.extend({
  type: ListedType,
  radiusKm: z.coerce.number().positive().max(NEARBY_MAX_RADIUS_KM).default(NEARBY_DEFAULT_RADIUS_KM),
  search: z.string().trim().max(100).optional(),
  pincode: z.string().trim().refine(pincodeOk, 'Enter a valid 6-digit pincode').optional(),
});
export type NearbyQuery = z.input<typeof NearbyQuery>;

export const NearbyTrader = Trader.extend({
  /** The caller's request to buy from this trader, if any (null: never asked). */
  connection: z.object({ connectionId: z.string(), status: ConnectionStatus, hasAccess: z.boolean() }).nullable(),
  /** The caller may ask to connect now: a stockist, and no live (pending or approved) connection. */
  canConnect: z.boolean(),
});
export type NearbyTrader = z.infer<typeof NearbyTrader>;
export const NearbyTraderList = Paged(NearbyTrader).extend({
  /** Where distances are measured from: the active warehouse's name, or the pincode's office ("Pune G.P.O., Pune 411001"). */
  origin: z.string(),
  /** The pincode distances are measured from; absent when they are measured from the active warehouse. */
  originPincode: z.string().optional(),
  radiusKm: z.number(),
});
export type NearbyTraderList = z.infer<typeof NearbyTraderList>;

export const ConnectRequest = z.object({ sellerUnitCode: z.string().trim().min(1).max(32) });
export type ConnectRequest = z.infer<typeof ConnectRequest>;

/** Approve, decline, disconnect, access, no-access: one connection of the caller's, by id. */
export const ConnectionAction = z.object({ connectionId: z.string().trim().min(1).max(64) });
export type ConnectionAction = z.infer<typeof ConnectionAction>;

export const ApproveRequest = ConnectionAction.extend({
  /** Approve and at once give access to all the seller's inventory (SPEC.md §6); false: connected without access. */
  grantAccess: z.boolean().default(true),
});
export type ApproveRequest = z.input<typeof ApproveRequest>;

/** The seller's auto-approve preference (SPEC.md §3 Preferences, §4). Set here; read with the others at GET /b2bapp/preferences. */
export const AutoApprove = z.object({ autoApprove: z.boolean() });
export type AutoApprove = z.infer<typeof AutoApprove>;

