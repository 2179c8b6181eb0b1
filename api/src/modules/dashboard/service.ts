import {
  DASHBOARD_PERIOD_HOURS,
  NEAR_EXPIRY_TILE_SHOWN,
  STOCK_KEEPING_TYPES,
  type CustomerType,
  type Dashboard,
  type DashboardPeriod,
  type InventoryFigures,
  type OrdersGraph,
  type StockFigure,
} from 'shared-api';
import type { Config } from '../../config';
import type { ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/database';
import { readParts } from '../../db/parts';
import type { Caller } from '../../http/access';
import { buyerNearExpiry, sellerNearExpiry } from '../clearance/service';
import { sideBalance } from '../ledger/outstanding';
import { preferencesOf } from '../profile/service';
import { addDays, istDate } from '../search/text';
import * as repo from './repository';
import { countStock, patchStock, readStock, shownSchemes, type Bucket, type HeldStock } from './stock';

const TOP_SOLD = 5;
const TOP_SEARCHED = 10;
const SCHEMES_SHOWN = 5;
/** Warehouses whose stock is kept at most (~250 KB each for a stockist's godown of ~1,000 batches). */
const STOCK_KEPT = 200;
/** More products changed at once (an import) than this: the warehouse's stock is read again whole. */
const PATCH_PRODUCTS_MAX = 100;
/**
 * How long the marketplace's most-searched products are kept per window: summing a week of counters over every
 * product searched costs far more than the rest of an answer, and is the same for every caller. This process's own
 * new hits recount it at once; other processes' hits show within this time.
 */
const TOP_SEARCHED_TTL_MS = 60_000;
/**
 * How long one user's answer is reused. Almost everything that moves a unit's figures also notifies it (orders,
 * invoices, payments, pickups, connection requests), and a notification drops the unit's answers in every process
 * through the change log (`follow`); the unit's own writes drop them in the process that took them (`forgetUnit`).
 * What is left (another process's stock import, the rolling 24-hour window) shows within this time.
 */
const ANSWER_TTL_MS = 30_000;

/**
 * What each customer type can have (SPEC.md §6 and the routes' own rules): only stockists sell online (received
 * orders, schemes on offer, seller preferences); retailers and hospitals place orders; every stock-keeping type
 * keeps stock, sells on invoices (the counter included) and so has debtors; season boys carry consignments and
 * book none. A section a type cannot have is left out of the answer, not filled with zeros.
 */
export function sectionsFor(type: CustomerType, carries: boolean) {
  const keepsStock = (STOCK_KEEPING_TYPES as readonly CustomerType[]).includes(type);
  return {
    sellsOnline: type === 'STOCKIST',
    buysOnline: type === 'RETAILER' || type === 'HOSPITAL',
    keepsStock,
    booksPickups: type !== 'SEASON_BOY',
    carries: type === 'SEASON_BOY' || carries,
  };
}

/** The active warehouse's stock now, valued at PTR: in stock, and the near-expiry windows each including the nearer. */
function inventoryFigures(stock: ReturnType<typeof countStock>, warehouse: { id: string; name: string }): InventoryFigures {
  const none: StockFigure = { batches: 0, quantity: 0, valuePaise: 0 };
  const add = (a: StockFigure, key: Bucket): StockFigure => {
    const b = stock.buckets.get(key) ?? none;
    return { batches: a.batches + b.batches, quantity: a.quantity + b.quantity, valuePaise: a.valuePaise + b.valuePaise };
  };
  const d30 = add(none, '30');
  const d60 = add(d30, '60');
  const d90 = add(d60, '90');
  return {
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    valuedAt: 'PTR',
    inStock: add(d90, 'later'),
    products: stock.products,
    outOfStockProducts: stock.outOfStock,
    nearExpiry: { d30, d60, d90 },
    expired: add(none, 'expired'),
  };
}

/**
 * Values kept ANSWER_TTL_MS unless dropped, with what they depend on (`about`): callers arriving while one is
 * computed share the computation; one dropped while in flight still answers those who asked before the change, and
 * is not kept; a failed one is not kept either. At most `limit` are kept (the oldest go first).
 */
export class Kept<V, About> {
  private readonly entries = new Map<string, { at: number; about: About; value: Promise<V> }>();

  constructor(private readonly limit: number) {}

  /** How many values are held (expired ones included until the next computation lets them go). */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, about: About, at: Date, compute: () => Promise<V>): Promise<V> {
    const now = at.getTime();
    const cached = this.entries.get(key);
    if (cached && now - cached.at < ANSWER_TTL_MS) return cached.value;
    this.entries.delete(key);
    // Oldest first (a value computed again goes to the end): the expired ones, then as many as the limit asks.
    for (const [k, v] of this.entries) {
      if (now - v.at < ANSWER_TTL_MS && this.entries.size < this.limit) break;
      this.entries.delete(k);
    }
    const entry = { at: now, about, value: compute() };
    this.entries.set(key, entry);
    this.forgetIfFailed(key, entry.value);
    return entry.value;
  }

  drop(stale: (about: About) => boolean): void {
    for (const [k, v] of this.entries) if (stale(v.about)) this.entries.delete(k);
  }

  /** The values `changed` picks become what `next` makes of them, as old as they were (callers wait for the new one). */
  update(changed: (about: About) => boolean, next: (value: Promise<V>, about: About) => Promise<V>): void {
    for (const [k, v] of this.entries) {
      if (!changed(v.about)) continue;
      v.value = next(v.value, v.about);
      this.forgetIfFailed(k, v.value);
    }
  }

  private forgetIfFailed(key: string, value: Promise<V>): void {
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
  }
}

