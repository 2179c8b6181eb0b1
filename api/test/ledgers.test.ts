import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  ACCOUNTING_PATHS,
  BOOKS_PATHS,
  CONNECTIONS_PATHS,
  type AccountHead,
  type ConnectedUserList,
  type CreditNote,
  type HeadsTree,
  type LedgerStatement,
  type OutstandingReport,
  type PartyOutstandingDetail,
  type SalesInvoice,
} from 'shared-api';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { openItems } from '../src/modules/ledger/outstanding';
import { postVoucher, reverseVoucher } from '../src/modules/ledger/post';
import { settlementLines } from '../src/modules/ledger/postings';
import { marketplaceWorld, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { acceptedOrder } from './ledger-fixtures';

const t = build();
const DAY = 86_400;

/** A fresh session (tokens last 15 minutes and these tests move the clock by days). */
async function as(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string, query: Record<string, string | number> = {}) =>
    t.app.inject({ method: 'GET', url, headers: bearer(session), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  return { session, post, get };
}

async function headId(unitCode: string, code: string) {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('unit_id', '=', await unitId(t.db, unitCode))
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Posts straight through the one posting function, as documents do. */
async function post(unitCode: string, v: Omit<Parameters<typeof postVoucher>[1], 'unitId' | 'at'>) {
  const unit = await unitId(t.db, unitCode);
  const id = await t.db.transaction().execute((trx) => postVoucher(trx, { ...v, unitId: unit, at: t.clock.now() }));
  // Vouchers of one day keep the order they were posted in.
  t.clock.advance(1);
  return id;
}

describe('heads', () => {
  it('a unit that never posted sees the whole chart by group; the owner adds a head once; employees may not', async () => {
    const hospital = await as(DEMO.hospital);
    const tree = body<HeadsTree>(await hospital.get(BOOKS_PATHS.heads));
    expect(tree.asOf).toBe('2026-11-22');
    expect(tree.groups.map((g) => g.group)).toEqual([
      'SALES', 'PURCHASES', 'DIRECT_INCOMES', 'INDIRECT_INCOMES', 'DIRECT_EXPENSES', 'INDIRECT_EXPENSES', 'DUTIES_TAXES', 'SUNDRY_DEBTORS',
      'SUNDRY_CREDITORS', 'CASH_IN_HAND', 'BANK_ACCOUNTS', 'STOCK_IN_HAND', 'CURRENT_ASSETS', 'FIXED_ASSETS', 'CURRENT_LIABILITIES', 'LOANS', 'CAPITAL',
    ]);
    const sales = tree.groups.find((g) => g.group === 'SALES')!;
    expect(sales).toMatchObject({ name: 'Sales Accounts', nature: 'INCOME', balancePaise: 0 });
    expect(sales.heads.map((h) => [h.code, h.name, h.balancePaise])).toEqual([
      ['SALES', 'Sales', 0],
      ['SALES_RETURNS', 'Sales Returns', 0],
    ]);

    const added = await hospital.post(BOOKS_PATHS.heads, { name: '  Godown Rent ', group: 'INDIRECT_EXPENSES' });
    expect(added.statusCode).toBe(200);
    expect(body<AccountHead>(added)).toMatchObject({ name: 'Godown Rent', group: 'INDIRECT_EXPENSES', nature: 'EXPENSE', system: false, partyUnitCode: null });
    const again = await hospital.post(BOOKS_PATHS.heads, { name: 'godown rent', group: 'INDIRECT_EXPENSES' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0009']);
    expect((await hospital.post(BOOKS_PATHS.heads, { name: 'X', group: 'INDIRECT_EXPENSES' })).statusCode).toBe(400);

    const employee = await as(DEMO.stockistEmployee);
    const refused = await employee.post(BOOKS_PATHS.heads, { name: 'Petty Cash', group: 'CASH_IN_HAND' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0040']);
    // Employees read the books of their unit.
    expect((await employee.get(BOOKS_PATHS.heads)).statusCode).toBe(200);
  });

  it('balances up to the day; income and expense heads count from the start of its financial year', async () => {
    await post('STK-PUN-001', { kind: 'JOURNAL', date: '2026-02-10', documentType: 'JOURNAL', lines: [{ account: { head: 'CASH' }, debitPaise: 50_000 }, { account: { head: 'SALES' }, creditPaise: 50_000 }] });
    await post('STK-PUN-001', { kind: 'JOURNAL', date: '2026-05-10', documentType: 'JOURNAL', lines: [{ account: { head: 'CASH' }, debitPaise: 12_345 }, { account: { head: 'SALES' }, creditPaise: 12_345 }] });
    const stockist = await as(DEMO.stockist);
    const tree = body<HeadsTree>(await stockist.get(BOOKS_PATHS.heads));
    const head = (code: string) => tree.groups.flatMap((g) => g.heads).find((h) => h.code === code)!;
    expect([head('CASH').balancePaise, head('SALES').balancePaise]).toEqual([62_345, -12_345]);
    expect(tree.groups.find((g) => g.group === 'CASH_IN_HAND')!.balancePaise).toBe(62_345);
    const march = body<HeadsTree>(await stockist.get(BOOKS_PATHS.heads, { asOf: '2026-03-31' }));
    expect(march.groups.find((g) => g.group === 'SALES')!.heads.find((h) => h.code === 'SALES')).toMatchObject({ debitPaise: 0, creditPaise: 50_000, balancePaise: -50_000 });
  });
});

describe('ledger statement', () => {
  it('opening, running balance right across pages, particulars, totals and closing; income heads restart each year', async () => {
    // Before the period: +1,000.00 cash (sales of last year) and +200.00 (this year, before `from`).
    await post('STK-PUN-001', { kind: 'JOURNAL', date: '2026-03-15', documentType: 'JOURNAL', lines: [{ account: { head: 'CASH' }, debitPaise: 100_000 }, { account: { head: 'SALES' }, creditPaise: 100_000 }] });
    await post('STK-PUN-001', { kind: 'JOURNAL', date: '2026-09-30', documentType: 'JOURNAL', lines: [{ account: { head: 'CASH' }, debitPaise: 20_000 }, { account: { head: 'SALES' }, creditPaise: 20_000 }] });
    // In the period (October), posted out of date order.
    await post('STK-PUN-001', { kind: 'PAYMENT', date: '2026-10-20', documentType: 'PAYMENT', narration: 'Electricity', lines: [{ account: { head: 'ROUND_OFF' }, debitPaise: 7_000 }, { account: { head: 'CASH' }, creditPaise: 7_000 }] });
    await post('STK-PUN-001', { kind: 'RECEIPT', date: '2026-10-05', documentType: 'RECEIPT', documentNumber: 'RCT/26-27/000001', lines: settlementLines('RECEIPT', { head: 'WALK_IN' }, 'CASH', 30_000) });
    await post('STK-PUN-001', {
      kind: 'SALES',
      date: '2026-10-05',
      documentType: 'SALES_INVOICE',
      lines: [{ account: { head: 'CASH' }, debitPaise: 11_200 }, { account: { head: 'SALES' }, creditPaise: 10_000 }, { account: { head: 'OUTPUT_CGST' }, creditPaise: 600 }, { account: { head: 'OUTPUT_SGST' }, creditPaise: 600 }],
    });
    await post('STK-PUN-001', { kind: 'CONTRA', date: '2026-10-31', documentType: 'CONTRA', lines: [{ account: { head: 'BANK' }, debitPaise: 4_000 }, { account: { head: 'CASH' }, creditPaise: 4_000 }] });
    // After the period: not in it.
    await post('STK-PUN-001', { kind: 'CONTRA', date: '2026-11-01', documentType: 'CONTRA', lines: [{ account: { head: 'BANK' }, debitPaise: 1 }, { account: { head: 'CASH' }, creditPaise: 1 }] });

    const stockist = await as(DEMO.stockist);
    const cash = await headId('STK-PUN-001', 'CASH');
    const period = { accountId: cash, from: '2026-10-01', to: '2026-10-31' };
    const first = body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { ...period, page: 0, pageSize: 2 }));
    const second = body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { ...period, page: 1, pageSize: 2 }));
    expect(first).toMatchObject({ from: '2026-10-01', to: '2026-10-31', openingPaise: 120_000, debitPaise: 41_200, creditPaise: 11_000, closingPaise: 150_200, totalResults: 4, page: 0, pageSize: 2 });
    expect(first.account).toMatchObject({ accountId: cash, code: 'CASH', group: 'CASH_IN_HAND', nature: 'ASSET' });
    // Same day: in the order they were posted.
    expect(first.items.map((e) => [e.date, e.kind, e.debitPaise, e.creditPaise, e.balancePaise, e.particulars])).toEqual([
      ['2026-10-05', 'RECEIPT', 30_000, 0, 150_000, 'Walk-in Customers'],
      ['2026-10-05', 'SALES', 11_200, 0, 161_200, 'Sales, Output CGST, Output SGST'],
    ]);
    expect(first.items[0]).toMatchObject({ documentType: 'RECEIPT', documentNumber: 'RCT/26-27/000001' });
    expect(second.items.map((e) => [e.date, e.kind, e.debitPaise, e.creditPaise, e.balancePaise, e.particulars, e.narration])).toEqual([
      ['2026-10-20', 'PAYMENT', 0, 7_000, 154_200, 'Round Off', 'Electricity'],
      ['2026-10-31', 'CONTRA', 0, 4_000, 150_200, 'Bank', ''],
    ]);
    expect(body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { ...period, page: 2, pageSize: 2 })).items).toEqual([]);

    // Sales (income): October opens with this year's ₹200.00 only, not last year's ₹1,000.00.
    const sales = body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { accountId: await headId('STK-PUN-001', 'SALES'), from: '2026-10-01', to: '2026-10-31' }));
    expect([sales.openingPaise, sales.creditPaise, sales.closingPaise]).toEqual([-20_000, 10_000, -30_000]);
    // The default period is the financial year to date.
    const ytd = body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { accountId: cash }));
    expect([ytd.from, ytd.to, ytd.openingPaise, ytd.closingPaise, ytd.totalResults]).toEqual(['2026-04-01', '2026-11-22', 100_000, 150_199, 6]);

    // Another unit's head, or no head at all: not found. A bad id (a query parameter): 400.
    const retailer = await as(DEMO.retailer);
    for (const res of [await retailer.get(BOOKS_PATHS.ledger, { accountId: cash }), await stockist.get(BOOKS_PATHS.ledger, { accountId: randomUUID() })]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0002']);
    }
    expect((await stockist.get(BOOKS_PATHS.ledger, { accountId: 'cash' })).statusCode).toBe(400);
    expect((await stockist.get(BOOKS_PATHS.ledger, { accountId: cash, from: '2026-11-01', to: '2026-10-01' })).statusCode).toBe(400);

    // Downloads: the same figures as a spreadsheet, a CSV and a PDF.
    const xlsx = await stockist.get(BOOKS_PATHS.ledgerExport, { ...period, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="Ledger-Cash-2026-10-01-2026-10-31.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Ledger: Cash']);
    expect(values(4)).toEqual(['Date', 'Voucher', 'Document', 'Particulars', 'Narration', 'Debit', 'Credit', 'Balance']);
    const cells = (n: number, ...cols: number[]) => cols.map((c) => sheet.getRow(n).getCell(c).value);
    expect(cells(5, 1, 4, 6, 7, 8)).toEqual(['2026-10-01', 'Opening balance', null, null, 1200]);
    expect(cells(6, 1, 2, 3, 4, 6, 7, 8)).toEqual(['2026-10-05', 'RECEIPT', 'RCT/26-27/000001', 'Walk-in Customers', 300, null, 1500]);
    expect(sheet.getRow(6).getCell(8).value).toBe(1500);
    expect(sheet.getRow(9).getCell(8).value).toBe(1502);
    expect(sheet.getRow(10).getCell(4).value).toBe('Closing balance');
    expect(cells(10, 6, 7, 8)).toEqual([412, 110, 1502]);

    const csv = await stockist.get(BOOKS_PATHS.ledgerExport, { ...period, format: 'csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Ledger-Cash-2026-10-01-2026-10-31.csv"');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Date,Voucher,Document,Particulars,Narration,Debit,Credit,Balance',
      '2026-10-01,,,Opening balance,,,,1200.00',
      '2026-10-05,RECEIPT,RCT/26-27/000001,Walk-in Customers,,300.00,,1500.00',
      '2026-10-05,SALES,,"Sales, Output CGST, Output SGST",,112.00,,1612.00',
      '2026-10-20,PAYMENT,,Round Off,Electricity,,70.00,1542.00',
      '2026-10-31,CONTRA,,Bank,,,40.00,1502.00',
      '2026-10-31,,,Closing balance,,412.00,110.00,1502.00',
      '',
    ]);

    const pdf = await stockist.get(BOOKS_PATHS.ledgerExport, { ...period, format: 'pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="Ledger-Cash-2026-10-01-2026-10-31.pdf"');
    const { lines } = await readIsolated('PDF', pdf.rawPayload);
    const text = lines.map((items) => items.map((i) => i.s).join(' ')).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Agarwal Pharma Distributors');
    expect(text).toContain('Ledger: Cash');
    expect(text).toContain('01-10-2026 to 31-10-2026');
    expect(text).toContain('1,612.00 Dr');
    expect(text).toContain('1,502.00 Dr');
    const otherUnit = await retailer.get(BOOKS_PATHS.ledgerExport, { ...period, format: 'pdf' });
    expect([otherUnit.statusCode, otherUnit.json().code]).toEqual([404, 'E0002']);
  });
});

