import type { ColumnMapping, InventoryField } from 'shared-api';

/** One cell as a reader hands it over: text, a number (Excel values and date serials), a date, or nothing. */
export type Cell = string | number | Date | null;

export const normaliseHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, '');

/** Column names billing software uses (Marg, Tally, Busy, in-house tools), normalised. Exact matches first. */
const EXACT: Record<InventoryField, string[]> = {
  name: ['item', 'itemname', 'product', 'productname', 'name', 'description', 'itemdescription', 'particulars', 'medicine', 'drugname'],
  pack: ['pack', 'packing', 'packsize', 'pk', 'uom', 'unit'],
  manufacturer: ['mfr', 'mfg', 'mfgr', 'manufacturer', 'company', 'companyname', 'mfrname', 'make'],
  composition: ['composition', 'salt', 'generic', 'genericname', 'content', 'molecule'],
  batch: ['batch', 'batchno', 'batchnumber', 'bno', 'bn', 'lot', 'lotno'],
  expiry: ['exp', 'expiry', 'expdate', 'expirydate', 'expdt', 'expiry date', 'ed'],
  mrp: ['mrp', 'mrprs', 'maxretailprice'],
  ptr: ['ptr', 'rate', 'saleprice', 'salerate', 'tradeprice', 'pricetoretailer', 'trate'],
  pts: ['pts', 'pricetostockist'],
  // What the seller paid (Marg's "P.Rate", Busy's "Pur. Rate", a landed cost): the opening stock's cost, not its PTR.
  cost: ['cost', 'costprice', 'costrate', 'unitcost', 'prate', 'purrate', 'purchaserate', 'purprice', 'purchaseprice', 'landing', 'landingcost', 'landingrate', 'landingprice', 'landedcost'],
  quantity: ['qty', 'quantity', 'stock', 'closing', 'closingstock', 'clqty', 'clstock', 'balance', 'balqty', 'stockqty', 'curstock'],
  free: ['free', 'freeqty', 'scheme', 'sch', 'schemes', 'deal', 'offer'],
  hsn: ['hsn', 'hsncode', 'hsnsac', 'hsnno'],
  gst: ['gst', 'gst%', 'gstrate', 'gstper', 'tax', 'tax%', 'taxrate', 'igst', 'igst%'],
};

/** Fallback: a header containing one of these (order matters: "Free Qty" is free, not quantity). */
const CONTAINS: [InventoryField, string[]][] = [
  ['free', ['free', 'scheme']],
  ['pts', ['pts']],
  ['cost', ['cost', 'landing', 'purrate', 'purchaserate']],
  ['ptr', ['ptr', 'rate']],
  ['mrp', ['mrp']],
  ['gst', ['gst', 'tax']],
  ['hsn', ['hsn']],
  ['batch', ['batch']],
  ['expiry', ['expiry', 'exp']],
  ['quantity', ['qty', 'quantity', 'stock']],
  ['pack', ['pack']],
  ['manufacturer', ['mfr', 'manufact', 'company']],
  ['composition', ['composition', 'salt']],
  ['name', ['item', 'product', 'name']],
];

/** Which field a column heading names, for one kind of file (a stock statement here; a regulator's recall list too). */
export type FieldOfHeader<F extends string = string> = (header: string) => F | null;

/** A FieldOfHeader from normalised exact headings (tried first), then headings containing a word (in order). */
export function headerDictionary<F extends string>(exact: Record<F, string[]>, contains: [F, string[]][]): FieldOfHeader<F> {
  return (header) => {
    const h = normaliseHeader(header);
    if (!h) return null;
    for (const [field, words] of Object.entries(exact) as [F, string[]][]) if (words.includes(h)) return field;
    for (const [field, words] of contains) if (words.some((w) => h.includes(w))) return field;
    return null;
  };
}

export const fieldOfHeader: FieldOfHeader<InventoryField> = headerDictionary(EXACT, CONTAINS);

export const cellText = (cell: Cell | undefined): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/** Each field to the first column whose header names it (stock fields unless `fieldOf` says otherwise). */
export function mappingOf(headers: readonly string[]): ColumnMapping;
export function mappingOf<F extends string>(headers: readonly string[], fieldOf: FieldOfHeader<F>): Partial<Record<F, number>>;
export function mappingOf(headers: readonly string[], fieldOf: FieldOfHeader = fieldOfHeader): Partial<Record<string, number>> {
  const mapping: Partial<Record<string, number>> = {};
  headers.forEach((header, index) => {
    const field = fieldOf(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/**
 * The header row: among the first rows (title lines, address, "Stock Statement as on …" come first), the one
 * naming the most known columns (of `fieldOf`'s kind of file), at least three of them including the product name. -1 when there is none.
 */
export function findHeaderRow(rows: readonly (readonly Cell[])[], scan = 40, fieldOf: FieldOfHeader = fieldOfHeader): number {
  let best = -1;
  let bestScore = 2;
  for (let i = 0; i < Math.min(rows.length, scan); i++) {
    const mapping = mappingOf(rows[i]!.map(cellText), fieldOf);
    const score = Object.keys(mapping).length;
    if (mapping.name !== undefined && score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}
