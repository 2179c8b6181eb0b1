#!/usr/bin/env node
// Writes the move-in fixtures (issue 36) to api/test/fixtures/move-in/: a distributor's books as Marg, Busy and Tally
// export them (party lists with title rows, merged cells, group headings, Dr/Cr suffixes or a Dr/Cr column, en-IN
// numbers, dd-mm-yyyy, dd/mm/yy and Excel dates; an item list; bill-wise outstanding receivable and payable; a trial
// balance; Tally's XML masters) and expected.json, the exact parties, bills and balances the files hold: counts, Σ by
// side, each party's balance, bills and ageing (0–30, 31–60, 61–90, 90+ days) as of the opening date.
// Deterministic: the same bytes every run (the workbooks' dates are fixed), so the output is committed.
//   node scripts/move-in-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ExcelJS = createRequire(path.join(root, 'api', 'package.json'))('exceljs');
const OUT = path.join(root, 'api', 'test', 'fixtures', 'move-in');

export const OPENING_DATE = '2026-10-31';
/** The day the tests read the files on (bill dates after it are refused). */
export const TODAY = '2026-11-28';

// ---- the distributor's books ----

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A valid GSTIN: state + PAN + entity 1 + Z + check character (shared-api identifiers.ts). */
function gstin(state, pan) {
  const first14 = `${state}${pan}1Z`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + BASE36[(36 - (sum % 36)) % 36];
}

const rupees = (s) => Math.round(Number(s.replace(/,/g, '')) * 100);

/** balance: + Dr, − Cr (paise, signed from the distributor's view). */
const PARTIES = [
  { code: 'C001', name: 'Sharma Medical Stores', role: 'CUSTOMER', station: 'Dadar', address: '12 Ranade Road, Dadar West, Mumbai', state: 'Maharashtra', pincode: '400028', gstin: gstin('27', 'AAPFS1234K'), dl: ['20B-MH-MZ1-123456', '21B-MH-MZ1-123457'], mobile: '+91 98200 00002', creditDays: 30, creditLimit: '2,00,000.00', balance: rupees('1,23,456.50') },
  { code: 'C002', name: 'Gupta Chemists', role: 'CUSTOMER', station: 'Thane', address: 'Shop 4, Gokhale Road, Thane', state: 'Maharashtra', pincode: '400602', gstin: null, dl: ['20B-TH-22001'], mobile: '9822000001', creditDays: 21, creditLimit: '50,000.00', balance: rupees('15,345.50') },
  { code: 'C003', name: 'Kale Medicals', role: 'CUSTOMER', station: 'Pune', address: 'FC Road, Shivajinagar, Pune', state: 'Maharashtra', pincode: '411005', gstin: gstin('27', 'AMKPK4321L'), dl: [], mobile: '', creditDays: null, creditLimit: '', balance: rupees('25,000.00') },
  { code: 'C004', name: 'Shah & Sons Pharma', role: 'CUSTOMER', station: 'Ahmedabad', address: 'Relief Road, Ahmedabad', state: 'Gujarat', pincode: '380001', gstin: gstin('24', 'AAHFS7788Q'), dl: ['GJ-AHD-20B-9911'], mobile: '9898012345', creditDays: 45, creditLimit: '3,00,000.00', balance: rupees('1,30,000.00') },
  { code: 'C005', name: 'Apollo Clinic Pharmacy', role: 'CUSTOMER', station: 'Bengaluru', address: '80 Feet Road, Indiranagar, Bengaluru', state: 'Karnataka', pincode: '560038', gstin: gstin('29', 'AABCA5566R'), dl: [], mobile: '9845098450', creditDays: 30, creditLimit: '', balance: rupees('13,050.00') },
  { code: 'C006', name: 'New Life Medicos', role: 'CUSTOMER', station: 'Nashik', address: 'College Road, Nashik', state: 'Maharashtra', pincode: '422005', gstin: null, dl: [], mobile: '9421000006', creditDays: null, creditLimit: '', balance: -rupees('2,500.00') },
  { code: 'C007', name: 'Om Sai Medical', role: 'CUSTOMER', station: 'Kalyan', address: '', state: 'Maharashtra', pincode: '', gstin: null, dl: [], mobile: '', creditDays: null, creditLimit: '', balance: 0 },
  { code: 'S001', name: 'Cipla Ltd', role: 'SUPPLIER', station: 'Mumbai', address: 'Cipla House, Lower Parel, Mumbai', state: 'Maharashtra', pincode: '400013', gstin: gstin('27', 'AAACC1450B'), dl: [], mobile: '', creditDays: 60, creditLimit: '', balance: -rupees('1,85,000.00') },
  { code: 'S002', name: 'Mankind Pharma Ltd', role: 'SUPPLIER', station: 'Delhi', address: 'Okhla Phase III, New Delhi', state: 'Delhi', pincode: '110020', gstin: gstin('07', 'AAACM9884K'), dl: [], mobile: '9810098100', creditDays: 45, creditLimit: '', balance: -rupees('62,340.75') },
  { code: 'S003', name: 'Micro Labs Ltd', role: 'SUPPLIER', station: 'Bengaluru', address: 'Race Course Road, Bengaluru', state: 'Karnataka', pincode: '560001', gstin: gstin('29', 'AABCM2266D'), dl: [], mobile: '', creditDays: 30, creditLimit: '', balance: -rupees('48,000.00') },
  { code: 'S004', name: 'Alkem Laboratories Ltd', role: 'SUPPLIER', station: 'Mumbai', address: 'Senapati Bapat Marg, Lower Parel, Mumbai', state: 'Maharashtra', pincode: '400013', gstin: gstin('27', 'AAACA8121P'), dl: [], mobile: '', creditDays: 30, creditLimit: '', balance: -rupees('15,250.00') },
];
/** A row every party file carries and every reader must reject: its GSTIN's check character is wrong. */
const BAD_PARTY = { code: 'C099', name: 'Fake Pharma Distributors', station: 'Pune', gstin: '27ABCDE1234F1Z0', balance: rupees('999.00') };

