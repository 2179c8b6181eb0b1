import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { GST_STATES, financialYear, formatPaise, upiPayLink, type PageQuery, type PayProviderInvoice, type PendingProviderPayments, type ProviderInvoice, type ProviderInvoiceList, type QrFormat } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockName } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { DB, ProviderInvoicesTable } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import type { DownloadFile } from '../../http/file-reply';
import { qrFile, qrPng } from '../../pdf/codes';
import { pdfFileName } from '../../pdf/pdf';
import { renderProviderInvoice } from '../../pdf/provider-invoice';
import { LINKS, notify } from '../notifications/notify';
import { assertUtrUnused } from '../payments/posting';
import { createCustomHead } from '../ledger/accounts';
import { postVoucher } from '../ledger/post';
import { unitTaxDetails } from '../ledger/parties';
import { istDate } from '../search/text';
import { chargeMonth, istDayStart, monthName, monthRange, monthsBetween, nextMonth, planFor, previousMonth } from './pricing';

/*
 * The provider's billing (issue 15, billing/invoices): Medico B2B's monthly GST invoice to each unit, made on demand
 * (when the unit lists its invoices or its pending payments) for every calendar month that has ended since the
 * unit joined, once per unit and month, and paid by UPI to the provider's VPA with the UTR recorded.
 *
 * A month with nothing to charge (no plan fee and every delivery free) is still issued, at ₹0 and PAID: every
 * month then has exactly one invoice, which freezes what it says (a later plan change or referral credit cannot
 * re-bill an earlier month), and the unit sees its free deliveries used even when it paid nothing.
 */

export type ProviderInvoiceRow = Selectable<ProviderInvoicesTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

export const invoiceNotFound = () => new AppError('E0053', 404, 'Invoice not found');
const alreadyPaid = (number: string) => new AppError('E0010', 409, `Invoice ${number} is already paid`);
const utrUsed = () => new AppError('E0009', 409, 'This UTR is already recorded against another payment', { utr: 'This UTR is already recorded against another payment' });
const badPayment = (field: string, message: string) => new AppError('E0001', 400, message, { [field]: message });

/** The custom head the unit's books charge the platform's fees to (found by name, else opened on first payment). */
export const PLATFORM_CHARGES_HEAD = 'Medico B2B platform charges';

/** The provider's invoice series, e.g. 'MB/26-27/000123' (≤ 16 characters, Rule 46(b)). */
export const providerInvoiceNumber = (fy: string, serial: number) => `MB/${fy.slice(2)}/${String(serial).padStart(6, '0')}`;

/**
 * Deliveries a unit used in a period (both days included, IST): its consignments DELIVERED then (by the time of the
 * DELIVERED event), and how many of them were referral free deliveries. Whether a delivery is free is decided once,
 * when it is delivered (deliveries/service.ts takeFreeDelivery, from referral_credits), and billing only counts the
 * flag: the offer is accounted in one place, and an invoice agrees with what the consignments show.
 */
export async function deliveryCounts(db: Kysely<DB>, unitId: string, from: string, to: string): Promise<{ deliveries: number; free: number }> {
  const row = await db
    .selectFrom('consignments as c')
    .innerJoin('consignment_events as e', (j) => j.onRef('e.consignment_id', '=', 'c.id').on('e.status', '=', 'DELIVERED'))
    .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`count(*) FILTER (WHERE c.free_delivery)`.as('free')])
    .where('c.owner_unit_id', '=', unitId)
    // Goods the seller sent by its own transport or a courier (issue 39) used no delivery of ours.
    .where('c.carrier', '=', 'DELIVERY_BOY')
    .where('c.status', '=', 'DELIVERED')
    .where('e.at', '>=', istDayStart(from))
    .where('e.at', '<', new Date(istDayStart(to).getTime() + 24 * 60 * 60 * 1000))
    .executeTakeFirstOrThrow();
  return { deliveries: Number(row.n), free: Number(row.free) };
}

/** Deliveries a unit used in a period (see deliveryCounts). */
export async function deliveriesUsed(db: Kysely<DB>, unitId: string, from: string, to: string): Promise<number> {
  return (await deliveryCounts(db, unitId, from, to)).deliveries;
}

