import { sql, type RawBuilder } from 'kysely';
import { batchKey } from 'shared-api';
import { queryWords, wordsOf } from '../search/text';

/*
 * What a recall matches: its product's batches whose number has the same recall_batch_key (case, spaces and
 * punctuation ignored; migration 047), or that expire on or before its expiry_up_to. The one SQL predicate every
 * recall statement uses, over any row with product_id, batch_no and expiry_date columns. The product includes the
 * duplicates merged into it (catalogue/merge.ts): invoices and bills issued before the merge still name them.
 */

export interface RecallMatch {
  productId: string;
  /** batchKey of each batch number the recall names */
  keys: readonly string[];
  /** 'YYYY-MM-DD', or null */
  expiryUpTo: string | null;
}

export function matches(alias: string, m: RecallMatch): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  // The product and the duplicates merged into it (migration 052): documents issued before the merge name those.
  return sql<boolean>`(${col('product_id')} = ANY(ARRAY(SELECT id FROM products WHERE id = ${m.productId} OR merged_into = ${m.productId})) AND (recall_batch_key(${col('batch_no')}) = ANY(${[...m.keys]}::text[]) OR ${col('expiry_date')} <= ${m.expiryUpTo}::date))`;
}

/** The batch numbers as named, one per key (the first spelling kept). */
export function distinctBatches(batchNos: readonly string[]): { key: string; batchNo: string }[] {
  const byKey = new Map<string, string>();
  for (const b of batchNos) {
    const key = batchKey(b);
    if (key && !byKey.has(key)) byKey.set(key, b.trim());
  }
  return [...byKey].map(([key, batchNo]) => ({ key, batchNo }));
}

/** Words a company name carries that say nothing about which company it is ("Cipla Ltd." is "Cipla Limited"). */
const COMPANY_WORDS = new Set(['ltd', 'limited', 'pvt', 'private', 'p', 'inc', 'co', 'company', 'corp', 'corporation', 'llp', 'the', 'and']);

/** A manufacturer's name reduced to the words that name it. */
export function companyWords(name: string): string[] {
  return wordsOf(name).filter((w) => !COMPANY_WORDS.has(w));
}

/** The same company, however the notice or the master spells its legal form and punctuation. */
export function sameCompany(a: string, b: string): boolean {
  const x = companyWords(a).join(' ');
  return x !== '' && x === companyWords(b).join(' ');
}

/** A notice's manufacturer fits the product's when each of its words starts a word of the product's ("Micro" → "Micro Labs Ltd"). */
export function manufacturerFits(productManufacturer: string, asPrinted: string): boolean {
  const wanted = companyWords(asPrinted);
  const have = companyWords(productManufacturer);
  return wanted.every((w) => have.some((h) => h.startsWith(w)));
}

/** The product name as search reads it ("DOLO-650 TAB" and "Dolo 650 Tablet" read the same). */
export function nameWords(name: string): string {
  return [...queryWords(name)].sort().join(' ');
}