/** Open bills as of the opening date; pending 0 are paid bills the reports still list (skipped on reading). */
const BILLS = [
  { side: 'RECEIVABLE', party: 'Sharma Medical Stores', number: 'INV/26-27/0101', date: '2026-10-20', amount: '60,000.00', pending: '45,000.00' },
  { side: 'RECEIVABLE', party: 'Sharma Medical Stores', number: 'INV/26-27/0088', date: '2026-09-15', amount: '40,000.00', pending: '40,000.00' },
  { side: 'RECEIVABLE', party: 'Sharma Medical Stores', number: 'INV/26-27/0042', date: '2026-07-10', amount: '15,000.00', pending: '15,000.00' },
  { side: 'RECEIVABLE', party: 'Gupta Chemists', number: 'INV/26-27/0110', date: '2026-10-28', amount: '12,345.50', pending: '12,345.50' },
  { side: 'RECEIVABLE', party: 'Gupta Chemists', number: 'INV/26-27/0075', date: '2026-08-25', amount: '8,000.00', pending: '3,000.00' },
  { side: 'RECEIVABLE', party: 'Kale Medicals', number: 'INV/26-27/0020', date: '2026-05-02', amount: '25,000.00', pending: '25,000.00' },
  { side: 'RECEIVABLE', party: 'Kale Medicals', number: 'INV/26-27/0098', date: '2026-10-01', amount: '7,500.00', pending: '0.00' },
  { side: 'RECEIVABLE', party: 'Shah & Sons Pharma', number: 'INV/26-27/0095', date: '2026-09-30', amount: '1,10,000.00', pending: '1,10,000.00' },
  { side: 'RECEIVABLE', party: 'Shah & Sons Pharma', number: 'INV/26-27/0061', date: '2026-08-01', amount: '20,000.00', pending: '20,000.00' },
  { side: 'RECEIVABLE', party: 'Apollo Clinic Pharmacy', number: 'INV/26-27/0102', date: '2026-10-01', amount: '8,850.00', pending: '8,850.00' },
  { side: 'RECEIVABLE', party: 'Apollo Clinic Pharmacy', number: 'INV/26-27/0080', date: '2026-09-01', amount: '4,200.00', pending: '4,200.00' },
  { side: 'PAYABLE', party: 'Cipla Ltd', number: 'CPL/7781', date: '2026-10-15', amount: '1,20,000.00', pending: '1,20,000.00' },
  { side: 'PAYABLE', party: 'Cipla Ltd', number: 'CPL/7702', date: '2026-08-02', amount: '65,000.00', pending: '65,000.00' },
  { side: 'PAYABLE', party: 'Mankind Pharma Ltd', number: 'MKD-2026-5531', date: '2026-10-05', amount: '62,340.75', pending: '62,340.75' },
  { side: 'PAYABLE', party: 'Micro Labs Ltd', number: 'ML/26/889', date: '2026-06-30', amount: '30,000.00', pending: '30,000.00' },
  { side: 'PAYABLE', party: 'Alkem Laboratories Ltd', number: 'ALK/44120', date: '2026-09-20', amount: '15,250.00', pending: '15,250.00' },
];
const partyOf = (name) => PARTIES.find((p) => p.name === name);
const creditDaysOf = (bill) => partyOf(bill.party).creditDays;

