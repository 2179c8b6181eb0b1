import { sql, type Kysely } from 'kysely';
import type { Recall, RecallTrace } from 'shared-api';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { istDate } from '../search/text';
import { matches } from './matching';

/*
 * A recall's trace for one unit (issue 35): which of its batches the recall names, where their units came from
 * (bills, uploads, additions by hand, buyers' returns), where they went (invoices, counter sales, and how many came
 * back), and what its quarantine holds. Every query starts from the unit's matching batches and reads the lines of
 * those batches only (migration 050's indexes), so a trace costs the same on the bench marketplace as on the demo.
 */

/** A recall's detail as the caller may see it (RecallsService.detail: 404 unless the recall reaches the caller). */
export type RecallDetail = (caller: Caller, recallId: string) => Promise<Recall>;

/** What a recall matches: one product's batches by number (recall_batch_key) or expiry. */
export interface RecallScope {
  id: string;
  recallNumber: string;
  productId: string;
  productName: string;
  manufacturer: string;
  reason: Recall['reason'];
  status: 'ACTIVE' | 'LIFTED';
  expiryUpTo: string | null;
  keys: string[];
  raisedAt: Date;
  raisedByUnitId: string;
}

export async function recallScope(db: Kysely<DB>, recallId: string): Promise<RecallScope> {
  if (!isUuid(recallId)) throw notFound();
  const r = await db
    .selectFrom('recalls as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.id', 'r.recall_number', 'r.product_id', 'p.name', 'p.manufacturer', 'r.reason', 'r.status', 'r.expiry_up_to', 'r.raised_at', 'r.raised_by_unit_id'])
    .where('r.id', '=', recallId)
    .executeTakeFirst();
  if (!r) throw notFound();
  const keys = await db.selectFrom('recall_batches').select('batch_key').where('recall_id', '=', recallId).execute();
  return {
    id: r.id,
    recallNumber: r.recall_number,
    productId: r.product_id,
    productName: r.name,
    manufacturer: r.manufacturer,
    reason: r.reason,
    status: r.status,
    expiryUpTo: r.expiry_up_to,
    keys: keys.map((k) => k.batch_key),
    raisedAt: new Date(r.raised_at),
    raisedByUnitId: r.raised_by_unit_id,
  };
}

export interface UnitBatch {
  id: string;
  batch_no: string;
  expiry_date: string;
  quantity: number;
  warehouse_name: string;
}

/**
 * The unit's batches the recall names, and any batch its quarantine under the recall came from (always of the same
 * product): the product and unit first, so inventory_batches_product_unit finds them.
 */
export async function unitBatches(db: Kysely<DB>, s: RecallScope, unitId: string): Promise<UnitBatch[]> {
  const { rows } = await sql<UnitBatch>`
    SELECT b.id, b.batch_no, b.expiry_date, b.quantity, w.display_name AS warehouse_name
    FROM inventory_batches b JOIN warehouses w ON w.id = b.warehouse_id
    WHERE b.unit_id = ${unitId}::uuid AND b.product_id = ${s.productId}::uuid AND (${matches('b', s)}
      OR b.id IN (SELECT batch_id FROM non_saleable_stock_movements WHERE recall_id = ${s.id}::uuid AND unit_id = ${unitId}::uuid))
    ORDER BY b.batch_no, b.expiry_date, b.id`.execute(db);
  return rows;
}

export interface SaleRow {
  batch_no: string;
  buyer_name: string;
  buyer_unit_id: string | null;
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  counter: boolean;
  quantity: number;
  returned: number;
}

