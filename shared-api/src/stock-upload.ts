/**
 * What the stock upload's reader (api inventory/parsers, in a worker thread) needs of the contract, without zod: the
 * file types, the columns a file can have and the cost basis rule. inventory.ts re-exports all of it; the reader
 * imports this file itself, so its thread does not load every schema of the API (~40 MB).
 */

/** SPEC.md §5 */
export const UPLOAD_TYPES_MESSAGE = 'only Excel (XLS, XLSX), PDF or TXT allowed';
export const UPLOAD_EXTENSIONS = ['xlsx', 'xls', 'pdf', 'txt'] as const;
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** The columns an uploaded file can have; the header row is mapped onto these (and the user may correct it). */
export const INVENTORY_FIELDS = [
  { field: 'name', label: 'Product name', required: true },
  { field: 'pack', label: 'Pack', required: false },
  { field: 'manufacturer', label: 'Manufacturer', required: false },
  { field: 'composition', label: 'Composition', required: false },
  { field: 'batch', label: 'Batch', required: true },
  { field: 'expiry', label: 'Expiry', required: true },
  { field: 'mrp', label: 'MRP', required: true },
  { field: 'ptr', label: 'PTR / Rate', required: true },
  { field: 'pts', label: 'PTS', required: false },
  /** What one unit cost the seller (its purchase rate): the opening stock's value at cost; absent → PTS, else PTR. */
  { field: 'cost', label: 'Cost / Purchase rate', required: false },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'free', label: 'Free / Scheme', required: false },
  { field: 'hsn', label: 'HSN', required: false },
  { field: 'gst', label: 'GST %', required: false },
] as const;
export type InventoryField = (typeof INVENTORY_FIELDS)[number]['field'];

/**
 * What stock that arrives without a cost (a stock file with no Cost column, stock added by hand) is valued at (issue 39
 * item 5): its PTS (else its PTR), its PTR, or its PTR less the owner's margin. The owner chooses; PTS by default.
 */
export const COST_BASES = ['PTS', 'PTR', 'PTR_LESS_MARGIN'] as const;
export const COST_BASIS_LABELS: Readonly<Record<(typeof COST_BASES)[number], string>> = {
  PTS: 'PTS (PTR where there is none)',
  PTR: 'PTR',
  PTR_LESS_MARGIN: 'PTR less a margin',
};
/** A margin of up to 90 %, in basis points (1,250 = 12.5 %). */
export const MAX_COST_MARGIN_BP = 9000;

/** A cost basis as inventory.ts's CostBasis schema reads it. */
export interface CostBasisRule {
  basis: (typeof COST_BASES)[number];
  marginBp: number;
}

/** One unit's cost on the basis: rounded to the paisa. */
export function costOnBasis(basis: CostBasisRule, ptrPaise: number, ptsPaise: number | null): number {
  if (basis.basis === 'PTS') return ptsPaise ?? ptrPaise;
  if (basis.basis === 'PTR') return ptrPaise;
  return Math.round((ptrPaise * (10_000 - basis.marginBp)) / 10_000);
}
