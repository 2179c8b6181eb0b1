import { randomUUID } from 'node:crypto';
import {
  amountInWords,
  creditNoteTotals,
  GST_STATES,
  returnedLineAmounts,
  RETURN_REASON_LABELS,
  type CreditNote,
  type CreditNoteList,
  type CreditNoteListQuery,
  type CreateSalesReturn,
  type DocumentParty,
  type ReturnableInvoice,
  type ReturnableInvoiceQuery,
  type RefundCreditNote,
} from 'shared-api';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockBatches } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { eInvoiceOf, enqueueEInvoice, type EInvoicesService } from '../e-invoices/service';
import type { CreditNoteLinesTable, DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { pdfFileName, printedDate, type PaperSize } from '../../pdf/pdf';
import { renderTaxDocument } from '../../pdf/tax-document';
import { eInvoicePrint } from '../e-invoices/print';
import { cancellationOf, cancelledStamp, notCancelled } from '../cancellations/books';
import { toDocumentLine, toDocumentTotals } from '../ledger/document-lines';
import { nextDocumentNumber } from '../ledger/numbering';
import { postVoucher } from '../ledger/post';
import { TAX_DOCUMENTS, taxDocumentLines } from '../ledger/postings';
import { recordCreditNoteForBuyer } from '../purchases/two-sided';
import { istDate } from '../search/text';
import { SETTLEMENT_OF } from '../payments/posting';
import { creditNoteLines, creditNoteRows, findCreditNote, insertCreditNote, linesWithReturns, sellerInvoice, type CreditNoteRow, type LineWithReturns } from './repository';

const cannotIssue = (why: string) => new AppError('E0010', 409, `Cannot issue the credit note: ${why}`);
const invoiceNotFound = () => new AppError('E0053', 404, 'Invoice not found');
const creditNoteNotFound = () => new AppError('E0002', 404, 'Credit note not found');
const FULL = 10_000;

/** What is left to return of an invoice line. */
function returnable(l: LineWithReturns) {
  return { quantity: l.quantity - Number(l.returned_quantity ?? 0), freeQuantity: l.free_quantity - Number(l.returned_free_quantity ?? 0) };
}

/** A credit note's refunds to a walk-in buyer, and what is left to pay back (see refundState). */
type Refunds = Pick<CreditNote, 'refundablePaise' | 'refunds'>;

/**
 * What a credit note has been paid back (PAYMENT vouchers whose walk-in line names the note) and what is left: a
 * walk-in buyer's note on a counter sale that was paid is paid back in full; any other note settles what is owed.
 */
async function refundState(db: Database | Transaction<DB>, row: { id: string; unit_id: string; buyer_unit_id: string | null; invoice_id: string; total_paise: number }): Promise<Refunds> {
  const [refunds, sale] = await Promise.all([
    db
      .selectFrom('voucher_lines as l')
      .innerJoin('vouchers as v', 'v.id', 'l.voucher_id')
      .select(['v.document_number', 'v.voucher_date', (e) => e.fn.sum<number | string>('l.debit_paise').as('amount')])
      .where('l.document_id', '=', row.id)
      .where('v.unit_id', '=', row.unit_id)
      .where('v.kind', '=', 'PAYMENT')
      .groupBy(['v.id', 'v.document_number', 'v.voucher_date', 'v.created_at'])
      .orderBy('v.created_at')
      .execute(),
    db.selectFrom('counter_sales').select('settled_by').where('invoice_id', '=', row.invoice_id).executeTakeFirst(),
  ]);
  const list = refunds.map((r) => ({ voucherNumber: r.document_number ?? '', date: r.voucher_date, amountPaise: Number(r.amount) }));
  const refundable = row.buyer_unit_id === null && sale?.settled_by ? Math.max(0, Number(row.total_paise) - list.reduce((s, r) => s + r.amountPaise, 0)) : 0;
  return { refundablePaise: refundable, refunds: list };
}

function toCreditNote(row: CreditNoteRow, lines: Awaited<ReturnType<typeof creditNoteLines>>, callerUnitId: string, refunds: Refunds): CreditNote {
  return {
    creditNoteId: row.id,
    creditNoteNumber: row.credit_note_number,
    creditNoteDate: row.credit_note_date,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    supplier: row.supplier as DocumentParty,
    recipient: row.recipient as DocumentParty,
    placeOfSupply: { code: row.place_of_supply, name: GST_STATES[row.place_of_supply] ?? row.place_of_supply },
    supplyKind: row.supply_kind,
    lines: lines.map((l) => ({
      ...toDocumentLine(l),
      invoicePosition: l.invoice_position,
      invoiceRatePaise: l.invoice_rate_paise,
      creditPercentBp: l.credit_percent_bp,
      reason: l.reason,
      destination: l.destination,
    })),
    totals: toDocumentTotals(row),
    amountInWords: row.amount_in_words,
    note: row.note,
    callerSide: row.unit_id === callerUnitId ? 'SELLER' : 'BUYER',
    createdAt: new Date(row.created_at).toISOString(),
    ...refunds,
    eInvoice: null,
  };
}

/**
 * Sales returns (CGST Act section 34): the seller takes goods back against one of its invoices and issues a credit
 * note that reverses the tax at the invoice's rates and supply kind. The invoice itself never changes; cancelling
 * it is a credit note for everything on it.
 */
export class ReturnsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    /** Registers e-invoices right after the issuing commit (issue 34); without it the queue's loop does. */
    private readonly eInvoices?: EInvoicesService,
  ) {}

  /**
   * One transaction: the invoice row is locked (returns of one invoice queue, so none can over-return), the
   * quantities checked against what is left, the lines priced, the next CN number taken, the CREDIT_NOTE voucher
   * posted, the note written, and the goods moved: into the same batch (with a RETURN stock movement) or into the
   * non-saleable store (with its own movement row).
   */
  async create(caller: Caller, input: z.output<typeof CreateSalesReturn>): Promise<CreditNote> {
    let eInvoiceId: string | null = null;
    const id = await inTransaction(this.db, async (trx) => {
      const inv = await sellerInvoice(trx, caller.unitId, { invoiceId: input.invoiceId }, true);
      if (!inv) throw invoiceNotFound();
      // After the invoice's lock: a cancellation that committed meanwhile is seen here (cancellations/books.ts).
      if (await cancellationOf(trx, inv.id)) throw new AppError('E0013', 409, `Invoice ${inv.invoice_number} is cancelled: nothing on it can be returned`);
      const now = this.config.now();
      const date = istDate(now);
      const lines = new Map((await linesWithReturns(trx, inv.id)).map((l) => [l.position, l]));

      const priced = input.lines.map((r) => {
        const l = lines.get(r.invoicePosition);
        if (!l) throw new AppError('E0001', 400, `Invoice ${inv.invoice_number} has no line ${r.invoicePosition}`);
        const left = returnable(l);
        const what = `${l.product_name} (batch ${l.batch_no})`;
        if (r.quantity > left.quantity) throw cannotIssue(`only ${left.quantity} of ${what} can still be returned, not ${r.quantity}`);
        if (r.freeQuantity > left.freeQuantity) throw cannotIssue(`only ${left.freeQuantity} free ${what} can still be returned, not ${r.freeQuantity}`);
        if (r.destination === 'SALEABLE') {
          if (!l.batch_id) throw cannotIssue(`${what} was not sold from a batch of your stock: send it to the expired/damaged store`);
          // The same rule as sellable_batches: a batch is sellable while its expiry is after today.
          if (l.expiry_date <= date) throw cannotIssue(`batch ${l.batch_no} of ${l.product_name} expired on ${l.expiry_date}: it can only go to the expired/damaged store`);
        }
        const percent = r.creditPercentBp ?? FULL;
        // At an agreed percentage the credit is PTR × percent with no further discount; at full rate these units'
        // own share of the line (shared-api returnedLineAmounts: the notes of a whole line add up to it exactly).
        const amounts = returnedLineAmounts(
          { quantity: l.quantity, ratePaise: l.rate_paise, discountPaise: l.discount_paise, gstRateBp: l.gst_rate_bp },
          { returnedBefore: Number(l.returned_quantity ?? 0), quantity: r.quantity, creditPercentBp: percent },
          inv.supply_kind,
        );
        return { r, l, amounts, percent };
      });
      // The invoice's supply kind and rates: a credit note reverses the tax as it was charged; its total evens out
      // the rounding of the invoice's earlier notes.
      const amounts = priced.map((p) => p.amounts);
      const earlier = await trx
        .selectFrom('credit_notes')
        .select([sql<string>`coalesce(sum(total_paise - round_off_paise), 0)`.as('before'), sql<string>`coalesce(sum(total_paise), 0)`.as('total')])
        .where('invoice_id', '=', inv.id)
        .where(notCancelled('id'))
        .executeTakeFirstOrThrow();
      const totals = creditNoteTotals(amounts, { beforeRoundOffPaise: Number(earlier.before), totalPaise: Number(earlier.total) });

      // Lock order (api/README.md): the invoice row, the batches the goods go back to (id order), the counter last.
      await lockBatches(trx, priced.map((p) => p.l.batch_id), 'UPDATE');
      // Last, so this seller's credit notes wait on the counter as briefly as possible.
      const number = await nextDocumentNumber(trx, caller.unitId, 'CN', date);
      const creditNoteId = randomUUID();
      const voucherId =
        totals.taxablePaise > 0
          ? await postVoucher(trx, {
              unitId: caller.unitId,
              kind: TAX_DOCUMENTS.CREDIT_NOTE.voucherKind,
              date,
              documentType: 'CREDIT_NOTE',
              documentId: creditNoteId,
              documentNumber: number.number,
              narration: `Credit note ${number.number} against invoice ${inv.invoice_number}`,
              lines: taxDocumentLines('CREDIT_NOTE', inv.buyer_unit_id ? { debtor: inv.buyer_unit_id } : { head: 'WALK_IN' }, totals),
              createdBy: caller.userId,
              at: now,
            })
          : null;
      const noteLines = priced.map(({ r, l, percent }, i): Omit<Insertable<CreditNoteLinesTable>, 'credit_note_id' | 'position'> => {
        const a = amounts[i]!;
        return {
          invoice_id: inv.id,
          invoice_position: l.position,
          product_id: l.product_id,
          batch_id: l.batch_id,
          product_name: l.product_name,
          manufacturer: l.manufacturer,
          pack: l.pack,
          hsn: l.hsn,
          batch_no: l.batch_no,
          expiry_date: l.expiry_date,
          mrp_paise: l.mrp_paise,
          rate_paise: a.ratePaise,
          invoice_rate_paise: l.rate_paise,
          credit_percent_bp: percent,
          quantity: r.quantity,
          free_quantity: r.freeQuantity,
          discount_bp: 0,
          discount_paise: a.discountPaise,
          gross_paise: a.grossPaise,
          taxable_paise: a.taxablePaise,
          gst_rate_bp: l.gst_rate_bp,
          cgst_paise: a.cgstPaise,
          sgst_paise: a.sgstPaise,
          igst_paise: a.igstPaise,
          total_paise: a.totalPaise,
          reason: r.reason,
          destination: r.destination,
        };
      });
      await insertCreditNote(trx, {
        id: creditNoteId,
        unitId: caller.unitId,
        number,
        date,
        invoiceId: inv.id,
        buyerUnitId: inv.buyer_unit_id,
        supplier: inv.supplier as DocumentParty,
        recipient: inv.recipient as DocumentParty,
        placeOfSupply: inv.place_of_supply,
        supplyKind: inv.supply_kind,
        totals,
        amountInWords: amountInWords(totals.totalPaise),
        note: input.note || null,
        voucherId,
        lines: noteLines,
        createdBy: caller.userId,
        at: now,
      });

      // The goods: back into their batch, or into the non-saleable store.
      for (const { r, l } of priced) {
        const units = r.quantity + r.freeQuantity;
        const note = `Credit note ${number.number} (${RETURN_REASON_LABELS[r.reason]})`;
        if (r.destination === 'SALEABLE') {
          const batchId = l.batch_id!;
          await trx
            .updateTable('inventory_batches')
            .set((eb) => ({ quantity: eb('quantity', '+', units), updated_at: now }))
            .where('id', '=', batchId)
            .where('unit_id', '=', caller.unitId)
            .execute();
          await trx
            .insertInto('stock_movements')
            .values({
              id: randomUUID(),
              batch_id: batchId,
              unit_id: caller.unitId,
              kind: 'RETURN',
              quantity_delta: units,
              reference: creditNoteId,
              note,
              created_by: caller.userId,
              created_at: now,
              // Back at the cost of the batch's latest layer (null when that was not known: costed at PTS/PTR).
              unit_cost_paise: sql<number | null>`(SELECT m.unit_cost_paise FROM stock_movements m WHERE m.batch_id = ${batchId} AND m.quantity_delta > 0
                ORDER BY m.created_at DESC, m.id DESC LIMIT 1)`,
            })
            .execute();
        } else {
          await trx
            .insertInto('non_saleable_stock_movements')
            .values({
              id: randomUUID(),
              unit_id: caller.unitId,
              warehouse_id: l.warehouse_id,
              product_id: l.product_id,
              batch_id: l.batch_id,
              product_name: l.product_name,
              batch_no: l.batch_no,
              expiry_date: l.expiry_date,
              mrp_paise: l.mrp_paise,
              quantity_delta: units,
              reason: r.reason,
              source_type: 'CREDIT_NOTE',
              source_id: creditNoteId,
              created_by: caller.userId,
              created_at: now,
            })
            .execute();
        }
      }
      // The buyer's side in the same transaction (decision 12): a debit note on its bill of this invoice.
      await recordCreditNoteForBuyer(trx, creditNoteId, { at: now, createdBy: caller.userId });
      // E-invoice (issue 34): a CRN to a registered buyer, PENDING here, registered right after the commit.
      eInvoiceId = await enqueueEInvoice(trx, 'CRN', creditNoteId, now);
      return creditNoteId;
    });
    await this.eInvoices?.registerSoon(eInvoiceId);
    return this.creditNote(caller, id);
  }

  /** One credit note, for the seller that issued it or the buyer it was issued to. */
  async creditNote(caller: Caller, creditNoteId: string): Promise<CreditNote> {
    const row = await findCreditNote(this.db, creditNoteId, caller.unitId);
    if (!row) throw creditNoteNotFound();
    const [lines, refunds, eInvoice, cancelled] = await Promise.all([creditNoteLines(this.db, creditNoteId), refundState(this.db, row), eInvoiceOf(this.db, 'CRN', creditNoteId), cancellationOf(this.db, creditNoteId)]);
    return { ...toCreditNote(row, lines, caller.unitId, row.unit_id === caller.unitId ? refunds : { refundablePaise: 0, refunds: refunds.refunds }), eInvoice, ...(cancelled && { cancelled }) };
  }

  /**
   * Pays a walk-in buyer back what a credit note on a paid counter sale credits (issue 32): one PAYMENT voucher
   * numbered PAY, Dr Walk-in Customers (its line naming the note) Cr Cash, UPI Clearing or Bank, dated today. The
   * note's row is locked, so a refund is made once; a connected party's note settles its dues instead (E0013).
   */
  async refund(caller: Caller, creditNoteId: string, input: z.output<typeof RefundCreditNote>): Promise<CreditNote> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('credit_notes')
        .select(['id', 'unit_id', 'buyer_unit_id', 'invoice_id', 'total_paise', 'credit_note_number'])
        .where('id', '=', creditNoteId)
        .where('unit_id', '=', caller.unitId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw creditNoteNotFound();
      if (row.buyer_unit_id !== null) throw new AppError('E0013', 409, `Credit note ${row.credit_note_number} is to a connected party: it settles what they owe (record money paid to them in Payments)`);
      const { refundablePaise, refunds } = await refundState(trx, row);
      if (refundablePaise <= 0) {
        throw new AppError('E0013', 409, refunds.length ? `Credit note ${row.credit_note_number} is already paid back` : `The sale of credit note ${row.credit_note_number} is not paid: the note lowers what is due instead`);
      }
      const now = this.config.now();
      const date = istDate(now);
      const number = await nextDocumentNumber(trx, caller.unitId, 'PAY', date);
      await postVoucher(trx, {
        unitId: caller.unitId,
        kind: 'PAYMENT',
        date,
        documentType: 'CREDIT_NOTE_REFUND',
        documentId: row.id,
        documentNumber: number.number,
        narration: `${input.method.replace('_', ' ')} refund of credit note ${row.credit_note_number} to the walk-in buyer`,
        lines: [
          { account: { head: 'WALK_IN' }, debitPaise: refundablePaise, document: { id: row.id, number: row.credit_note_number } },
          { account: { head: SETTLEMENT_OF[input.method] }, creditPaise: refundablePaise },
        ],
        createdBy: caller.userId,
        at: now,
      });
    });
    return this.creditNote(caller, creditNoteId);
  }

  async list(caller: Caller, query: z.output<typeof CreditNoteListQuery>): Promise<CreditNoteList> {
    const { rows, total } = await creditNoteRows(this.db, { unitId: caller.unitId, invoiceId: query.invoiceId }, { offset: query.page * query.pageSize, limit: query.pageSize });
    return {
      items: rows.map((r) => ({
        creditNoteId: r.id,
        creditNoteNumber: r.credit_note_number,
        creditNoteDate: r.credit_note_date,
        invoiceId: r.invoice_id,
        invoiceNumber: r.invoice_number,
        partyName: r.recipient_name,
        partyUnitCode: r.party_unit_code,
        itemCount: r.item_count,
        taxablePaise: r.taxable_paise,
        taxPaise: r.cgst_paise + r.sgst_paise + r.igst_paise,
        totalPaise: r.total_paise,
      })),
      totalResults: total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** An invoice of the seller's with what may still be returned of each line (for the return form). */
  async returnable(caller: Caller, query: z.output<typeof ReturnableInvoiceQuery>): Promise<ReturnableInvoice> {
    const by = query.invoiceId ? { invoiceId: query.invoiceId } : { invoiceNumber: query.invoiceNumber! };
    const inv = await sellerInvoice(this.db, caller.unitId, by);
    if (!inv) throw invoiceNotFound();
    const today = istDate(this.config.now());
    const lines = await linesWithReturns(this.db, inv.id);
    return {
      invoiceId: inv.id,
      invoiceNumber: inv.invoice_number,
      invoiceDate: inv.invoice_date,
      partyName: inv.recipient_name,
      partyUnitCode: (inv.recipient as DocumentParty).unitCode,
      totalPaise: inv.total_paise,
      lines: lines.map((l) => {
        const left = returnable(l);
        return {
          ...toDocumentLine(l),
          returnedQuantity: l.quantity - left.quantity,
          returnedFreeQuantity: l.free_quantity - left.freeQuantity,
          returnableQuantity: left.quantity,
          returnableFreeQuantity: left.freeQuantity,
          expired: l.expiry_date <= today,
          restockable: l.batch_id !== null,
        };
      }),
    };
  }

  async pdf(caller: Caller, creditNoteId: string, size: PaperSize): Promise<{ fileName: string; bytes: Buffer }> {
    const cn = await this.creditNote(caller, creditNoteId);
    const reasons = cn.lines.map(
      (l) => `${l.position}. ${l.productName} ${l.batchNo}: ${RETURN_REASON_LABELS[l.reason]}${l.creditPercentBp < FULL ? `, credited at ${l.creditPercentBp / 100}% of PTR ${(l.invoiceRatePaise / 100).toFixed(2)}` : ''}`,
    );
    const bytes = await renderTaxDocument(
      {
        ...(await eInvoicePrint(cn.eInvoice, 'Credit Note')),
        subtitle: 'Section 34 of the CGST Act',
        facts: [
          ['Credit note No.', cn.creditNoteNumber],
          ['Credit note date', printedDate(cn.creditNoteDate)],
          ['Against invoice No.', cn.invoiceNumber],
          ['Invoice date', printedDate(cn.invoiceDate)],
          ['Place of supply', `${cn.placeOfSupply.name} (${cn.placeOfSupply.code})`],
          ['Reverse charge', 'No'],
        ],
        supplier: cn.supplier,
        recipient: cn.recipient,
        recipientLabel: 'Credit to',
        supplyKind: cn.supplyKind,
        lines: cn.lines,
        totals: cn.totals,
        amountInWords: cn.amountInWords,
        notes: [`Goods returned: ${reasons.join('; ')}.`, ...(cn.note ? [cn.note] : []), 'This is a computer-generated credit note.'],
        stamp: cancelledStamp(cn.cancelled),
      },
      size,
    );
    return { fileName: pdfFileName(cn.creditNoteNumber), bytes };
  }
}
