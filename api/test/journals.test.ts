import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { BOOKS_PATHS, type BooksSettings, type FinancialYears, type JournalsPage, type LedgerStatement, type VoucherView } from 'shared-api';
import { nextDocumentNumber } from '../src/modules/ledger/numbering';
import { postVoucher } from '../src/modules/ledger/post';
import { settlementLines } from '../src/modules/ledger/postings';
import { unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function as(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string | number> = {}) =>
    t.app.inject({ method: 'GET', url, headers: bearer(session), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  return { session, post, get };
}

async function heads(unitCode: string) {
  const unit = await unitId(t.db, unitCode);
  // The chart as any first posting opens it.
  await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: unit, kind: 'RECEIPT', date: '2026-11-01', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 100), at: t.clock.now() }));
  const rows = await t.db.selectFrom('ledger_accounts').select(['id', 'code']).where('unit_id', '=', unit).execute();
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<string, string>;
}

const countVouchers = async () => Number((await t.db.selectFrom('vouchers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('manual journals', () => {
  it('posts a balanced entry numbered JV, lists it with the period’s vouchers by kind', async () => {
    const h = await heads('STK-PUN-001');
    const owner = await as(DEMO.stockist);
    const res = await owner.post(BOOKS_PATHS.journals, {
      date: '2026-11-20',
      narration: 'November rent and electricity',
      lines: [
        { accountId: h.ROUND_OFF, debitPaise: 1_500_000 },
        { accountId: h.DISCOUNT_ALLOWED, debitPaise: 234_550 },
        { accountId: h.BANK, creditPaise: 1_734_550 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const jv = body<VoucherView>(res);
    expect(jv).toMatchObject({ date: '2026-11-20', kind: 'JOURNAL', documentType: 'JOURNAL', documentId: null, documentNumber: 'JV/26-27/000001', narration: 'November rent and electricity', amountPaise: 1_734_550 });
    expect(jv.lines).toEqual([
      { accountId: h.ROUND_OFF, accountName: 'Round Off', debitPaise: 1_500_000, creditPaise: 0 },
      { accountId: h.DISCOUNT_ALLOWED, accountName: 'Discount Allowed', debitPaise: 234_550, creditPaise: 0 },
      { accountId: h.BANK, accountName: 'Bank', debitPaise: 0, creditPaise: 1_734_550 },
    ]);
    const second = body<VoucherView>(await owner.post(BOOKS_PATHS.journals, { date: '2026-11-21', narration: 'Cash deposited', lines: [{ accountId: h.BANK, debitPaise: 5_000 }, { accountId: h.CASH, creditPaise: 5_000 }] }));
    expect(second.documentNumber).toBe('JV/26-27/000002');

    const bank = body<LedgerStatement>(await owner.get(BOOKS_PATHS.ledger, { accountId: h.BANK! }));
    expect(bank.closingPaise).toBe(-1_729_550);

    const page = body<JournalsPage>(await owner.get(BOOKS_PATHS.journals, { from: '2026-11-01', to: '2026-11-30' }));
    expect([page.from, page.to, page.totalResults]).toEqual(['2026-11-01', '2026-11-30', 3]);
    expect(page.items.map((v) => [v.date, v.kind, v.documentNumber, v.amountPaise])).toEqual([
      ['2026-11-21', 'JOURNAL', 'JV/26-27/000002', 5_000],
      ['2026-11-20', 'JOURNAL', 'JV/26-27/000001', 1_734_550],
      ['2026-11-01', 'RECEIPT', null, 100],
    ]);
    expect(page.byKind).toEqual([
      { kind: 'JOURNAL', count: 2, amountPaise: 1_739_550 },
      { kind: 'RECEIPT', count: 1, amountPaise: 100 },
    ]);
    const receipts = body<JournalsPage>(await owner.get(BOOKS_PATHS.journals, { from: '2026-11-01', to: '2026-11-30', kind: 'RECEIPT', page: 0, pageSize: 1 }));
    expect([receipts.totalResults, receipts.items.map((v) => v.kind), receipts.byKind.length]).toEqual([1, ['RECEIPT'], 2]);
    const secondPage = body<JournalsPage>(await owner.get(BOOKS_PATHS.journals, { from: '2026-11-01', to: '2026-11-30', page: 1, pageSize: 2 }));
    expect(secondPage.items.map((v) => v.kind)).toEqual(['RECEIPT']);
  });

  it('refuses an entry that does not balance (E0011), an unknown or foreign head (E0002), one head on both sides, and non-owners', async () => {
    const h = await heads('STK-PUN-001');
    const foreign = await heads('STK-MUM-001');
    const before = await countVouchers();
    const owner = await as(DEMO.stockist);
    const unbalanced = await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId: h.ROUND_OFF, debitPaise: 100_000 }, { accountId: h.BANK, creditPaise: 90_050 }] });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json()).toMatchObject({ code: 'E0011', message: 'Debits ₹1,000.00 and credits ₹900.50 differ by ₹99.50' });

    for (const accountId of [randomUUID(), foreign.CASH!]) {
      const res = await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId, debitPaise: 100 }, { accountId: h.BANK, creditPaise: 100 }] });
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0002']);
    }
    const same = await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Nothing', lines: [{ accountId: h.BANK, debitPaise: 100 }, { accountId: h.BANK, creditPaise: 100 }] });
    expect([same.statusCode, same.json().code, same.json().message]).toEqual([400, 'E0001', 'Bank is both debited and credited: an entry moves money between different heads']);
    // Schema refusals: a line with both sides, one line only.
    expect((await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId: h.BANK, debitPaise: 100, creditPaise: 100 }, { accountId: h.CASH, creditPaise: 100 }] })).statusCode).toBe(400);
    expect((await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId: h.BANK, debitPaise: 100 }] })).statusCode).toBe(400);

    const employee = await as(DEMO.stockistEmployee);
    const refused = await employee.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId: h.ROUND_OFF, debitPaise: 100 }, { accountId: h.BANK, creditPaise: 100 }] });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0040']);
    expect((await employee.get(BOOKS_PATHS.journals)).statusCode).toBe(200);

    // Nothing was written, and no JV number was used up.
    expect(await countVouchers()).toBe(before);
    const ok = body<VoucherView>(await owner.post(BOOKS_PATHS.journals, { date: '2026-11-20', narration: 'Rent', lines: [{ accountId: h.ROUND_OFF, debitPaise: 100 }, { accountId: h.BANK, creditPaise: 100 }] }));
    expect(ok.documentNumber).toBe('JV/26-27/000001');
  });
});

