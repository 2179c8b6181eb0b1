import { sql } from 'kysely';
import type { PurchaseReport, PurchaseReportQuery, SupplierPurchases } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { notCancelled } from '../cancellations/books';
import { istDate } from '../search/text';
import { BILL_SUMMARY_COLUMNS, billSummary } from './repository';

/** The supplier behind a bill: the seller's unit on the platform, else the buyer's creditor head for it. */
const SUPPLIER_KEY = sql<string>`coalesce(b.supplier_unit_id, b.creditor_account_id)::text`;

/** Purchases by period and supplier: received bills only (a pending bill is not yet on the books). */
export class PurchaseReportsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private period(q: z.output<typeof PurchaseReportQuery>): { from: string; to: string } {
    const today = istDate(this.config.now());
    return { from: q.from ?? `${today.slice(0, 7)}-01`, to: q.to ?? today };
  }

  private received(caller: Caller, from: string, to: string) {
    // A bill withdrawn with its seller's cancelled invoice (issue 34) is in no register.
    return this.db.selectFrom('purchase_bills as b').where('b.unit_id', '=', caller.unitId).where('b.status', '=', 'RECEIVED').where('b.bill_date', '>=', from).where('b.bill_date', '<=', to).where(notCancelled('b.id'));
  }

  async bySupplier(caller: Caller, q: z.output<typeof PurchaseReportQuery>): Promise<PurchaseReport> {
    const { from, to } = this.period(q);
    const rows = await this.received(caller, from, to)
      .select([
        SUPPLIER_KEY.as('supplier_key'),
        sql<string>`max(b.supplier_name)`.as('supplier_name'),
        sql<string | null>`max(b.supplier_gstin)`.as('supplier_gstin'),
        sql<number>`count(*)::int`.as('bills'),
        sql<number>`sum(b.taxable_paise)::bigint`.as('taxable'),
        sql<number>`sum(b.cgst_paise + b.sgst_paise + b.igst_paise)::bigint`.as('tax'),
        sql<number>`sum(b.total_paise)::bigint`.as('total'),
      ])
      .groupBy(SUPPLIER_KEY)
      .orderBy(sql`sum(b.total_paise)`, 'desc')
      .execute();
    const items = rows.map((r) => ({ supplierKey: r.supplier_key, supplierName: r.supplier_name, supplierGstin: r.supplier_gstin, billCount: r.bills, taxablePaise: Number(r.taxable), taxPaise: Number(r.tax), totalPaise: Number(r.total) }));
    const sum = (k: 'billCount' | 'taxablePaise' | 'taxPaise' | 'totalPaise') => items.reduce((s, i) => s + i[k], 0);
    return { from, to, rows: items, totals: { billCount: sum('billCount'), taxablePaise: sum('taxablePaise'), taxPaise: sum('taxPaise'), totalPaise: sum('totalPaise') } };
  }

  async supplier(caller: Caller, supplierKey: string, q: z.output<typeof PurchaseReportQuery>): Promise<SupplierPurchases> {
    const { from, to } = this.period(q);
    const rows = await this.received(caller, from, to)
      .select(BILL_SUMMARY_COLUMNS)
      .where(SUPPLIER_KEY, '=', supplierKey)
      .orderBy('b.bill_date')
      .orderBy('b.created_at')
      .execute();
    // A supplier with no bills in the period is still named (from any of its bills), so the page can say "none".
    const name =
      rows[0]?.supplier_name ??
      (await this.db.selectFrom('purchase_bills as b').select('b.supplier_name').where('b.unit_id', '=', caller.unitId).where(SUPPLIER_KEY, '=', supplierKey).executeTakeFirst())?.supplier_name;
    if (!name) throw new AppError('E0002', 404, 'No purchases from this supplier');
    const bills = rows.map(billSummary);
    const sum = (k: 'taxablePaise' | 'taxPaise' | 'totalPaise') => bills.reduce((s, b) => s + b[k], 0);
    return { from, to, supplierName: name, bills, totals: { billCount: bills.length, taxablePaise: sum('taxablePaise'), taxPaise: sum('taxPaise'), totalPaise: sum('totalPaise') } };
  }
}
