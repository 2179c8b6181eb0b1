// `node --test scripts/`: the static server of `npm start` and Playwright, on a real port (run by `npm test -- unit`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'static-server.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'static-'));
const dist = path.join(dir, 'dist');
const remotesFile = path.join(dir, 'remotes.json');
let server;
let base;

const writeRemotes = (config, mtime) => {
  writeFileSync(remotesFile, JSON.stringify(config));
  if (mtime) utimesSync(remotesFile, mtime, mtime);
};
const directives = (res) =>
  Object.fromEntries(res.headers.get('content-security-policy').split('; ').map((d) => { const [name, ...values] = d.split(' '); return [name, values]; }));

before(async () => {
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'main.js'), 'console.log(1)');
  writeFileSync(path.join(dist, '123.0123abcd.js'), 'console.log(2)');
  writeFileSync(path.join(dist, 'remotes.json'), '{"apiBaseUrl":"http://built-in.example"}');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Medico B2B"}');
  writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside dist');
  writeRemotes({ apiBaseUrl: 'https://api.example.in', remotes: { mf_orders: 'https://orders.example.in/mf-manifest.json', mf_payments: '/payments/mf-manifest.json' } });
  server = spawn(process.execPath, [script, '--dir', dist, '--port', '0', '--spa', '--remotes', remotesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve) => server.stdout.on('data', (d) => { const m = String(d).match(/on (http:\S+)/); if (m) resolve(m[1]); }));
});
after(() => server.kill());

test('the CSP allows the remotes and API of remotes.json, and follows an edit of it without a restart', async () => {
  const csp = directives(await fetch(`${base}/`));
  assert.deepEqual(csp['script-src'], ["'self'", 'https://orders.example.in']); // a relative entry is 'self'
  assert.deepEqual(csp['connect-src'], ["'self'", 'https://orders.example.in', 'https://api.example.in']);
  assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
  assert.ok(!csp['script-src'].includes("'unsafe-eval'") && !csp['script-src'].includes("'unsafe-inline'"));

  writeRemotes({ apiBaseUrl: 'https://api2.example.in', remotes: { mf_orders: 'https://cdn.example.in/orders/mf-manifest.json' } }, new Date(Date.now() + 5000));
  const edited = directives(await fetch(`${base}/app/orders`));
  assert.deepEqual(edited['script-src'], ["'self'", 'https://cdn.example.in']);
  assert.deepEqual(edited['connect-src'], ["'self'", 'https://cdn.example.in', 'https://api2.example.in']);
});

test('/remotes.json is the file given with --remotes; deep links get index.html; nothing outside the directory', async () => {
  assert.equal((await (await fetch(`${base}/remotes.json`)).json()).apiBaseUrl, 'https://api2.example.in');
  const deep = await fetch(`${base}/app/orders/online-orders`);
  assert.equal(deep.status, 200);
  assert.match(await deep.text(), /id="root"/);
  assert.equal((await fetch(`${base}/missing.js`)).status, 404);
  // Raw paths (fetch would normalise them): an encoded ../ never leaves the directory.
  for (const raw of ['/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/app/..%2f..%2fsecret.txt', '/%E0%A4%A.js']) {
    const status = await new Promise((resolve) => get(`${base}${raw}`, (res) => resolve(res.resume().statusCode)));
    assert.notEqual(status, 200, raw);
  }
  assert.equal((await fetch(`${base}/main.js`)).status, 200); // and the server is still up
  const res = await fetch(`${base}/main.js`);
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('referrer-policy'), 'same-origin');
});

test('entry files are revalidated (304 on ETag or date, 200 once changed); hashed chunks are immutable', async () => {
  const first = await fetch(`${base}/main.js`);
  assert.equal(first.headers.get('cache-control'), 'no-cache');
  const etag = first.headers.get('etag');
  const lastModified = first.headers.get('last-modified');
  assert.equal((await fetch(`${base}/main.js`, { headers: { 'if-none-match': etag } })).status, 304);
  assert.equal((await fetch(`${base}/main.js`, { headers: { 'if-modified-since': lastModified } })).status, 304);

  writeFileSync(path.join(dist, 'main.js'), 'console.log("redeployed")');
  utimesSync(path.join(dist, 'main.js'), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
  const changed = await fetch(`${base}/main.js`, { headers: { 'if-none-match': etag } });
  assert.equal(changed.status, 200);
  assert.equal(await changed.text(), 'console.log("redeployed")');
  assert.notEqual(changed.headers.get('etag'), etag);
  assert.equal((await fetch(`${base}/main.js`, { headers: { 'if-modified-since': lastModified } })).status, 200);

  assert.equal((await fetch(`${base}/123.0123abcd.js`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('the installable app: its manifest has its media type, the service worker is revalidated and may connect anywhere', async () => {
  const manifest = await fetch(`${base}/manifest.webmanifest`);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json; charset=utf-8');
  const page = directives(manifest);
  assert.deepEqual(page['manifest-src'], ["'self'"]);
  assert.deepEqual(page['worker-src'], ["'self'"]);

  // Its script as the browser fetches it: revalidated on every update check, like every unhashed file.
  const worker = await fetch(`${base}/service-worker.js`, { headers: { 'service-worker': 'script' } });
  assert.equal(worker.headers.get('cache-control'), 'no-cache');
  const policy = directives(worker);
  // It only forwards what pages asked for (their policy decides); a remote moved in remotes.json must not be refused.
  assert.deepEqual(policy['connect-src'], ['*']);
  assert.deepEqual(policy['script-src'], page['script-src']);
  assert.deepEqual(policy['default-src'], ["'self'"]);
  // The same file fetched by a page (not as a worker) keeps the narrow policy.
  assert.ok(!directives(await fetch(`${base}/service-worker.js`))['connect-src'].includes('*'));
});
