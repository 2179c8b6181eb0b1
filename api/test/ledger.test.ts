import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SYSTEM_HEADS } from 'shared-api';
import { accountBalances, createCustomHead } from '../src/modules/ledger/accounts';
import { gstRatesOn } from '../src/modules/ledger/gst-rates';
import { nextDocumentNumber } from '../src/modules/ledger/numbering';
import { postVoucher, reverseVoucher } from '../src/modules/ledger/post';
import { settlementLines, taxDocumentLines } from '../src/modules/ledger/postings';
import { setGstRate, unitId } from './cart-fixtures';
import { build } from './helpers';

const t = build();

const totalsOf = (taxable: number, cgst: number, igst: number, roundOff: number) => ({
  taxablePaise: taxable,
  cgstPaise: cgst,
  sgstPaise: cgst,
  igstPaise: igst,
  roundOffPaise: roundOff,
  totalPaise: taxable + 2 * cgst + igst + roundOff,
});

async function balances(unit: string) {
  const rows = await accountBalances(t.db, unit, '2099-12-31');
  return Object.fromEntries(rows.filter((r) => r.debit !== null).map((r) => [r.code, Number(r.debit) - Number(r.credit)]));
}

describe('the database refuses books that do not balance', () => {
  it('an unbalanced voucher written by raw SQL fails when the transaction commits', async () => {
    const seller = await unitId(t.db, 'STK-PUN-001');
    // A real chart to post to.
    await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: seller, kind: 'JOURNAL', date: '2026-11-22', documentType: 'JOURNAL', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 100), at: t.clock.now() }));
    const heads = await t.db.selectFrom('ledger_accounts').select(['id', 'code']).where('unit_id', '=', seller).where('code', 'in', ['CASH', 'SALES']).execute();
    const cash = heads.find((h) => h.code === 'CASH')!.id;
    const sales = heads.find((h) => h.code === 'SALES')!.id;

    const voucher = randomUUID();
    const write = t.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, created_at) VALUES (${voucher}, ${seller}, 'JOURNAL', '2026-11-22', 'JOURNAL', now())`.execute(trx);
      await sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise) VALUES
        (${voucher}, 1, ${seller}, ${cash}, 10000, 0), (${voucher}, 2, ${seller}, ${sales}, 0, 9999)`.execute(trx);
    });
    await expect(write).rejects.toThrow(/does not balance: 2 lines, debits 10000 paise, credits 9999 paise/);
    expect(await t.db.selectFrom('vouchers').select('id').where('id', '=', voucher).execute()).toEqual([]);

    // A voucher with no lines, or a line added later to a balanced one, is refused the same way.
    const empty = t.db.transaction().execute((trx) => sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, created_at) VALUES (${randomUUID()}, ${seller}, 'JOURNAL', '2026-11-22', 'JOURNAL', now())`.execute(trx));
    await expect(empty).rejects.toThrow(/0 lines/);
    const posted = await t.db.selectFrom('vouchers').select('id').where('unit_id', '=', seller).executeTakeFirstOrThrow();
    const addLine = t.db.transaction().execute((trx) => sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise) VALUES (${posted.id}, 9, ${seller}, ${cash}, 1, 0)`.execute(trx));
    await expect(addLine).rejects.toThrow(/does not balance/);
  });

  it('vouchers and their lines are never updated or deleted; a line cannot use another unit’s head', async () => {
    const seller = await unitId(t.db, 'STK-PUN-001');
    const other = await unitId(t.db, 'STK-MUM-001');
    const id = await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: seller, kind: 'RECEIPT', date: '2026-11-22', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 500), at: t.clock.now() }));
    await expect(sql`UPDATE voucher_lines SET debit_paise = 1 WHERE voucher_id = ${id} AND debit_paise > 0`.execute(t.db)).rejects.toThrow(/never changed or deleted/);
    await expect(sql`DELETE FROM vouchers WHERE id = ${id}`.execute(t.db)).rejects.toThrow(/never changed or deleted/);
    await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: other, kind: 'RECEIPT', date: '2026-11-22', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 500), at: t.clock.now() }));
    const foreignCash = await t.db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', other).where('code', '=', 'CASH').executeTakeFirstOrThrow();
    const theft = t.db.transaction().execute((trx) =>
      postVoucher(trx, { unitId: seller, kind: 'JOURNAL', date: '2026-11-22', documentType: 'JOURNAL', lines: [{ account: { accountId: foreignCash.id }, debitPaise: 1 }, { account: { head: 'CASH' }, creditPaise: 1 }], at: t.clock.now() }),
    );
    await expect(theft).rejects.toMatchObject({ code: 'E0002', statusCode: 404 });
    // Nor can a line sit under another unit's voucher, or carry a date other than its voucher's.
    const ownCash = await t.db.selectFrom('ledger_accounts').select('id').where('unit_id', '=', seller).where('code', '=', 'CASH').executeTakeFirstOrThrow();
    const line = (unit: string, account: string, date: string) =>
      sql`INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise, voucher_date) VALUES (${id}, 9, ${unit}, ${account}, 1, 0, ${date})`.execute(t.db);
    await expect(line(other, foreignCash.id, '2026-11-22')).rejects.toThrow(/voucher_lines_voucher_date/);
    await expect(line(seller, ownCash.id, '2026-11-21')).rejects.toThrow(/voucher_lines_voucher_date/);
  });

  it('postVoucher refuses an unbalanced or one-sided voucher before writing anything', async () => {
    const seller = await unitId(t.db, 'STK-PUN-001');
    const post = (lines: Parameters<typeof postVoucher>[1]['lines']) =>
      t.db.transaction().execute((trx) => postVoucher(trx, { unitId: seller, kind: 'JOURNAL', date: '2026-11-22', documentType: 'JOURNAL', lines, at: t.clock.now() }));
    await expect(post([{ account: { head: 'CASH' }, debitPaise: 100 }, { account: { head: 'SALES' }, creditPaise: 99 }])).rejects.toThrow('does not balance');
    await expect(post([{ account: { head: 'CASH' }, debitPaise: 100, creditPaise: 100 }])).rejects.toThrow('either a debit or a credit');
    await expect(post([{ account: { head: 'CASH' }, debitPaise: 1.5 }, { account: { head: 'SALES' }, creditPaise: 1.5 }])).rejects.toThrow('whole paise');
    expect(await t.db.selectFrom('vouchers').select('id').execute()).toEqual([]);
  });
});

