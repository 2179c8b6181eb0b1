import { createHash, randomUUID } from 'node:crypto';
import {
  MAX_QUANTITY,
  costOnBasis,
  type AddStock,
  type CostBasis,
  type ColumnMapping,
  type FixProductHsn,
  type ImportResult,
  type InventoryList,
  type InventoryQuery,
  type PreviewRow,
  type ProductHsn,
  type StockBatch,
  type StockBucket,
  type StockDetail,
  type StockReport,
  type UploadMode,
  type UploadPreview,
  type WarnedRow,
  type CatalogueSummary,
  type ItemMatch,
  type ItemPick,
  isSettledMatch,
} from 'shared-api';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import type { AnalyseEvent } from './parsers/analyse';
import { analyseInWorker } from './parsers/analyse-in-worker';
import { gstRatesOn, rateOf } from '../ledger/gst-rates';
import { repriceUnratedLines } from '../orders/repository';
import { hsnGstWarnings, unsellableWarning } from './hsn-check';
import type { StockLine } from './parsers/rows';
import { appendProducts, noProducts, stockLinesBuilder, storedQuantity, unitCost, type StockChunk } from './parsers/stock-lines';
import { matchItems, mrpRangesOf, rememberPicks, type CatalogueItem, type ImportScope } from '../catalogue';
import * as repo from './repository';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const SAMPLE_ROWS = 20;
/** Rows with warnings handed back in the preview (like the rejected rows); the count covers all of them. */
const WARNED_SHOWN = 5000;

/**
 * The preview's item matches (issue 36), kept small for a 20,000-item file: every uncertain item the seller answers
 * (as many as rejected rows are shown), then a few of the new ones and of those matched by a different spelling.
 */
const ITEMS_SHOWN: Partial<Record<ItemMatch['kind'], number>> = { UNCERTAIN: 5000, NEW: 500, CONFIDENT: 500 };

/**
 * A chunk's new products (those first seen in it) as the catalogue's items, in product order: each with its first
 * line's row and MRP, and how many of the chunk's lines name it.
 */
function catalogueItems({ firstProduct, products, lines }: StockChunk): CatalogueItem[] {
  const items: CatalogueItem[] = products.matchKey.map((itemKey, i) => ({
    itemKey,
    itemCode: null,
    name: products.name[i]!,
    pack: products.pack[i]!,
    manufacturer: products.manufacturer[i]!,
    hsn: products.hsn[i]!,
    mrpPaise: null,
    rowNumber: 0,
    rows: 0,
  }));
  for (let l = 0; l < lines.count; l++) {
    const item = items[lines.product[l]! - firstProduct];
    if (!item) continue;
    if (item.rows++ === 0) {
      item.rowNumber = lines.rowNumber[l]!;
      item.mrpPaise = lines.mrpPaise[l]!;
    }
  }
  return items;
}

/**
 * A chunk's items as products: the seller's picks, the settled matches, and a new product for an uncertain item
 * nobody answered (as every item was before issue 36); all remembered for the seller. A product without an HSN (or
 * composition) on record takes the lines'; one with it keeps its own.
 */
async function productsOfChunk(
  trx: Transaction<DB>,
  unitId: string,
  chunk: StockChunk,
  items: readonly CatalogueItem[],
  matches: readonly ItemMatch[],
  picks: ReadonlyMap<string, string>,
  now: Date,
): Promise<{ ids: string[]; createdIds: string[] }> {
  const chunkPicks = matches.flatMap((m): ItemPick[] => {
    const productId = picks.get(m.itemKey) ?? (m.kind === 'UNCERTAIN' ? 'NEW' : undefined);
    return productId ? [{ itemKey: m.itemKey, productId }] : [];
  });
  const resolved = await rememberPicks(trx, unitId, items, matches, chunkPicks, now);
  const ids = items.map((item) => resolved.productIds.get(item.itemKey)!);
  await repo.fillProductGaps(trx, ids, chunk.products.hsn, chunk.products.composition);
  return { ids, createdIds: resolved.createdIds };
}

const SHOWN_ORDER: readonly ItemMatch['kind'][] = ['UNCERTAIN', 'NEW', 'CONFIDENT', 'REMEMBERED', 'EXACT'];

