import { createHash, randomUUID } from 'node:crypto';
import {
  INVENTORY_FIELDS,
  type AddStock,
  type ColumnMapping,
  type ImportResult,
  type InventoryList,
  type InventoryQuery,
  type StockBatch,
  type StockBucket,
  type StockDetail,
  type StockReport,
  type UploadMode,
  type UploadPreview,
} from 'shared-api';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { findHeaderRow, mappingOf, cellText, type Cell } from './parsers/header-detect';
import { eachUploadRow } from './parsers/read-upload';
import { rowValidator, type StockLine } from './parsers/rows';
import * as repo from './repository';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const REJECTED_SHOWN = 5000;
const SAMPLE_ROWS = 20;
/** The header is looked for among this many first rows (findHeaderRow's default). */
const HEADER_SCAN = 40;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

function toStockBatch(r: repo.BatchRow): StockBatch {
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    manufacturer: r.manufacturer,
    composition: r.composition,
    pack: r.pack,
    hsn: r.hsn,
    batchNo: r.batch_no,
    expiryDate: r.expiry_date,
    daysToExpiry: r.days_to_expiry,
    mrpPaise: r.mrp_paise,
    ptrPaise: r.ptr_paise,
    ptsPaise: r.pts_paise,
    quantity: r.quantity,
    reserved: r.reserved,
    schemeBuy: r.scheme_buy,
    schemeFree: r.scheme_free,
    gstBp: r.gst_bp,
    warehouseName: r.warehouse_name,
    updatedAt: iso(r.updated_at),
  };
}

