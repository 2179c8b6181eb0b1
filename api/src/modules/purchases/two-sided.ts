import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { amountInWords, type DocumentParty, type DocumentTotals } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { notCancelled } from '../cancellations/books';
import { insertMovements } from '../inventory/repository';
import type { documentLineRow } from '../ledger/document-lines';
import { nextDocumentNumber, type DocumentNumber } from '../ledger/numbering';
import { postVoucher } from '../ledger/post';
import { LINKS, notify } from '../notifications/notify';
import { insertCreditNote } from '../returns/repository';
import { settlementLines, TAX_DOCUMENTS, taxDocumentLines, type Settlement } from '../ledger/postings';
import { recordBillPayment, partyOf } from './service';

/*
 * The buyer's side of what a platform seller writes (ARCHITECTURE.md decision 12, issue 32): the seller's services
 * call these inside their own transaction, so both sides are written together or not at all.
 *   - an invoice (online or counter) → the buyer's bill "to receive" (createPurchaseBillFromInvoice);
 *   - a credit note → a debit note on the buyer's bill (the purchase return side): at once when the bill is received
 *     (payable and input tax drop, the goods leave the batches the bill was received into), else when it is received;
 *   - money the seller records against an invoice → the buyer's payment against the bill of that invoice: settled on
 *     it when the bill is received, else waiting for it (a PAYMENT voucher naming the bill; ledger/outstanding.ts
 *     keeps it unallocated until the bill is on the books, then it settles that bill and no other).
 */

export interface BillOfInvoice {
  id: string;
  unit_id: string;
  status: 'PENDING' | 'RECEIVED';
  bill_number: string;
}

/** The buyer's bill of a seller's invoice, if the buyer is a platform unit with one. */
export function billOfInvoice(trx: Transaction<DB>, invoiceId: string): Promise<BillOfInvoice | undefined> {
  return trx.selectFrom('purchase_bills').select(['id', 'unit_id', 'status', 'bill_number']).where('sales_invoice_id', '=', invoiceId).executeTakeFirst();
}

/**
 * The buyer's payment of `amountPaise` against its bill (numbered from the buyer's PAY series unless a number is
 * given): on a received bill through recordBillPayment; on a bill not received yet a PAYMENT voucher naming the
 * bill, which waits for it (never settles another bill).
 */
export async function payBillOfInvoice(
  trx: Transaction<DB>,
  bill: BillOfInvoice,
  p: { supplierUnitId: string; amountPaise: number; via: Settlement; date: string; at: Date; createdBy: string | null; documentNumber?: string },
): Promise<string> {
  const documentNumber = p.documentNumber ?? (await nextDocumentNumber(trx, bill.unit_id, 'PAY', p.date)).number;
  if (bill.status === 'RECEIVED') {
    return recordBillPayment(trx, { unitId: bill.unit_id, billId: bill.id, amountPaise: p.amountPaise, via: p.via, date: p.date, at: p.at, createdBy: p.createdBy, documentNumber });
  }
  return postVoucher(trx, {
    unitId: bill.unit_id,
    kind: 'PAYMENT',
    date: p.date,
    documentType: 'PAYMENT',
    documentId: bill.id,
    documentNumber,
    narration: `Paid against bill ${bill.bill_number} (not received yet)`,
    lines: settlementLines('PAYMENT', { creditor: p.supplierUnitId }, p.via, p.amountPaise),
    createdBy: p.createdBy,
    at: p.at,
  });
}

interface CreditNoteFacts {
  id: string;
  credit_note_number: string;
  credit_note_date: string;
  unit_id: string;
  invoice_id: string;
  supplier: unknown;
  recipient: unknown;
  supply_kind: 'INTRA' | 'INTER';
  item_count: number;
  gross_paise: number;
  discount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  amount_in_words: string;
}

