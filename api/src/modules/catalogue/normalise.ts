/**
 * An item's name, pack and manufacturer as the catalogue compares them (issue 36). Pure: the matcher (match.ts) and
 * the duplicate finder both call it. "DOLO 650 TAB 15'S / MICRO LABS LTD" and "Dolo-650mg Tablet 1x15 / Micro Labs
 * Limited" come out the same: brand words [dolo], strength 650 mg, form TABLET, no variant, pack 15, maker "micro labs".
 * What makes a different product (strength, dosage form, release/variant markers such as SR, DSR, H, LC, FORTE) is
 * kept apart from the brand words, so the matcher can refuse it outright.
 */

/** A strength: a number and its unit (mg, mcg, iu, %, mg/ml …); unit null when the name says only "650". */
export interface Strength {
  value: number;
  unit: string | null;
}

export interface Pack {
  /** Units of the sale pack: 15 (tablets), 60 (ml), 30 (g), 1 (vial). */
  count: number;
  /** 'unit' (tablets, capsules, sachets …), 'ml', 'g', or a container ('vial', 'bottle', 'tube', 'ampoule'). */
  unit: string;
}

export interface NormalisedItem {
  /** The brand's words, lower case, in order ("crocin", "cold", "flu"); the form, strength, pack and variant left out. */
  brand: string[];
  /** Every strength in the name, in order: "250/125" is two, "5MG/ML" is one with unit "mg/ml". */
  strengths: Strength[];
  /** Canonical dosage form (TABLET, CAPSULE, LIQUID …); null when the name does not say. */
  form: string | null;
  /** Release and variant markers (SR, DSR, H, LC, FORTE, KID …), sorted: a different set is a different product. */
  variants: string[];
  /** From the pack column, else from the name; null when neither says. */
  pack: Pack | null;
  /** Manufacturer key: company-form words and punctuation gone, then the alias table applied. */
  manufacturer: string;
}

/** Dosage forms: every spelling → its canonical form. Oral liquids are one form: exports write SYP for suspensions. */
const FORMS: Record<string, string> = {};
const form = (canonical: string, ...spellings: string[]) => spellings.forEach((s) => (FORMS[s] = canonical));
form('TABLET', 'tab', 'tabs', 'tablet', 'tablets', 'tabl', 'tb', 'tabs.', 'caplet', 'caplets');
form('CAPSULE', 'cap', 'caps', 'capsule', 'capsules', 'capsul', 'softgel', 'softgels');
form('LIQUID', 'syp', 'syr', 'syrup', 'syrups', 'susp', 'suspension', 'suspen', 'liquid', 'liq', 'elixir', 'solution', 'sol', 'oral', 'dry', 'linctus', 'emulsion');
form('INJECTION', 'inj', 'injection', 'injections', 'inject', 'vial', 'amp', 'ampoule', 'infusion', 'iv');
form('DROPS', 'drop', 'drops', 'drp', 'drps', 'eye', 'ear', 'nasal');
form('CREAM', 'cream', 'crm', 'cr.');
form('OINTMENT', 'oint', 'ointment', 'ont');
form('GEL', 'gel', 'jelly');
form('LOTION', 'lotion', 'lot', 'lotn');
form('POWDER', 'powder', 'pwd', 'pow', 'powd', 'sachet', 'sachets', 'sach', 'granules', 'gran');
form('INHALER', 'inhaler', 'inh', 'evohaler', 'autohaler', 'transhaler');
form('ROTACAP', 'rotacap', 'rotacaps', 'redicap');
form('RESPULES', 'respules', 'respule', 'resp', 'nebules', 'neb');
form('SOAP', 'soap', 'bar');
form('SPRAY', 'spray', 'spr');
form('SHAMPOO', 'shampoo', 'shmp');
form('MOUTHWASH', 'mouthwash', 'gargle');
form('SUPPOSITORY', 'supp', 'suppository', 'suppositories');
form('FACEWASH', 'facewash');
form('PATCH', 'patch');
// "cr" alone is controlled release (a variant), not cream: only "cr." above and the long spellings are cream.
delete FORMS['cr.'];
delete FORMS['tabs.'];
// Some "form" words also describe a liquid's use rather than its form: "eye", "ear", "nasal" come with DROPS.

