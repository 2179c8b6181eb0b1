import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { portOffset, ports } from './ports';

// Every app from its production build, as users get them, on ports of its own (ports.json: never those of
// `npm start`, so both run side by side). The API runs on a fresh in-memory database with the demo seed, so each run
// starts from the same data. Servers are never reused: a server already on a test port fails the run
// (E2E_PORT_OFFSET moves them all, see ports.ts).
const root = path.resolve(__dirname, '..');
const apps = Object.entries(ports.apps).map(([name, port]) => ({ name, port, spa: name === 'shell' }));
const origin = (port: number) => `http://localhost:${port}`;

// The shell reads /remotes.json at run time: its test server answers one that points at the test ports.
const remotesJson = path.join(root, `.tmp/e2e${portOffset ? `-${portOffset}` : ''}/remotes.json`);
const remotes = `${JSON.stringify(
  {
    apiBaseUrl: origin(ports.api),
    remotes: Object.fromEntries(apps.filter((a) => !a.spa).map((a) => [a.name.replace('-', '_'), `${origin(a.port)}/mf-manifest.json`])),
  },
  null,
  2,
)}\n`;
// Workers load this file too: rewrite only when different, so a running server never reads a half-written file.
if (!existsSync(remotesJson) || readFileSync(remotesJson, 'utf8') !== remotes) {
  mkdirSync(path.dirname(remotesJson), { recursive: true });
  writeFileSync(remotesJson, remotes);
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // A flaky test must show, locally and in CI.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: origin(ports.apps.shell),
    // A failed test keeps its trace (DOM snapshots, network, console) and a screenshot. Not the trace's screencast:
    // encoding a frame for every paint took ~40 % of the browser's CPU in every test, passed or not (measured on two
    // specs: chromium 84 s of CPU with it, 50 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The portal asks for notification permission after sign-in (SPEC.md §4); granted here so no prompt blocks.
    permissions: ['notifications'],
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium: no browser download works on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    // Everything, at desktop size.
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The main flows again on a 390 × 844 phone (issue 17): only the tests tagged @both, so the rest run once.
    // Device pixel ratio 1: the layout is the same in CSS pixels, and chromium without a GPU paints 9× the pixels at
    // 3 (the phone tests took twice as long as the same tests at desktop size).
    {
      name: 'phone',
      grep: /@both/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: 'node node_modules/tsx/dist/cli.mjs src/server.ts',
      cwd: path.join(root, 'api'),
      url: `${origin(ports.api)}/health`,
      reuseExistingServer: false,
      // Migrations and the demo seed on a fresh PGlite: over a minute when other builds and runs share the machine.
      timeout: 180_000,
      env: {
        PORT: String(ports.api),
        PGLITE_DATA_DIR: 'memory',
        DATABASE_URL: '',
        NODE_ENV: 'test',
        MEDICO_DEMO: '1', // the demo seed
        MEDICO_TEST_ROUTES: '1', // GET /test/otp/last: how the tests read the one-time code
        CORS_ORIGINS: apps.flatMap((a) => [origin(a.port), `http://127.0.0.1:${a.port}`]).join(','),
        OTP_MAX_SENDS_PER_IP_PER_HOUR: '10000',
        OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '10000',
        ACCESS_TOKEN_TTL_SECONDS: '900',
      },
    },
    ...apps.map((app) => ({
      command: [
        'node',
        path.join(root, 'scripts/static-server.mjs'),
        ...['--dir', path.join(root, app.name, process.env.MEDICO_DIST_DIR || 'dist'), '--port', String(app.port), '--remotes', remotesJson],
        app.spa ? '--spa' : '--cors',
      ].join(' '),
      url: `${origin(app.port)}/${app.spa ? 'remotes.json' : 'mf-manifest.json'}`,
      reuseExistingServer: false,
      timeout: 30_000,
    })),
  ],
});