/** The dashboard (issue 16): one answer per period, every section read side by side. */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    /** Writes the searches counted in this process (so the most-searched products include them); answers its write count. */
    private readonly flushSearchHits: () => Promise<number>,
    /**
     * Every other read (DATABASE_READ_URL's replica when it is fresh enough, src/db/reader.ts). The most-searched
     * products are read from `db`: this process has just written its counts there, after the request began.
     */
    private readonly reader: Database = db,
  ) {}

  /** Each user's answer per period. */
  private readonly answers = new Kept<Dashboard, { unitId: string; userId: string }>(10_000);
  /**
   * Each warehouse's stock (stock.ts), the largest part of a fresh answer, kept apart from the answers: an answer
   * computed again after a payment or a pickup reads the rest only, and one after an order reads again only the
   * products whose batches changed (the change log's 'warehouse' topic, migration 031, says which warehouses; its
   * 'stock' topic which products).
   */
  private readonly stock = new Kept<HeldStock, { unitId: string; warehouseId: string }>(STOCK_KEPT);

  /** Drops the answers and stock figures the change log says are out of date (see ANSWER_TTL_MS), or patches the stock. */
  follow(feed: ChangeFeed): void {
    feed.subscribe((changes) => {
      const warehouses = changes.get('warehouse');
      if (warehouses) {
        const products = changes.get('stock');
        const changed = (v: { warehouseId: string }) => warehouses.all || warehouses.keys.has(v.warehouseId);
        if (warehouses.all || !products || products.all || products.keys.size === 0 || products.keys.size > PATCH_PRODUCTS_MAX) this.stock.drop(changed);
        else {
          const ids = [...products.keys];
          this.stock.update(changed, (held, v) => held.then((h) => patchStock(this.reader, v.unitId, v.warehouseId, h, ids)));
        }
      }
      for (const [topic, change] of changes) {
        if (topic === 'notification' || topic === 'connection' || topic === 'unit') this.answers.drop((v) => change.all || change.keys.has(v.unitId));
        if (topic === 'user') this.answers.drop((v) => change.all || change.keys.has(v.userId));
      }
    });
  }

  /**
   * The unit wrote something (any request but a read): its figures may have moved. Its stock is left to the change
   * log, which every batch change writes to and every request reads first (app.ts).
   */
  forgetUnit(unitId: string): void {
    this.answers.drop((v) => v.unitId === unitId);
  }

  /** The caller's dashboard, reused as `answers` says. */
  dashboard(caller: Caller, period: DashboardPeriod): Promise<Dashboard> {
    return this.answers.get(`${caller.userId} ${period}`, { unitId: caller.unitId, userId: caller.userId }, this.config.now(), () => this.compute(caller, period));
  }

  private readonly topSearchedCache = new Map<string, { at: number; writes: number; rows: Promise<repo.TopSearched[]> }>();

  /** The marketplace's most-searched products of the window (kept as topSearchedCache says). */
  private async topSearched(w: repo.Window): Promise<repo.TopSearched[]> {
    const writes = await this.flushSearchHits();
    const key = `${w.sinceDay} ${w.untilDay}`;
    const now = Date.now();
    let cached = this.topSearchedCache.get(key);
    if (!cached || cached.writes !== writes || now - cached.at > TOP_SEARCHED_TTL_MS) {
      // Windows of days gone by are not asked for again.
      if (!cached) for (const [k, v] of this.topSearchedCache) if (now - v.at > TOP_SEARCHED_TTL_MS) this.topSearchedCache.delete(k);
      cached = { at: now, writes, rows: repo.topSearched(this.db, w, TOP_SEARCHED) };
      this.topSearchedCache.set(key, cached);
      // A failed count is not kept.
      cached.rows.catch(() => this.topSearchedCache.delete(key));
    }
    return cached.rows;
  }

  private stockOf(unitId: string, warehouseId: string): Promise<HeldStock> {
    return this.stock.get(`${unitId} ${warehouseId}`, { unitId, warehouseId }, this.config.now(), () => readStock(this.reader, unitId, warehouseId));
  }

  private window(period: DashboardPeriod): repo.Window {
    const until = this.config.now();
    const since = new Date(until.getTime() - DASHBOARD_PERIOD_HOURS[period] * 3600_000);
    return { since, until, sinceDay: istDate(since), untilDay: istDate(until) };
  }

  private async compute(caller: Caller, period: DashboardPeriod): Promise<Dashboard> {
    const w = this.window(period);
    const today = w.untilDay;
    const keepsStock = sectionsFor(caller.customerType, false).keepsStock;
    const [user, top] = await Promise.all([repo.userContext(this.reader, caller.userId, caller.unitId), keepsStock ? this.topSearched(w) : undefined]);
    const can = sectionsFor(caller.customerType, user?.delivery_staff === true);
    const warehouse = can.keepsStock && user?.warehouse_id ? { id: user.warehouse_id, name: user.warehouse_name ?? '' } : null;
    const parts: repo.PickupPart[] = [...(can.booksPickups ? (['ONLINE', 'OFFLINE', 'INCOMING'] as const) : []), ...(can.carries ? (['CARRIED'] as const) : [])];
    const unit = caller.unitId;

    // The unit's figures in one statement (db/parts.ts); the warehouse's stock beside it, kept as `stock` says; the
    // buyer's near-expiry offers need its place first.
    const [figures, held, buying] = await Promise.all([
      readParts(this.reader, {
        received: can.sellsOnline ? repo.orderFigures(unit, 'SELLER', w) : undefined,
        placed: can.buysOnline ? repo.orderFigures(unit, 'BUYER', w) : undefined,
        connections: repo.connectionCounts(unit),
        mostSold: can.keepsStock ? repo.mostSold(unit, w, TOP_SOLD) : undefined,
        stocked: top?.length ? repo.stockedAmong(unit, top.map((p) => p.productId), today) : undefined,
        preferences: can.sellsOnline ? preferencesOf(unit) : undefined,
        payments: repo.paymentFigures(unit, w),
        // The same figure as payments' summary: what debtors owe per the ledger, today.
        receivable: can.keepsStock ? sideBalance(unit, 'RECEIVABLE', today) : undefined,
        pickups: repo.pickupCounts(unit, caller.userId, parts, w),
        // Near-expiry offers: bought through the cart, sold as online orders.
        selling: can.sellsOnline ? sellerNearExpiry(unit, today) : undefined,
      }),
      warehouse ? this.stockOf(unit, warehouse.id) : undefined,
      can.buysOnline ? buyerNearExpiry(this.reader, caller, today, NEAR_EXPIRY_TILE_SHOWN) : undefined,
    ]);
    const { received, placed, connections, mostSold, preferences, payments, receivable, pickups, selling } = figures;
    const stock = held ? countStock(held, today) : undefined;
    const schemes = held && stock && can.sellsOnline ? await shownSchemes(this.reader, held, stock.onScheme, SCHEMES_SHOWN) : undefined;
    const mostSearched = top?.map((p) => ({ ...p, stocked: figures.stocked?.has(p.productId) ?? false }));

    return {
      period,
      since: w.since.toISOString(),
      until: w.until.toISOString(),
      customerType: caller.customerType,
      ...(received || placed
        ? {
            orders: {
              ...(placed ? { placed: { placed: placed.all, accepted: placed.accepted, rejected: placed.rejected, pending: placed.pending } } : {}),
              ...(received ? { received: { received: received.all, accepted: received.accepted, rejected: received.rejected, pending: received.pending } } : {}),
            },
          }
        : {}),
      ...(stock && warehouse ? { inventory: inventoryFigures(stock, warehouse) } : {}),
      ...(stock && schemes ? { offers: { running: stock.onScheme.length, schemes } } : {}),
      ...(buying || selling ? { nearExpiry: { ...(buying ? { buying } : {}), ...(selling ? { selling } : {}) } } : {}),
      connections: {
        connected: connections.connected,
        pendingSent: connections.pendingSent,
        ...(can.sellsOnline ? { withAccess: connections.withAccess, pendingReceived: connections.pendingReceived } : {}),
      },
      ...(mostSold ? { mostSold } : {}),
      ...(mostSearched ? { mostSearched } : {}),
      ...(preferences ? { preferences } : {}),
      payments: { ...payments, ...(receivable !== undefined ? { receivablePaise: receivable } : {}) },
      pickups: Object.fromEntries([...pickups].map(([part, counts]) => [part.toLowerCase(), counts])),
    };
  }

  /** Orders per IST day (placed as buyer, received as seller) and sales invoices, the last `days` days to today. */
  async ordersDaily(caller: Caller, days: number): Promise<OrdersGraph> {
    const last = istDate(this.config.now());
    const first = addDays(last, -(days - 1));
    const can = sectionsFor(caller.customerType, false);
    const series = { placed: can.buysOnline, received: can.sellsOnline, sales: can.keepsStock };
    const figures = await repo.dailySeries(this.reader, caller.unitId, series, first, last);
    const zero = { count: 0, valuePaise: 0 };
    return {
      days: Array.from({ length: days }, (_, i) => addDays(first, i)).map((date) => ({
        date,
        ...(series.placed ? { placed: figures.get(`placed ${date}`) ?? zero } : {}),
        ...(series.received ? { received: figures.get(`received ${date}`) ?? zero } : {}),
        ...(series.sales ? { sales: figures.get(`sales ${date}`) ?? zero } : {}),
      })),
    };
  }
}
