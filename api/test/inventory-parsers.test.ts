import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { isMonthYearFormat, parseExpiry } from '../src/modules/inventory/parsers/dates';
import { findHeaderRow, mappingOf, cellText } from '../src/modules/inventory/parsers/header-detect';
import { parsePaise } from '../src/modules/inventory/parsers/money';
import { readUpload } from '../src/modules/inventory/parsers/read-upload';
import { validateRows } from '../src/modules/inventory/parsers/rows';
import { Formatted, HEADER, asZip64, pdfOf, pdfTable, xlsxOf } from './inventory-fixtures';

const RULES = { today: '2026-11-22', knownHsn: new Set(['3004', '3003']) };

async function analyse(name: string, bytes: Buffer) {
  const { rows, type } = await readUpload(name, bytes);
  const headerIndex = findHeaderRow(rows);
  const mapping = mappingOf(rows[headerIndex]!.map(cellText));
  return { type, headerIndex, mapping, ...validateRows(rows, headerIndex, mapping, RULES) };
}

describe('trade dates and money', () => {
  it.each([
    ['03/27', '2027-03-31'],
    ['3/27', '2027-03-31'],
    ['Mar-27', '2027-03-31'],
    ['MAR 2027', '2027-03-31'],
    ['02/28', '2028-02-29'],
    ['31/03/2027', '2027-03-31'],
    ['15-08-27', '2027-08-15'],
    ['2027-03-31', '2027-03-31'],
    ['46477', '2027-03-31'],
    [46477, '2027-03-31'],
    [new Date(Date.UTC(2027, 2, 31)), '2027-03-31'],
    ['31/02/2027', null],
    ['13/27', null],
    ['soon', null],
    ['', null],
  ])('%p → %p', (input, expected) => expect(parseExpiry(input)).toBe(expected));

  it.each([
    ['₹1,23,456.50', 12345650],
    ['Rs. 45', 4500],
    ['1,234.5', 123450],
    [33.6, 3360],
    ['45/-', 4500],
    ['abc', null],
    ['-5', null],
  ])('%p → %p paise', (input, expected) => expect(parsePaise(input)).toBe(expected));
});

describe('column names', () => {
  it.each([
    [['Item', 'Batch', 'Expiry', 'MRP', 'Rate', 'P.Rate', 'Qty'], { ptr: 4, cost: 5 }],
    [['Item', 'Batch', 'Expiry', 'MRP', 'S.Rate', 'Pur. Rate', 'Qty'], { ptr: 4, cost: 5 }],
    [['Item', 'Batch', 'Expiry', 'MRP', 'PTR', 'Purchase Rate', 'Qty'], { ptr: 4, cost: 5 }],
    [['Item', 'Batch', 'Expiry', 'MRP', 'PTR', 'Landing', 'Qty'], { ptr: 4, cost: 5 }],
    [['Item', 'Batch', 'Expiry', 'MRP', 'PTR', 'Cost', 'Qty'], { ptr: 4, cost: 5 }],
    [['Item', 'Batch', 'Expiry', 'MRP', 'PTR', 'Landing Cost', 'Qty'], { ptr: 4, cost: 5 }],
  ])('%p: the cost (purchase rate) column is not the PTR', (headers, expected) => expect(mappingOf(headers)).toMatchObject(expected));
});

