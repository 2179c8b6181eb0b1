/**
 * Inventory import benchmark (issue 3): a generated 100,000-row XLSX stock statement imported end to end (upload,
 * parse, validate, store) into a real API process; prints the times, that process's CPU seconds (less sensitive to
 * other load than the times) and its peak RSS (VmHWM).
 *
 *   pnpm --filter bench exec tsx inventory-import.ts                                  # embedded PGlite, on disk
 *   PGLITE=memory pnpm --filter bench exec tsx inventory-import.ts                    # embedded PGlite, in memory
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx inventory-import.ts   # PostgreSQL server
 *
 * Environment: ROWS (default 100000), PORT (default 4100), PGLITE (`disk`, the default data directory mode that
 * `npm start` uses, here in a fresh temporary directory so the developer's data is untouched; or `memory`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { cpuSeconds } from './http';

const ROWS = Number(process.env.ROWS ?? 100_000);
const PORT = Number(process.env.PORT ?? 4100);
const API = `http://127.0.0.1:${PORT}`;
const FILE = path.join(tmpdir(), `medico-bench-stock-${ROWS}.xlsx`);
const API_DIR = path.resolve(__dirname, '../api');

const MAKERS = ['Micro Labs', 'GSK', 'Alkem', 'Alembic', 'Glenmark', 'USV', 'Torrent', 'Cipla', 'Sun Pharma', 'Abbott', 'Mankind', 'Lupin'];
const FORMS = ['Tablet', 'Capsule', 'Syrup', 'Injection', 'Gel'];

/** Title rows, then 10 batches of each of ROWS/10 products, with the mixed date forms billing tools write. */
async function generate(): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: FILE, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Stock');
  sheet.addRow(['BENCH PHARMA DISTRIBUTORS']).commit();
  sheet.addRow(['Stock Statement as on 22/11/2026']).commit();
  sheet.addRow(['Item Name', 'Pack', 'Company', 'Batch No', 'Exp.', 'MRP', 'PTR', 'Qty', 'Free', 'HSN', 'GST%']).commit();
  for (let i = 0; i < ROWS; i++) {
    const product = Math.floor(i / 10);
    const mrp = 20 + (product % 500);
    const month = 1 + (i % 12);
    const year = 28 + (i % 3);
    const expiry = i % 3 === 0 ? `${String(month).padStart(2, '0')}/${year}` : i % 3 === 1 ? `28/${String(month).padStart(2, '0')}/20${year}` : `Jun-${year}`;
    sheet
      .addRow([
        `Bench Medicine ${product} ${FORMS[product % FORMS.length]}`,
        `${10 + (product % 5) * 5} Tab`,
        MAKERS[product % MAKERS.length],
        `B${product}-${i % 10}`,
        expiry,
        mrp.toFixed(2),
        (mrp * 0.8).toFixed(2),
        10 + (i % 500),
        i % 7 === 0 ? '10+1' : '',
        '3004',
        '5',
      ])
      .commit();
  }
  await writer.commit();
}

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}
const peakRssMb = (pid: number) => memoryMb(pid, 'VmHWM');


/** Resets the process's peak RSS to its current RSS (Linux clear_refs "5"), so the peak measured is the upload's. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function waitForApi(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${API}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('API did not start');
}

async function json(res: Response) {
  const body = (await res.json()) as { type: string; body: Record<string, unknown>; message?: string };
  if (body.type !== 'success') throw new Error(`${res.status} ${body.message}`);
  return body.body;
}

async function signIn(mobile: string): Promise<string> {
  await json(await fetch(`${API}/medico/otp/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber: mobile }) }));
  const { otp } = await json(await fetch(`${API}/test/otp/last?mobileNumber=${mobile}`));
  const session = await json(
    await fetch(`${API}/medico/otp/login/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber: mobile, otp }) }),
  );
  return session.token as string;
}

async function main() {
  if (!existsSync(FILE)) {
    const t0 = performance.now();
    await generate();
    console.log(`generated ${FILE} (${ROWS} rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const bytes = readFileSync(FILE);
  const inMemory = process.env.PGLITE === 'memory';
  const dataDir = inMemory ? 'memory' : mkdtempSync(path.join(tmpdir(), 'medico-bench-pglite-'));
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : inMemory ? 'PGlite (in memory)' : 'PGlite (on disk)';
  // node + tsx's loader directly, so the child's pid is the API process itself.
  const startApi = () =>
    spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, PORT: String(PORT), PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', MEDICO_DEMO: '1', MEDICO_TEST_ROUTES: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  if (dataDir !== 'memory') {
    // `npm start` normally opens an existing data directory: boot once to create it (initdb, migrations, demo
    // seed, whose memory a fresh WebAssembly heap keeps for good), then measure a second boot, as a restart is.
    const first = startApi();
    await waitForApi();
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
  }
  const api = startApi();
  try {
    await waitForApi();
    const token = await signIn('9800000001');
    // Booting a fresh data directory (initdb, migrations, demo seed) peaks on its own; that is not the upload's.
    const startupPeak = peakRssMb(api.pid!);
    const rssBefore = memoryMb(api.pid!, 'VmRSS');
    resetPeak(api.pid!);
    const form = () => {
      const data = new FormData();
      data.set('mode', 'REPLACE');
      data.set('file', new Blob([bytes]), 'stock.xlsx');
      return data;
    };
    const cpu0 = cpuSeconds(api.pid!);
    const t1 = performance.now();
    const preview = await json(await fetch(`${API}/tenants/inventory/upload/preview`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form() }));
    const previewSeconds = (performance.now() - t1) / 1000;
    const cpu1 = cpuSeconds(api.pid!);
    const t2 = performance.now();
    const result = await json(await fetch(`${API}/tenants/inventory/upload/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form() }));
    const importSeconds = (performance.now() - t2) / 1000;
    const cpu2 = cpuSeconds(api.pid!);
    console.log(
      JSON.stringify(
        {
          database,
          rows: ROWS,
          fileMB: +(statSync(FILE).size / 1048576).toFixed(1),
          previewSeconds: +previewSeconds.toFixed(2),
          importSeconds: +importSeconds.toFixed(2),
          // Less sensitive to other load on the machine than the times (but parallel threads add up).
          apiCpuSecondsPreview: +(cpu1 - cpu0).toFixed(2),
          apiCpuSecondsImport: +(cpu2 - cpu1).toFixed(2),
          loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
          rowsImported: result.rowsImported,
          rowsRejected: result.rowsRejected,
          productsCreated: result.productsCreated,
          previewValidRows: preview.validRows,
          apiStartupPeakRssMB: +startupPeak.toFixed(0),
          apiRssBeforeUploadMB: +rssBefore.toFixed(0),
          apiPeakRssMB: +peakRssMb(api.pid!).toFixed(0),
        },
        null,
        2,
      ),
    );
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
