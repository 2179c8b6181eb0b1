import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { amountInWords, priceDocument, type CreatePurchaseReturn, type DebitNote, type DebitNoteList, type DocumentParty } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { eInvoiceOf, enqueueEInvoice, type EInvoicesService } from '../e-invoices/service';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { pdfFileName, printedDate, type PaperSize } from '../../pdf/pdf';
import { renderTaxDocument } from '../../pdf/tax-document';
import { eInvoicePrint } from '../e-invoices/print';
import { insertMovements, setQuantities } from '../inventory/repository';
import { cancellationOf, cancelledStamp, notCancelled } from '../cancellations/books';
import { documentLineRow, documentTotalsRow, toDocumentLine, toDocumentTotals } from '../ledger/document-lines';
import { nextDocumentNumber } from '../ledger/numbering';
import { asDocumentParty, unitTaxDetails } from '../ledger/parties';
import { postVoucher } from '../ledger/post';
import { TAX_DOCUMENTS, taxDocumentLines } from '../ledger/postings';
import { istDate } from '../search/text';
import { billLines, lockBill } from './repository';
import { recordCreditNoteForSupplier } from './two-sided';
import { badInput, billNotFound, partyOf } from './service';

const noteNotFound = () => new AppError('E0053', 404, 'Debit note not found');
const cannotReturn = (why: string) => new AppError('E0010', 409, `Cannot issue the debit note: ${why}`);

/** The amount part of a line's discount (its stored discount is percent + amount): spread over returned units. */
function amountDiscountPer(line: { quantity: number; rate_paise: number; discount_bp: number; discount_paise: number }, returned: number): number {
  const gross = line.quantity * line.rate_paise;
  const percentPart = Math.floor((gross * line.discount_bp + 5000) / 10_000);
  const amountPart = Math.max(0, Number(line.discount_paise) - percentPart);
  return line.quantity ? Math.floor((amountPart * returned) / line.quantity) : 0;
}

/** A debit note of recalled units (issue 35): they leave the recall's quarantine, and the supplier's side is written. */
export interface RecallReturn {
  recallId: string;
  recallNumber: string;
}

/** Units of each batch in a unit's quarantine under a recall (non-saleable store, reason RECALL). */
export async function quarantinedUnder(db: Kysely<DB>, unitId: string, recallId: string, batchIds: readonly string[]): Promise<Map<string, number>> {
  if (!batchIds.length) return new Map();
  const rows = await db
    .selectFrom('non_saleable_stock_movements')
    .select(['batch_id', sql<number>`sum(quantity_delta)::int`.as('units')])
    .where('recall_id', '=', recallId)
    .where('unit_id', '=', unitId)
    .where('batch_id', 'in', batchIds)
    .groupBy('batch_id')
    .execute();
  return new Map(rows.map((r) => [r.batch_id!, Number(r.units)]));
}