/** Trial balance as of the opening date: + Dr, − Cr. */
const TRIAL_BALANCE = [
  { head: 'Cash', group: 'Cash-in-Hand', code: 'CASH_IN_HAND', balance: rupees('25,000.00') },
  { head: 'HDFC Bank A/c 0042', group: 'Bank Accounts', code: 'BANK_ACCOUNTS', balance: rupees('1,50,000.00') },
  { head: 'Furniture & Fixtures', group: 'Fixed Assets', code: 'FIXED_ASSETS', balance: rupees('40,000.00') },
  { head: 'Sundry Debtors', group: 'Sundry Debtors', code: 'SUNDRY_DEBTORS', balance: PARTIES.filter((p) => p.role === 'CUSTOMER').reduce((s, p) => s + p.balance, 0) },
  { head: 'Closing Stock', group: 'Stock-in-Hand', code: 'STOCK_IN_HAND', balance: rupees('2,80,000.00') },
  { head: 'Rent', group: 'Indirect Expenses', code: 'INDIRECT_EXPENSES', balance: rupees('36,000.00') },
  { head: 'Sundry Creditors', group: 'Sundry Creditors', code: 'SUNDRY_CREDITORS', balance: PARTIES.filter((p) => p.role === 'SUPPLIER').reduce((s, p) => s + p.balance, 0) },
  { head: 'Ramesh Shah Capital A/c', group: 'Capital Account', code: 'CAPITAL', balance: -rupees('4,00,000.00') },
  { head: 'HDFC Term Loan', group: 'Secured Loans', code: 'LOANS', balance: -rupees('1,00,000.00') },
  { head: 'Output GST Payable', group: 'Duties & Taxes', code: 'DUTIES_TAXES', balance: -rupees('4,761.25') },
  { head: 'Profit & Loss A/c', group: '', code: 'CAPITAL', balance: -rupees('20,000.00') },
];
const treatmentOf = (l) => (l.head.startsWith('Profit') ? 'PROFIT_AND_LOSS' : l.code.startsWith('SUNDRY_') ? 'PARTIES_FILE' : l.code === 'STOCK_IN_HAND' ? 'STOCK_UPLOAD' : 'POST');

const ITEMS = [
  { code: 'D650', name: 'DOLO 650 TAB', company: 'MICRO LABS', pack: "15'S", hsn: '30049099', gst: 12, mrp: '33.60', ptr: '24.00', pts: '21.60', scheme: '10+1', barcode: '8901296001234' },
  { code: 'CRO5', name: 'CROCIN ADVANCE 500MG TAB', company: 'GSK', pack: '1X15', hsn: '30049099', gst: 12, mrp: '30.91', ptr: '22.08', pts: '19.87', scheme: '', barcode: '' },
  { code: 'PAN40', name: 'PAN 40 TAB', company: 'ALKEM', pack: "15'S", hsn: '30049099', gst: 12, mrp: '199.00', ptr: '142.14', pts: '127.93', scheme: '', barcode: '' },
  { code: 'AZI5', name: 'AZITHRAL 500 TAB', company: 'ALEMBIC', pack: "3'S", hsn: '30042019', gst: 12, mrp: '119.50', ptr: '85.36', pts: '76.82', scheme: '', barcode: '' },
  { code: 'AUG6', name: 'AUGMENTIN 625 DUO TAB', company: 'GSK', pack: "10'S", hsn: '30041030', gst: 12, mrp: '223.50', ptr: '159.64', pts: '143.68', scheme: '5+1', barcode: '' },
  { code: 'BEN2', name: 'BENADRYL COUGH SYP 100ML', company: 'J&J', pack: '100ML', hsn: '30049011', gst: 12, mrp: '135.00', ptr: '96.43', pts: '86.79', scheme: '', barcode: '' },
  { code: 'MNK1', name: 'MANFORCE 100 TAB', company: 'MANKIND', pack: "4'S", hsn: '30049099', gst: 12, mrp: '172.00', ptr: '122.86', pts: '110.57', scheme: '', barcode: '' },
];
const BAD_ITEM = { code: 'BAD1', name: 'SAMPLE ITEM', company: 'X', pack: '1', hsn: '30A4', gst: 12, mrp: '10.00', ptr: '8.00', pts: '7.00', scheme: '', barcode: '' };

// ---- formatting as the software prints it ----