describe('financial years', () => {
  it('lists the years with their ledger profit; the owner closes an ended year once, and nothing can be dated in it after', async () => {
    const h = await heads('STK-PUN-001');
    const pun = await unitId(t.db, 'STK-PUN-001');
    const owner = await as(DEMO.stockist);
    const journal = (date: string, lines: { accountId: string; debitPaise?: number; creditPaise?: number }[]) => owner.post(BOOKS_PATHS.journals, { date, narration: 'Entry', lines });
    // 2025-26: sales 5,000.00, discounts 1,200.00 → profit 3,800.00. 2026-27 so far: sales 700.00.
    expect((await journal('2025-06-01', [{ accountId: h.CASH!, debitPaise: 500_000 }, { accountId: h.SALES!, creditPaise: 500_000 }])).statusCode).toBe(200);
    expect((await journal('2026-03-31', [{ accountId: h.DISCOUNT_ALLOWED!, debitPaise: 120_000 }, { accountId: h.CASH!, creditPaise: 120_000 }])).statusCode).toBe(200);
    expect((await journal('2026-04-01', [{ accountId: h.CASH!, debitPaise: 70_000 }, { accountId: h.SALES!, creditPaise: 70_000 }])).statusCode).toBe(200);

    const years = body<FinancialYears>(await owner.get(BOOKS_PATHS.financialYears));
    expect(years.years).toEqual([
      { financialYear: '2026-27', from: '2026-04-01', to: '2027-03-31', closed: false, closedAt: null, closedBy: null, netProfitPaise: 70_000 },
      { financialYear: '2025-26', from: '2025-04-01', to: '2026-03-31', closed: false, closedAt: null, closedBy: null, netProfitPaise: 380_000 },
    ]);

    const employee = await as(DEMO.stockistEmployee);
    const refused = await employee.post(BOOKS_PATHS.closeFinancialYear('2025-26'));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0040']);
    const running = await owner.post(BOOKS_PATHS.closeFinancialYear('2026-27'));
    expect([running.statusCode, running.json().code, running.json().message]).toEqual([400, 'E0001', 'The financial year 2026-27 ends on 31-03-2027: it can be closed from 01-04-2027']);
    expect((await owner.post(BOOKS_PATHS.closeFinancialYear('2025-27'))).statusCode).toBe(400);

    const closed = await owner.post(BOOKS_PATHS.closeFinancialYear('2025-26'));
    expect(closed.statusCode).toBe(200);
    expect(body(closed)).toEqual({ financialYear: '2025-26', from: '2025-04-01', to: '2026-03-31', closed: true, closedAt: t.clock.now().toISOString(), closedBy: 'Ramesh Agarwal', netProfitPaise: 380_000 });
    const twice = await owner.post(BOOKS_PATHS.closeFinancialYear('2025-26'));
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'E0009']);

    // No entry may be dated in it: a journal, any document through postVoucher, or raw SQL.
    const before = await countVouchers();
    const late = await journal('2026-03-31', [{ accountId: h.CASH!, debitPaise: 100 }, { accountId: h.SALES!, creditPaise: 100 }]);
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([409, 'E0012', 'The financial year 2025-26 is closed: no entry can be dated 31-03-2026']);
    const posting = t.db.transaction().execute((trx) => postVoucher(trx, { unitId: pun, kind: 'RECEIPT', date: '2025-12-01', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 100), at: t.clock.now() }));
    await expect(posting).rejects.toMatchObject({ code: 'E0012', statusCode: 409 });
    const raw = t.db.transaction().execute(async (trx) => {
      const id = randomUUID();
      await sql`INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, created_at) VALUES (${id}, ${pun}, 'JOURNAL', '2025-04-01', 'JOURNAL', now())`.execute(trx);
    });
    await expect(raw).rejects.toThrow('financial year 2025-26 is closed: no voucher may be dated 2025-04-01');
    expect(await countVouchers()).toBe(before);
    // The next year, and other units, carry on.
    expect((await journal('2026-04-02', [{ accountId: h.CASH!, debitPaise: 100 }, { accountId: h.SALES!, creditPaise: 100 }])).statusCode).toBe(200);
    const mum = await unitId(t.db, 'STK-MUM-001');
    await t.db.transaction().execute((trx) => postVoucher(trx, { unitId: mum, kind: 'RECEIPT', date: '2025-12-01', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 100), at: t.clock.now() }));

    // Balances carry forward: cash keeps its history, sales start 2026-27 at zero.
    const cash = body<LedgerStatement>(await owner.get(BOOKS_PATHS.ledger, { accountId: h.CASH! }));
    expect([cash.from, cash.openingPaise, cash.closingPaise]).toEqual(['2026-04-01', 380_000, 380_000 + 70_000 + 100 + 100]);
    const sales = body<LedgerStatement>(await owner.get(BOOKS_PATHS.ledger, { accountId: h.SALES! }));
    expect([sales.openingPaise, sales.closingPaise]).toEqual([0, -70_100]);
    const after = body<FinancialYears>(await owner.get(BOOKS_PATHS.financialYears));
    expect(after.years.map((y) => [y.financialYear, y.closed, y.netProfitPaise])).toEqual([
      ['2026-27', false, 70_100],
      ['2025-26', true, 380_000],
    ]);
  });
});