/** What the unit sold of these batches (invoices and counter sales, cancelled ones left out), with what came back. */
export async function salesOf(db: Kysely<DB>, unitId: string, batchIds: readonly string[]): Promise<SaleRow[]> {
  if (!batchIds.length) return [];
  const { rows } = await sql<SaleRow>`
    SELECT l.batch_no, i.recipient_name AS buyer_name, i.buyer_unit_id, i.id AS invoice_id, i.invoice_number, i.invoice_date,
      (cs.invoice_id IS NOT NULL) AS counter, (l.quantity + l.free_quantity)::int AS quantity,
      coalesce((SELECT sum(cl.quantity + cl.free_quantity) FROM credit_note_lines cl
                WHERE cl.invoice_id = l.invoice_id AND cl.invoice_position = l.position
                  AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = cl.credit_note_id)), 0)::int AS returned
    FROM sales_invoice_lines l
    JOIN sales_invoices i ON i.id = l.invoice_id
    LEFT JOIN counter_sales cs ON cs.invoice_id = i.id
    WHERE l.batch_id = ANY(${batchIds}::uuid[]) AND i.unit_id = ${unitId}::uuid
      AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = i.id)
    ORDER BY i.invoice_date, i.invoice_number, l.position`.execute(db);
  return rows;
}

/** The unit's quarantine under a recall by what moved it (source_type, migration 047). */
export async function quarantineOf(db: Kysely<DB>, unitId: string, recallId: string): Promise<RecallTrace['quarantine']> {
  const { rows } = await sql<RecallTrace['quarantine']>`
    SELECT coalesce(sum(quantity_delta), 0)::int AS quarantined,
      coalesce(-sum(quantity_delta) FILTER (WHERE source_type IN ('DEBIT_NOTE', 'DEBIT_NOTE_CANCELLED')), 0)::int AS "returnedToSupplier",
      coalesce(sum(quantity_delta) FILTER (WHERE source_type IN ('CREDIT_NOTE', 'CREDIT_NOTE_CANCELLED')), 0)::int AS "returnedByBuyers",
      coalesce(-sum(quantity_delta) FILTER (WHERE source_type = 'RECALL_DESTRUCTION'), 0)::int AS destroyed
    FROM non_saleable_stock_movements WHERE recall_id = ${recallId}::uuid AND unit_id = ${unitId}::uuid`.execute(db);
  return rows[0]!;
}

/** The debit notes a return to supplier would issue: quarantined units per platform bill line they came on. */
export interface ReturnPlan {
  quarantined: number;
  returnable: number;
  bills: Map<string, { lines: { position: number; quantity: number; freeQuantity: number }[]; units: number }>;
}

/**
 * Quarantined units of each batch are matched to the platform bills the batch was received on, newest bill first (the
 * older units were the first sold), each line up to what it brought in less what debit notes already returned; paid
 * units go back before free ones. Units of uploads, additions by hand or bills keyed by hand stay unmatched.
 */
