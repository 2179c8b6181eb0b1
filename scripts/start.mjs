#!/usr/bin/env node
// `npm start`: install, build what is stale, then run the API (embedded PostgreSQL with demo data), the shell and
// the five remotes from their production builds. Ctrl-C stops everything.
import path from 'node:path';
import { API_PORT, APPS, ROOT, buildApps, install, staticServer, supervise } from './lib.mjs';

await install();
await buildApps();

supervise([
  {
    label: 'api',
    cmd: process.execPath,
    args: [path.join(ROOT, 'api/node_modules/tsx/dist/cli.mjs'), 'src/server.ts'],
    cwd: path.join(ROOT, 'api'),
    // Readable logs for a person at a terminal; JSON (the default) is for log collectors.
    env: { PORT: String(API_PORT), LOG_PRETTY: process.env.LOG_PRETTY ?? '1' },
  },
  ...APPS.map(staticServer),
]);

// Say where to go once the API answers (migrations and the demo seed run first on a fresh database).
for (let i = 0; i < 120; i++) {
  const up = await fetch(`http://localhost:${API_PORT}/health`).then((r) => r.ok, () => false);
  if (up) {
    console.log(`
  Medico B2B is up:
    Portal   http://localhost:3000
    API      http://localhost:${API_PORT}   (OpenAPI docs at /docs)
  Sign in with a demo mobile number listed above (9800000001 stockist, 9800000002 retailer, 9800000003 hospital);
  the one-time code is printed in this log as "OTP for <number>: <code>". Ctrl-C stops everything.
`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
