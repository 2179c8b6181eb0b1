import { EwbUnavailable, type EwbClient, type EwbGeneratePayload } from '../src/modules/eway-bills/ewb';

type Vehicle = Parameters<EwbClient['updateVehicle']>[1];
type Extend = Parameters<EwbClient['extend']>[1];

/** TEMPORARY stand-in for ewb-format's local adapter: 12-digit numbers, 1 day per 200 km ending at midnight IST. */
class StandIn implements EwbClient {
  readonly provider = 'LOCAL' as const;
  private serial = 0;
  private readonly bills = new Map<string, { generatedAt: Date; km: number; validUntil: Date | null }>();
  constructor(private readonly now: () => Date) {}
  private validity(from: Date, km: number): Date {
    const days = Math.max(1, Math.ceil(km / 200));
    const ist = new Date(from.getTime() + 5.5 * 3600_000);
    const midnight = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + days + 1) - 5.5 * 3600_000 - 1000;
    return new Date(midnight);
  }
  async generate(_gstin: string, p: EwbGeneratePayload) {
    const ewbNumber = String(351000000000 + ++this.serial);
    const generatedAt = this.now();
    const km = Number(p.transDistance);
    const validUntil = p.vehicleNo ? this.validity(generatedAt, km) : null;
    this.bills.set(ewbNumber, { generatedAt, km, validUntil });
    return { outcome: 'GENERATED' as const, ewbNumber, generatedAt, validUntil };
  }
  async updateVehicle(_gstin: string, v: Vehicle) {
    const bill = this.bills.get(v.ewbNumber)!;
    const updatedAt = this.now();
    bill.validUntil ??= this.validity(updatedAt, bill.km);
    return { outcome: 'UPDATED' as const, updatedAt, validUntil: bill.validUntil };
  }
  async cancel() {
    return { outcome: 'CANCELLED' as const, cancelledAt: this.now() };
  }
  async extend(_gstin: string, e: Extend) {
    const bill = this.bills.get(e.ewbNumber)!;
    bill.validUntil = this.validity(bill.validUntil!, e.remainingDistance);
    return { outcome: 'EXTENDED' as const, validUntil: bill.validUntil };
  }
}

/**
 * The e-way bill portal as a test sees it: the local adapter on the test's clock, whose calls are recorded and which
 * can be taken down (EwbUnavailable) and brought back.
 */
export class TestEwb implements EwbClient {
  readonly provider = 'LOCAL' as const;
  private inner: EwbClient;
  private isDown = false;
  private readonly log: { kind: 'generate' | 'vehicle' | 'cancel' | 'extend'; input: unknown }[] = [];

  constructor(private readonly now: () => Date) {
    this.inner = new StandIn(now);
  }

  reset(): void {
    this.inner = new StandIn(this.now);
    this.isDown = false;
    this.log.length = 0;
  }
  down(down: boolean): void {
    this.isDown = down;
  }
  calls(): number {
    return this.log.length;
  }
  private last<T>(kind: string): T | undefined {
    return this.log.filter((c) => c.kind === kind).at(-1)?.input as T | undefined;
  }
  lastGenerate = () => this.last<EwbGeneratePayload>('generate');
  lastVehicle = () => this.last<Vehicle>('vehicle');
  lastExtend = () => this.last<Extend>('extend');
  /** The bulk file's schema errors (none: valid). */
  validateBulk(_json: unknown): string[] {
    return [];
  }

  private async call<T>(kind: TestEwb['log'][number]['kind'], input: unknown, work: () => Promise<T>): Promise<T> {
    if (this.isDown) throw new EwbUnavailable('the test took the portal down');
    this.log.push({ kind, input });
    return work();
  }
  generate: EwbClient['generate'] = (gstin, payload) => this.call('generate', payload, () => this.inner.generate(gstin, payload));
  updateVehicle: EwbClient['updateVehicle'] = (gstin, input) => this.call('vehicle', input, () => this.inner.updateVehicle(gstin, input));
  cancel: EwbClient['cancel'] = (gstin, input) => this.call('cancel', input, () => this.inner.cancel(gstin, input));
  extend: EwbClient['extend'] = (gstin, input) => this.call('extend', input, () => this.inner.extend(gstin, input));
}
