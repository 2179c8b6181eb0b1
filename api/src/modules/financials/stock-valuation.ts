import { sql } from 'kysely';
import type { Database } from '../../db/database';

/*
 * Stock at cost, batch by batch, first in first out (issue 14), read from the stock ledger (stock_movements).
 *
 * Every inbound movement (quantity_delta > 0) is a cost layer at its own unit_cost_paise, fixed when it was written
 * (a received purchase bill: the line's taxable value over billed + free units; a sales return: the batch's latest
 * layer; an upload or manual addition: its own PTS, else PTR; anything else: the batch's PTS, else PTR, at that
 * moment, by migration 042's trigger). The batch's current price is never read: editing it, or adding units at a
 * new price, changes no earlier layer, so a past balance sheet, a closed period and the profit of earlier sales stay
 * as they were (issue 32). Outbound movements consume the oldest layers first, so what is on hand at an instant is the newest layers: the
 * layers past the first `out` places of the batch's queue, where `out` is every unit that left before the instant.
 *
 * On-hand is always explained by the movements (inventory_batches.quantity changes only with a movement).
 * Batches written straight into the table without one (test fixtures, any hand-made data) would otherwise be
 * valued wrong; the difference between the batch's quantity and the sum of its movements is taken as an
 * OPENING movement at the batch's creation (positive: a layer at inventory_batches.opening_cost_paise, fixed when the
 * batch was written; negative: units gone), and it
 * counts as stock brought in without a bill, like an upload.
 *
 * The database does the one pass over the movements (per batch: the units out before each instant asked about);
 * the layers (inbound movements, few beside the sales) are walked here. One load answers every instant a report
 * needs, so a profit and loss with its comparison reads the stock ledger once (bench/README.md).
 */

/** Which batches: a unit's, optionally one warehouse's. */
export interface StockScope {
  unitId: string;
  warehouseId?: string | undefined;
}

