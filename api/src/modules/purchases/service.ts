import { randomUUID } from 'node:crypto';
import {
  GST_STATES,
  MAX_QUANTITY,
  priceDocument,
  stateCodeOf,
  supplyKind,
  type DocumentParty,
  type ManualPurchaseBillInput,
  type PurchaseBill,
  type PurchaseBillList,
  type PurchaseBillListQuery,
  type PurchaseBillPayment,
  type ReceivePurchaseBill,
} from 'shared-api';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { activeWarehouse, addOrIncreaseBatch, insertMovements } from '../inventory/repository';
import { createCustomHead, type AccountRef } from '../ledger/accounts';
import { documentLineRow, documentTotalsRow, toDocumentLine, toDocumentTotals } from '../ledger/document-lines';
import { gstRatesOn } from '../ledger/gst-rates';
import { unitTaxDetails } from '../ledger/parties';
import { postVoucher } from '../ledger/post';
import { TAKEN, type NumberedWrite } from '../ledger/numbering';
import type { NewInvoice } from '../sales/repository';
import { TAX_DOCUMENTS, settlementLines, taxDocumentLines, type Settlement } from '../ledger/postings';
import { istDate } from '../search/text';
import { cancellationOf, notCancelled } from '../cancellations/books';
import { creditedUnits, receiveCreditNotes } from './two-sided';
import { billLines, billPayments, billSummary, countBills, findBill, listBills, lockBill, receivingBatches, type BillLineRow, type BillRow } from './repository';

export const billNotFound = () => new AppError('E0053', 404, 'Purchase bill not found');
export const badInput = (message: string, fields?: Record<string, string>) => new AppError('E0001', 400, message, fields);

/** A discount larger than the line is bad input, not a bug: priceDocument throws RangeError for it. */
function priceOrRefuse<T>(price: () => T): T {
  try {
    return price();
  } catch (e) {
    if (e instanceof RangeError) throw badInput(e.message);
    throw e;
  }
}

/** The creditor a bill is owed to: the seller's party head on the platform, the custom head for an outside supplier. */
export function partyOf(bill: Pick<BillRow, 'source' | 'supplier_unit_id' | 'creditor_account_id'>): AccountRef {
  return bill.source === 'PLATFORM' ? { creditor: bill.supplier_unit_id! } : { accountId: bill.creditor_account_id! };
}

/**
 * The buyer's purchase bill for a sales invoice (online or counter) as rows, to write in the seller's invoicing
 * transaction with the invoice: its lines copied, PENDING until the buyer receives it; nothing is posted on the
 * buyer's books yet. Null when there is no platform buyer or a line names no catalogue product. The bill prints the
 * invoice's number, which takeNumberWith takes in the statement that writes both.
 */
export function purchaseBillRows(inv: NewInvoice): { billId: string; writes: NumberedWrite[] } | null {
  if (!inv.buyerUnitId || inv.lines.some((l) => !l.productId)) return null;
  const billId = randomUUID();
  return {
    billId,
    writes: [
      {
        table: 'purchase_bills',
        rows: [
          {
            id: billId,
            unit_id: inv.buyerUnitId,
            source: 'PLATFORM',
            sales_invoice_id: inv.id,
            supplier_unit_id: inv.unitId,
            supplier: JSON.stringify(inv.supplier),
            supplier_name: inv.supplier.name,
            supplier_gstin: inv.supplier.gstin,
            bill_number: TAKEN.number,
            bill_date: inv.date,
            supply_kind: inv.supplyKind,
            item_count: inv.lines.length,
            ...documentTotalsRow(inv.totals),
            status: 'PENDING',
            created_by: inv.createdBy,
            created_at: inv.at,
          },
        ],
      },
      { table: 'purchase_bill_lines', rows: inv.lines.map((l, i) => ({ bill_id: billId, position: i + 1, ...documentLineRow({ ...l, productId: l.productId! }) })) },
    ],
  };
}

