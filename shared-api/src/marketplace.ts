import { z } from 'zod';
import { ExpiryDate } from './common';
import { MIN_SEARCH_LENGTH } from './constants';
import { Cart } from './cart';
import { Carrier, ConsignmentStatus, TransportDetails } from './delivery';
import { PageQuery, Paged } from './envelope';
import { RecallOrderFlag } from './recalls';

/*
 * Marketplace (SPEC.md §2 search box, §3 cart entry and search suggestion, §5, §6 visibility, §7 cart and search
 * calls): find a product across every seller, fill one cart from several sellers, send each seller its order.
 * Money is integer paise, dates 'YYYY-MM-DD'.
 */


const SearchText = z.string().trim().min(MIN_SEARCH_LENGTH, `Enter at least ${MIN_SEARCH_LENGTH} characters to search`).max(100);

/** POST /search/suggest/product (SPEC.md §7). */
export const SuggestRequest = z.object({ suggest: SearchText, type: z.literal('ALL'), subType: z.literal('ALL') });
export type SuggestRequest = z.infer<typeof SuggestRequest>;
export const Suggestion = z.object({
  productId: z.string(),
  /** The product name alone (what /search?q= gets when the suggestion is picked). */
  name: z.string(),
  /** What the box shows: product, pack and manufacturer. */
  suggestion: z.string(),
  /** Sellers with sellable stock of it (whether or not the caller sees their stock). */
  stockists: z.number().int(),
});
export const SuggestResult = z.object({ suggestors: z.array(Suggestion) });
export type SuggestResult = z.infer<typeof SuggestResult>;

export const SearchHistory = z.array(z.string());

/** POST /search/v3/global: the /search page. */
export const GlobalSearchRequest = z.object({ query: SearchText });
export type GlobalSearchRequest = z.infer<typeof GlobalSearchRequest>;
export const ProductHit = z.object({
  productId: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  composition: z.string().nullable(),
  pack: z.string(),
  /** Sellers with sellable stock. */
  sellerCount: z.number().int(),
  /** Of those, the sellers whose stock and prices the caller sees (SPEC.md §6). */
  visibleSellerCount: z.number().int(),
  /** Lowest PTR among visible sellers; null when none is visible. */
  lowestPtrPaise: z.number().int().nullable(),
  nearestExpiry: z.string().nullable(),
});
export type ProductHit = z.infer<typeof ProductHit>;
export const GlobalSearchResult = z.object({ query: z.string(), products: z.array(ProductHit) });
export type GlobalSearchResult = z.infer<typeof GlobalSearchResult>;

/** POST /search/v3/view/stockists: one product, every seller that has it, nearest first. */
export const StockistsRequest = z.object({ productId: z.string().uuid() });
export type StockistsRequest = z.infer<typeof StockistsRequest>;
export const OfferedBatch = z.object({
  batchNo: z.string(),
  expiryDate: z.string(),
  nearExpiry: z.boolean(),
  available: z.number().int(),
  ptrPaise: z.number().int(),
  mrpPaise: z.number().int(),
  schemeBuy: z.number().int().nullable(),
  schemeFree: z.number().int().nullable(),
});
export const StockistOffer = z.object({
  sellerUnitCode: z.string(),
  tradeName: z.string(),
  city: z.string(),
  /** From the caller's active warehouse to the seller's nearest warehouse holding the product. */
  distanceKm: z.number().nullable(),
  /** false: the seller has it, but quantities and prices are only for connected buyers with access. */
  visible: z.boolean(),
  /** The caller's connection to the seller (NONE when there is none), so the screen can offer to connect. */
  connectionStatus: z.enum(['NONE', 'PENDING', 'APPROVED', 'DECLINED', 'DISCONNECTED']),
  availableQuantity: z.number().int().nullable(),
  /** First-expiry-first: the batch an order takes first leads. Empty when not visible. */
  batches: z.array(OfferedBatch),
});
export type StockistOffer = z.infer<typeof StockistOffer>;
export const StockistsResult = z.object({
  product: ProductHit.omit({ sellerCount: true, visibleSellerCount: true, lowestPtrPaise: true, nearestExpiry: true }),
  stockists: z.array(StockistOffer),
});
export type StockistsResult = z.infer<typeof StockistsResult>;

// ---- cart writes (SPEC.md §7) ----

const Quantity = z.number().int().min(1).max(100_000);
const FreeQuantity = z.number().int().min(0).max(100_000).default(0);

