import { createEwbClient, EwbUnavailable, LocalEwb } from '../src/modules/eway-bills/ewb';
import { loadConfig } from '../src/config';
import { GSTIN, samplePayload } from './ewb-fixtures';
import { capturedLog } from './helpers';

/** An instant given in India time. */
const ist = (local: string) => new Date(`${local}+05:30`);

class Clock {
  constructor(public at: Date) {}
  readonly now = () => this.at;
  set(local: string) {
    this.at = ist(local);
  }
}

describe('local e-way bill system', () => {
  let clock: Clock;
  let ewb: LocalEwb;
  beforeEach(() => {
    clock = new Clock(ist('2026-11-10T23:50:00'));
    ewb = new LocalEwb(clock.now);
  });

  it('generates a 12-digit number with validity from Part B (530 km: 3 days, to midnight)', async () => {
    const r = await ewb.generate(GSTIN, samplePayload());
    expect(r).toMatchObject({ outcome: 'GENERATED', generatedAt: ist('2026-11-10T23:50:00'), validUntil: ist('2026-11-13T23:59:59') });
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    expect(r.ewbNumber).toMatch(/^1\d{11}$/);
  });

  it('refuses a second bill for the same document with the portal’s 604, and another GSTIN’s document', async () => {
    await ewb.generate(GSTIN, samplePayload());
    const again = await ewb.generate(GSTIN, samplePayload({ docNo: 'inv/26-27/0042' }));
    expect(again).toEqual({ outcome: 'REFUSED', code: '604', message: 'E-way bill(s) are already generated for the same document number, you cannot generate again on same document number' });
    expect(await ewb.generate(GSTIN, samplePayload({ docType: 'CHL' }))).toMatchObject({ outcome: 'GENERATED' });
    expect(await ewb.generate('24AAACR5055K1Z2', samplePayload())).toMatchObject({ outcome: 'REFUSED', code: '359' });
  });

  it('a cancelled bill’s document may have a new one', async () => {
    const first = await ewb.generate(GSTIN, samplePayload());
    if (first.outcome !== 'GENERATED') throw new Error('not generated');
    expect(await ewb.cancel(GSTIN, { ewbNumber: first.ewbNumber, reasonCode: '2', remark: 'Order cancelled' })).toMatchObject({ outcome: 'CANCELLED' });
    expect(await ewb.generate(GSTIN, samplePayload())).toMatchObject({ outcome: 'GENERATED' });
  });

  it('without Part B has no validity until the first vehicle; a later vehicle keeps it', async () => {
    const r = await ewb.generate(GSTIN, samplePayload({ transMode: '', vehicleNo: undefined, transDistance: '150' }));
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    expect(r.validUntil).toBeNull();
    clock.set('2026-11-12T09:00:00');
    const vehicle = { ewbNumber: r.ewbNumber, vehicleNumber: 'MH02AB1234', fromPlace: 'Mumbai', fromState: 27, reasonCode: '4', reasonRemark: '', transMode: '1' as const };
    expect(await ewb.updateVehicle(GSTIN, vehicle)).toEqual({ outcome: 'UPDATED', updatedAt: ist('2026-11-12T09:00:00'), validUntil: ist('2026-11-13T23:59:59') });
    clock.set('2026-11-13T10:00:00');
    expect(await ewb.updateVehicle(GSTIN, { ...vehicle, vehicleNumber: 'MH04CD5678', reasonCode: '1' })).toMatchObject({ validUntil: ist('2026-11-13T23:59:59') });
    clock.set('2026-11-14T00:00:00');
    expect(await ewb.updateVehicle(GSTIN, vehicle)).toMatchObject({ outcome: 'REFUSED', code: '311' });
  });

  it('cancels within 24 hours only; never once verified or extended; never someone else’s', async () => {
    const r = await ewb.generate(GSTIN, samplePayload());
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    const cancel = { ewbNumber: r.ewbNumber, reasonCode: '1', remark: 'Duplicate' };
    expect(await ewb.cancel('24AAACR5055K1Z2', cancel)).toMatchObject({ outcome: 'REFUSED', code: '312' });
    clock.set('2026-11-11T23:50:01');
    expect(await ewb.cancel(GSTIN, cancel)).toMatchObject({ outcome: 'REFUSED', code: '315' });

    clock.set('2026-11-10T23:50:00');
    const other = await ewb.generate(GSTIN, samplePayload({ docNo: 'INV-2' }));
    if (other.outcome !== 'GENERATED') throw new Error('not generated');
    ewb.markVerified(other.ewbNumber);
    expect(await ewb.cancel(GSTIN, { ...cancel, ewbNumber: other.ewbNumber })).toMatchObject({ outcome: 'REFUSED', code: '316' });

    const inWindow = await ewb.generate(GSTIN, samplePayload({ docNo: 'INV-3' }));
    if (inWindow.outcome !== 'GENERATED') throw new Error('not generated');
    clock.set('2026-11-11T10:00:00');
    expect(await ewb.cancel(GSTIN, { ...cancel, ewbNumber: inWindow.ewbNumber })).toEqual({ outcome: 'CANCELLED', cancelledAt: ist('2026-11-11T10:00:00') });
    expect(await ewb.cancel(GSTIN, { ...cancel, ewbNumber: inWindow.ewbNumber })).toMatchObject({ outcome: 'REFUSED', code: '312' });
  });

  it('extends only from 8 hours before to 8 hours after the end, counted afresh for the distance left', async () => {
    const r = await ewb.generate(GSTIN, samplePayload({ transDistance: '150' }));
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    expect(r.validUntil).toEqual(ist('2026-11-11T23:59:59'));
    const extend = { ewbNumber: r.ewbNumber, vehicleNumber: 'MH02AB1234', fromPlace: 'Lonavala', fromState: 27, fromPincode: 410401, remainingDistance: 60, reasonCode: '5', remark: 'Accident', transMode: '1' as const };
    clock.set('2026-11-11T15:59:58');
    expect(await ewb.extend(GSTIN, extend)).toMatchObject({ outcome: 'REFUSED', code: '382' });
    clock.set('2026-11-12T08:00:00');
    expect(await ewb.extend(GSTIN, extend)).toMatchObject({ outcome: 'REFUSED', code: '382' });
    clock.set('2026-11-12T07:00:00');
    expect(await ewb.extend(GSTIN, { ...extend, remainingDistance: 151 })).toMatchObject({ outcome: 'REFUSED', code: '390' });
    expect(await ewb.extend(GSTIN, extend)).toEqual({ outcome: 'EXTENDED', validUntil: ist('2026-11-13T23:59:59') });
    expect(await ewb.cancel(GSTIN, { ewbNumber: r.ewbNumber, reasonCode: '4', remark: 'x' })).toMatchObject({ outcome: 'REFUSED', code: '315' });
  });

  it('an extended bill may not be cancelled even within 24 hours', async () => {
    clock.set('2026-11-10T18:00:00');
    const r = await ewb.generate(GSTIN, samplePayload({ transDistance: '100' }));
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    clock.set('2026-11-11T17:00:00'); // 7 h before the end, 23 h after generation
    const extend = { ewbNumber: r.ewbNumber, vehicleNumber: 'MH02AB1234', fromPlace: 'Pune', fromState: 27, fromPincode: 411001, remainingDistance: 20, reasonCode: '99', remark: 'Delay', transMode: '1' as const };
    expect(await ewb.extend(GSTIN, extend)).toMatchObject({ outcome: 'EXTENDED' });
    expect(await ewb.cancel(GSTIN, { ewbNumber: r.ewbNumber, reasonCode: '4', remark: 'x' })).toMatchObject({ outcome: 'REFUSED', code: '315' });
  });

  it('refuses to extend without Part B or once cancelled', async () => {
    const noB = await ewb.generate(GSTIN, samplePayload({ transMode: '', vehicleNo: undefined }));
    if (noB.outcome !== 'GENERATED') throw new Error('not generated');
    const extend = { ewbNumber: noB.ewbNumber, vehicleNumber: 'MH02AB1234', fromPlace: 'Pune', fromState: 27, fromPincode: 411001, remainingDistance: 20, reasonCode: '99', remark: 'Delay', transMode: '1' as const };
    expect(await ewb.extend(GSTIN, extend)).toMatchObject({ outcome: 'REFUSED', code: '381' });
    await ewb.cancel(GSTIN, { ewbNumber: noB.ewbNumber, reasonCode: '3', remark: 'Mistake' });
    expect(await ewb.extend(GSTIN, extend)).toMatchObject({ outcome: 'REFUSED', code: '379' });
  });

  it('an outage: every call throws EwbUnavailable until it is back', async () => {
    const r = await ewb.generate(GSTIN, samplePayload());
    if (r.outcome !== 'GENERATED') throw new Error('not generated');
    ewb.setAvailable(false);
    await expect(ewb.generate(GSTIN, samplePayload({ docNo: 'INV-9' }))).rejects.toBeInstanceOf(EwbUnavailable);
    await expect(ewb.cancel(GSTIN, { ewbNumber: r.ewbNumber, reasonCode: '1', remark: 'x' })).rejects.toBeInstanceOf(EwbUnavailable);
    ewb.setAvailable(true);
    expect(await ewb.generate(GSTIN, samplePayload({ docNo: 'INV-9' }))).toMatchObject({ outcome: 'GENERATED' });
  });

  it('createEwbClient answers the local one by default, on the clock it is given', async () => {
    const { log, close } = capturedLog();
    const client = createEwbClient(loadConfig({ PGLITE_DATA_DIR: 'memory' }).ewb, log, clock.now);
    expect(client.provider).toBe('LOCAL');
    expect(await client.generate(GSTIN, samplePayload())).toMatchObject({ generatedAt: ist('2026-11-10T23:50:00') });
    await close();
  });
});