export async function returnPlan(db: Kysely<DB>, unitId: string, recallId: string): Promise<ReturnPlan> {
  const held = await sql<{ batch_id: string; units: number }>`
    SELECT batch_id, sum(quantity_delta)::int AS units FROM non_saleable_stock_movements
    WHERE recall_id = ${recallId}::uuid AND unit_id = ${unitId}::uuid AND batch_id IS NOT NULL
    GROUP BY batch_id HAVING sum(quantity_delta) > 0`.execute(db);
  const plan: ReturnPlan = { quarantined: held.rows.reduce((n, h) => n + h.units, 0), returnable: 0, bills: new Map() };
  if (!held.rows.length) return plan;
  const { rows } = await sql<{ bill_id: string; position: number; batch_id: string; quantity: number; free_quantity: number; received: number; paid_back: number; free_back: number }>`
    SELECT l.bill_id, l.position, l.batch_id, l.quantity, l.free_quantity, coalesce(l.received_quantity, 0) AS received,
      coalesce(r.paid, 0)::int AS paid_back, coalesce(r.free, 0)::int AS free_back
    FROM purchase_bill_lines l
    JOIN purchase_bills pb ON pb.id = l.bill_id
    LEFT JOIN LATERAL (
      SELECT sum(dl.quantity) AS paid, sum(dl.free_quantity) AS free FROM debit_note_lines dl JOIN debit_notes n ON n.id = dl.debit_note_id
      WHERE n.bill_id = l.bill_id AND dl.bill_position = l.position
        AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = n.id)) r ON true
    WHERE l.batch_id = ANY(${held.rows.map((h) => h.batch_id)}::uuid[]) AND pb.unit_id = ${unitId}::uuid
      AND pb.status = 'RECEIVED' AND pb.source = 'PLATFORM' AND pb.sales_invoice_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = pb.id)
    ORDER BY pb.received_at DESC, pb.id, l.position`.execute(db);
  const need = new Map(held.rows.map((h) => [h.batch_id, h.units]));
  for (const l of rows) {
    const want = need.get(l.batch_id) ?? 0;
    const take = Math.min(want, l.received - l.paid_back - l.free_back);
    if (take <= 0) continue;
    const quantity = Math.min(take, Math.max(0, l.quantity - l.paid_back));
    const bill = plan.bills.get(l.bill_id) ?? { lines: [], units: 0 };
    bill.lines.push({ position: l.position, quantity, freeQuantity: take - quantity });
    bill.units += take;
    plan.bills.set(l.bill_id, bill);
    plan.returnable += take;
    need.set(l.batch_id, want - take);
  }
  return plan;
}

export class RecallTraces {
  constructor(
    private readonly db: Database,
    private readonly detail: RecallDetail,
  ) {}

