import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/*
 * Stock at cost, batch by batch, first in first out (issue 14), read from the stock ledger (stock_movements).
 *
 * Every inbound movement (quantity_delta > 0) is a cost layer. Its cost per unit is unit_cost_paise when the cost
 * was known (a received purchase bill: the line's taxable value over billed + free units; a sales return: the
 * batch's latest layer), otherwise the batch's PTS, else its PTR: uploads, manual additions and rows written
 * before migration 016 carry no cost, and PTS (the stockist's buying price) is the best stand-in we have.
 * Outbound movements consume the oldest layers first, so what is on hand at an instant is the newest layers.
 *
 * On-hand is always explained by the movements (inventory_batches.quantity changes only with a movement).
 * Batches written straight into the table without one (test fixtures, any hand-made data) would otherwise be
 * valued wrong; the difference between the batch's quantity and the sum of its movements is taken as an
 * OPENING movement at the batch's creation (positive: a layer at the default cost; negative: units gone), and it
 * counts as stock brought in without a bill, like an upload.
 */

/** Which batches: a unit's, optionally one warehouse's. */
export interface StockScope {
  unitId: string;
  warehouseId?: string | undefined;
}

/** Kinds of movement that bring stock in (or take it out) without a bill: they are "stock brought in" at cost. */
export const BROUGHT_IN_KINDS = ['UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'OPENING'] as const;

/**
 * The CTEs every stock query starts from: `scoped` (the batches with their default cost) and `mv` (their
 * movements plus the OPENING difference), ordered within a batch by (at, ord, id).
 */
function movementsCte(scope: StockScope): RawBuilder<unknown> {
  const warehouse = scope.warehouseId ? sql`AND b.warehouse_id = ${scope.warehouseId}::uuid` : sql``;
  return sql`
    scoped AS (
      SELECT b.id, b.quantity, b.created_at, coalesce(b.pts_paise, b.ptr_paise) AS default_cost
      FROM inventory_batches b WHERE b.unit_id = ${scope.unitId}::uuid ${warehouse}
    ),
    moved AS (
      SELECT m.batch_id, m.id::text AS id, m.kind, m.quantity_delta AS delta, m.created_at AS at, 1 AS ord,
             coalesce(m.unit_cost_paise, s.default_cost) AS cost, s.default_cost
      -- by batch only (a batch's movements are its unit's): with unit_id too the planner may AND two bitmap
      -- indexes once per batch, reading the unit's whole index each time
      FROM stock_movements m JOIN scoped s ON s.id = m.batch_id
    ),
    mv AS (
      SELECT batch_id, id, kind, delta, at, ord, cost, default_cost FROM moved
      UNION ALL
      SELECT s.id, '', 'OPENING', s.quantity - coalesce(t.total, 0), s.created_at, 0, s.default_cost, s.default_cost
      FROM scoped s LEFT JOIN (SELECT batch_id, sum(delta) AS total FROM moved GROUP BY batch_id) t ON t.batch_id = s.id
      WHERE s.quantity <> coalesce(t.total, 0)
    )`;
}

/**
 * Per batch at instant `at` (movements strictly before it): inflow layers with their place in the batch's FIFO
 * queue [in_end - delta, in_end), and the units that have gone out; what is left is the queue from `out` onwards.
 */
function valuedCte(scope: StockScope, at: Date): RawBuilder<unknown> {
  return sql`
    WITH ${movementsCte(scope)},
    layers AS (
      SELECT batch_id, delta, cost,
             sum(delta) OVER (PARTITION BY batch_id ORDER BY at, ord, id ROWS UNBOUNDED PRECEDING) AS in_end
      FROM mv WHERE at < ${at}::timestamptz AND delta > 0
    ),
    outs AS (
      SELECT batch_id, -sum(delta) AS out FROM mv WHERE at < ${at}::timestamptz AND delta < 0 GROUP BY batch_id
    ),
    valued AS (
      SELECT l.batch_id, max(l.in_end) - coalesce(max(o.out), 0) AS quantity,
             sum(l.cost * greatest(0, l.in_end - greatest(l.in_end - l.delta, coalesce(o.out, 0)))) AS value
      FROM layers l LEFT JOIN outs o ON o.batch_id = l.batch_id
      GROUP BY l.batch_id
    )`;
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
  // Two plain queries joined here: joining the valued CTE back to the batches in SQL invites a nested loop over
  // the CTE (its row estimates are tiny), quadratic in the number of batches.
  const [valued, batches] = await Promise.all([
    sql<{ batch_id: string; quantity: string | number; value: string | number }>`
      ${valuedCte(scope, at)}
      SELECT batch_id, quantity::bigint AS quantity, value::bigint AS value FROM valued WHERE quantity > 0`.execute(db),
    db
      .selectFrom('inventory_batches as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.id', 'b.warehouse_id', 'b.product_id', 'p.name', 'b.batch_no', 'b.expiry_date', 'b.mrp_paise'])
      .where('b.unit_id', '=', scope.unitId)
      .$if(!!scope.warehouseId, (q) => q.where('b.warehouse_id', '=', scope.warehouseId!))
      .execute(),
  ]);
  const stock = new Map(valued.rows.map((r) => [r.batch_id, r]));
  return batches.map((b) => {
    const s = stock.get(b.id);
    return {
      batchId: b.id,
      warehouseId: b.warehouse_id,
      productId: b.product_id,
      productName: b.name,
      batchNo: b.batch_no,
      expiryDate: b.expiry_date,
      mrpPaise: b.mrp_paise,
      quantity: s ? Number(s.quantity) : 0,
      valuePaise: s ? Number(s.value) : 0,
    };
  });
}

