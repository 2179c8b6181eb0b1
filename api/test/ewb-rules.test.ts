import { sql } from 'kysely';
import { EWB_EXPIRY_WARNING_HOURS, GST_STATES } from 'shared-api';
import { estimateRoadDistanceKm, MAX_DISTANCE_KM, ROAD_FACTOR, ROUGH_DISTANCE_KM } from '../src/modules/eway-bills/distance';
import { ewayBillRequirement, rupees } from '../src/modules/eway-bills/requirement';
import { cancellableUntil, expiresSoon, extensionWindow, isExpired, mayCancel, mayExtend, validityDays, validUntil } from '../src/modules/eway-bills/validity';
import { haversineKm } from '../src/modules/search/text';
import { build } from './helpers';

/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const LAKH = 10_000_000; // ₹1,00,000 in paise
const FIFTY_K = 5_000_000;

describe('e-way bill requirement (reference data, migration 045)', () => {
  const t = build();
  const on = '2026-11-22';
  const need = (fromStateCode: string, toStateCode: string, valuePaise: number, day = on) =>
    ewayBillRequirement(t.db, { fromStateCode, toStateCode, valuePaise, on: day, fromPincode: '400001', toPincode: '411001' });

  it('has a cited row for every state and union territory', async () => {
    const { rows } = await sql<{ state_code: string; source: string }>`SELECT DISTINCT state_code, source FROM eway_bill_thresholds`.execute(t.db);
    const codes = new Set(rows.map((r) => r.state_code));
    for (const code of Object.keys(GST_STATES).filter((c) => c !== '99')) expect(codes).toContain(code);
    for (const r of rows) expect(r.source).toMatch(/\w{6,}/);
  });

  it('between states: needed above ₹50,000 (rule 138(1)), not at it', async () => {
    expect(await need('27', '24', FIFTY_K + 1)).toMatchObject({ needed: true, thresholdPaise: FIFTY_K, valuePaise: FIFTY_K + 1 });
    const at = await need('27', '24', FIFTY_K);
    expect(at).toMatchObject({ needed: false, thresholdPaise: FIFTY_K });
    expect(at.rule).toBe('Between states (Maharashtra to Gujarat): consignments above ₹50,000 need one');
    expect(at.source).toContain('r.138(1)');
    // A ₹1,00,000 state's own limit is for moves inside it only.
    expect(await need('07', '09', 60_000_00)).toMatchObject({ needed: true, thresholdPaise: FIFTY_K });
  });

  it.each([
    ['Maharashtra', '27', LAKH, '15E/2018'],
    ['Delhi', '07', LAKH, '03/2018'],
    ['Tamil Nadu', '33', LAKH, '31.05.2018'],
    ['Rajasthan', '08', LAKH, 'ACCT/GST'],
    ['West Bengal', '19', FIFTY_K, '02/2023'],
    ['Karnataka', '29', FIFTY_K, 'default'],
  ])('inside %s: needed above its own limit', async (name, code, threshold, cited) => {
    const below = await need(code, code, threshold);
    expect(below).toMatchObject({ needed: false, thresholdPaise: threshold });
    expect(below.rule).toContain(`${name}: moves inside the state above ${rupees(threshold)} need one`);
    expect(below.source).toContain(cited);
    expect(await need(code, code, threshold + 1)).toMatchObject({ needed: true, thresholdPaise: threshold });
  });

  it('₹80,000 inside Maharashtra needs none; the same goods to Gujarat need one', async () => {
    expect((await need('27', '27', 80_000_00)).needed).toBe(false);
    expect((await need('27', '24', 80_000_00)).needed).toBe(true);
  });

  it('follows the date: West Bengal was ₹1,00,000 until 30 Nov 2023, ₹50,000 from 1 Dec 2023', async () => {
    expect(await need('19', '19', 80_000_00, '2023-11-30')).toMatchObject({ needed: false, thresholdPaise: LAKH });
    expect(await need('19', '19', 80_000_00, '2023-12-01')).toMatchObject({ needed: true, thresholdPaise: FIFTY_K });
    // An instant is read as its day in India: 30 Nov 2023 19:00 UTC is 1 Dec in India.
    const r = await ewayBillRequirement(t.db, { fromStateCode: '19', toStateCode: '19', valuePaise: 80_000_00, on: new Date('2023-11-30T19:00:00Z') });
    expect(r.thresholdPaise).toBe(FIFTY_K);
  });

  it('a state that requires none inside it (Jammu and Kashmir) answers not needed with no threshold', async () => {
    const r = await need('01', '01', 5_00_000_00);
    expect(r).toMatchObject({ needed: false, thresholdPaise: null });
    expect(r.rule).toMatch(/^Jammu and Kashmir: moves inside it need none/);
    expect((await need('01', '03', FIFTY_K + 1)).needed).toBe(true);
  });

  it('with no rule on record asks for one to be safe', async () => {
    const r = await need('27', '27', 100, '2017-01-01');
    expect(r).toMatchObject({ needed: true, thresholdPaise: null });
    expect(r.rule).toMatch(/No e-way bill rule on record for Maharashtra/);
  });

  it('estimates the distance from the two PINs', async () => {
    const r = await need('27', '27', 1);
    expect(r.estimatedDistanceKm).toBe(estimateRoadDistanceKm({ fromPincode: '400001', toPincode: '411001' }).km);
    const noPins = await ewayBillRequirement(t.db, { fromStateCode: '27', toStateCode: '24', valuePaise: 1, on });
    expect(noPins.estimatedDistanceKm).toBe(ROUGH_DISTANCE_KM.otherZone);
  });
});

