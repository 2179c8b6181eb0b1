/**
 * Matching a file's items to the one catalogue (issue 36). For each distinct item of a file:
 * REMEMBERED (the seller mapped this item code or key before: seller_items) → EXACT (the same canonical form:
 * normalise.ts) → CONFIDENT (one product agrees on everything that matters, HSN and MRP do not contradict it) →
 * UNCERTAIN (up to 5 candidates, best first) → NEW (nothing like it).
 *
 * The hard rule: a product of a different strength, dosage form or variant marker (Dolo 500 for Dolo 650, Pan D for
 * Pan 40, Glycomet SR for Glycomet) is never taken and never offered as a candidate.
 *
 * Batched: one query for the seller's remembered items, one for the products whose names start like the file's items
 * (an expression index, migration 051), one for the MRPs on record of the products still in play; the scoring is here,
 * in memory. A 20,000-item file is matched in a few seconds.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isSettledMatch, type CatalogueCandidate, type ItemMatch, type ItemPick } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { upsertProducts } from '../inventory/repository';
import { matchKey } from '../inventory/parsers/rows';
import {
  describePack,
  describeStrengths,
  normaliseItem,
  packAgreement,
  sameStrengths,
  strengthsIn,
  type ManufacturerAliases,
  type NormalisedItem,
  type Strength,
} from './normalise';

type Db = Kysely<DB>;

/** One distinct item of a file (the upload's product key of its rows). */
export interface CatalogueItem {
  /** The upload's key of the item: inventory/parsers/rows.ts matchKey(name, pack, manufacturer). */
  itemKey: string;
  itemCode: string | null;
  name: string;
  pack: string;
  manufacturer: string;
  hsn: string | null;
  mrpPaise: number | null;
  rowNumber: number;
  rows: number;
}

/** A product as the matcher reads it. */
interface Product {
  id: string;
  name: string;
  pack: string;
  manufacturer: string;
  hsn: string | null;
  normal: NormalisedItem;
  /** Strengths its composition states with units ("Paracetamol 500 mg"), for a name that states none ("Crocin Advance"). */
  composed: Strength[];
}

/** Letters only, lower case, the first three: the products_name_prefix index (migration 051). */
export const namePrefix = (name: string) => name.replace(/[^A-Za-z]/g, '').slice(0, 3).toLowerCase();

export async function loadAliases(db: Db): Promise<ManufacturerAliases> {
  const rows = await db.selectFrom('manufacturer_aliases').select(['alias_key', 'canonical_key']).execute();
  return new Map(rows.map((r) => [r.alias_key, r.canonical_key]));
}

/** Rows of the edit distance, reused: matching a large file compares hundreds of thousands of names. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance with transpositions (optimal string alignment), for misspelt brands ("AUGMENTN", "DOOL"); past `max`
 * it stops and answers max + 1 (the caller only wants to know it is too far).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return max + 1;
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Misspelt, not another word: one slip in a word of 5+ letters, two in 8+, none in a short word. */
function nearWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 5) return false;
  const allowed = shorter >= 8 ? 2 : 1;
  return editDistance(a, b, allowed) <= allowed;
}

interface BrandAgreement {
  /** 0–1, spacing ignored ("CAL D MAG" = "Caldmag"); below 0.7 only roughly. */
  similarity: number;
  distance: number;
  /** Words of the product's name the file's lacks, and the other way round (after pairing misspelt ones). */
  productOnly: string[];
  itemOnly: string[];
}

function brandAgreement(a: readonly string[], b: readonly string[]): BrandAgreement {
  const [x, y] = [a.join(''), b.join('')];
  const longer = Math.max(x.length, y.length);
  // past 30 % of the longer name the brands are not alike (similarity < 0.7): no need for the exact distance
  const distance = x && y ? editDistance(x, y, Math.floor(longer * 0.3)) : longer;
  const unpaired = [...b];
  const itemOnly: string[] = [];
  for (const word of a) {
    const at = unpaired.findIndex((w) => nearWord(word, w));
    if (at >= 0) unpaired.splice(at, 1);
    else itemOnly.push(word);
  }
  return { similarity: x && y ? 1 - distance / longer : 0, distance, productOnly: unpaired, itemOnly };
}

