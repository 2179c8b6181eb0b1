#!/usr/bin/env node
// Serves one built app: `node scripts/static-server.mjs --dir shell/dist --port 3000 [--spa] [--cors]`.
// Dependency-free so `start` and the Playwright webServer use the same server, and a kill stops it (no child process).
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

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

// Hashed chunks never change; everything else (HTML, remoteEntry, mf-manifest.json, remotes.json) must be re-read
// so a remote can be redeployed without rebuilding or re-caching the shell.
const cacheControl = (file) => (/\.[0-9a-f]{8}\.js$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');

async function resolveFile(urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
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

const server = createServer(async (req, res) => {
  if (cors) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
  }
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405).end();
  const url = new URL(req.url ?? '/', 'http://x');
  const file = await resolveFile(url.pathname);
  if (!file) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  // Text compresses 3-4x: what makes the portal quick on an ordinary connection.
  const gzip = /^(text\/|application\/json|image\/svg)/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, {
    'Content-Type': type,
    'Cache-Control': cacheControl(file),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  if (req.method === 'HEAD') return res.end();
  const body = createReadStream(file);
  (gzip ? body.pipe(createGzip()) : body).pipe(res);
});

server.listen(port, host, () => console.log(`serving ${path.relative(process.cwd(), root) || '.'} on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