  /** The caller's unit's trace of a recall; 404 unless the recall reaches it. */
  async trace(caller: Caller, recallId: string): Promise<RecallTrace> {
    const recall = await this.detail(caller, recallId);
    const scope = await recallScope(this.db, recallId);
    const unit = caller.unitId;
    const batches = await unitBatches(this.db, scope, unit);
    const ids = batches.map((b) => b.id);
    const [bills, added, creditNotes, sales, held, quarantine, asked, plan] = await Promise.all([
      ids.length
        ? sql<{ batch_no: string; supplier_name: string; supplier_unit_id: string | null; id: string; bill_number: string; bill_date: string; quantity: number }>`
            SELECT l.batch_no, pb.supplier_name, pb.supplier_unit_id, pb.id, pb.bill_number, pb.bill_date, coalesce(l.received_quantity, 0)::int AS quantity
            FROM purchase_bill_lines l JOIN purchase_bills pb ON pb.id = l.bill_id
            WHERE l.batch_id = ANY(${ids}::uuid[]) AND pb.unit_id = ${unit}::uuid AND pb.status = 'RECEIVED'
              AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = pb.id)
            ORDER BY pb.bill_date, pb.bill_number, l.position`.execute(this.db)
        : { rows: [] },
      ids.length
        ? sql<{ batch_no: string; kind: 'UPLOAD' | 'MANUAL_ADD'; reference: string | null; created_at: Date; quantity: number }>`
            SELECT b.batch_no, m.kind, m.reference, m.created_at, m.quantity_delta AS quantity
            FROM stock_movements m JOIN inventory_batches b ON b.id = m.batch_id
            WHERE m.batch_id = ANY(${ids}::uuid[]) AND m.kind IN ('UPLOAD', 'MANUAL_ADD') AND m.quantity_delta > 0
            ORDER BY m.created_at, m.id`.execute(this.db)
        : { rows: [] },
      ids.length
        ? sql<{ batch_no: string; recipient_name: string; buyer_unit_id: string | null; id: string; credit_note_number: string; credit_note_date: string; quantity: number }>`
            SELECT l.batch_no, c.recipient_name, c.buyer_unit_id, c.id, c.credit_note_number, c.credit_note_date, (l.quantity + l.free_quantity)::int AS quantity
            FROM credit_note_lines l JOIN credit_notes c ON c.id = l.credit_note_id
            WHERE l.batch_id = ANY(${ids}::uuid[]) AND c.unit_id = ${unit}::uuid
              AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = c.id)
            ORDER BY c.credit_note_date, c.credit_note_number, l.position`.execute(this.db)
        : { rows: [] },
      salesOf(this.db, unit, ids),
      sql<{ batch_id: string; units: number }>`
        SELECT batch_id, sum(quantity_delta)::int AS units FROM non_saleable_stock_movements
        WHERE recall_id = ${recallId}::uuid AND unit_id = ${unit}::uuid AND batch_id IS NOT NULL GROUP BY batch_id`.execute(this.db),
      quarantineOf(this.db, unit, recallId),
      this.db
        .selectFrom('recall_parties')
        .select(['unit_id', 'asked_to_return_at'])
        .where('recall_id', '=', recallId)
        .where('role', '=', 'BUYER')
        .where('asked_by_unit_id', '=', unit)
        .execute(),
      returnPlan(this.db, unit, recallId),
    ]);
    const heldOf = new Map(held.rows.map((h) => [h.batch_id, h.units]));
    const askedOf = new Map(asked.map((a) => [a.unit_id, a.asked_to_return_at ? new Date(a.asked_to_return_at).toISOString() : null]));
    const walkIns = sales.filter((s) => s.counter && !s.buyer_unit_id);
    const traced = sales.filter((s) => !(s.counter && !s.buyer_unit_id));
    const buyersToAsk = new Set(traced.filter((s) => s.buyer_unit_id && !askedOf.get(s.buyer_unit_id) && s.quantity > s.returned).map((s) => s.buyer_unit_id));
    return {
      recall,
      batches: batches.map((b) => ({ batchNo: b.batch_no, expiryDate: b.expiry_date, warehouseName: b.warehouse_name, onHand: b.quantity, quarantined: heldOf.get(b.id) ?? 0 })),
      received: [
        ...bills.rows.map((r) => ({
          batchNo: r.batch_no,
          supplierName: r.supplier_name,
          supplierUnitId: r.supplier_unit_id,
          documentType: 'PURCHASE_BILL' as const,
          documentId: r.id,
          documentNumber: r.bill_number,
          date: r.bill_date,
          quantity: r.quantity,
        })),
        ...added.rows.map((r) => ({
          batchNo: r.batch_no,
          supplierName: r.kind === 'UPLOAD' ? 'Stock upload' : 'Added by hand',
          supplierUnitId: null,
          documentType: r.kind,
          documentId: r.reference,
          documentNumber: null,
          date: istDate(new Date(r.created_at)),
          quantity: r.quantity,
        })),
        ...creditNotes.rows.map((r) => ({
          batchNo: r.batch_no,
          supplierName: r.recipient_name,
          supplierUnitId: r.buyer_unit_id,
          documentType: 'CREDIT_NOTE' as const,
          documentId: r.id,
          documentNumber: r.credit_note_number,
          date: r.credit_note_date,
          quantity: r.quantity,
        })),
      ],
      sold: traced.map((s) => ({
        batchNo: s.batch_no,
        buyerName: s.buyer_name,
        buyerUnitId: s.buyer_unit_id,
        documentType: s.counter ? ('COUNTER_SALE' as const) : ('INVOICE' as const),
        documentId: s.invoice_id,
        documentNumber: s.invoice_number,
        date: s.invoice_date,
        quantity: s.quantity,
        returned: s.returned,
        askedToReturnAt: s.buyer_unit_id ? (askedOf.get(s.buyer_unit_id) ?? null) : null,
      })),
      walkIn: { sales: new Set(walkIns.map((s) => s.invoice_id)).size, units: walkIns.reduce((n, s) => n + s.quantity - s.returned, 0) },
      quarantine,
      actions: {
        returnableToSupplier: plan.returnable,
        notReturnable: Math.max(0, quarantine.quarantined - plan.returnable),
        buyersToAsk: buyersToAsk.size,
      },
    };
  }
}
