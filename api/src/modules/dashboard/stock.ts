import { sql } from 'kysely';
import type { OfferFigures, StockFigure } from 'shared-api';
import type { Database } from '../../db/database';
import { addDays } from '../search/text';

/*
 * A warehouse's stock as the dashboard keeps it in the process (issue 16): its batches by product, with only the
 * columns of migration 030's covering index, so the first read is one index-only scan of ~1,000 entries for a
 * stockist. The figures are counted from it per answer. When some of the warehouse's batches change, only those
 * products' batches are read again (`patchStock`), by the index of a product's batches per unit: a view right after an
 * order then costs a few index probes instead of the whole warehouse (bench/README.md, Dashboard, run 7).
 */

/** A batch as the figures need it. */
interface Batch {
  id: string;
  productId: string;
  /** 'YYYY-MM-DD' */
  expiry: string;
  quantity: number;
  reserved: number;
  ptrPaise: number;
  schemeFree: number | null;
  /** Under a recall (recalls/block.ts): held, but neither sellable nor on a running scheme. */
  recalled: boolean;
}

/** What a shown scheme also says; fetched for those shown only, and kept. */
interface Label {
  productName: string;
  batchNo: string;
  schemeBuy: number;
}

export interface HeldStock {
  readonly byProduct: ReadonlyMap<string, readonly Batch[]>;
  /** By batch id; filled as schemes are shown, renewed with their products' batches. */
  readonly labels: Map<string, Label>;
}

const COLUMNS = sql`b.id, b.product_id AS "productId", b.expiry_date AS expiry, b.quantity, b.reserved, b.ptr_paise AS "ptrPaise", b.scheme_free AS "schemeFree"`;
/** A Label of batch b, its product p joined. */
const LABEL = sql`p.name AS "productName", b.batch_no AS "batchNo", coalesce(b.scheme_buy, 0) AS "schemeBuy"`;

function add(byProduct: Map<string, Batch[]>, b: Batch) {
  const batches = byProduct.get(b.productId);
  if (batches) batches.push(b);
  else byProduct.set(b.productId, [b]);
}

/**
 * Every batch of the warehouse. recall_id is not in the covering index, and reading it with the rest would cost the
 * heap pages the index spares; so only the batches of products under an active recall (few, by recalls_active_product)
 * are looked up by id for it (recalls/block.ts).
 */
export async function readStock(db: Database, unitId: string, warehouseId: string): Promise<HeldStock> {
  const { rows } = await sql<Omit<Batch, 'recalled'>>`SELECT ${COLUMNS} FROM inventory_batches b WHERE b.unit_id = ${unitId} AND b.warehouse_id = ${warehouseId}`.execute(db);
  const recalled = await recalledBatchIds(db, rows);
  const byProduct = new Map<string, Batch[]>();
  for (const b of rows) add(byProduct, { ...b, recalled: recalled.has(b.id) });
  return { byProduct, labels: new Map() };
}