/** Purchase returns: debit notes against received bills ('DN' numbers), goods out of the buyer's batches. */
export class PurchaseReturnsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    /** Registers e-invoices right after the issuing commit (issue 34); without it the queue's loop does. */
    private readonly eInvoices?: EInvoicesService,
  ) {}

  /**
   * In one transaction: the bill is locked (returns of one bill queue), each line's units are checked against what
   * was received less what earlier notes returned, the buyer's batch is locked and reduced (a PURCHASE_RETURN
   * movement; units held for orders cannot go), the lines are priced at the bill's rates and taxes, the next DN
   * number is taken and the debit-note voucher (Dr supplier, Cr Purchase Returns and Input tax) posted.
   */
  async create(caller: Caller, billId: string, input: z.output<typeof CreatePurchaseReturn>, recall?: RecallReturn): Promise<DebitNote> {
    const now = this.config.now();
    const date = istDate(now);
    const id = randomUUID();
    let eInvoiceId: string | null = null;
    await inTransaction(this.db, async (trx) => {
      // A recall return writes the supplier's credit note too: its invoice is locked first, as the supplier's own
      // credit notes lock it before the buyer's bill (two-sided.ts), so the two never wait on each other in a cycle.
      if (recall) await sql`SELECT id FROM sales_invoices WHERE id = (SELECT sales_invoice_id FROM purchase_bills WHERE id = ${billId} AND unit_id = ${caller.unitId}) FOR UPDATE`.execute(trx);
      const bill = await lockBill(trx, billId, caller.unitId);
      if (!bill) throw billNotFound();
      if (bill.status !== 'RECEIVED') throw cannotReturn(`bill ${bill.bill_number} is not received yet`);
      if (await cancellationOf(trx, bill.id)) throw cannotReturn(`bill ${bill.bill_number} was withdrawn: the supplier cancelled the invoice`);
      const lines = new Map((await billLines(trx, billId)).map((l) => [l.position, l]));
      const earlier = await trx
        .selectFrom('debit_note_lines as l')
        .innerJoin('debit_notes as n', 'n.id', 'l.debit_note_id')
        .select(['l.bill_position', sql<number>`sum(l.quantity + l.free_quantity)::int`.as('units')])
        .where('n.bill_id', '=', billId)
        .where(notCancelled('n.id'))
        .groupBy('l.bill_position')
        .execute();
      const returnedBefore = new Map(earlier.map((r) => [r.bill_position, r.units]));
      const wanted = input.lines.filter((r) => r.quantity + r.freeQuantity > 0);
      if (!wanted.length) throw badInput('Return at least one unit');
      if (new Set(wanted.map((r) => r.position)).size !== wanted.length) throw badInput('Each bill line once');

      const inputs = wanted.map((r) => {
        const l = lines.get(r.position);
        if (!l) throw badInput(`Bill ${bill.bill_number} has no line ${r.position}`);
        const left = (l.received_quantity ?? 0) - (returnedBefore.get(l.position) ?? 0);
        if (r.quantity + r.freeQuantity > left) throw cannotReturn(`${l.product_name} ${l.batch_no}: only ${left} received units are left to return`);
        if (r.freeQuantity > l.free_quantity) throw badInput(`${l.product_name} ${l.batch_no}: only ${l.free_quantity} units came free`);
        if (!l.batch_id) throw cannotReturn(`${l.product_name} ${l.batch_no} never reached your stock`);
        return {
          billPosition: l.position,
          batchId: l.batch_id,
          productId: l.product_id,
          productName: l.product_name,
          manufacturer: l.manufacturer,
          pack: l.pack,
          hsn: l.hsn,
          batchNo: l.batch_no,
          expiryDate: l.expiry_date,
          mrpPaise: l.mrp_paise,
          ratePaise: l.rate_paise,
          quantity: r.quantity,
          freeQuantity: r.freeQuantity,
          discountBp: l.discount_bp,
          discountPaise: amountDiscountPer({ ...l, discount_paise: Number(l.discount_paise) }, r.quantity),
          gstRateBp: l.gst_rate_bp,
        };
      });

      const batches = await trx
        .selectFrom('inventory_batches')
        .select(['id', 'quantity', 'reserved', 'warehouse_id'])
        .where('id', 'in', inputs.map((i) => i.batchId))
        .where('unit_id', '=', caller.unitId)
        // In id order, before the DN counter (api/README.md, "Lock order").
        .orderBy('id')
        .forUpdate()
        .execute();
      const stock = new Map(batches.map((b) => [b.id, { ...b }]));
      if (recall) {
        // Recalled units leave the quarantine, not the batch (the recall already took them out of it).
        const held = await quarantinedUnder(trx, caller.unitId, recall.recallId, [...stock.keys()]);
        for (const i of inputs) {
          const units = i.quantity + i.freeQuantity;
          const left = held.get(i.batchId) ?? 0;
          if (left < units) throw cannotReturn(`${i.productName} ${i.batchNo}: only ${left} units are in quarantine under recall ${recall.recallNumber}`);
          held.set(i.batchId, left - units);
        }
      } else {
        for (const i of inputs) {
          const b = stock.get(i.batchId);
          const units = i.quantity + i.freeQuantity;
          if (!b || b.quantity - b.reserved < units) throw cannotReturn(`${i.productName} ${i.batchNo}: only ${b ? b.quantity - b.reserved : 0} units are in stock and not held for orders`);
          b.quantity -= units;
        }
        await setQuantities(trx, [...stock.values()].map((b) => ({ id: b.id, quantity: b.quantity })), now);
      }

      const { lines: priced, totals } = priceDocument(inputs, bill.supply_kind);
      const issuerUnit = (await unitTaxDetails(trx, [caller.unitId])).get(caller.unitId);
      if (!issuerUnit) throw billNotFound();
      const supplier = bill.supplier as DocumentParty;
      const issuer = asDocumentParty(issuerUnit, supplier.stateCode);

      // A recall return to a platform supplier (decision 12) is the supplier's credit note as well: its CN number is
      // taken before this DN number, the order a supplier's own credit note takes the two counters (two-sided.ts).
      const supplierSide = recall && bill.source === 'PLATFORM' && bill.sales_invoice_id && bill.supplier_unit_id ? { number: await nextDocumentNumber(trx, bill.supplier_unit_id, 'CN', date) } : null;
      const number = await nextDocumentNumber(trx, caller.unitId, 'DN', date);
      if (recall) {
        await trx
          .insertInto('non_saleable_stock_movements')
          .values(
            priced.map((l) => ({
              id: randomUUID(),
              unit_id: caller.unitId,
              warehouse_id: stock.get(l.batchId)?.warehouse_id ?? null,
              product_id: l.productId,
              batch_id: l.batchId,
              product_name: l.productName,
              batch_no: l.batchNo,
              expiry_date: l.expiryDate,
              mrp_paise: l.mrpPaise,
              quantity_delta: -(l.quantity + l.freeQuantity),
              reason: 'RECALL' as const,
              recall_id: recall.recallId,
              source_type: 'DEBIT_NOTE',
              source_id: id,
              created_by: caller.userId,
              created_at: now,
            })),
          )
          .execute();
      } else {
        await insertMovements(
          trx,
          caller.unitId,
          'PURCHASE_RETURN',
          { batchId: inputs.map((i) => i.batchId), delta: inputs.map((i) => -(i.quantity + i.freeQuantity)) },
          { reference: id, note: `Debit note ${number.number} to ${bill.supplier_name}`, userId: caller.userId, now },
        );
      }
      const voucherId = await postVoucher(trx, {
        unitId: caller.unitId,
        kind: TAX_DOCUMENTS.DEBIT_NOTE.voucherKind,
        date,
        documentType: 'DEBIT_NOTE',
        documentId: id,
        documentNumber: number.number,
        narration: `Debit note ${number.number} against bill ${bill.bill_number} of ${bill.supplier_name}`,
        lines: taxDocumentLines('DEBIT_NOTE', partyOf(bill), totals),
        createdBy: caller.userId,
        at: now,
      });
      const noteLines = priced.map((l) => ({ bill_position: l.billPosition, ...documentLineRow(l) }));
      const creditNoteId =
        recall && supplierSide
          ? await recordCreditNoteForSupplier(trx, bill, { number: number.number, lines: noteLines, totals }, { ...recall, creditNoteNumber: supplierSide.number, date, at: now, createdBy: caller.userId })
          : null;
      await trx
        .insertInto('debit_notes')
        .values({
          id,
          unit_id: caller.unitId,
          bill_id: bill.id,
          credit_note_id: creditNoteId,
          series: number.series,
          financial_year: number.financialYear,
          serial: number.serial,
          note_number: number.number,
          note_date: date,
          issuer: JSON.stringify(issuer),
          supplier: JSON.stringify(supplier),
          supplier_name: bill.supplier_name,
          supply_kind: bill.supply_kind,
          reason: input.reason,
          item_count: priced.length,
          ...documentTotalsRow(totals),
          amount_in_words: amountInWords(totals.totalPaise),
          voucher_id: voucherId,
          created_by: caller.userId,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('debit_note_lines')
        .values(
          noteLines.map((l, i) => ({
            debit_note_id: id,
            position: i + 1,
            batch_id: priced[i]!.batchId,
            ...l,
          })),
        )
        .execute();
      // E-invoice (issue 34): the buyer's DBN to a registered supplier, PENDING here, registered after the commit.
      eInvoiceId = await enqueueEInvoice(trx, 'DBN', id, now);
    });
    await this.eInvoices?.registerSoon(eInvoiceId);
    return this.note(caller, id);
  }

  async note(caller: Caller, debitNoteId: string): Promise<DebitNote> {
    const n = await this.db
      .selectFrom('debit_notes as n')
      .innerJoin('purchase_bills as b', 'b.id', 'n.bill_id')
      .selectAll('n')
      .select('b.bill_number')
      .where('n.id', '=', debitNoteId)
      .where('n.unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!n) throw noteNotFound();
    const [lines, cancelled] = await Promise.all([
      this.db.selectFrom('debit_note_lines').selectAll().where('debit_note_id', '=', debitNoteId).orderBy('position').execute(),
      cancellationOf(this.db, debitNoteId),
    ]);
    return {
      debitNoteId: n.id,
      noteNumber: n.note_number,
      noteDate: n.note_date,
      billId: n.bill_id,
      billNumber: n.bill_number,
      reason: n.reason,
      issuer: n.issuer as DocumentParty,
      supplier: n.supplier as DocumentParty,
      supplyKind: n.supply_kind,
      lines: lines.map((l) => ({ ...toDocumentLine(l), billPosition: l.bill_position })),
      totals: toDocumentTotals(n),
      amountInWords: n.amount_in_words,
      createdAt: new Date(n.created_at).toISOString(),
      eInvoice: await eInvoiceOf(this.db, 'DBN', n.id),
      ...(cancelled && { cancelled }),
    };
  }

  async list(caller: Caller, page: { page: number; pageSize: number }): Promise<DebitNoteList> {
    const base = this.db.selectFrom('debit_notes as n').where('n.unit_id', '=', caller.unitId);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('purchase_bills as b', 'b.id', 'n.bill_id')
        .select(['n.id', 'n.note_number', 'n.note_date', 'n.bill_id', 'b.bill_number', 'n.supplier_name', 'n.item_count', 'n.total_paise'])
        .orderBy('n.note_date', 'desc')
        .orderBy('n.serial', 'desc')
        .offset(page.page * page.pageSize)
        .limit(page.pageSize)
        .execute(),
      base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({ debitNoteId: r.id, noteNumber: r.note_number, noteDate: r.note_date, billId: r.bill_id, billNumber: r.bill_number, supplierName: r.supplier_name, itemCount: r.item_count, totalPaise: Number(r.total_paise) })),
      totalResults: Number(count.n),
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  async pdf(caller: Caller, debitNoteId: string, size: PaperSize): Promise<{ fileName: string; bytes: Buffer }> {
    const n = await this.note(caller, debitNoteId);
    const bytes = await renderTaxDocument(
      {
        ...(await eInvoicePrint(n.eInvoice, 'DEBIT NOTE')),
        subtitle: 'Purchase return',
        facts: [
          ['Debit note No.', n.noteNumber],
          ['Date', printedDate(n.noteDate)],
          ['Against bill', n.billNumber],
          ['Reason', n.reason],
        ],
        supplier: n.issuer,
        recipient: n.supplier,
        recipientLabel: 'Issued to',
        supplyKind: n.supplyKind,
        lines: n.lines,
        totals: n.totals,
        amountInWords: n.amountInWords,
        notes: ['Goods returned as listed; please adjust our account by the amount above.', 'This is a computer-generated debit note.'],
        stamp: cancelledStamp(n.cancelled),
      },
      size,
    );
    return { fileName: pdfFileName(n.noteNumber), bytes };
  }
}