describe('entry dates (issue 32)', () => {
  it('refuses a journal dated after today or before the first financial year, naming the range; the owner may allow forward dating to the year end', async () => {
    const h = await heads('STK-PUN-001');
    const owner = await as(DEMO.stockist);
    const journal = (date: string) => owner.post(BOOKS_PATHS.journals, { date, narration: 'Entry', lines: [{ accountId: h.CASH!, debitPaise: 100 }, { accountId: h.SALES!, creditPaise: 100 }] });
    const before = await countVouchers();
    // Agarwal joined on 24-08-2026 (2026-27): its books may start with 2025-26.
    expect(body<BooksSettings>(await owner.get(BOOKS_PATHS.booksSettings))).toEqual({ allowForwardDating: false, earliestDate: '2025-04-01', latestDate: '2026-11-22' });
    const tomorrow = await journal('2026-11-23');
    expect([tomorrow.statusCode, tomorrow.json().code, tomorrow.json().message, tomorrow.json().fields]).toEqual([
      400,
      'E0022',
      'This date is outside the allowed range: 23-11-2026 is in the future; entries can be dated from 01-04-2025 to 22-11-2026',
      { date: 'Choose a date from 01-04-2025 to 22-11-2026' },
    ]);
    // Far dates, which all numbered JV/99-00/000001 before.
    expect((await journal('2025-03-31')).json()).toMatchObject({ code: 'E0022' });
    // Far dates: the contract's date range (shared-api IsoDate) refuses them before the books' rule.
    for (const date of ['1900-01-01', '2099-06-01', '9999-12-31']) expect((await journal(date)).json()).toMatchObject({ code: 'E0001' });
    expect(await countVouchers()).toBe(before);
    expect(body<VoucherView>(await journal('2025-04-01')).documentNumber).toBe('JV/25-26/000001');
    expect(body<VoucherView>(await journal('2026-11-22')).documentNumber).toBe('JV/26-27/000001');

    // Forward dating: the owner's choice, up to the last day of the open year.
    const employee = await as(DEMO.stockistEmployee);
    const put = (who: typeof owner, allowForwardDating: boolean) => t.app.inject({ method: 'PUT', url: BOOKS_PATHS.booksSettings, headers: bearer(who.session), payload: { allowForwardDating } });
    expect((await put(employee, true)).statusCode).toBe(403);
    expect(body<BooksSettings>(await put(owner, true))).toEqual({ allowForwardDating: true, earliestDate: '2025-04-01', latestDate: '2027-03-31' });
    expect(body<VoucherView>(await journal('2027-03-31')).documentNumber).toBe('JV/26-27/000002');
    expect((await journal('2027-04-01')).json()).toMatchObject({ code: 'E0022', message: expect.stringContaining('after the open financial year') });
    expect(body<BooksSettings>(await put(owner, false)).latestDate).toBe('2026-11-22');
    expect((await journal('2026-12-01')).json()).toMatchObject({ code: 'E0022' });
  });

  it('numbers no document for a year whose label would repeat another century’s', async () => {
    const pun = await unitId(t.db, 'STK-PUN-001');
    for (const date of ['1999-06-01', '2099-06-01', '9999-12-31']) {
      await expect(t.db.transaction().execute((trx) => nextDocumentNumber(trx, pun, 'JV', date))).rejects.toMatchObject({ code: 'E0022' });
    }
    const a = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, pun, 'JV', '2000-04-01'));
    const b = await t.db.transaction().execute((trx) => nextDocumentNumber(trx, pun, 'JV', '2099-03-31'));
    expect([a.number, b.number]).toEqual(['JV/00-01/000001', 'JV/98-99/000001']);
  });
});

