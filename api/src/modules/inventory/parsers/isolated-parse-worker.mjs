// Reads the two formats whose parsers we do not trust with untrusted bytes in the API process: legacy XLS
// (SheetJS xlsx 0.18.5 has published prototype-pollution and ReDoS advisories) and PDF (pdfjs-dist). It runs
// in a worker thread with a memory cap and is terminated on a time limit (isolated.ts), so a hostile file can
// at worst kill this worker. Plain JavaScript so it loads the same under tsx, jest and node.
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Rows of the first sheet with cells, indexed like the sheet's rows (blank rows stay, empty), so row numbers are the
 * sheet's. Date cells come as { serial, format }: what a date shown without a day means is decided in dates.ts.
 */
async function readXls(bytes) {
  const XLSX = (await import('xlsx')).default;
  const workbook = XLSX.read(bytes, { type: 'buffer', cellDates: false, cellNF: true, dense: true, cellFormula: false, cellHTML: false });
  const valueOf = (cell) => {
    if (!cell || cell.v === undefined || cell.v === null || cell.t === 'e' || cell.t === 'z') return null;
    if (cell.t === 'n' && cell.z && XLSX.SSF.is_date(cell.z)) return { serial: cell.v, format: String(cell.z) };
    return cell.t === 'b' ? String(cell.v) : cell.v;
  };
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const rows = [];
    let cells = 0;
    for (let r = 0; r <= range.e.r; r++) {
      // A dense sheet's row is an array up to its last cell (sheet[r] is missing for a blank row).
      const row = Array.from(sheet[r] ?? [], valueOf);
      while (row.length > 0 && row.at(-1) === null) row.pop();
      cells += row.length;
      rows.push(row);
    }
    if (cells > 0) return { rows };
  }
  return { rows: [] };
}

async function readPdf(bytes) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 })
    .promise;
  const lines = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    // Items on one baseline (within 2 pt) form one line, read top to bottom.
    const byY = new Map();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] / 2) * 2;
      if (!byY.has(y)) byY.set(y, []);
      byY.get(y).push({ x: item.transform[4], w: item.width, s: item.str.trim() });
    }
    for (const y of [...byY.keys()].sort((a, b) => b - a)) lines.push(byY.get(y).sort((a, b) => a.x - b.x));
    page.cleanup();
  }
  await doc.destroy();
  return { lines };
}

try {
  const { kind, bytes } = workerData;
  const result = kind === 'XLS' ? await readXls(Buffer.from(bytes)) : await readPdf(new Uint8Array(bytes));
  parentPort.postMessage({ ok: true, result });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
