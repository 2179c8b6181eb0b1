/*
 * Move-in benchmark (issue 36): a distributor's books from Marg-style XLSX exports (title rows, en-IN amounts with
 * Dr/Cr, dd-mm-yyyy dates), each previewed and then imported over HTTP by the real API server (src/server.ts, demo
 * seed, as inventory-import.ts runs it): 5,000 parties (4,000 customers, 1,000 suppliers, balances = their bills and
 * something on account), 20,000 items, and 50,000 open bills (40,000 receivable, 10,000 payable, Dr/Cr per row),
 * imported after the parties (so each party's on-account voucher is corrected: 55,000 vouchers). Prints each step's
 * seconds, the API process's CPU seconds and its peak RSS during the move-in (VmHWM, reset after boot), then the
 * bills file once more (a no-op). Targets: preview + import ≤ 60 s on PGlite, ≤ 30 s on PostgreSQL, ≤ 500 MB.
 *
 *   pnpm --filter bench exec tsx move-in.ts                                    # embedded PGlite, on disk (npm start)
 *   PGLITE=memory pnpm --filter bench exec tsx move-in.ts                      # embedded PGlite, in memory
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx move-in.ts     # PostgreSQL server
 *
 * Environment: PARTIES (5000), ITEMS (20000), BILLS (50000).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { MOVE_IN_PATHS, gstinCheckChar, type MoveInImport, type MoveInKind } from 'shared-api';
import { cpuSeconds, freePort, signInOverHttp, spawnApi, waitForHealth } from './http';

const PARTIES = Number(process.env.PARTIES ?? 5_000);
const ITEMS = Number(process.env.ITEMS ?? 20_000);
const BILLS = Number(process.env.BILLS ?? 50_000);
/** Thane Pharma Distributors (demo): a stockist with no books, moving in. */
const MOVER = '9800000202';
const OPENING = '2026-10-31';

const memoryMb = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** Resets the API's peak RSS to its current RSS (Linux clear_refs "5"), so the peak measured is the move-in's. */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const en = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
const isCustomer = (i: number) => i % 5 !== 0;
const partyName = (i: number) => `${isCustomer(i) ? 'Bench Medicals' : 'Bench Pharma Ltd'} ${String(i).padStart(5, '0')}`;
const pan = (i: number) => `AAB${isCustomer(i) ? 'P' : 'C'}${String.fromCharCode(65 + (i % 26))}${String(i).padStart(4, '0')}${String.fromCharCode(65 + ((i * 7) % 26))}`;
const gstinOf = (i: number) => {
  const first = `27${pan(i)}1Z`;
  return first + gstinCheckChar(first);
};
/** Bill b's party, date, and pending paise; receivable for customers, payable for suppliers. */
function bill(b: number) {
  const party = b % PARTIES;
  const day = new Date(Date.UTC(2026, 3, 1) + ((b * 37) % 213) * 86_400_000).toISOString().slice(0, 10);
  return { party, number: `${isCustomer(party) ? 'INV' : 'PB'}/26-27/${String(b).padStart(6, '0')}`, day, pendingPaise: 10_000 + ((b * 7919) % 5_000_000) };
}

