import { randomBytes } from 'node:crypto';
import type { Insertable, QueryCreator, Transaction } from 'kysely';
import type { VoucherKind } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { resolveAccounts, type AccountRef } from './accounts';
import { asClosedYearError } from './years';

/** One side of one line: set debitPaise or creditPaise (a zero amount is dropped, e.g. no IGST inside a state). */
export interface VoucherLineInput {
  account: AccountRef;
  debitPaise?: number;
  creditPaise?: number;
  /**
   * Bill-wise: the document a party line settles when it is not the voucher's own (a receipt's line per invoice);
   * outstanding.ts settles it first.
   */
  document?: { id: string; number: string | null } | null;
}

export interface NewVoucher {
  unitId: string;
  kind: Exclude<VoucherKind, 'REVERSAL'>;
  /** 'YYYY-MM-DD': the document's date. */
  date: string;
  /** What posts it, upper case: 'SALES_INVOICE', 'CREDIT_NOTE', 'PURCHASE_BILL', 'RECEIPT', … */
  documentType: string;
  documentId?: string | null;
  documentNumber?: string | null;
  narration?: string;
  lines: readonly VoucherLineInput[];
  createdBy?: string | null;
  at: Date;
}

function checkedLines(lines: readonly VoucherLineInput[]) {
  const kept = [];
  let debits = 0;
  let credits = 0;
  for (const l of lines) {
    const debit = l.debitPaise ?? 0;
    const credit = l.creditPaise ?? 0;
    if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit) || debit < 0 || credit < 0 || (debit > 0 && credit > 0)) {
      throw new Error(`ledger: a line is either a debit or a credit, in whole paise ≥ 0 (got ${debit} / ${credit})`);
    }
    if (debit === 0 && credit === 0) continue;
    debits += debit;
    credits += credit;
    kept.push({ account: l.account, debit, credit, document: l.document ?? null });
  }
  if (kept.length < 2 || debits !== credits) throw new Error(`ledger: voucher does not balance (${kept.length} lines, debits ${debits}, credits ${credits} paise)`);
  return kept;
}

/**
 * A version 7 UUID: the first 48 bits are the time in ms, so a head's ledger lists the vouchers of one day in the
 * order they were written by sorting on (date, id), which an index of the lines alone can do (migration 017).
 */
export function timeOrderedId(at: Date): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type AnyVoucher = NewVoucher | (Omit<NewVoucher, 'kind'> & { kind: 'REVERSAL'; reversesId: string });

/** A voucher checked and its heads resolved: its id, and the rows that write it. */
export interface VoucherRows {
  id: string;
  voucher: Insertable<DB['vouchers']>;
  lines: Insertable<DB['voucher_lines']>[];
}

/**
 * Vouchers of one unit checked as postVoucher checks them, their heads resolved together (one statement), as the rows
 * to write: for a caller that writes them in one statement with the document they post (payments/posting.ts).
 * Whatever statement writes them maps its error with asClosedYearError: a closed year is refused by the vouchers
 * trigger of migration 015 (a statement fewer per voucher than checking first).
 */
export async function voucherRows(trx: Transaction<DB>, vouchers: readonly AnyVoucher[]): Promise<VoucherRows[]> {
  if (!vouchers.length) return [];
  const unitId = vouchers[0]!.unitId;
  if (vouchers.some((v) => v.unitId !== unitId)) throw new Error('ledger: voucherRows takes the vouchers of one unit');
  const checked = vouchers.map((v) => checkedLines(v.lines));
  const accountIds = await resolveAccounts(trx, unitId, checked.flat().map((l) => l.account), vouchers[0]!.at);
  let next = 0;
  return vouchers.map((v, j) => {
    const id = timeOrderedId(v.at);
    return {
      id,
      voucher: {
        id,
        unit_id: unitId,
        kind: v.kind,
        voucher_date: v.date,
        document_type: v.documentType,
        document_id: v.documentId ?? null,
        document_number: v.documentNumber ?? null,
        narration: v.narration ?? '',
        reverses_id: 'reversesId' in v ? v.reversesId : null,
        created_by: v.createdBy ?? null,
        created_at: v.at,
      },
      lines: checked[j]!.map((l, i) => ({
        voucher_id: id,
        position: i + 1,
        unit_id: unitId,
        account_id: accountIds[next++]!,
        debit_paise: l.debit,
        credit_paise: l.credit,
        voucher_date: v.date,
        document_id: l.document?.id ?? null,
        document_number: l.document?.number ?? null,
      })),
    };
  });
}