/** Same HSN chapter (its first two digits): "3004" and "30049099" agree, "3304" (cosmetics) does not. */
const sameChapter = (a: string, b: string) => a.slice(0, 2) === b.slice(0, 2);

/** An MRP more than twice or less than half what the product's batches carry is another product's. */
const FAR = 2;
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

interface Scored {
  product: Product;
  score: number;
  reasons: string[];
  exact: boolean;
  /** Agrees on everything that matters: brand (near), strength, form, variants, maker; pack not different. */
  confident: boolean;
  /** HSN or MRP says it is another product. */
  contradicted: boolean;
}

/** null: the hard rule refuses the product (different strength, form or variant) or the brand is too far off. */
function compare(item: NormalisedItem, product: Product, hsn: string | null): Scored | null {
  const p = product.normal;
  if (item.variants.length !== p.variants.length || item.variants.some((v, i) => v !== p.variants[i])) return null;
  // A name without a strength has its composition's (when the file states one): "Crocin Advance" is 500 mg.
  const recorded = p.strengths.length === 0 && item.strengths.length > 0 ? product.composed : p.strengths;
  const bothStrengths = item.strengths.length > 0 && recorded.length > 0;
  if (bothStrengths && !sameStrengths(item.strengths, recorded)) return null;
  if (item.form && p.form && item.form !== p.form) return null;
  const firstAgrees = item.brand.length > 0 && p.brand.length > 0 && nearWord(item.brand[0]!, p.brand[0]!);
  if (!firstAgrees && item.brand[0]?.[0] !== p.brand[0]?.[0]) return null;
  const brand = brandAgreement(item.brand, p.brand);
  // A short word on one side only is a marker this normaliser does not know ("Becosules Z", "Rosuvas F", "Ciplox TZ"):
  // another product. A long one is a description ("Candid Dusting Powder", "Soframycin Skin Cream").
  const extra = [...brand.productOnly, ...brand.itemOnly];
  if (extra.some((w) => w.length <= 3)) return null;
  if (brand.similarity < 0.7 && !(firstAgrees && brand.itemOnly.length === 0)) return null;

  const reasons: string[] = [];
  let score = brand.similarity * 50;
  const sameBrand = brand.distance === 0;
  if (!sameBrand) reasons.push(`name "${item.brand.join(' ')}" vs "${p.brand.join(' ')}"`);

  const strengthAgrees = bothStrengths || (item.strengths.length === 0 && p.strengths.length === 0);
  const sameNamedStrength = bothStrengths ? p.strengths.length > 0 : strengthAgrees;
  if (bothStrengths) score += 20;
  else if (strengthAgrees) score += 15;
  else reasons.push(item.strengths.length === 0 ? `strength not in the file (${describeStrengths(p.strengths)} on record)` : `strength ${describeStrengths(item.strengths)} not on record`);

  const formAgrees = item.form === p.form;
  if (formAgrees) score += 10;
  else {
    score += 5;
    reasons.push(item.form ? `form ${item.form.toLowerCase()} not on record` : `form not in the file (${p.form?.toLowerCase()})`);
  }
  if (bothStrengths && formAgrees && item.form) reasons.unshift('same strength and form');

  let makerAgrees = true;
  if (item.manufacturer && p.manufacturer) {
    if (item.manufacturer === p.manufacturer) score += 10;
    else {
      makerAgrees = false;
      score -= 20;
      reasons.push(`manufacturer "${item.manufacturer}" vs "${p.manufacturer}"`);
    }
  } else score += 5;

  const pack = packAgreement(item.pack, p.pack);
  if (pack === 'SAME') score += 10;
  else if (pack === 'UNKNOWN') score += 5;
  else reasons.push(`pack ${describePack(item.pack)} vs ${describePack(p.pack)}`);

  let contradicted = false;
  if (hsn && product.hsn && !sameChapter(hsn, product.hsn)) {
    contradicted = true;
    score -= 15;
    reasons.push(`HSN ${hsn} vs ${product.hsn} on record`);
  }

  const exact =
    sameBrand &&
    sameNamedStrength &&
    formAgrees &&
    makerAgrees &&
    item.manufacturer === p.manufacturer &&
    (pack === 'SAME' || (item.pack === null && p.pack === null)) &&
    !contradicted;
  // Words only the product's name has are taken when everything else is stated and agrees.
  const brandAgrees =
    brand.itemOnly.length === 0 &&
    (brand.productOnly.length === 0 ? brand.distance <= 2 : firstAgrees && strengthAgrees && formAgrees && item.form !== null && pack === 'SAME');
  const confident = brandAgrees && strengthAgrees && (formAgrees || !item.form || !p.form) && makerAgrees && pack !== 'DIFFERENT' && !contradicted;
  return { product, score: Math.max(0, Math.min(100, Math.round(score))), reasons, exact, confident, contradicted };
}