async function workbook(title: string, header: string[], rows: () => Iterable<(string | number)[]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(['BENCH DISTRIBUTORS (Marg ERP)']);
  sheet.addRow([title]);
  sheet.addRow(header);
  for (const row of rows()) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function files() {
  const pendingOf = new Map<number, number>();
  for (let b = 0; b < BILLS; b++) {
    const x = bill(b);
    pendingOf.set(x.party, (pendingOf.get(x.party) ?? 0) + x.pendingPaise);
  }
  const parties = await workbook(`Party List as on ${ddmmyyyy(OPENING)}`, ['Party Name', 'Group', 'GSTIN', 'Mobile', 'Station', 'Closing Balance'], function* () {
    for (let i = 0; i < PARTIES; i++) {
      // Its bills and something on account.
      const balance = (pendingOf.get(i) ?? 0) + (i % 3) * 100_000;
      yield [partyName(i), isCustomer(i) ? 'Sundry Debtors' : 'Sundry Creditors', gstinOf(i), `98${String(20_000_000 + i).padStart(8, '0')}`, 'Thane', `${en(balance)} ${isCustomer(i) ? 'Dr' : 'Cr'}`];
    }
  });
  const items = await workbook('Item List', ['Item Code', 'Item Name', 'Company', 'Packing', 'HSN Code', 'GST %', 'MRP', 'Rate'], function* () {
    const forms = ['TAB', 'CAP', 'SYP', 'INJ', 'GEL'];
    const makers = ['MICRO LABS', 'CIPLA', 'SUN PHARMA', 'ALKEM', 'MANKIND', 'LUPIN', 'TORRENT', 'GLENMARK'];
    for (let i = 0; i < ITEMS; i++) {
      const mrp = 2_000 + ((i * 131) % 50_000);
      yield [`IT${i}`, `BENCHMED ${i} ${100 + (i % 9) * 50} ${forms[i % forms.length]}`, makers[i % makers.length]!, `${10 + (i % 3) * 5}'S`, '3004', '12', en(mrp), en(Math.round(mrp * 0.7))];
    }
  });
  const bills = await workbook(`Bill-wise Outstanding as on ${ddmmyyyy(OPENING)}`, ['Party Name', 'Bill No', 'Bill Dt', 'Pending Amt', 'Dr/Cr'], function* () {
    for (let b = 0; b < BILLS; b++) {
      const x = bill(b);
      yield [partyName(x.party), x.number, ddmmyyyy(x.day), en(x.pendingPaise), isCustomer(x.party) ? 'Dr' : 'Cr'];
    }
  });
  return { parties, items, bills };
}

interface Step {
  step: string;
  seconds: number;
  apiCpuSeconds: number;
  /** The API's peak RSS so far. */
  peakMb: number;
  detail: string;
}

async function main() {
  const generated = performance.now();
  const { parties, items, bills } = await files();
  console.log(`files: parties ${(parties.length / 1048576).toFixed(1)} MB, items ${(items.length / 1048576).toFixed(1)} MB, bills ${(bills.length / 1048576).toFixed(1)} MB, made in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
  const inMemory = process.env.PGLITE === 'memory';
  const dataDir = inMemory ? 'memory' : mkdtempSync(path.join(tmpdir(), 'medico-bench-move-in-'));
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : inMemory ? 'PGlite (in memory)' : 'PGlite (on disk)';
  const port = await freePort();
  const start = () => spawnApi(port, { PGLITE_DATA_DIR: dataDir, SEED_DEMO: '1' });
  if (!process.env.DATABASE_URL && !inMemory) {
    // As `npm start` after the first time: the data directory made and seeded by one boot, measured on the next.
    const first = start();
    await waitForHealth(port);
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
  }
  const api = start();
  const steps: Step[] = [];
  try {
    await waitForHealth(port);
    const token = await signInOverHttp(port, MOVER);
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: string, url: string, body?: FormData | object) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: body && !(body instanceof FormData) ? { ...headers, 'content-type': 'application/json' } : headers,
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { body?: MoveInImport; message?: string } };
    };
    const date = await call('PUT', MOVE_IN_PATHS.openingDate, { openingDate: OPENING });
    if (date.status !== 200) throw new Error(`opening date: ${date.json.message}`);
    const rssBefore = memoryMb(api.pid!, 'VmRSS');
    resetPeak(api.pid!);
    const timed = async <T>(step: string, run: () => Promise<T>, detail: (t: T) => string): Promise<T> => {
      const cpu = cpuSeconds(api.pid!);
      const started = performance.now();
      const result = await run();
      steps.push({ step, seconds: (performance.now() - started) / 1000, apiCpuSeconds: cpuSeconds(api.pid!) - cpu, peakMb: memoryMb(api.pid!, 'VmHWM'), detail: detail(result) });
      return result;
    };
    const moveIn = async (kind: MoveInKind, fileName: string, bytes: Buffer) => {
      const preview = await timed(
        `${kind} preview`,
        async () => {
          const form = new FormData();
          form.set('kind', kind);
          form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
          const res = await call('POST', MOVE_IN_PATHS.imports, form);
          if (res.status !== 200) throw new Error(`${kind} preview: ${res.status} ${res.json.message}`);
          return res.json.body!;
        },
        (p) => `${p.validRows} valid, ${p.rejectedRows} rejected of ${p.dataRows}`,
      );
      await timed(
        `${kind} import`,
        () => call('POST', MOVE_IN_PATHS.confirm(preview.importId), {}),
        (r) => (r.status === 200 ? `imported ${r.json.body!.result!.imported}, vouchers ${r.json.body!.result!.vouchersPosted}` : `not imported: ${r.status} ${r.json.message}`),
      );
    };
    const started = performance.now();
    await moveIn('PARTIES', 'parties.xlsx', parties);
    await moveIn('ITEMS', 'items.xlsx', items);
    await moveIn('BILLS', 'bills.xlsx', bills);
    const total = (performance.now() - started) / 1000;
    await timed(
      'BILLS file again (answers its earlier import, changes nothing)',
      async () => {
        const form = new FormData();
        form.set('kind', 'BILLS');
        form.set('file', new Blob([new Uint8Array(bills)]), 'bills.xlsx');
        const preview = await call('POST', MOVE_IN_PATHS.imports, form);
        return call('POST', MOVE_IN_PATHS.confirm(preview.json.body!.importId), {});
      },
      (r) => (r.status === 200 ? `imported ${r.json.body!.result!.imported}, already ${r.json.body!.result!.skippedAsAlreadyImported}` : `${r.status} ${r.json.message}`),
    );
    const report = await call('GET', MOVE_IN_PATHS.report);

    console.log(`${database}: ${PARTIES} parties, ${ITEMS} items, ${BILLS} open bills`);
    console.log('| Step | Seconds | API CPU s | API peak RSS so far | Result |');
    console.log('|---|---:|---:|---:|---|');
    for (const s of steps) console.log(`| ${s.step} | ${s.seconds.toFixed(2)} | ${s.apiCpuSeconds.toFixed(2)} | ${s.peakMb.toFixed(0)} MB | ${s.detail} |`);
    console.log(`| preview + import, all three | **${total.toFixed(2)}** | | | API RSS before ${rssBefore.toFixed(0)} MB, **peak ${memoryMb(api.pid!, 'VmHWM').toFixed(0)} MB**; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} |`);
    if (report.status !== 200) console.log(`report: ${report.status} ${report.json.message}`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    if (dataDir !== 'memory') rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
