#!/usr/bin/env node
// Issue 37: the sample deploy/nginx.conf, started with Debian's nginx in front of two API processes on one PostgreSQL
// server (and its replica, when DATABASE_READ_URL is set), checked with a request and a live stream through it:
//   node scripts/with-postgres.mjs node --test scripts/nginx-check.mjs
// (`npm test` runs it in its replica step.) A node:test file, so the test runner counts it; without DATABASE_URL or
// without nginx (apt-get install -y nginx) it is skipped with the reason. The config is the repository's, with only
// the lines marked "check:" rewritten (ports, and paths into a throwaway directory).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib.mjs';

const API_ROOT = path.join(ROOT, 'api');
const RETAILER = '9800000002';
const STOCKIST = '9800000001';

function findNginx() {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return null;
}

const nginx = findNginx();
const skip = !process.env.DATABASE_URL
  ? 'needs a PostgreSQL server: run it under node scripts/with-postgres.mjs'
  : !nginx
    ? 'nginx not found: apt-get install -y nginx (.ci/run installs it)'
    : false;
if (skip) console.log(`nginx-check: skipped: ${skip}`);

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

/** The repository's config with the "check:" lines rewritten for this run. */
export function renderConfig(text, { listenPort, upstreamPorts, dir, asRoot }) {
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  let out = text
    .replace(/^\s*server 127\.0\.0\.1:\d+ [^\n]*\n(\s*server 127\.0\.0\.1:\d+ [^\n]*\n)*/m, `${servers}\n`)
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(/^pid [^;]+;/m, `pid ${dir}/nginx.pid;`)
    .replace(/^error_log [^;]+;/m, `error_log ${dir}/error.log warn;`)
    .replace(/client_body_temp_path [^;]+;/, `client_body_temp_path ${dir}/body;`)
    .replace(/proxy_temp_path [^;]+;/, `proxy_temp_path ${dir}/proxy;`)
    .replace(/^worker_processes auto;/m, 'worker_processes 1;');
  if (!asRoot) out = out.replace(/^user [^;]+;\n/m, '');
  return out;
}

/** One API process (`node --import tsx src/server.ts`), its output kept as lines. */
function startApi(port, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, lines, port };
}

/** One request; `agent: false` opens a new connection each time. */
function call(port, method, url, payload, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = payload === undefined ? undefined : JSON.stringify(payload);
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`nginx-check: ${what} did not happen within ${ms / 1000} s`);
    await sleep(100);
  }
}

/** A live stream (SSE) opened through `port`: its events as they arrive, and `next(name)` to wait for one. */
function openStream(port, token) {
  return new Promise((resolve, reject) => {
    const events = [];
    const req = httpRequest({ host: '127.0.0.1', port, path: '/notifications/live', agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      });
      resolve({
        res,
        events,
        close: () => req.destroy(),
        next: (name, match = () => true) => until(`a "${name}" event on the live stream`, async () => events.find((e) => e.event === name && match(e.data))),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

test('deploy/nginx.conf in front of two API processes: requests reach both, a live stream passes unbuffered', { skip, timeout: 180_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'medico-nginx-'));
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy']) mkdirSync(path.join(dir, sub), { mode: 0o777 });
  const asRoot = process.getuid?.() === 0;
  const [listenPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const env = {
    NODE_ENV: 'development',
    MEDICO_DEMO: '1',
    MEDICO_TEST_ROUTES: '1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    LOG_PRETTY: '0',
    LIVE_POLL_MS: '100',
  };
  const apis = [];
  let proxy;
  try {
    // The first prepares the database (migrations, demo seed); the second starts once it is ready.
    for (const port of [portA, portB]) {
      const api = startApi(port, env);
      apis.push(api);
      await until(`API process on ${port} answering /health`, async () => (await call(port, 'GET', '/health')).status === 200);
    }
    writeFileSync(path.join(dir, 'nginx.conf'), renderConfig(readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8'), { listenPort, upstreamPorts: [portA, portB], dir, asRoot }));
    const syntax = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    assert.equal(syntax.status, 0, `nginx -t refused the config:\n${syntax.stderr}`);
    proxy = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
    await until('nginx answering', async () => (await call(listenPort, 'GET', '/health')).status === 200);

    // Requests: every one answered, and both processes answered some (request logs carry the port's process).
    for (let i = 0; i < 6; i++) assert.equal((await call(listenPort, 'GET', '/health')).status, 200);
    const answered = apis.map((api) => api.lines.filter((l) => l.includes('"incoming request"') && l.includes('"/health"')).length);
    assert.ok(answered.every((n) => n > 1), `both API processes answer through nginx (health checks answered: ${answered.join(', ')})`);

    // Sign in through nginx: the one-time code is kept by the process that sent it, so ask until that one answers.
    const signIn = async (mobile) => {
      assert.equal((await call(listenPort, 'POST', '/medico/otp/login', { mobileNumber: mobile })).status, 200);
      const otp = await until(`the OTP of ${mobile}`, async () => {
        const res = await call(listenPort, 'GET', `/test/otp/last?mobileNumber=${mobile}`);
        return res.status === 200 ? res.json.body.otp : undefined;
      });
      const verified = await call(listenPort, 'POST', '/medico/otp/login/verify', { mobileNumber: mobile, otp });
      assert.equal(verified.status, 200);
      return verified.json.body.token;
    };
    const [buyer, seller] = [await signIn(RETAILER), await signIn(STOCKIST)];

    // The live channel through nginx: the stream's headers and its first frame arrive at once (unbuffered).
    const stream = await openStream(listenPort, buyer);
    assert.equal(stream.res.statusCode, 200);
    assert.match(String(stream.res.headers['content-type']), /^text\/event-stream/);
    await stream.next('ready');
    // A stock change through nginx (whichever process takes it; twice, so both do with round robin) reaches the
    // buyer's stream on its process through the change log.
    for (const batchNo of ['NGINX-1', 'NGINX-2']) {
      const added = await call(listenPort, 'POST', '/tenants/inventory/add', {
        productName: 'Dolovex 650 Tablet', manufacturer: 'Microvia Labs', pack: '15 tablets', batchNo, expiryDate: '2028-03-31', mrpPaise: 3400, ptrPaise: 2800, quantity: 5,
      }, { authorization: `Bearer ${seller}` });
      assert.equal(added.status, 200, JSON.stringify(added.json));
    }
    await stream.next('stock');
    stream.close();
    console.log(`nginx-check: nginx on :${listenPort} in front of API processes on :${portA} and :${portB}: requests answered by both, live stream passed (${stream.events.map((e) => e.event).join(', ')})`);
  } catch (error) {
    for (const api of apis) console.error(`API :${api.port} output (last 20 lines):\n${api.lines.slice(-20).join('\n')}`);
    if (existsSync(path.join(dir, 'error.log'))) console.error(`nginx error.log:\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    throw error;
  } finally {
    proxy?.kill('SIGQUIT');
    for (const api of apis) api.child.kill('SIGTERM');
    await Promise.all([proxy, ...apis.map((a) => a.child)].filter(Boolean).map((child) => (child.exitCode !== null || child.signalCode ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
    rmSync(dir, { recursive: true, force: true });
  }
});