describe('PIN-to-PIN distance estimate', () => {
  it('from the offices’ coordinates: great-circle × road factor, rounded up (Mumbai GPO → Pune GPO)', () => {
    const straight = haversineKm(18.9398, 72.8355, 18.5204, 73.8567);
    expect(estimateRoadDistanceKm({ fromPincode: '400001', toPincode: '411001' })).toEqual({ km: Math.ceil(straight * ROAD_FACTOR), basis: 'COORDINATES' });
    expect(estimateRoadDistanceKm({ fromPincode: '400001', toPincode: '411001' }).km).toBeGreaterThan(140);
  });

  it('prefers coordinates the caller gives, and is never below 1 km', () => {
    const point = { latitude: 19.1136, longitude: 72.8697 };
    expect(estimateRoadDistanceKm({ fromPincode: '400069', toPincode: '400069', from: point, to: point })).toEqual({ km: 1, basis: 'COORDINATES' });
  });

  it('same PIN without coordinates: a few km', () => {
    expect(estimateRoadDistanceKm({ fromPincode: '400069', toPincode: '400069' })).toEqual({ km: ROUGH_DISTANCE_KM.samePin, basis: 'PIN_DIGITS' });
  });

  it('a PIN not in the dataset stands at its sorting district’s offices', () => {
    // 411045 is not in the dataset; 411xxx offices are in Pune.
    const km = estimateRoadDistanceKm({ fromPincode: '400001', toPincode: '411045' });
    expect(km.basis).toBe('COORDINATES');
    expect(km.km).toBeGreaterThan(140);
    expect(km.km).toBeLessThan(200);
    // Two unknown PINs of one district: the district rule.
    expect(estimateRoadDistanceKm({ fromPincode: '411045', toPincode: '411046' })).toEqual({ km: ROUGH_DISTANCE_KM.sameDistrict, basis: 'PIN_DIGITS' });
  });

  it('the rough rule on the PIN digits when no coordinates are known', () => {
    // 999xxx, 998xxx: no office in the dataset shares their districts.
    expect(estimateRoadDistanceKm({ fromPincode: '999001', toPincode: '999002' }).km).toBe(ROUGH_DISTANCE_KM.sameDistrict);
    expect(estimateRoadDistanceKm({ fromPincode: '999001', toPincode: '998001' }).km).toBe(ROUGH_DISTANCE_KM.sameRegion);
    expect(estimateRoadDistanceKm({ fromPincode: '999001', toPincode: '989001' }).km).toBe(ROUGH_DISTANCE_KM.sameZone);
    expect(estimateRoadDistanceKm({ fromPincode: '999001', toPincode: '899001' }).km).toBe(ROUGH_DISTANCE_KM.otherZone);
  });

  it('never above the portal’s 4,000 km', () => {
    const far = estimateRoadDistanceKm({ fromPincode: '1', toPincode: '2', from: { latitude: 8, longitude: 68 }, to: { latitude: 37, longitude: 97 } });
    expect(far.km).toBe(MAX_DISTANCE_KM);
  });
});

