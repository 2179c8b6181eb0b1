import type { EwbClient } from './ewb';

export type { EwbClient, EwbGeneratePayload, EwbGenerated, EwbRefused } from './ewb';
export { EwbUnavailable } from './ewb';

/** Placeholder until the adapters land (issue 34, e-way bill format branch): replaced by createEwbClient(config). */
export function createEwbClient(): EwbClient {
  throw new Error('createEwbClient is written on the e-way bill format branch');
}