/** The MRP as evidence: the file's against the product's batches on record; far off, it is another product's. */
function weighMrp(scored: Scored, mrpPaise: number | null, mrps: MrpRange | undefined): Scored {
  if (mrpPaise === null || mrpPaise <= 0 || !mrps) return scored;
  const reasons = [...scored.reasons, `MRP ${mrps.min === mrps.max ? rupees(mrps.min) : `${rupees(mrps.min)}–${rupees(mrps.max)}`} on record`];
  if (mrpPaise <= mrps.max * FAR && mrpPaise * FAR >= mrps.min) return { ...scored, reasons };
  return { ...scored, reasons, score: Math.max(0, scored.score - 15), exact: false, confident: false, contradicted: true };
}

export interface MrpRange {
  min: number;
  max: number;
}

const candidateOf = (s: Scored, reasons = s.reasons): CatalogueCandidate => ({
  productId: s.product.id,
  name: s.product.name,
  pack: s.product.pack,
  manufacturer: s.product.manufacturer,
  hsn: s.product.hsn,
  score: s.score,
  reasons: reasons.slice(0, 4),
});

/**
 * Products of one name prefix and one set of variant markers (only those can pass the hard rule), with those of each
 * strength apart: an item that states its strength is compared with the products of that strength and with those
 * whose strength the values alone cannot tell (none in the name, or per ml), not with every product of its brand.
 */
interface Bucket {
  /** By lookupKey: the product the item most likely is, checked first (most items of a file are). */
  likely: Map<string, Product>;
  all: Product[];
  byStrength: Map<string, Product[]>;
  loose: Product[];
}

const perMl = (n: NormalisedItem) => n.strengths.some((s) => s.unit?.endsWith('/ml'));
const strengthValues = (n: NormalisedItem) =>
  n.strengths
    .map((s) => s.value)
    .sort((a, b) => a - b)
    .join('/');
const bucketKey = (prefix: string, n: NormalisedItem) => `${prefix}|${n.variants.join(' ')}`;
/** Brand, strength values, form, pack and maker: equal for an exact match (compare() decides, units and all). */
const lookupKey = (n: NormalisedItem) => `${n.brand.join(' ')}|${strengthValues(n)}|${n.form ?? ''}|${n.pack ? `${n.pack.count}${n.pack.unit}` : ''}|${n.manufacturer}`;

/** The products an item can be: a few in a large catalogue. */
function productsFor(buckets: ReadonlyMap<string, Bucket>, name: string, item: NormalisedItem): Product[] {
  const bucket = buckets.get(bucketKey(namePrefix(name), item));
  if (!bucket) return [];
  if (item.strengths.length === 0 || perMl(item)) return bucket.all;
  return [...(bucket.byStrength.get(strengthValues(item)) ?? []), ...bucket.loose];
}

/** Products whose names start like the items' (the candidates), normalised once and bucketed; a product merged into
 * another is never offered (its old name is the survivor's alias, migration 052). */