describe('validity (rule 138(10), 200 km a day since 1 Jan 2021)', () => {
  it.each([
    [1, 1],
    [199, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
    [3999, 20],
  ])('%i km → %i day(s)', (km, days) => {
    expect(validityDays(km)).toBe(days);
  });

  it('over-dimensional cargo: 20 km a day', () => {
    expect(validityDays(20, 'O')).toBe(1);
    expect(validityDays(21, 'O')).toBe(2);
    expect(validityDays(200, 'O')).toBe(10);
  });

  it('each day ends at midnight of the day after the start date (India time), shown as 23:59:59', () => {
    // Generated 10 Nov at 23:50: the first day runs to the end of 11 Nov, not 24 hours.
    expect(validUntil(ist('2026-11-10T23:50:00'), 199).toISOString()).toBe(ist('2026-11-11T23:59:59').toISOString());
    expect(validUntil(ist('2026-11-10T23:50:00'), 200).toISOString()).toBe(ist('2026-11-11T23:59:59').toISOString());
    expect(validUntil(ist('2026-11-10T23:50:00'), 201).toISOString()).toBe(ist('2026-11-12T23:59:59').toISOString());
    expect(validUntil(ist('2026-11-10T23:50:00'), 400).toISOString()).toBe(ist('2026-11-12T23:59:59').toISOString());
    // Just after midnight in India (still the day before in UTC) starts the new day.
    expect(validUntil(ist('2026-11-11T00:10:00'), 150).toISOString()).toBe(ist('2026-11-12T23:59:59').toISOString());
  });

  it('expires after its last second; warns within EWB_EXPIRY_WARNING_HOURS', () => {
    const until = ist('2026-11-11T23:59:59');
    expect(isExpired(until, until)).toBe(false);
    expect(isExpired(until, new Date(until.getTime() + 1000))).toBe(true);
    const warnFrom = new Date(until.getTime() - EWB_EXPIRY_WARNING_HOURS * 3_600_000);
    expect(expiresSoon(until, new Date(warnFrom.getTime() - 1000))).toBe(false);
    expect(expiresSoon(until, warnFrom)).toBe(true);
    expect(expiresSoon(until, until)).toBe(true);
    // Lapsed is expired, not "soon".
    expect(expiresSoon(until, new Date(until.getTime() + 1000))).toBe(false);
  });

  it('may be extended from 8 hours before to 8 hours after the end', () => {
    const until = ist('2026-11-11T23:59:59');
    expect(extensionWindow(until)).toEqual({ opens: ist('2026-11-11T15:59:59'), closes: ist('2026-11-12T07:59:59') });
    expect(mayExtend(until, ist('2026-11-11T15:59:58'))).toBe(false);
    expect(mayExtend(until, ist('2026-11-11T15:59:59'))).toBe(true);
    expect(mayExtend(until, ist('2026-11-12T07:59:59'))).toBe(true);
    expect(mayExtend(until, ist('2026-11-12T08:00:00'))).toBe(false);
  });

  it('may be cancelled within 24 hours of generation', () => {
    const at = ist('2026-11-10T10:00:00');
    expect(cancellableUntil(at)).toEqual(ist('2026-11-11T10:00:00'));
    expect(mayCancel(at, ist('2026-11-11T10:00:00'))).toBe(true);
    expect(mayCancel(at, ist('2026-11-11T10:00:01'))).toBe(false);
  });
});