/** Which of these batches are under a recall: none to look up unless a product of theirs has an active recall. */
async function recalledBatchIds(db: Database, batches: readonly { id: string; productId: string }[]): Promise<Set<string>> {
  if (!batches.length) return new Set();
  const products = [...new Set(batches.map((b) => b.productId))];
  const { rows: recalledProducts } = await sql<{ product_id: string }>`
    SELECT DISTINCT product_id FROM recalls WHERE status = 'ACTIVE' AND product_id = ANY(${products}::uuid[])`.execute(db);
  if (!recalledProducts.length) return new Set();
  const under = new Set(recalledProducts.map((r) => r.product_id));
  const candidates = batches.filter((b) => under.has(b.productId)).map((b) => b.id);
  const { rows } = await sql<{ id: string }>`SELECT id FROM inventory_batches WHERE id = ANY(${candidates}::uuid[]) AND recall_id IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/**
 * The stock with the batches of `productIds` read again, with their labels (a renamed product shows at once). The
 * unit's batches of those products, by the index of a product's batches per unit; those of its other warehouses are
 * left here. With the warehouse in the statement, PostgreSQL took unit and warehouse for independent and expected one
 * batch from the warehouse's own index, so it read all ~1,000 there (3 ms instead of a few index probes).
 */
export async function patchStock(db: Database, unitId: string, warehouseId: string, held: HeldStock, productIds: readonly string[]): Promise<HeldStock> {
  const { rows } = await sql<Batch & Label & { warehouseId: string }>`
    SELECT ${COLUMNS}, b.recall_id IS NOT NULL AS recalled, b.warehouse_id AS "warehouseId", ${LABEL}
    FROM inventory_batches b JOIN products p ON p.id = b.product_id
    WHERE b.product_id = ANY(${[...productIds]}::uuid[]) AND b.unit_id = ${unitId}`.execute(db);
  // A new value, not the kept one changed: an answer counting from the kept one sees it whole.
  const byProduct = new Map(held.byProduct as Map<string, Batch[]>);
  const labels = new Map(held.labels);
  for (const id of productIds) {
    for (const b of held.byProduct.get(id) ?? []) labels.delete(b.id);
    byProduct.delete(id);
  }
  for (const { productName, batchNo, schemeBuy, warehouseId: where, ...b } of rows) {
    if (where !== warehouseId) continue;
    add(byProduct, b);
    labels.set(b.id, { productName, batchNo, schemeBuy });
  }
  return { byProduct, labels };
}

/** Expiry windows from today: 'expired', then '30', '60', '90' days (each after the one before), then 'later'. */
export type Bucket = 'expired' | '30' | '60' | '90' | 'later';

/**
 * The figures of the stock as of `today`: units with stock by expiry window (valued at PTR), the products held and
 * those with nothing left to sell (no unexpired, unreserved units outside a recall), and the unexpired batches on sale
 * (not recalled) with a free-quantity scheme.
 */
export function countStock(held: HeldStock, today: string) {
  const limits: [Bucket, string][] = [
    ['expired', today],
    ['30', addDays(today, 30)],
    ['60', addDays(today, 60)],
    ['90', addDays(today, 90)],
  ];
  const buckets = new Map<Bucket, StockFigure>();
  const onScheme: Batch[] = [];
  let outOfStock = 0;
  for (const batches of held.byProduct.values()) {
    let sellable = 0;
    for (const b of batches) {
      const onSale = b.expiry > today && !b.recalled;
      if (onSale) sellable += b.quantity - b.reserved;
      if (onSale && (b.schemeFree ?? 0) > 0 && b.quantity > b.reserved) onScheme.push(b);
      if (b.quantity <= 0) continue;
      const key = limits.find(([, last]) => b.expiry <= last)?.[0] ?? 'later';
      const f = buckets.get(key) ?? { batches: 0, quantity: 0, valuePaise: 0 };
      buckets.set(key, { batches: f.batches + 1, quantity: f.quantity + b.quantity, valuePaise: f.valuePaise + b.quantity * b.ptrPaise });
    }
    if (sellable <= 0) outOfStock++;
  }
  return { buckets, products: held.byProduct.size, outOfStock, onScheme };
}

/** Text order as PostgreSQL's C collation (initdb's --locale=C) has it: by code unit. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The `shown` schemes expiring first (then by product name, then batch id). Labels are fetched for the batches
 * expiring no later than the last one shown, when not kept yet.
 */
export async function shownSchemes(db: Database, held: HeldStock, onScheme: readonly Batch[], shown: number): Promise<OfferFigures['schemes']> {
  const byExpiry = [...onScheme].sort((a, b) => byText(a.expiry, b.expiry));
  const last = byExpiry[shown - 1]?.expiry;
  const candidates = last === undefined ? byExpiry : byExpiry.filter((b) => b.expiry <= last);
  const missing = candidates.filter((b) => !held.labels.has(b.id)).map((b) => b.id);
  if (missing.length) {
    const { rows } = await sql<Label & { id: string }>`
      SELECT b.id, ${LABEL}
      FROM inventory_batches b JOIN products p ON p.id = b.product_id WHERE b.id = ANY(${missing}::uuid[])`.execute(db);
    for (const { id, ...label } of rows) held.labels.set(id, label);
  }
  // A batch deleted since the stock was read has no label: it is not shown (the change log drops it shortly).
  const labelled = candidates.flatMap((b) => {
    const label = held.labels.get(b.id);
    return label ? [{ b, label }] : [];
  });
  labelled.sort((x, y) => byText(x.b.expiry, y.b.expiry) || byText(x.label.productName, y.label.productName) || byText(x.b.id, y.b.id));
  return labelled.slice(0, shown).map(({ b, label }) => ({
    batchId: b.id,
    productId: b.productId,
    productName: label.productName,
    batchNo: label.batchNo,
    expiryDate: b.expiry,
    schemeBuy: label.schemeBuy,
    schemeFree: b.schemeFree ?? 0,
    available: b.quantity - b.reserved,
    ptrPaise: b.ptrPaise,
  }));
}
