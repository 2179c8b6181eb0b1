import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  amountInWords,
  GST_STATES,
  priceDocument,
  type CounterBatch,
  type CounterBuyer,
  type CounterLookup,
  type CounterPayment,
  type CounterPreview,
  type CounterSale,
  type CounterSaleList,
  type CounterSettings,
  type DocumentParty,
  type DocumentTotals,
  type LineAmounts,
  type PaymentMode,
  type Quotation,
  type SupplyKind,
} from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { pdfFileName, printedDate, type PaperSize } from '../../pdf/pdf';
import { renderTaxDocument } from '../../pdf/tax-document';
import { activeWarehouse } from '../inventory/repository';
import type { AccountRef } from '../ledger/accounts';
import { documentLineRow, documentTotalsRow, pricedDocumentLine, toDocumentLine, toDocumentTotals } from '../ledger/document-lines';
import { gstRatesOn, noGstRate } from '../ledger/gst-rates';
import { NUMBER_TO_TAKE, nextDocumentNumber } from '../ledger/numbering';
import { asDocumentParty, placeOfSupply, unitTaxDetails } from '../ledger/parties';
import { postVoucher } from '../ledger/post';
import { settlementLines } from '../ledger/postings';
import { billOfInvoice, payBillOfInvoice } from '../purchases/two-sided';
import { formatRupeesPlain } from '../orders/money';
import { istDate } from '../search/text';
import { writeInvoice } from '../sales/write';
import type { SalesService } from '../sales/service';
import { refuseRecalled } from '../recalls/block';
import * as repo from './repository';

/** Why a bill cannot be made (expired or refused near-expiry batch, too little stock, no GST rate …). */
const refused = (why: string) => new AppError('E0010', 409, why);
const saleNotFound = () => new AppError('E0053', 404, 'Counter sale not found');
const quotationNotFound = () => new AppError('E0002', 404, 'Quotation not found');


function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type BatchState = CounterBatch['state'];

/** Expired on or before today (as the marketplace: sellable only while expiry_date > today); near expiry within the window. */
function batchState(expiry: string, today: string, settings: CounterSettings): BatchState {
  if (expiry <= today) return 'EXPIRED';
  return expiry <= addDays(today, settings.nearExpiryDays) ? 'NEAR_EXPIRY' : 'OK';
}

const sellable = (state: BatchState, settings: CounterSettings) => state === 'OK' || (state === 'NEAR_EXPIRY' && settings.nearExpiryPolicy === 'WARN');

/** Rate of a walk-in sale: MRP is tax-inclusive, so the taxable rate is MRP less its GST (rounded half up). */
export const walkInRate = (mrpPaise: number, gstRateBp: number) => Math.floor((mrpPaise * 10000 + (10000 + gstRateBp) / 2) / (10000 + gstRateBp));

interface LineRequest {
  productId: string;
  batchId?: string | undefined;
  quantity: number;
  discountBp?: number | undefined;
  /** A quotation's rate, kept when it converts. */
  ratePaise?: number;
}

interface Buyer {
  unitId: string | null;
  mobile: string | null;
  /** The ledger head it posts to. */
  account: AccountRef;
  recipient: DocumentParty;
  supplyKind: SupplyKind;
  placeOfSupply: string;
}

interface UnpricedLine {
  productId: string;
  batchId: string;
  productName: string;
  manufacturer: string;
  pack: string;
  hsn: string;
  batchNo: string;
  expiryDate: string;
  mrpPaise: number;
  ratePaise: number;
  quantity: number;
  freeQuantity: number;
  discountBp: number;
  gstRateBp: number;
}
type PricedLine = UnpricedLine & LineAmounts;

interface Priced {
  warehouseId: string;
  supplier: DocumentParty;
  buyer: Buyer;
  lines: PricedLine[];
  totals: DocumentTotals;
  warnings: string[];
}

