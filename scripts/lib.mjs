// Shared by start, dev and test: one list of apps and ports, one way to run pnpm and child processes.
// Dependency-free on purpose: these scripts run on a fresh machine before `pnpm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Starts long-running children and stops all of them together on Ctrl-C or when one exits. */
export function supervise(children) {
  const procs = children.map(({ label, cmd, args, env, cwd }) => {
    const child = spawn(cmd, args, { cwd: cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const prefix = (line) => (line ? `[${label}] ${line}` : line);
    const pipe = (stream, out) => {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const l of lines) out.write(prefix(l) + '\n');
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('exit', (code) => {
      console.log(`[${label}] exited (${code})`);
      stopAll(code ?? 1);
    });
    return child;
  });
  let stopping = false;
  function stopAll(code) {
    if (stopping) return;
    stopping = true;
    for (const p of procs) if (p.exitCode === null) p.kill('SIGTERM');
    setTimeout(() => process.exit(code), 1500).unref();
  }
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return procs;
}

export function staticServer(app) {
  return {
    label: app.name,
    cmd: process.execPath,
    args: [path.join(ROOT, 'scripts/static-server.mjs'), '--dir', path.join(ROOT, app.name, 'dist'), '--port', String(app.port), app.spa ? '--spa' : '--cors'],
  };
}