async function candidateProducts(db: Db, items: readonly CatalogueItem[], aliases: ManufacturerAliases, scope: ImportScope | undefined): Promise<Map<string, Bucket>> {
  const prefixes = [...new Set(items.map((i) => namePrefix(i.name)).filter(Boolean))];
  const buckets = new Map<string, Bucket>();
  if (prefixes.length === 0) return buckets;
  // NOT IN a subquery is hashed once per statement, so leaving out an import's 10,000 new products stays linear.
  const notCreatedHere = scope?.createdHere.length ? sql`AND id NOT IN (SELECT unnest(${scope.createdHere}::uuid[]))` : sql``;
  const { rows } = await sql<{ id: string; name: string; pack: string; manufacturer: string; hsn: string | null; composition: string | null }>`
    SELECT id, name, pack, manufacturer, hsn, composition FROM products
    WHERE lower(left(regexp_replace(name, '[^A-Za-z]', '', 'g'), 3)) = ANY(${prefixes}::text[]) AND merged_into IS NULL ${notCreatedHere}
    ORDER BY created_at, id`.execute(db);
  for (const row of rows) {
    const { composition, ...fields } = row;
    const product: Product = { ...fields, normal: normaliseItem(row.name, row.pack, row.manufacturer, aliases), composed: strengthsIn(composition) };
    const key = bucketKey(namePrefix(row.name), product.normal);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { likely: new Map(), all: [], byStrength: new Map(), loose: [] }));
    bucket.all.push(product);
    const likely = lookupKey(product.normal);
    if (!bucket.likely.has(likely)) bucket.likely.set(likely, product);
    if (product.normal.strengths.length === 0 || perMl(product.normal)) bucket.loose.push(product);
    else {
      const values = strengthValues(product.normal);
      const list = bucket.byStrength.get(values);
      if (list) list.push(product);
      else bucket.byStrength.set(values, [product]);
    }
  }
  return buckets;
}

async function mrpRanges(db: Db, productIds: readonly string[], scope: ImportScope | undefined): Promise<Map<string, MrpRange>> {
  if (productIds.length === 0) return new Map();
  // An import's own warehouse as it was before the import (its earlier chunks have rewritten some of its batches).
  const otherWarehouses = scope ? sql`AND warehouse_id <> ${scope.warehouseId}::uuid` : sql``;
  const { rows } = await sql<{ product_id: string; min: number; max: number }>`
    SELECT product_id, min(mrp_paise)::int AS min, max(mrp_paise)::int AS max FROM inventory_batches
    WHERE product_id = ANY(${productIds}::uuid[]) AND mrp_paise > 0 ${otherWarehouses} GROUP BY product_id`.execute(db);
  const ranges = new Map<string, MrpRange>();
  for (const r of rows) widenRange(ranges, r.product_id, Number(r.min), Number(r.max));
  if (scope) {
    for (const id of productIds) {
      const own = scope.warehouseMrps.get(id);
      if (own) widenRange(ranges, id, own.min, own.max);
    }
  }
  return ranges;
}

/** The product's range in `ranges` widened to take in min…max. */
function widenRange(ranges: Map<string, MrpRange>, productId: string, min: number, max: number): void {
  const range = ranges.get(productId);
  if (!range) ranges.set(productId, { min, max });
  else {
    range.min = Math.min(range.min, min);
    range.max = Math.max(range.max, max);
  }
}

/** The MRP ranges (paise, > 0) of a warehouse's batches by product: an import's MrpRange for its own warehouse. */
export function mrpRangesOf(batches: readonly { product_id: string; mrp_paise: number }[]): Map<string, MrpRange> {
  const ranges = new Map<string, MrpRange>();
  for (const { product_id, mrp_paise } of batches) if (mrp_paise > 0) widenRange(ranges, product_id, mrp_paise, mrp_paise);
  return ranges;
}

/**
 * An import writes each chunk while the next is read (issue 38 item 1), so each chunk is matched against the catalogue
 * as the preview saw it: without the products the file's earlier chunks created, and with its own warehouse's MRPs as
 * they were before the import (other warehouses are read as they stand, as the preview read them).
 */
export interface ImportScope {
  createdHere: readonly string[];
  warehouseId: string;
  warehouseMrps: ReadonlyMap<string, MrpRange>;
}

/** What the seller chose before, by item code and by item key. */
async function rememberedProducts(db: Db, unitId: string, items: readonly CatalogueItem[]) {
  const codes = [...new Set(items.map((i) => i.itemCode).filter((c): c is string => !!c))];
  const keys = items.map((i) => i.itemKey);
  const { rows } = await sql<{ item_key: string; item_code: string | null; product_id: string; name: string; pack: string; manufacturer: string; hsn: string | null }>`
    SELECT s.item_key, s.item_code, s.product_id, p.name, p.pack, p.manufacturer, p.hsn
    FROM seller_items s JOIN products p ON p.id = s.product_id
    WHERE s.unit_id = ${unitId}::uuid AND (s.item_key = ANY(${keys}::text[]) OR s.item_code = ANY(${codes}::text[]))
    ORDER BY s.updated_at, s.id`.execute(db);
  const byCode = new Map<string, (typeof rows)[number]>();
  const byKey = new Map<string, (typeof rows)[number]>();
  // the latest mapping of a code wins (rows come oldest first)
  for (const row of rows) {
    if (row.item_code) byCode.set(row.item_code, row);
    byKey.set(row.item_key, row);
  }
  return { byCode, byKey };
}

