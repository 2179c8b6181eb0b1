import { PINCODE_PLACES, lookupPincode } from '../src/data/pincodes';

/** Great-circle distance in km (the same haversine the nearby search runs in SQL). */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('pincode coordinates', () => {
  it('every office has a location inside India, with 4 decimals at most', () => {
    expect(PINCODE_PLACES.length).toBeGreaterThanOrEqual(100);
    const outside = PINCODE_PLACES.filter(
      (p) =>
        !(Number.isFinite(p.latitude) && Number.isFinite(p.longitude)) ||
        p.latitude < 6 ||
        p.latitude > 37.5 ||
        p.longitude < 68 ||
        p.longitude > 97.5 ||
        Math.round(p.latitude * 1e4) / 1e4 !== p.latitude ||
        Math.round(p.longitude * 1e4) / 1e4 !== p.longitude,
    );
    expect(outside.map((p) => p.pincode)).toEqual([]);
  });

  it('offices of one city lie within that city (no swapped or mistyped coordinates)', () => {
    const byCity = new Map<string, typeof PINCODE_PLACES>();
    for (const p of PINCODE_PLACES) byCity.set(p.city, [...(byCity.get(p.city) ?? []), p]);
    const stray = [...byCity.values()].flatMap((places) => places.filter((p) => km(p, places[0]!) > 30).map((p) => p.pincode));
    expect(stray).toEqual([]);
  });

  // Landmarks whose positions are well known, each within a couple of km of its head post office.
  it.each([
    ['110001', 'Connaught Place, New Delhi', 28.6315, 77.2167],
    ['400001', 'Chhatrapati Shivaji Maharaj Terminus, Mumbai', 18.9402, 72.8356],
    ['411001', 'Shaniwar Wada, Pune', 18.5195, 73.8553],
    ['600001', 'Chennai Central station', 13.0827, 80.275],
    ['700001', 'Writers’ Building, Kolkata', 22.5726, 88.3484],
    ['560001', 'Vidhana Soudha, Bengaluru', 12.9791, 77.5913],
    ['500001', 'Charminar, Hyderabad', 17.3616, 78.4747],
    ['380001', 'Bhadra Fort, Ahmedabad', 23.0246, 72.58],
    ['302001', 'Hawa Mahal, Jaipur', 26.9239, 75.8267],
    ['226001', 'Hazratganj, Lucknow', 26.8467, 80.9462],
    ['744101', 'Cellular Jail, Port Blair', 11.6747, 92.7477],
    ['194101', 'Leh Palace', 34.165, 77.5853],
  ])('%s lies within 15 km of %s', (pincode, _landmark, latitude, longitude) => {
    const place = lookupPincode(pincode)!;
    expect(km(place, { latitude, longitude })).toBeLessThan(15);
  });
});
