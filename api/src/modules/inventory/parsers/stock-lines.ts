import { costOnBasis, type CostBasisRule as CostBasis } from 'shared-api/src/stock-upload';
import { matchKey, type StockLine } from './rows';

/** Products of a file (by match key, the first line's text wins), one array per field. */
export interface ProductColumns {
  matchKey: string[];
  name: string[];
  pack: string[];
  manufacturer: string[];
  composition: (string | null)[];
  hsn: (string | null)[];
}

/**
 * Valid lines column-wise: one array per field instead of an object per line. Numbers are Float64Arrays (NaN: none),
 * whose buffers a worker hands over without copying; a line's product is an index into the file's products (in
 * the order first seen), so product text is held once per product, not once per batch.
 */
export interface LineColumns {
  count: number;
  product: Int32Array;
  rowNumber: Float64Array;
  batchNo: string[];
  expiryDate: string[];
  mrpPaise: Float64Array;
  ptrPaise: Float64Array;
  ptsPaise: Float64Array;
  costPaise: Float64Array;
  quantity: Float64Array;
  freeQuantity: Float64Array;
  schemeBuy: Float64Array;
  schemeFree: Float64Array;
  gstBp: Float64Array;
}

/** A part of a file's valid lines, with the products first seen in it (numbered on from `firstProduct`). */
export interface StockChunk {
  firstProduct: number;
  products: ProductColumns;
  lines: LineColumns;
}

const NUMBER_FIELDS = ['rowNumber', 'mrpPaise', 'ptrPaise', 'ptsPaise', 'costPaise', 'quantity', 'freeQuantity', 'schemeBuy', 'schemeFree', 'gstBp'] as const;

const nullable = (n: number): number | null => (Number.isNaN(n) ? null : n);

/**
 * A copy of the text that owns its characters: a parser's cell text can be a slice of the whole chunk of XML it was
 * read from, and keeping the slice would keep that chunk.
 */
const own = <T extends string | null>(text: T): T => (text === null ? text : ((' ' + text).slice(1) as T));

export const noProducts = (): ProductColumns => ({ matchKey: [], name: [], pack: [], manufacturer: [], composition: [], hsn: [] });

/** Appends one chunk's new products to all of a file's products. */
export function appendProducts(all: ProductColumns, more: ProductColumns): void {
  for (const field of Object.keys(all) as (keyof ProductColumns)[]) (all[field] as (string | null)[]).push(...more[field]);
}

/** Collects validated lines; `take` hands over those added since the last take, and the buffers to transfer. */
export function stockLinesBuilder() {
  const productIndex = new Map<string, number>();
  let firstProduct = 0;
  let products = noProducts();
  let product: number[] = [];
  let batchNo: string[] = [];
  let expiryDate: string[] = [];
  const noNumbers = () => Object.fromEntries(NUMBER_FIELDS.map((f) => [f, [] as number[]])) as Record<(typeof NUMBER_FIELDS)[number], number[]>;
  let numbers = noNumbers();

  const add = (line: StockLine, key = matchKey(line.name, line.pack, line.manufacturer)): void => {
    let p = productIndex.get(key);
    if (p === undefined) {
      p = productIndex.size;
      productIndex.set(key, p);
      products.matchKey.push(key);
      products.name.push(own(line.name));
      products.pack.push(own(line.pack));
      products.manufacturer.push(own(line.manufacturer));
      products.composition.push(own(line.composition));
      products.hsn.push(own(line.hsn));
    }
    product.push(p);
    batchNo.push(own(line.batchNo));
    expiryDate.push(line.expiryDate);
    for (const f of NUMBER_FIELDS) numbers[f].push(line[f] ?? NaN);
  };

  const take = (): { chunk: StockChunk; transfer: ArrayBuffer[] } => {
    const lines: LineColumns = {
      count: product.length,
      product: Int32Array.from(product),
      batchNo,
      expiryDate,
      rowNumber: Float64Array.from(numbers.rowNumber),
      mrpPaise: Float64Array.from(numbers.mrpPaise),
      ptrPaise: Float64Array.from(numbers.ptrPaise),
      ptsPaise: Float64Array.from(numbers.ptsPaise),
      costPaise: Float64Array.from(numbers.costPaise),
      quantity: Float64Array.from(numbers.quantity),
      freeQuantity: Float64Array.from(numbers.freeQuantity),
      schemeBuy: Float64Array.from(numbers.schemeBuy),
      schemeFree: Float64Array.from(numbers.schemeFree),
      gstBp: Float64Array.from(numbers.gstBp),
    };
    const chunk = { firstProduct, products, lines };
    firstProduct = productIndex.size;
    products = noProducts();
    product = [];
    batchNo = [];
    expiryDate = [];
    numbers = noNumbers();
    return { chunk, transfer: [lines.product.buffer, ...NUMBER_FIELDS.map((f) => lines[f].buffer)] as ArrayBuffer[] };
  };
  return { add, take, pending: () => product.length };
}

/** What line i puts in stock: the file's quantity, plus the free goods received when the user counts them. */
export function storedQuantity(lines: LineColumns, i: number, countFree: boolean): number {
  return lines.quantity[i]! + (countFree ? lines.freeQuantity[i]! : 0);
}

/**
 * What one unit of line i cost (the upload's cost layer): the file's Cost column, else the owner's cost basis (issue 39
 * item 5: PTS else PTR by default, PTR, or PTR less a margin).
 */
export function unitCost(lines: LineColumns, i: number, basis: CostBasis): number {
  const cost = lines.costPaise[i]!;
  if (!Number.isNaN(cost)) return cost;
  const pts = lines.ptsPaise[i]!;
  return costOnBasis(basis, lines.ptrPaise[i]!, Number.isNaN(pts) ? null : pts);
}

/** Some lines' values of a Float64Array column as SQL parameters (NaN → NULL). */
export function nullableNumbers(column: Float64Array, indexes: ArrayLike<number>): (number | null)[] {
  return Array.from(indexes, (i) => nullable(column[i]!));
}
