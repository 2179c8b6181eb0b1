#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest:
// typecheck, lint, unit tests, API tests on embedded PGlite, API tests on a PostgreSQL server, the replica and nginx
// checks, production builds,
// then the cross-remote Playwright tests. Prints one closing line with the totals.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildApps, install, pnpm, pnpmCommand, portsInUse, run } from './lib.mjs';

const results = path.join(ROOT, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

// A runner that crashed before writing its report counts as one failure, so a broken step can't pass silently.
function reportOf(file) {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  totals.failed += 1;
  return null;
}

function countJest(file) {
  const r = reportOf(file);
  if (!r) return;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

// node:test's TAP summary ("# pass N", "# fail N", "# skipped N"); no file means the runner crashed.
function countTap(file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    return;
  }
  const tap = readFileSync(file, 'utf8');
  const n = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  totals.passed += n('pass');
  totals.failed += n('fail') + n('cancelled');
  totals.skipped += n('skipped') + n('todo');
}

function countPlaywright(file) {
  const s = reportOf(file)?.stats;
  if (!s) return;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
}

async function step(label, fn) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const code = await fn();
  console.log(`${code === 0 ? '✔' : '✖'} ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (code !== 0) failedSteps.push(label);
  return code;
}

// Two workers halve each API step on two cores (measured 218 s → 106 s): each worker has its own embedded
// PGlite, or its own schema on the server, so files never share data.
const API_JEST = ['--ci', '--maxWorkers=2', '--json'];

const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs those steps only
const wanted = (name) => only.length === 0 || only.includes(name);

await install();
if (wanted('static')) {
  await step('typecheck', () => pnpm(['typecheck']));
  await step('lint', () => pnpm(['lint']));
}
if (wanted('unit')) {
  const out = path.join(results, 'unit.json');
  // Two workers: jest's default on two cores is one.
  await step('unit tests (jest)', () => pnpm(['exec', 'jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${out}`]));
  countJest(out);
  // The launcher's own scripts (supervision, static server): node:test, no dependencies.
  const tap = path.join(results, 'scripts.tap');
  const files = readdirSync(path.join(ROOT, 'scripts')).filter((f) => f.endsWith('.test.mjs')).map((f) => path.join('scripts', f));
  await step('script tests (node:test)', () =>
    run(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files]),
  );
  countTap(tap);
}
// The whole API suite runs on a PostgreSQL server (what production runs). On embedded PGlite (what `npm start` and the
// end-to-end tests run on) the files where the engine itself matters: boot and migrations, the change log and the
// caches it feeds, locks and races on stock and money, bulk imports, the live stream. Running everything twice cost
// four minutes of a run that must stay well under twenty; `npm test -- api-all` runs the whole suite on PGlite too.
const PGLITE_FILES = ['app', 'config', 'change-feed', 'search', 'inventory', 'orders', 'cart', 'clearance', 'basket', 'ledger', 'live', 'session', 'authorization'];
if (wanted('api') || only.includes('api-all')) {
  const out = path.join(results, 'api-pglite.json');
  const files = only.includes('api-all') ? [] : ['--testPathPatterns', `test/(${PGLITE_FILES.join('|')})\\.test\\.ts$`];
  await step('API tests on embedded PGlite', () => pnpm(['--filter', 'api', 'exec', 'jest', ...API_JEST, ...files, `--outputFile=${out}`], { env: { DATABASE_URL: '' } }));
  countJest(out);
}
if (wanted('api-pg')) {
  const out = path.join(results, 'api-postgres.json');
  await step('API tests on a PostgreSQL server (DATABASE_URL)', () =>
    run(process.execPath, ['scripts/with-postgres.mjs', ...pnpmCommand(), '--filter', 'api', 'exec', 'jest', ...API_JEST, `--outputFile=${out}`]),
  );
  countJest(out);
}
// Issue 37: a primary and its streaming hot standby (WITH_POSTGRES_REPLICA=1): the read-your-writes suite of
// test/replica.test.ts (skipped in the step above, which has no standby), then deploy/nginx.conf with Debian's nginx in
// front of two API processes (scripts/nginx-check.mjs; skipped with the reason when nginx is not installed). 30–45 s.
if (wanted('replica')) {
  const env = { WITH_POSTGRES_REPLICA: '1' };
  const out = path.join(results, 'api-replica.json');
  await step('API on a primary and a streaming replica (DATABASE_READ_URL)', () =>
    run(process.execPath, ['scripts/with-postgres.mjs', ...pnpmCommand(), '--filter', 'api', 'exec', 'jest', '--ci', '--json', `--outputFile=${out}`, 'test/replica.test.ts'], { env }),
  );
  countJest(out);
  const tap = path.join(results, 'nginx.tap');
  await step('N API processes behind nginx (deploy/nginx.conf)', () =>
    run(process.execPath, ['scripts/with-postgres.mjs', process.execPath, '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, 'scripts/nginx-check.mjs'], { env }),
  );
  countTap(tap);
}
if (wanted('e2e')) {
  // Playwright starts its own servers on the ports of tests/ports.json (never those of `npm start`) and reuses none.
  // E2E_PORT_OFFSET moves them all (tests/ports.ts). One run, not shards side by side: two shards measured slower on
  // two cores (16 min against 14), the browsers and servers compete for them.
  const ports = JSON.parse(readFileSync(path.join(ROOT, 'tests/ports.json'), 'utf8'));
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
  const busy = await portsInUse([ports.api, ...Object.values(ports.apps)].map((port) => port + offset));
  if (busy.length) {
    console.error(`\n✖ Port ${busy.join(', ')} already in use, needed by the end-to-end tests: stop the other \`npm test\` (or whatever listens there) first.`);
    process.exit(1);
  }
  await buildApps();
  const out = path.join(results, 'e2e.json');
  await step('end-to-end tests (Playwright, Debian chromium)', () => pnpm(['--filter', 'tests', 'test'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } }));
  countPlaywright(out);
}

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
