import type { IrpClient } from './irp';

export type { EInvoicePayload, IrpClient, IrnResult, IrnRegistered, IrnRefused, IrnCancelled } from './irp';
export { IrpUnavailable } from './irp';

/** Placeholder until the adapters land (issue 34, e-invoice format branch): replaced by createIrpClient(config). */
export function createIrpClient(): IrpClient {
  throw new Error('createIrpClient is written on the e-invoice-format branch');
}