/** Inventory (issue 3): every operation works on the caller's unit and its active warehouse. */
export class InventoryService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private today(): string {
    return isoDay(this.config.now());
  }

  private async warehouseOf(caller: Caller) {
    const warehouse = await repo.activeWarehouse(this.db, caller.userId, caller.unitId);
    if (!warehouse) throw new AppError('E0001', 400, 'Choose a warehouse first (the warehouse switcher in the header)');
    return warehouse;
  }

  /**
   * Reads, finds the header, maps (the user's mapping wins) and validates. Nothing is stored. Rows are validated as
   * they are read once the header is known (it is among the first HEADER_SCAN rows), so the raw rows of a large
   * file are never all held; only when no header is found there are all rows kept, for the fallback below.
   */
  private async analyse(file: UploadedFile, mappingOverride: ColumnMapping | undefined) {
    const knownHsn = await repo.knownHsnCodes(this.db);
    const rules = { today: this.today(), knownHsn };
    const head: Cell[][] = [];
    // Set inside the row callback (`as` keeps TypeScript from narrowing them to undefined after it).
    let rest = undefined as Cell[][] | undefined;
    let found = undefined as { headerIndex: number; headers: string[]; mapping: ColumnMapping; validator: ReturnType<typeof rowValidator> } | undefined;
    const decide = () => {
      const rows = Array.from(head, (r) => r ?? []);
      const headerIndex = findHeaderRow(rows, HEADER_SCAN);
      if (headerIndex < 0) {
        rest = rows;
        return undefined;
      }
      const headers = rows[headerIndex]!.map(cellText);
      const mapping = mappingOverride ?? mappingOf(headers);
      const validator = rowValidator(rows[headerIndex], mapping, rules);
      for (let r = headerIndex + 1; r < rows.length; r++) validator.add(rows[r]!, r);
      return { headerIndex, headers, mapping, validator };
    };
    const type = await eachUploadRow(file.fileName, file.bytes, (cells, index) => {
      if (found) found.validator.add(cells, index);
      else if (rest) rest[index] = cells;
      else if (index < HEADER_SCAN) head[index] = cells;
      else {
        found = decide();
        if (found) found.validator.add(cells, index);
        else rest![index] = cells;
      }
    });
    if (!found && !rest) found = decide();
    if (!found) {
      const rows = Array.from(rest!, (r) => r ?? []);
      if (rows.length === 0) throw new AppError('E0001', 400, 'The file has no rows');
      // Column names nobody taught us: the first row that looks like a table's header, for the user to map.
      const headerIndex = rows.findIndex((row) => row.filter((c) => cellText(c) !== '').length >= 3);
      if (headerIndex < 0) {
        throw new AppError('E0001', 400, 'No table found: the file needs a row naming its columns (Item name, Batch, Expiry, MRP, PTR, Qty …)');
      }
      const headers = rows[headerIndex]!.map(cellText);
      const mapping = mappingOverride ?? mappingOf(headers);
      found = { headerIndex, headers, mapping, validator: rowValidator(rows[headerIndex], mapping, rules) };
      for (let r = headerIndex + 1; r < rows.length; r++) found.validator.add(rows[r]!, r);
    }
    const { headerIndex, headers, mapping } = found;
    const missingFields = INVENTORY_FIELDS.filter((f) => f.required && mapping[f.field] === undefined).map((f) => f.label);
    return { type, headerIndex, headers, mapping, missingFields, ...found.validator.result() };
  }

  async preview(caller: Caller, file: UploadedFile, mapping: ColumnMapping | undefined): Promise<UploadPreview> {
    const warehouse = await this.warehouseOf(caller);
    const a = await this.analyse(file, mapping);
    const previous = await repo.previousImport(this.db, warehouse.id, sha256(file.bytes));
    const incomplete = a.missingFields.length > 0;
    return {
      fileName: file.fileName,
      fileType: a.type,
      headerRow: a.headerIndex + 1,
      headers: a.headers,
      mapping: a.mapping,
      missingFields: a.missingFields,
      dataRows: a.dataRows,
      validRows: incomplete ? 0 : a.valid.length,
      sample: incomplete
        ? []
        : a.valid.slice(0, SAMPLE_ROWS).map((l) => ({
            rowNumber: l.rowNumber,
            name: l.name,
            pack: l.pack,
            manufacturer: l.manufacturer,
            batchNo: l.batchNo,
            expiryDate: l.expiryDate,
            mrpPaise: l.mrpPaise,
            ptrPaise: l.ptrPaise,
            quantity: l.quantity,
            scheme: l.schemeBuy ? `${l.schemeBuy}+${l.schemeFree}` : null,
          })),
      rejectedRows: a.rejected.length,
      rejected: a.rejected.slice(0, REJECTED_SHOWN),
      warehouseName: warehouse.name,
      previousImport: previous
        ? { importId: previous.id, importedAt: iso(previous.created_at), mode: previous.mode as UploadMode, rowsImported: previous.rows_imported }
        : null,
    };
  }

  /**
   * One transaction: products, batches, movements, the import record and the referral credit land together or not
   * at all. The same file into the same warehouse a second time changes nothing (file hash).
   */
  async import(caller: Caller, file: UploadedFile, mode: UploadMode, mapping: ColumnMapping | undefined): Promise<ImportResult> {
    const warehouse = await this.warehouseOf(caller);
    const fileHash = sha256(file.bytes);
    const previous = await repo.previousImport(this.db, warehouse.id, fileHash);
    if (previous) {
      return {
        importId: previous.id,
        mode: previous.mode as UploadMode,
        rowsImported: previous.rows_imported,
        rowsRejected: previous.rows_rejected,
        productsCreated: 0,
        batchesZeroed: 0,
        alreadyImported: true,
        referralCredited: false,
        rejected: [],
      };
    }
    const a = await this.analyse(file, mapping);
    if (a.missingFields.length > 0) {
      throw new AppError('E0001', 400, `Map these columns before importing: ${a.missingFields.join(', ')}`);
    }
    if (a.valid.length === 0) throw new AppError('E0001', 400, 'No valid rows to import: see the problems of each row');

    const now = this.config.now();
    const importId = randomUUID();
    const outcome = await this.db.transaction().execute(async (trx) => {
      await repo.insertImport(trx, {
        id: importId,
        unitId: caller.unitId,
        warehouseId: warehouse.id,
        fileName: file.fileName.slice(0, 255),
        fileHash,
        fileType: a.type,
        mode,
        rowsImported: a.valid.length,
        rowsRejected: a.rejected.length,
        userId: caller.userId,
        now,
      });
      const products = await repo.upsertProducts(trx, a.valid, now);
      const existing = await repo.lockWarehouseBatches(trx, warehouse.id);
      const byKey = new Map(existing.map((b) => [`${b.product_id}|${b.batch_no}`, b]));

      const fresh: repo.NewBatch[] = [];
      const changed: repo.NewBatch[] = [];
      const moves: repo.MovementWrite[] = [];
      // Existing batches the file lists (REPLACE zeroes the others).
      const listed = new Set<string>();
      const nextId = repo.orderedIds();
      for (const line of a.valid) {
        const productId = products.productIdOf(line);
        const key = `${productId}|${line.batchNo}`;
        const old = byKey.get(key);
        const target = mode === 'ADD' ? (old?.quantity ?? 0) + line.quantity : line.quantity;
        // Stock held for submitted orders stays on hand until those orders are decided.
        const quantity = Math.max(target, old?.reserved ?? 0);
        const batch = { id: old?.id ?? nextId(), productId, line, quantity };
        (old ? changed : fresh).push(batch);
        if (old) listed.add(old.id);
        const delta = quantity - (old?.quantity ?? 0);
        if (delta !== 0) moves.push({ batchId: batch.id, delta });
      }
      await repo.insertBatches(trx, caller.unitId, warehouse.id, fresh, now);
      await repo.updateBatches(trx, changed, now);

      // REPLACE: what the file does not list is no longer in this warehouse.
      let zeroed: { id: string; quantity: number; from: number }[] = [];
      if (mode === 'REPLACE') {
        zeroed = existing
          .filter((b) => !listed.has(b.id) && b.quantity > b.reserved)
          .map((b) => ({ id: b.id, quantity: b.reserved, from: b.quantity }));
        await repo.setQuantities(trx, zeroed, now);
        for (const z of zeroed) moves.push({ batchId: z.id, delta: z.quantity - z.from });
      }
      await repo.insertMovements(trx, caller.unitId, 'UPLOAD', moves, {
        reference: importId,
        note: `${mode === 'ADD' ? 'Added from' : 'Replaced by'} ${file.fileName.slice(0, 200)}`,
        userId: caller.userId,
        now,
      });
      const referralCredited = await repo.creditFirstInventory(trx, caller.unitId, now);
      return { productsCreated: products.created, batchesZeroed: zeroed.length, referralCredited };
    });

    return {
      importId,
      mode,
      rowsImported: a.valid.length,
      rowsRejected: a.rejected.length,
      ...outcome,
      alreadyImported: false,
      rejected: a.rejected.slice(0, REJECTED_SHOWN),
    };
  }

  async list(caller: Caller, query: z.output<typeof InventoryQuery>): Promise<InventoryList> {
    const warehouse = await this.warehouseOf(caller);
    const { items, total, manufacturers } = await repo.listBatches(this.db, caller.unitId, warehouse.id, this.today(), query);
    return { items: items.map(toStockBatch), totalResults: total, page: query.page, pageSize: query.pageSize, manufacturers };
  }

  async detail(caller: Caller, batchId: string): Promise<StockDetail> {
    const batch = await repo.batchById(this.db, caller.unitId, batchId, this.today());
    if (!batch) throw notFound();
    const movements = await repo.movementsOf(this.db, caller.unitId, batchId);
    return {
      batch: toStockBatch(batch),
      movements: movements.map((m) => ({
        id: m.id,
        kind: m.kind,
        quantityDelta: m.quantity_delta,
        balance: m.balance,
        reference: m.reference,
        note: m.note,
        by: m.first_name ? `${m.first_name} ${m.last_name ?? ''}`.trim() : null,
        at: iso(m.created_at),
      })),
    };
  }

  async add(caller: Caller, input: z.output<typeof AddStock>): Promise<StockBatch> {
    const warehouse = await this.warehouseOf(caller);
    if (input.expiryDate <= this.today()) throw new AppError('E0001', 400, 'Expired stock cannot be added', { expiryDate: 'Expiry must be after today' });
    const line: StockLine = {
      rowNumber: 0,
      name: input.productName,
      pack: input.pack,
      manufacturer: input.manufacturer,
      composition: input.composition ?? null,
      batchNo: input.batchNo,
      expiryDate: input.expiryDate,
      mrpPaise: input.mrpPaise,
      ptrPaise: input.ptrPaise,
      ptsPaise: input.ptsPaise ?? null,
      quantity: input.quantity,
      schemeBuy: input.schemeBuy ?? null,
      schemeFree: input.schemeBuy ? (input.schemeFree ?? 0) : null,
      hsn: input.hsn ?? null,
    };
    const now = this.config.now();
    const batchId = await this.db.transaction().execute(async (trx) => {
      const products = await repo.upsertProducts(trx, [line], now);
      const batch = await repo.addOrIncreaseBatch(trx, { unitId: caller.unitId, warehouseId: warehouse.id, productId: products.productIdOf(line), line, now });
      await repo.insertMovements(trx, caller.unitId, 'MANUAL_ADD', [{ batchId: batch.id, delta: line.quantity }], {
        reference: null,
        note: 'Added by hand',
        userId: caller.userId,
        now,
      });
      await repo.creditFirstInventory(trx, caller.unitId, now);
      return batch.id;
    });
    return toStockBatch((await repo.batchById(this.db, caller.unitId, batchId, this.today()))!);
  }

  async expiry(caller: Caller): Promise<{ buckets: StockBucket[] }> {
    const warehouse = await this.warehouseOf(caller);
    const today = this.today();
    const totals = await repo.bucketTotals(
      this.db,
      caller.unitId,
      warehouse.id,
      sql<string | null>`CASE WHEN b.expiry_date <= ${today}::date THEN 'expired'
        WHEN b.expiry_date <= ${today}::date + 30 THEN '30' WHEN b.expiry_date <= ${today}::date + 60 THEN '60'
        WHEN b.expiry_date <= ${today}::date + 90 THEN '90' END`,
    );
    const empty = { batches: 0, quantity: 0, valuePaise: 0 };
    const add = (a: typeof empty, b: typeof empty | undefined) => ({
      batches: a.batches + (b?.batches ?? 0),
      quantity: a.quantity + (b?.quantity ?? 0),
      valuePaise: a.valuePaise + (b?.valuePaise ?? 0),
    });
    // Windows are cumulative, as the trade reads them: "within 60 days" includes the 30.
    const within30 = add(empty, totals.get('30'));
    const within60 = add(within30, totals.get('60'));
    const within90 = add(within60, totals.get('90'));
    return {
      buckets: [
        { key: 'expired', label: 'Expired', ...add(empty, totals.get('expired')) },
        { key: '30', label: 'Expiring within 30 days', ...within30 },
        { key: '60', label: 'Expiring within 60 days', ...within60 },
        { key: '90', label: 'Expiring within 90 days', ...within90 },
      ],
    };
  }

  async age(caller: Caller): Promise<{ buckets: StockBucket[] }> {
    const warehouse = await this.warehouseOf(caller);
    const now = this.config.now();
    const BUCKETS = [
      { key: '0-30', label: 'Up to 30 days', max: 30 },
      { key: '31-60', label: '31 to 60 days', max: 60 },
      { key: '61-90', label: '61 to 90 days', max: 90 },
      { key: '91-180', label: '91 to 180 days', max: 180 },
      { key: '181+', label: 'More than 180 days', max: null },
    ] as const;
    // Age = days since the batch first came into this warehouse.
    const totals = await repo.bucketTotals(
      this.db,
      caller.unitId,
      warehouse.id,
      sql<string>`CASE WHEN b.created_at > ${now}::timestamptz - interval '30 days' THEN '0-30'
        WHEN b.created_at > ${now}::timestamptz - interval '60 days' THEN '31-60'
        WHEN b.created_at > ${now}::timestamptz - interval '90 days' THEN '61-90'
        WHEN b.created_at > ${now}::timestamptz - interval '180 days' THEN '91-180' ELSE '181+' END`,
    );
    return {
      buckets: BUCKETS.map((b) => ({ key: b.key, label: b.label, ...(totals.get(b.key) ?? { batches: 0, quantity: 0, valuePaise: 0 }) })),
    };
  }

  async report(caller: Caller): Promise<StockReport> {
    const warehouse = await this.warehouseOf(caller);
    const since = new Date(this.config.now().getTime() - 30 * 86400000);
    const rows = await repo.stockByManufacturer(this.db, caller.unitId, warehouse.id);
    const movements = await repo.movementTotals(this.db, caller.unitId, warehouse.id, since);
    return {
      rows: rows.map((r) => ({
        manufacturer: r.manufacturer || '(not given)',
        products: r.products,
        batches: r.batches,
        quantity: r.quantity,
        valuePaise: Number(r.value),
        mrpValuePaise: Number(r.mrp_value),
      })),
      movements,
    };
  }
}


function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