export async function paymentOf(db: Database, bill: Pick<BillRow, 'id' | 'bill_number' | 'supplier_name' | 'total_paise' | 'status' | 'sales_invoice_id'>): Promise<PurchaseBillPayment> {
  const payments = (await billPayments(db, bill.id)).map((p) => ({ voucherId: p.id, date: p.voucher_date, amountPaise: Number(p.amount) }));
  // A bill not received yet shows its seller's credit notes as returned (Receive turns them into debit notes).
  const returned =
    bill.status === 'PENDING' && bill.sales_invoice_id
      ? await db
          .selectFrom('credit_notes')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('total_paise'), e.lit(0)).as('total'))
          .where('invoice_id', '=', bill.sales_invoice_id)
          .where(notCancelled('id'))
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('debit_notes')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('total_paise'), e.lit(0)).as('total'))
          .where('bill_id', '=', bill.id)
          .where(notCancelled('id'))
          .executeTakeFirstOrThrow();
  const amount = Number(bill.total_paise);
  const paid = payments.reduce((s, p) => s + p.amountPaise, 0);
  const returnedPaise = Number(returned.total);
  const due = amount - returnedPaise - paid;
  const status = bill.status === 'PENDING' ? 'NOT_RECEIVED' : due <= 0 ? 'PAID' : paid === 0 ? 'UNPAID' : 'PARTLY_PAID';
  return { billId: bill.id, billNumber: bill.bill_number, supplierName: bill.supplier_name, amountPaise: amount, paidPaise: paid, returnedPaise, duePaise: due, status, payments };
}

/**
 * Whether `amountPaise` may be paid on a bill now: the bill is locked (payments of one bill queue), received, and owes
 * at least that much (E0010 otherwise). The bill as read.
 */
export async function checkBillPayment(trx: Transaction<DB>, p: { unitId: string; billId: string; amountPaise: number }) {
  if (!Number.isSafeInteger(p.amountPaise) || p.amountPaise <= 0) throw badInput('The amount must be a positive number of paise');
  const bill = await lockBill(trx, p.billId, p.unitId);
  if (!bill) throw billNotFound();
  if (bill.status !== 'RECEIVED') throw new AppError('E0010', 409, `Bill ${bill.bill_number} is not received yet: nothing is owed on it`);
  const { duePaise } = await paymentOf(trx, bill);
  if (p.amountPaise > duePaise) throw new AppError('E0010', 409, `Only ${duePaise} paise are due on bill ${bill.bill_number}`);
  return bill;
}

/**
 * A payment against a received bill (a payment of the payments module names the bill on its line instead): posts
 * settlementLines('PAYMENT', the bill's creditor, via, amount) with the bill as the voucher's document, so the bill's
 * paid amount is the sum of these vouchers. Refused beyond what is due.
 */
export async function recordBillPayment(
  trx: Transaction<DB>,
  p: { unitId: string; billId: string; amountPaise: number; via: Settlement; date: string; at: Date; createdBy?: string | null; documentNumber?: string | null },
): Promise<string> {
  const bill = await checkBillPayment(trx, p);
  return postVoucher(trx, {
    unitId: p.unitId,
    kind: 'PAYMENT',
    date: p.date,
    documentType: 'PURCHASE_BILL_PAYMENT',
    documentId: bill.id,
    documentNumber: p.documentNumber ?? null,
    narration: `Payment against bill ${bill.bill_number} of ${bill.supplier_name}`,
    lines: settlementLines('PAYMENT', partyOf(bill), p.via, p.amountPaise),
    createdBy: p.createdBy ?? null,
    at: p.at,
  });
}

function toLine(l: BillLineRow): PurchaseBill['lines'][number] {
  return {
    ...toDocumentLine(l),
    receivedQuantity: l.received_quantity,
    salePricePaise: l.sale_price_paise,
    batchId: l.batch_id,
  };
}