export const AddCartEntry = z.object({
  productId: z.string().uuid(),
  sellerUnitCode: z.string().trim().min(1).max(32),
  quantity: Quantity,
  freeQuantity: FreeQuantity,
  /**
   * Only batches expiring on or after this day (a minimum remaining shelf life): pricing takes the first such batch,
   * confirm, submit's reservation and acceptance take only such batches. Entries with different dates are separate.
   */
  minExpiryDate: ExpiryDate.optional(),
  /**
   * A near-expiry offer (shared-api clearance.ts): the entry is that offer's batch at the offer PTR, reserved and
   * delivered from that batch only. Its scheme applies only if the batch itself carries one.
   */
  clearanceOfferId: z.string().uuid().optional(),
});
export type AddCartEntry = z.input<typeof AddCartEntry>;
export const UpdateCartEntry = z.object({ entryId: z.string().uuid(), quantity: Quantity, freeQuantity: FreeQuantity });
export type UpdateCartEntry = z.input<typeof UpdateCartEntry>;
export const DeleteCartEntry = z.object({ entryId: z.string().uuid() });
export const DeleteSellerCart = z.object({ sellerUnitCode: z.string().trim().min(1).max(32) });

/** What confirm found different from the cart, one row per change (the cart is updated to the current price). */
export const CartChange = z.object({
  entryId: z.string(),
  productName: z.string(),
  stockist: z.string(),
  kind: z.enum(['PRICE', 'STOCK', 'UNAVAILABLE']),
  message: z.string(),
  oldPtrPaise: z.number().int().optional(),
  newPtrPaise: z.number().int().optional(),
  /** STOCK: units the seller can still supply (quantity + free). */
  available: z.number().int().optional(),
});
export type CartChange = z.infer<typeof CartChange>;
export const CartConfirmation = z.object({ cart: Cart, changes: z.array(CartChange), canSubmit: z.boolean() });
export type CartConfirmation = z.infer<typeof CartConfirmation>;

// ---- orders ----

export const ORDER_STATUSES = ['PLACED', 'ACCEPTED', 'REJECTED'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderSummary = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: OrderStatus,
  /** The other party: the seller on "placed", the buyer on "received". */
  counterpartyUnitCode: z.string(),
  counterpartyTradeName: z.string(),
  city: z.string(),
  distanceKm: z.number().nullable(),
  itemCount: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
/** GET /orders/v2/placed and /orders/v2/all, newest first, a page at a time. */
export const OrderList = Paged(OrderSummary);
export type OrderList = z.infer<typeof OrderList>;
/** `?status=` narrows the list on the server; `page` (from 0) and `pageSize` as every paged list. */
export const OrderListQuery = PageQuery.extend({ status: OrderStatus.optional() });
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderAllocation = z.object({ batchNo: z.string(), expiryDate: z.string(), quantity: z.number().int() });
export const OrderLine = z.object({
  lineId: z.string(),
  productName: z.string(),
  manufacturer: z.string(),
  pack: z.string(),
  hsn: z.string().nullable(),
  quantity: z.number().int(),
  freeQuantity: z.number().int(),
  ptrPaise: z.number().int(),
  mrpPaise: z.number().int(),
  gstRateBp: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** Reserved batches while PLACED; the batches stock left from once ACCEPTED; empty when REJECTED. */
  allocations: z.array(OrderAllocation),
  /** The buyer took only batches expiring on or after this day ('YYYY-MM-DD'); null: any unexpired batch. */
  minExpiryDate: z.string().nullable(),
  /** Bought from a near-expiry offer (clearance.ts) at its PTR: show the batch's expiry in red. Null otherwise. */
  clearanceOfferId: z.string().nullable(),
});
/**
 * How the order travels (issue 39): its live (else last) consignment, by delivery boy or by the seller's transport
 * or courier with its docket, and where it stands; both sides see it.
 */
export const OrderShipment = z.object({
  consignmentId: z.string(),
  barcodeId: z.string(),
  status: ConsignmentStatus,
  carrier: Carrier,
  transport: TransportDetails.nullable(),
  /** The delivery boy's name (DELIVERY_BOY, once assigned). */
  deliveryBoy: z.string().nullable(),
  updatedAt: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

export const OrderDetail = OrderSummary.extend({
  /** Which side the caller is on. */
  callerSide: z.enum(['BUYER', 'SELLER']),
  decidedAt: z.string().nullable(),
  /** The seller's reason, when it rejected the order with one. */
  rejectReason: z.string().optional(),
  /** The seller's tax invoice of the order once issued (both parties may open it); null before. */
  invoice: z.object({ invoiceId: z.string(), invoiceNumber: z.string() }).nullable(),
  lines: z.array(OrderLine),
  /** The seller's side only (issue 35): recalls that released this order's reservations or hold its picked goods. */
  recallFlags: z.array(RecallOrderFlag).optional(),
  /** Its consignment once booked or dispatched (issue 39); absent or null before. */
  shipment: OrderShipment.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const SubmitResult = z.object({ orders: z.array(OrderSummary) });
export type SubmitResult = z.infer<typeof SubmitResult>;
export const RejectOrder = z.object({ reason: z.string().trim().max(300).optional() });
