import { lookupPincode, PINCODE_PLACES } from '../../data/pincodes';
import { haversineKm } from '../search/text';

/*
 * A PIN-to-PIN road distance estimate for Part A's "approximate distance" (whole km). The e-way bill portal's own
 * PIN-to-PIN distance is the authority: it accepts what the user enters up to 10 % above its figure (and at most 100 km
 * between two places with the same PIN), so this is only a starting value the user corrects when generating
 * (GenerateEwayBill.distanceKm). It is never below 1 km and never above the portal's 4,000 km.
 *
 * With coordinates at both ends (given by the caller, or the pincode dataset's office for that PIN, or the centre of
 * the dataset's offices in the same 3-digit sorting district) it is the great-circle distance times ROAD_FACTOR,
 * rounded up. Without them, a stated rough rule on the PIN digits (the first digit is the postal zone, the first two
 * the circle/region, the first three the sorting district).
 */

/** Roads are longer than the straight line; ~1.3 is a common detour factor for Indian roads (an estimate, not a rule). */
export const ROAD_FACTOR = 1.3;
/** The portal's upper bound on the approximate distance. */
export const MAX_DISTANCE_KM = 4000;

/** The rough rule when no coordinates are known for one end, nearest first. */
export const ROUGH_DISTANCE_KM = {
  /** Same PIN: across one post office's area. */
  samePin: 5,
  /** Same sorting district (first 3 digits). */
  sameDistrict: 15,
  /** Same postal region (first 2 digits), usually one state or part of one. */
  sameRegion: 150,
  /** Same postal zone (first digit), a few neighbouring states. */
  sameZone: 500,
  /** Different zones. */
  otherZone: 1200,
} as const;

export interface Point {
  latitude: number;
  longitude: number;
}

export interface DistanceEstimate {
  km: number;
  /** How it was reached, for the user who corrects it. */
  basis: 'COORDINATES' | 'PIN_DIGITS';
}

const DISTRICT_CENTRES: ReadonlyMap<string, Point> = (() => {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const p of PINCODE_PLACES) {
    const key = p.pincode.slice(0, 3);
    const s = sums.get(key) ?? { lat: 0, lng: 0, n: 0 };
    sums.set(key, { lat: s.lat + p.latitude, lng: s.lng + p.longitude, n: s.n + 1 });
  }
  return new Map([...sums].map(([key, s]) => [key, { latitude: s.lat / s.n, longitude: s.lng / s.n }]));
})();

/** Where a PIN is: its own office in the dataset, else the centre of its sorting district's offices. */
function locate(pincode: string): { point: Point; exact: boolean } | null {
  const place = lookupPincode(pincode);
  if (place) return { point: place, exact: true };
  const centre = DISTRICT_CENTRES.get(pincode.slice(0, 3));
  return centre ? { point: centre, exact: false } : null;
}

const clamp = (km: number) => Math.min(MAX_DISTANCE_KM, Math.max(1, km));

export function estimateRoadDistanceKm(input: { fromPincode: string; toPincode: string; from?: Point | null; to?: Point | null }): DistanceEstimate {
  const { fromPincode, toPincode } = input;
  if (fromPincode === toPincode && !(input.from && input.to)) return { km: ROUGH_DISTANCE_KM.samePin, basis: 'PIN_DIGITS' };
  const a = input.from ? { point: input.from, exact: true } : locate(fromPincode);
  const b = input.to ? { point: input.to, exact: true } : locate(toPincode);
  // Two district centres of one district say nothing about the distance inside it.
  const sameCentre = a && b && !a.exact && !b.exact && fromPincode.slice(0, 3) === toPincode.slice(0, 3);
  if (a && b && !sameCentre) {
    const straight = haversineKm(a.point.latitude, a.point.longitude, b.point.latitude, b.point.longitude);
    return { km: clamp(Math.ceil(straight * ROAD_FACTOR)), basis: 'COORDINATES' };
  }
  const shared = (n: number) => fromPincode.slice(0, n) === toPincode.slice(0, n);
  const km = shared(3) ? ROUGH_DISTANCE_KM.sameDistrict : shared(2) ? ROUGH_DISTANCE_KM.sameRegion : shared(1) ? ROUGH_DISTANCE_KM.sameZone : ROUGH_DISTANCE_KM.otherZone;
  return { km, basis: 'PIN_DIGITS' };
}