/** Kinds of movement that bring stock in (or take it out) without a bill: they are "stock brought in" at cost. */
export const BROUGHT_IN_KINDS = ['UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'OPENING'] as const;

interface Layer {
  at: number;
  /** 0 for the OPENING difference (first at its instant), 1 for movements. */
  ord: number;
  id: string;
  kind: string;
  delta: number;
  cost: number;
}

/** A movement of a brought-in kind that took units out, with the units that left the batch before it. */
interface BroughtOut {
  at: number;
  delta: number;
  outBefore: number;
}

interface BatchBook {
  id: string;
  /** The OPENING layer's cost (migration 042), also for queue places past the last layer (data that does not add up). */
  openingCost: number;
  layers: Layer[];
  /** Units out before each instant of the load (by index), the OPENING shortfall included. */
  outAt: number[];
  broughtOut: BroughtOut[];
  /** Units the OPENING difference took out at the batch's creation (0: none). */
  shortfall: { at: number; units: number };
}

const byQueue = (a: Layer, b: Layer) => a.at - b.at || a.ord - b.ord || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Value at cost of the queue places [from, to) of a batch's layers; places past the last layer at the opening cost. */
function placesValue(book: BatchBook, from: number, to: number): number {
  let value = 0;
  let end = 0;
  let covered = 0;
  for (const l of book.layers) {
    const start = end;
    end += l.delta;
    const units = Math.max(0, Math.min(end, to) - Math.max(start, from));
    value += units * l.cost;
    covered += units;
  }
  return value + (to - from - covered) * book.openingCost;
}

/** The scope's stock ledger, loaded once for the instants given (each an instant: a day's boundary is istStartOf). */
export class StockBook {
  private constructor(
    private readonly instants: readonly number[],
    private readonly batches: readonly BatchBook[],
  ) {}

  static async load(db: Database, scope: StockScope, instants: readonly Date[]): Promise<StockBook> {
    const warehouse = scope.warehouseId ? sql`AND b.warehouse_id = ${scope.warehouseId}::uuid` : sql``;
    const scoped = sql`SELECT b.id FROM inventory_batches b WHERE b.unit_id = ${scope.unitId}::uuid ${warehouse}`;
    const outBefore = instants.map((t, i) => sql`coalesce(sum(-m.quantity_delta) FILTER (WHERE m.quantity_delta < 0 AND m.created_at < ${t.toISOString()}::timestamptz), 0)::bigint AS ${sql.ref(`out_${i}`)}`);
    const [batches, totals, inflow, broughtOut] = await Promise.all([
      sql<{ id: string; quantity: number; created_at: Date; opening_cost: number }>`
        SELECT b.id, b.quantity, b.created_at, b.opening_cost_paise AS opening_cost FROM inventory_batches b
        WHERE b.unit_id = ${scope.unitId}::uuid ${warehouse}`.execute(db),
      // By batch only (a batch's movements are its unit's): with unit_id too the planner may AND two bitmap indexes.
      sql<Record<string, string | number> & { batch_id: string; total: string | number }>`
        SELECT m.batch_id, sum(m.quantity_delta)::bigint AS total ${instants.length ? sql`, ${sql.join(outBefore)}` : sql``}
        FROM stock_movements m WHERE m.batch_id IN (${scoped}) GROUP BY m.batch_id`.execute(db),
      sql<{ batch_id: string; id: string; kind: string; delta: number; at: Date; cost: number }>`
        SELECT m.batch_id, m.id, m.kind, m.quantity_delta AS delta, m.created_at AS at, m.unit_cost_paise AS cost
        FROM stock_movements m WHERE m.batch_id IN (${scoped}) AND m.quantity_delta > 0`.execute(db),
      // Rare: uploads that replaced stock with less, adjustments down. Their place in the queue is the units out before.
      sql<{ batch_id: string; delta: number; at: Date; out_before: string | number }>`
        SELECT m.batch_id, m.quantity_delta AS delta, m.created_at AS at,
          (SELECT coalesce(sum(-x.quantity_delta), 0) FROM stock_movements x
           WHERE x.batch_id = m.batch_id AND x.quantity_delta < 0 AND (x.created_at, x.id) < (m.created_at, m.id))::bigint AS out_before
        FROM stock_movements m WHERE m.batch_id IN (${scoped}) AND m.quantity_delta < 0 AND m.kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT')`.execute(db),
    ]);
    const times = instants.map((t) => t.getTime());
    const books = new Map<string, BatchBook>();
    const totalOf = new Map(totals.rows.map((r) => [r.batch_id, r]));
    for (const b of batches.rows) {
      const moved = totalOf.get(b.id);
      const opening = b.quantity - Number(moved?.total ?? 0);
      const created = new Date(b.created_at).getTime();
      const book: BatchBook = {
        id: b.id,
        openingCost: b.opening_cost,
        layers: opening > 0 ? [{ at: created, ord: 0, id: '', kind: 'OPENING', delta: opening, cost: b.opening_cost }] : [],
        outAt: times.map((t, i) => Number(moved?.[`out_${i}`] ?? 0) + (opening < 0 && created < t ? -opening : 0)),
        broughtOut: opening < 0 ? [{ at: created, delta: opening, outBefore: 0 }] : [],
        shortfall: { at: created, units: Math.max(-opening, 0) },
      };
      books.set(b.id, book);
    }
    for (const m of inflow.rows) {
      const book = books.get(m.batch_id)!;
      book.layers.push({ at: new Date(m.at).getTime(), ord: 1, id: m.id, kind: m.kind, delta: m.delta, cost: m.cost });
    }
    for (const m of broughtOut.rows) {
      const book = books.get(m.batch_id)!;
      const at = new Date(m.at).getTime();
      // An OPENING shortfall went out at the batch's creation, before every movement.
      book.broughtOut.push({ at, delta: m.delta, outBefore: Number(m.out_before) + (book.shortfall.at <= at ? book.shortfall.units : 0) });
    }
    for (const book of books.values()) book.layers.sort(byQueue);
    return new StockBook(times, [...books.values()]);
  }

  private index(at: Date): number {
    const i = this.instants.indexOf(at.getTime());
    if (i < 0) throw new Error(`stock: ${at.toISOString()} was not loaded`);
    return i;
  }

  /** Every batch's units and value at cost at `at` (one of the loaded instants). */
  batchesAt(at: Date): { batchId: string; quantity: number; valuePaise: number }[] {
    const i = this.index(at);
    const t = at.getTime();
    return this.batches.map((b) => {
      let inBefore = 0;
      let value = 0;
      let end = 0;
      for (const l of b.layers) {
        if (l.at >= t) continue;
        const start = end;
        end += l.delta;
        inBefore += l.delta;
        value += Math.max(0, end - Math.max(start, b.outAt[i]!)) * l.cost;
      }
      const quantity = inBefore - b.outAt[i]!;
      return { batchId: b.id, quantity: Math.max(quantity, 0), valuePaise: quantity > 0 ? value : 0 };
    });
  }

  /** The scope's stock at cost at `at`. */
  valueAt(at: Date): number {
    return this.batchesAt(at).reduce((s, b) => s + b.valuePaise, 0);
  }

  /**
   * Stock brought in without a bill between `from` (inclusive; null: since the beginning) and `to` (exclusive), at
   * cost: inbound movements of BROUGHT_IN_KINDS at their layer's cost, outbound ones (a REPLACE upload or an
   * adjustment that lowers a batch) at the FIFO cost of the units they took out, i.e. of the oldest layers left.
   */
  broughtIn(from: Date | null, to: Date): number {
    const lo = from ? from.getTime() : -Infinity;
    const hi = to.getTime();
    const inside = (at: number) => at >= lo && at < hi;
    let value = 0;
    for (const b of this.batches) {
      for (const l of b.layers) if ((BROUGHT_IN_KINDS as readonly string[]).includes(l.kind) && inside(l.at)) value += l.delta * l.cost;
      for (const o of b.broughtOut) if (inside(o.at)) value -= placesValue(b, o.outBefore, o.outBefore - o.delta);
    }
    return value;
  }
}

export interface BatchStock {
  batchId: string;
  warehouseId: string;
  productId: string;
  productName: string;
  batchNo: string;
  expiryDate: string;
  mrpPaise: number;
  quantity: number;
  valuePaise: number;
}

/** Every batch of the scope with what it held at `at` and its value at cost (batches never stocked: 0). */
export async function batchStockAt(db: Database, scope: StockScope, at: Date): Promise<BatchStock[]> {
  const [book, batches] = await Promise.all([
    StockBook.load(db, scope, [at]),
    db
      .selectFrom('inventory_batches as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.id', 'b.warehouse_id', 'b.product_id', 'p.name', 'b.batch_no', 'b.expiry_date', 'b.mrp_paise'])
      .where('b.unit_id', '=', scope.unitId)
      .$if(!!scope.warehouseId, (q) => q.where('b.warehouse_id', '=', scope.warehouseId!))
      .execute(),
  ]);
  const stock = new Map(book.batchesAt(at).map((s) => [s.batchId, s]));
  return batches.map((b) => ({
    batchId: b.id,
    warehouseId: b.warehouse_id,
    productId: b.product_id,
    productName: b.name,
    batchNo: b.batch_no,
    expiryDate: b.expiry_date,
    mrpPaise: b.mrp_paise,
    quantity: stock.get(b.id)?.quantity ?? 0,
    valuePaise: stock.get(b.id)?.valuePaise ?? 0,
  }));
}

/** The scope's stock at cost at `at` (an instant: a day's boundary is istStartOf). */
export async function stockValueAt(db: Database, scope: StockScope, at: Date): Promise<number> {
  return (await StockBook.load(db, scope, [at])).valueAt(at);
}

/** Stock brought in without a bill between `from` (inclusive; null: since the beginning) and `to` (exclusive). */
export async function stockBroughtIn(db: Database, scope: StockScope, from: Date | null, to: Date): Promise<number> {
  return (await StockBook.load(db, scope, [])).broughtIn(from, to);
}