/**
 * Where a statement starts that also writes these vouchers, as common table expressions nobody reads (their lines'
 * foreign key is checked at the statement's end, when the vouchers are there); trx itself when there are none.
 */
export function withVouchers(trx: Transaction<DB>, rows: readonly VoucherRows[]): QueryCreator<DB> {
  if (!rows.length) return trx;
  // Nothing reads the CTEs' names, so the builder is typed as one without them.
  return trx
    .with('vouchers_written', (db) => db.insertInto('vouchers').values(rows.map((r) => r.voucher)))
    .with('voucher_lines_written', (db) => db.insertInto('voucher_lines').values(rows.flatMap((r) => r.lines))) as QueryCreator<DB>;
}

async function insertVoucher(trx: Transaction<DB>, v: AnyVoucher): Promise<string> {
  const [rows] = await voucherRows(trx, [v]);
  // One statement for the voucher and its lines.
  await trx
    .with('voucher', (db) => db.insertInto('vouchers').values(rows!.voucher))
    .insertInto('voucher_lines')
    .values(rows!.lines)
    .execute()
    .catch((error: unknown) => {
      throw asClosedYearError(error, v.date);
    });
  return rows!.id;
}

/**
 * The one way money enters the books (ARCHITECTURE.md decision 8): a balanced voucher, written in the caller's
 * transaction, i.e. together with the document it posts or not at all. Zero lines are dropped; what is left must
 * balance (checked here, and by the database when the transaction commits), and its date must be in an open
 * financial year (E0012 otherwise; years.ts). Returns the voucher id.
 */
export async function postVoucher(trx: Transaction<DB>, voucher: NewVoucher): Promise<string> {
  return insertVoucher(trx, voucher);
}

/**
 * Undoes a voucher by posting its mirror image (every debit a credit and the reverse) on `date`; the original stays
 * as it was. A voucher is reversed at most once (its row is locked, so two reversals queue and the second is refused).
 */
export async function reverseVoucher(
  trx: Transaction<DB>,
  voucherId: string,
  reversal: { unitId: string; date: string; at: Date; narration: string; createdBy?: string | null; documentType?: string; documentId?: string | null; documentNumber?: string | null },
): Promise<string> {
  const original = await trx.selectFrom('vouchers').select(['id', 'document_type', 'document_id', 'document_number']).where('id', '=', voucherId).where('unit_id', '=', reversal.unitId).forUpdate().executeTakeFirst();
  if (!original) throw new AppError('E0002', 404, 'No such voucher in your books');
  const done = await trx.selectFrom('vouchers').select('id').where('reverses_id', '=', voucherId).executeTakeFirst();
  if (done) throw new AppError('E0009', 409, 'This voucher has already been reversed');
  const lines = await trx.selectFrom('voucher_lines').select(['account_id', 'debit_paise', 'credit_paise', 'document_id', 'document_number']).where('voucher_id', '=', voucherId).orderBy('position').execute();
  return insertVoucher(trx, {
    unitId: reversal.unitId,
    kind: 'REVERSAL',
    reversesId: voucherId,
    date: reversal.date,
    documentType: reversal.documentType ?? original.document_type,
    documentId: reversal.documentId ?? original.document_id,
    documentNumber: reversal.documentNumber ?? original.document_number,
    narration: reversal.narration,
    lines: lines.map((l) => ({
      account: { accountId: l.account_id },
      debitPaise: l.credit_paise,
      creditPaise: l.debit_paise,
      document: l.document_id ? { id: l.document_id, number: l.document_number } : null,
    })),
    createdBy: reversal.createdBy,
    at: reversal.at,
  });
}
