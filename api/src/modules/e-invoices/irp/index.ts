import type { FastifyBaseLogger } from 'fastify';
import type { Clock, IrpConfig } from '../../../config';
import type { IrpClient } from './irp';
import { LocalIrp } from './local';
import { NicIrp } from './nic';

export type { EInvoicePayload, EInvoiceItem, EInvoiceParty, IrpClient, IrnResult, IrnRegistered, IrnRefused, IrnCancelled } from './irp';
export { IrpUnavailable } from './irp';
export { LocalIrp, irnOf } from './local';
export { NicIrp } from './nic';

/** The Invoice Registration Portal chosen by IRP_PROVIDER (config.ts): local by default and in tests, NIC or a GSP in production. */
export function createIrpClient(config: IrpConfig, log: FastifyBaseLogger, now: Clock = () => new Date()): IrpClient {
  if (config.provider === 'local') return new LocalIrp(now);
  log.info({ provider: config.provider, baseUrl: config.baseUrl, gstins: Object.keys(config.users) }, 'e-invoices: the e-invoice API');
  const { provider, ...settings } = config;
  return new NicIrp({ ...settings, provider: provider === 'gsp' ? 'GSP' : 'NIC', now });
}