/** Release and variant markers: each spelling → its canonical marker. Kept as identity (Pan 40 ≠ Pan D ≠ Pan DSR). */
const VARIANTS: Record<string, string> = {};
const variant = (canonical: string, ...spellings: string[]) => spellings.forEach((s) => (VARIANTS[s] = canonical));
for (const m of ['sr', 'er', 'xr', 'cr', 'mr', 'dt', 'md', 'ls', 'ds', 'dsr', 'd', 'm', 'h', 'am', 'at', 'trio', 'hd', 'xl', 'od', 'lc', 'cv', 'mt', 'ct', 'gp', 'pg', 'g', 'p', 'mf', 'ez', 'beta', 'duo', 'advance', 'extra', 'max', 'nf', 'ph', 'cd', 'dx', 'az', 'o', 'a', 'total', 'cold', 'active', 'rapid', 'gold', 'fort', 'mps', 'dha', 'k2', 'xt', 'dm', 'zn', 'lm', 'n', 'sp', 'av', 'b', 'c', 'v', 'l', 'kt', 'fc', 'ol', 'tr', 'aq'])
  variant(m.toUpperCase(), m);
variant('PLUS', 'plus', '+');
variant('FORTE', 'forte', 'frt');
variant('KID', 'kid', 'kids', 'paed', 'paediatric', 'pediatric', 'ped', 'junior', 'jr', 'infant', 'baby', 'child');
variant('ADULT', 'adult');
variant('ADVANCE', 'adv', 'advance');

/** Words that say nothing about the product: pack words, marketing noise. */
const NOISE = new Set(['new', 'rx', 'otc', 'mg', 'strip', 'strips', 'of', 'x', 's', 'pcs', 'pc', 'nos', 'no', 'pack', 'pkt', 'box', 'bottle', 'btl', 'tube', 'jar', 'the', 'and', 'with', 'w', 'for', 'in', 'i', 'ip', 'bp', 'usp', 'each', 'per', 'unit', 'units', 'chewable', 'chew', 'film', 'coated', 'uncoated', 'dispersible', 'strip', 'mdi']);

/** Words of a company's form, not its name. */
const COMPANY_WORDS = new Set([
  'ltd', 'limited', 'pvt', 'private', 'pharmaceuticals', 'pharmaceutical', 'pharmaceutica', 'pharma', 'pharm', 'labs', 'lab',
  'laboratories', 'laboratory', 'healthcare', 'health', 'care', 'industries', 'industry', 'ind', 'india', 'co', 'company',
  'corp', 'corporation', 'inc', 'llp', 'ms', 'm', 's', 'the', 'and', 'products', 'formulations', 'drugs', 'chemicals',
  'lifesciences', 'life', 'sciences', 'science', 'biotech', 'remedies', 'medicare', 'i', 'p', 'l',
]);

const MASS: Record<string, [number, string]> = {
  mg: [1, 'mg'], mgs: [1, 'mg'], mcg: [1, 'mcg'], ug: [1, 'mcg'], g: [1000, 'mg'], gm: [1000, 'mg'], gms: [1000, 'mg'], gram: [1000, 'mg'], grams: [1000, 'mg'],
  iu: [1, 'iu'], ku: [1000, 'iu'], lac: [100000, 'iu'], '%': [1, '%'], 'w/w': [1, '%'], 'w/v': [1, '%'],
};
const VOLUME: Record<string, [number, string]> = { ml: [1, 'ml'], mls: [1, 'ml'], l: [1000, 'ml'], ltr: [1000, 'ml'], lit: [1000, 'ml'], litre: [1000, 'ml'] };
const UNIT_WORDS = new Set(['mg', 'mgs', 'mcg', 'ug', 'g', 'gm', 'gms', 'gram', 'grams', 'iu', 'ku', 'lac', 'ml', 'mls', 'l', 'ltr', 'lit', 'litre', 'kg', 's', 'x', 'k']);
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Lower case; apostrophes dropped ("reddy's" → "reddys", "15'S" → "15s"); everything but letters, digits, ".", "%", "/", "+" a space. */
function clean(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/(\d)\s*[*×]\s*(\d)/g, '$1x$2')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/[^a-z0-9.%/+]+/g, ' ')
    // a dot is kept only inside a number (0.5%, 21.8 g): "LIV.52", "DR.REDDY" are two words
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .trim();
}

