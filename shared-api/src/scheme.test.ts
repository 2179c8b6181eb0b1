import { nextSchemeStep, schemeFreeFor, schemeProblem } from './scheme';

describe('the scheme "buy N get M free"', () => {
  it('gives M free for each full N, only on whole sets', () => {
    expect([0, 9, 10, 15, 20, 30].map((q) => schemeFreeFor(q, 10, 1))).toEqual([0, 0, 1, 0, 2, 3]);
    expect(schemeFreeFor(10, null, null)).toBe(0);
    expect(schemeFreeFor(12, 6, 2)).toBe(4);
  });

  it('names the next quantity that qualifies', () => {
    expect(nextSchemeStep(8, 10, 1)).toEqual({ quantity: 10, freeQuantity: 1 });
    expect(nextSchemeStep(10, 10, 1)).toEqual({ quantity: 20, freeQuantity: 2 });
    expect(nextSchemeStep(15, 10, 1)).toEqual({ quantity: 20, freeQuantity: 2 });
    expect(nextSchemeStep(5, null, 1)).toBeNull();
  });

  it('accepts exactly what the quantity qualifies for (or no free), and names the nearest valid order otherwise', () => {
    expect(schemeProblem(10, 1, 10, 1)).toBeNull();
    expect(schemeProblem(15, 0, 10, 1)).toBeNull();
    expect(schemeProblem(15, 1, 10, 1)?.nearest).toEqual({ quantity: 10, freeQuantity: 1 });
    expect(schemeProblem(10, 2, 10, 1)?.nearest).toEqual({ quantity: 10, freeQuantity: 1 });
    expect(schemeProblem(5, 1, null, null)?.nearest).toEqual({ quantity: 6, freeQuantity: 0 });
  });
});
