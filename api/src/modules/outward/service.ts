import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  OUTWARD_KIND_LABELS,
  type CreateOutwardEntry,
  type OutwardBatchQuery,
  type OutwardBatches,
  type OutwardEntryResult,
  type OutwardExportQuery,
  type OutwardList,
  type OutwardQuery,
  type OutwardRow,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { paise, sheetsToCsv, sheetsToXlsx, type Sheet } from '../../files/sheets';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { CONTENT_TYPES, type DownloadFile } from '../../http/file-reply';
import { activeWarehouse } from '../inventory/repository';
import { istStartOf } from '../ledger/period';
import { addDays, istDate } from '../search/text';
import * as repo from './repository';

/** Without `from`, the register shows the 30 days up to `to`. */
const DEFAULT_DAYS = 30;
/** An export holds at most this many rows (a year of a busy stockist's dispatches is well under it). */
const EXPORT_ROWS = 100_000;
const PICKER_ROWS = 50;

const toRow = (r: repo.RegisterRow & { value_paise: number }): OutwardRow => ({
  movementId: r.id,
  date: r.day,
  at: new Date(r.created_at).toISOString(),
  kind: r.kind,
  documentNumber: r.document_number,
  documentId: r.document_id,
  partyName: r.party_name,
  productId: r.product_id,
  productName: r.product_name,
  pack: r.pack,
  batchId: r.batch_id,
  batchNo: r.batch_no,
  expiryDate: r.expiry_date,
  quantity: r.quantity,
  valuePaise: r.value_paise,
  by: r.by_name,
  note: r.note,
});

/** 'HH:MM' in IST. */
const istTime = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(11, 16);

