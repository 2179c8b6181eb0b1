import type { ColumnMapping, InventoryField, RejectedRow } from 'shared-api';
import { MAX_QUANTITY } from 'shared-api/src/constants';
import { parseExpiry } from './dates';
import { cellText, type Cell } from './header-detect';
import { parseGstBp, parseNumber, parsePaise } from './money';

/** One valid stock line of a file, ready to store. */
export interface StockLine {
  rowNumber: number;
  name: string;
  pack: string;
  manufacturer: string;
  composition: string | null;
  batchNo: string;
  expiryDate: string;
  mrpPaise: number;
  ptrPaise: number;
  ptsPaise: number | null;
  /** what one unit cost (an upload's Cost / purchase rate column): the upload's cost layer; null or absent (lines
   * not from a file) → PTS, else PTR */
  costPaise?: number | null;
  /** the file's stock quantity */
  quantity: number;
  /** free goods received (a plain number under "Free"): stock too when the user counts them (service.ts) */
  freeQuantity: number;
  schemeBuy: number | null;
  schemeFree: number | null;
  hsn: string | null;
  /** the file's GST %, basis points: checked against the HSN's rate in force (hsn-check.ts) */
  gstBp: number | null;
}

/** GST slabs in force (basis points): nil, 0.25 %, 3 %, 5 %, 12 %, 18 %, 28 %, 40 %. */
const GST_SLABS = new Set([0, 25, 300, 500, 1200, 1800, 2800, 4000]);

/** ₹1 crore per unit: far above any medicine, and inside the integer columns. */
const MAX_PAISE = 1_000_000_000;

/** Normalised name|pack|manufacturer: how a line finds its product in the shared master (products.match_key). */
export function matchKey(name: string, pack: string, manufacturer: string): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return `${norm(name)}|${norm(pack)}|${norm(manufacturer)}`;
}

export interface Validation {
  today: string;
}

/**
 * Validates the rows under the header. Every problem of a row is named; a row with any problem is rejected.
 * Blank lines and "Total" lines are skipped silently; a repeated header (page breaks) too.
 */
export function validateRows(rows: readonly (readonly Cell[])[], headerIndex: number, mapping: ColumnMapping, rules: Validation) {
  const valid: StockLine[] = [];
  const validator = rowValidator(rows[headerIndex], mapping, rules, (line) => valid.push(line));
  for (let r = headerIndex + 1; r < rows.length; r++) validator.add(rows[r]!, r);
  return { valid, ...validator.result() };
}

/**
 * validateRows one row at a time (row index `r`, 0-based, after the header), so a large file is checked while it
 * is read and its raw rows need not be kept; each valid line goes to `onValid` with its product's matchKey (the upload keeps lines column-wise).
 */
