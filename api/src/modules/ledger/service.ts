import type { z } from 'zod';
import {
  type AccountHead,
  type BooksSettings,
  type BooksSettingsInput,
  type FinancialYearStatus,
  type FinancialYears,
  type HeadsTree,
  type JournalInput,
  type JournalsPage,
  type JournalsQuery,
  type LedgerExportQuery,
  type LedgerQuery,
  type LedgerStatement,
  type NewHeadInput,
  type OutstandingReport,
  type OutstandingSide,
  type PartyOutstandingDetail,
  type TrialBalance,
  type VoucherView,
} from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { istDate } from '../search/text';
import { accountBalances } from './accounts';
import { addHead, headsTree, toAccountHead } from './heads';
import { listJournals, postJournal } from './journals';
import { outstandingReport, partyOutstanding } from './outstanding';
import { ledgerStatement, statementEntries, statementHead } from './statement';
import type { DownloadFile } from '../../http/file-reply';
import { exportStatement } from './statement-export';
import { closeFinancialYear, financialYears } from './years';
import { assertEntryDate, booksSettings, saveBooksSettings } from './dates';

/** Reading the books, and the entries people make by hand (documents post through post.ts in their own transaction). */
export class LedgerService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    /**
     * The reports and the export: DATABASE_READ_URL's replica when it is fresh enough (src/db/reader.ts). Not the
     * heads: reading them writes a unit's chart of accounts the first time, and must then read what it wrote.
     */
    private readonly reader: Database = db,
  ) {}

  private today(): string {
    return istDate(this.config.now());
  }

  /** Every head of the caller's unit with its debits, credits and balance up to `asOf` (default today, IST). */
  async trialBalance(caller: Caller, asOf?: string): Promise<TrialBalance> {
    const date = asOf ?? this.today();
    const rows = (await accountBalances(this.reader, caller.unitId, date)).map((r) => {
      const debit = Number(r.debit ?? 0);
      const credit = Number(r.credit ?? 0);
      return { ...toAccountHead(r), debitPaise: debit, creditPaise: credit, balancePaise: debit - credit };
    });
    return { asOf: date, rows, debitPaise: rows.reduce((s, r) => s + r.debitPaise, 0), creditPaise: rows.reduce((s, r) => s + r.creditPaise, 0) };
  }

  heads(caller: Caller, asOf?: string): Promise<HeadsTree> {
    return headsTree(this.db, caller.unitId, asOf ?? this.today(), this.config.now());
  }

  addHead(caller: Caller, input: NewHeadInput): Promise<AccountHead> {
    return addHead(this.db, caller.unitId, input, this.config.now());
  }

  ledger(caller: Caller, query: z.output<typeof LedgerQuery>): Promise<LedgerStatement> {
    return ledgerStatement(this.reader, caller.unitId, query, this.config.now());
  }

  async ledgerExport(caller: Caller, query: z.output<typeof LedgerExportQuery>): Promise<DownloadFile> {
    const head = await statementHead(this.reader, caller.unitId, query, this.config.now());
    const [entries, unit] = await Promise.all([
      statementEntries(this.reader, caller.unitId, head),
      this.reader.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow(),
    ]);
    return exportStatement(query.format, unit.trade_name, head, entries);
  }

  outstanding(caller: Caller, query: { side: OutstandingSide; asOf?: string | undefined }): Promise<OutstandingReport> {
    return outstandingReport(this.reader, caller.unitId, query.side, query.asOf ?? this.today());
  }

  partyOutstanding(caller: Caller, accountId: string, asOf?: string): Promise<PartyOutstandingDetail> {
    return partyOutstanding(this.reader, caller.unitId, accountId, asOf ?? this.today());
  }

  journals(caller: Caller, query: z.output<typeof JournalsQuery>): Promise<JournalsPage> {
    return listJournals(this.reader, caller.unitId, query, this.config.now());
  }

  async postJournal(caller: Caller, input: z.output<typeof JournalInput>): Promise<VoucherView> {
    const now = this.config.now();
    await assertEntryDate(this.db, caller.unitId, input.date, now, 'date');
    return postJournal(this.db, caller, input, now);
  }

  booksSettings(caller: Caller): Promise<BooksSettings> {
    return booksSettings(this.db, caller.unitId, this.config.now());
  }

  saveBooksSettings(caller: Caller, input: z.output<typeof BooksSettingsInput>): Promise<BooksSettings> {
    return saveBooksSettings(this.db, caller.unitId, input, this.config.now());
  }

  financialYears(caller: Caller): Promise<FinancialYears> {
    return financialYears(this.db, caller.unitId, this.config.now());
  }

  closeFinancialYear(caller: Caller, financialYear: string): Promise<FinancialYearStatus> {
    return closeFinancialYear(this.db, caller, financialYear, this.config.now());
  }
}
