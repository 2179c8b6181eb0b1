import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { BillRow, BillSide, MoveInKind, PartyRow } from 'shared-api';
import type { Database } from '../src/db/database';
import { tallyXml } from '../src/modules/gst-returns/tally';
import { readMoveInFile } from '../src/modules/move-in/read';
import { amountOf, dayOf, groupOf } from '../src/modules/move-in/read/values';

// Our Tally export, fed these voucher lines instead of the database's: what it writes must read back.
jest.mock('../src/modules/gst-returns/repository', () => {
  const line = (id: string, kind: string, date: string, position: number, account: [string, string, string], debit: number, credit: number) => ({
    id,
    kind,
    voucher_date: date,
    document_number: `DOC-${id}`,
    narration: 'Sale',
    position,
    debit_paise: debit,
    credit_paise: credit,
    line_document_id: null,
    line_document_number: null,
    account_id: account[0],
    code: account[0],
    name: account[1],
    group_code: account[2],
  });
  const shah: [string, string, string] = ['CREDITOR:1', 'Shah & Sons <Pharma>', 'SUNDRY_CREDITORS'];
  const sharma: [string, string, string] = ['DEBTOR:2', 'Sharma Medical Stores (RTL-MUM-001)', 'SUNDRY_DEBTORS'];
  return {
    voucherLinesOf: async () => [
      line('v1', 'SALES', '2026-11-02', 1, sharma, 11_200, 0),
      line('v1', 'SALES', '2026-11-02', 2, ['SALES', 'Sales', 'SALES'], 0, 10_000),
      line('v1', 'SALES', '2026-11-02', 3, ['OUTPUT_IGST', 'Output IGST', 'DUTIES_TAXES'], 0, 1_200),
      line('v2', 'PURCHASE', '2026-11-03', 1, ['PURCHASES', 'Purchases', 'PURCHASES'], 5_000, 0),
      line('v2', 'PURCHASE', '2026-11-03', 2, shah, 0, 5_000),
    ],
  };
});

