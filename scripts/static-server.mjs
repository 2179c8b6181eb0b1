#!/usr/bin/env node
// Serves one built app: `node scripts/static-server.mjs --dir shell/dist --port 3000 [--spa] [--cors] [--remotes FILE]`.
// Dependency-free so `start` and the Playwright webServer use the same server, and a kill stops it (no child process).
//   --spa          unknown paths without an extension answer index.html (the shell's deep links)
//   --cors         any origin may fetch the files (a remote: the shell fetches its manifest and chunks)
//   --remotes FILE the portal's remotes.json (default: <dir>/remotes.json). Its origins make the
//                  Content-Security-Policy; with --spa it is also what /remotes.json answers.
import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const root = path.resolve(opt('dir') ?? '.');
const port = Number(opt('port') ?? 3000);
const host = opt('host') ?? '127.0.0.1';
const spa = args.includes('--spa');
const cors = args.includes('--cors');
const remotesFile = path.resolve(opt('remotes') ?? path.join(root, 'remotes.json'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

// Hashed chunks never change; everything else (HTML, main.js, remoteEntry, mf-manifest.json, remotes.json) is
// revalidated on every use (ETag/Last-Modified, 304), so a redeployed remote is picked up without a shell rebuild.
const HASHED = /\.[0-9a-f]{8}\.js$/;
const cacheControl = (file) => (HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');

function originOf(url) {
  try {
    return new URL(url).origin; // a relative entry ("/mf-orders/mf-manifest.json") is same-origin: 'self' covers it
  } catch {
    return null;
  }
}

/**
 * What the portal loads: its own files, each remote's manifest (fetch), remoteEntry and chunks (script), images
 * (bundled assets, data: URLs, the payment QR), and the API (fetch). styled-components writes its rules into
 * <style> elements it creates at run time, hence 'unsafe-inline' for styles only; scripts never run inline.
 */
function contentSecurityPolicy(config, { worker = false } = {}) {
  const remotes = Object.values(config?.remotes ?? {}).map(originOf);
  const api = originOf(config?.apiBaseUrl);
  // Firebase web push (optional "firebasePush" in remotes.json) registers with Google's APIs.
  const push = config?.firebasePush ? ['https://*.googleapis.com'] : [];
  const list = (...sources) => [...new Set(sources.filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...remotes)}`,
    // The service worker fetches only what a page asked for, which the page's own policy has already allowed; its
    // policy is the one of its script, kept until the script changes, so a remote moved to a new origin in
    // remotes.json would be refused by a worker installed before. Its connections are therefore not narrowed.
    `connect-src ${worker ? '*' : list("'self'", ...remotes, api, ...push)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...remotes)}`,
    `style-src 'self' 'unsafe-inline'`,
    `font-src 'self' data:`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

// remotes.json is re-read when it changes (one stat per request), so editing it needs no restart.
let remotes = { mtimeMs: -1, config: null, csp: contentSecurityPolicy(null), workerCsp: contentSecurityPolicy(null, { worker: true }) };
async function currentRemotes() {
  const stat = await fs.stat(remotesFile).catch(() => null);
  const mtimeMs = stat?.mtimeMs ?? 0;
  if (mtimeMs !== remotes.mtimeMs) {
    let config = null;
    if (stat) {
      try {
        config = JSON.parse(await fs.readFile(remotesFile, 'utf8'));
      } catch (error) {
        console.error(`${remotesFile} is not valid JSON (${error.message}): the CSP allows this origin only`);
      }
    }
    remotes = { mtimeMs, config, csp: contentSecurityPolicy(config), workerCsp: contentSecurityPolicy(config, { worker: true }) };
  }
  return remotes;
}

async function resolveFile(urlPath) {
  if (spa && urlPath === '/remotes.json') return remotesFile;
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed %-escape: not a file we have
  }
  const clean = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  let file = path.join(root, clean);
  if (!file.startsWith(root)) return null;
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) file = path.join(file, 'index.html');
    await fs.access(file);
    return file;
  } catch {
    return spa && !path.extname(clean) ? path.join(root, 'index.html') : null;
  }
}

/** RFC 9110 §13.1: If-None-Match wins; If-Modified-Since only counts without it (HTTP dates have whole seconds). */
function notModified(req, etag, mtimeMs) {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));
  const ims = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(ims) && Math.floor(mtimeMs / 1000) * 1000 <= ims;
}

const server = createServer(async (req, res) => {
  const { csp, workerCsp } = await currentRemotes();
  // Browsers mark the fetch of a service worker's script with `Service-Worker: script`.
  res.setHeader('Content-Security-Policy', req.headers['service-worker'] === 'script' ? workerCsp : csp);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  if (cors) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
  }
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
  const url = new URL(req.url ?? '/', 'http://x');
  const file = await resolveFile(url.pathname);
  const stat = file && (await fs.stat(file).catch(() => null));
  if (!stat?.isFile()) return res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  // Weak: the same file is sent gzip-encoded or not, and both are the same representation for caching.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'Cache-Control': cacheControl(file),
    ETag: etag,
    'Last-Modified': new Date(stat.mtimeMs).toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (notModified(req, etag, stat.mtimeMs)) return res.writeHead(304, headers).end();
  // Text compresses 3-4x: what makes the portal quick on an ordinary connection.
  const gzip = /^(text\/|application\/json|image\/svg)/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { ...headers, 'Content-Type': type, ...(gzip ? { 'Content-Encoding': 'gzip' } : { 'Content-Length': stat.size }) });
  if (req.method === 'HEAD') return res.end();
  const body = createReadStream(file);
  (gzip ? body.pipe(createGzip()) : body).pipe(res);
});

server.on('error', (error) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${port} is already in use: stop what listens there first` : error.message);
  process.exit(1);
});
server.listen(port, host, () =>
  console.log(`serving ${path.relative(process.cwd(), root) || '.'} on http://${host === '127.0.0.1' ? 'localhost' : host}:${server.address().port}`),
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
