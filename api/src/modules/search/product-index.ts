import { corrections, isNumber, wordsOf } from './text';

/** The text of a product that search matches on. */
export interface ProductText {
  id: string;
  name: string;
  manufacturer: string;
  composition: string | null;
  pack: string;
  /** Names of duplicates merged into it (migration 052): matched as its name, so the old name finds it. */
  aliases?: string[];
}

/** Where a word was found; lower ranks first (a product whose name holds every query word comes first). */
const FIELD = { name: 0, composition: 1, makerOrPack: 2 } as const;
/** Sort keys are rank × this + the product's place in name order (exact in a double up to 2^53). */
const NAME_SLOTS = 2 ** 26;

/** Upper bound on the product positions all remembered matches hold together (8 bytes each). */
const MATCH_CACHE_ENTRIES = 2_000_000;

/** The products a query matched, in order: rank, then name. */
export class Matches {
  constructor(
    private readonly keys: Float64Array,
    private readonly byName: Int32Array,
  ) {}

  get length(): number {
    return this.keys.length;
  }

  product(i: number): number {
    return this.byName[this.keys[i]! % NAME_SLOTS]!;
  }

  rank(i: number): number {
    return Math.floor(this.keys[i]! / NAME_SLOTS);
  }
}

/**
 * Every product's words in memory: word → products that have it (with the best field), plus the sorted vocabulary
 * for prefix matching and typo correction. Matching is a few map lookups, so the header box's suggestions cost no
 * database work for the text part. Products are added or replaced one at a time as the change log reports them.
 */
export class ProductIndex {
  private readonly products: ProductText[] = [];
  private readonly positions = new Map<string, number>();
  /** word → postings, each `product × 4 + field` */
  private readonly postings = new Map<string, number[]>();
  private readonly wordsOfProduct: string[][] = [];
  /** Rebuilt lazily after products change: the sorted vocabulary, its letter words, and products in name order. */
  private sorted: { words: string[]; letterWords: string[]; byName: Int32Array; nameOrder: Int32Array } | null = null;
  private readonly correctionCache = new Map<string, string[]>();
  private readonly matchCache = new Map<string, Matches>();
  private matchCacheEntries = 0;

  get size(): number {
    return this.products.length;
  }

  product(index: number): ProductText {
    return this.products[index]!;
  }

  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }

  /** Adds a product, or replaces the words of one already known. Returns its position. */
  upsert(product: ProductText): number {
    let at = this.positions.get(product.id);
    if (at === undefined) {
      at = this.products.length;
      this.positions.set(product.id, at);
    } else {
      for (const word of this.wordsOfProduct[at] ?? []) {
        const kept = this.postings.get(word)!.filter((p) => p >> 2 !== at);
        if (kept.length) this.postings.set(word, kept);
        else this.postings.delete(word);
      }
    }
    this.products[at] = product;
    const best = new Map<string, number>();
    const add = (text: string | null, field: number) => {
      for (const word of wordsOf(text ?? '')) if ((best.get(word) ?? 3) > field) best.set(word, field);
    };
    add(product.name, FIELD.name);
    for (const alias of product.aliases ?? []) add(alias, FIELD.name);
    add(product.composition, FIELD.composition);
    add(`${product.manufacturer} ${product.pack}`, FIELD.makerOrPack);
    for (const [word, field] of best) {
      const list = this.postings.get(word);
      if (list) list.push(at * 4 + field);
      else this.postings.set(word, [at * 4 + field]);
    }
    this.wordsOfProduct[at] = [...best.keys()];
    this.sorted = null;
    return at;
  }

  /**
   * Products matching every query word (numbers whole, other words as the start of a product word, or, when no
   * product word starts so, as one of its near spellings), best rank first, then by name. Results are remembered
   * until a product changes: people type the same few hundred medicines, and every keystroke repeats a prefix.
   */
  match(queryWords: readonly string[]): Matches {
    // First: after a product changed this rebuilds the order and forgets the remembered matches.
    const { byName } = this.order();
    const key = queryWords.join(' ');
    let found = this.matchCache.get(key);
    if (!found) {
      found = new Matches(this.matchSorted(queryWords), byName);
      this.matchCacheEntries += found.length;
      if (this.matchCacheEntries > MATCH_CACHE_ENTRIES) {
        this.matchCache.clear();
        this.matchCacheEntries = found.length;
      }
      this.matchCache.set(key, found);
    }
    return found;
  }

  private matchSorted(queryWords: readonly string[]): Float64Array {
    let matched: Map<number, number> | null = null;
    for (const word of queryWords) {
      const hits = this.productsWith(word);
      if (matched) {
        const both = new Map<number, number>();
        for (const [product, field] of hits) {
          const rank = matched.get(product);
          if (rank !== undefined) both.set(product, rank + field);
        }
        matched = both;
      } else {
        matched = hits;
      }
      if (!matched.size) break;
    }
    const keys = new Float64Array(matched?.size ?? 0);
    if (!matched) return keys;
    const { nameOrder } = this.order();
    let k = 0;
    for (const [product, rank] of matched) keys[k++] = rank * NAME_SLOTS + nameOrder[product]!;
    return keys.sort();
  }

  /** Name order of two products (for ties after rank and seller count). */
  compareNames(a: number, b: number): number {
    const { nameOrder } = this.order();
    return nameOrder[a]! - nameOrder[b]!;
  }

  /** Products having the word, each with the best field it was found in. */
  private productsWith(word: string): Map<number, number> {
    const hits = new Map<number, number>();
    const collect = (known: string) => {
      for (const posting of this.postings.get(known) ?? []) {
        const product = posting >> 2;
        const field = posting & 3;
        if ((hits.get(product) ?? 3) > field) hits.set(product, field);
      }
    };
    if (isNumber(word)) {
      collect(word);
      return hits;
    }
    const { words } = this.order();
    let at = lowerBound(words, word);
    if (at < words.length && words[at]!.startsWith(word)) {
      for (; at < words.length && words[at]!.startsWith(word); at++) collect(words[at]!);
    } else {
      for (const known of this.correctionsOf(word)) collect(known);
    }
    return hits;
  }

  private correctionsOf(word: string): string[] {
    let found = this.correctionCache.get(word);
    if (!found) {
      found = corrections(word, this.order().letterWords);
      if (this.correctionCache.size > 10_000) this.correctionCache.clear();
      this.correctionCache.set(word, found);
    }
    return found;
  }

  private order() {
    if (!this.sorted) {
      const words = [...this.postings.keys()].sort();
      const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
      const byName = Int32Array.from(this.products.keys()).sort(
        (a, b) => collator.compare(this.products[a]!.name, this.products[b]!.name) || collator.compare(this.products[a]!.pack, this.products[b]!.pack) || a - b,
      );
      const nameOrder = new Int32Array(this.products.length);
      byName.forEach((product, place) => (nameOrder[product] = place));
      this.sorted = { words, letterWords: words.filter((w) => !isNumber(w[0]!)), byName, nameOrder };
      this.correctionCache.clear();
      this.matchCache.clear();
      this.matchCacheEntries = 0;
    }
    return this.sorted;
  }
}

/** First position in a sorted list whose word is not below `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