describe('XLSX', () => {
  it('finds the header under title rows, maps the usual names and reads mixed date forms and schemes', async () => {
    const bytes = await xlsxOf([
      HEADER,
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL24A101', '03/27', '₹33.60', '26.88', 120, '10+1', '3004', '5'],
      ['Pan 40 Tablet', '15 Tab', 'Alkem', 'PAN24B202', 'Mar-28', '168.50', '134.80', '60', '', '30049099', '5%'],
      ['Telma 40 Tablet', '30 Tab', 'Glenmark', 'TEL24C303', new Date(Date.UTC(2027, 11, 31)), 283, 226.4, 30, 5, '3004', ''],
      ['Shelcal 500 Tablet', '15 Tab', 'Torrent', 'SHC24D404', 46477, '1,312.00', '1,049.60', 1200, '', '3004', '5'],
      [],
      ['Total', '', '', '', '', '', '', 1410],
    ]);
    const a = await analyse('stock.xlsx', bytes);
    expect(a.type).toBe('XLSX');
    expect(a.headerIndex).toBe(2);
    expect(a.mapping).toEqual({ name: 0, pack: 1, manufacturer: 2, batch: 3, expiry: 4, mrp: 5, ptr: 6, quantity: 7, free: 8, hsn: 9, gst: 10 });
    expect(a.rejected).toEqual([]);
    expect(a.valid.map((l) => [l.batchNo, l.expiryDate, l.mrpPaise, l.quantity, l.freeQuantity, l.schemeBuy, l.schemeFree])).toEqual([
      ['DOL24A101', '2027-03-31', 3360, 120, 0, 10, 1],
      ['PAN24B202', '2028-03-31', 16850, 60, 0, null, null],
      // A plain number under "Free" is free goods received, kept apart from the stock quantity.
      ['TEL24C303', '2027-12-31', 28300, 30, 5, null, null],
      ['SHC24D404', '2027-03-31', 131200, 1200, 0, null, null],
    ]);
  });

  it('reads a date cell shown without a day ("Jan-28", mm/yy …) as the end of its month, like the same text', async () => {
    const jan15 = new Date(Date.UTC(2028, 0, 15));
    const serial = 46767; // 2028-01-15
    const row = (batch: string, expiry: unknown) => ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', batch, expiry, 33.6, 26.88, 10];
    const bytes = await xlsxOf([
      HEADER.slice(0, 8),
      row('MMM-YY', new Formatted(jan15, 'mmm-yy')),
      row('MM/YY', new Formatted(jan15, 'mm/yy')),
      row('LOCALE', new Formatted(jan15, '[$-409]mmmm yyyy;@')),
      row('FORMULA', new Formatted({ formula: 'DATE(2028,1,15)', result: serial, date1904: false }, 'mmm-yy')),
      row('TEXT', 'Jan-28'),
      // Shown with a day: that day.
      row('DAY', new Formatted(jan15, 'dd/mm/yyyy')),
      row('DAYFORMULA', new Formatted({ formula: 'DATE(2028,1,15)', result: serial, date1904: false }, 'dd-mmm-yy')),
    ]);
    const a = await analyse('stock.xlsx', bytes);
    expect(a.rejected).toEqual([]);
    expect(a.valid.map((l) => [l.batchNo, l.expiryDate])).toEqual([
      ['MMM-YY', '2028-01-31'],
      ['MM/YY', '2028-01-31'],
      ['LOCALE', '2028-01-31'],
      ['FORMULA', '2028-01-31'],
      ['TEXT', '2028-01-31'],
      ['DAY', '2028-01-15'],
      ['DAYFORMULA', '2028-01-15'],
    ]);
  });

  it.each([
    ['mmm-yy', true],
    ['mm/yy', true],
    ['mmmm yyyy', true],
    ['[$-409]mmm-yy;@', true],
    ['"Exp "mm/yyyy', true],
    ['dd/mm/yyyy', false],
    ['d-mmm-yy', false],
    ['mm-dd-yy', false],
    ['yyyy', false],
    ['h:mm', false],
    ['0.00', false],
    ['#,##0 "my"', false],
  ])('number format %p shows a month without a day: %p', (format, expected) => expect(isMonthYearFormat(format)).toBe(expected));

  it('names every problem of a row and catches duplicate batches', async () => {
    const bytes = await xlsxOf([
      HEADER,
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', '', '03/27', 33.6, 26.88, 10],
      ['Crocin Advance', '20 Tab', 'GSK', 'CRA1', '01/25', 22.4, 17.9, 10],
      ['Pan 40', '15 Tab', 'Alkem', 'PAN1', '03/27', 100, 134.8, 10],
      ['Azithral 500', '5 Tab', 'Alembic', 'AZT1', '03/27', 119.5, 95.6, 2.5],
      ['Telma 40', '30 Tab', 'Glenmark', 'TEL1', '03/27', 283, 226.4, 10, '', '3004', '7'],
      ['Amlong 5', '15 Tab', 'Micro Labs', 'AML1', '03/27', 38.4, 30.7, 10],
      ['amlong 5', '15 tab', 'MICRO LABS', 'aml1', '04/27', 38.4, 30.7, 5],
    ]);
    const a = await analyse('stock.xlsx', bytes);
    expect(a.rejected.map((r) => [r.rowNumber, r.problems])).toEqual([
      [4, ['missing batch']],
      [5, ['expiry in the past']],
      [6, ['MRP below PTR']],
      [7, ['quantity not a whole number']],
      [8, ['unknown GST rate "7"']],
      [10, ['duplicate batch (same product and batch as row 9)']],
    ]);
    expect(a.valid.map((l) => l.batchNo)).toEqual(['AML1']);
  });

  it('reads a workbook however its parts are stored, and leaves nothing in the temp directory', async () => {
    // exceljs's reader names the files it parks a sheet in tmp-<pid>-…
    const parked = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = parked();
    const row = ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL24A101', '03/27', '33.60', '26.88', 120];
    // Shared strings stored after the sheet, as Excel and exceljs write them.
    const excel = await xlsxOf([HEADER.slice(0, 8), row]);
    // No shared strings part: SheetJS writes every text inline.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER.slice(0, 8), row]), 'Stock');
    const inline = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    for (const bytes of [excel, inline, asZip64(excel), asZip64(inline)]) {
      const a = await analyse('stock.xlsx', bytes);
      expect(a.valid.map((l) => [l.batchNo, l.expiryDate, l.mrpPaise, l.quantity])).toEqual([['DOL24A101', '2027-03-31', 3360, 120]]);
    }
    expect(parked()).toEqual(before);
  });

  it('refuses a file that is not a workbook though named .xlsx, and reads an empty or header-only sheet as no rows', async () => {
    await expect(readUpload('stock.xlsx', Buffer.from('%PDF-1.4 not a workbook'))).rejects.toThrow('not really a XLSX file');
    await expect(readUpload('stock.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toThrow('not a readable Excel');
    expect((await readUpload('empty.xlsx', await xlsxOf([], []))).rows).toEqual([]);
    const headerOnly = await analyse('h.xlsx', await xlsxOf([HEADER]));
    expect([headerOnly.dataRows, headerOnly.valid.length]).toEqual([0, 0]);
  });
});

describe('other types', () => {
  it('refuses anything but XLS, XLSX, PDF or TXT with the spec message', async () => {
    await expect(readUpload('stock.docx', Buffer.from('x'))).rejects.toThrow('only Excel (XLS, XLSX), PDF or TXT allowed');
    await expect(readUpload('stock.csv', Buffer.from('a,b'))).rejects.toThrow('only Excel (XLS, XLSX), PDF or TXT allowed');
  });

  it('reads legacy XLS in the isolated worker: sheet row numbers, and date cells shown without a day as month end', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Stock list'],
      [],
      HEADER,
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL1', '31/03/2027', 33.6, 26.88, 100],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL2', 46767, 33.6, 26.88, 10],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL3', 46767, 33.6, 26.88, 10],
      [],
      ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', '', '31/03/2027', 33.6, 26.88, 100],
    ]);
    sheet.E5!.z = 'mmm-yy';
    sheet.E6!.z = 'dd/mm/yyyy';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Stock');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const a = await analyse('stock.xls', bytes);
    expect(a.type).toBe('XLS');
    expect(a.valid.map((l) => [l.batchNo, l.expiryDate])).toEqual([
      ['DOL1', '2027-03-31'],
      ['DOL2', '2028-01-31'],
      ['DOL3', '2028-01-15'],
    ]);
    expect(a.rejected.map((r) => [r.rowNumber, r.problems])).toEqual([[8, ['missing batch']]]);
  });

  it('reads comma, tab and pipe text with quoted delimiters', async () => {
    const rows = [HEADER, ['"Dolo 650, Tablet"', '15 Tab', 'Micro Labs', 'DOL1', '03/27', '33.60', '26.88', '100']];
    for (const d of [',', '\t', '|']) {
      const text = `Agarwal Pharma\r\nStock as on 22-11-2026\r\n${rows.map((r) => (d === '|' ? `| ${r.join(' | ')} |` : r.join(d))).join('\r\n')}\r\n`;
      const a = await analyse('stock.txt', Buffer.from(d === ',' ? text : text.replace(/"/g, '')));
      expect({ d, valid: a.valid.map((l) => [l.name, l.quantity]) }).toEqual({ d, valid: [['Dolo 650, Tablet', 100]] });
    }
  });

  it('reports problems by the file\'s line numbers, blank and separator lines included', async () => {
    const good = 'Dolo 650 Tablet,15 Tab,Micro Labs,DOL1,03/27,33.60,26.88,100';
    const text = ['Agarwal Pharma', '', HEADER.slice(0, 8).join(','), '', good, '', '', 'Pan 40,15 Tab,Alkem,,03/27,168.50,134.80,10', '-----', 'Telma 40,30 Tab,Glenmark,TEL1,01/25,283,226.4,10'];
    const a = await analyse('stock.txt', Buffer.from(text.join('\r\n')));
    expect(a.valid.map((l) => l.rowNumber)).toEqual([5]);
    expect(a.rejected.map((r) => [r.rowNumber, r.problems])).toEqual([
      [8, ['missing batch']],
      [10, ['expiry in the past']],
    ]);

    const fixed = [
      'AGARWAL PHARMA',
      '',
      'Item Name        Batch    Expiry     MRP     PTR   Qty',
      '------------------------------------------------------',
      '',
      'Ecosprin 75      ECO1     Mar-28    5.30    4.24  1200',
      '',
      'Ecosprin 150              Mar-28    9.30    7.24    50',
    ];
    const f = await analyse('stock.txt', Buffer.from(fixed.join('\n')));
    expect(f.valid.map((l) => [l.rowNumber, l.batchNo])).toEqual([[6, 'ECO1']]);
    expect(f.rejected.map((r) => [r.rowNumber, r.problems])).toEqual([[8, ['missing batch']]]);
  });

  it('refuses a TXT file with a NUL byte anywhere as binary, naming where', async () => {
    const text = Buffer.from(`${HEADER.slice(0, 8).join(',')}\n${'Dolo 650 Tablet,15 Tab,Micro Labs,DOL1,03/27,33.60,26.88,100\n'.repeat(2000)}`);
    // Far past the first 64 KB, where the check used to stop.
    const nulAt = text.length - 10;
    text[nulAt] = 0;
    expect(text.length).toBeGreaterThan(65536 * 1.5);
    await expect(readUpload('stock.txt', text)).rejects.toMatchObject({
      code: 'E0001',
      statusCode: 400,
      message: `This file is binary, not text (a NUL byte at byte ${nulAt + 1}): export the stock as plain text (UTF-8 or ANSI), Excel or PDF`,
    });
  });

  it('reads fixed-width text with right-aligned numbers', async () => {
    const text = [
      '                AGARWAL PHARMA DISTRIBUTORS',
      'Item Name                  Pack     Batch        Expiry       MRP      PTR   Qty',
      '---------------------------------------------------------------------------------',
      'Augmentin 625 Duo Tablet   10 Tab   AUG24A11     03/27     223.40   178.72    40',
      'Ecosprin 75                14 Tab   ECO24B2      Mar-28      5.30     4.24  1200',
    ].join('\n');
    const a = await analyse('stock.txt', Buffer.from(text));
    expect(a.rejected).toEqual([]);
    expect(a.valid.map((l) => [l.name, l.pack, l.batchNo, l.expiryDate, l.mrpPaise, l.ptrPaise, l.quantity])).toEqual([
      ['Augmentin 625 Duo Tablet', '10 Tab', 'AUG24A11', '2027-03-31', 22340, 17872, 40],
      ['Ecosprin 75', '14 Tab', 'ECO24B2', '2028-03-31', 530, 424, 1200],
    ]);
  });

  it('reads a text PDF by position and refuses one without text', async () => {
    const x = [40, 220, 290, 360, 430, 490, 550];
    const bytes = pdfTable(
      [
        ['Item Name', 'Pack', 'Batch', 'Expiry', 'MRP', 'PTR', 'Qty'],
        ['Montair LC Tablet', '10 Tab', 'MLC24C9', '08/27', '243.50', '194.80', '75'],
        ['Thyronorm 50', '120 Tab', 'THN24D1', '31/12/2027', '191.00', '152.80', '30'],
      ],
      x,
    );
    const a = await analyse('stock.pdf', bytes);
    expect(a.valid.map((l) => [l.name, l.batchNo, l.expiryDate, l.mrpPaise, l.quantity])).toEqual([
      ['Montair LC Tablet', 'MLC24C9', '2027-08-31', 24350, 75],
      ['Thyronorm 50', 'THN24D1', '2027-12-31', 19100, 30],
    ]);
    await expect(readUpload('scan.pdf', pdfOf([]))).rejects.toThrow('This PDF has no readable text');
  });
});

describe("the reader thread's modules", () => {
  it('load none of the contract\'s zod schemas (they would add ~25 MB to every upload\'s thread)', () => {
    // A fresh process, as the worker starts (analyse-worker.mjs registers tsx, then loads analyse.ts).
    const script = `require('tsx/cjs/api').register(); require('./src/modules/inventory/parsers/analyse.ts');
      console.log(JSON.stringify(Object.keys(require.cache)))`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '..'), encoding: 'utf8' })) as string[];
    expect(loaded.some((file) => file.includes('shared-api/src/stock-upload'))).toBe(true);
    expect(loaded.filter((file) => /\/zod\/|shared-api\/src\/index/.test(file))).toEqual([]);
  });
});
