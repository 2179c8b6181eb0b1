import type { Config } from '../../config';
import type { Database } from '../../db/database';

/** Profit and loss, balance sheet and stores (issue 14): read from vouchers and the stock ledger. */
export class FinancialsService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}
}
