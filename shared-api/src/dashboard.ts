import { z } from 'zod';
import { ClearanceOffer } from './clearance';
import { CustomerType, ExpiryDate, IsoDate } from './common';
import { ConsignmentStatus } from './delivery';
import { Preferences } from './profile';

/*
 * The dashboard (issue 16, SPEC.md §2): one answer per period with the sections the caller's customer type can
 * have. A section the type cannot have (a retailer receives no orders, a season boy keeps no stock) is absent,
 * never zeros. Money is integer paise; counts are integers.
 */

export const DASHBOARD_PATHS = {
  /** SPEC.md §7 `b2bapp/stockist/v2/dashboard`: `?period=DAY|WEEK`. */
  dashboard: '/b2bapp/stockist/v2/dashboard',
  /** SPEC.md §7 `orders/graphs/daily`: `?days=N`, orders placed and received and sales per IST day. */
  ordersDaily: '/orders/graphs/daily',
} as const;

/** SPEC.md §2: "24 Hours" and "Last Week", both ending now. */
export const DASHBOARD_PERIODS = ['DAY', 'WEEK'] as const;
export const DashboardPeriod = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = { DAY: '24 Hours', WEEK: 'Last Week' };
export const DASHBOARD_PERIOD_HOURS: Record<DashboardPeriod, number> = { DAY: 24, WEEK: 7 * 24 };

export const DashboardQuery = z.object({ period: DashboardPeriod.default('DAY') });
export type DashboardQuery = z.input<typeof DashboardQuery>;

const Count = z.number().int().min(0);
const Paise = z.number().int();
/** How many, and what they are worth. */
export const Figure = z.object({ count: Count, valuePaise: Paise });
export type Figure = z.infer<typeof Figure>;

/** Orders the caller's unit placed as a buyer in the period; `pending` is every order still awaiting its seller. */
export const PlacedOrdersFigures = z.object({ placed: Figure, accepted: Figure, rejected: Count, pending: Figure });
/** Orders the caller's unit received as a seller in the period; `pending` is every order awaiting its decision now. */
export const ReceivedOrdersFigures = z.object({ received: Figure, accepted: Figure, rejected: Count, pending: Figure });

/** Batch count, units and value at PTR. */
export const StockFigure = z.object({ batches: Count, quantity: Count, valuePaise: Paise });
export type StockFigure = z.infer<typeof StockFigure>;

/** The active warehouse's stock now, valued at PTR (the price the trade sells at; cost is in the stock books). */
export const InventoryFigures = z.object({
  warehouseId: z.string(),
  warehouseName: z.string(),
  valuedAt: z.literal('PTR'),
  /** Unexpired stock on hand. */
  inStock: StockFigure,
  products: Count,
  /** Products held in this warehouse with nothing left to sell (no unexpired, unreserved units). */
  outOfStockProducts: Count,
  /** Cumulative windows, as the trade reads them: "within 60 days" includes the 30. Expired stock is not in them. */
  nearExpiry: z.object({ d30: StockFigure, d60: StockFigure, d90: StockFigure }),
  expired: StockFigure,
});
export type InventoryFigures = z.infer<typeof InventoryFigures>;

/** A batch on sale with a free-quantity scheme (buy `schemeBuy`, get `schemeFree` free). */
export const RunningScheme = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  batchNo: z.string(),
  expiryDate: ExpiryDate,
  schemeBuy: z.number().int(),
  schemeFree: z.number().int(),
  available: Count,
  ptrPaise: Paise,
});
export const OfferFigures = z.object({ running: Count, schemes: z.array(RunningScheme) });
export type OfferFigures = z.infer<typeof OfferFigures>;

export const ConnectionFigures = z.object({
  /** Approved connections, either side. */
  connected: Count,
  /** Requests the caller's unit made that wait for the other side. */
  pendingSent: Count,
  /** Seller only: connected buyers that see its stock, and requests awaiting its decision. */
  withAccess: Count.optional(),
  pendingReceived: Count.optional(),
});

export const SoldProduct = z.object({ productId: z.string().nullable(), name: z.string(), manufacturer: z.string(), quantity: Count, valuePaise: Paise });
export type SoldProduct = z.infer<typeof SoldProduct>;
export const SearchedProduct = z.object({
  productId: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  /** Searches that showed it first, and opens of its sellers, by buyers in the period's IST days. */
  hits: Count,
  /** The caller's unit has sellable (unexpired) stock of it. */
  stocked: z.boolean(),
});
export type SearchedProduct = z.infer<typeof SearchedProduct>;

export const PaymentFigures = z.object({
  bankAccounts: Count,
  upiAccounts: Count,
  /** The UPI ID on the unit's QR codes and invoices. */
  primaryUpi: z.object({ vpa: z.string(), accountName: z.string() }).nullable(),
  /** Payments received (applied) in the period's IST days. */
  received: Figure,
  /** What debtors owe now, from the ledger (units that invoice). */
  receivablePaise: Paise.optional(),
});

export const StatusCounts = z.object({ total: Count, byStatus: z.record(ConsignmentStatus, Count) });
export type StatusCounts = z.infer<typeof StatusCounts>;
/** Consignments created in the period, by status now. */
export const PickupFigures = z.object({
  /** Booked by the caller's unit: online (from orders) and offline. */
  online: StatusCounts.optional(),
  offline: StatusCounts.optional(),
  /** Coming to the caller's unit from others. */
  incoming: StatusCounts.optional(),
  /** Carried by the caller (season boys, delivery staff). */
  carried: StatusCounts.optional(),
});

/**
 * Near-expiry exchange (clearance.ts). `buying` (retailers, hospitals): the active offers the caller may buy and the
 * NEAR_EXPIRY_TILE_SHOWN soonest to expire; `selling` (stockists): its offers open to buyers now and their free units.
 */
export const NEAR_EXPIRY_TILE_SHOWN = 3;
export const NearExpiryFigures = z.object({
  buying: z.object({ offers: Count, soonest: z.array(ClearanceOffer) }).optional(),
  selling: z.object({ running: Count, units: Count }).optional(),
});
export type NearExpiryFigures = z.infer<typeof NearExpiryFigures>;

export const Dashboard = z.object({
  period: DashboardPeriod,
  /** The period: [since, until] as instants (until is now). Day-based figures (sales, payments, searches) count its IST days. */
  since: z.string(),
  until: z.string(),
  customerType: CustomerType,
  orders: z.object({ placed: PlacedOrdersFigures.optional(), received: ReceivedOrdersFigures.optional() }).optional(),
  inventory: InventoryFigures.optional(),
  offers: OfferFigures.optional(),
  nearExpiry: NearExpiryFigures.optional(),
  connections: ConnectionFigures,
  mostSold: z.array(SoldProduct).optional(),
  mostSearched: z.array(SearchedProduct).optional(),
  preferences: Preferences.optional(),
  payments: PaymentFigures,
  pickups: PickupFigures,
});
export type Dashboard = z.infer<typeof Dashboard>;

export const OrdersGraphQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
export type OrdersGraphQuery = z.input<typeof OrdersGraphQuery>;
/** Per IST day, oldest first; a series the caller's type cannot have is absent. Sales are the unit's sales invoices. */
export const OrdersGraphDay = z.object({ date: IsoDate, placed: Figure.optional(), received: Figure.optional(), sales: Figure.optional() });
export type OrdersGraphDay = z.infer<typeof OrdersGraphDay>;
export const OrdersGraph = z.object({ days: z.array(OrdersGraphDay) });
export type OrdersGraph = z.infer<typeof OrdersGraph>;
