import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Database } from '../src/db/database';

/* Shared by the payments, requests and billing tests. */

/** What a PNG QR code says, read the way a phone's camera would (jsQR over its pixels). */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** Σ debits = Σ credits in every unit's books. */
export async function booksBalance(db: Database) {
  const rows = await db.selectFrom('voucher_lines').select(['unit_id', (e) => e.fn.sum<number>('debit_paise').as('d'), (e) => e.fn.sum<number>('credit_paise').as('c')]).groupBy('unit_id').execute();
  for (const r of rows) expect(Number(r.d)).toBe(Number(r.c));
}