/** Outward stock register (issue 12): read from the stock ledger of the caller's active warehouse; manual entries. */
export class OutwardService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private async warehouseOf(caller: Caller) {
    const warehouse = await activeWarehouse(this.db, caller.userId, caller.unitId);
    if (!warehouse) throw new AppError('E0001', 400, 'Choose a warehouse first (the warehouse switcher in the header)');
    return warehouse;
  }

  private async filterOf(caller: Caller, query: z.output<typeof OutwardQuery>) {
    const warehouse = await this.warehouseOf(caller);
    const to = query.to ?? istDate(this.config.now());
    const from = query.from ?? addDays(to, -DEFAULT_DAYS);
    if (from > to) throw new AppError('E0001', 400, '`from` must not be after `to`', { from: 'Not after the end date' });
    const filter: repo.RegisterFilter = {
      unitId: caller.unitId,
      warehouseId: warehouse.id,
      from,
      to,
      fromStart: istStartOf(from),
      toEnd: istStartOf(addDays(to, 1)),
      productId: query.productId,
      product: query.product || undefined,
      party: query.party || undefined,
      kind: query.kind,
    };
    return { warehouse, filter };
  }

  async list(caller: Caller, query: z.output<typeof OutwardQuery>): Promise<OutwardList> {
    const { warehouse, filter } = await this.filterOf(caller, query);
    const [rows, totals] = await Promise.all([
      repo.registerPage(this.db, filter, { offset: query.page * query.pageSize, limit: query.pageSize }),
      repo.registerTotals(this.db, filter),
    ]);
    return {
      items: rows.map(toRow),
      totalResults: totals.entries,
      page: query.page,
      pageSize: query.pageSize,
      from: filter.from,
      to: filter.to,
      warehouseName: warehouse.name,
      totals,
    };
  }

  /** The whole filtered register as one table (every page), with a totals row. */
  async export(caller: Caller, query: z.output<typeof OutwardExportQuery>): Promise<DownloadFile> {
    const { warehouse, filter } = await this.filterOf(caller, query);
    const rows = (await repo.registerAll(this.db, filter, EXPORT_ROWS)).map(toRow);
    const sheet: Sheet = {
      name: 'Outward stock',
      headers: ['Date', 'Time', 'Kind', 'Document', 'Party', 'Product', 'Pack', 'Batch', 'Expiry', 'Quantity', 'Value at cost (Rs)', 'By', 'Note'],
      rows: [
        ...rows.map((r) => [r.date, istTime(r.at), OUTWARD_KIND_LABELS[r.kind], r.documentNumber ?? '', r.partyName ?? '', r.productName, r.pack, r.batchNo, r.expiryDate, r.quantity, paise(r.valuePaise), r.by ?? '', r.note ?? '']),
        ['Total', '', '', '', '', '', '', '', '', rows.reduce((s, r) => s + r.quantity, 0), paise(rows.reduce((s, r) => s + r.valuePaise, 0)), '', ''],
      ],
    };
    const name = `outward-stock-${warehouse.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${filter.from}-${filter.to}.${query.format}`;
    return { fileName: name, contentType: CONTENT_TYPES[query.format], body: query.format === 'csv' ? sheetsToCsv([sheet]) : await sheetsToXlsx([sheet]) };
  }

  /** Batches of the active warehouse that stock can leave from, expired ones included. */
  async batches(caller: Caller, query: z.output<typeof OutwardBatchQuery>): Promise<OutwardBatches> {
    const warehouse = await this.warehouseOf(caller);
    const today = istDate(this.config.now());
    const rows = await repo.pickableBatches(this.db, caller.unitId, warehouse.id, query, PICKER_ROWS);
    return {
      items: rows.map((b) => ({
        batchId: b.batch_id,
        productId: b.product_id,
        productName: b.product_name,
        manufacturer: b.manufacturer,
        pack: b.pack,
        batchNo: b.batch_no,
        expiryDate: b.expiry_date,
        expired: b.expiry_date <= today,
        quantity: b.quantity,
        reserved: b.reserved,
        available: b.quantity - b.reserved,
        warehouseName: b.warehouse_name,
      })),
    };
  }

  /**
   * One transaction: the batch is locked, the units checked against what is available (units held for orders cannot
   * leave), the batch lowered with an OUTWARD movement and the entry kept beside it. Any failure leaves all three as
   * they were.
   */
  async add(caller: Caller, input: z.output<typeof CreateOutwardEntry>): Promise<OutwardEntryResult> {
    const now = this.config.now();
    const today = istDate(now);
    const date = input.date ?? today;
    if (date > today) throw new AppError('E0001', 400, 'The date cannot be in the future', { date: 'Not after today' });
    const movementId = randomUUID();
    const { available, warehouseId } = await inTransaction(this.db, async (trx) => {
      const batch = await repo.lockBatch(trx, caller.unitId, input.batchId);
      if (!batch) throw notFound();
      const received = istDate(new Date(batch.created_at));
      if (date < received) {
        throw new AppError('E0001', 400, `Batch ${batch.batch_no} came in on ${received}: stock cannot leave before that`, { date: `Not before ${received}` });
      }
      const canLeave = batch.quantity - batch.reserved;
      if (input.quantity > canLeave) {
        const held = batch.reserved > 0 ? ` (${batch.quantity} on hand, ${batch.reserved} held for orders)` : '';
        throw new AppError('E0010', 409, `Only ${canLeave} units of ${batch.product_name} batch ${batch.batch_no} are available${held}: ${input.quantity} cannot leave`, {
          quantity: `At most ${canLeave}`,
        });
      }
      // The lock makes this certain; the condition keeps a bug from ever taking held stock.
      const res = await trx
        .updateTable('inventory_batches')
        .set({ quantity: sql`quantity - ${input.quantity}`, updated_at: now })
        .where('id', '=', batch.id)
        .where(sql<boolean>`quantity - reserved >= ${input.quantity}`)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new AppError('E0010', 409, 'The stock changed meanwhile: try again');
      const label = OUTWARD_KIND_LABELS[input.reason];
      await trx
        .insertInto('stock_movements')
        .values({
          id: movementId,
          batch_id: batch.id,
          unit_id: caller.unitId,
          kind: 'OUTWARD',
          quantity_delta: -input.quantity,
          reference: input.documentNumber ?? null,
          // What the batch's movement history shows.
          note: `${label}${input.partyName ? ` to ${input.partyName}` : ''}`.slice(0, 200),
          created_by: caller.userId,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('outward_entries')
        .values({
          movement_id: movementId,
          unit_id: caller.unitId,
          reason: input.reason,
          party_name: input.partyName || null,
          document_number: input.documentNumber || null,
          note: input.note || null,
          entry_date: date,
        })
        .execute();
      return { available: canLeave - input.quantity, warehouseId: batch.warehouse_id };
    });
    const [entry] = await repo.registerAll(this.db, { unitId: caller.unitId, warehouseId, from: date, to: date, fromStart: istStartOf(date), toEnd: istStartOf(addDays(date, 1)), movementId }, 1);
    if (!entry) throw new Error(`outward entry ${movementId} is not in the register`);
    return { entry: toRow(entry), available };
  }
}
