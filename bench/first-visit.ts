// What a user's browser downloads (bytes on the wire, gzip as served) on a first visit: the landing page, signing in
// to the dashboard, then the first visit of each remote. Starts the API (in-memory demo data) and the production
// builds on the usual ports itself, so run it with nothing else on 3000-3005/4000, after `pnpm build`.
//   pnpm --filter bench exec tsx first-visit.ts
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const root = path.resolve(__dirname, '..');
const apps = [
  { name: 'shell', port: 3000, spa: true },
  { name: 'mf-orders', port: 3001, route: '/app/orders/online-orders' },
  { name: 'mf-accounting', port: 3002, route: '/app/purchases/invoices' },
  { name: 'mf-payments', port: 3003, route: '/app/payments/upi/receive' },
  { name: 'mf-inventory', port: 3004, route: '/app/inventory/list' },
  { name: 'mf-customers', port: 3005, route: '/app/employees' },
];

function startServers(): ChildProcess[] {
  const api = spawn(process.execPath, [path.join(root, 'api/node_modules/tsx/dist/cli.mjs'), 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, PGLITE_DATA_DIR: 'memory', NODE_ENV: 'test', DATABASE_URL: '', MEDICO_DEMO: '1', MEDICO_TEST_ROUTES: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const statics = apps.map((app) =>
    spawn(process.execPath, [path.join(root, 'scripts/static-server.mjs'), '--dir', path.join(root, app.name, 'dist'), '--port', String(app.port), app.spa ? '--spa' : '--cors'], { stdio: 'ignore' }),
  );
  return [api, ...statics];
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** Counts encoded (on-the-wire) bytes per origin through the DevTools protocol. */
async function meter(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let bytes = { static: 0, api: 0, requests: 0, files: [] as [string, number][] };
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId) ?? '';
    if (url.startsWith('http://localhost:4000')) bytes.api += e.encodedDataLength;
    else {
      bytes.static += e.encodedDataLength;
      bytes.files.push([url, e.encodedDataLength]);
    }
    bytes.requests += 1;
  });
  return {
    take() {
      const taken = bytes;
      bytes = { static: 0, api: 0, requests: 0, files: [] };
      return taken;
    },
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  const servers = startServers();
  try {
    await waitFor('http://localhost:4000/health');
    for (const app of apps) await waitFor(`http://localhost:${app.port}/${app.spa ? 'remotes.json' : 'mf-manifest.json'}`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    const context = await browser.newContext({ baseURL: 'http://localhost:3000', permissions: ['notifications'] });
    const page = await context.newPage();
    const m = await meter(page);
    const rows: [string, ReturnType<typeof m.take>][] = [];

    await page.goto('/', { waitUntil: 'networkidle' });
    rows.push(['landing page (/)', m.take()]);

    await page.getByPlaceholder('10-digit mobile number').fill('9800000001');
    await page.getByRole('button', { name: 'Get OTP' }).click();
    await page.getByPlaceholder('6-digit code').waitFor();
    const otp = (await (await fetch('http://localhost:4000/test/otp/last?mobileNumber=9800000001')).json()).body.otp;
    await page.getByPlaceholder('6-digit code').fill(otp);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/app\/dashboard/);
    await page.waitForLoadState('networkidle');
    rows.push(['sign in → dashboard', m.take()]);

    // Issue 38 item 4 (BENCH_SCREENS=1): each heavy screen loaded afresh, ms until its content shows (a heading in the
    // content area and no spinner or busy table left), first with cold caches of the remote, then again.
    const screenTimes: [string, number, number][] = [];
    if (process.env.BENCH_SCREENS) {
      const screens = ['/app/sales/gst-returns', '/app/delivery-tracking', '/app/dashboard?tab=online-pickups', '/app/ledgers', '/app/profit&loss', '/app/orders/online-orders', '/app/orders/orders-overview', '/app/stocks/list', '/app/payments/upi/receive', '/app/customers/retailers'];
      const timeOf = async (url: string) => {
        const started = Date.now();
        await page.goto(url);
        await page.waitForFunction(() => document.querySelector('main h1') !== null && document.querySelector('main [aria-busy="true"], main span[role="status"][aria-label]') === null, null, { polling: 20, timeout: 20_000 });
        return Date.now() - started;
      };
      const cold = new Map<string, number>();
      for (const url of screens) cold.set(url, await timeOf(url));
      for (const url of screens) screenTimes.push([url, cold.get(url)!, await timeOf(url)]);
      m.take();
    }

    // The tour of the remotes measures first visits: after the screens pass every remote is loaded already.
    for (const app of apps.filter((a) => a.route && !process.env.BENCH_SCREENS)) {
      // In-app navigation, as a click in the menu does (single-spa turns pushState into popstate).
      await page.evaluate((to) => window.history.pushState(null, '', to), app.route!);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      rows.push([`first visit of ${app.name}`, m.take()]);
    }
    await browser.close();

    console.log('step                          requests  static (gzip)  API');
    for (const [label, b] of rows) console.log(`${label.padEnd(30)}${String(b.requests).padEnd(10)}${kib(b.static).padEnd(15)}${kib(b.api)}`);
    if (screenTimes.length) {
      console.log('screen (full load, demo data)                 first   again  (ms to content)');
      for (const [url, first, again] of screenTimes) console.log(`${url.padEnd(46)}${String(first).padStart(6)}${String(again).padStart(8)}`);
    }
    // What the landing page's bytes are (BENCH_FILES=1): file by file, largest first.
    if (process.env.BENCH_FILES) for (const [url, n] of [...rows[0]![1].files].sort((a, b) => b[1] - a[1])) console.log(`  ${kib(n).padStart(10)}  ${url}`);
    const total = rows.reduce((sum, [, b]) => sum + b.static, 0);
    console.log(`all static bytes for the whole tour: ${kib(total)}`);
  } finally {
    for (const s of servers) s.kill('SIGTERM');
  }
}

void main();
