import { documentNumber, financialYear, financialYearRange } from './accounting';
import { amountInWords, formatPaise, lineAmounts, numberInWords, priceDocument, roundToRupee, stateCodeOf, stateCodeOfName, supplyKind } from './gst';

// Worked examples of the rules in gst.ts, figured by hand (₹ in the comments, paise in the code).
describe('a line', () => {
  it('intra-state 5 %: 12 × ₹47.25 = ₹567.00; CGST 2.5 % = ₹14.175 → ₹14.18, SGST the same', () => {
    expect(lineAmounts({ quantity: 12, ratePaise: 4725, gstRateBp: 500 }, 'INTRA')).toEqual({
      grossPaise: 56700,
      discountPaise: 0,
      taxablePaise: 56700,
      cgstPaise: 1418,
      sgstPaise: 1418,
      igstPaise: 0,
      taxPaise: 2836,
      totalPaise: 59536,
    });
  });

  it('inter-state 5 %: the same line pays IGST ₹28.35 (a paisa less than the two rounded halves)', () => {
    expect(lineAmounts({ quantity: 12, ratePaise: 4725, gstRateBp: 500 }, 'INTER')).toMatchObject({ taxablePaise: 56700, cgstPaise: 0, sgstPaise: 0, igstPaise: 2835, taxPaise: 2835, totalPaise: 59535 });
  });

  it('free goods carry no value: 10 + 1 free at ₹28.00 is taxed on ₹280.00', () => {
    const withFree = lineAmounts({ quantity: 10, freeQuantity: 1, ratePaise: 2800, gstRateBp: 1200 }, 'INTRA');
    expect(withFree).toEqual(lineAmounts({ quantity: 10, ratePaise: 2800, gstRateBp: 1200 }, 'INTRA'));
    expect(withFree).toMatchObject({ taxablePaise: 28000, cgstPaise: 1680, sgstPaise: 1680, totalPaise: 31360 });
    // Only free units: nothing to pay.
    expect(lineAmounts({ quantity: 0, freeQuantity: 5, ratePaise: 2800, gstRateBp: 1200 }, 'INTRA').totalPaise).toBe(0);
  });

  it('discount: 10 % then ₹5.00 off 100 × ₹12.34 leaves ₹1,105.60 taxable; 12 % → CGST ₹66.336 → ₹66.34', () => {
    expect(lineAmounts({ quantity: 100, ratePaise: 1234, discountBp: 1000, discountPaise: 500, gstRateBp: 1200 }, 'INTRA')).toEqual({
      grossPaise: 123400,
      discountPaise: 12840,
      taxablePaise: 110560,
      cgstPaise: 6634,
      sgstPaise: 6634,
      igstPaise: 0,
      taxPaise: 13268,
      totalPaise: 123828,
    });
    // A percent discount is itself rounded half up: 7.5 % of ₹123.45 = ₹9.25875 → ₹9.26.
    expect(lineAmounts({ quantity: 1, ratePaise: 12345, discountBp: 750, gstRateBp: 0 }, 'INTRA').discountPaise).toBe(926);
  });

  it('rounds each tax half up at exactly half a paisa', () => {
    // 18 % of ₹0.25 = 4.5 p → 5 p; 9 % of ₹0.50 = 4.5 p → 5 p each half.
    expect(lineAmounts({ quantity: 1, ratePaise: 25, gstRateBp: 1800 }, 'INTER').igstPaise).toBe(5);
    expect(lineAmounts({ quantity: 1, ratePaise: 50, gstRateBp: 1800 }, 'INTRA')).toMatchObject({ cgstPaise: 5, sgstPaise: 5 });
  });

  it('refuses what no document can carry', () => {
    expect(() => lineAmounts({ quantity: 1.5, ratePaise: 100, gstRateBp: 500 }, 'INTRA')).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: 1, ratePaise: -1, gstRateBp: 500 }, 'INTRA')).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: 1, ratePaise: 100, discountPaise: 101, gstRateBp: 500 }, 'INTRA')).toThrow('more than the line is worth');
    expect(() => lineAmounts({ quantity: 1, ratePaise: 100, discountBp: 10001, gstRateBp: 500 }, 'INTRA')).toThrow(RangeError);
  });
});