/** Matches every item of a file (see the head of this file); the answers come in the items' order. */
export async function matchItems(db: Db, unitId: string, items: readonly CatalogueItem[], scope?: ImportScope): Promise<ItemMatch[]> {
  if (items.length === 0) return [];
  const aliases = await loadAliases(db);
  const remembered = await rememberedProducts(db, unitId, items);
  const products = await candidateProducts(db, items, aliases, scope);

  // Candidates that pass the hard rule, scored; then the MRPs on record of those in play weigh in.
  const inPlay = new Set<string>();
  const pools: Scored[][] = items.map((item) => {
    if (rememberedOf(item)) return [];
    const normal = normaliseItem(item.name, item.pack, item.manufacturer, aliases);
    // the exact product, when there is one, without comparing the item with the rest of its brand
    const likely = products.get(bucketKey(namePrefix(item.name), normal))?.likely.get(lookupKey(normal));
    const exact = likely ? compare(normal, likely, item.hsn) : null;
    if (exact?.exact) {
      if (item.mrpPaise !== null) inPlay.add(exact.product.id);
      return [exact];
    }
    const pool: Scored[] = [];
    for (const product of productsFor(products, item.name, normal)) {
      const scored = compare(normal, product, item.hsn);
      if (!scored) continue;
      pool.push(scored);
      if (item.mrpPaise !== null) inPlay.add(product.id);
    }
    return pool;
  });
  const mrps = await mrpRanges(db, [...inPlay], scope);

  function rememberedOf(item: CatalogueItem) {
    return (item.itemCode ? remembered.byCode.get(item.itemCode) : undefined) ?? remembered.byKey.get(item.itemKey);
  }

  return items.map((item, i): ItemMatch => {
    const base = {
      itemKey: item.itemKey,
      itemCode: item.itemCode,
      name: item.name,
      pack: item.pack,
      manufacturer: item.manufacturer,
      rowNumber: item.rowNumber,
      rows: item.rows,
    };
    const known = rememberedOf(item);
    if (known) {
      const candidate: CatalogueCandidate = {
        productId: known.product_id,
        name: known.name,
        pack: known.pack,
        manufacturer: known.manufacturer,
        hsn: known.hsn,
        score: 100,
        reasons: [item.itemCode && known.item_code === item.itemCode ? `your item code ${item.itemCode}, chosen before` : 'chosen before'],
      };
      return { ...base, kind: 'REMEMBERED', productId: known.product_id, candidates: [candidate] };
    }
    const scored = pools[i]!
      .map((s) => weighMrp(s, item.mrpPaise, mrps.get(s.product.id)))
      .sort((a, b) => b.score - a.score || Number(b.exact) - Number(a.exact));
    const exact = scored.find((s) => s.exact);
    if (exact) return { ...base, kind: 'EXACT', productId: exact.product.id, candidates: [candidateOf(exact, ['same name, strength, form, pack and manufacturer', ...exact.reasons.filter((r) => r.startsWith('MRP'))])] };
    const confident = scored.filter((s) => s.confident);
    // One product agrees on everything, or one clearly better than any other that does (say, the same pack).
    if (confident.length === 1 || (confident.length > 1 && confident[0]!.score - confident[1]!.score >= 10)) {
      return { ...base, kind: 'CONFIDENT', productId: confident[0]!.product.id, candidates: [candidateOf(confident[0]!)] };
    }
    if (scored.length > 0) return { ...base, kind: 'UNCERTAIN', productId: null, candidates: scored.slice(0, 5).map((s) => candidateOf(s)) };
    return { ...base, kind: 'NEW', productId: null, candidates: [] };
  });
}

/** Items still waiting for the seller: uncertain and not picked (an import must not go on without their answers). */
export function unansweredItems(matches: readonly ItemMatch[], picks: readonly ItemPick[]): ItemMatch[] {
  const picked = new Set(picks.map((p) => p.itemKey));
  return matches.filter((m) => m.kind === 'UNCERTAIN' && !picked.has(m.itemKey));
}

