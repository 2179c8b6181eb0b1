import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  gstinCheckChar,
  MOVE_IN_PATHS,
  PAYMENTS_PATHS,
  type MoveInImport,
  type MoveInKind,
  type MoveInReport,
  type OutstandingReport,
  type OutstandingSide,
  type PartyOutstandingDetail,
  type TrialBalance,
} from 'shared-api';
import { closeFinancialYear } from '../src/modules/ledger/years';
import { DEMO, bearer, body, build, login } from './helpers';
import { multipart } from './inventory-fixtures';

const t = build();

/** Thane Pharma Distributors: a stockist on the platform with no books yet, moving in. */
const MOVER = '9800000202';

type Headers = Record<string, string>;

async function owner(mobile = MOVER): Promise<Headers> {
  return bearer(await login(t.app, mobile));
}

const csv = (rows: (string | number)[][]) => Buffer.from(rows.map((r) => r.map((c) => (/[",]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n'));

async function upload(headers: Headers, kind: string | null, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = multipart(name, bytes, { ...(kind === null ? {} : { kind }), ...fields });
  return t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...headers, ...form.headers }, payload: form.payload });
}

async function previewed(headers: Headers, kind: MoveInKind, name: string, bytes: Buffer, fields: Record<string, string> = {}): Promise<MoveInImport> {
  const res = await upload(headers, kind, name, bytes, fields);
  if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body}`);
  return body<MoveInImport>(res);
}

async function confirm(headers: Headers, importId: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.confirm(importId), headers, payload });
}

async function imported(headers: Headers, kind: MoveInKind, name: string, bytes: Buffer, fields: Record<string, string> = {}, payload: object = {}): Promise<MoveInImport> {
  const preview = await previewed(headers, kind, name, bytes, fields);
  // Imports a minute apart, so the report lists them in order.
  t.clock.advance(60);
  const res = await confirm(headers, preview.importId, payload);
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return body<MoveInImport>(res);
}

async function setDate(headers: Headers, openingDate: string) {
  return t.app.inject({ method: 'PUT', url: MOVE_IN_PATHS.openingDate, headers, payload: { openingDate } });
}

async function report(headers: Headers): Promise<MoveInReport> {
  return body<MoveInReport>(await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.report, headers }));
}

async function outstanding(headers: Headers, side: OutstandingSide, asOf: string): Promise<OutstandingReport> {
  const res = await t.app.inject({ method: 'GET', url: BOOKS_PATHS.outstanding, headers, query: { side, asOf } });
  expect(res.statusCode).toBe(200);
  return body<OutstandingReport>(res);
}

async function unitOf(mobile: string) {
  return t.db.selectFrom('users as u').innerJoin('units as n', 'n.id', 'u.unit_id').select(['n.id', 'n.unit_code', 'n.trade_name', 'u.id as user_id']).where('u.mobile', '=', mobile).executeTakeFirstOrThrow();
}

/** The GSTIN of a unit on the platform (its registration's). */
async function gstinOf(unitCode: string): Promise<string> {
  const row = await t.db.selectFrom('registrations as r').innerJoin('units as u', 'u.id', 'r.unit_id').select('r.gstin').where('u.unit_code', '=', unitCode).where('r.gstin', 'is not', null).executeTakeFirstOrThrow();
  return row.gstin!;
}

/** Everything the move-in wrote into a unit's books, to compare before and after. */
async function books(unitId: string) {
  const { rows } = await sql<{ vouchers: number; lines: number; heads: number; parties: number; bills: number; balances: number }>`
    SELECT (SELECT count(*) FROM vouchers WHERE unit_id = ${unitId})::int AS vouchers,
           (SELECT count(*) FROM voucher_lines WHERE unit_id = ${unitId})::int AS lines,
           (SELECT count(*) FROM ledger_accounts WHERE unit_id = ${unitId})::int AS heads,
           (SELECT count(*) FROM book_parties WHERE unit_id = ${unitId})::int AS parties,
           (SELECT count(*) FROM opening_bills WHERE unit_id = ${unitId})::int AS bills,
           (SELECT count(*) FROM opening_balances WHERE unit_id = ${unitId})::int AS balances`.execute(t.db);
  return rows[0]!;
}

const OPENING = '2026-10-31';

/** A party master as Marg lists it: balances with Dr/Cr, en-IN numbers. */
const partiesFile = (linkedGstin: string) =>
  csv([
    ['Party Name', 'Group', 'GSTIN', 'Phone', 'Balance'],
    ['Sharma Medical Stores', 'Sundry Debtors', linkedGstin, '9800000002', '15,000.00 Dr'],
    ['Gupta Chemists', 'Sundry Debtors', '', '9822000001', '5,000.00 Dr'],
    ['Kale Medicals', 'Sundry Debtors', '', '', '2,000.00 Dr'],
    ['Cipla Ltd', 'Sundry Creditors', '', '', '12,000.00 Cr'],
  ]);

const receivableBills = csv([
  ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
  ['Sharma Medical Stores', 'INV/25-26/101', '20-10-2026', '5,000.00'],
  ['Sharma Medical Stores', 'INV/25-26/088', '15-09-2026', '6,000.00'],
  ['Kale Medicals', 'INV/25-26/020', '01-07-2026', '3,000.00'],
]);

const payableBills = csv([
  ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
  ['Cipla Ltd', 'CPL-7781', '01-10-2026', '12,000.00'],
]);

describe('move-in: parties, open bills and balances into the books', () => {
  it('imports parties then bills: each party a head (a platform unit by its GSTIN), a voucher per open bill, the rest on account; outstanding and ageing equal the files', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    const retailer = await unitOf(DEMO.retailer);
    const sharmaGstin = await gstinOf(retailer.unit_code);
    expect((await setDate(headers, OPENING)).statusCode).toBe(200);
    const before = { receivable: await outstanding(headers, 'RECEIVABLE', OPENING), payable: await outstanding(headers, 'PAYABLE', OPENING) };

    const parties = await imported(headers, 'PARTIES', 'parties.csv', partiesFile(sharmaGstin));
    expect(parties).toMatchObject({ status: 'IMPORTED', kind: 'PARTIES', validRows: 4, totals: { debitPaise: 2_200_000, creditPaise: 1_200_000 } });
    expect(parties.result).toMatchObject({ imported: 4, skippedAsAlreadyImported: 0, linkedParties: 1, vouchersPosted: 4 });
    const sales = await imported(headers, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    // Three bills, and the on-account vouchers of Sharma (15,000 − 11,000) and Kale (2,000 − 3,000) corrected.
    expect(sales.result).toMatchObject({ imported: 3, skippedAsAlreadyImported: 0, vouchersPosted: 5 });
    const purchases = await imported(headers, 'BILLS', 'payables.csv', payableBills, { side: 'PAYABLE' });
    expect(purchases.result).toMatchObject({ imported: 1, vouchersPosted: 2 });

    // The linked party's head is the platform unit's debtor head.
    const sharma = await t.db.selectFrom('book_parties as p').innerJoin('ledger_accounts as a', 'a.id', 'p.account_id').select(['p.linked_unit_id', 'a.code', 'a.group_code']).where('p.unit_id', '=', mover.id).where('p.name', '=', 'Sharma Medical Stores').executeTakeFirstOrThrow();
    expect(sharma).toEqual({ linked_unit_id: retailer.id, code: `DEBTOR:${retailer.id}`, group_code: 'SUNDRY_DEBTORS' });
    const gupta = await t.db.selectFrom('book_parties as p').innerJoin('ledger_accounts as a', 'a.id', 'p.account_id').select(['p.id', 'a.code', 'a.name', 'a.group_code']).where('p.unit_id', '=', mover.id).where('p.name', '=', 'Gupta Chemists').executeTakeFirstOrThrow();
    expect(gupta).toEqual({ id: gupta.id, code: `PARTY:${gupta.id}`, name: 'Gupta Chemists', group_code: 'SUNDRY_DEBTORS' });

    // Outstanding on the move-in date: what the files say, party by party, bucket by bucket.
    const receivable = await outstanding(headers, 'RECEIVABLE', OPENING);
    const payable = await outstanding(headers, 'PAYABLE', OPENING);
    expect(receivable.totalPaise - before.receivable.totalPaise).toBe(2_200_000);
    expect(payable.totalPaise - before.payable.totalPaise).toBe(1_200_000);
    const byName = (r: OutstandingReport, name: string) => r.parties.find((p) => p.partyName.startsWith(name));
    // Sharma: 5,000 of 11 days, 6,000 of 46 days, 4,000 on account on the day.
    expect(byName(receivable, 'Sharma Medical Stores')).toMatchObject({ outstandingPaise: 1_500_000, openCount: 3, ageing: { d0to30Paise: 900_000, d31to60Paise: 600_000, d61to90Paise: 0, over90Paise: 0 } });
    expect(byName(receivable, 'Gupta Chemists')).toMatchObject({ outstandingPaise: 500_000, openCount: 1, ageing: { d0to30Paise: 500_000 } });
    // Kale: a 3,000 bill of 122 days, 1,000 of it paid on account (balance 2,000).
    expect(byName(receivable, 'Kale Medicals')).toMatchObject({ outstandingPaise: 200_000, openCount: 1, ageing: { over90Paise: 200_000 } });
    expect(byName(payable, 'Cipla Ltd')).toMatchObject({ outstandingPaise: 1_200_000, openCount: 1, ageing: { d0to30Paise: 1_200_000, d31to60Paise: 0 } });

    const r = await report(headers);
    expect(r).toMatchObject({
      openingDate: OPENING,
      counts: { customers: 3, suppliers: 1, items: 0, receivableBills: 3, payableBills: 1, trialBalanceHeads: 0 },
      receivable: { filesPaise: 2_200_000 },
      payable: { filesPaise: 1_200_000 },
      partyMismatches: [],
    });
    expect(r.receivable.booksPaise - before.receivable.totalPaise).toBe(2_200_000);
    expect(r.imports.map((i) => [i.kind, i.fileName, i.rows])).toEqual([
      ['PARTIES', 'parties.csv', 4],
      ['BILLS', 'outstanding.csv', 3],
      ['BILLS', 'payables.csv', 1],
    ]);
    // Every voucher balances and carries the bill: one per open bill, dated the bill's date.
    const bill = await t.db.selectFrom('opening_bills as b').innerJoin('vouchers as v', 'v.id', 'b.voucher_id').select(['v.document_type', 'v.document_id', 'v.document_number', 'v.voucher_date', 'v.kind', 'b.id']).where('b.bill_number', '=', 'INV/25-26/088').where('b.unit_id', '=', mover.id).executeTakeFirstOrThrow();
    expect(bill).toEqual({ document_type: 'OPENING_BILL', document_id: bill.id, document_number: 'INV/25-26/088', voucher_date: '2026-09-15', kind: 'JOURNAL', id: bill.id });
  });

  it('gives the same books whether the bills come before the parties or after', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    expect((await setDate(headers, OPENING)).statusCode).toBe(200);
    // No linked party here: a party first named by a bill keeps its own head.
    const parties = partiesFile('');
    await imported(headers, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    await imported(headers, 'BILLS', 'payables.csv', payableBills, { side: 'PAYABLE' });
    const placeholders = await t.db.selectFrom('book_parties').select(['name', 'listed']).where('unit_id', '=', mover.id).orderBy('name').execute();
    expect(placeholders).toEqual([
      { name: 'Cipla Ltd', listed: false },
      { name: 'Kale Medicals', listed: false },
      { name: 'Sharma Medical Stores', listed: false },
    ]);
    const filled = await imported(headers, 'PARTIES', 'parties.csv', parties);
    expect(filled.result).toMatchObject({ imported: 4, skippedAsAlreadyImported: 0 });
    const billsFirst = await snapshotOf(headers);

    // The other order, in another unit's books (Lohar Chawl Medical Agencies).
    const other = await owner('9800000201');
    expect((await setDate(other, OPENING)).statusCode).toBe(200);
    await imported(other, 'PARTIES', 'parties.csv', parties);
    await imported(other, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    await imported(other, 'BILLS', 'payables.csv', payableBills, { side: 'PAYABLE' });
    expect(await snapshotOf(other)).toEqual(billsFirst);
    expect(billsFirst.report.partyMismatches).toEqual([]);
  });

  it('imports the same file once: a second confirm, or the same bytes again, answer the first result and change nothing', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    await setDate(headers, OPENING);
    const first = await imported(headers, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    const after = await books(mover.id);
    const again = await confirm(headers, first.importId);
    expect(body<MoveInImport>(again)).toEqual(first);
    const second = await previewed(headers, 'BILLS', 'outstanding-copy.csv', receivableBills, { side: 'RECEIVABLE' });
    expect(second).toMatchObject({ status: 'PREVIEW', previousImportId: first.importId });
    const answered = body<MoveInImport>(await confirm(headers, second.importId));
    expect(answered).toEqual(first);
    expect(await books(mover.id)).toEqual(after);
    // Another file holding the same bills: each is skipped as already in the books.
    const overlapping = await imported(headers, 'BILLS', 'outstanding-again.csv', Buffer.concat([receivableBills, Buffer.from('\r\n')]), { side: 'RECEIVABLE' });
    expect(overlapping.result).toMatchObject({ imported: 0, skippedAsAlreadyImported: 3, vouchersPosted: 0 });
    expect(await books(mover.id)).toEqual(after);
  });

  it('skips parties already in the books, by GSTIN or by name', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    await setDate(headers, OPENING);
    const gstin = `27AAAAA0000A1Z${gstinCheckChar('27AAAAA0000A1Z')}`;
    await imported(headers, 'PARTIES', 'parties.csv', partiesFile(gstin));
    const more = await imported(
      headers,
      'PARTIES',
      'more.csv',
      csv([
        ['Party Name', 'Group', 'GSTIN', 'Phone', 'Balance'],
        ['Sharma Medicals (Dadar)', 'Sundry Debtors', gstin, '', '1.00 Dr'],
        ['GUPTA  CHEMISTS', 'Sundry Debtors', '', '', '1.00 Dr'],
        ['Cipla Ltd', 'Sundry Debtors', '', '', '7.00 Dr'],
      ]),
    );
    // Cipla as a customer is another party than Cipla the supplier.
    expect(more.result).toMatchObject({ imported: 1, skippedAsAlreadyImported: 2 });
    const names = await t.db.selectFrom('book_parties').select(['name', 'role']).where('unit_id', '=', mover.id).orderBy('name').orderBy('role').execute();
    expect(names.map((n) => `${n.name} ${n.role}`)).toEqual(['Cipla Ltd CUSTOMER', 'Cipla Ltd SUPPLIER', 'Gupta Chemists CUSTOMER', 'Kale Medicals CUSTOMER', 'Sharma Medical Stores CUSTOMER']);
    // Two heads of one name: the second is told apart.
    const heads = await t.db.selectFrom('ledger_accounts').select('name').where('unit_id', '=', mover.id).where('name', 'like', 'Cipla%').orderBy('name').execute();
    expect(heads.map((h) => h.name)).toEqual(['Cipla Ltd', 'Cipla Ltd (Customer)']);
  });

  it('lets a later receipt settle an opening bill named by its document', async () => {
    const headers = await owner();
    await setDate(headers, OPENING);
    await imported(headers, 'PARTIES', 'parties.csv', partiesFile(''));
    await imported(headers, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    const receivable = await outstanding(headers, 'RECEIVABLE', '2026-11-22');
    const sharma = receivable.parties.find((p) => p.partyName === 'Sharma Medical Stores')!;
    const detail = body<PartyOutstandingDetail>(await t.app.inject({ method: 'GET', url: BOOKS_PATHS.partyOutstanding(sharma.accountId), headers }));
    const newer = detail.documents.find((d) => d.documentNumber === 'INV/25-26/101')!;
    expect(newer).toMatchObject({ documentType: 'OPENING_BILL', outstandingPaise: 500_000 });
    const paid = await t.app.inject({
      method: 'POST',
      url: PAYMENTS_PATHS.submit,
      headers,
      payload: { direction: 'RECEIVED', partyAccountId: sharma.accountId, method: 'CASH', amountPaise: 200_000, paidOn: '2026-11-20', allocation: { mode: 'CHOSEN', items: [{ documentId: newer.documentId, amountPaise: 200_000 }] } },
    });
    expect(paid.statusCode).toBe(200);
    expect(body<{ allocations: unknown[] }>(paid).allocations).toEqual([
      expect.objectContaining({ target: 'OPENING_BILL', documentId: newer.documentId, documentNumber: 'INV/25-26/101', duePaise: 500_000, amountPaise: 200_000 }),
    ]);
    const after = body<PartyOutstandingDetail>(await t.app.inject({ method: 'GET', url: BOOKS_PATHS.partyOutstanding(sharma.accountId), headers }));
    // That bill, not the oldest, took the money.
    expect(after.documents.map((d) => [d.documentNumber, d.outstandingPaise])).toEqual([
      ['INV/25-26/088', 600_000],
      ['INV/25-26/101', 300_000],
      [null, 400_000],
    ]);

    // And a payment to a supplier settles its opening purchase bill the same way.
    await imported(headers, 'BILLS', 'payables.csv', payableBills, { side: 'PAYABLE' });
    const cipla = (await outstanding(headers, 'PAYABLE', '2026-11-22')).parties.find((p) => p.partyName === 'Cipla Ltd')!;
    const owed = body<PartyOutstandingDetail>(await t.app.inject({ method: 'GET', url: BOOKS_PATHS.partyOutstanding(cipla.accountId), headers }));
    const bill = owed.documents.find((d) => d.documentNumber === 'CPL-7781')!;
    const payment = await t.app.inject({
      method: 'POST',
      url: PAYMENTS_PATHS.submit,
      headers,
      payload: { direction: 'PAID', partyAccountId: cipla.accountId, method: 'CASH', amountPaise: 1_200_000, paidOn: '2026-11-21', allocation: { mode: 'CHOSEN', items: [{ documentId: bill.documentId, amountPaise: 1_200_000 }] } },
    });
    expect(payment.statusCode).toBe(200);
    const settled = body<PartyOutstandingDetail>(await t.app.inject({ method: 'GET', url: BOOKS_PATHS.partyOutstanding(cipla.accountId), headers }));
    expect([settled.outstandingPaise, settled.documents]).toEqual([0, []]);
  });
});

/** What a unit's books say of the imported parties: per party its balance and open documents, and the report's figures. */
async function snapshotOf(headers: Headers) {
  const parties = [];
  for (const side of ['RECEIVABLE', 'PAYABLE'] as const) {
    for (const p of (await outstanding(headers, side, OPENING)).parties) {
      const detail = body<PartyOutstandingDetail>(await t.app.inject({ method: 'GET', url: BOOKS_PATHS.partyOutstanding(p.accountId), headers, query: { asOf: OPENING } }));
      parties.push({ side, name: p.partyName, outstanding: p.outstandingPaise, ageing: p.ageing, documents: detail.documents.map((d) => [d.documentType, d.documentNumber, d.date, d.outstandingPaise]), unallocated: detail.unallocatedPaise });
    }
  }
  const r = await report(headers);
  return { parties, report: { counts: r.counts, receivable: r.receivable, payable: r.payable, openingBalancesPaise: r.differencePaise + r.stock.atCostPaise, partyMismatches: r.partyMismatches } };
}

describe('move-in: the opening trial balance and its difference', () => {
  const trialBalance = (capital: string) =>
    csv([
      ['Particulars', 'Group', 'Debit', 'Credit'],
      ['Cash', 'Cash-in-Hand', '25,000.00', ''],
      ['HDFC Bank A/c 0042', 'Bank Accounts', '1,50,000.00', ''],
      ['Furniture & Fixtures', 'Fixed Assets', '40,000.00', ''],
      ['Sundry Debtors', 'Sundry Debtors', '22,000.00', ''],
      ['Sundry Creditors', 'Sundry Creditors', '', '12,000.00'],
      ['Closing Stock', 'Stock-in-Hand', '80,000.00', ''],
      ['Ramesh Capital A/c', 'Capital Account', '', capital],
      ['Rent', '', '6,000.00', ''],
    ]);

  it('posts each head against Opening Balances, reports the difference and, confirmed, moves it to the opening difference', async () => {
    // A unit holding no stock (the hospital): Opening Balances then holds just the difference.
    const headers = await owner(DEMO.hospital);
    const mover = await unitOf(DEMO.hospital);
    await setDate(headers, OPENING);
    const before = await report(headers);
    expect(before.stock.atCostPaise).toBe(0);
    // Nothing imported: there is nothing to confirm.
    const early = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.difference, headers, payload: { differencePaise: before.differencePaise } });
    expect([early.statusCode, early.json().code]).toEqual([409, 'E0026']);

    const preview = await previewed(headers, 'TRIAL_BALANCE', 'tb.csv', trialBalance('3,00,000.00'));
    expect(preview.totals).toEqual({ debitPaise: 32_300_000, creditPaise: 31_200_000 });
    // "Rent" has no group in the file: the owner must choose it.
    const noGroup = await confirm(headers, preview.importId);
    expect([noGroup.statusCode, noGroup.json().code, noGroup.json().message]).toEqual([400, 'E0001', 'Choose the group of each new head first: Rent']);
    const done = await confirm(headers, preview.importId, { groups: { Rent: 'INDIRECT_EXPENSES' } });
    expect(body<MoveInImport>(done).result).toMatchObject({ imported: 8, vouchersPosted: 5 });

    const heads = await t.db
      .selectFrom('opening_balances as o')
      .leftJoin('ledger_accounts as a', 'a.id', 'o.account_id')
      .select(['o.head_name', 'o.treatment', 'a.name', 'a.group_code'])
      .where('o.unit_id', '=', mover.id)
      .orderBy('o.head_name')
      .execute();
    expect(heads).toEqual([
      { head_name: 'Cash', treatment: 'POST', name: 'Cash', group_code: 'CASH_IN_HAND' },
      { head_name: 'Closing Stock', treatment: 'STOCK_UPLOAD', name: null, group_code: null },
      { head_name: 'Furniture & Fixtures', treatment: 'POST', name: 'Furniture & Fixtures', group_code: 'FIXED_ASSETS' },
      { head_name: 'HDFC Bank A/c 0042', treatment: 'POST', name: 'HDFC Bank A/c 0042', group_code: 'BANK_ACCOUNTS' },
      { head_name: 'Ramesh Capital A/c', treatment: 'POST', name: 'Ramesh Capital A/c', group_code: 'CAPITAL' },
      { head_name: 'Rent', treatment: 'POST', name: 'Rent', group_code: 'INDIRECT_EXPENSES' },
      { head_name: 'Sundry Creditors', treatment: 'PARTIES_FILE', name: null, group_code: null },
      { head_name: 'Sundry Debtors', treatment: 'PARTIES_FILE', name: null, group_code: null },
    ]);
    // Posted: 2,21,000 Dr and 3,00,000 Cr against Opening Balances, which holds the 79,000 Dr the file does not
    // balance by once its stock line (80,000, brought by the stock upload) is left aside: the difference.
    const r = await report(headers);
    expect(r.stock).toEqual({ atCostPaise: 0, trialBalancePaise: 8_000_000 });
    expect(r.differencePaise).toBe(7_900_000);
    expect(r.counts.trialBalanceHeads).toBe(8);
    const tb = body<TrialBalance>(await t.app.inject({ method: 'GET', url: ACCOUNTING_PATHS.trialBalance, headers, query: { asOf: OPENING } }));
    const row = (code: string) => tb.rows.find((x) => x.code === code);
    expect(row('OPENING_BALANCES')).toMatchObject({ name: 'Opening Balances', balancePaise: 7_900_000 });
    expect(tb.debitPaise).toBe(tb.creditPaise);

    // A figure the owner did not see is refused; the one shown is posted.
    const stale = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.difference, headers, payload: { differencePaise: r.differencePaise + 100 } });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'E0026']);
    const confirmed = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.difference, headers, payload: { differencePaise: r.differencePaise } });
    expect(confirmed.statusCode).toBe(200);
    expect(body<MoveInReport>(confirmed)).toMatchObject({ differencePaise: 0, differenceConfirmedAt: t.clock.now().toISOString() });
    const balanceOf = async (code: string) =>
      Number(
        (
          await sql<{ net: string | null }>`SELECT sum(l.debit_paise - l.credit_paise) AS net FROM voucher_lines l JOIN ledger_accounts a ON a.id = l.account_id WHERE a.unit_id = ${mover.id} AND a.code = ${code}`.execute(t.db)
        ).rows[0]!.net ?? 0,
      );
    expect(await balanceOf('OPENING_BALANCES')).toBe(0);
    expect(await balanceOf('OPENING_DIFFERENCE')).toBe(7_900_000);
    const after = body<TrialBalance>(await t.app.inject({ method: 'GET', url: ACCOUNTING_PATHS.trialBalance, headers, query: { asOf: OPENING } }));
    expect(after.rows.find((x) => x.code === 'OPENING_DIFFERENCE')).toMatchObject({ name: 'Difference in Opening Balances', balancePaise: 7_900_000 });
    // Once files are in, the date stays.
    const moved = await setDate(headers, '2026-09-30');
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'E0026']);
  });

  it('refuses an import dated in a closed financial year (E0012), writing nothing', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    await setDate(headers, OPENING);
    await closeFinancialYear(t.db, { unitId: mover.id, userId: mover.user_id }, '2025-26', t.clock.now());
    const before = await books(mover.id);
    const old = csv([
      ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
      ['Kale Medicals', 'INV/24-25/900', '10-03-2026', '1,000.00'],
      ['Kale Medicals', 'INV/26-27/001', '10-04-2026', '1,000.00'],
    ]);
    const preview = await previewed(headers, 'BILLS', 'old.csv', old, { side: 'RECEIVABLE' });
    const res = await confirm(headers, preview.importId);
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0012']);
    expect(await books(mover.id)).toEqual(before);
    expect(body<MoveInImport>(await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.detail(preview.importId), headers })).status).toBe('PREVIEW');
  });

  it('imports thousands of bills in one go (chunked bulk statements) with every voucher balanced', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    await setDate(headers, OPENING);
    const rows: (string | number)[][] = [['Party Name', 'Bill No', 'Bill Date', 'Pending Amount']];
    for (let i = 0; i < 4_500; i++) rows.push([`Party ${i % 300}`, `B-${i}`, `${String((i % 28) + 1).padStart(2, '0')}-0${(i % 9) + 1}-2026`, `${(i % 97) + 1}.50`]);
    const done = await imported(headers, 'BILLS', 'many.csv', csv(rows), { side: 'RECEIVABLE' });
    expect(done.result).toMatchObject({ imported: 4_500, vouchersPosted: 4_500 });
    const totals = await sql<{ vouchers: number; debit: string; credit: string }>`
      SELECT count(DISTINCT v.id)::int AS vouchers, sum(l.debit_paise) AS debit, sum(l.credit_paise) AS credit
      FROM vouchers v JOIN voucher_lines l ON l.voucher_id = v.id WHERE v.unit_id = ${mover.id} AND v.document_type = 'OPENING_BILL'`.execute(t.db);
    const expected = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[3]) * 100), 0);
    expect(totals.rows[0]).toEqual({ vouchers: 4_500, debit: String(expected), credit: String(expected) });
    expect((await report(headers)).receivable.filesPaise).toBe(expected);
  });
});

describe('move-in: who may, and bad input', () => {
  it('is the owner’s: an employee is refused (403 E0040)', async () => {
    const employee = bearer(await login(t.app, DEMO.stockistEmployee));
    for (const request of [
      { method: 'GET' as const, url: MOVE_IN_PATHS.report },
      { method: 'PUT' as const, url: MOVE_IN_PATHS.openingDate, payload: { openingDate: OPENING } },
      { method: 'POST' as const, url: MOVE_IN_PATHS.difference, payload: { differencePaise: 0 } },
      { method: 'POST' as const, url: MOVE_IN_PATHS.confirm(randomUUID()), payload: {} },
    ]) {
      const res = await t.app.inject({ ...request, headers: employee });
      expect([request.url, res.statusCode, res.json().code]).toEqual([request.url, 403, 'E0040']);
    }
    const form = multipart('parties.csv', partiesFile(''), { kind: 'PARTIES' });
    const res = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...employee, ...form.headers }, payload: form.payload });
    expect([res.statusCode, res.json().code]).toEqual([403, 'E0040']);
  });

  it('answers bad input with 400 and a clear message: wrong kind, no file, another type of file, a mapping to a column that is not there', async () => {
    const headers = await owner();
    const wrongKind = await upload(headers, 'CUSTOMERS', 'parties.csv', partiesFile(''));
    expect([wrongKind.statusCode, wrongKind.json().code, wrongKind.json().message]).toEqual([400, 'E0001', 'Say what the file holds: PARTIES, ITEMS, BILLS, TRIAL_BALANCE']);
    const noKind = await upload(headers, null, 'parties.csv', partiesFile(''));
    expect([noKind.statusCode, noKind.json().fields]).toEqual([400, { kind: 'One of PARTIES, ITEMS, BILLS, TRIAL_BALANCE' }]);
    const noFile = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\nPARTIES\r\n--x--\r\n' });
    expect([noFile.statusCode, noFile.json().code, noFile.json().message]).toEqual([400, 'E0001', 'A file must be picked']);
    const pdf = await upload(headers, 'PARTIES', 'parties.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect([pdf.statusCode, pdf.json().code, pdf.json().message]).toEqual([400, 'E0001', 'parties.pdf: only Excel (XLSX, XLS), CSV or Tally XML allowed']);
    const farColumn = await upload(headers, 'PARTIES', 'parties.csv', partiesFile(''), { mapping: JSON.stringify({ name: 0, balance: 40 }) });
    expect([farColumn.statusCode, farColumn.json().code, farColumn.json().fields]).toEqual([400, 'E0001', { mapping: expect.any(String) }]);
    expect(farColumn.json().message).toMatch(/column 41/);
    const badMapping = await upload(headers, 'PARTIES', 'parties.csv', partiesFile(''), { mapping: '{"name": "A"' });
    expect([badMapping.statusCode, badMapping.json().fields]).toEqual([400, { mapping: 'Not a valid mapping' }]);
    const badSide = await upload(headers, 'BILLS', 'bills.csv', receivableBills, { side: 'BOTH' });
    expect([badSide.statusCode, badSide.json().fields]).toEqual([400, { side: 'RECEIVABLE or PAYABLE' }]);
    // Importing before the move-in date is set is refused, and names what to do.
    const preview = await previewed(headers, 'PARTIES', 'parties.csv', partiesFile(''));
    const noDate = await confirm(headers, preview.importId);
    expect([noDate.statusCode, noDate.json().code, noDate.json().message]).toEqual([409, 'E0026', 'Set the move-in date first: the day the opening balances are as of']);
    // Another unit's import is not found.
    const other = await owner('9800000201');
    const theirs = await confirm(other, preview.importId);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'E0002']);
  });

  it('downloads the rejected rows with their reasons as CSV', async () => {
    const headers = await owner();
    const late = await previewed(headers, 'BILLS', 'late.csv', csv([['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'], ['Kale Medicals', 'INV/9', '05-11-2026', '10.00']]), { side: 'RECEIVABLE' });
    expect(late.bills[0]!.warnings).toEqual([]);
    await setDate(headers, OPENING);
    const warned = await previewed(headers, 'BILLS', 'late.csv', csv([['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'], ['Kale Medicals', 'INV/9', '05-11-2026', '10.00']]), { side: 'RECEIVABLE' });
    expect(warned.bills[0]!.warnings).toEqual(['Dated after the move-in date (31-10-2026): it is not in the opening balances of that day']);
    const preview = await previewed(
      headers,
      'BILLS',
      'bad.csv',
      csv([
        ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
        ['Kale Medicals', 'INV/1', 'yesterday', '1,000.00'],
        ['Kale Medicals', 'INV/2', '01-10-2026', '1,000.00'],
      ]),
      { side: 'RECEIVABLE' },
    );
    expect(preview.rejectedRows).toBe(1);
    expect(preview.bills[0]!.warnings).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.rejected(preview.importId), headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bad-rejected.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Row,Problems,Party Name,Bill No,Bill Date,Pending Amount');
    expect(lines[1]).toMatch(/^2,.+,Kale Medicals,INV\/1,yesterday,"1,000.00"$/);
  });
});

describe('move-in: two confirms at once', () => {
  it('imports a file once when two confirms of its preview race', async () => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    await setDate(headers, OPENING);
    const preview = await previewed(headers, 'BILLS', 'outstanding.csv', receivableBills, { side: 'RECEIVABLE' });
    const [a, b] = await Promise.all([confirm(headers, preview.importId), confirm(headers, preview.importId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body<MoveInImport>(a)).toEqual(body<MoveInImport>(b));
    expect((await books(mover.id)).bills).toBe(3);
    // And two previews of the same bytes confirmed at once: the second answers the first.
    const again = [await previewed(headers, 'BILLS', 'p1.csv', payableBills, { side: 'PAYABLE' }), await previewed(headers, 'BILLS', 'p2.csv', payableBills, { side: 'PAYABLE' })];
    const [c, d] = await Promise.all(again.map((p) => confirm(headers, p.importId)));
    expect(body<MoveInImport>(c!).importId).toBe(body<MoveInImport>(d!).importId);
    expect((await books(mover.id)).bills).toBe(4);
  });
});

/** mi-read's fixtures (scripts/move-in-fixtures.mjs): the same books as Marg, Busy and Tally export them. */
const FIXTURES = path.join(__dirname, 'fixtures', 'move-in');
interface Ageing {
  d0to30Paise: number;
  d31to60Paise: number;
  d61to90Paise: number;
  over90Paise: number;
}
const EXPECTED = JSON.parse(readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as {
  openingDate: string;
  parties: { name: string; code: string | null; role: 'CUSTOMER' | 'SUPPLIER'; gstin: string | null; stateCode: string | null; phone: string | null; balancePaise: number }[];
  partyTotals: { customers: number; suppliers: number; receivablePaise: number; payablePaise: number };
  bills: { side: OutstandingSide; partyName: string; billNumber: string; billDate: string; dueDate: string | null; billAmountPaise: number | null; pendingPaise: number }[];
  billTotals: Record<OutstandingSide, { count: number; pendingPaise: number; ageing: Ageing }>;
  perParty: { name: string; role: 'CUSTOMER' | 'SUPPLIER'; balancePaise: number; bills: number; onAccountPaise: number; billsAgeing: Ageing }[];
  trialBalance: { lines: { head: string; group: string; treatment: string; balancePaise: number }[]; postedPaise: number; stockPaise: number };
  files: { 'tally-masters.xml': { valid: Record<MoveInKind, number> } };
};

/** Each layout's files, in the order a mover would bring them (Tally's one XML export holds every kind). */
const LAYOUTS: Record<'MARG' | 'BUSY' | 'TALLY', [MoveInKind, string, Record<string, string>?][]> = {
  MARG: [
    ['PARTIES', 'marg-parties.xlsx'],
    ['BILLS', 'marg-outstanding-receivable.xlsx'],
    ['BILLS', 'busy-bills-payable.csv', { side: 'PAYABLE' }],
    ['TRIAL_BALANCE', 'trial-balance.xlsx'],
  ],
  BUSY: [
    ['BILLS', 'marg-outstanding-receivable.xlsx'],
    ['BILLS', 'busy-bills-payable.csv', { side: 'PAYABLE' }],
    ['PARTIES', 'busy-parties.csv'],
    ['TRIAL_BALANCE', 'trial-balance.xlsx'],
  ],
  TALLY: [
    ['PARTIES', 'tally-masters.xml'],
    ['BILLS', 'tally-masters.xml'],
    ['TRIAL_BALANCE', 'tally-masters.xml'],
  ],
};

const plus = (a: Ageing, b: Partial<Ageing>): Ageing => ({
  d0to30Paise: a.d0to30Paise + (b.d0to30Paise ?? 0),
  d31to60Paise: a.d31to60Paise + (b.d31to60Paise ?? 0),
  d61to90Paise: a.d61to90Paise + (b.d61to90Paise ?? 0),
  over90Paise: a.over90Paise + (b.over90Paise ?? 0),
});
const minus = (a: Ageing, b: Ageing): Ageing => plus(a, { d0to30Paise: -b.d0to30Paise, d31to60Paise: -b.d31to60Paise, d61to90Paise: -b.d61to90Paise, over90Paise: -b.over90Paise });

describe('move-in: the Marg, Busy and Tally fixtures', () => {
  it.each(['MARG', 'BUSY', 'TALLY'] as const)('%s: the exact parties, bills and balances; outstanding and ageing on the move-in date equal the files bucket by bucket', async (layout) => {
    const headers = await owner();
    const mover = await unitOf(MOVER);
    const day = EXPECTED.openingDate;
    expect((await setDate(headers, day)).statusCode).toBe(200);
    const before = { RECEIVABLE: await outstanding(headers, 'RECEIVABLE', day), PAYABLE: await outstanding(headers, 'PAYABLE', day) };
    for (const [kind, file, fields] of LAYOUTS[layout]) {
      const done = await imported(headers, kind, file, readFileSync(path.join(FIXTURES, file)), fields);
      expect([file, kind, done.status, done.missingFields]).toEqual([file, kind, 'IMPORTED', []]);
    }

    // The parties as the files list them.
    const parties = await t.db.selectFrom('book_parties').select(['name', 'code', 'role', 'gstin', 'state_code', 'phone', 'file_balance_paise', 'listed']).where('unit_id', '=', mover.id).orderBy('name').execute();
    expect(parties.map((p) => ({ name: p.name, code: p.code, role: p.role, gstin: p.gstin, stateCode: p.state_code, phone: p.phone, balancePaise: Number(p.file_balance_paise), listed: p.listed }))).toEqual(
      // Tally's ledger masters carry no party code.
      [...EXPECTED.parties].sort((a, b) => (a.name < b.name ? -1 : 1)).map((p) => ({ ...p, code: layout === 'TALLY' ? null : p.code, listed: true })),
    );
    // Every open bill, once (the settled one left out).
    const bills = await t.db
      .selectFrom('opening_bills as b')
      .innerJoin('book_parties as p', 'p.id', 'b.party_id')
      .select(['b.side', 'p.name', 'b.bill_number', 'b.bill_date', 'b.due_date', 'b.bill_amount_paise', 'b.pending_paise'])
      .where('b.unit_id', '=', mover.id)
      .orderBy('b.bill_number')
      .execute();
    expect(bills.map((b) => ({ side: b.side, partyName: b.name, billNumber: b.bill_number, billDate: b.bill_date, dueDate: b.due_date, billAmountPaise: b.bill_amount_paise === null ? null : Number(b.bill_amount_paise), pendingPaise: Number(b.pending_paise) }))).toEqual(
      // Tally's bill allocations give what is pending, not the bill's amount.
      EXPECTED.bills.map(({ side, partyName, billNumber, billDate, dueDate, billAmountPaise, pendingPaise }) => ({ side, partyName, billNumber, billDate, dueDate, billAmountPaise: layout === 'TALLY' ? null : billAmountPaise, pendingPaise })).sort((a, b) => (a.billNumber < b.billNumber ? -1 : 1)),
    );

    // Outstanding on the move-in date, party by party: the file's balance, made of its bills (aged from their dates)
    // and what it holds beyond them on account (aged from the move-in date); an advance is not aged.
    for (const side of ['RECEIVABLE', 'PAYABLE'] as const) {
      const report = await outstanding(headers, side, day);
      const role = side === 'RECEIVABLE' ? 'CUSTOMER' : 'SUPPLIER';
      const sign = side === 'RECEIVABLE' ? 1 : -1;
      let ageing = minus(report.ageing, before[side].ageing);
      for (const p of EXPECTED.perParty.filter((x) => x.role === role)) {
        const owed = sign * p.balancePaise;
        const onAccount = sign * p.onAccountPaise;
        const wanted = { outstandingPaise: owed, ageing: plus(p.billsAgeing, { d0to30Paise: Math.max(onAccount, 0) }), openCount: p.bills + (onAccount > 0 ? 1 : 0) };
        const found = report.parties.find((x) => x.partyName === p.name);
        expect({ name: p.name, ...(found ? { outstandingPaise: found.outstandingPaise, ageing: found.ageing, openCount: found.openCount } : { outstandingPaise: 0, ageing: plus(p.billsAgeing, {}), openCount: 0 }) }).toEqual({ name: p.name, ...wanted });
        ageing = minus(ageing, wanted.ageing);
      }
      // Nothing else moved: the side's ageing is the files' bills plus what is on account.
      expect({ side, ageing }).toEqual({ side, ageing: { d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 } });
      expect(report.totalPaise - before[side].totalPaise).toBe(side === 'RECEIVABLE' ? EXPECTED.partyTotals.receivablePaise : EXPECTED.partyTotals.payablePaise);
    }

    // The trial balance's lines, each where it belongs. Tally's lists each party's ledger (PARTIES_FILE, its file
    // brings it) and no stock line (stock is not a ledger there).
    const lines = await t.db.selectFrom('opening_balances').select(['head_name', 'group_code', 'treatment', 'balance_paise']).where('unit_id', '=', mover.id).orderBy('head_name').execute();
    const shown = (l: { treatment: string }) => layout !== 'TALLY' || l.treatment === 'POST' || l.treatment === 'PROFIT_AND_LOSS';
    expect(lines.filter(shown).map((l) => ({ head: l.head_name, group: l.group_code, treatment: l.treatment, balancePaise: Number(l.balance_paise) }))).toEqual(
      [...EXPECTED.trialBalance.lines].filter(shown).sort((a, b) => (a.head < b.head ? -1 : 1)),
    );
    // The P&L account's balance is brought to the capital head "Profit & Loss A/c".
    const profit = await t.db.selectFrom('opening_balances as o').innerJoin('ledger_accounts as a', 'a.id', 'o.account_id').select(['a.name', 'a.group_code']).where('o.unit_id', '=', mover.id).where('o.treatment', '=', 'PROFIT_AND_LOSS').execute();
    expect(profit).toEqual([{ name: 'Profit & Loss A/c', group_code: 'CAPITAL' }]);
    const tbLines = layout === 'TALLY' ? EXPECTED.files['tally-masters.xml'].valid.TRIAL_BALANCE : EXPECTED.trialBalance.lines.length;
    expect(lines.length).toBe(tbLines);

    const r = await report(headers);
    expect(r).toMatchObject({
      counts: { customers: EXPECTED.partyTotals.customers, suppliers: EXPECTED.partyTotals.suppliers, receivableBills: EXPECTED.billTotals.RECEIVABLE.count, payableBills: EXPECTED.billTotals.PAYABLE.count, trialBalanceHeads: tbLines },
      receivable: { filesPaise: EXPECTED.partyTotals.receivablePaise, booksPaise: before.RECEIVABLE.totalPaise + EXPECTED.partyTotals.receivablePaise },
      payable: { filesPaise: EXPECTED.partyTotals.payablePaise, booksPaise: before.PAYABLE.totalPaise + EXPECTED.partyTotals.payablePaise },
      stock: { trialBalancePaise: layout === 'TALLY' ? null : EXPECTED.trialBalance.stockPaise },
      partyMismatches: [],
    });
    // The files balance: what Opening Balances holds is the stock line, so the difference is that stock less the
    // stock brought in at cost (0 once the stock upload brings it).
    expect(r.differencePaise).toBe(EXPECTED.trialBalance.stockPaise - r.stock.atCostPaise);

    // Brought in again, every file changes nothing.
    const after = await books(mover.id);
    for (const [kind, file, fields] of LAYOUTS[layout]) {
      const again = await previewed(headers, kind, file, readFileSync(path.join(FIXTURES, file)), fields);
      expect(again.previousImportId).not.toBeNull();
      expect(body<MoveInImport>(await confirm(headers, again.importId)).importId).toBe(again.previousImportId);
    }
    expect(await books(mover.id)).toEqual(after);
  });
});
