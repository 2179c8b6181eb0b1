import { randomUUID } from 'node:crypto';
import type { CreateSupplierOrder, SupplierOrder } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { BOLD, FONT, MARGIN, cell, pdfFileName, printedDate, renderPdf } from '../../pdf/pdf';
import { nextDocumentNumber } from '../ledger/numbering';
import { unitTaxDetails } from '../ledger/parties';
import { istDate } from '../search/text';

const orderNotFound = () => new AppError('E0002', 404, 'Purchase order not found');
const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** Purchase orders to suppliers outside the platform: numbered in the PO series and printed; nothing is booked. */
export class SupplierOrdersService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async create(caller: Caller, input: z.output<typeof CreateSupplierOrder>): Promise<SupplierOrder> {
    const products = await this.db.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack']).where('id', 'in', input.lines.map((l) => l.productId)).execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = input.lines.findIndex((l) => !byId.has(l.productId));
    if (missing >= 0) throw new AppError('E0002', 404, `Line ${missing + 1}: product not found`, { [`lines.${missing}.productId`]: 'Unknown product' });
    const now = this.config.now();
    const id = randomUUID();
    await inTransaction(this.db, async (trx) => {
      const number = await nextDocumentNumber(trx, caller.unitId, 'PO', istDate(now));
      await trx
        .insertInto('supplier_orders')
        .values({
          id,
          unit_id: caller.unitId,
          series: number.series,
          financial_year: number.financialYear,
          serial: number.serial,
          order_number: number.number,
          order_date: istDate(now),
          supplier_name: input.supplierName,
          supplier_gstin: input.supplierGstin ?? null,
          supplier_phone: input.supplierPhone ?? null,
          notes: input.notes ?? null,
          item_count: input.lines.length,
          created_by: caller.userId,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('supplier_order_lines')
        .values(
          input.lines.map((l, i) => {
            const p = byId.get(l.productId)!;
            return { order_id: id, position: i + 1, product_id: p.id, product_name: p.name, manufacturer: p.manufacturer, pack: p.pack, quantity: l.quantity, free_quantity: l.freeQuantity, rate_paise: l.ratePaise ?? null };
          }),
        )
        .execute();
    });
    return this.order(caller, id);
  }

  async order(caller: Caller, orderId: string): Promise<SupplierOrder> {
    const o = await this.db.selectFrom('supplier_orders').selectAll().where('id', '=', orderId).where('unit_id', '=', caller.unitId).executeTakeFirst();
    if (!o) throw orderNotFound();
    const lines = await this.db.selectFrom('supplier_order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    return {
      orderId: o.id,
      orderNumber: o.order_number,
      orderDate: o.order_date,
      supplierName: o.supplier_name,
      supplierGstin: o.supplier_gstin,
      supplierPhone: o.supplier_phone,
      notes: o.notes,
      lines: lines.map((l) => ({ position: l.position, productId: l.product_id, productName: l.product_name, manufacturer: l.manufacturer, pack: l.pack, quantity: l.quantity, freeQuantity: l.free_quantity, ratePaise: l.rate_paise })),
      createdAt: new Date(o.created_at).toISOString(),
    };
  }

  /** A4: the buyer's name, address and GSTIN, the supplier, and the lines (product, pack, quantity, free, expected rate). */
  async pdf(caller: Caller, orderId: string): Promise<{ fileName: string; bytes: Buffer }> {
    const o = await this.order(caller, orderId);
    const buyer = (await unitTaxDetails(this.db, [caller.unitId])).get(caller.unitId);
    const bytes = await renderPdf('A4', { title: `Purchase order ${o.orderNumber}`, author: buyer?.name ?? '' }, (doc) => {
      const width = doc.page.width - 2 * MARGIN;
      let y = MARGIN;
      doc.font(BOLD).fontSize(14);
      cell(doc, 'PURCHASE ORDER', MARGIN, y, width, 'center');
      y += 24;
      doc.font(BOLD).fontSize(10);
      cell(doc, buyer?.name ?? '', MARGIN, y, width / 2);
      cell(doc, `PO No. ${o.orderNumber}`, MARGIN + width / 2, y, width / 2, 'right');
      y += 14;
      doc.font(FONT).fontSize(9);
      cell(doc, buyer?.address ?? '', MARGIN, y, width / 2);
      cell(doc, `Date ${printedDate(o.orderDate)}`, MARGIN + width / 2, y, width / 2, 'right');
      y += 12;
      cell(doc, buyer?.gstin ? `GSTIN ${buyer.gstin}` : '', MARGIN, y, width / 2);
      y += 20;
      doc.font(BOLD);
      cell(doc, 'To', MARGIN, y, width);
      y += 12;
      doc.font(FONT);
      for (const text of [o.supplierName, o.supplierGstin ? `GSTIN ${o.supplierGstin}` : '', o.supplierPhone ? `Phone ${o.supplierPhone}` : ''].filter(Boolean)) {
        cell(doc, text, MARGIN, y, width);
        y += 12;
      }
      y += 10;
      const cols = [
        { title: '#', w: 24, align: 'right' as const },
        { title: 'Product', w: width - 24 - 80 - 50 - 50 - 70, align: 'left' as const },
        { title: 'Pack', w: 80, align: 'left' as const },
        { title: 'Qty', w: 50, align: 'right' as const },
        { title: 'Free', w: 50, align: 'right' as const },
        { title: 'Rate (Rs.)', w: 70, align: 'right' as const },
      ];
      const row = (values: string[]) => {
        let x = MARGIN;
        cols.forEach((c, i) => {
          cell(doc, values[i] ?? '', x, y, c.w, c.align);
          x += c.w;
        });
        y += 14;
        if (y > doc.page.height - MARGIN - 40) {
          doc.addPage();
          y = MARGIN;
        }
      };
      doc.font(BOLD);
      row(cols.map((c) => c.title));
      doc.font(FONT);
      for (const l of o.lines) row([String(l.position), `${l.productName} (${l.manufacturer})`, l.pack, String(l.quantity), String(l.freeQuantity), l.ratePaise === null ? '' : rupees(l.ratePaise)]);
      if (o.notes) {
        y += 10;
        cell(doc, `Notes: ${o.notes}`, MARGIN, y, width);
      }
    });
    return { fileName: pdfFileName(o.orderNumber), bytes };
  }
}