/** One seller_items row to write: the item and its product, plus the item master's figures when it has them. */
export interface SellerItemWrite {
  itemKey: string;
  itemCode: string | null;
  productId: string;
  name: string;
  pack: string;
  manufacturer: string;
  hsn: string | null;
  gstBp?: number | null;
  mrpPaise?: number | null;
  ptrPaise?: number | null;
  ptsPaise?: number | null;
  schemeBuy?: number | null;
  schemeFree?: number | null;
  barcode?: string | null;
}

const CHUNK = 2_000;

/**
 * Upserts the seller's items (unit, item key): the product and the file's figures. A figure the file does not give
 * keeps what was there; a row the same as before is not touched (a re-import changes nothing, not even updated_at).
 * Returns the item keys written (inserted or changed).
 */
export async function upsertSellerItems(trx: Db, unitId: string, writes: readonly SellerItemWrite[], now: Date): Promise<Set<string>> {
  const written = new Set<string>();
  const col = <T>(rows: readonly SellerItemWrite[], f: (w: SellerItemWrite) => T) => rows.map(f);
  for (let from = 0; from < writes.length; from += CHUNK) {
    const rows = writes.slice(from, from + CHUNK);
    const result = await sql<{ item_key: string }>`
      INSERT INTO seller_items AS s (id, unit_id, item_key, item_code, product_id, name, pack, manufacturer, hsn, gst_bp, mrp_paise,
                                     ptr_paise, pts_paise, scheme_buy, scheme_free, barcode, created_at, updated_at)
      SELECT u.id, ${unitId}::uuid, u.item_key, u.item_code, u.product_id, u.name, u.pack, u.manufacturer, u.hsn, u.gst_bp, u.mrp,
             u.ptr, u.pts, u.scheme_buy, u.scheme_free, u.barcode, ${now}::timestamptz, ${now}::timestamptz
      FROM unnest(${col(rows, () => randomUUID())}::uuid[], ${col(rows, (w) => w.itemKey)}::text[], ${col(rows, (w) => w.itemCode)}::text[],
                  ${col(rows, (w) => w.productId)}::uuid[], ${col(rows, (w) => w.name)}::text[], ${col(rows, (w) => w.pack)}::text[],
                  ${col(rows, (w) => w.manufacturer)}::text[], ${col(rows, (w) => w.hsn)}::text[], ${col(rows, (w) => w.gstBp ?? null)}::int[],
                  ${col(rows, (w) => w.mrpPaise ?? null)}::int[], ${col(rows, (w) => w.ptrPaise ?? null)}::int[],
                  ${col(rows, (w) => w.ptsPaise ?? null)}::int[], ${col(rows, (w) => w.schemeBuy ?? null)}::int[],
                  ${col(rows, (w) => w.schemeFree ?? null)}::int[], ${col(rows, (w) => w.barcode ?? null)}::text[])
        AS u(id, item_key, item_code, product_id, name, pack, manufacturer, hsn, gst_bp, mrp, ptr, pts, scheme_buy, scheme_free, barcode)
      ON CONFLICT (unit_id, item_key) DO UPDATE SET
        item_code = coalesce(excluded.item_code, s.item_code), product_id = excluded.product_id, name = excluded.name,
        pack = excluded.pack, manufacturer = excluded.manufacturer, hsn = coalesce(excluded.hsn, s.hsn),
        gst_bp = coalesce(excluded.gst_bp, s.gst_bp), mrp_paise = coalesce(excluded.mrp_paise, s.mrp_paise),
        ptr_paise = coalesce(excluded.ptr_paise, s.ptr_paise), pts_paise = coalesce(excluded.pts_paise, s.pts_paise),
        scheme_buy = coalesce(excluded.scheme_buy, s.scheme_buy), scheme_free = coalesce(excluded.scheme_free, s.scheme_free),
        barcode = coalesce(excluded.barcode, s.barcode), updated_at = excluded.updated_at
      WHERE (s.item_code, s.product_id, s.name, s.pack, s.manufacturer, s.hsn, s.gst_bp, s.mrp_paise, s.ptr_paise, s.pts_paise,
             s.scheme_buy, s.scheme_free, s.barcode)
        IS DISTINCT FROM (coalesce(excluded.item_code, s.item_code), excluded.product_id, excluded.name, excluded.pack,
             excluded.manufacturer, coalesce(excluded.hsn, s.hsn), coalesce(excluded.gst_bp, s.gst_bp),
             coalesce(excluded.mrp_paise, s.mrp_paise), coalesce(excluded.ptr_paise, s.ptr_paise),
             coalesce(excluded.pts_paise, s.pts_paise), coalesce(excluded.scheme_buy, s.scheme_buy),
             coalesce(excluded.scheme_free, s.scheme_free), coalesce(excluded.barcode, s.barcode))
      RETURNING s.item_key`.execute(trx);
    for (const row of result.rows) written.add(row.item_key);
  }
  return written;
}

