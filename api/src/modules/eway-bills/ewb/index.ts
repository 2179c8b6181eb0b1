import type { FastifyBaseLogger } from 'fastify';
import type { Clock, EwbConfig } from '../../../config';
import type { EwbClient } from './ewb';
import { LocalEwb } from './local';
import { NicEwb } from './nic';

export type { EwbClient, EwbGeneratePayload, EwbGenerated, EwbRefused } from './ewb';
export { EwbUnavailable } from './ewb';
export { LocalEwb } from './local';
export { NicEwb } from './nic';

/** The e-way bill system chosen by EWB_PROVIDER (config.ts): local by default and in tests, NIC or a GSP in production. */
export function createEwbClient(config: EwbConfig, log: FastifyBaseLogger, now: Clock = () => new Date()): EwbClient {
  if (config.provider === 'local') return new LocalEwb(now);
  log.info({ provider: config.provider, baseUrl: config.baseUrl, gstins: Object.keys(config.users) }, 'e-way bills: the e-way bill system API');
  const { provider, ...settings } = config;
  return new NicEwb({ ...settings, provider: provider === 'gsp' ? 'GSP' : 'NIC', now });
}
