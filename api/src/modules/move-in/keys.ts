import { sql } from 'kysely';
import type { Database } from '../../db/database';

/*
 * How the move-in tells one party or bill from another (migration 053): a party by its GSTIN, else by its name's
 * letters and digits; a bill by its party and its number's letters and digits.
 */

/** Lower case, letters and digits only: "Shah Sons" = "SHAH SONS", "M/s. Shah & Sons" ≠ "SHAH AND SONS". */
export function nameKey(name: string): string {
  const key = name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return key || name.trim().toLowerCase();
}

/** Upper case, letters and digits only: "INV/26-27/12" = "INV 26 27 12" (both sides' numbers compare this way). */
export function billKey(billNumber: string): string {
  const key = billNumber.normalize('NFKC').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  return key || billNumber.trim().toUpperCase();
}

/**
 * The units on the platform whose GSTIN (their latest registration's) is one of `gstins`, other than `ownUnitId`:
 * GSTIN → unit id.
 */
export async function unitsByGstin(db: Database, ownUnitId: string, gstins: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(gstins.map((g) => g.toUpperCase()))];
  if (!wanted.length) return new Map();
  const { rows } = await sql<{ unit_id: string; gstin: string }>`
    SELECT DISTINCT ON (r.unit_id) r.unit_id, upper(r.gstin) AS gstin
    FROM registrations r
    WHERE r.unit_id IS NOT NULL AND r.unit_id <> ${ownUnitId}::uuid
      AND r.unit_id IN (SELECT unit_id FROM registrations WHERE upper(gstin) = ANY(${wanted}::text[]))
    ORDER BY r.unit_id, r.created_at DESC`.execute(db);
  const found = new Map<string, string>();
  for (const r of rows) if (wanted.includes(r.gstin) && !found.has(r.gstin)) found.set(r.gstin, r.unit_id);
  return found;
}
