import * as XLSX from 'xlsx';
import { parseExpiry } from '../src/modules/inventory/parsers/dates';
import { findHeaderRow, mappingOf, cellText } from '../src/modules/inventory/parsers/header-detect';
import { parsePaise } from '../src/modules/inventory/parsers/money';
import { readUpload } from '../src/modules/inventory/parsers/read-upload';
import { validateRows } from '../src/modules/inventory/parsers/rows';
import { HEADER, pdfOf, pdfTable, xlsxOf } from './inventory-fixtures';

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
    expect(a.valid.map((l) => [l.batchNo, l.expiryDate, l.mrpPaise, l.quantity, l.schemeBuy, l.schemeFree])).toEqual([
      ['DOL24A101', '2027-03-31', 3360, 120, 10, 1],
      ['PAN24B202', '2028-03-31', 16850, 60, null, null],
      // A plain number under "Free" is free goods received: on hand too.
      ['TEL24C303', '2027-12-31', 28300, 35, null, null],
      ['SHC24D404', '2027-03-31', 131200, 1200, null, null],
    ]);
  });

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

  it('reads legacy XLS in the isolated worker', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Stock list'], HEADER, ['Dolo 650 Tablet', '15 Tab', 'Micro Labs', 'DOL1', '31/03/2027', 33.6, 26.88, 100]]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Stock');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const a = await analyse('stock.xls', bytes);
    expect(a.type).toBe('XLS');
    expect(a.valid.map((l) => [l.name, l.expiryDate, l.quantity])).toEqual([['Dolo 650 Tablet', '2027-03-31', 100]]);
  });

  it('reads comma, tab and pipe text with quoted delimiters', async () => {
    const rows = [HEADER, ['"Dolo 650, Tablet"', '15 Tab', 'Micro Labs', 'DOL1', '03/27', '33.60', '26.88', '100']];
    for (const d of [',', '\t', '|']) {
      const text = `Agarwal Pharma\r\nStock as on 22-11-2026\r\n${rows.map((r) => (d === '|' ? `| ${r.join(' | ')} |` : r.join(d))).join('\r\n')}\r\n`;
      const a = await analyse('stock.txt', Buffer.from(d === ',' ? text : text.replace(/"/g, '')));
      expect({ d, valid: a.valid.map((l) => [l.name, l.quantity]) }).toEqual({ d, valid: [['Dolo 650, Tablet', 100]] });
    }
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
