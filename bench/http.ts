import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as httpRequest, type Agent } from 'node:http';
import { createServer } from 'node:net';

/*
 * What the benchmarks that drive a real API server over HTTP share: a free port, one request, waiting for the
 * server, signing in with the test OTP route, and the server's CPU time.
 */

const API_DIR = path.resolve(__dirname, '../api');

/**
 * The API server (src/server.ts) on `port` as the benchmarks run it: demo mode without the demo seed, the test
 * OTP route for signing in, limits on codes lifted, request logs off (a production log pipe is not what is
 * measured). `env` adds to or overrides that. BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof).
 */
export function spawnApi(port: number, env: Record<string, string> = {}): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      MEDICO_DEMO: '1',
      MEDICO_TEST_ROUTES: '1',
      SEED_DEMO: '0',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      OTP_MAX_SENDS_PER_IP_PER_HOUR: '100000',
      OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '100000',
      OTP_MAX_REFUSALS_PER_IP_PER_HOUR: '100000',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface HttpCall {
  /** Sent as JSON. */
  json?: object;
  /** Sent as is, with content-type application/json (a signed webhook body must stay byte for byte). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** One request to 127.0.0.1; `agent: false` opens a new connection (a cluster hands connections out round-robin). */
export function httpCall(port: number, agent: Agent | false, method: string, url: string, call: HttpCall = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const data = call.raw ?? (call.json && JSON.stringify(call.json));
    const headers: Record<string, string> = { ...call.headers };
    if (data) headers['content-type'] = 'application/json';
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

export async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await httpCall(port, false, 'GET', '/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('API did not start');
}

/**
 * Signs a user in over HTTP with the test route's last code (MEDICO_TEST_ROUTES=1). With several API workers the
 * code is kept by the worker that sent it, so it is asked for up to `tries` times until that one answers.
 */
export async function signInOverHttp(port: number, mobile: string, tries = 1): Promise<string> {
  const sent = await httpCall(port, false, 'POST', '/medico/otp/login', { json: { mobileNumber: mobile } });
  if (sent.status !== 200) throw new Error(`OTP for ${mobile}: ${sent.body.toString()}`);
  for (let i = 0; i < tries; i++) {
    const last = await httpCall(port, false, 'GET', `/test/otp/last?mobileNumber=${mobile}`);
    if (last.status !== 200) continue;
    const verified = await httpCall(port, false, 'POST', '/medico/otp/login/verify', { json: { mobileNumber: mobile, otp: JSON.parse(last.body.toString()).body.otp } });
    return JSON.parse(verified.body.toString()).body.token as string;
  }
  throw new Error(`no OTP for ${mobile}`);
}

/** CPU seconds a process has used (utime + stime, fields 14 and 15 of /proc/<pid>/stat, in 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used so far by the PostgreSQL server behind DATABASE_URL: its postmaster (found by the port on its
 * command line, as scripts/with-postgres.mjs starts it) and the backends it forked. Other sessions' servers on
 * the same machine are not counted. Null without a local server to read.
 */
export function postgresCpuSeconds(): number | null {
  const port = process.env.DATABASE_URL && new URL(process.env.DATABASE_URL).port;
  if (!port) return null;
  const stats = readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const [, rest] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
        return [{ pid, fields: rest!.split(' '), cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') }];
      } catch {
        return []; // ended meanwhile
      }
    });
  const postmaster = stats.find((s) => s.cmdline[0]?.endsWith('/postgres') && s.cmdline.includes('-p') && s.cmdline[s.cmdline.indexOf('-p') + 1] === port);
  if (!postmaster) return null;
  return stats.filter((s) => s === postmaster || s.fields[1] === postmaster.pid).reduce((sum, s) => sum + (Number(s.fields[11]) + Number(s.fields[12])) / 100, 0);
}

/**
 * Starts counting the CPU of the API process, of the PostgreSQL server and of this process (the benchmark's client);
 * `perRequest(n)` answers each one's milliseconds per request over the n requests since (PostgreSQL null when it
 * cannot be read).
 */
export function cpuMeter(apiPid: number): { perRequest: (requests: number) => { apiMs: number; postgresMs: number | null; clientMs: number } } {
  const api = cpuSeconds(apiPid);
  const postgres = postgresCpuSeconds();
  const client = process.cpuUsage();
  return {
    perRequest(requests) {
      const postgresNow = postgresCpuSeconds();
      const used = process.cpuUsage(client);
      return {
        apiMs: ((cpuSeconds(apiPid) - api) * 1000) / requests,
        postgresMs: postgres === null || postgresNow === null ? null : ((postgresNow - postgres) * 1000) / requests,
        clientMs: (used.user + used.system) / 1000 / requests,
      };
    },
  };
}