const creditNoteColumns = [
  'id',
  'credit_note_number',
  'credit_note_date',
  'unit_id',
  'invoice_id',
  'supplier',
  'recipient',
  'supply_kind',
  'item_count',
  'gross_paise',
  'discount_paise',
  'taxable_paise',
  'cgst_paise',
  'sgst_paise',
  'igst_paise',
  'round_off_paise',
  'total_paise',
  'amount_in_words',
] as const;

/**
 * The buyer's debit note for a seller's credit note: its lines and amounts are the credit note's (so the buyer's
 * input tax and payable drop by exactly what the seller's output tax and receivable did), numbered from the buyer's
 * DN series, posted as a DEBIT_NOTE voucher against the bill. With `fromStock`, each line's units leave the batch
 * the bill line was received into (as many as were received and not yet returned; the rest never reached stock).
 * A credit note of no value (free units only) moves the goods and writes no note.
 */
async function debitNoteForCreditNote(
  trx: Transaction<DB>,
  bill: BillOfInvoice & { supplier_name: string; source: 'PLATFORM' | 'MANUAL'; supplier_unit_id: string | null; creditor_account_id: string | null },
  cn: CreditNoteFacts,
  o: { date: string; at: Date; createdBy: string; fromStock: boolean },
): Promise<void> {
  const lines = await trx.selectFrom('credit_note_lines').selectAll().where('credit_note_id', '=', cn.id).orderBy('position').execute();
  const id = randomUUID();
  if (o.fromStock) {
    const billLines = new Map((await trx.selectFrom('purchase_bill_lines').select(['position', 'received_quantity', 'batch_id']).where('bill_id', '=', bill.id).execute()).map((l) => [l.position, l]));
    const returned = await trx
      .selectFrom('debit_note_lines as l')
      .innerJoin('debit_notes as n', 'n.id', 'l.debit_note_id')
      .select(['l.bill_position', sql<number>`sum(l.quantity + l.free_quantity)::int`.as('units')])
      .where('n.bill_id', '=', bill.id)
      .where(notCancelled('n.id'))
      .groupBy('l.bill_position')
      .execute();
    const returnedBefore = new Map(returned.map((r) => [r.bill_position, Number(r.units)]));
    const moves = { batchId: [] as string[], delta: [] as number[] };
    for (const l of lines) {
      const b = billLines.get(l.invoice_position);
      if (!b?.batch_id) continue;
      const units = Math.min(l.quantity + l.free_quantity, (b.received_quantity ?? 0) - (returnedBefore.get(l.invoice_position) ?? 0));
      if (units <= 0) continue;
      moves.batchId.push(b.batch_id);
      moves.delta.push(-units);
    }
    if (moves.batchId.length) {
      // In id order, as every stock writer locks batches (ARCHITECTURE.md decision 13).
      const batches = await trx
        .selectFrom('inventory_batches')
        .select(['id', 'quantity', 'reserved', 'batch_no'])
        .where('id', 'in', moves.batchId)
        .orderBy('id')
        .forUpdate()
        .execute();
      const left = new Map(batches.map((b) => [b.id, b]));
      const want = new Map<string, number>();
      moves.batchId.forEach((b, i) => want.set(b, (want.get(b) ?? 0) - moves.delta[i]!));
      for (const [batchId, units] of want) {
        const b = left.get(batchId);
        if (!b || b.quantity - b.reserved < units) {
          throw new AppError('E0010', 409, `Cannot issue the credit note: the buyer has only ${b ? b.quantity - b.reserved : 0} units of batch ${b?.batch_no ?? ''} in stock and free of orders, and the return takes ${units}`);
        }
        await trx.updateTable('inventory_batches').set({ quantity: b.quantity - units, updated_at: o.at }).where('id', '=', batchId).execute();
      }
      await insertMovements(trx, bill.unit_id, 'PURCHASE_RETURN', moves, {
        reference: id,
        note: `Credit note ${cn.credit_note_number} from ${bill.supplier_name} against bill ${bill.bill_number}`,
        userId: o.createdBy,
        now: o.at,
      });
    }
  }
  if (Number(cn.total_paise) === 0 && Number(cn.taxable_paise) === 0) return;
  const number = await nextDocumentNumber(trx, bill.unit_id, 'DN', o.date);
  const voucherId = await postVoucher(trx, {
    unitId: bill.unit_id,
    kind: TAX_DOCUMENTS.DEBIT_NOTE.voucherKind,
    date: o.date,
    documentType: 'DEBIT_NOTE',
    documentId: id,
    documentNumber: number.number,
    narration: `Credit note ${cn.credit_note_number} of ${bill.supplier_name} against bill ${bill.bill_number}`,
    lines: taxDocumentLines('DEBIT_NOTE', partyOf(bill), {
      taxablePaise: Number(cn.taxable_paise),
      cgstPaise: Number(cn.cgst_paise),
      sgstPaise: Number(cn.sgst_paise),
      igstPaise: Number(cn.igst_paise),
      roundOffPaise: Number(cn.round_off_paise),
      totalPaise: Number(cn.total_paise),
    }),
    createdBy: o.createdBy,
    at: o.at,
  });
  const supplier = cn.supplier as DocumentParty;
  await trx
    .insertInto('debit_notes')
    .values({
      id,
      unit_id: bill.unit_id,
      bill_id: bill.id,
      credit_note_id: cn.id,
      series: number.series,
      financial_year: number.financialYear,
      serial: number.serial,
      note_number: number.number,
      note_date: o.date,
      issuer: JSON.stringify(cn.recipient),
      supplier: JSON.stringify(supplier),
      supplier_name: bill.supplier_name,
      supply_kind: cn.supply_kind,
      reason: `Credit note ${cn.credit_note_number} of ${cn.credit_note_date}`,
      item_count: cn.item_count,
      gross_paise: cn.gross_paise,
      discount_paise: cn.discount_paise,
      taxable_paise: cn.taxable_paise,
      cgst_paise: cn.cgst_paise,
      sgst_paise: cn.sgst_paise,
      igst_paise: cn.igst_paise,
      round_off_paise: cn.round_off_paise,
      total_paise: cn.total_paise,
      amount_in_words: cn.amount_in_words,
      voucher_id: voucherId,
      created_by: o.createdBy,
      created_at: o.at,
    })
    .execute();
  await trx
    .insertInto('debit_note_lines')
    .values(
      lines.map((l, i) => ({
        debit_note_id: id,
        position: i + 1,
        bill_position: l.invoice_position,
        batch_id: null,
        product_id: l.product_id!,
        product_name: l.product_name,
        manufacturer: l.manufacturer,
        pack: l.pack,
        hsn: l.hsn,
        batch_no: l.batch_no,
        expiry_date: l.expiry_date,
        mrp_paise: l.mrp_paise,
        rate_paise: l.rate_paise,
        quantity: l.quantity,
        free_quantity: l.free_quantity,
        discount_bp: l.discount_bp,
        discount_paise: l.discount_paise,
        gross_paise: l.gross_paise,
        taxable_paise: l.taxable_paise,
        gst_rate_bp: l.gst_rate_bp,
        cgst_paise: l.cgst_paise,
        sgst_paise: l.sgst_paise,
        igst_paise: l.igst_paise,
        total_paise: l.total_paise,
      })),
    )
    .execute();
}

