import ExcelJS from 'exceljs';

/** Test files built the way billing software exports them. */

export const HEADER = ['Item Name', 'Pack', 'Company', 'Batch No', 'Exp.', 'MRP', 'PTR', 'Qty', 'Free', 'HSN', 'GST%'];

/** A cell with a number format, as Excel stores a date shown "Jan-28" (value: a Date, or a formula giving a day number). */
export class Formatted {
  constructor(
    readonly value: ExcelJS.CellValue,
    readonly numFmt: string,
  ) {}
}

export async function xlsxOf(rows: unknown[][], titleRows: string[] = ['AGARWAL PHARMA DISTRIBUTORS', 'Stock Statement as on 22/11/2026']) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  for (const title of titleRows) sheet.addRow([title]);
  for (const row of rows) {
    const added = sheet.addRow(row.map((c) => (c instanceof Formatted ? null : c)));
    row.forEach((c, i) => {
      if (!(c instanceof Formatted)) return;
      const cell = added.getCell(i + 1);
      cell.value = c.value;
      cell.numFmt = c.numFmt;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A one-page PDF with each text at its (x, y), in Helvetica: the text layer a billing tool's PDF export has. */
export function pdfOf(texts: { x: number; y: number; t: string }[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = texts.map((l) => `BT /F1 9 Tf ${l.x} ${l.y} Td (${escape(l.t)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF table: header + rows at fixed column x positions, top to bottom. */
export function pdfTable(rows: string[][], columnsX: number[]): Buffer {
  const texts = [{ x: 40, y: 560, t: 'Stock Statement' }];
  rows.forEach((row, r) => row.forEach((t, c) => t && texts.push({ x: columnsX[c]!, y: 530 - r * 14, t })));
  return pdfOf(texts);
}

/** multipart/form-data for app.inject. */
export function multipart(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----medicoTestBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The same zip with ZIP64 directory records (APPNOTE 4.3.14–4.3.16, 4.5.3): every part's offset moved to a ZIP64
 * extra field, as some writers always do. Expects a zip without an archive comment.
 */
export function asZip64(zip: Buffer): Buffer {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('not a zip without comment');
  const entries = zip.readUInt16LE(end + 10);
  const directory = zip.readUInt32LE(end + 16);
  const records: Buffer[] = [];
  for (let at = directory, i = 0; i < entries; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const header = Buffer.from(zip.subarray(at, at + 46));
    const zip64 = Buffer.alloc(12);
    zip64.writeUInt16LE(0x0001, 0);
    zip64.writeUInt16LE(8, 2);
    zip64.writeBigUInt64LE(BigInt(header.readUInt32LE(42)), 4);
    header.writeUInt32LE(0xffffffff, 42);
    header.writeUInt16LE(extraLength + zip64.length, 30);
    const name = zip.subarray(at + 46, at + 46 + nameLength);
    const rest = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength + commentLength);
    records.push(header, name, rest.subarray(0, extraLength), zip64, rest.subarray(extraLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  const centralDirectory = Buffer.concat(records);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(centralDirectory.length), 40);
  record.writeBigUInt64LE(BigInt(directory), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directory + centralDirectory.length), 8);
  locator.writeUInt32LE(1, 16);
  const last = Buffer.from(zip.subarray(end));
  last.writeUInt16LE(0xffff, 8);
  last.writeUInt16LE(0xffff, 10);
  last.writeUInt32LE(0xffffffff, 12);
  last.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, directory), centralDirectory, record, locator, last]);
}

/**
 * A Marg-style batch-wise stock statement (issue 36): 21 rows, written the way Marg exports the demo catalogue's
 * medicines (api/src/db/seed-inventory.ts DEMO_PRODUCTS): upper case, TAB/CAP/SYP, packs as 15'S or 1X15, strengths
 * with units, "LTD"/"LABS" on the company, Marg's P.RATE (what the stockist paid) beside its RATE. Each row names
 * the catalogue product it is (`expected`, a DEMO_PRODUCTS name; null for the one medicine the catalogue lacks).
 */
export const MARG_HEADER = ['ITEM NAME', 'PACKING', 'COMPANY', 'BATCH', 'EXPIRY', 'M.R.P.', 'RATE', 'P.RATE', 'QTY', 'HSN'];

const margRow = (expected: string | null, name: string, pack: string, company: string, batch: string, mrp: number, qty: number) => ({
  expected,
  cells: [name, pack, company, batch, '06/28', mrp.toFixed(2), (mrp * 0.8).toFixed(2), (mrp * 0.7).toFixed(2), qty, '3004'],
});

export const MARG_STOCK_ROWS = [
  margRow('Dolo 650 Tablet', 'DOLO 650 TAB', "15'S", 'MICRO LABS', 'MG-DL-01', 33.6, 120),
  margRow('Dolo 650 Tablet', 'DOLO 650 TAB', "15'S", 'MICRO LABS', 'MG-DL-02', 33.6, 80),
  margRow('Crocin Advance Tablet', 'CROCIN ADVANCE TAB', "20'S", 'GSK', 'MG-CR-01', 22.4, 60),
  margRow('Pan 40 Tablet', 'PAN-40 TAB', "15'S", 'ALKEM LAB', 'MG-PN-01', 168.5, 40),
  margRow('Pan 40 Tablet', 'PAN-40 TAB', "15'S", 'ALKEM LAB', 'MG-PN-02', 168.5, 25),
  margRow('Azithral 500 Tablet', 'AZITHRAL 500 TAB', "5'S", 'ALEMBIC', 'MG-AZ-01', 119.5, 30),
  margRow('Augmentin 625 Duo Tablet', 'AUGMENTIN 625 DUO TAB', "10'S", 'GSK', 'MG-AU-01', 223.4, 20),
  margRow('Telma 40 Tablet', 'TELMA 40 TAB', "30'S", 'GLENMARK', 'MG-TE-01', 283, 15),
  margRow('Glycomet GP 1 Tablet', 'GLYCOMET GP 1 TAB', "15'S", 'USV', 'MG-GG-01', 126.1, 45),
  margRow('Shelcal 500 Tablet', 'SHELCAL 500 TAB', '1X15', 'TORRENT', 'MG-SH-01', 131.2, 35),
  margRow('Montair LC Tablet', 'MONTAIR LC TAB', "10'S", 'CIPLA', 'MG-MO-01', 243.5, 18),
  margRow('Calpol 650 Tablet', 'CALPOL 650MG TAB', "15'S", 'GSK', 'MG-CA-01', 30.9, 90),
  margRow('Allegra 120 Tablet', 'ALLEGRA 120MG TAB', "10'S", 'SANOFI', 'MG-AL-01', 226, 12),
  margRow('Thyronorm 50 Tablet', 'THYRONORM 50MCG TAB', "120'S", 'ABBOTT', 'MG-TH-01', 191, 22),
  margRow('Ecosprin 75 Tablet', 'ECOSPRIN 75 TAB', "14'S", 'USV LTD', 'MG-EC-01', 5.3, 300),
  margRow('Amlong 5 Tablet', 'AMLONG 5MG TAB', "15'S", 'MICRO LABS LTD', 'MG-AM-01', 38.4, 70),
  margRow('Pantocid DSR Capsule', 'PANTOCID DSR CAP', "15'S", 'SUN PHARMA', 'MG-PD-01', 249, 16),
  margRow('Zerodol SP Tablet', 'ZERODOL SP TAB', "10'S", 'IPCA LABS', 'MG-ZS-01', 134.5, 28),
  margRow('Cetzine 10 Tablet', 'CETZINE 10MG TAB', "10'S", 'DR REDDYS', 'MG-CE-01', 21.8, 50),
  margRow('Benadryl Cough Syrup', 'BENADRYL COUGH SYP', '150ML', 'JOHNSON & JOHNSON', 'MG-BE-01', 135, 24),
  margRow(null, 'NEUROBION FORTE TAB', "30'S", 'P&G HEALTH', 'MG-NF-01', 43.5, 100),
];

/** The statement as Marg writes it: firm name and title above the header, a total line under the rows. */
export const margStockStatement = () =>
  xlsxOf(
    [MARG_HEADER, ...MARG_STOCK_ROWS.map((r) => r.cells), [], ['TOTAL', '', '', '', '', '', '', '', MARG_STOCK_ROWS.reduce((n, r) => n + Number(r.cells[8]), 0)]],
    ['AGARWAL PHARMA DISTRIBUTORS', 'STOCK STATEMENT (BATCH WISE) AS ON 22-11-2026'],
  );
