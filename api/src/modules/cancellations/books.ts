import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { IRN_CANCEL_REASONS, type DocumentCancellation, type IrnCancelReason } from 'shared-api';
import type { DB, DocumentCancellationsTable } from '../../db/types';
import { AppError } from '../../http/errors';
import { insertMovements } from '../inventory/repository';
import { reverseVoucher } from '../ledger/post';
import { LINKS, notify } from '../notifications/notify';
import { istDate } from '../search/text';

/*
 * Cancelling an issued document in the books (issue 34). Documents are never edited (ARCHITECTURE.md decisions 8,
 * 12): a cancellation is a row of document_cancellations (migration 046) written in one transaction with what undoes
 * the document — its voucher reversed, the stock it moved put back with movements of the kind that moved it, and the
 * other side's record (the buyer's bill of an invoice, the buyer's debit note of a credit note) withdrawn the same
 * way. The portal allows it only within 24 hours of the IRN (e-invoices/cancel.ts); the books allow it only while
 * nobody has acted on the document in a way that cannot be undone (the rules: api/README.md, "Cancelling a
 * document"); otherwise a credit note is the way (E0013).
 */

export type CancellableDocument = 'SALES_INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';

export interface CancelInBooks {
  unitId: string;
  documentType: CancellableDocument;
  documentId: string;
  reasonCode: IrnCancelReason;
  remark: string;
  userId: string;
  at: Date;
}

/** A row of `ref`'s table is a document nobody cancelled: the filter of registers, GSTR-1 and GSTR-3B. */
export const notCancelled = (ref: string) => sql<boolean>`NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_id = ${sql.ref(ref)})`;

/** What a document's answer says about its cancellation (null: not cancelled). */
export async function cancellationOf(db: Kysely<DB>, documentId: string): Promise<DocumentCancellation | null> {
  const row = await db.selectFrom('document_cancellations').select(['cancelled_at', 'reason_code', 'remark']).where('document_id', '=', documentId).executeTakeFirst();
  return row ? { at: new Date(row.cancelled_at).toISOString(), reasonCode: row.reason_code, reason: IRN_CANCEL_REASONS[row.reason_code], remark: row.remark } : null;
}

const refused = (why: string) => new AppError('E0013', 409, why);
const notFound = (what: string) => new AppError('E0002', 404, `${what} not found`);

