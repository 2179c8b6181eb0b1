import type { Kysely } from 'kysely';
import type { Market } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';

/*
 * Service areas (delivery_markets, migration 021): a place is in a market when its pincode starts with one of the
 * market's prefixes. A delivery boy only carries goods within one market; anything else is outstation (E0061): the
 * seller dispatches it by its own transport or a courier (issue 39), and the buyer is warned at the cart.
 */

export async function listMarkets(db: Kysely<DB>): Promise<Market[]> {
  const rows = await db.selectFrom('delivery_markets').selectAll().orderBy('name').execute();
  return rows.map((m) => ({ id: m.id, name: m.name, city: m.city, state: m.state, pincodePrefixes: m.pincode_prefixes }));
}

/** The market a pincode lies in, or null (no pincode, or outside every market). */
export function marketOf(markets: readonly Market[], pincode: string | null | undefined): Market | null {
  if (!pincode) return null;
  return markets.find((m) => m.pincodePrefixes.some((p) => pincode.startsWith(p))) ?? null;
}

/** Why two places cannot be served by one delivery boy, or null when they share a market. */
export function outstationReason(markets: readonly Market[], from: { name: string; pincode: string | null }, to: { name: string; pincode: string | null }): string | null {
  const a = marketOf(markets, from.pincode);
  const b = marketOf(markets, to.pincode);
  if (!a) return from.pincode ? `${from.name} (${from.pincode}) is outside our delivery markets` : `${from.name} has no pincode on record`;
  if (!b) return to.pincode ? `${to.name} (${to.pincode}) is outside our delivery markets` : `${to.name} has no pincode on record`;
  if (a.id !== b.id) return `${from.name} is in ${a.name} and ${to.name} in ${b.name}: outstation, our delivery boys do not carry it: dispatch it by transport or courier`;
  return null;
}

/**
 * The cart's warning (issue 39) when a seller cannot deliver to the buyer by our delivery boys, or null when it can:
 * "Agarwal Pharma (Pune) cannot deliver to you by Medico delivery: they will dispatch by courier or transport".
 */
export function cartDeliveryWarning(markets: readonly Market[], seller: { name: string; city: string | null; pincode: string | null }, buyer: { name: string; pincode: string | null }): string | null {
  if (!outstationReason(markets, seller, buyer)) return null;
  const place = marketOf(markets, seller.pincode)?.city ?? seller.city;
  return `${seller.name}${place ? ` (${place})` : ''} cannot deliver to you by Medico delivery: they will dispatch by courier or transport`;
}

/** The shared market of both ends, or E0061 with the reason. */
export function sameMarket(markets: readonly Market[], from: { name: string; pincode: string | null }, to: { name: string; pincode: string | null }): Market {
  const why = outstationReason(markets, from, to);
  if (why) throw new AppError('E0061', 422, why);
  return marketOf(markets, from.pincode)!;
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle km between two points, to 0.1 km; null when either has no coordinates. */
export function distanceKm(a: { latitude: number | null; longitude: number | null }, b: { latitude: number | null; longitude: number | null }): number | null {
  if (a.latitude == null || a.longitude == null || b.latitude == null || b.longitude == null) return null;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_KM * Math.asin(Math.sqrt(h)) * 10) / 10;
}
