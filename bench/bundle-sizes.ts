// Prints the production bundle sizes of the shell and each remote: what a buyer's browser downloads on an
// ordinary connection. Run after `pnpm build`: `pnpm bench`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(__dirname, '..');
const apps = ['shell', 'mf-orders', 'mf-accounting', 'mf-payments', 'mf-inventory', 'mf-customers'];

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? jsFiles(full) : name.endsWith('.js') ? [full] : [];
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log('app             files   raw JS        gzip JS       gzip entry (main.js / remoteEntry.js)');
for (const app of apps) {
  const dist = path.join(root, app, 'dist');
  let files: string[];
  try {
    files = jsFiles(dist);
  } catch {
    console.log(`${app.padEnd(16)}not built (run pnpm build)`);
    continue;
  }
  let raw = 0;
  let gz = 0;
  let entry = 0;
  for (const f of files) {
    const buf = readFileSync(f);
    const z = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += z;
    if (/(^|\/)(main|remoteEntry)\.js$/.test(f)) entry += z;
  }
  console.log(`${app.padEnd(16)}${String(files.length).padEnd(8)}${kb(raw).padEnd(14)}${kb(gz).padEnd(14)}${kb(entry)}`);
}
