import { sql } from 'kysely';
import { formatPaise, type JournalInput, type JournalsPage, type VoucherKind, type VoucherView } from 'shared-api';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { nextDocumentNumber } from './numbering';
import { resolvePeriod } from './period';
import { postVoucher } from './post';

type Journal = z.output<typeof JournalInput>;

const rupees = (paise: number) => `₹${formatPaise(paise)}`;

/** Vouchers with their lines (in posting order) and amounts (Σ debits), in the order of `ids`. */
async function voucherViews(db: Database, unitId: string, ids: readonly string[]): Promise<VoucherView[]> {
  if (!ids.length) return [];
  const [vouchers, lines] = await Promise.all([
    db
      .selectFrom('vouchers')
      .select(['id', 'voucher_date', 'kind', 'document_type', 'document_id', 'document_number', 'narration'])
      .where('unit_id', '=', unitId)
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('voucher_lines as l')
      .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
      .select(['l.voucher_id', 'l.account_id', 'a.name', 'l.debit_paise', 'l.credit_paise'])
      .where('l.voucher_id', 'in', [...ids])
      .orderBy('l.voucher_id')
      .orderBy('l.position')
      .execute(),
  ]);
  const byId = new Map(vouchers.map((v) => [v.id, v]));
  return ids.flatMap((id) => {
    const v = byId.get(id);
    if (!v) return [];
    const own = lines.filter((l) => l.voucher_id === id).map((l) => ({ accountId: l.account_id, accountName: l.name, debitPaise: Number(l.debit_paise), creditPaise: Number(l.credit_paise) }));
    return [
      {
        voucherId: v.id,
        date: v.voucher_date,
        kind: v.kind as VoucherKind,
        documentType: v.document_type,
        documentId: v.document_id,
        documentNumber: v.document_number,
        narration: v.narration,
        amountPaise: own.reduce((s, l) => s + l.debitPaise, 0),
        lines: own,
      },
    ];
  });
}

/** journals/dashboard: the period's vouchers newest first (one kind, or all), and per kind how many and how much. */
export async function listJournals(
  db: Database,
  unitId: string,
  query: { from?: string | undefined; to?: string | undefined; kind?: VoucherKind | undefined; page: number; pageSize: number },
  now: Date,
): Promise<JournalsPage> {
  const period = resolvePeriod(query, now);
  const inPeriod = db.selectFrom('vouchers as v').where('v.unit_id', '=', unitId).where('v.voucher_date', '>=', period.from).where('v.voucher_date', '<=', period.to);
  const ofKind = query.kind ? inPeriod.where('v.kind', '=', query.kind) : inPeriod;
  const [page, count, byKind] = await Promise.all([
    ofKind
      .select('v.id')
      .orderBy('v.voucher_date', 'desc')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(query.pageSize)
      .offset(query.page * query.pageSize)
      .execute(),
    ofKind.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    // Every kind of the period, whatever the filter, so the screen can show them all.
    sql<{ kind: string; count: number; amount: number | string }>`
      SELECT v.kind, count(DISTINCT v.id)::int AS count, coalesce(sum(l.debit_paise), 0) AS amount
      FROM vouchers v JOIN voucher_lines l ON l.voucher_id = v.id
      WHERE v.unit_id = ${unitId} AND v.voucher_date BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY v.kind ORDER BY v.kind`.execute(db),
  ]);
  return {
    from: period.from,
    to: period.to,
    items: await voucherViews(db, unitId, page.map((p) => p.id)),
    totalResults: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
    byKind: byKind.rows.map((k) => ({ kind: k.kind as VoucherKind, count: k.count, amountPaise: Number(k.amount) })),
  };
}

/**
 * journals/add: a manual JOURNAL voucher numbered JV/yy-yy/nnnnnn, in one transaction. Its lines must balance
 * (E0011), use heads of the unit's books (E0002) and not debit and credit the same head.
 */
export async function postJournal(db: Database, caller: { unitId: string; userId: string }, input: Journal, now: Date): Promise<VoucherView> {
  const debits = input.lines.reduce((s, l) => s + l.debitPaise, 0);
  const credits = input.lines.reduce((s, l) => s + l.creditPaise, 0);
  if (debits !== credits) {
    throw new AppError('E0011', 400, `Debits ${rupees(debits)} and credits ${rupees(credits)} differ by ${rupees(Math.abs(debits - credits))}`);
  }
  const ids = [...new Set(input.lines.map((l) => l.accountId))];
  const heads = await db.selectFrom('ledger_accounts').select(['id', 'name']).where('unit_id', '=', caller.unitId).where('id', 'in', ids).execute();
  if (heads.length !== ids.length) throw new AppError('E0002', 404, 'No such head in your books');
  const debited = new Set(input.lines.filter((l) => l.debitPaise > 0).map((l) => l.accountId));
  const both = heads.find((h) => debited.has(h.id) && input.lines.some((l) => l.accountId === h.id && l.creditPaise > 0));
  if (both) throw new AppError('E0001', 400, `${both.name} is both debited and credited: an entry moves money between different heads`, { lines: 'The same head on both sides' });

  const voucherId = await inTransaction(db, async (trx) => {
    const number = await nextDocumentNumber(trx, caller.unitId, 'JV', input.date);
    return postVoucher(trx, {
      unitId: caller.unitId,
      kind: 'JOURNAL',
      date: input.date,
      documentType: 'JOURNAL',
      documentNumber: number.number,
      narration: input.narration,
      lines: input.lines.map((l) => ({ account: { accountId: l.accountId }, debitPaise: l.debitPaise, creditPaise: l.creditPaise })),
      createdBy: caller.userId,
      at: now,
    });
  });
  const [view] = await voucherViews(db, caller.unitId, [voucherId]);
  if (!view) throw new Error(`ledger: journal ${voucherId} was posted but cannot be read`);
  return view;
}
