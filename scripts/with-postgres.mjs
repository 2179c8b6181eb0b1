#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL server:
//   node scripts/with-postgres.mjs pnpm --filter api test
// Starts the server from Debian's `postgresql` binaries (initdb + pg_ctl, no Docker) on 127.0.0.1 with a free
// port, creates a database, runs the command with DATABASE_URL set, then stops the server and deletes its files,
// also when the command fails or the script is interrupted. As root, the server runs as the `postgres` user
// (PostgreSQL refuses to run as root). WITH_POSTGRES_SETTINGS adds server settings for a benchmark's diagnosis,
// space-separated, e.g. `shared_preload_libraries=pg_stat_statements`.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DATABASE = 'medico_test';

function fail(message) {
  console.error(`with-postgres: ${message}`);
  process.exit(2);
}

/** Directory holding initdb and pg_ctl: PATH first, then the newest /usr/lib/postgresql/<version>/bin. */
function findBinDir() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    // A symlink in PATH (e.g. /usr/local/bin/initdb) leads to the real directory, which also holds psql.
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) {
      return path.dirname(realpathSync(path.join(dir, 'initdb')));
    }
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) fail('PostgreSQL server binaries not found; install them with: apt-get install -y postgresql');
  return path.join(root, versions[0], 'bin');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

function idOf(flag) {
  const out = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (out.status !== 0) fail('running as root needs a `postgres` user (the postgresql package creates it)');
  return Number(out.stdout.trim());
}

/** Runs a server binary, as `postgres` when we are root. */
function runServerTool(bin, args) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const out = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (out.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${out.status}):\n${out.stdout}${out.stderr}`);
  }
  return out.stdout;
}

const command = process.argv.slice(2);
if (!command.length) fail('usage: node scripts/with-postgres.mjs <command> [args...]');

const bin = findBinDir();
const dir = mkdtempSync(path.join(tmpdir(), 'medico-pg-'));
const dataDir = path.join(dir, 'data');
const logFile = path.join(dir, 'server.log');
if (isRoot) chownSync(dir, idOf('-u'), idOf('-g'));

let started = false;
let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    try {
      runServerTool(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (err) {
      console.error(`with-postgres: stopping the server failed: ${err.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child) child.kill(signal);
    cleanUp();
    process.exit(130);
  });
}

let exitCode = 1;
try {
  const port = await freePort();
  runServerTool(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Loopback only, socket in our own directory; durability settings off: this server lives for one test run.
  const extra = (process.env.WITH_POSTGRES_SETTINGS ?? '').split(/\s+/).filter(Boolean).map((setting) => ` -c ${setting}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra.join('')}`;
  runServerTool(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  started = true;
  runServerTool(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${DATABASE}`]);

  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  console.log(`with-postgres: PostgreSQL (${bin}) on ${url}`);
  child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  exitCode = await new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`with-postgres: could not run ${command[0]}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (err) {
  console.error(`with-postgres: ${err.message}`);
  if (existsSync(logFile)) console.error(spawnSync('tail', ['-n', '30', logFile], { encoding: 'utf8' }).stdout);
} finally {
  cleanUp();
}
process.exit(exitCode);
