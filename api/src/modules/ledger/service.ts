import { ACCOUNT_GROUPS, type AccountGroup, type TrialBalance } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { istDate } from '../search/text';
import { accountBalances } from './accounts';

/** Reading the books (posting goes through post.ts, inside each document's transaction). */
export class LedgerService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /** Every head of the caller's unit with its debits, credits and balance up to `asOf` (default today, IST). */
  async trialBalance(caller: Caller, asOf?: string): Promise<TrialBalance> {
    const date = asOf ?? istDate(this.config.now());
    const rows = (await accountBalances(this.db, caller.unitId, date)).map((r) => {
      const group = r.group_code as AccountGroup;
      const debit = Number(r.debit ?? 0);
      const credit = Number(r.credit ?? 0);
      return {
        accountId: r.id,
        code: r.code,
        name: r.name,
        group,
        nature: ACCOUNT_GROUPS[group].nature,
        partyUnitCode: r.party_unit_code,
        system: r.system,
        debitPaise: debit,
        creditPaise: credit,
        balancePaise: debit - credit,
      };
    });
    return { asOf: date, rows, debitPaise: rows.reduce((s, r) => s + r.debitPaise, 0), creditPaise: rows.reduce((s, r) => s + r.creditPaise, 0) };
  }
}