const TODAY = '2026-11-28';
const csv = (rows: (string | number)[][]) => Buffer.from(rows.map((r) => r.map((c) => (/[",]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n'));

async function xlsx(rows: (string | number | Date | null)[][], merges: string[] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  for (const m of merges) sheet.mergeCells(m);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('move-in reader: values as Marg, Busy and Tally print them', () => {
  it('reads en-IN amounts with Dr/Cr, brackets and minus signs as signed paise', () => {
    expect(amountOf('1,23,456.50 Dr')).toEqual({ paise: 12_345_650, side: 'DR' });
    expect(amountOf('1,23,456.50Cr')).toEqual({ paise: -12_345_650, side: 'CR' });
    expect(amountOf('(2,000.00)')).toEqual({ paise: -200_000, side: null });
    expect(amountOf('-45')).toEqual({ paise: -4500, side: null });
    expect(amountOf('₹ 1,200')).toEqual({ paise: 120_000, side: null });
    expect(amountOf(1234.56)).toEqual({ paise: 123_456, side: null });
    expect(amountOf('0.105')).toEqual({ paise: 11, side: null });
    expect(amountOf('12 Dr Cr')).toBeNull();
    expect(amountOf('(12')).toBeNull();
    expect(amountOf('abc')).toBeNull();
  });

  it('reads dd-mm-yyyy, dd/mm/yy, dd-MMM-yy, Tally and Excel dates, and no month-only form', () => {
    expect(dayOf('20-10-2026')).toBe('2026-10-20');
    expect(dayOf('05/09/26')).toBe('2026-09-05');
    expect(dayOf('1-Oct-26')).toBe('2026-10-01');
    expect(dayOf('20261020')).toBe('2026-10-20');
    expect(dayOf(new Date(Date.UTC(2026, 9, 20)))).toBe('2026-10-20');
    expect(dayOf(46315)).toBe('2026-10-20');
    expect(dayOf('10/26')).toBeNull();
    expect(dayOf('31-02-2026')).toBeNull();
  });

  it("names Tally's and Busy's groups by our codes", () => {
    expect(groupOf('Cash-in-Hand')).toBe('CASH_IN_HAND');
    expect(groupOf('Loans (Liability)')).toBe('LOANS');
    expect(groupOf('Unsecured Loans')).toBe('LOANS');
    expect(groupOf('Duties & Taxes')).toBe('DUTIES_TAXES');
    expect(groupOf('Expenses (Indirect/Admn.)')).toBe('INDIRECT_EXPENSES');
    expect(groupOf('Capital A/c')).toBe('CAPITAL');
    expect(groupOf('Rent')).toBeNull();
  });
});

describe('move-in reader: spreadsheets of each kind', () => {
  it('reads a Marg party list in XLSX: title rows, merged cells, group headings, Dr/Cr suffixes, totals skipped, every problem named', async () => {
    const bytes = await xlsx(
      [
        ['SHREE GANESH PHARMA DISTRIBUTORS', null, null, null, null, null],
        ['Party List as on 31-10-2026 (Marg ERP)', null, null, null, null, null],
        [],
        ['Party Name', 'Station', 'GSTIN', 'D.L. No.', 'Mobile', 'Closing Balance'],
        ['SUNDRY DEBTORS', null, null, null, null, null],
        ['Sharma Medical Stores', 'Dadar', '27AAPFU0939F1ZV', '20B-MH-123456, 21B-MH-123457', '+91 98200 00002', '1,23,456.50 Dr'],
        ['Gupta Chemists', 'Thane', '', '', '022-2540000', '(500.00)'],
        ['Bad GSTIN Medicos', 'Pune', '27ABCDE1234F1Z0', '', '', '100.00 Dr'],
        [null, null, null, null, null, '1,22,956.50 Dr'],
        ['SUNDRY CREDITORS', null, null, null, null, null],
        ['Cipla Ltd', 'Mumbai', '', '', '', '12,000.00 Cr'],
        ['Grand Total', null, null, null, null, '1,10,956.50 Dr'],
      ],
      ['A1:F1', 'A2:F2', 'A5:F5', 'A10:F10'],
    );
    const read = await readMoveInFile('PARTIES', 'parties.xlsx', bytes, { today: TODAY });
    expect(read).toMatchObject({ source: 'MARG', fileType: 'XLSX', headerRow: 4, missingFields: [], dataRows: 4 });
    expect(read.parties.map((p) => [p.name, p.role, p.balancePaise, p.stateCode])).toEqual([
      ['Sharma Medical Stores', 'CUSTOMER', 12_345_650, '27'],
      ['Gupta Chemists', 'CUSTOMER', -50_000, null],
      ['Cipla Ltd', 'SUPPLIER', -1_200_000, null],
    ]);
    expect(read.parties[0]).toMatchObject({ gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F', drugLicences: ['20B-MH-123456', '21B-MH-123457'], phone: '9820000002' });
    expect(read.parties[1]!.warnings).toEqual(['phone "022-2540000" is not a mobile number (no SMS invite)']);
    expect(read.rejected).toEqual([{ rowNumber: 8, cells: ['Bad GSTIN Medicos', 'Pune', '27ABCDE1234F1Z0', '', '', '100.00 Dr'], problems: ['GSTIN "27ABCDE1234F1Z0" is not valid'] }]);
  });

  it('reads a Busy account list in CSV with a Dr/Cr column; a party without a group takes its role from its balance, with a warning', async () => {
    const bytes = csv([
      ['A/c Name', 'Alias', 'Group', 'State', 'Op. Bal', 'Closing Bal', 'Dr/Cr'],
      ['Kale Medicals', 'K01', 'Sundry Debtors', 'Maharashtra', '10.00', '2,000.00', 'Dr'],
      ['Mankind Pharma', 'M01', '', 'Delhi', '', '7,500.00', 'Cr'],
      ['Odd Party', '', '', 'Atlantis', '', '1.00', 'Xx'],
    ]);
    const read = await readMoveInFile('PARTIES', 'accounts.csv', bytes, { today: TODAY });
    expect(read.source).toBe('BUSY');
    expect(read.mapping).toMatchObject({ name: 0, code: 1, group: 2, state: 3, balance: 5, balanceSide: 6 });
    expect(read.parties.map((p) => [p.name, p.code, p.role, p.balancePaise, p.stateCode, p.warnings])).toEqual([
      ['Kale Medicals', 'K01', 'CUSTOMER', 200_000, '27', []],
      ['Mankind Pharma', 'M01', 'SUPPLIER', -750_000, '07', ['no group: taken as a supplier from its credit balance']],
    ]);
    expect(read.rejected).toEqual([expect.objectContaining({ rowNumber: 4, problems: ['Dr/Cr "Xx" is neither Dr nor Cr'] })]);
  });

  it('reads an item list', async () => {
    const bytes = csv([
      ['Item Code', 'Item Name', 'Company', 'Packing', 'HSN Code', 'GST %', 'MRP', 'Rate', 'Scheme', 'Barcode'],
      ['D650', 'DOLO 650 TAB', 'MICRO LABS', "15'S", '3004', '12', '33.60', '24.00', '10+1', '8901234567890'],
      ['X1', 'Bad Item', 'X', '', '30A4', 'twelve', '-5', '', '', ''],
    ]);
    const read = await readMoveInFile('ITEMS', 'items.csv', bytes, { today: TODAY });
    expect(read.items).toEqual([
      {
        rowNumber: 2,
        code: 'D650',
        name: 'DOLO 650 TAB',
        manufacturer: 'MICRO LABS',
        pack: "15'S",
        hsn: '3004',
        gstBp: 1200,
        mrpPaise: 3360,
        ptrPaise: 2400,
        ptsPaise: null,
        schemeBuy: 10,
        schemeFree: 1,
        barcode: '8901234567890',
        warnings: [],
      },
    ]);
    expect(read.rejected[0]!.problems).toEqual(['HSN "30A4" is not 4 to 8 digits', 'GST "twelve" is not a rate', 'MRP "-5" is not an amount']);
  });

  it("reads bill-wise outstanding with each party's bills under its name; the side per row from Dr/Cr, else the upload's; nothing pending is skipped", async () => {
    const rows = [
      ['Bill-wise Outstanding as on 31/10/2026'],
      ['Party Name', 'Bill No', 'Bill Dt', 'Bill Amt', 'Pending Amt', 'Due On'],
      ['Sharma Medical Stores', '', '', '', '', ''],
      ['', 'INV/101', '20/10/26', '6,000.00', '5,000.00', '30 Days'],
      ['', 'INV/088', '15-Sep-26', '6,000.00', '6,000.00 Dr', '15-10-2026'],
      ['', 'INV/050', '01-08-2026', '1,000.00', '0.00', ''],
      ['', '', '', '', '11,000.00', ''],
      ['Cipla Ltd', 'CPL-7781', '01-10-2026', '', '12,000.00 Cr', ''],
      ['Kale Medicals', 'INV/900', '01-12-2026', '', '(300)', ''],
      ['Total', '', '', '', '23,000.00', ''],
    ];
    const receivable = await readMoveInFile('BILLS', 'os.csv', csv(rows), { side: 'RECEIVABLE', today: TODAY });
    expect(receivable.bills.map((b) => [b.partyName, b.billNumber, b.billDate, b.dueDate, b.side, b.pendingPaise])).toEqual([
      ['Sharma Medical Stores', 'INV/101', '2026-10-20', '2026-11-19', 'RECEIVABLE', 500_000],
      ['Sharma Medical Stores', 'INV/088', '2026-09-15', '2026-10-15', 'RECEIVABLE', 600_000],
      ['Cipla Ltd', 'CPL-7781', '2026-10-01', null, 'PAYABLE', 1_200_000],
    ]);
    expect(receivable.dataRows).toBe(5);
    expect(receivable.rejected).toEqual([
      expect.objectContaining({ rowNumber: 9, problems: ['bill date 01-12-2026 is in the future', 'pending amount (300) is negative: an advance or a credit, not an open bill'] }),
    ]);
    const unsided = await readMoveInFile('BILLS', 'os.csv', csv(rows), { today: TODAY });
    expect(unsided.bills.map((b) => b.billNumber)).toEqual(['INV/088', 'CPL-7781']);
    expect(unsided.rejected[0]).toMatchObject({ rowNumber: 4, problems: ['no Dr/Cr on the row and no side chosen for the file: say whether these bills are receivable or payable'] });
  });

  it('reads a trial balance: groups from the group column, the head or a heading row; parties, stock and P&L lines told apart', async () => {
    const bytes = csv([
      ['Trial Balance as on 31-Oct-2026'],
      ['Particulars', 'Group', 'Debit', 'Credit'],
      ['Cash', 'Cash-in-Hand', '25,000.00', ''],
      ['Sundry Debtors', '', '22,000.00', ''],
      ['Closing Stock', 'Stock-in-Hand', '80,000.00', ''],
      ['Profit & Loss A/c', '', '', '5,000.00'],
      ['Rent', '', '6,000.00', ''],
      ['Loans (Liability)', '', '', ''],
      ['HDFC Term Loan', '', '', '1,00,000.00'],
      ['Diff. in Opening Balances', '', '1.00', ''],
      ['Grand Total', '', '1,33,000.00', '1,05,000.00'],
    ]);
    const read = await readMoveInFile('TRIAL_BALANCE', 'tb.csv', bytes, { today: TODAY });
    expect(read.source).toBe('SHEET');
    expect(read.trialBalance.map((l) => [l.head, l.group, l.treatment, l.balancePaise, l.warnings])).toEqual([
      ['Cash', 'CASH_IN_HAND', 'POST', 2_500_000, []],
      ['Sundry Debtors', 'SUNDRY_DEBTORS', 'PARTIES_FILE', 2_200_000, []],
      ['Closing Stock', 'STOCK_IN_HAND', 'STOCK_UPLOAD', 8_000_000, []],
      ['Profit & Loss A/c', 'CAPITAL', 'PROFIT_AND_LOSS', -500_000, []],
      ['Rent', null, 'POST', 600_000, ['no group: choose one']],
      ['HDFC Term Loan', 'LOANS', 'POST', -10_000_000, []],
    ]);
    expect(read.rejected.map((r) => r.rowNumber)).toEqual([10]);
  });

  it('names the required columns it cannot find and reads no row; refuses other file types', async () => {
    const read = await readMoveInFile('BILLS', 'os.csv', csv([['Party Name', 'Bill No', 'Amount'], ['A', '1', '5']]), { side: 'RECEIVABLE', today: TODAY });
    expect(read.missingFields).toEqual(['Bill date', 'Pending amount (Dr/Cr)']);
    expect(read.bills).toEqual([]);
    await expect(readMoveInFile('BILLS', 'os.pdf', Buffer.from('%PDF-'), { today: TODAY })).rejects.toMatchObject({ code: 'E0001' });
  });
});

describe('move-in reader: Tally XML', () => {
  it('reads back what our Tally export writes: its party ledgers as customers and suppliers, names unescaped', async () => {
    const written = await tallyXml({} as Database, 'unit', '2026-11-01', '2026-11-30');
    const read = await readMoveInFile('PARTIES', 'tally-vouchers.xml', Buffer.from(written), { today: TODAY });
    expect(read).toMatchObject({ source: 'TALLY', fileType: 'XML', headerRow: 0, dataRows: 2, rejected: [] });
    expect(read.parties.map((p) => [p.name, p.role, p.balancePaise, p.warnings])).toEqual([
      ['Shah & Sons <Pharma>', 'SUPPLIER', null, []],
      ['Sharma Medical Stores (RTL-MUM-001)', 'CUSTOMER', null, []],
    ]);
    const tb = await readMoveInFile('TRIAL_BALANCE', 'tally-vouchers.xml', Buffer.from(written), { today: TODAY });
    expect(tb.dataRows).toBe(5);
    expect(tb.trialBalance).toEqual([]);
  });

  it('reads Tally\'s Bills Receivable report (BILLFIXED, BILLCL, BILLDUE) and refuses XML that is not Tally\'s', async () => {
    const report = Buffer.from(
      [
        '<ENVELOPE>',
        '<BILLFIXED><BILLDATE>1-Oct-26</BILLDATE><BILLREF>INV/1</BILLREF><BILLPARTY>Kale Medicals</BILLPARTY></BILLFIXED>',
        '<BILLCL>-5000.00</BILLCL><BILLDUE>31-Oct-26</BILLDUE><BILLOVERDUE>0</BILLOVERDUE>',
        '<BILLFIXED><BILLDATE>5-Oct-26</BILLDATE><BILLREF>CPL/9</BILLREF><BILLPARTY>Cipla Ltd</BILLPARTY></BILLFIXED>',
        '<BILLCL>1,250.50</BILLCL><BILLDUE>4-Nov-26</BILLDUE><BILLOVERDUE>0</BILLOVERDUE>',
        '</ENVELOPE>',
      ].join(''),
    );
    const read = await readMoveInFile('BILLS', 'bills.xml', report, { today: TODAY });
    expect(read.bills.map((b) => [b.partyName, b.billNumber, b.billDate, b.dueDate, b.side, b.pendingPaise])).toEqual([
      ['Kale Medicals', 'INV/1', '2026-10-01', '2026-10-31', 'RECEIVABLE', 500_000],
      ['Cipla Ltd', 'CPL/9', '2026-10-05', '2026-11-04', 'PAYABLE', 125_050],
    ]);
    await expect(readMoveInFile('PARTIES', 'x.xml', Buffer.from('<html><body>hi</body></html>'), { today: TODAY })).rejects.toMatchObject({ code: 'E0001', statusCode: 400 });
    await expect(readMoveInFile('PARTIES', 'x.xml', Buffer.from('not xml <<<'), { today: TODAY })).rejects.toMatchObject({ code: 'E0001' });
  });
});

// ---- the fixtures of scripts/move-in-fixtures.mjs: Marg-, Busy- and Tally-style files and what they hold ----

const FIXTURES = path.join(__dirname, 'fixtures', 'move-in');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
interface FileExpectation {
  kind: MoveInKind | MoveInKind[];
  source: string;
  fileType: string;
  headerRow: number;
  dataRows: number | Record<string, number>;
  valid: number | Record<string, number>;
  rejected: { rowNumber: number; problems: string[] }[] | Record<string, { rowNumber: number; problems: string[] }[]>;
  side?: BillSide | null;
}
const expected = JSON.parse(fixture('expected.json').toString('utf8')) as {
  today: string;
  files: Record<string, FileExpectation>;
  parties: { name: string; code: string; role: string; gstin: string | null; stateCode: string; phone: string | null; balancePaise: number }[];
  partyTotals: { debitPaise: number; creditPaise: number };
  bills: { side: BillSide; partyName: string; billNumber: string; billDate: string; dueDate: string | null; billAmountPaise: number; pendingPaise: number }[];
  billTotals: Record<BillSide, { count: number; pendingPaise: number }>;
  trialBalance: { lines: { head: string; group: string; treatment: string; balancePaise: number }[]; debitPaise: number; creditPaise: number };
  items: { code: string; name: string; manufacturer: string; pack: string; hsn: string; gstBp: number; mrpPaise: number; ptrPaise: number; ptsPaise: number }[];
};
const sumOf = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const partyView = (p: PartyRow) => ({ name: p.name, code: p.code, role: p.role, gstin: p.gstin, stateCode: p.stateCode, phone: p.phone, balancePaise: p.balancePaise });
const billView = (b: BillRow) => ({ side: b.side, partyName: b.partyName, billNumber: b.billNumber, billDate: b.billDate, dueDate: b.dueDate, pendingPaise: b.pendingPaise });
const expectedBill = (b: (typeof expected.bills)[number]) => ({ side: b.side, partyName: b.partyName, billNumber: b.billNumber, billDate: b.billDate, dueDate: b.dueDate, pendingPaise: b.pendingPaise });

describe('move-in reader: the Marg, Busy and Tally fixtures give the exact parties, bills and balances', () => {
  const read = (kind: MoveInKind, name: string, side?: BillSide) => readMoveInFile(kind, name, fixture(name), { side, today: expected.today });
  const header = (name: string, kind?: MoveInKind) => {
    const f = expected.files[name]!;
    const pick = <T>(v: T | Record<string, T>): T => (kind && typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, T>)[kind]! : (v as T));
    return { source: f.source, fileType: f.fileType, headerRow: f.headerRow, dataRows: pick(f.dataRows), missingFields: [] };
  };
  const rejectedOf = (name: string, kind?: MoveInKind) => {
    const r = expected.files[name]!.rejected;
    return Array.isArray(r) ? r : r[kind!]!;
  };

  it.each(['marg-parties.xlsx', 'busy-parties.csv'])('%s: every party with its role, GSTIN, state and signed balance; the bad GSTIN rejected', async (name) => {
    const file = await read('PARTIES', name);
    expect(file).toMatchObject(header(name));
    expect(file.parties.map(partyView)).toEqual(expected.parties);
    expect(file.rejected.map((r) => ({ rowNumber: r.rowNumber, problems: r.problems }))).toEqual(rejectedOf(name));
    expect(sumOf(file.parties.filter((p) => p.balancePaise! > 0).map((p) => p.balancePaise!))).toBe(expected.partyTotals.debitPaise);
    expect(-sumOf(file.parties.filter((p) => p.balancePaise! < 0).map((p) => p.balancePaise!))).toBe(expected.partyTotals.creditPaise);
  });

  it('marg-parties.xlsx: drug licences, PAN from the GSTIN, credit days', async () => {
    const sharma = (await read('PARTIES', 'marg-parties.xlsx')).parties[0]!;
    expect(sharma).toMatchObject({ drugLicences: ['20B-MH-MZ1-123456', '21B-MH-MZ1-123457'], pan: sharma.gstin!.slice(2, 12), creditDays: 30, warnings: [] });
  });

  it('marg-outstanding-receivable.xlsx and busy-bills-payable.csv: every open bill, its side, dates and pending; paid bills skipped', async () => {
    const receivable = await read('BILLS', 'marg-outstanding-receivable.xlsx');
    expect(receivable).toMatchObject(header('marg-outstanding-receivable.xlsx'));
    expect(receivable.rejected).toEqual([]);
    const payable = await read('BILLS', 'busy-bills-payable.csv', 'PAYABLE');
    expect(payable).toMatchObject(header('busy-bills-payable.csv'));
    expect(payable.rejected).toEqual([]);
    const bills = [...receivable.bills, ...payable.bills];
    expect(bills.map(billView)).toEqual(expected.bills.map(expectedBill));
    expect(bills.map((b) => b.billAmountPaise)).toEqual(expected.bills.map((b) => b.billAmountPaise));
    for (const side of ['RECEIVABLE', 'PAYABLE'] as const) {
      const ofSide = bills.filter((b) => b.side === side);
      expect({ count: ofSide.length, pendingPaise: sumOf(ofSide.map((b) => b.pendingPaise)) }).toEqual({ count: expected.billTotals[side].count, pendingPaise: expected.billTotals[side].pendingPaise });
    }
  });

  it('trial-balance.xlsx: each head with its group and treatment, Σ Dr = Σ Cr', async () => {
    const tb = await read('TRIAL_BALANCE', 'trial-balance.xlsx');
    expect(tb).toMatchObject(header('trial-balance.xlsx'));
    expect(tb.trialBalance.map((l) => ({ head: l.head, group: l.group, treatment: l.treatment, balancePaise: l.balancePaise }))).toEqual(expected.trialBalance.lines);
    expect(sumOf(tb.trialBalance.map((l) => l.balancePaise))).toBe(expected.trialBalance.debitPaise - expected.trialBalance.creditPaise);
    expect(tb.rejected).toEqual([]);
  });

  it('marg-items.xlsx: every item; the bad HSN rejected', async () => {
    const items = await read('ITEMS', 'marg-items.xlsx');
    expect(items).toMatchObject(header('marg-items.xlsx'));
    expect(items.items.map((i) => ({ code: i.code, name: i.name, manufacturer: i.manufacturer, pack: i.pack, hsn: i.hsn, gstBp: i.gstBp, mrpPaise: i.mrpPaise, ptrPaise: i.ptrPaise, ptsPaise: i.ptsPaise }))).toEqual(expected.items);
    expect(items.rejected.map((r) => ({ rowNumber: r.rowNumber, problems: r.problems }))).toEqual(rejectedOf('marg-items.xlsx'));
  });

  it('tally-masters.xml (UTF-16): one file gives the parties, their bills, every ledger balance and the stock items', async () => {
    const name = 'tally-masters.xml';
    const parties = await read('PARTIES', name);
    expect(parties).toMatchObject({ ...header(name, 'PARTIES'), mapping: {}, headers: [] });
    expect(parties.parties.map(partyView)).toEqual(expected.parties.map((p) => ({ ...p, code: null })));
    expect(parties.rejected.map((r) => ({ rowNumber: r.rowNumber, problems: r.problems }))).toEqual(rejectedOf(name, 'PARTIES'));
    expect(parties.parties[0]).toMatchObject({ address: '12 Ranade Road, Dadar West, Mumbai', pincode: '400028', creditDays: 30 });

    const bills = await read('BILLS', name);
    expect(bills).toMatchObject(header(name, 'BILLS'));
    expect(bills.bills.map(billView)).toEqual(expected.bills.map(expectedBill));

    const tb = await read('TRIAL_BALANCE', name);
    expect(tb).toMatchObject(header(name, 'TRIAL_BALANCE'));
    const byHead = new Map(tb.trialBalance.map((l) => [l.head, l]));
    for (const l of expected.trialBalance.lines.filter((x) => x.treatment === 'POST' || x.treatment === 'PROFIT_AND_LOSS')) {
      expect(byHead.get(l.head)).toMatchObject({ group: l.group, treatment: l.treatment, balancePaise: l.balancePaise });
    }
    for (const p of expected.parties.filter((x) => x.balancePaise !== 0)) {
      expect(byHead.get(p.name)).toMatchObject({ group: p.role === 'CUSTOMER' ? 'SUNDRY_DEBTORS' : 'SUNDRY_CREDITORS', treatment: 'PARTIES_FILE', balancePaise: p.balancePaise });
    }
    expect(tb.trialBalance).toHaveLength(expected.files[name]!.valid && (expected.files[name]!.valid as Record<string, number>).TRIAL_BALANCE!);

    const items = await read('ITEMS', name);
    expect(items.items.map((i) => ({ name: i.name, manufacturer: i.manufacturer, hsn: i.hsn, gstBp: i.gstBp, mrpPaise: i.mrpPaise }))).toEqual(
      expected.items.map((i) => ({ name: i.name, manufacturer: i.manufacturer, hsn: i.hsn, gstBp: i.gstBp, mrpPaise: i.mrpPaise })),
    );
  });
});