/** The scope's stock at cost at `at` (an instant: a day's boundary is istStartOf). */
export async function stockValueAt(db: Database, scope: StockScope, at: Date): Promise<number> {
  const { rows } = await sql<{ value: string | number | null }>`
    ${valuedCte(scope, at)}
    SELECT sum(CASE WHEN quantity > 0 THEN value ELSE 0 END)::bigint AS value FROM valued`.execute(db);
  return Number(rows[0]?.value ?? 0);
}

/**
 * Stock brought in without a bill between `from` (inclusive; null: since the beginning) and `to` (exclusive), at
 * cost: inbound movements of BROUGHT_IN_KINDS at their layer's cost, outbound ones (a REPLACE upload or an
 * adjustment that lowers a batch) at the FIFO cost of the units they took out, i.e. of the oldest layers left.
 */
export async function stockBroughtIn(db: Database, scope: StockScope, from: Date | null, to: Date): Promise<number> {
  const since = from ? sql`AND at >= ${from}::timestamptz` : sql``;
  const { rows } = await sql<{ value: string | number | null }>`
    WITH ${movementsCte(scope)},
    queue AS (
      SELECT batch_id, id, ord, at, kind, delta, cost, default_cost,
             sum(greatest(delta, 0)) OVER w AS in_end,
             sum(greatest(-delta, 0)) OVER w AS out_end
      FROM mv WHERE at < ${to}::timestamptz
      WINDOW w AS (PARTITION BY batch_id ORDER BY at, ord, id ROWS UNBOUNDED PRECEDING)
    ),
    brought AS (
      SELECT * FROM queue WHERE kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'OPENING') ${since}
    ),
    taken AS (
      -- units out of FIFO places [out_end + delta, out_end): the layers that held those places
      SELECT o.batch_id, o.id, o.ord, o.delta, o.default_cost,
             coalesce(sum(i.cost * (least(i.in_end, o.out_end) - greatest(i.in_end - i.delta, o.out_end + o.delta))), 0) AS value,
             coalesce(sum(least(i.in_end, o.out_end) - greatest(i.in_end - i.delta, o.out_end + o.delta)), 0) AS units
      FROM brought o
      LEFT JOIN queue i ON i.batch_id = o.batch_id AND i.delta > 0 AND i.in_end > o.out_end + o.delta AND i.in_end - i.delta < o.out_end
      WHERE o.delta < 0
      GROUP BY o.batch_id, o.id, o.ord, o.delta, o.default_cost
    )
    SELECT (coalesce((SELECT sum(delta * cost) FROM brought WHERE delta > 0), 0)
          - coalesce((SELECT sum(value + (-delta - units) * default_cost) FROM taken), 0))::bigint AS value`.execute(db);
  return Number(rows[0]?.value ?? 0);
}