export class BillingService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}

  /** The provider's UPI link to pay an invoice: its total, its number as the note and as the reference (tr). */
  payLink(row: Pick<ProviderInvoiceRow, 'invoice_number' | 'total_paise'>): string {
    const p = this.config.provider;
    return upiPayLink({ pa: p.vpa, pn: p.name, amountPaise: Number(row.total_paise), tn: `Medico B2B ${row.invoice_number}`, tr: row.invoice_number });
  }

  private toInvoice(row: ProviderInvoiceRow): ProviderInvoice {
    return {
      invoiceId: row.id,
      invoiceNumber: row.invoice_number,
      month: row.month,
      invoiceDate: row.invoice_date,
      subscriptionPlan: row.subscription_plan,
      planPaise: Number(row.plan_paise),
      deliveries: row.deliveries,
      freeDeliveries: row.free_deliveries,
      billableDeliveries: row.billable_deliveries,
      perDeliveryPaise: Number(row.per_delivery_paise),
      deliveryPaise: Number(row.delivery_paise),
      taxablePaise: Number(row.taxable_paise),
      cgstPaise: Number(row.cgst_paise),
      sgstPaise: Number(row.sgst_paise),
      igstPaise: Number(row.igst_paise),
      totalPaise: Number(row.total_paise),
      status: row.status,
      paidOn: row.paid_on,
      utr: row.utr,
      pay: { payeeName: this.config.provider.name, vpa: this.config.provider.vpa, upiLink: this.payLink(row) },
    };
  }

  /**
   * Issues the unit's invoices for every ended month (from the month it joined to last month, IST) that has none.
   * One transaction under a per-unit lock: concurrent callers queue, and the later one finds the months done (the
   * unique (unit, month) index with ON CONFLICT DO NOTHING backs this up; should it ever skip a row the transaction
   * is rolled back, so the serial it took is not lost). Numbers come from the provider's counter of the invoice
   * date's financial year, taken last so the counter's row lock is held briefly. Returns how many were issued.
   */
  async generate(unitId: string): Promise<number> {
    const now = this.config.now();
    const lastMonth = previousMonth(istDate(now).slice(0, 7));
    const unit = await this.db.selectFrom('units').select(['created_at', 'subscription_type', 'subscription_valid_until']).where('id', '=', unitId).executeTakeFirst();
    if (!unit) return 0;
    const months = monthsBetween(istDate(new Date(unit.created_at)).slice(0, 7), lastMonth);
    if (!months.length) return 0;
    // The usual case, without a lock: every ended month already has its invoice.
    const have = await this.db
      .selectFrom('provider_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('unit_id', '=', unitId)
      .where('month', '>=', months[0]!)
      .where('month', '<=', lastMonth)
      .executeTakeFirstOrThrow();
    if (Number(have.n) === months.length) return 0;

    return inTransaction(this.db, async (trx) => {
      await lockName(trx, `provider-invoices:${unitId}`);
      const existing = await trx.selectFrom('provider_invoices').select('month').where('unit_id', '=', unitId).execute();
      const issued = new Set(existing.map((e) => e.month));
      const missing = months.filter((m) => !issued.has(m));
      if (!missing.length) return 0;

      const recipient = (await unitTaxDetails(trx, [unitId])).get(unitId);
      if (!recipient) return 0;
      const providerState = this.config.provider.gstin.slice(0, 2);
      // An unknown state cannot be shown to be the provider's: billed inter-state (IGST).
      const kind = recipient.stateCode === providerState ? 'INTRA' : 'INTER';
      const planned = [];
      for (const month of missing) {
        const { from, to } = monthRange(month);
        const invoiceDate = `${nextMonth(month)}-01`;
        const used = await deliveryCounts(trx, unitId, from, to);
        // The free ones are those the month's deliveries took from the referral offer when they were delivered.
        const charges = chargeMonth({ plan: planFor(unit.subscription_type, unit.subscription_valid_until, month), deliveries: used.deliveries, freeLeft: used.free, kind });
        planned.push({ month, invoiceDate, charges });
      }

      for (const { month, invoiceDate, charges } of planned) {
        const fy = financialYear(invoiceDate);
        const counter = await trx
          .insertInto('provider_invoice_counters')
          .values({ financial_year: fy, last_serial: 1 })
          .onConflict((oc) => oc.column('financial_year').doUpdateSet({ last_serial: sql`provider_invoice_counters.last_serial + 1` }))
          .returning('last_serial')
          .executeTakeFirstOrThrow();
        const nothingToPay = charges.totalPaise === 0;
        const inserted = await trx
          .insertInto('provider_invoices')
          .values({
            id: randomUUID(),
            unit_id: unitId,
            month,
            financial_year: fy,
            serial: counter.last_serial,
            invoice_number: providerInvoiceNumber(fy, counter.last_serial),
            invoice_date: invoiceDate,
            recipient_name: recipient.name,
            recipient_gstin: recipient.gstin,
            recipient_address: recipient.address,
            place_of_supply: recipient.stateCode,
            supply_kind: kind,
            subscription_plan: charges.plan,
            plan_paise: charges.planPaise,
            deliveries: charges.deliveries,
            free_deliveries: charges.freeDeliveries,
            billable_deliveries: charges.billableDeliveries,
            per_delivery_paise: charges.perDeliveryPaise,
            delivery_paise: charges.deliveryPaise,
            taxable_paise: charges.taxablePaise,
            gst_rate_bp: charges.gstRateBp,
            cgst_paise: charges.cgstPaise,
            sgst_paise: charges.sgstPaise,
            igst_paise: charges.igstPaise,
            total_paise: charges.totalPaise,
            status: nothingToPay ? 'PAID' : 'UNPAID',
            paid_on: nothingToPay ? invoiceDate : null,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['unit_id', 'month']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw new Error(`billing: the invoice of ${month} for unit ${unitId} appeared while it was being issued`);
      }
      return planned.length;
    });
  }

  /** The unit's invoices, newest month first, with what is still due on them (all of them, not just the page). */
  async list(caller: Caller, query: z.output<typeof PageQuery>): Promise<ProviderInvoiceList> {
    await this.generate(caller.unitId);
    const [rows, totals] = await Promise.all([
      this.db
        .selectFrom('provider_invoices')
        .selectAll()
        .where('unit_id', '=', caller.unitId)
        .orderBy('month', 'desc')
        .offset(query.page * query.pageSize)
        .limit(query.pageSize)
        .execute(),
      this.dues(caller.unitId),
    ]);
    return { items: rows.map((r) => this.toInvoice(r)), totalResults: totals.all, page: query.page, pageSize: query.pageSize, duePaise: totals.duePaise };
  }

  /** Unpaid invoices: how many and how much (the billing badge and the dashboard). */
  async pending(caller: Caller): Promise<PendingProviderPayments> {
    await this.generate(caller.unitId);
    const totals = await this.dues(caller.unitId);
    return { count: totals.unpaid, duePaise: totals.duePaise };
  }

  private async dues(unitId: string) {
    const row = await this.db
      .selectFrom('provider_invoices')
      .select([
        (eb) => eb.fn.countAll<number>().as('all'),
        sql<number>`count(*) FILTER (WHERE status = 'UNPAID')`.as('unpaid'),
        sql<number>`coalesce(sum(total_paise) FILTER (WHERE status = 'UNPAID'), 0)`.as('due'),
      ])
      .where('unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    return { all: Number(row.all), unpaid: Number(row.unpaid), duePaise: Number(row.due) };
  }

  /** One of the caller's invoices; another unit's, an unknown or a malformed id: E0053. */
  private async row(db: Kysely<DB>, unitId: string, invoiceId: string, forUpdate = false): Promise<ProviderInvoiceRow> {
    if (!UUID.test(invoiceId)) throw invoiceNotFound();
    let q = db.selectFrom('provider_invoices').selectAll().where('id', '=', invoiceId).where('unit_id', '=', unitId);
    if (forUpdate) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw invoiceNotFound();
    return row;
  }

  async invoice(caller: Caller, invoiceId: string): Promise<ProviderInvoice> {
    return this.toInvoice(await this.row(this.db, caller.unitId, invoiceId));
  }

  /** The UPI QR to pay an unpaid invoice (PNG or SVG); a paid one has nothing to pay (E0010). */
  async qr(caller: Caller, invoiceId: string, format: QrFormat): Promise<DownloadFile> {
    const row = await this.row(this.db, caller.unitId, invoiceId);
    if (row.status === 'PAID') throw alreadyPaid(row.invoice_number);
    return qrFile(this.payLink(row), format, `upi-${row.invoice_number}`);
  }

  /** The invoice as a PDF: a GST tax invoice from the provider, with the QR to pay it or its payment. */
  async pdf(caller: Caller, invoiceId: string): Promise<{ fileName: string; bytes: Buffer }> {
    const row = await this.row(this.db, caller.unitId, invoiceId);
    const p = this.config.provider;
    const providerState = p.gstin.slice(0, 2);
    const bytes = await renderProviderInvoice({
      provider: { name: p.name, address: p.address, gstin: p.gstin, stateCode: providerState, stateName: GST_STATES[providerState] ?? providerState, vpa: p.vpa },
      invoice: this.toInvoice(row),
      periodName: monthName(row.month),
      recipient: {
        name: row.recipient_name,
        address: row.recipient_address,
        gstin: row.recipient_gstin,
        stateCode: row.place_of_supply,
        stateName: row.place_of_supply ? (GST_STATES[row.place_of_supply] ?? row.place_of_supply) : null,
      },
      supplyKind: row.supply_kind,
      gstRateBp: row.gst_rate_bp,
      qrPng: row.status === 'UNPAID' ? await qrPng(this.payLink(row), 300) : null,
    });
    return { fileName: pdfFileName(row.invoice_number), bytes };
  }

  /**
   * Records the unit's UPI payment of an invoice, once: the UTR must be new to every provider invoice and to the
   * payments table (E0009), a paid invoice cannot be paid again (E0010). In one transaction the invoice is marked
   * PAID and the unit's books get one payment voucher: Dr "Medico B2B platform charges" (an indirect expense) the
   * taxable value, Dr Input CGST + SGST or IGST the tax (the unit's input credit), Cr Bank the total.
   */
  async pay(caller: Caller, invoiceId: string, input: PayProviderInvoice): Promise<ProviderInvoice> {
    const now = this.config.now();
    const today = istDate(now);
    if (input.paidOn > today) throw badPayment('paidOn', 'The payment date cannot be in the future');
    const paid = await inTransaction(this.db, async (trx) => {
        await assertUtrUnused(trx, input.utr);
        const row = await this.row(trx, caller.unitId, invoiceId, true);
        if (row.status === 'PAID') throw alreadyPaid(row.invoice_number);
        if (input.paidOn < row.invoice_date) throw badPayment('paidOn', `The payment date cannot be before the invoice date (${row.invoice_date})`);

        const head = await platformChargesHead(trx, caller.unitId, now);
        const voucherId = await postVoucher(trx, {
          unitId: caller.unitId,
          kind: 'PAYMENT',
          date: input.paidOn,
          documentType: 'PROVIDER_INVOICE',
          documentId: row.id,
          documentNumber: row.invoice_number,
          narration: `${this.config.provider.name} invoice ${row.invoice_number} for ${monthName(row.month)}, paid by UPI (UTR ${input.utr})`,
          lines: [
            { account: { accountId: head }, debitPaise: Number(row.taxable_paise) },
            { account: { head: 'INPUT_CGST' }, debitPaise: Number(row.cgst_paise) },
            { account: { head: 'INPUT_SGST' }, debitPaise: Number(row.sgst_paise) },
            { account: { head: 'INPUT_IGST' }, debitPaise: Number(row.igst_paise) },
            { account: { head: 'BANK' }, creditPaise: Number(row.total_paise) },
          ],
          createdBy: caller.userId,
          at: now,
        });
        const updated = await trx
          .updateTable('provider_invoices')
          .set({ status: 'PAID', paid_on: input.paidOn, utr: input.utr, voucher_id: voucherId, paid_by: caller.userId, paid_at: now })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await notify(
          trx,
          { unitIds: [caller.unitId] },
          {
            type: 'PAYMENT',
            title: 'Medico B2B invoice paid',
            body: `Rs. ${formatPaise(Number(row.total_paise))} paid for invoice ${row.invoice_number} (${monthName(row.month)}), UTR ${input.utr}.`,
            link: LINKS.providerInvoices,
          },
          { at: now },
        );
        return updated;
      })
      .catch((error: unknown) => {
        const e = error as { code?: string; constraint?: string; message?: string };
        if (e?.code === UNIQUE_VIOLATION && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('utr')) throw utrUsed();
        throw error;
      });
    return this.toInvoice(paid);
  }
}

/** The unit's "Medico B2B platform charges" head: found by name, else opened (a concurrent first payment's head is found). */
async function platformChargesHead(trx: Transaction<DB>, unitId: string, at: Date): Promise<string> {
  const find = () => trx.selectFrom('ledger_accounts').select('id').where('unit_id', '=', unitId).where(sql<string>`lower(name)`, '=', PLATFORM_CHARGES_HEAD.toLowerCase()).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  try {
    return await createCustomHead(trx, unitId, { name: PLATFORM_CHARGES_HEAD, group: 'INDIRECT_EXPENSES' }, at);
  } catch (error) {
    const again = error instanceof AppError && error.code === 'E0009' ? await find() : undefined;
    if (again) return again.id;
    throw error;
  }
}
