/*
 * Money and GST rules: the one place they live (ARCHITECTURE.md decision 8). The API prices orders, invoices,
 * credit notes, quotations and purchase bills with these functions; screens use them for previews. Plain functions
 * without zod, like identifiers.ts. Worked examples: gst.test.ts.
 *
 * - Money is integer paise; quantities are integer units; rates are basis points (500 = 5 %).
 * - A line: gross = quantity × rate (PTR); the percent discount (rounded half up to the paisa) and then the amount
 *   discount come off the gross; what is left is the taxable value. Free quantity carries no value (it is shown,
 *   never charged or taxed).
 * - Tax is worked out per line and rounded half up to the paisa. Inside one state (supplier's state = place of
 *   supply) a line pays CGST and SGST, each at half the rate and each rounded on its own, so CGST always equals
 *   SGST (GSTR-1 and the e-invoice schema expect equal halves): there is no odd paisa to share out. Their sum can be
 *   one paisa more than the IGST the same line would pay between states (5 % of ₹1.01: IGST 5 p, CGST 3 p + SGST 3 p).
 *   Between states a line pays IGST at the full rate.
 * - The document total is rounded to the rupee (half up: 50 p goes up) and the difference is its own round-off line.
 */

export type SupplyKind = 'INTRA' | 'INTER';

const BP = 10_000n;

/** num / den rounded half up, for num ≥ 0 and den > 0 (exact: BigInt, no floating point). */
function divHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