/**
 * The seller's answers applied: picked products checked to exist, NEW items (picked NEW, or NEW with no pick) made
 * products, and every settled or picked item recorded in seller_items so the next file maps itself. Items left
 * UNCERTAIN without a pick get no product (the caller refuses or skips them: unansweredItems). `extras`: the item
 * master's figures by item key; `written`: the item keys whose seller_items row was inserted or changed.
 */
export async function rememberPicks(
  trx: Db,
  unitId: string,
  items: readonly CatalogueItem[],
  matches: readonly ItemMatch[],
  picks: readonly ItemPick[],
  now: Date,
  extras?: ReadonlyMap<string, Partial<SellerItemWrite>>,
): Promise<{ productIds: Map<string, string>; productsCreated: number; createdIds: string[]; written: Set<string> }> {
  const pickOf = new Map(picks.map((p) => [p.itemKey, p.productId]));
  const matchOf = new Map(matches.map((m) => [m.itemKey, m]));
  const picked = [...new Set([...pickOf.values()].filter((id) => id !== 'NEW'))];
  if (picked.length > 0) {
    const found = await trx.selectFrom('products').select('id').where('id', 'in', picked).execute();
    const missing = picked.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw new AppError('E0001', 400, `No product ${missing[0]} in the catalogue: pick one of the candidates or a new product`);
  }

  const productIds = new Map<string, string>();
  const toCreate: CatalogueItem[] = [];
  for (const item of items) {
    const pick = pickOf.get(item.itemKey);
    const match = matchOf.get(item.itemKey);
    if (pick && pick !== 'NEW') productIds.set(item.itemKey, pick);
    else if (pick === 'NEW' || match?.kind === 'NEW') toCreate.push(item);
    else if (match && isSettledMatch(match.kind) && match.productId) productIds.set(item.itemKey, match.productId);
  }

  let createdIds: string[] = [];
  if (toCreate.length > 0) {
    // products.match_key is unique: items of one key are one product (one row of the insert)
    const byKey = new Map<string, CatalogueItem>();
    for (const item of toCreate) if (!byKey.has(matchKey(item.name, item.pack, item.manufacturer))) byKey.set(matchKey(item.name, item.pack, item.manufacturer), item);
    const unique = [...byKey.values()];
    const created = await upsertProducts(
      trx,
      {
        matchKey: [...byKey.keys()],
        name: unique.map((i) => i.name),
        pack: unique.map((i) => i.pack),
        manufacturer: unique.map((i) => i.manufacturer),
        composition: unique.map(() => null),
        hsn: unique.map((i) => i.hsn),
      },
      now,
    );
    const idOfKey = new Map([...byKey.keys()].map((key, i) => [key, created.ids[i]!]));
    for (const item of toCreate) productIds.set(item.itemKey, idOfKey.get(matchKey(item.name, item.pack, item.manufacturer))!);
    createdIds = created.createdIds;
  }

  const writes: SellerItemWrite[] = [];
  for (const item of items) {
    const productId = productIds.get(item.itemKey);
    if (!productId) continue;
    writes.push({ itemKey: item.itemKey, itemCode: item.itemCode, productId, name: item.name, pack: item.pack, manufacturer: item.manufacturer, hsn: item.hsn, ...extras?.get(item.itemKey) });
  }
  const written = await upsertSellerItems(trx, unitId, writes, now);
  return { productIds, productsCreated: createdIds.length, createdIds, written };
}
