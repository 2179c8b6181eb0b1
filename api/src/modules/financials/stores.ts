import { sql } from 'kysely';
import type { StoreDetails, StoreSummary } from 'shared-api';
import type { Database } from '../../db/database';
import { notCancelled } from '../cancellations/books';
import { istStartOf, type Period } from '../ledger/period';
import { addDays } from '../search/text';
import { monthsOf } from './profit-loss';
import { batchStockAt, type BatchStock } from './stock-valuation';

/*
 * The unit's stores (warehouses) side by side: stock at cost and at MRP, what is about to expire, and the period's
 * sales and purchases through each. An invoice line names the batch its units left from, so its warehouse is the
 * batch's; a purchase bill is received into one warehouse (purchase_bills.warehouse_id).
 */

export interface WarehouseRow {
  id: string;
  display_name: string;
  city: string;
  address_line: string | null;
  pincode: string | null;
}

/** Per warehouse and month: taxable sales (less credit notes) and purchases. */
export interface StoreMonth {
  warehouseId: string;
  month: string;
  salesPaise: number;
  purchasesPaise: number;
}

/** Per warehouse: what is owed today on invoices whose goods left it (see outstandingByWarehouse). */
export type OutstandingByWarehouse = ReadonlyMap<string, number>;

export async function storeMonths(db: Database, unitId: string, p: Period, warehouseId?: string): Promise<StoreMonth[]> {
  const batchIn = warehouseId ? sql`AND b.warehouse_id = ${warehouseId}::uuid` : sql``;
  const billIn = warehouseId ? sql`AND pb.warehouse_id = ${warehouseId}::uuid` : sql``;
  const { rows } = await sql<{ warehouse_id: string; month: string; sales: string | number; purchases: string | number }>`
    SELECT warehouse_id, month, sum(sales)::bigint AS sales, sum(purchases)::bigint AS purchases FROM (
      SELECT b.warehouse_id, to_char(i.invoice_date, 'YYYY-MM') AS month, l.taxable_paise AS sales, 0 AS purchases
      FROM sales_invoices i
      JOIN sales_invoice_lines l ON l.invoice_id = i.id
      JOIN inventory_batches b ON b.id = l.batch_id AND b.unit_id = i.unit_id
      WHERE i.unit_id = ${unitId}::uuid AND i.invoice_date BETWEEN ${p.from}::date AND ${p.to}::date ${batchIn} AND ${notCancelled('i.id')}
      UNION ALL
      SELECT b.warehouse_id, to_char(c.credit_note_date, 'YYYY-MM'), -cl.taxable_paise, 0
      FROM credit_notes c
      JOIN credit_note_lines cl ON cl.credit_note_id = c.id
      JOIN inventory_batches b ON b.id = cl.batch_id AND b.unit_id = c.unit_id
      WHERE c.unit_id = ${unitId}::uuid AND c.credit_note_date BETWEEN ${p.from}::date AND ${p.to}::date ${batchIn} AND ${notCancelled('c.id')}
      UNION ALL
      -- on the day it was received (the purchase voucher's date), as the P&L counts it
      SELECT pb.warehouse_id, to_char(v.voucher_date, 'YYYY-MM'), 0, pb.taxable_paise
      FROM purchase_bills pb
      JOIN vouchers v ON v.id = pb.voucher_id
      WHERE pb.unit_id = ${unitId}::uuid AND pb.status = 'RECEIVED' AND v.voucher_date BETWEEN ${p.from}::date AND ${p.to}::date ${billIn} AND ${notCancelled('pb.id')}
    ) t
    GROUP BY warehouse_id, month`.execute(db);
  return rows.map((r) => ({ warehouseId: r.warehouse_id, month: r.month, salesPaise: Number(r.sales), purchasesPaise: Number(r.purchases) }));
}

/**
 * Splits each open invoice's outstanding over the warehouses its goods left from, in proportion to its lines'
 * taxable value per warehouse; the paise left by rounding down go to the largest share, so the parts add up to
 * the invoice's outstanding exactly. Invoices with no line from a batch of ours are not in any store.
 */
