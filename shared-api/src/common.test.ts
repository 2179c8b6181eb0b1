import { AmountPaise, ExpiryDate, Id, IsoDate, MAX_QUANTITY, Month, Quantity, Timestamp, UnitPricePaise } from './common';

/** Issue 33: the bounded primitives every contract uses, so screens and the API refuse the same values. */
const today = new Date().toISOString().slice(0, 10);
const yearsAhead = (n: number, days = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, values: unknown[]) => values.filter((v) => !schema.safeParse(v).success);
const refuses = (schema: { safeParse: (v: unknown) => { success: boolean } }, values: unknown[]) => values.filter((v) => schema.safeParse(v).success);

describe('bounded contract primitives', () => {
  it('dates are calendar days from 2000-01-01 to a year ahead (expiry dates 20 years ahead)', () => {
    expect(accepts(IsoDate, ['2000-01-01', '2024-02-29', today, yearsAhead(1)])).toEqual([]);
    expect(refuses(IsoDate, ['2026-13-01', '2026-02-30', '2025-02-29', '9999-12-31', '0001-01-01', '1999-12-31', yearsAhead(1, 1), '2026-1-01', ''])).toEqual([]);
    expect(accepts(ExpiryDate, ['2028-01-31', yearsAhead(20)])).toEqual([]);
    expect(refuses(ExpiryDate, ['9999-12-31', yearsAhead(20, 1), '2026-13-01'])).toEqual([]);
    expect(IsoDate.safeParse('9999-12-31').error?.issues[0]?.message).toBe('Must not be more than a year from today');
    expect(accepts(Month, ['2000-01', today.slice(0, 7)])).toEqual([]);
    expect(refuses(Month, ['9999-12', '0001-01', '2026-13'])).toEqual([]);
    expect(accepts(Timestamp, [new Date().toISOString(), '2026-11-22T10:00:00+05:30'])).toEqual([]);
    expect(refuses(Timestamp, ['9999-12-31T00:00:00Z', '0001-01-01T00:00:00Z', 'yesterday'])).toEqual([]);
  });

  it('paise are whole, not negative, within their column and a realistic bound; quantities fit an integer column', () => {
    expect(accepts(UnitPricePaise, [0, 1, 1_000_000_000])).toEqual([]);
    expect(refuses(UnitPricePaise, [-1, 0.5, 1_000_000_001, 2 ** 31, 1e20, Number.NaN, '100'])).toEqual([]);
    expect(accepts(AmountPaise, [0, 10_000_000_000])).toEqual([]);
    expect(refuses(AmountPaise, [-1, 0.5, 10_000_000_001, 1e20])).toEqual([]);
    expect(UnitPricePaise.safeParse(2 ** 31).error?.issues[0]?.message).toBe('At most ₹1,00,00,000');
    expect(accepts(Quantity, [0, MAX_QUANTITY])).toEqual([]);
    expect(refuses(Quantity, [-1, 0.5, MAX_QUANTITY + 1, 2 ** 31])).toEqual([]);
  });

  it('ids are UUIDs', () => {
    expect(accepts(Id, ['00000000-0000-4000-8000-000000000000'])).toEqual([]);
    expect(refuses(Id, ['not-a-uuid', 'party-1', '', 'a\ud800b'])).toEqual([]);
  });
});
