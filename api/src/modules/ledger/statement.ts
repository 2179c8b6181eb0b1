import { sql } from 'kysely';
import { financialYear, financialYearRange, type AccountHead, type LedgerEntry, type LedgerStatement, type VoucherKind } from 'shared-api';
import type { Database } from '../../db/database';
import { findHead } from './heads';
import { resolvePeriod, type Period } from './period';
import { isPeriodic } from './years';

/** A head's figures for a period, before the entries. */
export interface StatementHead {
  account: AccountHead;
  period: Period;
  openingPaise: number;
  debitPaise: number;
  creditPaise: number;
  closingPaise: number;
  entryCount: number;
}

/**
 * Opening balance and the period's totals. The opening is everything before `from`; for income and expense heads only
 * from the start of the financial year of `from` (they restart each year).
 */
export async function statementHead(db: Database, unitId: string, query: { accountId: string; from?: string | undefined; to?: string | undefined }, now: Date): Promise<StatementHead> {
  const account = await findHead(db, unitId, query.accountId);
  const period = resolvePeriod(query, now);
  const since = isPeriodic(account.group) ? financialYearRange(financialYear(period.from)).from : null;
  // The head is the unit's (findHead), and so are its lines: one index of the lines answers (migration 017).
  const { rows } = await sql<{ opening: number | string; debit: number | string; credit: number | string; entries: number }>`
    SELECT coalesce(sum(l.debit_paise - l.credit_paise) FILTER (WHERE l.voucher_date < ${period.from}::date), 0) AS opening,
           coalesce(sum(l.debit_paise) FILTER (WHERE l.voucher_date >= ${period.from}::date), 0) AS debit,
           coalesce(sum(l.credit_paise) FILTER (WHERE l.voucher_date >= ${period.from}::date), 0) AS credit,
           count(DISTINCT l.voucher_id) FILTER (WHERE l.voucher_date >= ${period.from}::date)::int AS entries
    FROM voucher_lines l
    WHERE l.account_id = ${account.accountId} AND l.voucher_date <= ${period.to}::date
      AND (${since}::date IS NULL OR l.voucher_date >= ${since}::date)`.execute(db);
  const r = rows[0]!;
  const opening = Number(r.opening);
  const debit = Number(r.debit);
  const credit = Number(r.credit);
  return { account, period, openingPaise: opening, debitPaise: debit, creditPaise: credit, closingPaise: opening + debit - credit, entryCount: r.entries };
}

interface EntryRow {
  voucher_id: string;
  voucher_date: string;
  kind: string;
  document_type: string;
  document_id: string | null;
  document_number: string | null;
  narration: string;
  debit: number | string;
  credit: number | string;
  running: number | string;
  particulars: string | null;
}

/**
 * The period's entries (one per voucher) in date order, each with the balance after it: a window sum over the whole
 * period in the database, so a page's balances are right without loading the pages before it. `page` limits the
 * rows read (the export reads them all).
 */
export async function statementEntries(db: Database, unitId: string, head: StatementHead, page?: { limit: number; offset: number }): Promise<LedgerEntry[]> {
  const accountId = head.account.accountId;
  // Entries in (date, voucher id) order: voucher ids are time-ordered (post.ts), so that is the order they were
  // written. The window runs over the index of the head's lines; only the page's rows visit their vouchers.
  const { rows } = await sql<EntryRow>`
    WITH e AS (
      SELECT l.voucher_id, l.voucher_date, sum(l.debit_paise) AS debit, sum(l.credit_paise) AS credit
      FROM voucher_lines l
      WHERE l.account_id = ${accountId} AND l.voucher_date BETWEEN ${head.period.from}::date AND ${head.period.to}::date
      GROUP BY l.voucher_date, l.voucher_id
    ), r AS (
      SELECT e.*, sum(e.debit - e.credit) OVER (ORDER BY e.voucher_date, e.voucher_id ROWS UNBOUNDED PRECEDING) AS running
      FROM e
      ORDER BY e.voucher_date, e.voucher_id
      LIMIT ${page?.limit ?? null} OFFSET ${page?.offset ?? 0}
    )
    SELECT r.voucher_id, r.voucher_date, v.kind, v.document_type, v.document_id, v.document_number, v.narration, r.debit, r.credit, r.running,
      (SELECT string_agg(o.name, ', ' ORDER BY o.position) FROM (
         SELECT a.name, min(x.position) AS position FROM voucher_lines x JOIN ledger_accounts a ON a.id = x.account_id
         WHERE x.voucher_id = r.voucher_id AND x.account_id <> ${accountId} GROUP BY a.name) o) AS particulars
    FROM r JOIN vouchers v ON v.id = r.voucher_id AND v.unit_id = ${unitId}
    ORDER BY r.voucher_date, r.voucher_id`.execute(db);
  return rows.map((r) => ({
    voucherId: r.voucher_id,
    date: r.voucher_date,
    kind: r.kind as VoucherKind,
    documentType: r.document_type,
    documentId: r.document_id,
    documentNumber: r.document_number,
    narration: r.narration,
    particulars: r.particulars ?? '',
    debitPaise: Number(r.debit),
    creditPaise: Number(r.credit),
    balancePaise: head.openingPaise + Number(r.running),
  }));
}

/** One head for a period: opening, a page of entries with running balances, the period's totals, closing. */
export async function ledgerStatement(
  db: Database,
  unitId: string,
  query: { accountId: string; from?: string | undefined; to?: string | undefined; page: number; pageSize: number },
  now: Date,
): Promise<LedgerStatement> {
  const head = await statementHead(db, unitId, query, now);
  const items = await statementEntries(db, unitId, head, { limit: query.pageSize, offset: query.page * query.pageSize });
  return {
    account: head.account,
    from: head.period.from,
    to: head.period.to,
    openingPaise: head.openingPaise,
    debitPaise: head.debitPaise,
    creditPaise: head.creditPaise,
    closingPaise: head.closingPaise,
    items,
    totalResults: head.entryCount,
    page: query.page,
    pageSize: query.pageSize,
  };
}
