/**
 * The move-in's item master (issue 36): a seller's items from Marg, Busy or Tally matched to the one catalogue and
 * kept as its seller_items (its code, MRP, PTR/PTS, scheme, barcode, HSN and GST as its file said). The preview shows
 * every distinct item and what the catalogue makes of it, and warns on a row whose GST % disagrees with the rate master
 * for its HSN; the import takes the seller's picks, creates the products that are new, and writes the seller's items.
 * Importing the same rows again changes nothing.
 */
import type { Kysely } from 'kysely';
import { type CatalogueSummary, type ItemMatch, type ItemPick, type ItemRow } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { hsnGstWarnings } from '../inventory/hsn-check';
import { matchKey } from '../inventory/parsers/rows';
import { gstRatesOn, rateOf } from '../ledger/gst-rates';
import { istDate } from '../search/text';
import { matchItems, rememberPicks, unansweredItems, type CatalogueItem, type SellerItemWrite } from './match';

type Db = Kysely<DB>;

/** The rows' distinct items (by the upload's key), each with its first row and how many rows name it. */
export function itemsOfRows(rows: readonly ItemRow[]): { items: CatalogueItem[]; firstRow: Map<string, ItemRow> } {
  const byKey = new Map<string, CatalogueItem>();
  const firstRow = new Map<string, ItemRow>();
  for (const row of rows) {
    const itemKey = matchKey(row.name, row.pack, row.manufacturer);
    const known = byKey.get(itemKey);
    if (known) {
      known.rows++;
      continue;
    }
    firstRow.set(itemKey, row);
    byKey.set(itemKey, {
      itemKey,
      itemCode: row.code,
      name: row.name,
      pack: row.pack,
      manufacturer: row.manufacturer,
      hsn: row.hsn,
      mrpPaise: row.mrpPaise,
      rowNumber: row.rowNumber,
      rows: 1,
    });
  }
  return { items: [...byKey.values()], firstRow };
}

export function catalogueSummary(matches: readonly ItemMatch[]): CatalogueSummary {
  const count = (kind: ItemMatch['kind']) => matches.filter((m) => m.kind === kind).length;
  return {
    items: matches.length,
    remembered: count('REMEMBERED'),
    exact: count('EXACT'),
    confident: count('CONFIDENT'),
    uncertain: count('UNCERTAIN'),
    new: count('NEW'),
  };
}

/**
 * Every distinct item and its match, the summary, and the rows with their HSN/GST warnings: the GST % against the
 * rate in force on `today` for the HSN the product will have (the matched product's on record, else the file's), as
 * the stock upload warns (inventory/hsn-check.ts).
 */
export async function previewItemMaster(
  db: Db,
  unitId: string,
  rows: readonly ItemRow[],
  today: string = istDate(new Date()),
): Promise<{ itemMatches: ItemMatch[]; catalogue: CatalogueSummary; rows: ItemRow[] }> {
  const { items } = itemsOfRows(rows);
  const itemMatches = await matchItems(db, unitId, items);
  const recordedHsn = new Map<string, string | null>();
  for (const m of itemMatches) if (m.productId) recordedHsn.set(m.itemKey, m.candidates.find((c) => c.productId === m.productId)?.hsn ?? null);
  const rates = await gstRatesOn(db, [...rows.map((r) => r.hsn), ...recordedHsn.values()], today);
  const rate = (hsn: string) => rateOf(rates, hsn);
  const warned = rows.map((row): ItemRow => {
    const key = matchKey(row.name, row.pack, row.manufacturer);
    const recorded = recordedHsn.has(key) ? recordedHsn.get(key) : undefined;
    const warnings = hsnGstWarnings({ hsn: row.hsn, gstBp: row.gstBp }, recorded, rate).filter((w) => !row.warnings.includes(w));
    return warnings.length > 0 ? { ...row, warnings: [...row.warnings, ...warnings] } : row;
  });
  return { itemMatches, catalogue: catalogueSummary(itemMatches), rows: warned };
}

/**
 * The item master imported, in the caller's transaction: every item matched again (the seller's picks answer the
 * uncertain ones; one left unanswered refuses the import), new products created, and the seller's items written with
 * the file's figures. Rows whose item is already recorded with the same figures are skipped.
 */
export async function importItemMaster(
  trx: Db,
  unitId: string,
  rows: readonly ItemRow[],
  picks: readonly ItemPick[],
  now: Date,
): Promise<{ imported: number; skipped: number; productsCreated: number }> {
  const { items, firstRow } = itemsOfRows(rows);
  const matches = await matchItems(trx, unitId, items);
  const waiting = unansweredItems(matches, picks);
  if (waiting.length > 0) {
    const first = waiting[0]!;
    throw new AppError(
      'E0001',
      400,
      `${waiting.length} item${waiting.length === 1 ? '' : 's'} need${waiting.length === 1 ? 's' : ''} a product before the import: choose one of the candidates or a new product for "${first.name}" (row ${first.rowNumber})${waiting.length > 1 ? ' and the others' : ''}`,
    );
  }
  const extras = new Map<string, Partial<SellerItemWrite>>();
  for (const [key, row] of firstRow) {
    extras.set(key, {
      gstBp: row.gstBp,
      mrpPaise: row.mrpPaise,
      ptrPaise: row.ptrPaise,
      ptsPaise: row.ptsPaise,
      schemeBuy: row.schemeBuy,
      schemeFree: row.schemeFree,
      barcode: row.barcode,
    });
  }
  const result = await rememberPicks(trx, unitId, items, matches, picks, now, extras);
  const imported = items.filter((i) => result.written.has(i.itemKey)).reduce((n, i) => n + i.rows, 0);
  return { imported, skipped: rows.length - imported, productsCreated: result.productsCreated };
}
