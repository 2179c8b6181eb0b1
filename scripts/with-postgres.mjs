#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL server:
//   node scripts/with-postgres.mjs pnpm --filter api test
// Starts the server from Debian's `postgresql` binaries (initdb + pg_ctl, no Docker) on 127.0.0.1 with a free
// port, creates a database, runs the command with DATABASE_URL set, then stops the server and deletes its files,
// also when the command fails or the script is interrupted. As root, the server runs as the `postgres` user
// (PostgreSQL refuses to run as root). WITH_POSTGRES_SETTINGS adds server settings for a benchmark's diagnosis,
// space-separated, e.g. `shared_preload_libraries=pg_stat_statements`.
//
// WITH_POSTGRES_REPLICA=1 (issue 37) also starts a streaming hot standby of it: the primary with wal_level=replica, a
// replication role and a physical slot, the standby cloned by `pg_basebackup -R` (which writes its
// primary_conninfo and standby.signal) on a second free port, with hot_standby_feedback on (so vacuum on the primary
// does not cancel its queries). The command then also gets DATABASE_READ_URL, the standby's URL of the same database.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DATABASE = 'medico_test';
const REPLICA = process.env.WITH_POSTGRES_REPLICA === '1';
const SLOT = 'medico_replica';

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
const replicaDir = path.join(dir, 'replica');
const replicaLog = path.join(dir, 'replica.log');
if (isRoot) chownSync(dir, idOf('-u'), idOf('-g'));

let started = false;
let replicaStarted = false;
let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (replicaStarted) {
    try {
      runServerTool(path.join(bin, 'pg_ctl'), ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
    } catch (err) {
      console.error(`with-postgres: stopping the replica failed: ${err.message}`);
    }
  }
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
  // A standby replays full-page images; initdb's pg_hba.conf already trusts replication connections from 127.0.0.1.
  const replication = REPLICA ? ' -c wal_level=replica -c max_wal_senders=4 -c max_replication_slots=4 -c full_page_writes=on' : ' -c full_page_writes=off';
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off${replication}${extra.join('')}`;
  runServerTool(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  started = true;
  const psql = (p, sqlText) => runServerTool(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(p), '-U', 'postgres', '-d', 'postgres', '-q', '-A', '-t', '-c', sqlText]);
  psql(port, `CREATE DATABASE ${DATABASE}`);

  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  const env = { ...process.env, DATABASE_URL: url };
  console.log(`with-postgres: PostgreSQL (${bin}) on ${url}`);
  if (REPLICA) {
    const replicaPort = await freePort();
    psql(port, `CREATE ROLE replicator WITH REPLICATION LOGIN; SELECT pg_create_physical_replication_slot('${SLOT}')`);
    runServerTool(path.join(bin, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'replicator', '-D', replicaDir, '-R', '-S', SLOT, '-X', 'stream', '-c', 'fast', '--no-sync']);
    const replicaOptions = `-p ${replicaPort} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c hot_standby=on -c hot_standby_feedback=on`;
    runServerTool(path.join(bin, 'pg_ctl'), ['-D', replicaDir, '-l', replicaLog, '-o', replicaOptions, '-w', '-t', '60', 'start']);
    replicaStarted = true;
    // Streaming, not just started: the primary lists the standby's WAL sender.
    for (let i = 0; psql(port, `SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'`).trim() !== '1'; i++) {
      if (i >= 100) throw new Error('the replica did not start streaming within 10 s');
      spawnSync('sleep', ['0.1']);
    }
    env.DATABASE_READ_URL = `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`;
    console.log(`with-postgres: streaming replica (hot standby) on ${env.DATABASE_READ_URL}`);
  }
  child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
  exitCode = await new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`with-postgres: could not run ${command[0]}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (err) {
  console.error(`with-postgres: ${err.message}`);
  for (const file of [logFile, replicaLog]) if (existsSync(file)) console.error(spawnSync('tail', ['-n', '30', file], { encoding: 'utf8' }).stdout);
} finally {
  cleanUp();
}
process.exit(exitCode);
