import fc from 'fast-check';
import { creditNoteTotals, documentTotals, lineAmounts, returnedLineAmounts, type LineAmounts, type SupplyKind } from 'shared-api';

/*
 * Returns of an invoice, however split over credit notes, credit exactly what the invoice charged (issue 32): the
 * pricing rules of shared-api/src/returns.ts, over any invoice line and any split of a full return.
 */

const lineArb = fc
  .record({ quantity: fc.integer({ min: 1, max: 500 }), ratePaise: fc.integer({ min: 0, max: 200_000 }), discountBp: fc.integer({ min: 0, max: 10_000 }), gstRateBp: fc.constantFrom(0, 500, 1200, 1800, 2800) })
  .map((l) => ({ ...l, discountPaise: Math.floor((l.quantity * l.ratePaise * l.discountBp) / 10_000) }));

/** A split of `n` units into parts of at least one. */
const splitArb = (n: number) => fc.array(fc.integer({ min: 1, max: n }), { minLength: 1, maxLength: 8 }).map((cuts) => [...new Set(cuts.filter((c) => c < n))].sort((a, b) => a - b).map((c, i, all) => c - (all[i - 1] ?? 0)).concat(n - Math.max(0, ...cuts.filter((c) => c < n))));

describe('credit notes of a full return, however split', () => {
  it('credit each line its taxable value and tax to the paisa, and the invoice its total', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 4 }), fc.constantFrom<SupplyKind>('INTRA', 'INTER'), fc.integer({ min: 0, max: 1000 }), (lines, supply, seed) => {
        const invoiceLines = lines.map((l) => lineAmounts({ quantity: l.quantity, ratePaise: l.ratePaise, discountPaise: l.discountPaise, gstRateBp: l.gstRateBp }, supply));
        const invoice = documentTotals(invoiceLines);
        // Each line's split, notes taking the lines' parts in turn (a note carries the next part of every line that has one).
        const splits = lines.map((l, i) => fc.sample(splitArb(l.quantity), { seed: seed + i, numRuns: 1 })[0]!);
        const returned = lines.map(() => 0);
        const earlier = { beforeRoundOffPaise: 0, totalPaise: 0 };
        const credited: LineAmounts[] = lines.map(() => ({ grossPaise: 0, discountPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 }));
        for (let note = 0; note < Math.max(...splits.map((s) => s.length)); note++) {
          const noteLines: LineAmounts[] = [];
          lines.forEach((l, i) => {
            const q = splits[i]![note];
            if (!q) return;
            const a = returnedLineAmounts(l, { returnedBefore: returned[i]!, quantity: q, creditPercentBp: 10_000 }, supply);
            returned[i]! += q;
            for (const k of Object.keys(credited[i]!) as (keyof LineAmounts)[]) credited[i]![k] += a[k];
            expect(a.discountPaise).toBeGreaterThanOrEqual(0);
            expect(a.taxablePaise).toBeGreaterThanOrEqual(0);
            noteLines.push(a);
          });
          const totals = creditNoteTotals(noteLines, earlier);
          expect(totals.roundOffPaise).toBeGreaterThanOrEqual(-99);
          expect(totals.roundOffPaise).toBeLessThanOrEqual(99);
          expect(totals.totalPaise % 100).toBe(0);
          earlier.beforeRoundOffPaise += totals.beforeRoundOffPaise;
          earlier.totalPaise += totals.totalPaise;
        }
        expect(credited).toEqual(invoiceLines);
        expect(earlier.totalPaise).toBe(invoice.totalPaise);
      }),
      { numRuns: 300 },
    );
  });
});
