import type { Config } from '../../config';
import type { Database } from '../../db/database';

/** GSTR-1, GSTR-3B and the Tally export (issue 14): read from issued documents and vouchers. */
export class GstReturnsService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}
}