/** Documents of `ids` already cancelled, by id. */
async function cancelledAmong(trx: Transaction<DB>, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await trx.selectFrom('document_cancellations').select('document_id').where('document_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.document_id));
}

/**
 * Vouchers other than the document's own (and their reversals) that name it, on a line or as their document: money
 * received or paid against it, a refund. Their numbers, for the refusal.
 */
async function vouchersNaming(trx: Transaction<DB>, documentId: string, own: readonly (string | null)[]): Promise<string[]> {
  const mine = own.filter((id): id is string => id !== null);
  const { rows } = await sql<{ number: string | null; kind: string }>`
    SELECT DISTINCT v.document_number AS number, v.kind FROM vouchers v
    WHERE (v.document_id = ${documentId}::uuid OR EXISTS (SELECT 1 FROM voucher_lines l WHERE l.voucher_id = v.id AND l.document_id = ${documentId}::uuid))
      AND NOT (v.id = ANY(${mine}::uuid[])) AND NOT (coalesce(v.reverses_id = ANY(${mine}::uuid[]), false))`.execute(trx);
  return rows.map((r) => r.number ?? r.kind.toLowerCase());
}

/** One batch change: + puts units back, − takes them out. */
interface Move {
  unitId: string;
  batchId: string;
  delta: number;
  kind: 'ORDER' | 'SALE' | 'RETURN' | 'PURCHASE' | 'PURCHASE_RETURN';
  reference: string;
  note: string;
}

/**
 * Locks the batches of `moves` (all units, id order: api/README.md lock order step 3) and checks that those losing
 * units hold them free of orders; `short` words the refusal.
 */
async function lockAndCheck(trx: Transaction<DB>, moves: readonly Move[], short: (batchNo: string, has: number, needs: number, m: Move) => string) {
  const ids = [...new Set(moves.map((m) => m.batchId))];
  if (!ids.length) return;
  const batches = await trx.selectFrom('inventory_batches').select(['id', 'quantity', 'reserved', 'batch_no']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const byId = new Map(batches.map((b) => [b.id, b]));
  const out = new Map<string, { units: number; move: Move }>();
  for (const m of moves) if (m.delta < 0) out.set(m.batchId, { units: (out.get(m.batchId)?.units ?? 0) - m.delta, move: m });
  for (const [batchId, { units, move }] of out) {
    const b = byId.get(batchId);
    const free = b ? b.quantity - b.reserved : 0;
    if (free < units) throw refused(short(b?.batch_no ?? '', free, units, move));
  }
}

/** Writes the batch changes and their stock movements (inbound ones costed by the batch's trigger, migration 042). */
async function applyMoves(trx: Transaction<DB>, moves: readonly Move[], userId: string, at: Date) {
  for (const m of moves) {
    await trx
      .updateTable('inventory_batches')
      .set({ quantity: sql`quantity + ${m.delta}`, updated_at: at })
      .where('id', '=', m.batchId)
      .execute();
    await insertMovements(trx, m.unitId, m.kind, { batchId: [m.batchId], delta: [m.delta] }, { reference: m.reference, note: m.note, userId, now: at });
  }
}

type Row = Omit<DocumentCancellationsTable, 'cancelled_at' | 'follows' | 'reversal_voucher_id' | 'cancelled_by'> & { follows?: string | null; reversal_voucher_id: string | null };

async function record(trx: Transaction<DB>, row: Row, c: CancelInBooks) {
  await trx
    .insertInto('document_cancellations')
    .values({ ...row, follows: row.follows ?? null, cancelled_by: c.userId, cancelled_at: c.at })
    .execute();
}

/** The reversal of a document's voucher, dated on the day it is cancelled. */
function reverse(trx: Transaction<DB>, unitId: string, voucherId: string | null, what: string, c: CancelInBooks): Promise<string | null> | null {
  if (!voucherId) return null;
  return reverseVoucher(trx, voucherId, { unitId, date: istDate(c.at), at: c.at, narration: `${what} cancelled (${IRN_CANCEL_REASONS[c.reasonCode]}: ${c.remark})`, createdBy: c.userId });
}

/**
 * Cancels a document of `c.unitId` in the books, in the caller's transaction: takes the locks, checks the rules and,
 * unless `dryRun`, writes the cancellation. A dry run (in a transaction of its own, rolled back or read-only) is how
 * the IRN cancel knows the books will agree before it asks the portal.
 */
export async function cancelInBooks(trx: Transaction<DB>, c: CancelInBooks, o: { dryRun: boolean }): Promise<void> {
  if (c.documentType === 'SALES_INVOICE') return cancelInvoice(trx, c, o);
  if (c.documentType === 'CREDIT_NOTE') return cancelCreditNote(trx, c, o);
  return cancelDebitNote(trx, c, o);
}

/**
 * An invoice: refused when a credit note stands against it, money was received or paid on it (either side), its
 * order's goods are on a consignment not cancelled or returned, or the buyer returned any of it or no longer holds
 * (free of orders) every unit it received. Otherwise: its voucher reversed, its units back into the batches they left
 * (ORDER movements and the order ended REJECTED, as cancel-acceptance does; SALE movements for a counter sale), and
 * the buyer's bill withdrawn: a received bill's voucher reversed and its units out of the batches it was received
 * into (PURCHASE movements); a pending one only marked.
 */
async function cancelInvoice(trx: Transaction<DB>, c: CancelInBooks, o: { dryRun: boolean }) {
  // Lock order (api/README.md): the document's row first (credit notes of it lock it too), then its order, the bill.
  const inv = await trx
    .selectFrom('sales_invoices')
    .select(['id', 'invoice_number', 'order_id', 'buyer_unit_id', 'voucher_id'])
    .where('id', '=', c.documentId)
    .where('unit_id', '=', c.unitId)
    .forUpdate()
    .executeTakeFirst();
  if (!inv) throw notFound('Invoice');
  const what = `Invoice ${inv.invoice_number}`;
  if ((await cancelledAmong(trx, [inv.id])).size) throw refused(`${what} is already cancelled`);
  const instead = 'issue a credit note instead';
  const notes = await trx.selectFrom('credit_notes as n').select('n.credit_note_number').where('n.invoice_id', '=', inv.id).where(notCancelled('n.id')).orderBy('n.created_at').execute();
  if (notes.length) throw refused(`${what} has credit note ${notes.map((n) => n.credit_note_number).join(', ')} against it: it can no longer be cancelled; ${instead}`);
  const paid = await vouchersNaming(trx, inv.id, [inv.voucher_id]);
  if (paid.length) throw refused(`Money was recorded against ${what} (${paid.join(', ')}): it can no longer be cancelled; ${instead}`);

  const moves: Move[] = [];
  let order: { id: string; order_number: string } | undefined;
  if (inv.order_id) {
    order = await trx.selectFrom('orders').select(['id', 'order_number']).where('id', '=', inv.order_id).forUpdate().executeTakeFirstOrThrow();
    const trip = await trx.selectFrom('consignments').select(['barcode_id', 'status']).where('order_id', '=', order.id).where('status', 'not in', ['CANCELLED', 'RETURNED']).executeTakeFirst();
    if (trip) {
      throw refused(
        trip.status === 'DELIVERED'
          ? `The goods of ${what} were delivered (consignment ${trip.barcode_id}): it can no longer be cancelled; ${instead}`
          : `The goods of ${what} are on consignment ${trip.barcode_id} (${trip.status.toLowerCase().replace('_', ' ')}): cancel the consignment first`,
      );
    }
    const taken = await trx.selectFrom('order_allocations as a').innerJoin('order_lines as l', 'l.id', 'a.order_line_id').select(['a.batch_id', 'a.quantity']).where('l.order_id', '=', order.id).where('a.status', '=', 'ACCEPTED').execute();
    for (const a of taken) moves.push({ unitId: c.unitId, batchId: a.batch_id, delta: a.quantity, kind: 'ORDER', reference: order.id, note: `${what} cancelled: order ${order.order_number}'s goods back` });
  } else {
    const lines = await trx.selectFrom('sales_invoice_lines').select(['batch_id', 'quantity', 'free_quantity']).where('invoice_id', '=', inv.id).where('batch_id', 'is not', null).execute();
    for (const l of lines) moves.push({ unitId: c.unitId, batchId: l.batch_id!, delta: l.quantity + l.free_quantity, kind: 'SALE', reference: inv.id, note: `${what} cancelled: goods back` });
  }

  const bill = await trx
    .selectFrom('purchase_bills')
    .select(['id', 'unit_id', 'status', 'bill_number', 'voucher_id'])
    .where('sales_invoice_id', '=', inv.id)
    .forUpdate()
    .executeTakeFirst();
  if (bill) {
    const billPaid = await vouchersNaming(trx, bill.id, [bill.voucher_id]);
    if (billPaid.length) throw refused(`The buyer recorded a payment of ${what} (${billPaid.join(', ')}): it can no longer be cancelled; ${instead}`);
    const returned = await trx.selectFrom('debit_notes as d').select('d.note_number').where('d.bill_id', '=', bill.id).where(notCancelled('d.id')).executeTakeFirst();
    if (returned) throw refused(`The buyer returned goods of ${what} (debit note ${returned.note_number}): it can no longer be cancelled; ${instead}`);
    if (bill.status === 'RECEIVED') {
      const received = await trx.selectFrom('purchase_bill_lines').select(['batch_id', 'received_quantity']).where('bill_id', '=', bill.id).where('batch_id', 'is not', null).where('received_quantity', '>', 0).execute();
      for (const l of received) moves.push({ unitId: bill.unit_id, batchId: l.batch_id!, delta: -l.received_quantity!, kind: 'PURCHASE', reference: bill.id, note: `Bill ${bill.bill_number}: the supplier cancelled ${what}` });
    }
  }
  await lockAndCheck(trx, moves, (batchNo, has, needs) => `The buyer has only ${has} of the ${needs} units of batch ${batchNo} it received on ${what} in stock and free of orders: it can no longer be cancelled; ${instead}`);
  if (o.dryRun) return;

  const reversal = await reverse(trx, c.unitId, inv.voucher_id, what, c);
  const id = randomUUID();
  await record(trx, { id, unit_id: c.unitId, document_type: 'SALES_INVOICE', document_id: inv.id, document_number: inv.invoice_number, reason_code: c.reasonCode, remark: c.remark, reversal_voucher_id: reversal }, c);
  await applyMoves(trx, moves, c.userId, c.at);
  if (order) {
    await trx.updateTable('order_allocations').set({ status: 'RELEASED' }).where('status', '=', 'ACCEPTED').where('order_line_id', 'in', (eb) => eb.selectFrom('order_lines').select('id').where('order_id', '=', order.id)).execute();
    await trx.updateTable('orders').set({ status: 'REJECTED', decided_by: c.userId, decided_at: c.at, reject_reason: `${what} cancelled: ${c.remark}` }).where('id', '=', order.id).execute();
  }
  if (bill) {
    const billReversal = bill.status === 'RECEIVED' ? await reverse(trx, bill.unit_id, bill.voucher_id, `Bill ${bill.bill_number}`, c) : null;
    await record(trx, { id: randomUUID(), unit_id: bill.unit_id, document_type: 'PURCHASE_BILL', document_id: bill.id, document_number: bill.bill_number, reason_code: c.reasonCode, remark: c.remark, follows: id, reversal_voucher_id: billReversal }, c);
  }
  if (inv.buyer_unit_id) {
    await notify(
      trx,
      { unitIds: [inv.buyer_unit_id] },
      { type: 'INVOICE', title: `${what} cancelled`, body: `The supplier cancelled it (${IRN_CANCEL_REASONS[c.reasonCode]}: ${c.remark}).`, link: bill ? LINKS.purchaseBill(bill.id) : LINKS.purchaseBills },
      { at: c.at },
    );
  }
}

/**
 * A credit note: refused when a later credit note of the same invoice stands (each note's rounding counts the earlier
 * ones), it was paid back (a refund), or its units put back into saleable stock are no longer there free of orders.
 * Otherwise its voucher reversed, the units taken back out (RETURN movements; a negative movement of the
 * non-saleable store), and the buyer's debit note of it withdrawn: its voucher reversed, its units back into the
 * buyer's batches (PURCHASE_RETURN movements). A note whose buyer's bill was not received yet has no debit note:
 * Receive no longer counts it (purchases/two-sided.ts).
 */
async function cancelCreditNote(trx: Transaction<DB>, c: CancelInBooks, o: { dryRun: boolean }) {
  const head = await trx.selectFrom('credit_notes').select(['invoice_id']).where('id', '=', c.documentId).where('unit_id', '=', c.unitId).executeTakeFirst();
  if (!head) throw notFound('Credit note');
  // Lock order: the invoice row (every credit note of it takes it first), then the note.
  await trx.selectFrom('sales_invoices').select('id').where('id', '=', head.invoice_id).forUpdate().execute();
  const cn = await trx
    .selectFrom('credit_notes')
    .select(['id', 'credit_note_number', 'invoice_id', 'voucher_id', 'financial_year', 'serial'])
    .where('id', '=', c.documentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const what = `Credit note ${cn.credit_note_number}`;
  if ((await cancelledAmong(trx, [cn.id])).size) throw refused(`${what} is already cancelled`);
  const later = await trx
    .selectFrom('credit_notes as n')
    .select('n.credit_note_number')
    .where('n.invoice_id', '=', cn.invoice_id)
    .where('n.id', '<>', cn.id)
    // Later by number (CN numbers run in issue order per financial year; a test's clock may give two notes one time).
    .where((e) => e.or([e('n.financial_year', '>', cn.financial_year), e.and([e('n.financial_year', '=', cn.financial_year), e('n.serial', '>', cn.serial)])]))
    .where(notCancelled('n.id'))
    .executeTakeFirst();
  if (later) throw refused(`A later credit note of the same invoice (${later.credit_note_number}) stands: cancel that one first, or issue a new note instead`);
  const paid = await vouchersNaming(trx, cn.id, [cn.voucher_id]);
  if (paid.length) throw refused(`${what} was paid back (${paid.join(', ')}): it can no longer be cancelled`);

  const lines = await trx
    .selectFrom('credit_note_lines as l')
    .select(['l.batch_id', 'l.quantity', 'l.free_quantity', 'l.destination'])
    .where('l.credit_note_id', '=', cn.id)
    .execute();
  const moves: Move[] = lines
    .filter((l) => l.destination === 'SALEABLE' && l.batch_id)
    .map((l) => ({ unitId: c.unitId, batchId: l.batch_id!, delta: -(l.quantity + l.free_quantity), kind: 'RETURN', reference: cn.id, note: `${what} cancelled: returned goods out again` }));
  const store = await trx
    .selectFrom('non_saleable_stock_movements')
    .select(['unit_id', 'warehouse_id', 'product_id', 'batch_id', 'product_name', 'batch_no', 'expiry_date', 'mrp_paise', 'quantity_delta', 'reason', 'recall_id'])
    .where('source_type', '=', 'CREDIT_NOTE')
    .where('source_id', '=', cn.id)
    .execute();

  const dn = await trx.selectFrom('debit_notes').select(['id', 'unit_id', 'note_number', 'voucher_id', 'bill_id']).where('credit_note_id', '=', cn.id).executeTakeFirst();
  if (dn) {
    await trx.selectFrom('purchase_bills').select('id').where('id', '=', dn.bill_id).forUpdate().execute();
    const taken = await trx.selectFrom('stock_movements').select(['batch_id', 'quantity_delta']).where('reference', '=', dn.id).where('kind', '=', 'PURCHASE_RETURN').execute();
    for (const t of taken) moves.push({ unitId: dn.unit_id, batchId: t.batch_id, delta: -t.quantity_delta, kind: 'PURCHASE_RETURN', reference: dn.id, note: `Debit note ${dn.note_number}: the supplier cancelled ${what}` });
  }
  // A recall's return (issue 35) took the buyer's units out of its quarantine: they go back there.
  const buyerStore = dn
    ? await trx
        .selectFrom('non_saleable_stock_movements')
        .select(['unit_id', 'warehouse_id', 'product_id', 'batch_id', 'product_name', 'batch_no', 'expiry_date', 'mrp_paise', 'quantity_delta', 'reason', 'recall_id'])
        .where('source_type', '=', 'DEBIT_NOTE')
        .where('source_id', '=', dn.id)
        .execute()
    : [];
  await lockAndCheck(trx, moves, (batchNo, has, needs) => `Only ${has} of the ${needs} units ${what} put back into batch ${batchNo} are in stock and free of orders: it can no longer be cancelled`);
  if (o.dryRun) return;

  const reversal = await reverse(trx, c.unitId, cn.voucher_id, what, c);
  const id = randomUUID();
  await record(trx, { id, unit_id: c.unitId, document_type: 'CREDIT_NOTE', document_id: cn.id, document_number: cn.credit_note_number, reason_code: c.reasonCode, remark: c.remark, reversal_voucher_id: reversal }, c);
  await applyMoves(trx, moves, c.userId, c.at);
  if (store.length) {
    await trx
      .insertInto('non_saleable_stock_movements')
      .values(store.map((s) => ({ ...s, id: randomUUID(), quantity_delta: -s.quantity_delta, source_type: 'CREDIT_NOTE_CANCELLED', source_id: cn.id, created_by: c.userId, created_at: c.at })))
      .execute();
  }
  if (buyerStore.length) {
    await trx
      .insertInto('non_saleable_stock_movements')
      .values(buyerStore.map((s) => ({ ...s, id: randomUUID(), quantity_delta: -s.quantity_delta, source_type: 'DEBIT_NOTE_CANCELLED', source_id: dn!.id, created_by: c.userId, created_at: c.at })))
      .execute();
  }
  if (dn) {
    const dnReversal = await reverse(trx, dn.unit_id, dn.voucher_id, `Debit note ${dn.note_number}`, c);
    await record(trx, { id: randomUUID(), unit_id: dn.unit_id, document_type: 'DEBIT_NOTE', document_id: dn.id, document_number: dn.note_number, reason_code: c.reasonCode, remark: c.remark, follows: id, reversal_voucher_id: dnReversal }, c);
  }
}

/**
 * The buyer's own debit note (a purchase return): refused when it is the buyer's side of a seller's credit note (the
 * seller cancels that note) or money was recorded on it. Otherwise its voucher reversed and the units, which went
 * back to the supplier, back into the batches they left (PURCHASE_RETURN movements).
 */
async function cancelDebitNote(trx: Transaction<DB>, c: CancelInBooks, o: { dryRun: boolean }) {
  const head = await trx.selectFrom('debit_notes').select(['bill_id']).where('id', '=', c.documentId).where('unit_id', '=', c.unitId).executeTakeFirst();
  if (!head) throw notFound('Debit note');
  // Lock order: the bill (every debit note of it takes it first), then the note.
  await trx.selectFrom('purchase_bills').select('id').where('id', '=', head.bill_id).forUpdate().execute();
  const dn = await trx.selectFrom('debit_notes').select(['id', 'note_number', 'voucher_id', 'credit_note_id']).where('id', '=', c.documentId).forUpdate().executeTakeFirstOrThrow();
  const what = `Debit note ${dn.note_number}`;
  if ((await cancelledAmong(trx, [dn.id])).size) throw refused(`${what} is already cancelled`);
  if (dn.credit_note_id) {
    const cn = await trx.selectFrom('credit_notes').select('credit_note_number').where('id', '=', dn.credit_note_id).executeTakeFirstOrThrow();
    throw refused(`${what} records the supplier's credit note ${cn.credit_note_number}: only the supplier can cancel it, by cancelling that note`);
  }
  const paid = await vouchersNaming(trx, dn.id, [dn.voucher_id]);
  if (paid.length) throw refused(`Money was recorded against ${what} (${paid.join(', ')}): it can no longer be cancelled`);
  const lines = await trx.selectFrom('debit_note_lines').select(['batch_id', 'quantity', 'free_quantity']).where('debit_note_id', '=', dn.id).where('batch_id', 'is not', null).execute();
  const moves: Move[] = lines.map((l) => ({ unitId: c.unitId, batchId: l.batch_id!, delta: l.quantity + l.free_quantity, kind: 'PURCHASE_RETURN', reference: dn.id, note: `${what} cancelled: goods back` }));
  await lockAndCheck(trx, moves, () => '');
  if (o.dryRun) return;
  const reversal = await reverse(trx, c.unitId, dn.voucher_id, what, c);
  await record(trx, { id: randomUUID(), unit_id: c.unitId, document_type: 'DEBIT_NOTE', document_id: dn.id, document_number: dn.note_number, reason_code: c.reasonCode, remark: c.remark, reversal_voucher_id: reversal }, c);
  await applyMoves(trx, moves, c.userId, c.at);
}

/** The PDF's stamp for a cancelled document (pdf/tax-document.ts), null for one that stands. */
export function cancelledStamp(c: DocumentCancellation | null | undefined): { text: string; detail: string } | null {
  return c ? { text: 'CANCELLED', detail: `on ${istDate(new Date(c.at))} (${c.reason}: ${c.remark})` } : null;
}
