import type { FastifyBaseLogger } from 'fastify';
import type { Clock, EwbConfig } from '../../../config';
import type { EwbClient } from './ewb';
import { LocalEwb } from './local';

export type { EwbClient, EwbGeneratePayload, EwbGenerated, EwbRefused } from './ewb';
export { EwbUnavailable } from './ewb';
export { LocalEwb } from './local';

/** The e-way bill system chosen by EWB_PROVIDER (config.ts): local by default and in tests, NIC or a GSP in production. */
export function createEwbClient(config: EwbConfig, log: FastifyBaseLogger, now: Clock = () => new Date()): EwbClient {
  if (config.provider === 'local') return new LocalEwb(now);
  log.info({ provider: config.provider, baseUrl: config.baseUrl }, 'e-way bills: the real API');
  throw new Error(`EWB_PROVIDER=${config.provider} is not written yet`);
}