const noSummary = (): CatalogueSummary => ({ items: 0, remembered: 0, exact: 0, confident: 0, uncertain: 0, new: 0 });
const SUMMARY_FIELD = { REMEMBERED: 'remembered', EXACT: 'exact', CONFIDENT: 'confident', UNCERTAIN: 'uncertain', NEW: 'new' } as const;

function countMatches(summary: CatalogueSummary, matches: readonly ItemMatch[]): void {
  summary.items += matches.length;
  for (const m of matches) summary[SUMMARY_FIELD[m.kind]]++;
}

type HeaderEvent = Extract<AnalyseEvent, { kind: 'header' }>;
type DoneEvent = Extract<AnalyseEvent, { kind: 'done' }>;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

type PreviousImportRow = NonNullable<Awaited<ReturnType<typeof repo.previousImport>>>;

/** The answer to a file this warehouse has imported before: nothing changes. */
function alreadyImported(previous: PreviousImportRow): ImportResult {
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
    countFree: previous.count_free,
    catalogue: null,
  };
}

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
    ...(r.gst_bp === null ? { notForSale: unsellableWarning(r.hsn, () => null)! } : {}),
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

  /** The upload read and validated in a worker (analyse.ts), event by event: header, chunks of valid lines, summary. */
  private async read(file: UploadedFile, mapping: ColumnMapping | undefined) {
    return analyseInWorker({ fileName: file.fileName, bytes: file.bytes, mapping, today: this.today() });
  }

  /** Free goods count as stock when the request says so, else as in the unit's last import, else (first time) yes. */
  private async countFreeFor(caller: Caller, choice: boolean | undefined): Promise<boolean> {
    return choice ?? (await repo.lastCountFree(this.db, caller.unitId)) ?? true;
  }

  /** What stock arriving without a cost is valued at (issue 39 item 5). */
  costBasis(caller: Caller): Promise<CostBasis> {
    return repo.costBasisOf(this.db, caller.unitId);
  }

  /** The owner's choice; stock already in keeps the cost it came in at (its layers are fixed). */
  async setCostBasis(caller: Caller, basis: CostBasis): Promise<CostBasis> {
    await repo.setCostBasis(this.db, caller.unitId, basis, this.config.now());
    return this.costBasis(caller);
  }

  /**
   * What an import would do. Every valid line's HSN and GST % are checked against the master and the rates in force
   * (chunk by chunk, as the worker reads); only the first lines are kept for the sample.
   */
  async preview(caller: Caller, file: UploadedFile, mapping: ColumnMapping | undefined, countFreeChoice: boolean | undefined): Promise<UploadPreview> {
    const warehouse = await this.warehouseOf(caller);
    const countFree = await this.countFreeFor(caller, countFreeChoice);
    const today = this.today();
    let header: HeaderEvent | undefined;
    let done: DoneEvent | undefined;
    const products = noProducts();
    // Product index → its HSN in the master (undefined: not in the master yet).
    const recorded: (string | null | undefined)[] = [];
    const sample: PreviewRow[] = [];
    const warned: WarnedRow[] = [];
    let warnedRows = 0;
    let rowsWithFree = 0;
    const catalogue = noSummary();
    // The item matches shown (see ITEMS_SHOWN), each with its product's index; lines per product of the whole file.
    const shown: { match: ItemMatch; product: number }[] = [];
    const shownOf = { REMEMBERED: 0, EXACT: 0, CONFIDENT: 0, UNCERTAIN: 0, NEW: 0 };
    const rowsOf: number[] = [];
    for await (const event of await this.read(file, mapping)) {
      if (event.kind === 'header') header = event;
      else if (event.kind === 'done') done = event;
      else {
        const { lines } = event.chunk;
        appendProducts(products, event.chunk.products);
        // What the one catalogue makes of the chunk's new items (one batched call); a matched item's HSN on record
        // is its product's.
        const items = catalogueItems(event.chunk);
        const matched = new Map((await matchItems(this.db, caller.unitId, items)).map((m) => [m.itemKey, m]));
        items.forEach((item, i) => {
          const m = matched.get(item.itemKey)!;
          countMatches(catalogue, [m]);
          recorded.push(isSettledMatch(m.kind) ? (m.candidates[0]?.hsn ?? null) : undefined);
          if (shownOf[m.kind] < (ITEMS_SHOWN[m.kind] ?? 0)) {
            shownOf[m.kind]++;
            shown.push({ match: m, product: event.chunk.firstProduct + i });
          }
        });
        // The rates of the HSNs this chunk names (the file's and those on record), by the one rule, once per chunk.
        const rates = await gstRatesOn(this.db, [...event.chunk.products.hsn, ...recorded.slice(event.chunk.firstProduct).map((h) => h ?? null)], today);
        const rate = (hsn: string) => rateOf(rates, hsn);
        for (let i = 0; i < lines.count; i++) {
          const p = lines.product[i]!;
          rowsOf[p] = (rowsOf[p] ?? 0) + 1;
          const freeQuantity = lines.freeQuantity[i]!;
          if (freeQuantity > 0) rowsWithFree++;
          const gstBp = lines.gstBp[i]!;
          const warnings = hsnGstWarnings({ hsn: products.hsn[p]!, gstBp: Number.isNaN(gstBp) ? null : gstBp }, recorded[p], rate);
          const rowNumber = lines.rowNumber[i]!;
          if (warnings.length > 0) {
            warnedRows++;
            if (warned.length < WARNED_SHOWN) warned.push({ rowNumber, name: products.name[p]!, batchNo: lines.batchNo[i]!, warnings });
          }
          if (sample.length === SAMPLE_ROWS) continue;
          const schemeBuy = lines.schemeBuy[i]!;
          sample.push({
            rowNumber,
            name: products.name[p]!,
            pack: products.pack[p]!,
            manufacturer: products.manufacturer[p]!,
            batchNo: lines.batchNo[i]!,
            expiryDate: lines.expiryDate[i]!,
            mrpPaise: lines.mrpPaise[i]!,
            ptrPaise: lines.ptrPaise[i]!,
            costPaise: Number.isNaN(lines.costPaise[i]!) ? null : lines.costPaise[i]!,
            quantity: storedQuantity(lines, i, countFree),
            fileQuantity: lines.quantity[i]!,
            freeQuantity,
            scheme: Number.isNaN(schemeBuy) ? null : `${schemeBuy}+${lines.schemeFree[i]}`,
            warnings,
          });
        }
      }
    }
    const a = { ...header!, ...done! };
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
      validRows: incomplete ? 0 : a.validRows,
      sample: incomplete ? [] : sample,
      rejectedRows: a.rejectedCount,
      rejected: a.rejected,
      warehouseName: warehouse.name,
      previousImport: previous
        ? { importId: previous.id, importedAt: iso(previous.created_at), mode: previous.mode as UploadMode, rowsImported: previous.rows_imported }
        : null,
      countFree,
      costBasis: await repo.costBasisOf(this.db, caller.unitId),
      rowsWithFree: incomplete ? 0 : rowsWithFree,
      warnedRows: incomplete ? 0 : warnedRows,
      warned: incomplete ? [] : warned,
      // Uncertain first (the seller answers them), then new, then those matched by another spelling; by row.
      itemMatches: incomplete
        ? []
        : shown
            .map(({ match, product }) => ({ ...match, rows: rowsOf[product] ?? match.rows }))
            .sort((a, b) => SHOWN_ORDER.indexOf(a.kind) - SHOWN_ORDER.indexOf(b.kind) || a.rowNumber - b.rowNumber),
      catalogue: incomplete ? noSummary() : catalogue,
    };
  }

  /**
   * One transaction: products, batches, movements, the import record and the referral credit land together or not
   * at all. The same file into the same warehouse a second time changes nothing (file hash). Each chunk is matched
   * to the catalogue and written while the worker reads the next; a file that turns out bad half way rolls the whole
   * import back.
   */
  async import(
    caller: Caller,
    file: UploadedFile,
    mode: UploadMode,
    mapping: ColumnMapping | undefined,
    countFreeChoice: boolean | undefined,
    picks: readonly ItemPick[] = [],
  ): Promise<ImportResult> {
    const warehouse = await this.warehouseOf(caller);
    const fileHash = sha256(file.bytes);
    const previous = await repo.previousImport(this.db, warehouse.id, fileHash);
    if (previous) return alreadyImported(previous);
    const picked = await this.checkedPicks(picks);
    const countFree = await this.countFreeFor(caller, countFreeChoice);
    const events = await this.read(file, mapping);
    try {
      // The header (or the file's refusal) comes first: unmapped columns are refused before anything is stored.
      const { value: header } = await events.next();
      if (header?.kind !== 'header') throw new Error('The upload reader answered out of order');
      if (header.missingFields.length > 0) {
        throw new AppError('E0001', 400, `Map these columns before importing: ${header.missingFields.join(', ')}`);
      }
      return await this.store(caller, warehouse.id, { fileName: file.fileName, fileHash, type: header.type }, { mode, countFree, picks: picked }, events);
    } finally {
      await events.return(undefined);
    }
  }

  /** The seller's picks by item; a pick naming a product the master does not have is refused before anything is read. */
  private async checkedPicks(picks: readonly ItemPick[]): Promise<Map<string, ItemPick['productId']>> {
    const productIds = [...new Set(picks.flatMap((p) => (p.productId === 'NEW' ? [] : [p.productId])))];
    const known = await repo.existingProducts(this.db, productIds);
    const unknown = picks.find((p) => p.productId !== 'NEW' && !known.has(p.productId));
    if (unknown) {
      throw new AppError('E0001', 400, `The product chosen for "${unknown.itemKey}" is not in the catalogue (merged or removed): read the file again and choose again`, {
        picks: 'A chosen product is not in the catalogue',
      });
    }
    return new Map(picks.map((p) => [p.itemKey, p.productId]));
  }

  private async store(
    caller: Caller,
    warehouseId: string,
    file: { fileName: string; fileHash: string; type: string },
    { mode, countFree, picks }: { mode: UploadMode; countFree: boolean; picks: Map<string, ItemPick['productId']> },
    events: AsyncGenerator<AnalyseEvent>,
  ): Promise<ImportResult> {
    const now = this.config.now();
    const importId = randomUUID();
    const note = `${mode === 'ADD' ? 'Added from' : 'Replaced by'} ${file.fileName.slice(0, 200)}`;
    const movementMeta = { reference: importId, note, userId: caller.userId, now, nextId: repo.orderedIds() };
    return inTransaction(this.db, async (trx): Promise<ImportResult> => {
      // The same file sent twice at once (a double click): the second waits for the first, then answers like a
      // second import after it.
      await repo.lockWarehouse(trx, warehouseId);
      const earlier = await repo.previousImport(trx, warehouseId, file.fileHash);
      if (earlier) return alreadyImported(earlier);
      const existing = await repo.lockWarehouseBatches(trx, warehouseId);
      const basis = await repo.costBasisOf(trx, caller.unitId);
      const byKey = new Map(existing.map((b) => [`${b.product_id}|${b.batch_no}`, b]));
      const productIds: string[] = [];
      let productsCreated = 0;
      const catalogue = noSummary();
      // Product|BATCH → the file row that listed it first.
      const rowOfBatch = new Map<string, number>();
      // Existing batches the file lists (REPLACE zeroes the others).
      const listed = new Set<string>();
      const nextBatchId = repo.orderedIds();
      let done: DoneEvent | undefined;
      // Chunk by chunk as the worker reads the next (the import takes about the longer of reading and writing, not
      // their sum): the chunk's new items matched against the catalogue as the preview saw it (without the products
      // this file's earlier chunks created: the import does what the preview showed, and the matching does not grow
      // with the square of a file's new items); settled items to their product, uncertain ones to the seller's pick
      // (none: a new product), new ones created, all remembered for the seller, so its next upload of them asks
      // nothing (issue 36); then the chunk's batches and movements. A file that turns out bad half way rolls back.
      const createdHere: string[] = [];
      const scope: ImportScope = { createdHere, warehouseId, warehouseMrps: mrpRangesOf(existing) };
      for await (const event of events) {
        if (event.kind === 'done') done = event;
        if (event.kind !== 'lines') continue;
        const { chunk } = event;
        const items = catalogueItems(chunk);
        const matches = await matchItems(trx, caller.unitId, items, scope);
        countMatches(catalogue, matches);
        const resolved = await productsOfChunk(trx, caller.unitId, chunk, items, matches, picks, now);
        productIds.push(...resolved.ids);
        productsCreated += resolved.createdIds.length;
        createdHere.push(...resolved.createdIds);

        const { lines } = chunk;
        // Column-wise, like the lines: no object per batch or movement.
        const fresh: repo.BatchWrites = { line: [], id: [], quantity: [] };
        const changed: repo.BatchWrites = { line: [], id: [], quantity: [] };
        const moves: repo.MovementWrites & { unitCostPaise: (number | null)[] } = { batchId: [], delta: [], unitCostPaise: [] };
        for (let i = 0; i < lines.count; i++) {
          const productId = productIds[lines.product[i]!]!;
          // Two of the file's items the catalogue takes for one product, each with this batch: the file lists the
          // batch twice (the reader catches that only within one spelling of an item).
          const batchKey = `${productId}|${lines.batchNo[i]!.toUpperCase()}`;
          const earlierRow = rowOfBatch.get(batchKey);
          const row = lines.rowNumber[i]!;
          if (earlierRow !== undefined) {
            throw new AppError('E0001', 400, `Rows ${earlierRow} and ${row} are the same catalogue product with batch ${lines.batchNo[i]}: remove one, or choose "Create new product" for one of the two items; nothing was imported`, {
              [`row ${row}`]: `same product and batch as row ${earlierRow}`,
            });
          }
          rowOfBatch.set(batchKey, row);
          const old = byKey.get(`${productId}|${lines.batchNo[i]}`);
          const fromFile = storedQuantity(lines, i, countFree);
          const target = mode === 'ADD' ? (old?.quantity ?? 0) + fromFile : fromFile;
          // Each row is within MAX_QUANTITY, but added to what the batch holds it may not be (nor fit its column).
          if (target > MAX_QUANTITY) {
            throw new AppError('E0001', 400, `Row ${row}: batch ${lines.batchNo[i]} would hold ${target.toLocaleString('en-IN')} units, more than ${MAX_QUANTITY.toLocaleString('en-IN')}: nothing was imported`, {
              [`row ${row}`]: 'quantity too large for the batch',
            });
          }
          // Stock held for submitted orders stays on hand until those orders are decided.
          const quantity = Math.max(target, old?.reserved ?? 0);
          const id = old?.id ?? nextBatchId();
          const writes = old ? changed : fresh;
          writes.line.push(i);
          writes.id.push(id);
          writes.quantity.push(quantity);
          if (old) listed.add(old.id);
          const delta = quantity - (old?.quantity ?? 0);
          if (delta !== 0) {
            moves.batchId.push(id);
            moves.delta.push(delta);
            // Units added are a cost layer at the file's own cost (its Cost column, else the owner's cost basis),
            // fixed now: a later price edit changes no earlier layer (issue 32).
            moves.unitCostPaise.push(delta > 0 ? unitCost(lines, i, basis) : null);
          }
        }
        await repo.insertBatches(trx, caller.unitId, warehouseId, lines, productIds, fresh, now, basis);
        await repo.updateBatches(trx, lines, changed, now);
        await repo.insertMovements(trx, caller.unitId, 'UPLOAD', moves, movementMeta);
      }
      if (!done || done.validRows === 0) throw new AppError('E0001', 400, 'No valid rows to import: see the problems of each row');

      // REPLACE: what the file does not list is no longer in this warehouse.
      let zeroed: { id: string; quantity: number; from: number }[] = [];
      if (mode === 'REPLACE') {
        zeroed = existing
          .filter((b) => !listed.has(b.id) && b.quantity > b.reserved)
          .map((b) => ({ id: b.id, quantity: b.reserved, from: b.quantity }));
        await repo.setQuantities(trx, zeroed, now);
        const moves = { batchId: zeroed.map((z) => z.id), delta: zeroed.map((z) => z.quantity - z.from) };
        await repo.insertMovements(trx, caller.unitId, 'UPLOAD', moves, movementMeta);
      }
      await repo.insertImport(trx, {
        id: importId,
        unitId: caller.unitId,
        warehouseId,
        fileName: file.fileName.slice(0, 255),
        fileHash: file.fileHash,
        fileType: file.type,
        mode,
        countFree,
        rowsImported: done.validRows,
        rowsRejected: done.rejectedCount,
        userId: caller.userId,
        now,
      });
      const referralCredited = await repo.creditFirstInventory(trx, caller.unitId, now);
      return {
        importId,
        mode,
        rowsImported: done.validRows,
        rowsRejected: done.rejectedCount,
        productsCreated,
        batchesZeroed: zeroed.length,
        alreadyImported: false,
        referralCredited,
        rejected: done.rejected,
        countFree,
        catalogue,
      };
    });
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
      freeQuantity: 0,
      schemeBuy: input.schemeBuy ?? null,
      schemeFree: input.schemeBuy ? (input.schemeFree ?? 0) : null,
      hsn: input.hsn ?? null,
      gstBp: null,
    };
    const now = this.config.now();
    const batchId = await inTransaction(this.db, async (trx) => {
      const builder = stockLinesBuilder();
      builder.add(line);
      // The one catalogue, as an upload's item (issue 36): nobody is asked here, so an uncertain item is a new product.
      const { chunk } = builder.take();
      const items = catalogueItems(chunk);
      const { ids } = await productsOfChunk(trx, caller.unitId, chunk, items, await matchItems(trx, caller.unitId, items), new Map(), now);
      // The units added are a cost layer on the owner's cost basis (issue 39 item 5); earlier layers keep theirs.
      const cost = costOnBasis(await repo.costBasisOf(trx, caller.unitId), line.ptrPaise, line.ptsPaise);
      const batch = await repo.addOrIncreaseBatch(trx, { unitId: caller.unitId, warehouseId: warehouse.id, productId: ids[0]!, line, now, openingCostPaise: cost });
      if (!batch) {
        const message = `Batch ${line.batchNo} would hold more than ${MAX_QUANTITY.toLocaleString('en-IN')} units`;
        throw new AppError('E0001', 400, message, { quantity: message });
      }
      await repo.insertMovements(trx, caller.unitId, 'MANUAL_ADD', { batchId: [batch.id], delta: [line.quantity], unitCostPaise: [cost] }, {
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

  /**
   * The way out for a product whose HSN has no GST rate on record (issue 32): a unit holding its stock gives it an HSN
   * that has one. The product master is shared, so an HSN that already has a rate is never changed here. In one
   * transaction the product takes the HSN (its batches are offered for sale again: products.gst_rated) and the open
   * orders of it that could not be accepted or invoiced are priced at the new rate.
   */
  async fixHsn(caller: Caller, productId: string, input: z.output<typeof FixProductHsn>): Promise<ProductHsn> {
    const today = this.today();
    return inTransaction(this.db, async (trx) => {
      const product = await trx.selectFrom('products').select(['id', 'name', 'hsn']).where('id', '=', productId).forUpdate().executeTakeFirst();
      const holds = await trx.selectFrom('inventory_batches').select('id').where('unit_id', '=', caller.unitId).where('product_id', '=', productId).limit(1).executeTakeFirst();
      if (!product || !holds) throw notFound();
      const rates = await gstRatesOn(trx, [product.hsn, input.hsn], today);
      if (rateOf(rates, product.hsn) !== null) {
        throw new AppError('E0013', 409, `${product.name} has HSN ${product.hsn}, which has a GST rate on record: the shared product master keeps it`);
      }
      const rateBp = rateOf(rates, input.hsn);
      if (rateBp === null) throw new AppError('E0021', 409, `No GST rate on record for HSN ${input.hsn} either: give ${product.name} the HSN of its tariff heading`, { hsn: 'No GST rate on record for this HSN' });
      await trx.updateTable('products').set({ hsn: input.hsn }).where('id', '=', productId).execute();
      const ordersRepriced = await repriceUnratedLines(trx, productId, input.hsn, rateBp, today);
      return { productId, productName: product.name, hsn: input.hsn, gstBp: rateBp, ordersRepriced };
    });
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