export async function outstandingByWarehouse(db: Database, unitId: string, open: readonly { documentId: string; outstandingPaise: number }[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  const owed = open.filter((d) => d.outstandingPaise !== 0);
  if (!owed.length) return result;
  const { rows } = await sql<{ invoice_id: string; warehouse_id: string; taxable: string | number }>`
    SELECT l.invoice_id, b.warehouse_id, sum(l.taxable_paise)::bigint AS taxable
    FROM sales_invoice_lines l
    JOIN sales_invoices i ON i.id = l.invoice_id
    JOIN inventory_batches b ON b.id = l.batch_id AND b.unit_id = i.unit_id
    WHERE i.unit_id = ${unitId}::uuid AND l.invoice_id = ANY(${owed.map((d) => d.documentId)}::uuid[])
    GROUP BY l.invoice_id, b.warehouse_id
    ORDER BY l.invoice_id, b.warehouse_id`.execute(db);
  const byInvoice = new Map<string, { warehouseId: string; taxable: number }[]>();
  for (const r of rows) byInvoice.set(r.invoice_id, [...(byInvoice.get(r.invoice_id) ?? []), { warehouseId: r.warehouse_id, taxable: Number(r.taxable) }]);
  for (const d of owed) {
    const parts = byInvoice.get(d.documentId) ?? [];
    const whole = parts.reduce((s, x) => s + x.taxable, 0);
    if (whole <= 0) continue;
    // BigInt: outstanding × taxable may pass 2^53 on large invoices.
    const shares = parts.map((x) => Number((BigInt(d.outstandingPaise) * BigInt(x.taxable)) / BigInt(whole)));
    let largest = 0;
    parts.forEach((x, i) => {
      if (x.taxable > parts[largest]!.taxable) largest = i;
    });
    shares[largest]! += d.outstandingPaise - shares.reduce((s, x) => s + x, 0);
    parts.forEach((x, i) => result.set(x.warehouseId, (result.get(x.warehouseId) ?? 0) + shares[i]!));
  }
  return result;
}

type Figures = Omit<StoreSummary, 'warehouseId' | 'name' | 'city' | 'isActive'>;

const emptyFigures = (): Figures => ({
  stockValuePaise: 0,
  mrpValuePaise: 0,
  batchCount: 0,
  outOfStockProducts: 0,
  nearExpiry: { d30Paise: 0, d60Paise: 0, d90Paise: 0, expiredPaise: 0 },
  salesPaise: 0,
  purchasesPaise: 0,
  outstandingPaise: 0,
});

/** Stock figures of one warehouse's batches (all of them: zero-stock batches tell which products ran out). */
function stockFigures(batches: readonly BatchStock[], today: string, into: Figures): void {
  const within = (days: number) => addDays(today, days);
  const products = new Map<string, number>();
  for (const b of batches) {
    products.set(b.productId, (products.get(b.productId) ?? 0) + b.quantity);
    if (b.quantity <= 0) continue;
    into.stockValuePaise += b.valuePaise;
    into.mrpValuePaise += b.quantity * b.mrpPaise;
    into.batchCount += 1;
    // Expired as sellable_batches has it: on or before today (an expiry date is the last day of use).
    if (b.expiryDate <= today) into.nearExpiry.expiredPaise += b.valuePaise;
    else {
      if (b.expiryDate <= within(30)) into.nearExpiry.d30Paise += b.valuePaise;
      if (b.expiryDate <= within(60)) into.nearExpiry.d60Paise += b.valuePaise;
      if (b.expiryDate <= within(90)) into.nearExpiry.d90Paise += b.valuePaise;
    }
  }
  into.outOfStockProducts += [...products.values()].filter((q) => q <= 0).length;
}

export interface StoresInput {
  warehouses: readonly WarehouseRow[];
  activeWarehouseId: string | null;
  today: string;
  period: Period;
  outstanding: OutstandingByWarehouse;
}

/** Every asked-for warehouse's summary, with its batches' stock now (kept for the details page). */
export async function storeSummaries(db: Database, unitId: string, input: StoresInput, onlyWarehouse?: string) {
  const [batches, months] = await Promise.all([
    // Stock "today": everything moved up to the end of today (IST).
    batchStockAt(db, { unitId, warehouseId: onlyWarehouse }, istStartOf(addDays(input.today, 1))),
    storeMonths(db, unitId, input.period, onlyWarehouse),
  ]);
  const stores: StoreSummary[] = input.warehouses.map((w) => {
    const figures = emptyFigures();
    stockFigures(
      batches.filter((b) => b.warehouseId === w.id),
      input.today,
      figures,
    );
    for (const m of months.filter((x) => x.warehouseId === w.id)) {
      figures.salesPaise += m.salesPaise;
      figures.purchasesPaise += m.purchasesPaise;
    }
    figures.outstandingPaise = input.outstanding.get(w.id) ?? 0;
    return { warehouseId: w.id, name: w.display_name, city: w.city, isActive: w.id === input.activeWarehouseId, ...figures };
  });
  return { stores, batches, months };
}

export function totalsOf(stores: readonly StoreSummary[]): Figures {
  const t = emptyFigures();
  for (const s of stores) {
    t.stockValuePaise += s.stockValuePaise;
    t.mrpValuePaise += s.mrpValuePaise;
    t.batchCount += s.batchCount;
    t.outOfStockProducts += s.outOfStockProducts;
    t.nearExpiry.d30Paise += s.nearExpiry.d30Paise;
    t.nearExpiry.d60Paise += s.nearExpiry.d60Paise;
    t.nearExpiry.d90Paise += s.nearExpiry.d90Paise;
    t.nearExpiry.expiredPaise += s.nearExpiry.expiredPaise;
    t.salesPaise += s.salesPaise;
    t.purchasesPaise += s.purchasesPaise;
    t.outstandingPaise += s.outstandingPaise;
  }
  return t;
}

/** The details page of one store: its most valuable products, batches expiring within 90 days, months. */
export function storeDetails(
  store: StoreSummary,
  w: WarehouseRow,
  batches: readonly BatchStock[],
  months: readonly StoreMonth[],
  p: Period,
  today: string,
): Omit<StoreDetails, 'from' | 'to'> {
  const byProduct = new Map<string, StoreDetails['topProducts'][number]>();
  for (const b of batches.filter((x) => x.quantity > 0)) {
    const row = byProduct.get(b.productId) ?? { productId: b.productId, productName: b.productName, quantity: 0, stockValuePaise: 0 };
    row.quantity += b.quantity;
    row.stockValuePaise += b.valuePaise;
    byProduct.set(b.productId, row);
  }
  const horizon = addDays(today, 90);
  return {
    store,
    address: w.address_line ? [w.address_line, [w.city, w.pincode].filter(Boolean).join(' ')].join(', ') : null,
    topProducts: [...byProduct.values()].sort((a, b) => b.stockValuePaise - a.stockValuePaise || a.productName.localeCompare(b.productName)).slice(0, 10),
    expiringBatches: batches
      .filter((b) => b.quantity > 0 && b.expiryDate <= horizon)
      .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate) || a.productName.localeCompare(b.productName) || a.batchNo.localeCompare(b.batchNo))
      .map((b) => ({ batchId: b.batchId, productName: b.productName, batchNo: b.batchNo, expiryDate: b.expiryDate, quantity: b.quantity, stockValuePaise: b.valuePaise })),
    months: monthsOf(p).map((month) => {
      const m = months.filter((x) => x.month === month);
      return { month, salesPaise: m.reduce((s, x) => s + x.salesPaise, 0), purchasesPaise: m.reduce((s, x) => s + x.purchasesPaise, 0) };
    }),
  };
}