/**
 * The tokens of a name: "dolo-650mg tab 1x15" → dolo, 650mg, tab, 1x15. A number glued to its unit stays one token; a
 * unit written apart ("650 mg") is joined back; "250/125" stays one token; a letter-number run like "telma40" is split.
 */
function tokens(text: string): string[] {
  const spaced = clean(text)
    .replace(/\s*\/\s*/g, '/')
    .replace(/(\d)\s+(mg|mcg|ug|gm|gms|g|grams?|iu|ml|mls|ltr|l|%|w\/w|w\/v|ku)(?![a-z])/g, '$1$2')
    // "telma40", "gp1": a name with its strength glued on (not a vitamin's "d3", "b12")
    .replace(/\b([a-z]{2,})(\d+(?:\.\d+)?)(mg|mcg|gm|g|ml|iu)?\b/g, (m: string, word: string, n: string, unit?: string) =>
      /^(vit)\d/.test(m) ? m : `${word} ${n}${unit ?? ''}`,
    )
    // "eye/ear": a slash between words is a space (between numbers it is a combination: 250/125, 5mg/ml)
    .replace(/\b([a-z]{2,})\/(?=[a-z])/g, '$1 ')
    .replace(/\b(\d+(?:\.\d+)?)\s*(s)\b/g, "$1's")
    // "40h", "500sr": a strength with its marker glued on
    .replace(/\b(\d+(?:\.\d+)?)([a-z]+)\b/g, (m: string, n: string, tail: string) => (UNIT_WORDS.has(tail) ? m : `${n} ${tail}`))
    .replace(/\+/g, ' + ');
  return spaced.split(/\s+/).filter(Boolean);
}

/** "650", "650mg", "0.5%", "1gm", "5mg/ml", "250/125", "125mg/5ml" → strengths; null: not a strength. */
function parseStrength(token: string): Strength[] | null {
  const unitOf = (u: string | undefined) => (u ? (MASS[u] ?? null) : undefined);
  const one = /^(\d+(?:\.\d+)?)(mg|mgs|mcg|ug|g|gm|gms|grams?|iu|ku|lac|%|w\/w|w\/v)?$/.exec(token);
  if (one) {
    const unit = unitOf(one[2]);
    if (unit === null) return null;
    return [unit ? { value: round(Number(one[1]) * unit[0]), unit: unit[1] } : { value: Number(one[1]), unit: null }];
  }
  // per volume: 5mg/ml, 125mg/5ml, 200mg/5 ml
  const per = /^(\d+(?:\.\d+)?)(mg|mcg|g|gm|iu|%)\/(\d+(?:\.\d+)?)?(ml)$/.exec(token);
  if (per) {
    const unit = MASS[per[2]!]!;
    const volume = Number(per[3] ?? 1);
    return [{ value: round((Number(per[1]) * unit[0]) / volume), unit: `${unit[1]}/ml` }];
  }
  // combinations: 250/125, 500/125mg, 40/10, 50mg/500mg
  const parts = token.split('/');
  if (parts.length >= 2 && parts.every((p) => /^\d+(?:\.\d+)?(mg|mcg|g|gm|iu)?$/.test(p))) {
    return parts.flatMap((p) => parseStrength(p) ?? []);
  }
  return null;
}

/** A pack written as one token: 15s / 15's, 1x15, 10x10, 60ml, 100ml, 30gm (as pack), 1vial. */
export function parsePackToken(token: string, next: string | undefined): Pack | null {
  let m = /^(\d+)'?s$/.exec(token);
  if (m) return { count: Number(m[1]), unit: 'unit' };
  m = /^(\d+)x(\d+(?:\.\d+)?)(ml|gm|g|s|tab|tabs|cap|caps)?$/.exec(token);
  if (m) return packOf(Number(m[2]), m[3] ?? next);
  m = /^(\d+(?:\.\d+)?)(ml|mls|l|ltr|litre|gm|gms|g|kg)$/.exec(token);
  if (m) return packOf(Number(m[1]), m[2]);
  return null;
}

