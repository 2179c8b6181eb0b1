import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './db/seed';
import { addStaff } from './modules/staff/service';

/** Boots the API: configuration, database (migrated, demo-seeded when fresh), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const app = await buildApp(config, { db });
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `PGlite at ${config.pgliteDataDir}`;

  const applied = await migrate(db, config.now);
  app.log.info({ applied }, `database: ${where}; ${applied.length} migration(s) applied`);
  if (config.seedDemo && (await seedDemo(db, config.now()))) app.log.info('demo data seeded');
  if (config.staff) {
    const made = await addStaff(db, config.staff.mobile, config.staff.name, config.now());
    app.log.info(`STAFF_MOBILE ${config.staff.mobile}: ${made === 'added' ? 'now a staff login' : 'already a staff login'}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `Medico API listening on ${url}  (docs: ${url}/docs)`,
    `Database: ${where}`,
  ];
  if (config.seedDemo) {
    lines.push('Demo sign-ins (mobile number, then the OTP from this log):');
    for (const login of DEMO_LOGINS) lines.push(`  ${login.mobile}  ${login.who}`);
  }
  if (config.sms.provider === 'console') lines.push('SMS_PROVIDER=console: one-time codes are written to this log.');
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((err: unknown) => {
  console.error('API failed to start:', err);
  process.exit(1);
});
