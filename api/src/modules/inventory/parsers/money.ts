/**
 * Money as billing software writes it: "₹1,23,456.50", "Rs. 45", "45.00", 45 → integer paise (null: not money).
 * Indian and international digit grouping both work because every comma is dropped.
 */
export function parsePaise(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  const text = String(value).trim().replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/,/g, '').replace(/\s*\/-$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** A count: "1,200", 1200, "1200.0". Non-whole numbers come back as they are so validation can name them. */
export function parseNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value).trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** GST percent "12", "12%", "5.0" → basis points (1200); null when absent or not a number. */
export function parseGstBp(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = parseNumber(typeof value === 'string' ? value.replace('%', '') : value);
  return n === null ? null : Math.round(n * 100);
}