function nonNegativeInt(name: string, value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0 (got ${value})`);
  return BigInt(value);
}

/** What a line is sold at; everything in paise, units or basis points. */
export interface LineInput {
  /** Charged units. */
  quantity: number;
  /** Units given free (scheme "10 + 1"): no value, no tax. */
  freeQuantity?: number;
  /** Price per unit before discount (the PTR on a wholesale invoice). */
  ratePaise: number;
  /** Percent discount in basis points (1000 = 10 %), taken first. */
  discountBp?: number;
  /** Amount discount on the whole line, taken after the percent. */
  discountPaise?: number;
  /** GST rate of the line's HSN on the document date. */
  gstRateBp: number;
}

export interface LineAmounts {
  grossPaise: number;
  /** Percent and amount discount together. */
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** CGST + SGST + IGST. */
  taxPaise: number;
  /** Taxable value + tax. */
  totalPaise: number;
}

/** One line's money (see the rules at the top of this file). Throws RangeError on input no document can carry. */
export function lineAmounts(line: LineInput, supply: SupplyKind): LineAmounts {
  const quantity = nonNegativeInt('quantity', line.quantity);
  nonNegativeInt('freeQuantity', line.freeQuantity ?? 0);
  const rate = nonNegativeInt('ratePaise', line.ratePaise);
  const discountBp = nonNegativeInt('discountBp', line.discountBp ?? 0);
  const discountAmount = nonNegativeInt('discountPaise', line.discountPaise ?? 0);
  const gstRate = nonNegativeInt('gstRateBp', line.gstRateBp);
  if (discountBp > BP) throw new RangeError('discountBp must be at most 10000 (100 %)');
  const gross = quantity * rate;
  const discount = divHalfUp(gross * discountBp, BP) + discountAmount;
  if (discount > gross) throw new RangeError('the discount is more than the line is worth');
  const taxable = gross - discount;
  const half = supply === 'INTRA' ? divHalfUp(taxable * gstRate, 2n * BP) : 0n;
  const igst = supply === 'INTER' ? divHalfUp(taxable * gstRate, BP) : 0n;
  const tax = 2n * half + igst;
  return {
    grossPaise: Number(gross),
    discountPaise: Number(discount),
    taxablePaise: Number(taxable),
    cgstPaise: Number(half),
    sgstPaise: Number(half),
    igstPaise: Number(igst),
    taxPaise: Number(tax),
    totalPaise: Number(taxable + tax),
  };
}

export interface DocumentTotals extends Omit<LineAmounts, 'totalPaise'> {
  /** Sum of the lines' totals (taxable value + tax) before rounding to the rupee. */
  beforeRoundOffPaise: number;
  /** Whole rupees minus beforeRoundOff: −49 … +50 paise, printed as its own line. */
  roundOffPaise: number;
  /** What the party pays: whole rupees. */
  totalPaise: number;
}

/** Rounds an amount of paise to the nearest rupee, 50 paise up. */
export function roundToRupee(paise: number): number {
  const p = nonNegativeInt('paise', paise);
  return Number(divHalfUp(p, 100n) * 100n);
}

/** Totals of priced lines: sums, then the round-off to the rupee. */
export function documentTotals(lines: readonly LineAmounts[]): DocumentTotals {
  const sum = (key: keyof LineAmounts) => lines.reduce((s, l) => s + l[key], 0);
  const beforeRoundOff = sum('totalPaise');
  const total = roundToRupee(beforeRoundOff);
  return {
    grossPaise: sum('grossPaise'),
    discountPaise: sum('discountPaise'),
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    taxPaise: sum('taxPaise'),
    beforeRoundOffPaise: beforeRoundOff,
    roundOffPaise: total - beforeRoundOff,
    totalPaise: total,
  };
}

/** Prices every line of a document and totals it: what invoices, credit notes, quotations and bills all do. */
export function priceDocument<L extends LineInput>(lines: readonly L[], supply: SupplyKind): { lines: (L & LineAmounts)[]; totals: DocumentTotals } {
  const priced = lines.map((l) => ({ ...l, ...lineAmounts(l, supply) }));
  return { lines: priced, totals: documentTotals(priced) };
}

// ---- States: GST state codes (the first two digits of a GSTIN) ----

/** GST state and union-territory codes. 25 (Daman and Diu) merged into 26 in 2020; 28 is pre-2014 Andhra Pradesh. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Old and everyday spellings an address may carry. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  'new delhi': '07',
  'nct of delhi': '07',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
  'andaman and nicobar': '35',
};

const CODE_BY_NAME = new Map<string, string>([
  ...Object.entries(GST_STATES).map(([code, name]) => [nameKey(name), code] as [string, string]),
  ...Object.entries(STATE_ALIASES),
]);

/** The state code of a state's name as addresses write it ("Maharashtra", "Jammu & Kashmir", "Orissa"); null if unknown. */
export function stateCodeOfName(name: string | null | undefined): string | null {
  return name ? (CODE_BY_NAME.get(nameKey(name)) ?? null) : null;
}

/** A party's state: the GSTIN's first two digits when it has one, else its address's state; null if neither says. */
export function stateCodeOf(party: { gstin?: string | null; state?: string | null }): string | null {
  const fromGstin = party.gstin?.slice(0, 2);
  if (fromGstin && GST_STATES[fromGstin]) return fromGstin;
  return stateCodeOfName(party.state);
}

/** CGST + SGST inside one state, IGST across states (place of supply = where the goods are delivered). */
export function supplyKind(supplierStateCode: string, placeOfSupplyCode: string): SupplyKind {
  return supplierStateCode === placeOfSupplyCode ? 'INTRA' : 'INTER';
}

// ---- Amount in words, Indian system (thousand, lakh, crore) ----

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** 12345678 → "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight"; 0 → "Zero". */
export function numberInWords(n: number): string {
  nonNegativeInt('n', n);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(n % 1000),
  ]
    .filter(Boolean)
    .join(' ');
}

/** 12345678 paise → "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only". */
export function amountInWords(paise: number): string {
  nonNegativeInt('paise', paise);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** "1,23,456.78": Indian digit grouping, two decimals, no currency sign (PDF fonts lack ₹; screens use shared-ui). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const grouped = rupees.length > 3 ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${rupees.slice(-3)}` : rupees;
  return `${sign}${grouped}.${String(abs % 100).padStart(2, '0')}`;
}