describe('posting documents', () => {
  it('opens the default chart and the party’s head on first use and books a sales invoice, its round-off and the receipt', async () => {
    const seller = await unitId(t.db, 'STK-PUN-001');
    const buyer = await unitId(t.db, 'RTL-MUM-001');
    const at = t.clock.now();
    await t.db.transaction().execute(async (trx) => {
      // ₹2,080.31 rounded down to ₹2,080.00.
      await postVoucher(trx, { unitId: seller, kind: 'SALES', date: '2026-11-22', documentType: 'SALES_INVOICE', lines: taxDocumentLines('SALES_INVOICE', { debtor: buyer }, totalsOf(180493, 13769, 0, -31)), at });
      await postVoucher(trx, { unitId: seller, kind: 'RECEIPT', date: '2026-11-23', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { debtor: buyer }, 'UPI_CLEARING', 100000), at });
    });
    const heads = await t.db.selectFrom('ledger_accounts').select(['code', 'name', 'group_code', 'party_unit_id']).where('unit_id', '=', seller).execute();
    expect(heads.filter((h) => h.party_unit_id === null).map((h) => h.code).sort()).toEqual(Object.keys(SYSTEM_HEADS).sort());
    expect(heads.find((h) => h.party_unit_id === buyer)).toEqual({ code: `DEBTOR:${buyer}`, name: 'Sharma Medical Stores (RTL-MUM-001)', group_code: 'SUNDRY_DEBTORS', party_unit_id: buyer });
    expect(await balances(seller)).toEqual({
      [`DEBTOR:${buyer}`]: 208000 - 100000,
      SALES: -180493,
      OUTPUT_CGST: -13769,
      OUTPUT_SGST: -13769,
      ROUND_OFF: 31,
      UPI_CLEARING: 100000,
    });
  });

  it('books the other three GST documents the mirror way', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const party = await unitId(t.db, 'STK-MUM-001');
    const at = t.clock.now();
    await t.db.transaction().execute(async (trx) => {
      await postVoucher(trx, { unitId: unit, kind: 'CREDIT_NOTE', date: '2026-11-22', documentType: 'CREDIT_NOTE', lines: taxDocumentLines('CREDIT_NOTE', { debtor: party }, totalsOf(10000, 250, 0, 50)), at });
      await postVoucher(trx, { unitId: unit, kind: 'PURCHASE', date: '2026-11-22', documentType: 'PURCHASE_BILL', lines: taxDocumentLines('PURCHASE_BILL', { creditor: party }, totalsOf(20000, 0, 2400, 0)), at });
      await postVoucher(trx, { unitId: unit, kind: 'DEBIT_NOTE', date: '2026-11-22', documentType: 'DEBIT_NOTE', lines: taxDocumentLines('DEBIT_NOTE', { creditor: party }, totalsOf(5000, 0, 600, 0)), at });
    });
    expect(await balances(unit)).toEqual({
      [`DEBTOR:${party}`]: -10550,
      SALES_RETURNS: 10000,
      OUTPUT_CGST: 250,
      OUTPUT_SGST: 250,
      ROUND_OFF: 50,
      [`CREDITOR:${party}`]: -22400 + 5600,
      PURCHASES: 20000,
      INPUT_IGST: 2400 - 600,
      PURCHASE_RETURNS: -5000,
    });
  });

  it('reverses a voucher once, leaving the original untouched and the heads at zero', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const buyer = await unitId(t.db, 'HSP-AMD-001');
    const at = t.clock.now();
    const original = await t.db.transaction().execute((trx) =>
      postVoucher(trx, { unitId: unit, kind: 'SALES', date: '2026-11-22', documentType: 'SALES_INVOICE', documentNumber: 'INV/26-27/000009', lines: taxDocumentLines('SALES_INVOICE', { debtor: buyer }, totalsOf(10000, 0, 1200, 0)), at }),
    );
    const reversal = await t.db.transaction().execute((trx) => reverseVoucher(trx, original, { unitId: unit, date: '2026-11-23', at, narration: 'Cancelled by credit note' }));
    expect(Object.values(await balances(unit)).every((b) => b === 0)).toBe(true);
    expect(await t.db.selectFrom('vouchers').select(['kind', 'reverses_id', 'document_number']).where('id', '=', reversal).executeTakeFirstOrThrow()).toEqual({ kind: 'REVERSAL', reverses_id: original, document_number: 'INV/26-27/000009' });
    const again = t.db.transaction().execute((trx) => reverseVoucher(trx, original, { unitId: unit, date: '2026-11-23', at, narration: 'twice' }));
    await expect(again).rejects.toMatchObject({ code: 'E0009', statusCode: 409 });
    // Another unit cannot reverse it.
    const other = await unitId(t.db, 'STK-MUM-001');
    await expect(t.db.transaction().execute((trx) => reverseVoucher(trx, original, { unitId: other, date: '2026-11-23', at, narration: 'x' }))).rejects.toMatchObject({ code: 'E0002' });
  });

  it('adds custom heads with new names only', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const at = t.clock.now();
    const rent = await t.db.transaction().execute((trx) => createCustomHead(trx, unit, { name: 'Godown Rent', group: 'INDIRECT_EXPENSES' }, at));
    await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: unit, kind: 'PAYMENT', date: '2026-11-22', documentType: 'PAYMENT', lines: [{ account: { accountId: rent }, debitPaise: 1500000 }, { account: { head: 'BANK' }, creditPaise: 1500000 }], at }));
    expect((await balances(unit))[`CUSTOM:${rent}`]).toBe(1500000);
    await expect(t.db.transaction().execute((trx) => createCustomHead(trx, unit, { name: 'godown rent', group: 'INDIRECT_EXPENSES' }, at))).rejects.toMatchObject({ code: 'E0009' });
    await expect(t.db.transaction().execute((trx) => createCustomHead(trx, unit, { name: 'Sales', group: 'SALES' }, at))).rejects.toMatchObject({ code: 'E0009' });
  });
});

