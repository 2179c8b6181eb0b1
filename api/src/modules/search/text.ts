/*
 * How search text becomes words, the same way for product text (ProductIndex) and queries: lower case,
 * letters and digits apart ("650mg" → "650 mg"), anything else a separator. Unit words are dropped from queries
 * (a product's pack may or may not spell "mg"), and dosage forms are cut to the stem every spelling starts with.
 */

const UNIT_WORDS = new Set(['mg', 'ml', 'mcg', 'g', 'gm', 'gms', 'iu', 'kg', 'l']);
const FORM_STEMS: [RegExp, string][] = [
  [/^tab(let)?s?$/, 'tab'],
  [/^cap(sule)?s?$/, 'cap'],
  [/^inj(ection)?s?$/, 'inj'],
  [/^syr(up)?s?$/, 'syr'],
];

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/([0-9])([a-z])/g, '$1 $2')
    .replace(/([a-z])([0-9])/g, '$1 $2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** The words a query must match (each as the start of a product word; numbers whole). */
export function queryWords(query: string): string[] {
  const words = wordsOf(query)
    .filter((w) => !UNIT_WORDS.has(w))
    .map((w) => FORM_STEMS.find(([re]) => re.test(w))?.[1] ?? w);
  return [...new Set(words)].slice(0, 6);
}

export const isNumber = (word: string) => /^[0-9]+$/.test(word);

/** Optimal string alignment distance (a swap of neighbours counts 1), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos allowed in a word: none under 4 letters, 1 up to 6, 2 beyond. */
export const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length <= 6 ? 1 : 2);

/**
 * The known words a mistyped word may have meant: whole words within the allowed distance, and words whose
 * start is (the user is still typing: "paracetmo" → "paracetamol").
 */
export function corrections(word: string, vocabulary: readonly string[]): string[] {
  const max = typosAllowed(word);
  if (max === 0) return [];
  const found: string[] = [];
  for (const known of vocabulary) {
    if (known.length + max < word.length) continue;
    if (editDistance(word, known, max) <= max || (known.length > word.length && editDistance(word, known.slice(0, word.length), max) <= max)) {
      found.push(known);
      if (found.length >= 20) break;
    }
  }
  return found;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km, to one decimal. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const h = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return Math.round(EARTH_RADIUS_KM * 2 * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

/** 'YYYY-MM-DD' of a date in India (IST), the trade's calendar. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