function lockedBillOfInvoice(trx: Transaction<DB>, invoiceId: string) {
  return trx
    .selectFrom('purchase_bills')
    .select(['id', 'unit_id', 'status', 'bill_number', 'supplier_name', 'source', 'supplier_unit_id', 'creditor_account_id'])
    .where('sales_invoice_id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The buyer's side of a credit note just written in `trx` (the seller's transaction): on a received bill its debit
 * note now, goods out of the bill's batches; on a bill not received yet nothing is posted: the bill shows the return
 * (receivable units drop) and Receive posts the debit note (receiveCreditNotes). No bill (walk-in, outside buyer):
 * nothing.
 */
export async function recordCreditNoteForBuyer(trx: Transaction<DB>, creditNoteId: string, o: { at: Date; createdBy: string }): Promise<void> {
  const cn = await trx.selectFrom('credit_notes').select(creditNoteColumns).where('id', '=', creditNoteId).executeTakeFirstOrThrow();
  const bill = await lockedBillOfInvoice(trx, cn.invoice_id);
  if (!bill || bill.status !== 'RECEIVED') return;
  await debitNoteForCreditNote(trx, bill, cn, { date: cn.credit_note_date, at: o.at, createdBy: o.createdBy, fromStock: true });
}

/** Units of each bill line the seller's credit notes took back (for Receive: at most billed − returned arrive). */
export async function creditedUnits(trx: Kysely<DB>, invoiceId: string): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('credit_note_lines')
    .select(['invoice_position', sql<number>`sum(quantity + free_quantity)::int`.as('units')])
    .where('invoice_id', '=', invoiceId)
    .where(notCancelled('credit_note_id'))
    .groupBy('invoice_position')
    .execute();
  return new Map(rows.map((r) => [r.invoice_position, Number(r.units)]));
}

/** On Receive (bill locked, its voucher posted): the debit notes of the credit notes issued while it waited. */
export async function receiveCreditNotes(trx: Transaction<DB>, billId: string, o: { date: string; at: Date; createdBy: string }): Promise<void> {
  const bill = await trx
    .selectFrom('purchase_bills')
    .select(['id', 'unit_id', 'status', 'bill_number', 'supplier_name', 'source', 'supplier_unit_id', 'creditor_account_id', 'sales_invoice_id'])
    .where('id', '=', billId)
    .executeTakeFirstOrThrow();
  if (!bill.sales_invoice_id) return;
  const notes = await trx
    .selectFrom('credit_notes as c')
    .select(creditNoteColumns.map((c) => `c.${c}` as const))
    .where('c.invoice_id', '=', bill.sales_invoice_id)
    .where(notCancelled('c.id'))
    .where((e) => e.not(e.exists(e.selectFrom('debit_notes as d').select('d.id').whereRef('d.credit_note_id', '=', 'c.id'))))
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  for (const cn of notes) await debitNoteForCreditNote(trx, bill, cn, { ...o, fromStock: false });
}

/** A debit note's line as returns.ts prices it: the bill line it returns and the amounts (shared-api priceDocument). */
export type DebitNoteLineRow = ReturnType<typeof documentLineRow> & { bill_position: number };

/**
 * The supplier's side of a buyer's debit note against a platform bill that returns recalled units from quarantine
 * (issue 35): the supplier's credit note against its invoice with the debit note's own lines and amounts (so the
 * supplier's receivable and output tax drop by exactly what the buyer's payable and input tax do), numbered from the
 * supplier's CN series, its CREDIT_NOTE voucher posted, and the units into the supplier's quarantine under the same
 * recall (source CREDIT_NOTE), where its own trace shows them back. Called inside the buyer's transaction, which
 * locked the invoice before the bill and took the supplier's CN number before its DN number (returns.ts), the order
 * the supplier's own credit notes lock in.
 * Answers the credit note's id, which the debit note records (debit_notes.credit_note_id: one document, two sides).
 */
export async function recordCreditNoteForSupplier(
  trx: Transaction<DB>,
  bill: { id: string; unit_id: string; sales_invoice_id: string | null; bill_number: string },
  dn: { number: string; lines: readonly DebitNoteLineRow[]; totals: DocumentTotals },
  o: { recallId: string; recallNumber: string; creditNoteNumber: DocumentNumber; date: string; at: Date; createdBy: string },
): Promise<string> {
  const inv = await trx
    .selectFrom('sales_invoices')
    .select(['id', 'unit_id', 'invoice_number', 'buyer_unit_id', 'supplier', 'recipient', 'place_of_supply', 'supply_kind'])
    .where('id', '=', bill.sales_invoice_id!)
    .executeTakeFirstOrThrow();
  const sold = new Map(
    (
      await trx
        .selectFrom('sales_invoice_lines as l')
        .leftJoin('inventory_batches as b', 'b.id', 'l.batch_id')
        .select(['l.position', 'l.batch_id', 'l.rate_paise', 'b.warehouse_id'])
        .where('l.invoice_id', '=', inv.id)
        .execute()
    ).map((l) => [l.position, l]),
  );
  const id = randomUUID();
  const number = o.creditNoteNumber;
  const voucherId =
    dn.totals.taxablePaise > 0
      ? await postVoucher(trx, {
          unitId: inv.unit_id,
          kind: TAX_DOCUMENTS.CREDIT_NOTE.voucherKind,
          date: o.date,
          documentType: 'CREDIT_NOTE',
          documentId: id,
          documentNumber: number.number,
          narration: `Credit note ${number.number} against invoice ${inv.invoice_number}: debit note ${dn.number} of ${(inv.recipient as DocumentParty).name} (recall ${o.recallNumber})`,
          lines: taxDocumentLines('CREDIT_NOTE', { debtor: bill.unit_id }, dn.totals),
          createdBy: o.createdBy,
          at: o.at,
        })
      : null;
  await insertCreditNote(trx, {
    id,
    unitId: inv.unit_id,
    number,
    date: o.date,
    invoiceId: inv.id,
    buyerUnitId: inv.buyer_unit_id,
    supplier: inv.supplier as DocumentParty,
    recipient: inv.recipient as DocumentParty,
    placeOfSupply: inv.place_of_supply,
    supplyKind: inv.supply_kind,
    totals: dn.totals,
    amountInWords: amountInWords(dn.totals.totalPaise),
    note: `Recalled units returned (recall ${o.recallNumber}, debit note ${dn.number})`,
    voucherId,
    lines: dn.lines.map(({ bill_position, ...l }) => ({
      ...l,
      invoice_id: inv.id,
      invoice_position: bill_position,
      batch_id: sold.get(bill_position)?.batch_id ?? null,
      invoice_rate_paise: sold.get(bill_position)?.rate_paise ?? l.rate_paise,
      credit_percent_bp: 10_000,
      // As the supplier's own credit notes store it: the whole discount as an amount.
      discount_bp: 0,
      discount_paise: l.gross_paise - l.taxable_paise,
      reason: 'OTHER' as const,
      destination: 'NON_SALEABLE' as const,
    })),
    createdBy: o.createdBy,
    at: o.at,
  });
  await trx
    .insertInto('non_saleable_stock_movements')
    .values(
      dn.lines.map((l) => ({
        id: randomUUID(),
        unit_id: inv.unit_id,
        warehouse_id: sold.get(l.bill_position)?.warehouse_id ?? null,
        product_id: l.product_id,
        batch_id: sold.get(l.bill_position)?.batch_id ?? null,
        product_name: l.product_name,
        batch_no: l.batch_no,
        expiry_date: l.expiry_date,
        mrp_paise: l.mrp_paise,
        quantity_delta: l.quantity + l.free_quantity,
        reason: 'RECALL' as const,
        recall_id: o.recallId,
        source_type: 'CREDIT_NOTE',
        source_id: id,
        created_by: o.createdBy,
        created_at: o.at,
      })),
    )
    .execute();
  const units = dn.lines.reduce((n, l) => n + l.quantity + l.free_quantity, 0);
  await notify(
    trx,
    { unitIds: [inv.unit_id] },
    {
      type: 'RECALL',
      title: `${(inv.recipient as DocumentParty).name} returned ${units} recalled units (${o.recallNumber})`,
      body: `Debit note ${dn.number} against your invoice ${inv.invoice_number}; your credit note ${number.number} is issued and the units are in your quarantine under ${o.recallNumber}.`,
      link: LINKS.recall(o.recallId),
    },
    { at: o.at },
  );
  return id;
}
