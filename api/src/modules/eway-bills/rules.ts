import type { Kysely } from 'kysely';
import type { EwayBillRequirement } from 'shared-api';
import type { DB } from '../../db/types';

/*
 * TEMPORARY seam until the ewb-format branch lands requirement.ts, distance.ts and validity.ts: the flow calls these
 * three functions only, so the merge replaces their bodies with calls into those files.
 */

export interface MoveFacts {
  valuePaise: number;
  fromStateCode: string;
  toStateCode: string;
  fromPincode: string | null;
  toPincode: string | null;
}

export async function requirementOf(_db: Kysely<DB>, move: MoveFacts, _on: Date): Promise<Omit<EwayBillRequirement, 'estimatedDistanceKm'>> {
  const inter = move.fromStateCode !== move.toStateCode;
  const thresholdPaise = inter ? 5_000_000 : 10_000_000;
  return { needed: move.valuePaise > thresholdPaise, valuePaise: move.valuePaise, thresholdPaise, rule: inter ? 'Inter-state above ₹50,000' : 'Inside the state above ₹1,00,000', source: 'placeholder' };
}

export function estimatedDistanceKm(_fromPincode: string | null, _toPincode: string | null, straightKm: number | null): number {
  return Math.max(1, Math.ceil((straightKm ?? 10) * 1.3));
}

export function extensionWindow(validUntil: Date): { from: Date; until: Date } {
  const h = 8 * 60 * 60 * 1000;
  return { from: new Date(validUntil.getTime() - h), until: new Date(validUntil.getTime() + h) };
}