describe('gap-free numbering', () => {
  it('50 invoices at once get 1…50 with no gap or duplicate; a rolled-back one gives its number back; April starts again', async () => {
    const unit = await unitId(t.db, 'STK-PUN-001');
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () => t.db.transaction().execute((trx) => nextDocumentNumber(trx, unit, 'INV', '2026-11-22'))),
    );
    expect(numbers.map((n) => n.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(numbers.map((n) => n.number)).size).toBe(50);
    expect(numbers.find((n) => n.serial === 7)!.number).toBe('INV/26-27/000007');

    await expect(
      t.db.transaction().execute(async (trx) => {
        await nextDocumentNumber(trx, unit, 'INV', '2026-11-22');
        throw new Error('the document failed');
      }),
    ).rejects.toThrow('the document failed');
    const next = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, unit, 'INV', '2027-03-31'));
    expect(next.number).toBe('INV/26-27/000051');
    // A new financial year, another series, another unit: each counts from 1.
    const april = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, unit, 'INV', '2027-04-01'));
    const creditNote = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, unit, 'CN', '2026-11-22'));
    const otherUnit = await t.db.transaction().execute(async (trx) => nextDocumentNumber(trx, await unitId(trx, 'STK-MUM-001'), 'INV', '2026-11-22'));
    expect([april.number, creditNote.number, otherUnit.number]).toEqual(['INV/27-28/000001', 'CN/26-27/000001', 'INV/26-27/000001']);
  });
});

describe('GST rate on a date', () => {
  it('takes the most specific HSN on record and the rate in force that day', async () => {
    // Rates outlive the per-test reset: codes of this test only (chapter 01, which the rate master leaves out), removed afterwards.
    await setGstRate(t.db, '0106', '2017-07-01', 1200);
    await setGstRate(t.db, '0106', '2025-09-22', 500);
    await setGstRate(t.db, '01061100', '2026-01-01', 0);
    try {
      const on = (date: string) => gstRatesOn(t.db, ['0106', '01069000', '01061100', '0199', null], date);
      expect(Object.fromEntries(await on('2025-09-21'))).toEqual({ '0106': 1200, '01069000': 1200, '01061100': 1200, '0199': null });
      expect(Object.fromEntries(await on('2026-11-22'))).toEqual({ '0106': 500, '01069000': 500, '01061100': 0, '0199': null });
      expect(Object.fromEntries(await on('2017-06-30'))).toEqual({ '0106': null, '01069000': null, '01061100': null, '0199': null });
    } finally {
      await sql`DELETE FROM hsn_gst_rates WHERE hsn LIKE '0106%'`.execute(t.db);
    }
  });
});
