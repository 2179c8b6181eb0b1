import type { Config } from '../../config';
import type { Database } from '../../db/database';

export class ReconciliationService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}
}