function packOf(count: number, unit: string | undefined): Pack {
  const u = unit ?? '';
  if (VOLUME[u]) return { count: round(count * VOLUME[u]![0]), unit: 'ml' };
  if (['g', 'gm', 'gms', 'gram', 'grams'].includes(u)) return { count, unit: 'g' };
  if (u === 'kg') return { count: count * 1000, unit: 'g' };
  if (['vial', 'vials', 'amp', 'ampoule', 'ampoules', 'bottle', 'tube', 'pfs', 'cartridge', 'kit'].includes(u)) return { count, unit: u.replace(/s$/, '') === 'ampoule' ? 'amp' : u.replace(/s$/, '') };
  return { count, unit: 'unit' };
}

/** The pack column: "15'S", "1X15", "10X15" (15 a strip), "15 TAB", "STRIP OF 15", "60ML", "100 ML", "30 GM", "1 VIAL". */
export function parsePack(text: string): Pack | null {
  const t = clean(text).replace(/(\d)\s+(ml|mls|l|ltr|gm|gms|g|kg)\b/g, '$1$2').replace(/(\d)\s*x\s*(\d)/g, '$1x$2');
  const words = t.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const pack = parsePackToken(words[i]!.replace(/'/g, "'"), words[i + 1]);
    if (pack) return pack;
    const n = /^(\d+(?:\.\d+)?)$/.exec(words[i]!);
    if (n) return packOf(Number(n[1]), words[i + 1] && !/^\d/.test(words[i + 1]!) ? words[i + 1] : undefined);
  }
  return null;
}

/** The manufacturer's key without aliases: "Micro Labs Ltd." → "micro", "Dr. Reddy's Laboratories" → "dr reddys". */
export function manufacturerBase(text: string): string {
  const words = clean(text.replace(/\([^)]*\)/g, ' ').replace(/[.]/g, ' ')).split(/[\s/%+.]+/).filter(Boolean);
  const kept = words.filter((w) => !COMPANY_WORDS.has(w));
  return (kept.length > 0 ? kept : words).join(' ');
}

/** Alias key → canonical key (the manufacturer_aliases table, migration 051). */
export type ManufacturerAliases = ReadonlyMap<string, string>;

export function manufacturerKey(text: string, aliases: ManufacturerAliases = new Map()): string {
  const base = manufacturerBase(text);
  return aliases.get(base) ?? aliases.get(base.replace(/\s+/g, '')) ?? base;
}

function formOfPack(pack: string): string | null {
  for (const w of clean(pack).split(/[\s\d]+/)) if (['TABLET', 'CAPSULE'].includes(FORMS[w] ?? '')) return FORMS[w]!;
  return null;
}

