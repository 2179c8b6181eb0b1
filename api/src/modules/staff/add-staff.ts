/**
 * `pnpm --filter api staff:add <mobile> "<name>"`: makes a mobile number a back-office staff login (it then signs
 * in by OTP like everyone). Uses the same database configuration as the API (DATABASE_URL or the PGlite directory).
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { addStaff } from './service';

async function main(): Promise<void> {
  const [mobile, ...nameParts] = process.argv.slice(2);
  const name = nameParts.join(' ').trim();
  if (!mobile || !/^[6-9]\d{9}$/.test(mobile) || !name) {
    console.error('usage: pnpm --filter api staff:add <10-digit mobile> <name>');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const result = await addStaff(db, mobile, name, new Date());
    console.log(result === 'added' ? `${mobile} (${name}) is now a staff login` : `${mobile} is already a staff login`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
