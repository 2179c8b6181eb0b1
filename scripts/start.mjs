#!/usr/bin/env node
// `npm start`: install, build what is stale, then run the API (embedded PostgreSQL with demo data), the shell and
// the five remotes from their production builds. A server that stops is started again; Ctrl-C stops everything.
import path from 'node:path';
import { API_PORT, APPS, ROOT, buildApps, install, portsInUse, staticServer, supervise } from './lib.mjs';

const busy = await portsInUse([API_PORT, ...APPS.map((a) => a.port)]);
if (busy.length) {
  console.error(`✖ Port ${busy.join(', ')} already in use: stop the other \`npm start\` (or whatever listens there) first.`);
  process.exit(1);
}

await install();
await buildApps();

supervise([
  {
    label: 'api',
    cmd: process.execPath,
    args: [path.join(ROOT, 'api/node_modules/tsx/dist/cli.mjs'), 'src/server.ts'],
    cwd: path.join(ROOT, 'api'),
    env: {
      PORT: String(API_PORT),
      // Demo mode: demo seed, console SMS and a generated JWT secret, even with a DATABASE_URL. Never test routes.
      MEDICO_DEMO: '1',
      MEDICO_TEST_ROUTES: '',
      // Readable logs for a person at a terminal; JSON (the default) is for log collectors.
      LOG_PRETTY: process.env.LOG_PRETTY ?? '1',
    },
  },
  ...APPS.map((app) => staticServer(app)),
]);

// Say where to go once the API answers (migrations and the demo seed run first on a fresh database).
for (let i = 0; i < 120; i++) {
  const up = await fetch(`http://localhost:${API_PORT}/health`).then((r) => r.ok, () => false);
  if (up) {
    console.log(`
  Medico B2B is up:
    Portal   http://localhost:3000
    API      http://localhost:${API_PORT}   (OpenAPI docs at /docs)
  Sign in with a demo mobile number (9800000001 stockist, 9800000002 retailer, 9800000003 hospital);
  the one-time code is printed in this log as "*** OTP for <number>: <code> ***". Ctrl-C stops everything.
`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