const paymentOf = (row: { payment_mode: PaymentMode; settled_by: 'CASH' | 'UPI' | null; receipt_number: string | null; paid_at: Date | null }): CounterPayment => ({
  mode: row.payment_mode,
  status: row.settled_by ? 'PAID' : 'OUTSTANDING',
  settledBy: row.settled_by,
  receiptNumber: row.receipt_number,
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
});

/**
 * Counter billing from the caller's active warehouse: walk-in buyers (B2C) and connected parties. Bills are priced
 * by the ledger core's GST rules and issued as sales invoices (INV series) that post the sales voucher, with a
 * receipt voucher (RCT series) when paid in cash or UPI. Quotations price the same way without stock or books.
 */
export class InstoreService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly sales: SalesService,
  ) {}

  settings(caller: Caller): Promise<CounterSettings> {
    return repo.settingsOf(this.db, caller.unitId);
  }

  async saveSettings(caller: Caller, settings: CounterSettings): Promise<CounterSettings> {
    await repo.saveSettings(this.db, caller.unitId, settings, this.config.now());
    return settings;
  }

  private async warehouseOf(db: Database, caller: Caller) {
    const w = await activeWarehouse(db, caller.userId, caller.unitId);
    if (!w) throw new AppError('E0001', 400, 'Choose a warehouse first (the warehouse switcher in the header)');
    return w;
  }

  async lookup(caller: Caller, q: string): Promise<CounterLookup> {
    const today = istDate(this.config.now());
    const [warehouse, settings] = await Promise.all([this.warehouseOf(this.db, caller), repo.settingsOf(this.db, caller.unitId)]);
    const products = await repo.lookupProducts(this.db, warehouse.id, q);
    const batches = await repo.warehouseBatches(this.db, warehouse.id, products.map((p) => p.id), false);
    return {
      warehouseName: warehouse.name,
      items: products.map((p) => {
        const own = batches
          .filter((b) => b.product_id === p.id)
          .map((b): CounterBatch => {
            const state = batchState(b.expiry_date, today, settings);
            return { batchId: b.id, batchNo: b.batch_no, expiryDate: b.expiry_date, mrpPaise: b.mrp_paise, ptrPaise: b.ptr_paise, available: b.quantity - b.reserved, state, sellable: sellable(state, settings) };
          });
        return { productId: p.id, name: p.name, manufacturer: p.manufacturer, pack: p.pack, hsn: p.hsn, batches: own, fefoBatchId: own.find((b) => b.sellable)?.batchId ?? null };
      }),
    };
  }

  /** The buyer as the bill names it; a party must be a unit connected to the seller (approved). */
  private async buyerOf(db: Database, seller: { unitId: string; stateCode: string }, buyer: CounterBuyer): Promise<Buyer> {
    if ('partyUnitCode' in buyer) {
      const party = await db
        .selectFrom('units as u')
        .innerJoin('connections as c', (j) => j.onRef('c.buyer_unit_id', '=', 'u.id').on('c.seller_unit_id', '=', seller.unitId).on('c.status', '=', 'APPROVED'))
        .select('u.id')
        .where('u.unit_code', '=', buyer.partyUnitCode)
        .executeTakeFirst();
      if (!party) throw refused(`${buyer.partyUnitCode} is not one of your connected parties`);
      const details = (await unitTaxDetails(db, [party.id])).get(party.id);
      if (!details) throw refused(`${buyer.partyUnitCode} is not one of your connected parties`);
      const pos = placeOfSupply(seller.stateCode, details);
      return { unitId: party.id, mobile: null, account: { debtor: party.id }, recipient: asDocumentParty(details, pos.code), supplyKind: pos.kind, placeOfSupply: pos.code };
    }
    const code = seller.stateCode;
    return {
      unitId: null,
      mobile: buyer.walkInMobile ?? null,
      account: { head: 'WALK_IN' },
      recipient: {
        unitCode: null,
        name: buyer.walkInName || 'Walk-in customer',
        address: '',
        gstin: null,
        stateCode: code,
        stateName: GST_STATES[code] ?? code,
        drugLicences: [],
        phone: buyer.walkInMobile ? `+91 ${buyer.walkInMobile}` : null,
      },
      // Over the counter the goods are delivered in the seller's state.
      supplyKind: 'INTRA',
      placeOfSupply: code,
    };
  }

  /**
   * Batches picked and priced: a chosen batch is checked (not recalled: E0025, not expired, near expiry per the unit's
   * policy, enough left); otherwise units go first expiry first over the sellable batches (never a recalled one). With
   * `lock` (issuing) the batches stay locked until the transaction ends, so the stock checked is the stock taken.
   */
  private async price(db: Database, caller: Caller, buyerInput: CounterBuyer, requests: readonly LineRequest[], lock: boolean): Promise<Priced> {
    const today = istDate(this.config.now());
    // One after another: inside a transaction these share one connection.
    const warehouse = await this.warehouseOf(db, caller);
    const settings = await repo.settingsOf(db, caller.unitId);
    const seller = (await unitTaxDetails(db, [caller.unitId])).get(caller.unitId);
    if (!seller?.gstin || !seller.stateCode) throw refused('a tax invoice needs your GSTIN, and your registration has none');
    const buyer = await this.buyerOf(db, { unitId: caller.unitId, stateCode: seller.stateCode }, buyerInput);

    // A batch the person picked that is under a recall is refused by name (E0025), not "not in stock".
    await refuseRecalled(db, requests.flatMap((r) => (r.batchId ? [r.batchId] : [])), { unitId: caller.unitId });
    const productIds = [...new Set(requests.map((r) => r.productId))];
    const products = await repo.productsByIds(db, productIds);
    const batches = await repo.warehouseBatches(db, warehouse.id, productIds, lock);
    const productOf = new Map(products.map((p) => [p.id, p]));
    const left = new Map(batches.map((b) => [b.id, b.quantity - b.reserved]));
    const rates = await gstRatesOn(db, products.map((p) => p.hsn).filter((h): h is string => !!h), today);
    const warnings: string[] = [];
    const inputs: UnpricedLine[] = [];

    for (const r of requests) {
      const p = productOf.get(r.productId);
      if (!p) throw new AppError('E0002', 404, 'Product not found');
      const gstRateBp = p.hsn ? rates.get(p.hsn) : null;
      if (!p.hsn || gstRateBp === null || gstRateBp === undefined) throw noGstRate(p.name, p.hsn, today, 'BILLING');
      const own = batches.filter((b) => b.product_id === p.id);
      let takes: { batch: repo.WarehouseBatch; quantity: number }[];
      if (r.batchId) {
        const b = own.find((x) => x.id === r.batchId);
        if (!b) throw refused(`batch not in stock in ${warehouse.name} for ${p.name}`);
        const state = batchState(b.expiry_date, today, settings);
        if (state === 'EXPIRED') throw refused(`batch ${b.batch_no} of ${p.name} expired on ${printedDate(b.expiry_date)}: expired stock cannot be sold`);
        if (!sellable(state, settings)) throw refused(`batch ${b.batch_no} of ${p.name} expires on ${printedDate(b.expiry_date)}, within ${settings.nearExpiryDays} days: near-expiry stock is not sold at this counter`);
        const have = left.get(b.id) ?? 0;
        if (have < r.quantity) throw refused(`only ${have} of ${p.name} left in batch ${b.batch_no}`);
        takes = [{ batch: b, quantity: r.quantity }];
      } else {
        const candidates = own.filter((b) => sellable(batchState(b.expiry_date, today, settings), settings));
        const have = candidates.reduce((s, b) => s + (left.get(b.id) ?? 0), 0);
        if (have < r.quantity) {
          const expired = own.filter((b) => batchState(b.expiry_date, today, settings) === 'EXPIRED').length;
          throw refused(`only ${have} of ${p.name} can be sold from ${warehouse.name}${expired ? ' (expired batches are not sold)' : ''}`);
        }
        takes = [];
        let need = r.quantity;
        for (const b of candidates) {
          if (need === 0) break;
          const q = Math.min(need, left.get(b.id) ?? 0);
          if (q > 0) takes.push({ batch: b, quantity: q });
          need -= q;
        }
      }
      for (const t of takes) {
        left.set(t.batch.id, (left.get(t.batch.id) ?? 0) - t.quantity);
        if (batchState(t.batch.expiry_date, today, settings) === 'NEAR_EXPIRY') warnings.push(`${p.name} batch ${t.batch.batch_no} expires on ${printedDate(t.batch.expiry_date)}`);
        inputs.push({
          productId: p.id,
          batchId: t.batch.id,
          productName: p.name,
          manufacturer: p.manufacturer,
          pack: p.pack,
          hsn: p.hsn,
          batchNo: t.batch.batch_no,
          expiryDate: t.batch.expiry_date,
          mrpPaise: t.batch.mrp_paise,
          ratePaise: r.ratePaise ?? (buyer.unitId ? t.batch.ptr_paise : walkInRate(t.batch.mrp_paise, gstRateBp)),
          quantity: t.quantity,
          freeQuantity: 0,
          discountBp: r.discountBp ?? 0,
          gstRateBp,
        });
      }
    }
    const { lines, totals } = priceDocument(inputs, buyer.supplyKind);
    return { warehouseId: warehouse.id, supplier: asDocumentParty(seller, seller.stateCode), buyer, lines, totals, warnings };
  }

  async preview(caller: Caller, draft: { buyer: CounterBuyer; lines: LineRequest[] }): Promise<CounterPreview> {
    const p = await this.price(this.db, caller, draft.buyer, draft.lines, false);
    return {
      supplier: p.supplier,
      recipient: p.buyer.recipient,
      supplyKind: p.buyer.supplyKind,
      lines: p.lines.map((l, i) => ({ ...pricedDocumentLine(l, i), batchId: l.batchId })),
      totals: p.totals,
      amountInWords: amountInWords(p.totals.totalPaise),
      warnings: p.warnings,
    };
  }

  /**
   * One transaction: batches locked, priced, stock taken, then the invoice written with its INV number taken last
   * (sales/write.ts: its SALE movements print the number too), then the receipt.
   */
  private async issueIn(trx: Transaction<DB>, caller: Caller, buyerInput: CounterBuyer, requests: readonly LineRequest[], mode: PaymentMode, quotationId: string | null): Promise<{ id: string; warnings: string[]; eInvoiceId: string | null }> {
    const now = this.config.now();
    const date = istDate(now);
    const p = await this.price(trx, caller, buyerInput, requests, true);
    const id = randomUUID();
    const takes = p.lines.map((l) => ({ batchId: l.batchId, quantity: l.quantity }));
    // Cannot fail under the batches' locks; kept so a bug never sells stock that is not there.
    if (!(await repo.takeStock(trx, takes, now))) throw refused('the stock changed while billing; try again');
    const { number, eInvoiceId } = await writeInvoice(trx, {
      id,
      unitId: caller.unitId,
      date,
      orderId: null,
      buyerUnitId: p.buyer.unitId,
      supplier: p.supplier,
      recipient: p.buyer.recipient,
      placeOfSupply: p.buyer.placeOfSupply,
      supplyKind: p.buyer.supplyKind,
      totals: p.totals,
      amountInWords: amountInWords(p.totals.totalPaise),
      lines: p.lines.map((l) => ({ ...pricedDocumentLine(l, 0), batchId: l.batchId, orderLineId: null })),
      createdBy: caller.userId,
      at: now,
      debtor: p.buyer.account,
      narration: `Counter sale ${NUMBER_TO_TAKE} to ${p.buyer.recipient.name}`,
      noticeBody: `Counter sale: ${formatRupeesPlain(p.totals.totalPaise)}. Check the goods against it.`,
      alsoWrite: [{ table: 'stock_movements', rows: repo.saleMovements(caller.unitId, takes, { reference: id, note: `Counter sale ${NUMBER_TO_TAKE}`, userId: caller.userId, at: now }) }],
    });
    const receipt = mode === 'CREDIT' ? null : await this.postReceipt(trx, caller, { invoiceId: id, invoiceNumber: number.number, account: p.buyer.account, amountPaise: p.totals.totalPaise, via: mode, date, at: now });
    await trx
      .insertInto('counter_sales')
      .values({
        invoice_id: id,
        unit_id: caller.unitId,
        payment_mode: mode,
        settled_by: receipt ? (mode as 'CASH' | 'UPI') : null,
        receipt_voucher_id: receipt?.voucherId ?? null,
        receipt_number: receipt?.number ?? null,
        paid_at: receipt ? now : null,
        walk_in_mobile: p.buyer.mobile,
        quotation_id: quotationId,
        warehouse_id: p.warehouseId,
        created_at: now,
      })
      .execute();
    return { id, warnings: p.warnings, eInvoiceId };
  }

  /**
   * Receipt voucher (RCT series): Dr Cash / UPI Clearing, Cr the buyer. A platform buyer's books get the payment
   * against its bill of the invoice in the same transaction (waiting for the bill while it is not received).
   */
  private async postReceipt(trx: Transaction<DB>, caller: Caller, r: { invoiceId: string; invoiceNumber: string; account: AccountRef; amountPaise: number; via: 'CASH' | 'UPI'; date: string; at: Date }) {
    const bill = await billOfInvoice(trx, r.invoiceId);
    if (bill) await payBillOfInvoice(trx, bill, { supplierUnitId: caller.unitId, amountPaise: r.amountPaise, via: r.via === 'CASH' ? 'CASH' : 'UPI_CLEARING', date: r.date, at: r.at, createdBy: caller.userId });
    const number = await nextDocumentNumber(trx, caller.unitId, 'RCT', r.date);
    const voucherId = await postVoucher(trx, {
      unitId: caller.unitId,
      kind: 'RECEIPT',
      date: r.date,
      documentType: 'RECEIPT',
      documentId: r.invoiceId,
      documentNumber: number.number,
      narration: `${r.via === 'CASH' ? 'Cash' : 'UPI'} received against ${r.invoiceNumber}`,
      lines: settlementLines('RECEIPT', r.account, r.via === 'CASH' ? 'CASH' : 'UPI_CLEARING', r.amountPaise),
      createdBy: caller.userId,
      at: r.at,
    });
    return { voucherId, number: number.number };
  }

  async issue(caller: Caller, input: { buyer: CounterBuyer; lines: LineRequest[]; paymentMode: PaymentMode }): Promise<CounterSale> {
    const { id, warnings, eInvoiceId } = await inTransaction(this.db, (trx) => this.issueIn(trx, caller, input.buyer, input.lines, input.paymentMode, null));
    await this.sales.registerEInvoice(eInvoiceId);
    return this.sale(caller, id, warnings);
  }

  async sale(caller: Caller, invoiceId: string, warnings: string[] = []): Promise<CounterSale> {
    const row = await this.db
      .selectFrom('counter_sales as c')
      .leftJoin('quotations as q', 'q.id', 'c.quotation_id')
      .select(['c.payment_mode', 'c.settled_by', 'c.receipt_number', 'c.paid_at', 'c.walk_in_mobile', 'q.quotation_number'])
      .where('c.invoice_id', '=', invoiceId)
      .where('c.unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!row) throw saleNotFound();
    return { invoice: await this.sales.invoice(caller, invoiceId), payment: paymentOf(row), buyerMobile: row.walk_in_mobile, quotationNumber: row.quotation_number, warnings };
  }

  async list(caller: Caller, page: { page: number; pageSize: number }): Promise<CounterSaleList> {
    const [rows, total] = await Promise.all([repo.counterSaleRows(this.db, caller.unitId, { offset: page.page * page.pageSize, limit: page.pageSize }), repo.counterSaleCount(this.db, caller.unitId)]);
    return {
      items: rows.map((r) => ({
        invoiceId: r.id,
        invoiceNumber: r.invoice_number,
        invoiceDate: r.invoice_date,
        buyerName: r.recipient_name,
        partyUnitCode: r.party_unit_code,
        itemCount: r.item_count,
        totalPaise: Number(r.total_paise),
        paymentMode: r.payment_mode,
        paymentStatus: r.settled_by ? 'PAID' : 'OUTSTANDING',
      })),
      totalResults: total,
      page: page.page,
      pageSize: page.pageSize,
    };
  }

  /** A credit sale paid later at the counter: one receipt, once. */
  async settle(caller: Caller, invoiceId: string, via: 'CASH' | 'UPI'): Promise<CounterSale> {
    await inTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('counter_sales as c')
        .innerJoin('sales_invoices as i', 'i.id', 'c.invoice_id')
        .select(['c.settled_by', 'c.receipt_number', 'i.invoice_number', 'i.buyer_unit_id', 'i.total_paise'])
        .where('c.invoice_id', '=', invoiceId)
        .where('c.unit_id', '=', caller.unitId)
        .forUpdate('c')
        .executeTakeFirst();
      if (!row) throw saleNotFound();
      if (row.settled_by) throw new AppError('E0009', 409, `${row.invoice_number} is already paid (receipt ${row.receipt_number ?? ''})`);
      const now = this.config.now();
      const account: AccountRef = row.buyer_unit_id ? { debtor: row.buyer_unit_id } : { head: 'WALK_IN' };
      const receipt = await this.postReceipt(trx, caller, { invoiceId, invoiceNumber: row.invoice_number, account, amountPaise: Number(row.total_paise), via, date: istDate(now), at: now });
      await trx.updateTable('counter_sales').set({ settled_by: via, receipt_voucher_id: receipt.voucherId, receipt_number: receipt.number, paid_at: now }).where('invoice_id', '=', invoiceId).execute();
    });
    return this.sale(caller, invoiceId);
  }

  // ---- quotations ----

  async createQuotation(caller: Caller, input: { buyer: CounterBuyer; lines: LineRequest[]; validUntil: string }): Promise<Quotation> {
    const now = this.config.now();
    const date = istDate(now);
    if (input.validUntil < date) throw new AppError('E0001', 400, 'Valid until must not be before today', { validUntil: 'Must not be before today' });
    const id = await inTransaction(this.db, async (trx) => {
      const p = await this.price(trx, caller, input.buyer, input.lines, false);
      const number = await nextDocumentNumber(trx, caller.unitId, 'QTN', date);
      const id = randomUUID();
      const t = p.totals;
      await trx
        .insertInto('quotations')
        .values({
          id,
          unit_id: caller.unitId,
          series: number.series,
          financial_year: number.financialYear,
          serial: number.serial,
          quotation_number: number.number,
          quotation_date: date,
          valid_until: input.validUntil,
          buyer_unit_id: p.buyer.unitId,
          walk_in_mobile: p.buyer.mobile,
          recipient_name: p.buyer.recipient.name,
          supplier: JSON.stringify(p.supplier),
          recipient: JSON.stringify(p.buyer.recipient),
          place_of_supply: p.buyer.placeOfSupply,
          supply_kind: p.buyer.supplyKind,
          ...documentTotalsRow(t),
          amount_in_words: amountInWords(t.totalPaise),
          created_by: caller.userId,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('quotation_lines')
        .values(
          p.lines.map((l, i) => ({
            quotation_id: id,
            position: i + 1,
            batch_id: l.batchId,
            ...quotationLineRow(l),
          })),
        )
        .execute();
      return id;
    });
    return this.quotation(caller, id);
  }

  async quotation(caller: Caller, quotationId: string): Promise<Quotation> {
    const q = await this.db
      .selectFrom('quotations as q')
      .leftJoin('counter_sales as c', 'c.quotation_id', 'q.id')
      .leftJoin('sales_invoices as i', 'i.id', 'c.invoice_id')
      .selectAll('q')
      .select(['i.id as invoice_id', 'i.invoice_number'])
      .where('q.id', '=', quotationId)
      .where('q.unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!q) throw quotationNotFound();
    const lines = await this.db.selectFrom('quotation_lines').selectAll().where('quotation_id', '=', quotationId).orderBy('position').execute();
    const today = istDate(this.config.now());
    return {
      quotationId: q.id,
      quotationNumber: q.quotation_number,
      quotationDate: q.quotation_date,
      validUntil: q.valid_until,
      supplier: q.supplier as DocumentParty,
      recipient: q.recipient as DocumentParty,
      supplyKind: q.supply_kind,
      lines: lines.map(toDocumentLine),
      totals: toDocumentTotals(q),
      amountInWords: q.amount_in_words,
      status: q.invoice_id ? 'CONVERTED' : q.valid_until < today ? 'EXPIRED' : 'OPEN',
      invoiceId: q.invoice_id,
      invoiceNumber: q.invoice_number,
      createdAt: new Date(q.created_at).toISOString(),
    };
  }

  /**
   * The quotation's counter invoice, once: same buyer, batches, quantities and quoted rates, with stock and expiry
   * checked again now (a quoted batch that has since expired or sold out refuses). Valid through `validUntil`.
   */
  async convert(caller: Caller, quotationId: string, mode: PaymentMode): Promise<CounterSale> {
    const { id, warnings, eInvoiceId } = await inTransaction(this.db, async (trx) => {
      const q = await trx.selectFrom('quotations').selectAll().where('id', '=', quotationId).where('unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
      if (!q) throw quotationNotFound();
      const done = await trx.selectFrom('counter_sales as c').innerJoin('sales_invoices as i', 'i.id', 'c.invoice_id').select('i.invoice_number').where('c.quotation_id', '=', q.id).executeTakeFirst();
      if (done) throw new AppError('E0009', 409, `Quotation ${q.quotation_number} is already invoiced (${done.invoice_number})`);
      if (q.valid_until < istDate(this.config.now())) throw refused(`quotation ${q.quotation_number} was valid until ${printedDate(q.valid_until)}`);
      const lines = await trx.selectFrom('quotation_lines').selectAll().where('quotation_id', '=', q.id).orderBy('position').execute();
      let buyer: CounterBuyer;
      if (q.buyer_unit_id) {
        const unit = await trx.selectFrom('units').select('unit_code').where('id', '=', q.buyer_unit_id).executeTakeFirstOrThrow();
        buyer = { partyUnitCode: unit.unit_code };
      } else {
        buyer = { walkInName: q.recipient_name, ...(q.walk_in_mobile ? { walkInMobile: q.walk_in_mobile } : {}) };
      }
      return this.issueIn(
        trx,
        caller,
        buyer,
        lines.map((l) => ({ productId: l.product_id, batchId: l.batch_id, quantity: l.quantity, discountBp: l.discount_bp, ratePaise: l.rate_paise })),
        mode,
        q.id,
      );
    });
    await this.sales.registerEInvoice(eInvoiceId);
    return this.sale(caller, id, warnings);
  }

  async quotationPdf(caller: Caller, quotationId: string, size: PaperSize): Promise<{ fileName: string; bytes: Buffer }> {
    const q = await this.quotation(caller, quotationId);
    const pos = q.recipient.stateCode;
    const bytes = await renderTaxDocument(
      {
        title: 'QUOTATION',
        subtitle: 'Not a tax invoice',
        facts: [
          ['Quotation No.', q.quotationNumber],
          ['Date', printedDate(q.quotationDate)],
          ['Valid until', printedDate(q.validUntil)],
          ['Place of supply', `${GST_STATES[pos] ?? pos} (${pos})`],
        ],
        supplier: q.supplier,
        recipient: q.recipient,
        recipientLabel: 'Quoted to',
        supplyKind: q.supplyKind,
        lines: q.lines,
        totals: q.totals,
        amountInWords: q.amountInWords,
        notes: [`Prices and batches as quoted, valid until ${printedDate(q.validUntil)} subject to stock.`, 'This is a computer-generated quotation.'],
      },
      size,
    );
    return { fileName: pdfFileName(q.quotationNumber), bytes };
  }
}

/** Quotation lines keep no free quantity. */
function quotationLineRow(l: PricedLine) {
  const { free_quantity: _free, ...row } = documentLineRow(l);
  return row;
}

