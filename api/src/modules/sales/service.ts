import { randomUUID } from 'node:crypto';
import {
  amountInWords,
  GST_STATES,
  priceDocument,
  type HsnSummary,
  type SalesInvoice,
  type SalesInvoiceList,
  type SalesInvoiceListQuery,
  type SalesRegister,
  type SalesRegisterQuery,
} from 'shared-api';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockBatches } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { pdfFileName, printedDate, type PaperSize } from '../../pdf/pdf';
import { renderTaxDocument } from '../../pdf/tax-document';
import { eInvoicePrint } from '../e-invoices/print';
import { cancellationOf, cancelledStamp } from '../cancellations/books';
import { invoicePayQr } from '../payments/invoice-qr';
import { eInvoiceOf, type EInvoicesService } from '../e-invoices/service';
import { pricedDocumentLine, toDocumentLine, toDocumentTotals } from '../ledger/document-lines';
import { noGstRate } from '../ledger/gst-rates';
import { NUMBER_TO_TAKE } from '../ledger/numbering';
import { asDocumentParty, placeOfSupply, unitTaxDetails } from '../ledger/parties';
import { creditTermsOf, dueDateOf, lockCreditPair } from '../credit/standing';
import { formatRupeesPlain } from '../orders/money';
import { refuseRecalled } from '../recalls/block';
import { istDate } from '../search/text';
import { claimedOnInvoice } from '../payments/claims';
import { findInvoice, hsnRows, invoiceLines, salesRows, salesTotals, type InvoiceRow } from './repository';
import { writeInvoice } from './write';

export const cannotIssue = (why: string) => new AppError('E0010', 409, `Cannot issue the invoice: ${why}`);
const invoiceNotFound = () => new AppError('E0053', 404, 'Invoice not found');

/** First and last day of 'YYYY-MM'. */
function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}


function toInvoice(row: InvoiceRow, lines: Awaited<ReturnType<typeof invoiceLines>>, callerUnitId: string): SalesInvoice {
  return {
    invoiceId: row.id,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    // Invoices from before credit terms (migration 056) and counter sales are due on their date.
    dueDate: row.due_date ?? row.invoice_date,
    creditDays: row.credit_days,
    orderId: row.order_id,
    orderNumber: row.order_number,
    supplier: row.supplier as SalesInvoice['supplier'],
    recipient: row.recipient as SalesInvoice['recipient'],
    placeOfSupply: { code: row.place_of_supply, name: GST_STATES[row.place_of_supply] ?? row.place_of_supply },
    supplyKind: row.supply_kind,
    reverseCharge: row.reverse_charge,
    lines: lines.map(toDocumentLine),
    totals: toDocumentTotals(row),
    amountInWords: row.amount_in_words,
    callerSide: row.unit_id === callerUnitId ? 'SELLER' : 'BUYER',
    createdAt: new Date(row.created_at).toISOString(),
    eInvoice: null,
  };
}

/**
 * Splits an order line's units over the batches they left from (first expiry first): charged units fill the
 * earlier batches, free units the rest, so each invoice line carries its batch's quantity and free quantity.
 */
function splitOverBatches(quantity: number, free: number, batches: readonly { quantity: number }[]): { quantity: number; freeQuantity: number }[] {
  let charged = quantity;
  return batches.map((b) => {
    const q = Math.min(charged, b.quantity);
    charged -= q;
    return { quantity: q, freeQuantity: b.quantity - q };
  });
}

