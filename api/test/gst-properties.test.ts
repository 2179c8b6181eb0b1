import fc from 'fast-check';
import { amountInWords, documentTotals, formatPaise, lineAmounts, numberInWords } from 'shared-api';
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