/** en-IN digit grouping: 1,23,456.50. */
function enIN(paise) {
  const abs = Math.abs(paise);
  const whole = String(Math.floor(abs / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}
const drCr = (paise) => `${enIN(paise)} ${paise < 0 ? 'Cr' : 'Dr'}`;
const [y, m, d] = [0, 1, 2];
const parts = (iso) => iso.split('-');
const ddmmyyyy = (iso) => `${parts(iso)[d]}-${parts(iso)[m]}-${parts(iso)[y]}`;
const ddmmyy = (iso) => `${parts(iso)[d]}/${parts(iso)[m]}/${parts(iso)[y].slice(2)}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ddMMMyy = (iso) => `${Number(parts(iso)[d])}-${MONTHS[Number(parts(iso)[m]) - 1]}-${parts(iso)[y].slice(2)}`;
const utcDate = (iso) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from, to) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const csvLine = (cells) => cells.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',');
const xml = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** exceljs stamps workbooks and zip entries with the time: fixed, so the bytes are the same every run. */
async function workbookBytes(book) {
  const fixed = Date.parse('2026-10-31T18:30:00Z');
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args) {
      super(...(args.length === 0 ? [fixed] : args));
    }
    static now() {
      return fixed;
    }
  }
  book.created = new RealDate(fixed);
  book.modified = new RealDate(fixed);
  book.creator = 'move-in fixtures';
  globalThis.Date = FixedDate;
  try {
    return Buffer.from(await book.xlsx.writeBuffer());
  } finally {
    globalThis.Date = RealDate;
  }
}

const files = {};
const expectedFiles = {};

// ---- Marg: party list (XLSX) ----
{
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Party List');
  const header = ['Code', 'Party Name', 'Station', 'Address', 'State', 'GSTIN', 'D.L. No.', 'Mobile', 'Cr. Days', 'Closing Balance'];
  const width = header.length;
  const line = (cells) => sheet.addRow(cells).number;
  const merged = (text) => {
    const n = line([text]);
    sheet.mergeCells(n, 1, n, width);
    return n;
  };
  merged('SHREE GANESH PHARMA DISTRIBUTORS');
  merged('Shop 7, Princess Street, Mumbai 400002   GSTIN 27AAFFS0000A1Z2');
  merged(`Party List (with balances) as on ${ddmmyyyy(OPENING_DATE)}`);
  line([]);
  const headerRow = line(header);
  const rejected = [];
  const group = (title, role) => {
    merged(title);
    let total = 0;
    for (const p of PARTIES.filter((q) => q.role === role)) {
      line([p.code, p.name, p.station, p.address, p.state, p.gstin ?? '', p.dl.join(', '), p.mobile, p.creditDays ?? '', drCr(p.balance)]);
      total += p.balance;
    }
    if (role === 'CUSTOMER') {
      const n = line([BAD_PARTY.code, BAD_PARTY.name, BAD_PARTY.station, '', 'Maharashtra', BAD_PARTY.gstin, '', '', '', drCr(BAD_PARTY.balance)]);
      rejected.push({ rowNumber: n, problems: [`GSTIN "${BAD_PARTY.gstin}" is not valid`] });
      total += BAD_PARTY.balance;
    }
    // Marg's group subtotal: the amount alone under the balance column.
    const n = line(['', '', '', '', '', '', '', '', '', drCr(total)]);
    sheet.getRow(n).font = { bold: true };
    return total;
  };
  const debtors = group('SUNDRY DEBTORS', 'CUSTOMER');
  const creditors = group('SUNDRY CREDITORS', 'SUPPLIER');
  line(['', 'Grand Total', '', '', '', '', '', '', '', drCr(debtors + creditors)]);
  files['marg-parties.xlsx'] = await workbookBytes(book);
  expectedFiles['marg-parties.xlsx'] = { kind: 'PARTIES', source: 'MARG', fileType: 'XLSX', headerRow, dataRows: PARTIES.length + 1, valid: PARTIES.length, rejected };
}

// ---- Busy: account list (CSV, Dr/Cr column, state names) ----
{
  const lines = [
    csvLine(['Shree Ganesh Pharma Distributors']),
    csvLine(['List of Accounts']),
    csvLine([`As on ${ddmmyy(OPENING_DATE)}`]),
    csvLine(['A/c Name', 'Alias', 'Group', 'Address', 'State', 'Pin Code', 'GSTIN/UIN', 'PAN', 'Mobile No.', 'Credit Limit', 'Op. Bal.', 'Closing Bal.', 'Dr/Cr']),
  ];
  const headerRow = lines.length;
  const rejected = [];
  for (const p of PARTIES) {
    const group = p.role === 'CUSTOMER' ? 'Sundry Debtors' : 'Sundry Creditors';
    lines.push(csvLine([p.name, p.code, group, p.address, p.state, p.pincode, p.gstin ?? '', p.gstin ? p.gstin.slice(2, 12) : '', p.mobile, p.creditLimit, '0.00', enIN(p.balance), p.balance === 0 ? '' : p.balance < 0 ? 'Cr' : 'Dr']));
    if (p === PARTIES[2]) {
      lines.push(csvLine([BAD_PARTY.name, BAD_PARTY.code, 'Sundry Debtors', '', 'Maharashtra', '', BAD_PARTY.gstin, '', '', '', '', enIN(BAD_PARTY.balance), 'Dr']));
      rejected.push({ rowNumber: lines.length, problems: [`GSTIN "${BAD_PARTY.gstin}" is not valid`] });
    }
  }
  files['busy-parties.csv'] = Buffer.from(`${lines.join('\r\n')}\r\n`);
  expectedFiles['busy-parties.csv'] = { kind: 'PARTIES', source: 'BUSY', fileType: 'CSV', headerRow, dataRows: PARTIES.length + 1, valid: PARTIES.length, rejected };
}

// ---- Marg: item list (XLSX) ----
{
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Item List');
  sheet.addRow(['SHREE GANESH PHARMA DISTRIBUTORS']);
  sheet.mergeCells(1, 1, 1, 10);
  sheet.addRow(['Item Master (Marg ERP 9+)']);
  sheet.mergeCells(2, 1, 2, 10);
  const headerRow = sheet.addRow(['Item Code', 'Item Name', 'Company', 'Pack', 'HSN Code', 'GST %', 'MRP', 'PTR', 'PTS', 'Scheme']).number;
  const rejected = [];
  for (const i of [...ITEMS.slice(0, 3), BAD_ITEM, ...ITEMS.slice(3)]) {
    const n = sheet.addRow([i.code, i.name, i.company, i.pack, i.hsn, i.gst, Number(i.mrp), Number(i.ptr), Number(i.pts), i.scheme]).number;
    if (i === BAD_ITEM) rejected.push({ rowNumber: n, problems: [`HSN "${i.hsn}" is not 4 to 8 digits`] });
  }
  files['marg-items.xlsx'] = await workbookBytes(book);
  expectedFiles['marg-items.xlsx'] = { kind: 'ITEMS', source: 'MARG', fileType: 'XLSX', headerRow, dataRows: ITEMS.length + 1, valid: ITEMS.length, rejected };
}

// ---- Marg: bill-wise outstanding, receivable (XLSX: each party's name on a merged row, its bills below, a subtotal) ----
{
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Outstanding');
  const width = 7;
  const merged = (text) => {
    const n = sheet.addRow([text]).number;
    sheet.mergeCells(n, 1, n, width);
    return n;
  };
  merged('SHREE GANESH PHARMA DISTRIBUTORS');
  merged(`Bill-wise Outstanding (Receivable) as on ${ddmmyyyy(OPENING_DATE)}   Marg ERP 9+`);
  const headerRow = sheet.addRow(['Party Name', 'Bill No', 'Bill Dt', 'Bill Amt', 'Pending Amt', 'Due On', 'Days']).number;
  let index = 0;
  let dataRows = 0;
  for (const p of PARTIES.filter((q) => q.role === 'CUSTOMER')) {
    const bills = BILLS.filter((b) => b.side === 'RECEIVABLE' && b.party === p.name);
    if (bills.length === 0) continue;
    merged(p.name);
    for (const b of bills) {
      // Alternately an Excel date cell and dd-mm-yyyy text, as Marg's exports mix them.
      const date = index++ % 2 === 0 ? utcDate(b.date) : ddmmyyyy(b.date);
      const due = creditDaysOf(b) === null ? '' : `${creditDaysOf(b)} Days`;
      const row = sheet.addRow(['', b.number, date, b.amount, `${b.pending} Dr`, due, daysBetween(b.date, OPENING_DATE)]);
      if (date instanceof Date) row.getCell(3).numFmt = 'dd-mm-yyyy';
      dataRows++;
    }
    sheet.addRow(['', '', '', '', drCr(bills.reduce((s, b) => s + rupees(b.pending), 0)), '', '']);
  }
  sheet.addRow(['Grand Total', '', '', '', drCr(BILLS.filter((b) => b.side === 'RECEIVABLE').reduce((s, b) => s + rupees(b.pending), 0)), '', '']);
  files['marg-outstanding-receivable.xlsx'] = await workbookBytes(book);
  const valid = BILLS.filter((b) => b.side === 'RECEIVABLE' && rupees(b.pending) > 0).length;
  expectedFiles['marg-outstanding-receivable.xlsx'] = { kind: 'BILLS', source: 'MARG', fileType: 'XLSX', headerRow, dataRows, valid, rejected: [], side: null };
}

// ---- Busy: bills payable (CSV, dd/mm/yy, a Dr/Cr column; the upload says PAYABLE) ----
{
  const lines = [csvLine(['Shree Ganesh Pharma Distributors']), csvLine([`Bill-wise Details (Payable) as on ${ddmmyy(OPENING_DATE)}`]), '', csvLine(['A/c Name', 'Bill No.', 'Bill Date', 'Bill Amount', 'Balance Amount', 'Dr/Cr', 'Due Date'])];
  const headerRow = lines.length;
  let dataRows = 0;
  for (const b of BILLS.filter((q) => q.side === 'PAYABLE')) {
    const days = creditDaysOf(b);
    lines.push(csvLine([b.party, b.number, ddmmyy(b.date), b.amount, b.pending, 'Cr', days === null ? '' : ddmmyy(addDays(b.date, days))]));
    dataRows++;
  }
  lines.push(csvLine(['Total', '', '', '', enIN(BILLS.filter((b) => b.side === 'PAYABLE').reduce((s, b) => s + rupees(b.pending), 0)), 'Cr', '']));
  files['busy-bills-payable.csv'] = Buffer.from(`${lines.join('\r\n')}\r\n`);
  expectedFiles['busy-bills-payable.csv'] = { kind: 'BILLS', source: 'BUSY', fileType: 'CSV', headerRow, dataRows, valid: dataRows, rejected: [], side: 'PAYABLE' };
}

// ---- Trial balance (XLSX as Tally's Display → Trial Balance exports it to Excel: Debit and Credit columns) ----
{
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Trial Balance');
  sheet.addRow(['Shree Ganesh Pharma Distributors']);
  sheet.mergeCells(1, 1, 1, 4);
  sheet.addRow([`Trial Balance 1-Apr-26 to ${ddMMMyy(OPENING_DATE)}`]);
  sheet.mergeCells(2, 1, 2, 4);
  const headerRow = sheet.addRow(['Particulars', 'Group', 'Debit', 'Credit']).number;
  for (const l of TRIAL_BALANCE) sheet.addRow([l.head, l.group, l.balance > 0 ? enIN(l.balance) : '', l.balance < 0 ? enIN(l.balance) : '']);
  const dr = TRIAL_BALANCE.filter((l) => l.balance > 0).reduce((s, l) => s + l.balance, 0);
  const cr = -TRIAL_BALANCE.filter((l) => l.balance < 0).reduce((s, l) => s + l.balance, 0);
  sheet.addRow(['Grand Total', '', enIN(dr), enIN(cr)]);
  files['trial-balance.xlsx'] = await workbookBytes(book);
  expectedFiles['trial-balance.xlsx'] = { kind: 'TRIAL_BALANCE', source: 'SHEET', fileType: 'XLSX', headerRow, dataRows: TRIAL_BALANCE.length, valid: TRIAL_BALANCE.length, rejected: [] };
}

// ---- Tally: masters XML (groups, ledgers with opening balances and bill allocations, stock items) ----
const TALLY_LEDGERS = TRIAL_BALANCE.filter((l) => !l.code.startsWith('SUNDRY_') && l.code !== 'STOCK_IN_HAND');
{
  // Tally's sign: a debit is negative.
  const tallyAmount = (paise) => (-paise / 100).toFixed(2);
  const tallyDate = (iso) => iso.replace(/-/g, '');
  const messages = [
    // A customer group of the distributor's own under Sundry Debtors: its ledgers are customers too.
    `<GROUP NAME="Mumbai Debtors" ACTION="Create"><NAME>Mumbai Debtors</NAME><PARENT>Sundry Debtors</PARENT></GROUP>`,
  ];
  for (const p of PARTIES) {
    const parent = p.role === 'SUPPLIER' ? 'Sundry Creditors' : p.station === 'Dadar' || p.station === 'Thane' ? 'Mumbai Debtors' : 'Sundry Debtors';
    const bills = BILLS.filter((b) => b.party === p.name);
    messages.push(
      [
        `<LEDGER NAME="${xml(p.name)}" RESERVEDNAME="">`,
        p.address ? `<ADDRESS.LIST TYPE="String">${p.address.split(', ').map((a) => `<ADDRESS>${xml(a)}</ADDRESS>`).join('')}</ADDRESS.LIST>` : '',
        `<PARENT>${xml(parent)}</PARENT>`,
        p.gstin ? `<PARTYGSTIN>${p.gstin}</PARTYGSTIN><GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE>` : '<GSTREGISTRATIONTYPE>Unregistered</GSTREGISTRATIONTYPE>',
        `<LEDSTATENAME>${xml(p.state)}</LEDSTATENAME>`,
        p.pincode ? `<PINCODE>${p.pincode}</PINCODE>` : '',
        p.mobile ? `<LEDGERMOBILE>${xml(p.mobile)}</LEDGERMOBILE>` : '',
        p.creditDays !== null ? `<BILLCREDITPERIOD>${p.creditDays} Days</BILLCREDITPERIOD>` : '',
        '<ISBILLWISEON>Yes</ISBILLWISEON>',
        `<OPENINGBALANCE>${tallyAmount(p.balance)}</OPENINGBALANCE>`,
        ...bills.map((b) =>
          [
            '<BILLALLOCATIONS.LIST>',
            `<NAME>${xml(b.number)}</NAME>`,
            `<BILLDATE>${tallyDate(b.date)}</BILLDATE>`,
            creditDaysOf(b) !== null ? `<BILLCREDITPERIOD>${creditDaysOf(b)} Days</BILLCREDITPERIOD>` : '',
            '<ISADVANCE>No</ISADVANCE>',
            `<OPENINGBALANCE>${tallyAmount((b.side === 'RECEIVABLE' ? 1 : -1) * rupees(b.pending))}</OPENINGBALANCE>`,
            '</BILLALLOCATIONS.LIST>',
          ].join(''),
        ),
        '<LANGUAGENAME.LIST><NAME.LIST TYPE="String">',
        `<NAME>${xml(p.name)}</NAME>`,
        '</NAME.LIST></LANGUAGENAME.LIST>',
        '</LEDGER>',
      ].join(''),
    );
  }
  messages.push(
    [
      `<LEDGER NAME="${xml(BAD_PARTY.name)}" RESERVEDNAME="">`,
      '<PARENT>Sundry Debtors</PARENT>',
      `<PARTYGSTIN>${BAD_PARTY.gstin}</PARTYGSTIN>`,
      `<OPENINGBALANCE>${tallyAmount(BAD_PARTY.balance)}</OPENINGBALANCE>`,
      `<NAME>${xml(BAD_PARTY.name)}</NAME>`,
      '</LEDGER>',
    ].join(''),
  );
  for (const l of TALLY_LEDGERS) {
    const parent = l.head.startsWith('Profit') ? '' : l.group;
    messages.push(`<LEDGER NAME="${xml(l.head)}" RESERVEDNAME=""><PARENT>${xml(parent)}</PARENT><OPENINGBALANCE>${tallyAmount(l.balance)}</OPENINGBALANCE><NAME>${xml(l.head)}</NAME></LEDGER>`);
  }
  for (const i of ITEMS) {
    messages.push(
      [
        `<STOCKITEM NAME="${xml(i.name)}" RESERVEDNAME="">`,
        `<PARENT>${xml(i.company)}</PARENT>`,
        `<BASEUNITS>${xml(i.pack)}</BASEUNITS>`,
        '<GSTDETAILS.LIST>',
        '<APPLICABLEFROM>20260401</APPLICABLEFROM>',
        `<HSNCODE>${i.hsn}</HSNCODE>`,
        '<TAXABILITY>Taxable</TAXABILITY>',
        '<STATEWISEDETAILS.LIST><STATENAME>&#4; Any</STATENAME>',
        `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>Central Tax</GSTRATEDUTYHEAD><GSTRATE>${i.gst / 2}</GSTRATE></RATEDETAILS.LIST>`,
        `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>State Tax</GSTRATEDUTYHEAD><GSTRATE>${i.gst / 2}</GSTRATE></RATEDETAILS.LIST>`,
        `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>Integrated Tax</GSTRATEDUTYHEAD><GSTRATE>${i.gst}</GSTRATE></RATEDETAILS.LIST>`,
        '</STATEWISEDETAILS.LIST>',
        '</GSTDETAILS.LIST>',
        `<MRPDETAILS.LIST><FROMDATE>20260401</FROMDATE><MRPRATEDETAILS.LIST><STATENAME>&#4; Any</STATENAME><MRPRATE>${i.mrp}/${xml(i.pack)}</MRPRATE></MRPRATEDETAILS.LIST></MRPDETAILS.LIST>`,
        `<NAME>${xml(i.name)}</NAME>`,
        '</STOCKITEM>',
      ].join(''),
    );
  }
  const body = [
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY>',
    '<IMPORTDATA>',
    '<REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>Shree Ganesh Pharma Distributors</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>',
    '<REQUESTDATA>',
    ...messages.map((m) => `<TALLYMESSAGE xmlns:UDF="TallyUDF">${m}</TALLYMESSAGE>`),
    '</REQUESTDATA>',
    '</IMPORTDATA>',
    '</BODY>',
    '</ENVELOPE>',
    '',
  ].join('\r\n');
  // Tally writes its XML exports in UTF-16 (little-endian, with a byte-order mark).
  files['tally-masters.xml'] = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
  const partiesRows = PARTIES.length + 1;
  const billRows = BILLS.length;
  expectedFiles['tally-masters.xml'] = {
    kind: ['PARTIES', 'BILLS', 'TRIAL_BALANCE', 'ITEMS'],
    source: 'TALLY',
    fileType: 'XML',
    headerRow: 0,
    dataRows: { PARTIES: partiesRows, BILLS: billRows, TRIAL_BALANCE: PARTIES.length + 1 + TALLY_LEDGERS.length, ITEMS: ITEMS.length },
    valid: { PARTIES: PARTIES.length, BILLS: BILLS.filter((b) => rupees(b.pending) > 0).length, TRIAL_BALANCE: PARTIES.filter((p) => p.balance !== 0).length + 1 /* the rejected party's ledger: a balance all the same */ + TALLY_LEDGERS.length, ITEMS: ITEMS.length },
    rejected: { PARTIES: [{ rowNumber: PARTIES.length + 1, problems: [`GSTIN "${BAD_PARTY.gstin}" is not valid`] }], BILLS: [], TRIAL_BALANCE: [], ITEMS: [] },
  };
}

