import { sql } from 'kysely';
import type { MoveInImportResult, MoveInKind, MoveInReport, MoveInSource, PartyRole } from 'shared-api';
import type { Database } from '../../db/database';
import { readParts } from '../../db/parts';
import { sideBalance } from '../ledger/outstanding';
import { stockBroughtIn } from '../financials/stock-valuation';
import { istDate } from '../search/text';

/** Mismatched parties listed at most (the count of the rest is in the books). */
const MISMATCHES_SHOWN = 200;

/**
 * What the opening difference is now: OPENING_BALANCES' balance (+ debit) less the stock brought in at cost (equity the
 * vouchers do not carry, financials/balance-sheet.ts). 0 when the opening trial balance balances.
 */
export async function openingDifference(db: Database, unitId: string, now: Date): Promise<number> {
  const [opening, stock] = await Promise.all([
    sql<{ net: string | number | null }>`
      SELECT sum(l.debit_paise - l.credit_paise) AS net
      FROM ledger_accounts a JOIN voucher_lines l ON l.account_id = a.id
      WHERE a.unit_id = ${unitId} AND a.code = 'OPENING_BALANCES'`.execute(db),
    stockBroughtIn(db, { unitId }, null, now),
  ]);
  return Number(opening.rows[0]?.net ?? 0) - stock;
}

/** The move-in report: what was imported, the books against the files, the stock, the difference. */
export async function moveInReport(db: Database, unitId: string, now: Date): Promise<MoveInReport> {
  const move = await db.selectFrom('move_ins').selectAll().where('unit_id', '=', unitId).executeTakeFirst();
  const asOf = move?.opening_date ?? istDate(now);
  const [imports, counts, books, parties, tbStock, opening, stock] = await Promise.all([
    db
      .selectFrom('move_in_imports')
      .select(['id', 'kind', 'file_name', 'source', 'result', 'imported_at'])
      .where('unit_id', '=', unitId)
      .where('status', '=', 'IMPORTED')
      .orderBy('imported_at')
      .execute(),
    sql<{ customers: number; suppliers: number; receivable_bills: number; payable_bills: number; heads: number }>`
      SELECT (SELECT count(*) FROM book_parties WHERE unit_id = ${unitId} AND role = 'CUSTOMER')::int AS customers,
             (SELECT count(*) FROM book_parties WHERE unit_id = ${unitId} AND role = 'SUPPLIER')::int AS suppliers,
             (SELECT count(*) FROM opening_bills WHERE unit_id = ${unitId} AND side = 'RECEIVABLE')::int AS receivable_bills,
             (SELECT count(*) FROM opening_bills WHERE unit_id = ${unitId} AND side = 'PAYABLE')::int AS payable_bills,
             (SELECT count(*) FROM opening_balances WHERE unit_id = ${unitId})::int AS heads`.execute(db),
    readParts(db, { receivable: sideBalance(unitId, 'RECEIVABLE', asOf), payable: sideBalance(unitId, 'PAYABLE', asOf) }),
    // Each party: what its file said (its balance, else its open bills) against its head in the books on the day.
    sql<{ name: string; role: PartyRole; file_balance_paise: string | number | null; bills: string | number; books: string | number }>`
      WITH bills AS (
        SELECT party_id, sum(CASE side WHEN 'RECEIVABLE' THEN pending_paise ELSE -pending_paise END) AS total
        FROM opening_bills WHERE unit_id = ${unitId} GROUP BY party_id
      ),
      heads AS (
        SELECT l.account_id, sum(l.debit_paise - l.credit_paise) AS net
        FROM voucher_lines l
        WHERE l.account_id IN (SELECT account_id FROM book_parties WHERE unit_id = ${unitId}) AND l.voucher_date <= ${asOf}::date
        GROUP BY l.account_id
      )
      SELECT p.name, p.role, p.file_balance_paise, coalesce(b.total, 0) AS bills, coalesce(h.net, 0) AS books
      FROM book_parties p LEFT JOIN bills b ON b.party_id = p.id LEFT JOIN heads h ON h.account_id = p.account_id
      WHERE p.unit_id = ${unitId}
      ORDER BY p.name, p.id`.execute(db),
    sql<{ total: string | number | null; lines: number }>`
      SELECT sum(balance_paise) AS total, count(*)::int AS lines FROM opening_balances WHERE unit_id = ${unitId} AND treatment = 'STOCK_UPLOAD'`.execute(db),
    openingDifference(db, unitId, now),
    stockBroughtIn(db, { unitId }, null, now),
  ]);

  let receivableFiles = 0;
  let payableFiles = 0;
  const mismatches: MoveInReport['partyMismatches'] = [];
  for (const p of parties.rows) {
    const file = p.file_balance_paise !== null ? Number(p.file_balance_paise) : Number(p.bills);
    if (p.role === 'CUSTOMER') receivableFiles += file;
    else payableFiles -= file;
    const booksPaise = Number(p.books);
    if (booksPaise !== file && mismatches.length < MISMATCHES_SHOWN) mismatches.push({ partyName: p.name, role: p.role, filePaise: file, booksPaise });
  }
  const items = imports.filter((i) => i.kind === 'ITEMS').reduce((s, i) => s + ((i.result as MoveInImportResult | null)?.imported ?? 0), 0);
  const c = counts.rows[0]!;
  const stockLine = tbStock.rows[0]!;
  return {
    openingDate: move?.opening_date ?? null,
    imports: imports.map((i) => ({
      importId: i.id,
      kind: i.kind as MoveInKind,
      fileName: i.file_name,
      source: i.source as MoveInSource,
      rows: (i.result as MoveInImportResult | null)?.imported ?? 0,
      importedAt: (i.imported_at ?? now).toISOString(),
    })),
    counts: { customers: c.customers, suppliers: c.suppliers, items, receivableBills: c.receivable_bills, payableBills: c.payable_bills, trialBalanceHeads: c.heads },
    receivable: { booksPaise: books.receivable, filesPaise: receivableFiles },
    payable: { booksPaise: books.payable, filesPaise: payableFiles },
    stock: { atCostPaise: stock, trialBalancePaise: stockLine.lines ? Number(stockLine.total ?? 0) : null },
    differencePaise: opening,
    differenceConfirmedAt: move?.difference_confirmed_at ? move.difference_confirmed_at.toISOString() : null,
    partyMismatches: mismatches,
  };
}
