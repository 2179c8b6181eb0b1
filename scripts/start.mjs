#!/usr/bin/env node
// `npm start`: install, build what is stale, then run the API (embedded PostgreSQL with demo data), the shell and
// the five remotes from their production builds. Ctrl-C stops everything.
import path from 'node:path';
import { API_PORT, APPS, ROOT, buildApps, install, staticServer, supervise } from './lib.mjs';

await install();
await buildApps();

supervise([
  { label: 'api', cmd: process.execPath, args: [path.join(ROOT, 'api/node_modules/tsx/dist/cli.mjs'), 'src/server.ts'], cwd: path.join(ROOT, 'api'), env: { PORT: String(API_PORT) } },
  ...APPS.map(staticServer),
]);

setTimeout(() => {
  console.log(`
  Medico B2B is starting:
    Portal   http://localhost:3000
    API      http://localhost:${API_PORT}   (docs at /docs)
  Sign in with a demo mobile number (the API log above lists them); the one-time code is printed in the API log
  as "OTP for <number>: <code>".
`);
}, 3000).unref();