/** The canonical form of one item (see NormalisedItem). */
export function normaliseItem(name: string, pack: string, manufacturer: string, aliases?: ManufacturerAliases): NormalisedItem {
  const brand: string[] = [];
  const strengths: Strength[] = [];
  const variants = new Set<string>();
  let itemForm: string | null = null;
  let namePack: Pack | null = null;
  const words = tokens(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    // "strip of 15", "15 tab" at the end of a name: a pack
    if (w === 'of' && next && /^\d+$/.test(next) && words[i - 1] === 'strip') {
      namePack = { count: Number(next), unit: 'unit' };
      i++;
      continue;
    }
    const p = parsePackToken(w, next);
    if (p) {
      // 1GM / 0.5 G in a name is a strength (an injection's, a sachet's); 30GM, 60ML are the pack.
      if (p.unit === 'g' && p.count <= 2 && strengths.length === 0) strengths.push({ value: p.count * 1000, unit: 'mg' });
      else namePack ??= p;
      continue;
    }
    const s = parseStrength(w);
    if (s) {
      // "650 15" / "tab 10": a bare number after the form or after a strength is the pack count
      if (s.length === 1 && s[0]!.unit === null && (itemForm !== null || strengths.length > 0) && Number.isInteger(s[0]!.value) && i > 0) {
        const prev = words[i - 1]!;
        if (FORMS[prev] || parseStrength(prev)) {
          namePack ??= { count: s[0]!.value, unit: 'unit' };
          continue;
        }
      }
      strengths.push(...s);
      continue;
    }
    if (FORMS[w]) {
      itemForm ??= FORMS[w]!;
      continue;
    }
    // markers count after the brand's first word: "D" in "Pan D", not "D" starting a name
    if (VARIANTS[w] && brand.length > 0) {
      variants.add(VARIANTS[w]!);
      continue;
    }
    if (NOISE.has(w) || w === '/' || w === '+') continue;
    if (/^\d+(x\d+)?$/.test(w)) continue;
    brand.push(w.replace(/[./%]+/g, ''));
  }
  return {
    brand: brand.filter(Boolean),
    strengths,
    // "15 TAB", "20 CAP" in the pack column say the form the name left out
    form: itemForm ?? formOfPack(pack),
    variants: [...variants].sort(),
    pack: parsePack(pack) ?? namePack,
    manufacturer: manufacturerKey(manufacturer, aliases),
  };
}

/** Every strength a text states (a product's composition: "Paracetamol 500 mg" → 500 mg). */
export function strengthsIn(text: string | null): Strength[] {
  if (!text) return [];
  return tokens(text).flatMap((t) => (/[a-z%]/.test(t) ? (parseStrength(t) ?? []) : []));
}

const strengthText = (s: Strength) => `${s.value}${s.unit ?? ''}`;

/** One string per canonical form: items with the same key are the same product (EXACT; duplicates in the master). */
export function canonicalKey(item: NormalisedItem): string {
  return [
    item.brand.join(' '),
    item.strengths.map(strengthText).join('+'),
    item.form ?? '',
    item.variants.join(' '),
    item.pack ? `${item.pack.count}${item.pack.unit}` : '',
    item.manufacturer,
  ].join('|');
}

/** Same strengths: the same values in the same order, a unit agreeing where both say one ("650" = "650 mg"). */
export function sameStrengths(a: readonly Strength[], b: readonly Strength[]): boolean {
  if (a.length !== b.length) return false;
  const sort = (xs: readonly Strength[]) => [...xs].sort((x, y) => x.value - y.value);
  const [sa, sb] = [sort(a), sort(b)];
  return sa.every((x, i) => {
    const y = sb[i]!;
    if (x.unit === null || y.unit === null) {
      // a bare "200" of a syrup is its strength per 5 ml ("Azithral 200" = 200 mg/5 ml = 40 mg/ml)
      const perMl = x.unit?.endsWith('/ml') ? x : y.unit?.endsWith('/ml') ? y : null;
      const bare = perMl === x ? y : x;
      return x.value === y.value || (perMl !== null && round(perMl.value * 5) === bare.value);
    }
    return x.value === y.value && x.unit === y.unit;
  });
}

/** Same pack, or one of the two does not say: a sealed container ("1 bottle") and a volume say nothing against each other. */
export function packAgreement(a: Pack | null, b: Pack | null): 'SAME' | 'UNKNOWN' | 'DIFFERENT' {
  if (!a || !b) return 'UNKNOWN';
  if (a.unit === b.unit) return a.count === b.count ? 'SAME' : 'DIFFERENT';
  const measured = (p: Pack) => p.unit === 'unit' || p.unit === 'ml' || p.unit === 'g';
  if (measured(a) && measured(b) && a.unit !== 'unit' && b.unit !== 'unit') return 'DIFFERENT';
  return 'UNKNOWN';
}

export const describePack = (p: Pack | null) => (p ? `${p.count}${p.unit === 'unit' ? '' : ` ${p.unit}`}` : '—');
export const describeStrengths = (s: readonly Strength[]) => s.map(strengthText).join('/') || 'no strength';
