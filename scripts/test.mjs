#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest:
// typecheck, lint, unit tests, API tests on embedded PGlite, API tests on a PostgreSQL server, production builds,
// then the cross-remote Playwright tests. Prints one closing line with the totals.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildApps, install, pnpm, pnpmCommand, run } from './lib.mjs';

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

const only = process.argv.slice(2); // e.g. `npm test -- unit api` runs those steps only
const wanted = (name) => only.length === 0 || only.includes(name);

await install();
if (wanted('static')) {
  await step('typecheck', () => pnpm(['typecheck']));
  await step('lint', () => pnpm(['lint']));
}
if (wanted('unit')) {
  const out = path.join(results, 'unit.json');
  await step('unit tests (jest)', () => pnpm(['exec', 'jest', '--ci', '--json', `--outputFile=${out}`]));
  countJest(out);
}
if (wanted('api')) {
  const out = path.join(results, 'api-pglite.json');
  await step('API tests on embedded PGlite', () => pnpm(['--filter', 'api', 'exec', 'jest', '--ci', '--json', `--outputFile=${out}`], { env: { DATABASE_URL: '' } }));
  countJest(out);
}
if (wanted('api-pg')) {
  const out = path.join(results, 'api-postgres.json');
  await step('API tests on a PostgreSQL server (DATABASE_URL)', () =>
    run(process.execPath, ['scripts/with-postgres.mjs', ...pnpmCommand(), '--filter', 'api', 'exec', 'jest', '--ci', '--json', `--outputFile=${out}`]),
  );
  countJest(out);
}
if (wanted('e2e')) {
  await buildApps();
  const out = path.join(results, 'e2e.json');
  await step('end-to-end tests (Playwright, Debian chromium)', () => pnpm(['--filter', 'tests', 'test'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } }));
  countPlaywright(out);
}

console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
