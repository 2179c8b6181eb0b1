import { LocalEwb, type EwbClient, type EwbGeneratePayload } from '../src/modules/eway-bills/ewb';

type Vehicle = Parameters<EwbClient['updateVehicle']>[1];
type Extend = Parameters<EwbClient['extend']>[1];

/**
 * The e-way bill portal as a test sees it: the local adapter (ewb/local.ts) on the test's clock, whose calls are
 * recorded and which can be taken down (EwbUnavailable) and brought back.
 */
export class TestEwb implements EwbClient {
  readonly provider = 'LOCAL' as const;
  private inner: LocalEwb;
  private readonly log: { kind: 'generate' | 'vehicle' | 'cancel' | 'extend'; input: unknown }[] = [];

  constructor(private readonly now: () => Date) {
    this.inner = new LocalEwb(now);
  }

  reset(): void {
    this.inner = new LocalEwb(this.now);
    this.log.length = 0;
  }
  down(down: boolean): void {
    this.inner.setAvailable(!down);
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

  private async call<T>(kind: TestEwb['log'][number]['kind'], input: unknown, work: () => Promise<T>): Promise<T> {
    this.log.push({ kind, input });
    return work();
  }
  generate: EwbClient['generate'] = (gstin, payload) => this.call('generate', payload, () => this.inner.generate(gstin, payload));
  updateVehicle: EwbClient['updateVehicle'] = (gstin, input) => this.call('vehicle', input, () => this.inner.updateVehicle(gstin, input));
  cancel: EwbClient['cancel'] = (gstin, input) => this.call('cancel', input, () => this.inner.cancel(gstin, input));
  extend: EwbClient['extend'] = (gstin, input) => this.call('extend', input, () => this.inner.extend(gstin, input));
}