// ---- what the files say ----

const openBills = BILLS.filter((b) => rupees(b.pending) > 0);
const bucketOf = (days) => (days <= 30 ? 'd0to30Paise' : days <= 60 ? 'd31to60Paise' : days <= 90 ? 'd61to90Paise' : 'over90Paise');
const noAgeing = () => ({ d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 });
const ageingOf = (bills) => {
  const a = noAgeing();
  for (const b of bills) a[bucketOf(daysBetween(b.date, OPENING_DATE))] += rupees(b.pending);
  return a;
};
const sum = (xs) => xs.reduce((s, x) => s + x, 0);

const expected = {
  openingDate: OPENING_DATE,
  today: TODAY,
  files: expectedFiles,
  parties: PARTIES.map((p) => ({
    name: p.name,
    code: p.code,
    role: p.role,
    gstin: p.gstin,
    stateCode: p.gstin ? p.gstin.slice(0, 2) : { Maharashtra: '27', Gujarat: '24', Karnataka: '29', Delhi: '07' }[p.state],
    phone: p.mobile ? p.mobile.replace(/\D/g, '').slice(-10) : null,
    balancePaise: p.balance,
  })),
  partyTotals: {
    customers: PARTIES.filter((p) => p.role === 'CUSTOMER').length,
    suppliers: PARTIES.filter((p) => p.role === 'SUPPLIER').length,
    debitPaise: sum(PARTIES.filter((p) => p.balance > 0).map((p) => p.balance)),
    creditPaise: -sum(PARTIES.filter((p) => p.balance < 0).map((p) => p.balance)),
    /** What customers owe, net (the trial balance's Sundry Debtors), and what is owed to suppliers, net. */
    receivablePaise: sum(PARTIES.filter((p) => p.role === 'CUSTOMER').map((p) => p.balance)),
    payablePaise: -sum(PARTIES.filter((p) => p.role === 'SUPPLIER').map((p) => p.balance)),
  },
  bills: openBills.map((b) => ({
    side: b.side,
    partyName: b.party,
    billNumber: b.number,
    billDate: b.date,
    dueDate: creditDaysOf(b) === null ? null : addDays(b.date, creditDaysOf(b)),
    billAmountPaise: rupees(b.amount),
    pendingPaise: rupees(b.pending),
    ageDays: daysBetween(b.date, OPENING_DATE),
  })),
  /** Bills listed with nothing pending (skipped on reading). */
  settledBills: BILLS.filter((b) => rupees(b.pending) === 0).map((b) => b.number),
  billTotals: Object.fromEntries(
    ['RECEIVABLE', 'PAYABLE'].map((side) => {
      const bills = openBills.filter((b) => b.side === side);
      return [side, { count: bills.length, pendingPaise: sum(bills.map((b) => rupees(b.pending))), ageing: ageingOf(bills) }];
    }),
  ),
  /** Each party: its balance, its open bills, the rest on account (dated the opening date), the bills' ageing. */
  perParty: PARTIES.map((p) => {
    const bills = openBills.filter((b) => b.party === p.name);
    const billsPaise = sum(bills.map((b) => rupees(b.pending))) * (p.role === 'CUSTOMER' ? 1 : -1);
    return { name: p.name, role: p.role, balancePaise: p.balance, bills: bills.length, billsPaise, onAccountPaise: p.balance - billsPaise, billsAgeing: ageingOf(bills) };
  }),
  trialBalance: {
    lines: TRIAL_BALANCE.map((l) => ({ head: l.head, group: l.code, treatment: treatmentOf(l), balancePaise: l.balance })),
    debitPaise: sum(TRIAL_BALANCE.filter((l) => l.balance > 0).map((l) => l.balance)),
    creditPaise: -sum(TRIAL_BALANCE.filter((l) => l.balance < 0).map((l) => l.balance)),
    /** POST and PROFIT_AND_LOSS lines: what the trial balance file puts against Opening Balances. */
    postedPaise: sum(TRIAL_BALANCE.filter((l) => ['POST', 'PROFIT_AND_LOSS'].includes(treatmentOf(l))).map((l) => l.balance)),
    stockPaise: sum(TRIAL_BALANCE.filter((l) => treatmentOf(l) === 'STOCK_UPLOAD').map((l) => l.balance)),
  },
  items: ITEMS.map((i) => ({ code: i.code, name: i.name, manufacturer: i.company, pack: i.pack, hsn: i.hsn, gstBp: i.gst * 100, mrpPaise: rupees(i.mrp), ptrPaise: rupees(i.ptr), ptsPaise: rupees(i.pts) })),
};

mkdirSync(OUT, { recursive: true });
for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(OUT, name), bytes);
writeFileSync(path.join(OUT, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
console.log(`move-in fixtures: ${Object.keys(files).length} files and expected.json in ${path.relative(root, OUT)}`);