export function rowValidator(headerRow: readonly Cell[] | undefined, mapping: ColumnMapping, rules: Validation, onValid: (line: StockLine, productKey: string) => void) {
  const rejected: RejectedRow[] = [];
  // product matchKey → batch (upper case) → first row: nested, so a product's key is held once, not once per batch.
  const seen = new Map<string, Map<string, number>>();
  const headerKey = headerRow?.map(cellText).join('|');
  const get = (row: readonly Cell[], field: InventoryField): Cell => {
    const i = mapping[field];
    return i === undefined ? null : (row[i] ?? null);
  };
  const text = (row: readonly Cell[], field: InventoryField) => cellText(get(row, field));
  let dataRows = 0;

  const add = (row: readonly Cell[], r: number): void => {
    const cells = row.map(cellText);
    if (cells.every((c) => c === '') || cells.join('|') === headerKey) return;
    const name = text(row, 'name');
    if (/^(grand\s*)?(total|sub\s*total)\b/i.test(name) || (!name && /total/i.test(cells.join(' ')))) return;
    dataRows++;
    const problems: string[] = [];

    if (!name) problems.push('missing product name');
    const batchNo = text(row, 'batch');
    if (!batchNo) problems.push('missing batch');

    const expiryCell = get(row, 'expiry');
    const expiryDate = parseExpiry(expiryCell);
    if (!expiryDate) problems.push(cellText(expiryCell) ? `expiry "${cellText(expiryCell)}" is not a date` : 'missing expiry');
    else if (expiryDate <= rules.today) problems.push('expiry in the past');

    const mrpPaise = parsePaise(get(row, 'mrp'));
    const ptrPaise = parsePaise(get(row, 'ptr'));
    if (mrpPaise === null) problems.push(text(row, 'mrp') ? 'MRP is not an amount' : 'missing MRP');
    if (ptrPaise === null) problems.push(text(row, 'ptr') ? 'PTR is not an amount' : 'missing PTR');
    if ((mrpPaise ?? 0) > MAX_PAISE || (ptrPaise ?? 0) > MAX_PAISE) problems.push('price above ₹1 crore');
    else if (mrpPaise !== null && ptrPaise !== null && mrpPaise < ptrPaise) problems.push('MRP below PTR');
    const ptsPaise = parsePaise(get(row, 'pts'));
    const costPaise = parsePaise(get(row, 'cost'));
    if (costPaise === null && text(row, 'cost')) problems.push('cost is not an amount');
    else if ((costPaise ?? 0) > MAX_PAISE) problems.push('cost above ₹1 crore');

    // "Free" holds either a scheme ("10+1") or a free quantity received, kept apart from the stock quantity.
    const freeText = text(row, 'free');
    const schemeMatch = /^(\d+)\s*\+\s*(\d+)$/.exec(freeText);
    const scheme = schemeMatch && Number(schemeMatch[1]) > 0 ? schemeMatch : null;
    const freeQuantity = Math.max(0, schemeMatch ? 0 : (parseNumber(freeText) ?? 0));
    const quantity = parseNumber(get(row, 'quantity'));
    if (quantity === null) problems.push(text(row, 'quantity') ? 'quantity is not a number' : 'missing quantity');
    else if (!Number.isInteger(quantity) || !Number.isInteger(freeQuantity)) problems.push('quantity not a whole number');
    else if (quantity < 0) problems.push('negative quantity');
    else if (quantity + freeQuantity > MAX_QUANTITY) problems.push(`quantity above ${MAX_QUANTITY.toLocaleString('en-IN')} units`);

    const hsn = text(row, 'hsn').replace(/\s/g, '') || null;
    const gstBp = parseGstBp(get(row, 'gst'));
    // An HSN without a rate on record is not a problem of the row: the line is stored, the preview warns, and the
    // batch is not offered for sale until the product's HSN is fixed (hsn-check.ts).
    if (text(row, 'gst') && (gstBp === null || !GST_SLABS.has(gstBp))) problems.push(`unknown GST rate "${text(row, 'gst')}"`);

    const pack = text(row, 'pack');
    const manufacturer = text(row, 'manufacturer');
    const productKey = name && batchNo ? matchKey(name, pack, manufacturer) : '';
    if (productKey) {
      let batches = seen.get(productKey);
      if (!batches) seen.set(productKey, (batches = new Map()));
      const batch = batchNo.toUpperCase();
      const first = batches.get(batch);
      if (first !== undefined) problems.push(`duplicate batch (same product and batch as row ${first})`);
      else batches.set(batch, r + 1);
    }

    if (problems.length > 0) {
      rejected.push({ rowNumber: r + 1, cells, problems });
      return;
    }
    onValid(
      {
        rowNumber: r + 1,
        name,
        pack,
        manufacturer,
        composition: text(row, 'composition') || null,
        batchNo,
        expiryDate: expiryDate!,
        mrpPaise: mrpPaise!,
        ptrPaise: ptrPaise!,
        ptsPaise,
        costPaise,
        quantity: quantity!,
        freeQuantity,
        schemeBuy: scheme ? Number(scheme[1]) : null,
        schemeFree: scheme ? Number(scheme[2]) : null,
        hsn,
        gstBp,
      },
      productKey,
    );
  };
  return { add, result: () => ({ rejected, dataRows }) };
}