/** Sales tax invoices (Rule 46 of the CGST Rules): issued from accepted marketplace orders, read by both parties. */
export class SalesService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    /** Registers e-invoices right after the issuing commit (issue 34); without it the queue's loop does. */
    private readonly eInvoices?: EInvoicesService,
  ) {}

  /**
   * The seller invoices an accepted order: one invoice per order (asking again answers the same invoice). In one
   * transaction: the order is locked, its accepted batches priced by the GST rules at today's rates, the next INV
   * number taken, the sales voucher posted and the invoice written. Nothing on it changes afterwards.
   */
  async issueFromOrder(caller: Caller, orderId: string): Promise<SalesInvoice> {
    let eInvoiceId: string | null = null;
    const issued = await inTransaction(this.db, async (trx): Promise<SalesInvoice | string> => {
      // The order row's lock makes a second click wait here; the next statement then sees the first one's invoice
      // (a join in the locking statement would not: it keeps the snapshot from before the wait).
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'order_number', 'status', 'buyer_unit_id', 'seller_unit_id'])
        .where('id', '=', orderId)
        .where('seller_unit_id', '=', caller.unitId)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw notFound();
      const existing = await trx.selectFrom('sales_invoices').select('id').where('order_id', '=', order.id).executeTakeFirst();
      if (existing) return existing.id;
      if (order.status !== 'ACCEPTED') throw cannotIssue(`order ${order.order_number} is ${order.status.toLowerCase()}; only an accepted order is invoiced`);

      const now = this.config.now();
      const date = istDate(now);
      // The order turns into an invoice here: a submit reading what this buyer owes the seller waits (credit/standing.ts).
      await lockCreditPair(trx, order.seller_unit_id, order.buyer_unit_id);
      const terms = await creditTermsOf(trx, order.seller_unit_id, order.buyer_unit_id);
      const credit = { creditDays: terms?.creditDays || null, dueDate: dueDateOf(date, terms?.creditDays ?? null) };
      const rows = await trx
        .selectFrom('order_lines as l')
        .innerJoin('order_allocations as a', 'a.order_line_id', 'l.id')
        .innerJoin('inventory_batches as b', 'b.id', 'a.batch_id')
        .select(['l.id', 'l.position', 'l.product_id', 'l.product_name', 'l.manufacturer', 'l.pack', 'l.hsn', 'l.quantity', 'l.free_quantity', 'l.ptr_paise', 'a.batch_id', 'a.quantity as allocated', 'b.batch_no', 'b.expiry_date', 'b.mrp_paise'])
        // The one rate rule (gst_rate_bp, as gstRatesOn reads it), on the invoice date.
        .select(sql<number | null>`gst_rate_bp(l.hsn, ${date}::date)`.as('rate_bp'))
        .where('l.order_id', '=', order.id)
        .where('a.status', '=', 'ACCEPTED')
        .orderBy('l.position')
        .orderBy('b.expiry_date')
        .orderBy('b.batch_no')
        .execute();
      if (!rows.length) throw cannotIssue(`no stock left the warehouse for order ${order.order_number}`);
      // Lock order (api/README.md): the order row, its batches, the counter last. The invoice lines' foreign keys
      // lock each batch; after the counter that met counter sales (batches, then the counter) in a deadlock.
      await lockBatches(trx, rows.map((r) => r.batch_id), 'KEY SHARE');
      // Goods of a batch recalled after acceptance are not sold: the seller replaces them or cancels (recall_order_flags).
      await refuseRecalled(trx, rows.map((r) => r.batch_id), {
        then: `Cancel the acceptance of order ${order.order_number} and accept it again to take other batches, or reject it`,
      });

      const units = await unitTaxDetails(trx, [order.seller_unit_id, order.buyer_unit_id]);
      const seller = units.get(order.seller_unit_id);
      const buyer = units.get(order.buyer_unit_id);
      if (!seller || !buyer) throw notFound();
      if (!seller.gstin || !seller.stateCode) throw cannotIssue('a tax invoice needs your GSTIN, and your registration has none');
      const pos = placeOfSupply(seller.stateCode, buyer);

      const byLine = new Map<string, typeof rows>();
      for (const r of rows) byLine.set(r.id, [...(byLine.get(r.id) ?? []), r]);
      const inputs = [...byLine.values()].flatMap((batches) => {
        const l = batches[0]!;
        const rate = l.rate_bp;
        if (!l.hsn || rate === null) throw noGstRate(l.product_name, l.hsn, date, 'BILLING');
        if (batches.reduce((s, b) => s + b.allocated, 0) !== l.quantity + l.free_quantity) throw cannotIssue(`the batches of ${l.product_name} do not add up to the order line`);
        const hsn = l.hsn;
        return splitOverBatches(l.quantity, l.free_quantity, batches.map((b) => ({ quantity: b.allocated }))).map((units, i) => {
          const b = batches[i]!;
          return {
            productId: l.product_id,
            batchId: b.batch_id,
            orderLineId: l.id,
            productName: l.product_name,
            manufacturer: l.manufacturer,
            pack: l.pack,
            hsn,
            batchNo: b.batch_no,
            expiryDate: b.expiry_date,
            mrpPaise: b.mrp_paise,
            ratePaise: l.ptr_paise,
            quantity: units.quantity,
            freeQuantity: units.freeQuantity,
            discountBp: 0,
            gstRateBp: rate,
          };
        });
      });
      const { lines, totals } = priceDocument(inputs, pos.kind);

      const id = randomUUID();
      const supplier = asDocumentParty(seller, seller.stateCode);
      const recipient = asDocumentParty(buyer, pos.code);
      const words = amountInWords(totals.totalPaise);
      // Every read done: the number is taken last (writeInvoice).
      const written = await writeInvoice(trx, {
        id,
        unitId: caller.unitId,
        date,
        orderId: order.id,
        buyerUnitId: order.buyer_unit_id,
        supplier,
        recipient,
        placeOfSupply: pos.code,
        supplyKind: pos.kind,
        totals,
        amountInWords: words,
        credit,
        lines,
        createdBy: caller.userId,
        at: now,
        debtor: { debtor: order.buyer_unit_id },
        narration: `Sales invoice ${NUMBER_TO_TAKE} for order ${order.order_number}`,
        noticeBody: `For order ${order.order_number}: ${formatRupeesPlain(totals.totalPaise)}. Check the goods against it when they arrive.`,
      });
      eInvoiceId = written.eInvoiceId;
      const { number } = written;
      // Answered from what was written (reading it back would cost two more round trips).
      return {
        invoiceId: id,
        invoiceNumber: number.number,
        invoiceDate: date,
        ...credit,
        orderId: order.id,
        orderNumber: order.order_number,
        supplier,
        recipient,
        placeOfSupply: { code: pos.code, name: pos.name },
        supplyKind: pos.kind,
        reverseCharge: false,
        lines: lines.map(pricedDocumentLine),
        totals,
        amountInWords: words,
        callerSide: 'SELLER',
        createdAt: now.toISOString(),
        eInvoice: null,
        // Just issued: no payment is claimed on it yet (payments/claims.ts).
        paymentClaimedPaise: 0,
      };
    });
    if (typeof issued === 'string') return this.invoice(caller, issued);
    await this.eInvoices?.registerSoon(eInvoiceId);
    return { ...issued, eInvoice: await eInvoiceOf(this.db, 'INV', issued.invoiceId) };
  }

  /** After a commit that issued an invoice elsewhere (the counter): its e-invoice's first registration attempt. */
  async registerEInvoice(eInvoiceId: string | null): Promise<void> {
    await this.eInvoices?.registerSoon(eInvoiceId);
  }

  /** One invoice, for the unit that issued it or the unit it was issued to. */
  async invoice(caller: Caller, invoiceId: string): Promise<SalesInvoice> {
    const row = await findInvoice(this.db, invoiceId, caller.unitId);
    if (!row) throw invoiceNotFound();
    const [lines, eInvoice, cancelled, claimed] = await Promise.all([invoiceLines(this.db, invoiceId), eInvoiceOf(this.db, 'INV', invoiceId), cancellationOf(this.db, invoiceId), claimedOnInvoice(this.db, invoiceId)]);
    return { ...toInvoice(row, lines, caller.unitId), eInvoice, ...(cancelled && { cancelled }), paymentClaimedPaise: claimed };
  }

  async pdf(caller: Caller, invoiceId: string, size: PaperSize): Promise<{ fileName: string; bytes: Buffer }> {
    const inv = await this.invoice(caller, invoiceId);
    const payQr = await invoicePayQr(this.db, invoiceId, this.config.now());
    const bytes = await renderTaxDocument(
      {
        ...(await eInvoicePrint(inv.eInvoice, 'TAX INVOICE')),
        subtitle: 'Original for Recipient',
        facts: [
          ['Invoice No.', inv.invoiceNumber],
          ['Invoice date', printedDate(inv.invoiceDate)],
          // Credit terms (issue 39): when it is to be paid.
          ['Due date', inv.creditDays ? `${printedDate(inv.dueDate)} (${inv.creditDays} days)` : 'On receipt'],
          ...(inv.orderNumber ? [['Order No.', inv.orderNumber] as const] : []),
          ['Place of supply', `${inv.placeOfSupply.name} (${inv.placeOfSupply.code})`],
          ['Reverse charge', inv.reverseCharge ? 'Yes' : 'No'],
        ],
        supplier: inv.supplier,
        recipient: inv.recipient,
        recipientLabel: 'Bill to',
        supplyKind: inv.supplyKind,
        lines: inv.lines,
        totals: inv.totals,
        amountInWords: inv.amountInWords,
        notes: ['Goods once sold are taken back only as per the returns policy, against a credit note.', 'This is a computer-generated invoice.'],
        // A cancelled invoice is not paid (nothing is due on it).
        payQr: payQr && !inv.cancelled ? { png: payQr.png, caption: 'Scan to pay by UPI' } : null,
        stamp: cancelledStamp(inv.cancelled),
      },
      size,
    );
    return { fileName: pdfFileName(inv.invoiceNumber), bytes };
  }

  /** The seller's invoices ("online sales"), newest first. */
  async list(caller: Caller, query: z.output<typeof SalesInvoiceListQuery>): Promise<SalesInvoiceList> {
    const filter = { unitId: caller.unitId, from: query.from, to: query.to, partyUnitCode: query.partyUnitCode, channel: query.channel };
    const [rows, totals] = await Promise.all([
      salesRows(this.db, filter, 'newest', { offset: query.page * query.pageSize, limit: query.pageSize }),
      salesTotals(this.db, filter),
    ]);
    return {
      items: rows.map((r) => ({
        invoiceId: r.id,
        invoiceNumber: r.invoice_number,
        invoiceDate: r.invoice_date,
        orderNumber: r.order_number,
        partyName: r.recipient_name,
        partyUnitCode: r.party_unit_code,
        partyGstin: r.recipient_gstin,
        itemCount: r.item_count,
        taxablePaise: r.taxable_paise,
        taxPaise: r.cgst_paise + r.sgst_paise + r.igst_paise,
        totalPaise: r.total_paise,
      })),
      totalResults: totals.invoice_count,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Sales register of a month: its invoices in number order, one page, with the month's totals. */
  async register(caller: Caller, query: z.output<typeof SalesRegisterQuery>): Promise<SalesRegister> {
    const { from, to } = monthRange(query.month);
    const filter = { unitId: caller.unitId, from, to, partyUnitCode: query.partyUnitCode };
    const [rows, t] = await Promise.all([salesRows(this.db, filter, 'register', { offset: query.page * query.pageSize, limit: query.pageSize }), salesTotals(this.db, filter)]);
    return {
      from,
      to,
      items: rows.map((r) => ({
        invoiceId: r.id,
        invoiceNumber: r.invoice_number,
        invoiceDate: r.invoice_date,
        orderNumber: r.order_number,
        partyName: r.recipient_name,
        partyUnitCode: r.party_unit_code,
        partyGstin: r.recipient_gstin,
        placeOfSupply: r.place_of_supply,
        taxablePaise: r.taxable_paise,
        cgstPaise: r.cgst_paise,
        sgstPaise: r.sgst_paise,
        igstPaise: r.igst_paise,
        roundOffPaise: r.round_off_paise,
        totalPaise: r.total_paise,
      })),
      totals: { invoiceCount: t.invoice_count, taxablePaise: t.taxable, cgstPaise: t.cgst, sgstPaise: t.sgst, igstPaise: t.igst, roundOffPaise: t.round_off, totalPaise: t.total },
      totalResults: t.invoice_count,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** A month's sales by HSN and rate. */
  async hsnSummary(caller: Caller, month: string): Promise<HsnSummary> {
    const { from, to } = monthRange(month);
    const rows = await hsnRows(this.db, { unitId: caller.unitId, from, to });
    const items = rows.map((r) => ({ hsn: r.hsn, gstRateBp: r.gst_rate_bp, quantity: r.quantity, taxablePaise: r.taxable, cgstPaise: r.cgst, sgstPaise: r.sgst, igstPaise: r.igst, totalPaise: r.total }));
    const sum = (k: 'quantity' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') => items.reduce((s, i) => s + i[k], 0);
    return {
      from,
      to,
      rows: items,
      totals: { quantity: sum('quantity'), taxablePaise: sum('taxablePaise'), cgstPaise: sum('cgstPaise'), sgstPaise: sum('sgstPaise'), igstPaise: sum('igstPaise'), totalPaise: sum('totalPaise') },
    };
  }
}