/** Purchase bills of the buyer: platform bills waiting for receipt, received ones, and bills keyed in by hand. */
export class PurchasesService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private today() {
    return istDate(this.config.now());
  }

  async list(caller: Caller, query: z.output<typeof PurchaseBillListQuery>): Promise<PurchaseBillList> {
    const filter = { unitId: caller.unitId, status: query.status, source: query.source, from: query.from, to: query.to };
    const [rows, total] = await Promise.all([listBills(this.db, filter, { offset: query.page * query.pageSize, limit: query.pageSize }), countBills(this.db, filter)]);
    return {
      items: rows.map(billSummary),
      totalResults: total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async bill(caller: Caller, billId: string): Promise<PurchaseBill> {
    const row = await findBill(this.db, billId, caller.unitId);
    if (!row) throw billNotFound();
    const pending = row.status === 'PENDING';
    const [lines, payment, batches, credited] = await Promise.all([
      billLines(this.db, billId),
      paymentOf(this.db, row),
      pending ? receivingBatches(this.db, billId, caller.userId, caller.unitId) : undefined,
      pending && row.sales_invoice_id ? creditedUnits(this.db, row.sales_invoice_id) : undefined,
    ]);
    return {
      billId: row.id,
      source: row.source,
      status: row.status,
      billNumber: row.bill_number,
      billDate: row.bill_date,
      salesInvoiceId: row.sales_invoice_id,
      supplier: row.supplier as DocumentParty,
      supplyKind: row.supply_kind,
      lines: lines.map((l) => (batches ? { ...toLine(l), stockBatch: batches.get(l.position) ?? null, creditedQuantity: credited?.get(l.position) ?? 0 } : toLine(l))),
      totals: toDocumentTotals(row),
      receiptNote: row.receipt_note,
      receivedAt: row.received_at ? new Date(row.received_at).toISOString() : null,
      warehouseName: row.warehouse_name,
      payment,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  async payment(caller: Caller, billId: string): Promise<PurchaseBillPayment> {
    const row = await findBill(this.db, billId, caller.unitId);
    if (!row) throw billNotFound();
    return paymentOf(this.db, row);
  }

  /**
   * Receive: in one transaction the bill is locked (a second Receive waits, then is refused), each line's arrived
   * units go into the caller's active warehouse (batch upsert + a PURCHASE stock movement) at the buyer's own sale
   * price, and the purchase voucher is posted for the bill's full amount: the supplier billed it, and a short
   * receipt is noted on the bill (a claim for a debit note) rather than changing the supplier's figures.
   */
  async receive(caller: Caller, billId: string, input: z.output<typeof ReceivePurchaseBill>): Promise<PurchaseBill> {
    const warehouse = await activeWarehouse(this.db, caller.userId, caller.unitId);
    if (!warehouse) throw badInput('Choose a warehouse first (the warehouse switcher in the header)');
    const now = this.config.now();
    const today = istDate(now);
    await inTransaction(this.db, async (trx) => {
      const bill = await lockBill(trx, billId, caller.unitId);
      if (!bill) throw billNotFound();
      if (bill.status === 'RECEIVED') throw new AppError('E0009', 409, `Bill ${bill.bill_number} is already received`);
      // The seller cancelled its invoice (cancellations/books.ts, after this bill's lock): nothing is to be received.
      if (await cancellationOf(trx, bill.id)) throw new AppError('E0013', 409, `Bill ${bill.bill_number} was withdrawn: the supplier cancelled the invoice`);
      const lines = await billLines(trx, billId);
      const given = new Map(input.lines.map((l) => [l.position, l]));
      if (given.size !== input.lines.length || given.size !== lines.length || lines.some((l) => !given.has(l.position))) {
        throw badInput('Give every line of the bill once, with the units received');
      }
      // Units the seller's credit notes took back while the bill waited do not arrive (decision 12: the bill shows the return).
      const credited = bill.sales_invoice_id ? await creditedUnits(trx, bill.sales_invoice_id) : new Map<number, number>();
      const shorts: string[] = [];
      const moves = { batchId: [] as string[], delta: [] as number[], unitCostPaise: [] as number[] };
      const received: { position: number; quantity: number; salePrice: number | null; batchId: string | null }[] = [];
      for (const l of lines) {
        const r = given.get(l.position)!;
        const billed = l.quantity + l.free_quantity;
        const due = billed - (credited.get(l.position) ?? 0);
        if (r.receivedQuantity > due) {
          const why = due < billed ? `only ${billed} billed, ${billed - due} of them credited back` : `only ${billed} billed`;
          throw badInput(`Line ${l.position} (${l.product_name} ${l.batch_no}): ${r.receivedQuantity} received but ${why}`, { [`lines.${l.position}.receivedQuantity`]: `At most ${due}` });
        }
        if (r.receivedQuantity < due) shorts.push(`${l.product_name} ${l.batch_no}: ${r.receivedQuantity} of ${due}`);
        let batchId: string | null = null;
        // The batch's PTR after Receive (nothing received: what the request named, if anything).
        let salePrice: number | null = r.salePricePaise ?? null;
        if (r.receivedQuantity > 0) {
          if (l.expiry_date <= today) throw badInput(`Line ${l.position} (${l.product_name} ${l.batch_no}) has expired: receive 0 and return it`, { [`lines.${l.position}.receivedQuantity`]: 'Expired batch' });
          // Into a batch the warehouse holds, only the terms the request gives change (issue 32: receiving kept
          // overwriting the PTR and deleting a 10 + 1 scheme); a new batch takes the bill's MRP and rate by default.
          const batch = await addOrIncreaseBatch(trx, {
              unitId: caller.unitId,
              warehouseId: warehouse.id,
              productId: l.product_id,
              change: { mrp: r.mrpPaise !== undefined, ptr: r.salePricePaise !== undefined, pts: r.ptsPaise !== undefined, scheme: r.scheme !== undefined },
              line: {
                rowNumber: l.position,
                name: l.product_name,
                pack: l.pack,
                manufacturer: l.manufacturer,
                composition: null,
                batchNo: l.batch_no,
                expiryDate: l.expiry_date,
                mrpPaise: r.mrpPaise ?? l.mrp_paise,
                ptrPaise: r.salePricePaise ?? l.rate_paise,
                ptsPaise: r.ptsPaise ?? null,
                quantity: r.receivedQuantity,
                freeQuantity: 0,
                schemeBuy: r.scheme?.buy ?? null,
                schemeFree: r.scheme ? r.scheme.free : null,
                hsn: l.hsn,
                gstBp: l.gst_rate_bp,
              },
              now,
            });
          // The batch already holds so much that this would take it past the quantity limit.
          if (!batch) throw badInput(`Line ${l.position} (${l.product_name} ${l.batch_no}): the batch would hold more than ${MAX_QUANTITY.toLocaleString('en-IN')} units`, { [`lines.${l.position}.receivedQuantity`]: 'Too many for the batch' });
          batchId = batch.id;
          salePrice = batch.ptr_paise;
          moves.batchId.push(batchId);
          moves.delta.push(r.receivedQuantity);
          // The stock's cost layer (financials): what the line cost per unit, free units included (they lower it).
          moves.unitCostPaise.push(Math.round(Number(l.taxable_paise) / billed));
        }
        received.push({ position: l.position, quantity: r.receivedQuantity, salePrice, batchId });
      }
      if (moves.batchId.length) {
        await insertMovements(trx, caller.unitId, 'PURCHASE', moves, { reference: bill.id, note: `Purchase bill ${bill.bill_number} from ${bill.supplier_name}`, userId: caller.userId, now });
      }
      const voucherId = await postVoucher(trx, {
        unitId: caller.unitId,
        kind: TAX_DOCUMENTS.PURCHASE_BILL.voucherKind,
        date: today,
        documentType: 'PURCHASE_BILL',
        documentId: bill.id,
        documentNumber: bill.bill_number,
        narration: `Purchase bill ${bill.bill_number} of ${bill.bill_date} from ${bill.supplier_name}`,
        lines: taxDocumentLines('PURCHASE_BILL', partyOf(bill), toDocumentTotals(bill)),
        createdBy: caller.userId,
        at: now,
      });
      await receiveCreditNotes(trx, bill.id, { date: today, at: now, createdBy: caller.userId });
      const note = [input.note, shorts.length ? `Short receipt: ${shorts.join('; ')}` : undefined].filter(Boolean).join('\n') || null;
      await trx
        .updateTable('purchase_bills')
        .set({ status: 'RECEIVED', voucher_id: voucherId, warehouse_id: warehouse.id, receipt_note: note, received_by: caller.userId, received_at: now })
        .where('id', '=', bill.id)
        .execute();
      for (const r of received) {
        await trx
          .updateTable('purchase_bill_lines')
          .set({ received_quantity: r.quantity, sale_price_paise: r.salePrice, batch_id: r.batchId })
          .where('bill_id', '=', bill.id)
          .where('position', '=', r.position)
          .execute();
      }
    });
    return this.bill(caller, billId);
  }

  /**
   * A bill keyed in for a supplier outside the platform: priced by the GST rules (CGST + SGST when the supplier's
   * GSTIN state is the buyer's, else IGST), owed to a Sundry Creditors head named after the supplier (created on
   * its first bill, reused after), PENDING until received like a platform bill.
   */
  async createManual(caller: Caller, input: z.output<typeof ManualPurchaseBillInput>): Promise<PurchaseBill> {
    const buyer = (await unitTaxDetails(this.db, [caller.unitId])).get(caller.unitId);
    if (!buyer) throw billNotFound();
    const supplierState = input.supplierGstin ? stateCodeOf({ gstin: input.supplierGstin, state: null }) : (input.supplierState ?? null);
    if (!supplierState || !GST_STATES[supplierState]) throw badInput("Give the supplier's GSTIN or its state", { supplierGstin: 'GSTIN or state needed' });
    if (input.billDate > this.today()) throw badInput('The bill date cannot be in the future', { billDate: 'Not after today' });
    const kind = supplyKind(supplierState, buyer.stateCode ?? supplierState);
    const products = await this.db.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack']).where('id', 'in', input.lines.map((l) => l.productId)).execute();
    const productOf = new Map(products.map((p) => [p.id, p]));
    const missing = input.lines.findIndex((l) => !productOf.has(l.productId));
    // A product id that names nothing is a missing resource (as an unknown bill is), not a malformed request.
    if (missing >= 0) throw new AppError('E0002', 404, `Line ${missing + 1}: product not found`, { [`lines.${missing}.productId`]: 'Unknown product' });
    const rates = await gstRatesOn(this.db, input.lines.map((l) => l.hsn), input.billDate);
    const inputs = input.lines.map((l, i) => {
      const rate = rates.get(l.hsn);
      if (rate === null || rate === undefined) throw badInput(`Line ${i + 1}: no GST rate is on record for HSN ${l.hsn}`, { [`lines.${i}.hsn`]: 'No GST rate for this HSN' });
      if (l.quantity + l.freeQuantity === 0) throw badInput(`Line ${i + 1}: no units`, { [`lines.${i}.quantity`]: 'Enter a quantity' });
      return { ...l, gstRateBp: rate };
    });
    const { lines, totals } = priceOrRefuse(() => priceDocument(inputs, kind));
    const supplier: DocumentParty = {
      unitCode: null,
      name: input.supplierName,
      address: '',
      gstin: input.supplierGstin ?? null,
      stateCode: supplierState,
      stateName: GST_STATES[supplierState]!,
      drugLicences: [],
      phone: null,
    };
    const now = this.config.now();
    const id = randomUUID();
    await inTransaction(this.db, async (trx) => {
      const head = await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('unit_id', '=', caller.unitId)
        .where('group_code', '=', 'SUNDRY_CREDITORS')
        .where('party_unit_id', 'is', null)
        .where((e) => e(e.fn('lower', ['name']), '=', input.supplierName.toLowerCase()))
        .executeTakeFirst();
      const creditor = head?.id ?? (await createCustomHead(trx, caller.unitId, { name: input.supplierName, group: 'SUNDRY_CREDITORS' }, now));
      const taken = await trx
        .selectFrom('purchase_bills')
        .select('id')
        .where('unit_id', '=', caller.unitId)
        .where('creditor_account_id', '=', creditor)
        .where((e) => e(e.fn('upper', ['bill_number']), '=', input.billNumber.toUpperCase()))
        .executeTakeFirst();
      if (taken) throw new AppError('E0009', 409, `Bill ${input.billNumber} of ${input.supplierName} is already entered`);
      await trx
        .insertInto('purchase_bills')
        .values({
          id,
          unit_id: caller.unitId,
          source: 'MANUAL',
          creditor_account_id: creditor,
          supplier: JSON.stringify(supplier),
          supplier_name: input.supplierName,
          supplier_gstin: input.supplierGstin ?? null,
          bill_number: input.billNumber,
          bill_date: input.billDate,
          supply_kind: kind,
          item_count: lines.length,
          ...documentTotalsRow(totals),
          status: 'PENDING',
          created_by: caller.userId,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('purchase_bill_lines')
        .values(
          lines.map((l, i) => {
            const p = productOf.get(l.productId)!;
            return {
              bill_id: id,
              position: i + 1,
              ...documentLineRow({ ...l, productName: p.name, manufacturer: p.manufacturer, pack: p.pack }),
            };
          }),
        )
        .execute();
    });
    return this.bill(caller, id);
  }
}
