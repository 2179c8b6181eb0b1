// Shared by start, dev and test: one list of apps and ports, one way to run pnpm and child processes.
// Dependency-free on purpose: these scripts run on a fresh machine before `pnpm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.8';

export const API_PORT = Number(process.env.API_PORT ?? 4000);
export const APPS = [
  { name: 'shell', port: 3000, spa: true },
  { name: 'mf-orders', port: 3001 },
  { name: 'mf-accounting', port: 3002 },
  { name: 'mf-payments', port: 3003 },
  { name: 'mf-inventory', port: 3004 },
  { name: 'mf-customers', port: 3005 },
];

/** pnpm as installed, or the pinned version through npm's own `npm exec` on a machine that has only Node and npm. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.')) return ['pnpm'];
  return ['npm', 'exec', '--yes', `pnpm@${PNPM_VERSION}`, '--'];
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function pnpm(args, opts) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], opts);
}

export async function mustPass(label, code) {
  if (code !== 0) {
    console.error(`\n✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

export async function install() {
  await mustPass('pnpm install', await pnpm(['install', '--frozen-lockfile', '--reporter=append-only']));
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the shell and remotes whose dist is missing or older than their sources or the shared packages. */
export async function buildApps({ force = false } = {}) {
  const shared = Math.max(...['shared-auth', 'shared-ui', 'shared-api'].map((p) => newestMtime(path.join(ROOT, p))), statSync(path.join(ROOT, 'webpack.app.cjs')).mtimeMs);
  const stale = APPS.filter(({ name }) => {
    const manifest = path.join(ROOT, name, 'dist', 'index.html');
    if (force || !existsSync(manifest)) return true;
    return Math.max(shared, newestMtime(path.join(ROOT, name))) > statSync(manifest).mtimeMs;
  });
  if (stale.length === 0) return console.log('Apps are built and up to date.');
  console.log(`Building ${stale.map((a) => a.name).join(', ')} (production)…`);
  const filters = stale.flatMap((a) => ['--filter', a.name]);
  // Two builds at a time: each takes ~400 MB and a core.
  await mustPass('build', await pnpm([...filters, '--workspace-concurrency=2', 'build']));
}

/** True for each port something already listens on (127.0.0.1, where every server here binds). */
export async function portsInUse(ports) {
  const busy = await Promise.all(
    ports.map(
      (port) =>
        new Promise((resolve) => {
          const probe = createServer();
          probe.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
          probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
        }),
    ),
  );
  return ports.filter((_, i) => busy[i]);
}

/**
 * Starts long-running children and keeps them running: one that exits is started again after a pause that doubles
 * while it keeps failing (1 s, 2 s, 4 s … 30 s) and is back to 1 s once it has stayed up a minute. Ctrl-C (SIGINT)
 * or SIGTERM stops all of them, then this process.
 */
export function supervise(children, { minDelayMs = 1000, maxDelayMs = 30_000, stableAfterMs = 60_000, graceMs = 5000 } = {}) {
  const running = new Set();
  const timers = new Set();
  let stopping = false;
  const seconds = (ms) => `${ms / 1000} s`;

  function start(spec, delayMs) {
    const { label, cmd, args, env, cwd } = spec;
    const startedAt = Date.now();
    const child = spawn(cmd, args, { cwd: cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    running.add(child);
    const pipe = (stream, out) => {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const l of lines) out.write(l ? `[${label}] ${l}\n` : '\n');
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    let ended = false;
    const onEnd = (how) => {
      if (ended) return;
      ended = true;
      running.delete(child);
      if (stopping) {
        if (running.size === 0) process.exit(0);
        return;
      }
      // A child that ran for a while crashed for a new reason: retry soon again.
      const wait = Date.now() - startedAt >= stableAfterMs ? minDelayMs : delayMs;
      console.log(`[${label}] ${how}; restarting in ${seconds(wait)}`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        console.log(`[${label}] restarting`);
        start(spec, Math.min(wait * 2, maxDelayMs));
      }, wait);
      timers.add(timer);
    };
    child.on('exit', (code, signal) => onEnd(`exited (${signal ?? `code ${code}`})`));
    child.on('error', (error) => onEnd(`could not start (${error.message})`));
  }

  function stopAll() {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    if (running.size === 0) process.exit(0);
    for (const child of running) child.kill('SIGTERM');
    setTimeout(() => {
      for (const child of running) child.kill('SIGKILL');
      process.exit(0);
    }, graceMs).unref();
  }
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  for (const spec of children) start(spec, minDelayMs);
}

/** One app's static server; every app's CSP allows the origins in the portal's remotes.json (the shell's). */
export function staticServer(app, remotes = path.join(ROOT, 'shell/dist/remotes.json')) {
  return {
    label: app.name,
    cmd: process.execPath,
    args: [
      path.join(ROOT, 'scripts/static-server.mjs'),
      ...['--dir', path.join(ROOT, app.name, 'dist'), '--port', String(app.port), '--remotes', remotes],
      app.spa ? '--spa' : '--cors',
    ],
  };
}