describe('a document', () => {
  it('12 % and 18 % lines inside Maharashtra: totals, and round-off −₹0.31 as its own line', () => {
    const { lines, totals } = priceDocument(
      [
        { quantity: 30, freeQuantity: 3, ratePaise: 2750, gstRateBp: 1200 },
        { quantity: 7, ratePaise: 13999, gstRateBp: 1800 },
      ],
      'INTRA',
    );
    // ₹825.00 at 12 %: ₹49.50 + ₹49.50. ₹979.93 at 18 %: 9 % = ₹88.1937 → ₹88.19 each.
    expect(lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.totalPaise])).toEqual([
      [82500, 4950, 4950, 92400],
      [97993, 8819, 8819, 115631],
    ]);
    expect(totals).toEqual({
      grossPaise: 180493,
      discountPaise: 0,
      taxablePaise: 180493,
      cgstPaise: 13769,
      sgstPaise: 13769,
      igstPaise: 0,
      taxPaise: 27538,
      beforeRoundOffPaise: 208031,
      roundOffPaise: -31,
      totalPaise: 208000,
    });
    expect(amountInWords(totals.totalPaise)).toBe('Rupees Two Thousand Eighty Only');
  });

  it('to another state: IGST, and the total rounds up to the rupee (50 paise and more go up)', () => {
    const { totals } = priceDocument([{ quantity: 1, ratePaise: 11857, gstRateBp: 1200 }], 'INTER');
    // ₹118.57 + 12 % ₹14.2284 → ₹14.23 = ₹132.80 → ₹133.00 (+₹0.20).
    expect(totals).toMatchObject({ igstPaise: 1423, beforeRoundOffPaise: 13280, roundOffPaise: 20, totalPaise: 13300 });
    expect(roundToRupee(12350)).toBe(12400);
    expect(roundToRupee(12349)).toBe(12300);
  });
});

describe('states and place of supply', () => {
  it('takes the state from the GSTIN first, else from the address', () => {
    expect(stateCodeOf({ gstin: '27AAJFA4821L1ZB', state: 'Gujarat' })).toBe('27');
    expect(stateCodeOf({ gstin: null, state: 'Gujarat' })).toBe('24');
    expect(stateCodeOf({ state: 'Jammu & Kashmir' })).toBe('01');
    expect(stateCodeOfName('Orissa')).toBe('21');
    expect(stateCodeOfName(' tamil nadu ')).toBe('33');
    expect(stateCodeOf({ state: 'Atlantis' })).toBeNull();
    expect(supplyKind('27', '27')).toBe('INTRA');
    expect(supplyKind('27', '24')).toBe('INTER');
  });
});

describe('amount in words (Indian system)', () => {
  it('reads lakh and crore, with paise', () => {
    expect(amountInWords(12345678)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(10_000_000_00)).toBe('Rupees One Crore Only');
    expect(numberInWords(1_234_567_890)).toBe('One Hundred Twenty Three Crore Forty Five Lakh Sixty Seven Thousand Eight Hundred Ninety');
    expect(numberInWords(100_010)).toBe('One Lakh Ten');
    expect(numberInWords(1_000_000_000_000)).toBe('One Lakh Crore');
  });

  it('formats paise with Indian grouping', () => {
    expect(formatPaise(12345678)).toBe('1,23,456.78');
    expect(formatPaise(123456789012)).toBe('1,23,45,67,890.12');
    expect(formatPaise(-31)).toBe('-0.31');
    expect(formatPaise(5)).toBe('0.05');
  });
});

describe('document numbers', () => {
  it('counts per financial year (April–March) and fits Rule 46 in 16 characters', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
    expect(financialYearRange('2026-27')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(documentNumber('INV', '2026-27', 123)).toBe('INV/26-27/000123');
    expect(documentNumber('QTN', '2026-27', 999999)).toHaveLength(16);
    expect(() => documentNumber('QTN', '2026-27', 1_000_000)).toThrow(RangeError);
  });
});
