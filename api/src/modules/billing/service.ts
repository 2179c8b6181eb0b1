import type { Config } from '../../config';
import type { Database } from '../../db/database';

export class BillingService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}
}
