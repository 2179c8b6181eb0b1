import { CreateSalesReturn, creditRatePaise } from './returns';

describe('credit rate of an expiry return (PTR × agreed percent)', () => {
  it('rounds half up to the paisa', () => {
    // ₹27.57 × 80 % = ₹22.056 → ₹22.06; × 50 % = ₹13.785 → ₹13.79; ₹27.55 × 80 % = ₹22.04 exactly.
    expect(creditRatePaise(2757, 8000)).toBe(2206);
    expect(creditRatePaise(2757, 5000)).toBe(1379);
    expect(creditRatePaise(2755, 8000)).toBe(2204);
    expect(creditRatePaise(1, 5000)).toBe(1);
    expect(creditRatePaise(1, 4999)).toBe(0);
    expect(creditRatePaise(2757, 10_000)).toBe(2757);
  });

  it('refuses percentages outside 0.01 %–100 % and bad rates', () => {
    for (const [rate, bp] of [[100, 0], [100, 10_001], [-1, 8000], [1.5, 8000]] as const) expect(() => creditRatePaise(rate, bp)).toThrow(RangeError);
  });

  it('accepts a return only with units, each invoice line once', () => {
    const line = { invoicePosition: 1, quantity: 1, reason: 'EXPIRED', destination: 'NON_SALEABLE', creditPercentBp: 8000 } as const;
    const invoiceId = '7f1c1f9e-8d7a-4c57-9b2f-2f0f6f0a1c11';
    expect(CreateSalesReturn.safeParse({ invoiceId, lines: [line] }).success).toBe(true);
    expect(CreateSalesReturn.safeParse({ invoiceId, lines: [{ ...line, quantity: 0 }] }).success).toBe(false);
    expect(CreateSalesReturn.safeParse({ invoiceId, lines: [{ ...line, quantity: 0, freeQuantity: 2 }] }).success).toBe(true);
    expect(CreateSalesReturn.safeParse({ invoiceId, lines: [line, line] }).success).toBe(false);
  });
});
