import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Every app from its production build on its own fixed port, as users get them. The API runs on a fresh in-memory
// database with the demo seed, so each run starts from the same data.
const root = path.resolve(__dirname, '..');
const apps = [
  { name: 'shell', port: 3000, spa: true },
  { name: 'mf-orders', port: 3001 },
  { name: 'mf-accounting', port: 3002 },
  { name: 'mf-payments', port: 3003 },
  { name: 'mf-inventory', port: 3004 },
  { name: 'mf-customers', port: 3005 },
];
const reuse = !process.env.CI;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
    // The portal asks for notification permission after sign-in (SPEC.md §4); granted here so no prompt blocks.
    permissions: ['notifications'],
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium: no browser download works on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node node_modules/tsx/dist/cli.mjs src/server.ts',
      cwd: path.join(root, 'api'),
      url: 'http://localhost:4000/health',
      reuseExistingServer: reuse,
      timeout: 60_000,
      env: {
        PORT: '4000',
        PGLITE_DATA_DIR: 'memory',
        NODE_ENV: 'test',
        OTP_MAX_SENDS_PER_IP_PER_HOUR: '10000',
        OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '10000',
        ACCESS_TOKEN_TTL_SECONDS: '900',
        DATABASE_URL: '',
      },
    },
    ...apps.map((app) => ({
      command: `node ${path.join(root, 'scripts/static-server.mjs')} --dir ${path.join(root, app.name, 'dist')} --port ${app.port} ${app.spa ? '--spa' : '--cors'}`,
      url: `http://localhost:${app.port}/${app.spa ? 'remotes.json' : 'mf-manifest.json'}`,
      reuseExistingServer: reuse,
      timeout: 30_000,
    })),
  ],
});
