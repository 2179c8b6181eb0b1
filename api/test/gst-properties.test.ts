import fc from 'fast-check';
import { amountInWords, documentTotals, formatPaise, lineAmounts, numberInWords, type Gstr3b } from 'shared-api';
import { gstr3bPortalJson } from '../src/modules/gst-returns/gstr3b';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';
import { lineArb } from './ledger-fixtures';

/** Exact half-up division for the oracle (independent of gst.ts). */
const halfUp = (num: bigint, den: bigint) => {
  const q = num / den;
  return 2n * (num % den) >= den ? q + 1n : q;
};

describe('GST line rules hold for any line', () => {
  it('taxable = gross − discount; CGST = SGST = half-rate tax rounded half up; IGST at the full rate; free units change nothing', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const intra = lineAmounts(l, 'INTRA');
        const inter = lineAmounts(l, 'INTER');
        const taxable = BigInt(intra.taxablePaise);
        expect(intra.grossPaise).toBe(l.quantity * l.ratePaise);
        expect(intra.taxablePaise).toBe(intra.grossPaise - intra.discountPaise);
        expect(intra.taxablePaise).toBeGreaterThanOrEqual(0);
        expect(intra.cgstPaise).toBe(intra.sgstPaise);
        expect(BigInt(intra.cgstPaise)).toBe(halfUp(taxable * BigInt(l.gstRateBp), 20_000n));
        expect(BigInt(inter.igstPaise)).toBe(halfUp(taxable * BigInt(l.gstRateBp), 10_000n));
        expect(Math.abs(intra.taxPaise - inter.taxPaise)).toBeLessThanOrEqual(1);
        expect(intra.totalPaise).toBe(intra.taxablePaise + intra.taxPaise);
        expect(lineAmounts({ ...l, freeQuantity: 0 }, 'INTRA')).toEqual(intra);
      }),
      { numRuns: 2000 },
    );
  });

  it('a document total is whole rupees, within half a rupee of its lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.constantFrom('INTRA' as const, 'INTER' as const), (lines, supply) => {
        const amounts = lines.map((l) => lineAmounts(l, supply));
        const t = documentTotals(amounts);
        expect(t.beforeRoundOffPaise).toBe(amounts.reduce((s, a) => s + a.totalPaise, 0));
        expect(t.totalPaise % 100).toBe(0);
        expect(t.totalPaise - t.beforeRoundOffPaise).toBe(t.roundOffPaise);
        expect(t.roundOffPaise).toBeGreaterThanOrEqual(-49);
        expect(t.roundOffPaise).toBeLessThanOrEqual(50);
        expect(t.taxablePaise + t.taxPaise).toBe(t.beforeRoundOffPaise);
      }),
      { numRuns: 500 },
    );
  });
});

const WORDS: Record<string, number> = Object.fromEntries(
  ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen']
    .map((w, i) => [w, i] as [string, number])
    .concat(['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].map((w, i) => [w, (i + 2) * 10])),
);
const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };

/** Reads Indian-system words back into a number (the oracle for numberInWords). */
function readWords(text: string): number {
  let total = 0;
  let group = 0;
  for (const w of text.split(' ')) {
    if (w in WORDS) group += WORDS[w]!;
    else if (w === 'Hundred') group *= 100;
    else if (w === 'Crore') {
      total = (total + group) * SCALES.Crore!;
      group = 0;
    } else {
      total += group * SCALES[w]!;
      group = 0;
    }
  }
  return total + group;
}

describe('amount in words', () => {
  it('reads back to the same number of rupees and paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_99_99_99_999_99 }), (paise) => {
        const words = amountInWords(paise);
        const m = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(words);
        expect(m).not.toBeNull();
        expect(readWords(m![1]!) * 100 + (m![2] ? readWords(m![2]) : 0)).toBe(paise);
        expect(formatPaise(paise).replace(/,/g, '')).toBe((paise / 100).toFixed(2));
      }),
      { numRuns: 2000 },
    );
    expect(readWords(numberInWords(1_00_00_00_000))).toBe(1_00_00_00_000);
  });
});

describe('the GSTR-3B file follows the portal schema for any figures', () => {
  // Up to the portal's 13 digits of rupees, in paise; credit notes can turn outward figures negative.
  const paise = fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 });
  const positive = fc.integer({ min: 0, max: 999_999_999_999_999 });
  const figures = fc.record({ taxablePaise: paise, igstPaise: paise, cgstPaise: paise, sgstPaise: paise, cessPaise: fc.constant(0) });
  const month = fc.tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
  const gstr3b: fc.Arbitrary<Gstr3b> = fc.record({
    month,
    gstin: fc.constant('27AAJFA4821L1ZX'),
    outwardTaxable: figures,
    outwardNilExempt: figures,
    inwardReverseCharge: figures,
    interStateUnregistered: fc.array(fc.record({ placeOfSupply: fc.constantFrom('07', '24', '29', '33'), taxablePaise: paise, igstPaise: paise }), { maxLength: 4 }),
    itcAvailable: figures,
    itcReversed: figures,
    itcNet: figures,
    itcIneligible: figures,
    ineligibleBills: fc.constant([]),
    inwardNilExempt: fc.record({ interPaise: positive, intraPaise: positive }),
    payment: fc.constant([]),
  });

  it('every amount has at most two decimals, and 3.2 is there only before November 2025', () => {
    fc.assert(
      fc.property(gstr3b, (g) => {
        const file = gstr3bPortalJson(g);
        expect(portalFileErrors('GSTR-3B', file)).toEqual([]);
        expect('inter_sup' in file).toBe(g.month < '2025-11');
      }),
      { numRuns: 500 },
    );
    // A third decimal is refused.
    expect(portalFileErrors('GSTR-3B', { ...gstr3bPortalJson({ ...fc.sample(gstr3b, 1)[0]!, month: '2026-11' }), intr_ltfee: { intr_details: { iamt: 0.001, camt: 0, samt: 0, csamt: 0 } } })).toEqual([
      '/intr_ltfee/intr_details/iamt must pass "multipleOf" keyword validation',
    ]);
  });
});
