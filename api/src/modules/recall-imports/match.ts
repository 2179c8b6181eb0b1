import type { RecallProduct } from 'shared-api';
import type { SearchService } from '../search/service';
import { wordsOf } from '../search/text';

/** A row's product in the master: the candidates, best first, and whether the first is certain. */
export type ProductMatcher = (name: string, manufacturer: string) => Promise<{ candidates: RecallProduct[]; exact: boolean }>;

/** Candidates shown for a row staff must decide. */
const CANDIDATES = 10;

/** Company words that say nothing about which company it is ("Micro Labs Ltd." is "Micro Labs Limited"). */
const COMPANY_WORDS = new Set(['ltd', 'limited', 'pvt', 'private', 'inc', 'co', 'corp', 'corporation', 'company', 'llp', 'the', 'and', 'of', 'india', 'industries', 'pharma', 'pharmaceutical', 'pharmaceuticals', 'labs', 'laboratories', 'laboratory', 'healthcare', 'lifesciences', 'life', 'sciences', 'm', 's']);
const companyWords = (text: string) => wordsOf(text).filter((w) => !COMPANY_WORDS.has(w));
const sameText = (a: string, b: string) => wordsOf(a).join(' ') === wordsOf(b).join(' ');
/** Notices name the pharmacopoeia a product meets ("Paracetamol Tablets I.P. 500 mg"); product names do not. */
const PHARMACOPOEIA = /\b(I\.?\s?P|B\.?\s?P|U\.?\s?S\.?\s?P)\b\.?/gi;
export const noticeName = (name: string) => name.replace(PHARMACOPOEIA, ' ').replace(/\s+/g, ' ').trim();

/** The notice's manufacturer and the master's are the same company: every distinctive word of the shorter is in the other. */
export function sameCompany(a: string, b: string): boolean {
  const [x, y] = [companyWords(a), companyWords(b)];
  if (x.length === 0 || y.length === 0) return sameText(a, b);
  const [shorter, longer] = x.length <= y.length ? [x, new Set(y)] : [y, new Set(x)];
  return shorter.every((w) => longer.has(w));
}

/**
 * Products a notice's row names, matched the way search matches (search's word index, typos and all); the
 * manufacturer, when given, narrows them. Certain when one product is left, or exactly one has the row's very name
 * (an exact name among longer ones: "Dolo 650" beside "Dolo 650 DT"); otherwise staff pick.
 */
export function searchMatcher(search: SearchService): ProductMatcher {
  return async (name, manufacturer) => {
    const found = (await search.candidates(noticeName(name), 50)).map(({ product: p }) => ({ productId: p.id, name: p.name, manufacturer: p.manufacturer, pack: p.pack }));
    const byMaker = manufacturer ? found.filter((p) => sameCompany(p.manufacturer, manufacturer)) : found;
    // A maker spelled past recognition: offer what the name matched, for staff to decide.
    const candidates = (byMaker.length > 0 ? byMaker : found).slice(0, CANDIDATES);
    if (byMaker.length === 1) return { candidates, exact: true };
    const named = byMaker.filter((p) => sameText(p.name, noticeName(name)));
    if (named.length === 1) return { candidates: [named[0]!, ...candidates.filter((c) => c !== named[0])], exact: true };
    return { candidates, exact: false };
  };
}
