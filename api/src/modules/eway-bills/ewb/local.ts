import { randomInt } from 'node:crypto';
import { mayCancel, mayExtend, validUntil, type VehicleType } from '../validity';
import { EwbUnavailable, type EwbClient, type EwbGeneratePayload, type EwbGenerated, type EwbRefused } from './ewb';
import { portal } from './portal-errors';

/*
 * The e-way bill system as the portal behaves, in memory (the default outside production, and the tests'): 12-digit
 * numbers, one bill per document, validity by distance from when Part B is first given (validity.ts), Part B updates
 * while it is valid, cancel within 24 hours unless verified or extended, extension only in its 8-hour window. Refusals
 * carry the portal's error codes and messages (the e-way bill API's error list, e.g. 604 for a second bill of one
 * document). Its memory is the process's: a restart forgets the bills (their numbers are random, so none repeats).
 * setAvailable(false) makes every call fail as an outage does (EwbUnavailable), for tests and demos.
 */

interface LocalBill {
  ewbNumber: string;
  gstin: string;
  documentKey: string;
  generatedAt: Date;
  distanceKm: number;
  vehicleType: VehicleType;
  vehicleNumber: string | null;
  validUntil: Date | null;
  status: 'ACTIVE' | 'CANCELLED';
  verified: boolean;
  extensions: number;
}


export class LocalEwb implements EwbClient {
  readonly provider = 'LOCAL' as const;
  private available = true;
  private readonly bills = new Map<string, LocalBill>();
  private readonly byDocument = new Map<string, string>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** false: every call throws EwbUnavailable until set back (an outage, for tests and demos). */
  setAvailable(available: boolean): void {
    this.available = available;
  }

  /** An officer verified it in transit (the portal's EWB-03): it can no longer be cancelled. */
  markVerified(ewbNumber: string): void {
    const bill = this.bills.get(ewbNumber);
    if (bill) bill.verified = true;
  }

  private up(): void {
    if (!this.available) throw new EwbUnavailable('The e-way bill system (local) is switched off');
  }

  /** 12 digits; the portal's numbers as published begin with 1 (e.g. 141001234567); random so none repeats. */
  private newNumber(): string {
    for (;;) {
      const candidate = `1${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;
      if (!this.bills.has(candidate)) return candidate;
    }
  }

  private ownActive(gstin: string, ewbNumber: string): LocalBill | EwbRefused {
    if (!/^\d{12}$/.test(ewbNumber)) return portal('invalidNumber');
    const bill = this.bills.get(ewbNumber);
    if (!bill || bill.gstin !== gstin) return portal('notYoursOrCancelled');
    return bill;
  }

  async generate(gstin: string, payload: EwbGeneratePayload): Promise<EwbGenerated | EwbRefused> {
    this.up();
    if (payload.supplyType === 'O' && payload.fromGstin !== gstin) return portal('gstinMismatchOutward');
    if (payload.supplyType === 'I' && payload.toGstin !== gstin) return portal('gstinMismatchInward');
    const distanceKm = Number(payload.transDistance);
    if (!Number.isInteger(distanceKm) || distanceKm < 0 || distanceKm > 4000) return portal('invalidDistance');
    if (!payload.itemList.length) return portal('noItems');
    // One bill per document of a supplier (the portal's duplicate check: type, number and the generating GSTIN).
    const documentKey = `${gstin}|${payload.docType}|${payload.docNo.toUpperCase()}`;
    const earlier = this.byDocument.get(documentKey);
    if (earlier && this.bills.get(earlier)?.status === 'ACTIVE') return portal('duplicate');

    const generatedAt = this.now();
    const hasPartB = payload.transMode !== '' && (payload.transMode !== '1' || !!payload.vehicleNo);
    const vehicleType = payload.vehicleType ?? 'R';
    const bill: LocalBill = {
      ewbNumber: this.newNumber(),
      gstin,
      documentKey,
      generatedAt,
      // The portal accepts 0 ("compute it for me") and answers its own PIN-to-PIN figure; a local stand-in: 1 km.
      distanceKm: Math.max(1, distanceKm),
      vehicleType,
      vehicleNumber: payload.vehicleNo ?? null,
      validUntil: hasPartB ? validUntil(generatedAt, Math.max(1, distanceKm), vehicleType) : null,
      status: 'ACTIVE',
      verified: false,
      extensions: 0,
    };
    this.bills.set(bill.ewbNumber, bill);
    this.byDocument.set(documentKey, bill.ewbNumber);
    return { outcome: 'GENERATED', ewbNumber: bill.ewbNumber, generatedAt, validUntil: bill.validUntil };
  }

  async updateVehicle(
    gstin: string,
    input: Parameters<EwbClient['updateVehicle']>[1],
  ): Promise<{ outcome: 'UPDATED'; updatedAt: Date; validUntil: Date } | EwbRefused> {
    this.up();
    const bill = this.ownActive(gstin, input.ewbNumber);
    if ('outcome' in bill) return bill;
    if (bill.status === 'CANCELLED') return portal('notYoursOrCancelled');
    const now = this.now();
    if (bill.validUntil && now > bill.validUntil) return portal('vehicleAfterExpiry');
    // The first Part B starts the validity; a later vehicle change keeps it.
    bill.validUntil ??= validUntil(now, bill.distanceKm, bill.vehicleType);
    bill.vehicleNumber = input.vehicleNumber;
    return { outcome: 'UPDATED', updatedAt: now, validUntil: bill.validUntil };
  }

  async cancel(gstin: string, input: { ewbNumber: string; reasonCode: string; remark: string }): Promise<{ outcome: 'CANCELLED'; cancelledAt: Date } | EwbRefused> {
    this.up();
    const bill = this.ownActive(gstin, input.ewbNumber);
    if ('outcome' in bill) return bill;
    if (bill.status === 'CANCELLED') return portal('notYoursOrCancelled');
    if (bill.verified) return portal('cancelVerified');
    const now = this.now();
    if (!mayCancel(bill.generatedAt, now) || bill.extensions > 0) return portal('cancelLapsed');
    bill.status = 'CANCELLED';
    return { outcome: 'CANCELLED', cancelledAt: now };
  }

  async extend(gstin: string, input: Parameters<EwbClient['extend']>[1]): Promise<{ outcome: 'EXTENDED'; validUntil: Date } | EwbRefused> {
    this.up();
    const bill = this.ownActive(gstin, input.ewbNumber);
    if ('outcome' in bill) return bill;
    if (bill.status === 'CANCELLED') return portal('extendCancelled');
    if (!bill.validUntil) return portal('extendNoPartB');
    const now = this.now();
    if (!mayExtend(bill.validUntil, now)) return portal('extendWindow');
    if (input.remainingDistance > bill.distanceKm) return portal('remainingTooFar');
    // Counted afresh for the distance left, from now (the portal's extension).
    bill.validUntil = validUntil(now, Math.max(1, input.remainingDistance), bill.vehicleType);
    bill.vehicleNumber = input.vehicleNumber;
    bill.extensions += 1;
    return { outcome: 'EXTENDED', validUntil: bill.validUntil };
  }
}