describe('outstanding and ageing', () => {
  /** Agarwal invoices Sharma 10 + 1 free Dolovex at ₹27.50 and 3 Crocivex at ₹15.00, 12 %: ₹358.40 → ₹358.00. */
  async function invoice(w: Awaited<ReturnType<typeof marketplaceWorld>>) {
    const orderId = await acceptedOrder(t.db, {
      sellerCode: 'STK-PUN-001',
      buyerCode: 'RTL-MUM-001',
      lines: [
        { productId: w.dolovex, quantity: 10, freeQuantity: 1, ptrPaise: 2750, batches: [{ batchId: w.batches.punFar, quantity: 11 }] },
        { productId: w.crocivex, quantity: 3, ptrPaise: 1500, batches: [{ batchId: w.batches.crocivex, quantity: 3 }] },
      ],
    });
    const stockist = await as(DEMO.stockist);
    const res = await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId));
    expect(res.statusCode).toBe(200);
    const inv = body<SalesInvoice>(res);
    expect(inv.totals.totalPaise).toBe(35_800);
    return inv;
  }

  it('credit notes and receipts settle the invoice they name, the rest the oldest first; outstanding = the ledger balance, aged by days', async () => {
    const w = await marketplaceWorld(t.db);
    const sharma = await unitId(t.db, 'RTL-MUM-001');
    const a = await invoice(w); // 2026-11-22
    t.clock.advance(40 * DAY);
    const b = await invoice(w); // 2027-01-01
    const stockist = await as(DEMO.stockist);
    // ₹157.00 back on invoice B (4 + 1 Dolovex, 2 Crocivex).
    const cnRes = await stockist.post(ACCOUNTING_PATHS.salesReturns, {
      invoiceId: b.invoiceId,
      lines: [
        { invoicePosition: 1, quantity: 4, freeQuantity: 1, reason: 'WRONG_ITEM', destination: 'SALEABLE' },
        { invoicePosition: 2, quantity: 2, reason: 'DAMAGED', destination: 'NON_SALEABLE' },
      ],
    });
    expect(cnRes.statusCode).toBe(200);
    expect(body<CreditNote>(cnRes).totals.totalPaise).toBe(15_700);
    t.clock.advance(DAY);
    // ₹50.00 received against B, then ₹200.00 on account.
    await post('STK-PUN-001', { kind: 'RECEIPT', date: '2027-01-02', documentType: 'RECEIPT', documentId: b.invoiceId, lines: settlementLines('RECEIPT', { debtor: sharma }, 'BANK', 5_000) });
    await post('STK-PUN-001', { kind: 'RECEIPT', date: '2027-01-02', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { debtor: sharma }, 'BANK', 20_000) });

    const me = await as(DEMO.stockist);
    const debtor = await headId('STK-PUN-001', `DEBTOR:${sharma}`);
    const detail = body<PartyOutstandingDetail>(await me.get(BOOKS_PATHS.partyOutstanding(debtor)));
    expect(detail).toMatchObject({ asOf: '2027-01-02', accountId: debtor, partyName: 'Sharma Medical Stores (RTL-MUM-001)', partyUnitCode: 'RTL-MUM-001', side: 'RECEIVABLE', openCount: 2, oldestOpenDate: '2026-11-22', unallocatedPaise: 0 });
    expect(detail.documents.map((d) => [d.documentType, d.documentId, d.documentNumber, d.date, d.ageDays, d.amountPaise, d.settledPaise, d.outstandingPaise])).toEqual([
      ['SALES_INVOICE', a.invoiceId, a.invoiceNumber, '2026-11-22', 41, 35_800, 20_000, 15_800],
      ['SALES_INVOICE', b.invoiceId, b.invoiceNumber, '2027-01-01', 1, 35_800, 20_700, 15_100],
    ]);
    // = the head's balance: 2 × 358.00 − 157.00 − 50.00 − 200.00.
    expect(detail.outstandingPaise).toBe(30_900);
    const ledger = body<LedgerStatement>(await me.get(BOOKS_PATHS.ledger, { accountId: debtor }));
    expect(ledger.closingPaise).toBe(30_900);
    expect(detail.ageing).toEqual({ d0to30Paise: 15_100, d31to60Paise: 15_800, d61to90Paise: 0, over90Paise: 0 });

    // The same figures for the stores dashboard: per invoice.
    const open = await openItems(t.db, await unitId(t.db, 'STK-PUN-001'), { asOf: '2027-01-02', side: 'RECEIVABLE' });
    expect(open.flatMap((p) => p.items.map((i) => [i.documentType, i.documentId, i.outstandingPaise]))).toEqual([
      ['SALES_INVOICE', a.invoiceId, 15_800],
      ['SALES_INVOICE', b.invoiceId, 15_100],
    ]);

    // The customers list shows it too (Sharma owes Agarwal).
    const retailers = body<ConnectedUserList>(await me.get(CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER')));
    expect(retailers.items.find((r) => r.unitCode === 'RTL-MUM-001')!.outstandingPaise).toBe(30_900);

    // 50 days on: A is 91 days old, B 51.
    t.clock.advance(50 * DAY);
    const later = await as(DEMO.stockist);
    const report = body<OutstandingReport>(await later.get(BOOKS_PATHS.outstanding));
    expect(report).toMatchObject({ asOf: '2027-02-21', side: 'RECEIVABLE', totalPaise: 30_900, ageing: { d0to30Paise: 0, d31to60Paise: 15_100, d61to90Paise: 0, over90Paise: 15_800 } });
    expect(report.parties.map((p) => [p.partyUnitCode, p.outstandingPaise, p.openCount, p.oldestOpenDate])).toEqual([['RTL-MUM-001', 30_900, 2, '2026-11-22']]);
    // As of an earlier day: only what had happened by then.
    const before = body<OutstandingReport>(await later.get(BOOKS_PATHS.outstanding, { asOf: '2026-12-31' }));
    expect([before.totalPaise, before.ageing]).toEqual([35_800, { d0to30Paise: 0, d31to60Paise: 35_800, d61to90Paise: 0, over90Paise: 0 }]);

    // Paid beyond what is owed: every document settled, the rest an advance (negative outstanding, not aged).
    await post('STK-PUN-001', { kind: 'RECEIPT', date: '2027-02-21', documentType: 'RECEIPT', lines: settlementLines('RECEIPT', { debtor: sharma }, 'CASH', 40_000) });
    const advance = body<PartyOutstandingDetail>(await later.get(BOOKS_PATHS.partyOutstanding(debtor)));
    expect([advance.outstandingPaise, advance.unallocatedPaise, advance.documents, advance.openCount]).toEqual([-9_100, 9_100, [], 0]);
    expect(body<LedgerStatement>(await later.get(BOOKS_PATHS.ledger, { accountId: debtor })).closingPaise).toBe(-9_100);

    // Nothing is payable in Agarwal's books; Sharma's own books hold no receivable; Agarwal's heads are not Sharma's.
    expect(body<OutstandingReport>(await later.get(BOOKS_PATHS.outstanding, { side: 'PAYABLE' })).parties).toEqual([]);
    const retailer = await as(DEMO.retailer);
    const foreign = await retailer.get(BOOKS_PATHS.partyOutstanding(debtor));
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'E0002']);
    const notParty = await later.get(BOOKS_PATHS.partyOutstanding(await headId('STK-PUN-001', 'CASH')));
    expect([notParty.statusCode, notParty.json().code]).toEqual([404, 'E0002']);
  });

  it('payables: a payment settles the bill it names, a reversal the bill it reverses, the rest the oldest bill', async () => {
    const mum = await unitId(t.db, 'STK-MUM-001');
    const billA = randomUUID();
    const billB = randomUUID();
    const bill = (id: string, date: string, total: number) =>
      post('STK-PUN-001', { kind: 'PURCHASE', date, documentType: 'PURCHASE_BILL', documentId: id, documentNumber: `B-${id.slice(0, 4)}`, lines: [{ account: { head: 'PURCHASES' }, debitPaise: total }, { account: { creditor: mum }, creditPaise: total }] });
    await bill(billA, '2026-08-01', 100_000);
    const bVoucher = await bill(billB, '2026-10-01', 60_000);
    // A payment naming B settles B first though A is older; one on account settles A.
    await post('STK-PUN-001', { kind: 'PAYMENT', date: '2026-10-05', documentType: 'PURCHASE_BILL_PAYMENT', documentId: billB, lines: settlementLines('PAYMENT', { creditor: mum }, 'BANK', 25_000) });
    await post('STK-PUN-001', { kind: 'JOURNAL', date: '2026-10-06', documentType: 'JOURNAL', lines: [{ account: { creditor: mum }, debitPaise: 1_000 }, { account: { head: 'CASH' }, creditPaise: 1_000 }] });
    // Bill B reversed: what is left of B is settled, the ₹250.00 already paid on it goes to A.
    const pun = await unitId(t.db, 'STK-PUN-001');
    await t.db.transaction().execute((trx) => reverseVoucher(trx, bVoucher, { unitId: pun, date: '2026-10-10', at: t.clock.now(), narration: 'Bill entered twice' }));

    const stockist = await as(DEMO.stockist);
    const creditor = await headId('STK-PUN-001', `CREDITOR:${mum}`);
    const detail = body<PartyOutstandingDetail>(await stockist.get(BOOKS_PATHS.partyOutstanding(creditor)));
    expect(detail.side).toBe('PAYABLE');
    expect(detail.documents.map((d) => [d.documentType, d.documentId, d.amountPaise, d.settledPaise, d.outstandingPaise, d.ageDays])).toEqual([['PURCHASE_BILL', billA, 100_000, 26_000, 74_000, 113]]);
    expect(detail.outstandingPaise).toBe(74_000);
    // Debit − credit of a creditor the unit owes is negative: the same amount, owed by the unit.
    expect(body<LedgerStatement>(await stockist.get(BOOKS_PATHS.ledger, { accountId: creditor })).closingPaise).toBe(-74_000);
    expect(detail.ageing).toEqual({ d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 74_000 });
    const report = body<OutstandingReport>(await stockist.get(BOOKS_PATHS.outstanding, { side: 'PAYABLE' }));
    expect(report.parties.map((p) => [p.partyUnitCode, p.outstandingPaise])).toEqual([['STK-MUM-001', 74_000]]);
    // As of before the reversal: both bills open.
    const october = body<PartyOutstandingDetail>(await stockist.get(BOOKS_PATHS.partyOutstanding(creditor), { asOf: '2026-10-07' }));
    expect(october.documents.map((d) => [d.documentId, d.outstandingPaise])).toEqual([
      [billA, 99_000],
      [billB, 35_000],
    ]);
  });
});
