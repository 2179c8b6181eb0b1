// `node --test scripts/`: the launcher's supervision, on real child processes (run by `npm test -- unit`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const lib = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib.mjs');
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs supervise() in its own process (it owns SIGINT and exits), with short back-off for the test. */
function launch(children, options) {
  const code = `import(${JSON.stringify(lib)}).then(({ supervise }) => supervise(${JSON.stringify(children)}, ${JSON.stringify(options)}))`;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  const waitFor = async (re, timeoutMs = 10_000) => {
    for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 20))) {
      const m = out.match(re);
      if (m) return m;
    }
    throw new Error(`no ${re} in:\n${out}`);
  };
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return { proc, waitFor, exited, output: () => out };
}

test('a child that exits is restarted with doubling back-off, reset once it stayed up; SIGINT stops all', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'supervise-'));
  const runs = path.join(dir, 'runs');
  // Runs 1-4 crash at once, run 5 stays up longer than stableAfterMs then crashes, run 6 keeps running.
  const flaky = `
    const fs = require('node:fs');
    fs.appendFileSync(${JSON.stringify(runs)}, 'x');
    const run = fs.readFileSync(${JSON.stringify(runs)}, 'utf8').length;
    console.log('run ' + run + ' pid ' + process.pid);
    if (run <= 4) process.exit(3);
    if (run === 5) setTimeout(() => process.exit(4), 700);
    else setInterval(() => {}, 1000);`;
  const steady = `console.log('pid ' + process.pid); setInterval(() => {}, 1000);`;
  const s = launch(
    [
      { label: 'flaky', cmd: process.execPath, args: ['-e', flaky] },
      { label: 'steady', cmd: process.execPath, args: ['-e', steady] },
    ],
    { minDelayMs: 100, maxDelayMs: 400, stableAfterMs: 500 },
  );
  const steadyPid = Number((await s.waitFor(/\[steady\] pid (\d+)/))[1]);
  const lastPid = Number((await s.waitFor(/\[flaky\] run 6 pid (\d+)/))[1]);

  const waits = [...s.output().matchAll(/\[flaky\] exited \(code (\d)\); restarting in ([\d.]+) s/g)].map((m) => [Number(m[1]), Number(m[2])]);
  // Doubling from 0.1 s, capped at 0.4 s; after run 5 stayed up 0.7 s (> 0.5 s) the pause is back to 0.1 s.
  assert.deepEqual(waits, [[3, 0.1], [3, 0.2], [3, 0.4], [3, 0.4], [4, 0.1]]);
  assert.equal(s.output().match(/\[flaky\] restarting\n/g)?.length, 5);
  assert.equal(readFileSync(runs, 'utf8').length, 6);
  // The other child was never touched: one start, still the same process.
  assert.equal(s.output().match(/\[steady\] pid/g)?.length, 1);
  assert.ok(alive(steadyPid));

  s.proc.kill('SIGINT'); // Ctrl-C
  assert.deepEqual(await s.exited, { code: 0, signal: null });
  assert.ok(!alive(steadyPid), 'steady child stopped');
  assert.ok(!alive(lastPid), 'flaky child stopped');
});

test('SIGINT during a back-off pause stops everything and starts nothing more', async () => {
  const s = launch([{ label: 'crashy', cmd: process.execPath, args: ['-e', 'process.exit(1)'] }], { minDelayMs: 1000 });
  await s.waitFor(/\[crashy\] exited \(code 1\); restarting in 1 s/);
  s.proc.kill('SIGINT');
  assert.deepEqual(await s.exited, { code: 0, signal: null });
  assert.doesNotMatch(s.output(), /\[crashy\] restarting\n/);
});
