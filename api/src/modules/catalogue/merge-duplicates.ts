/**
 * `pnpm --filter api catalogue:merge-duplicates [--apply]`: the duplicates already in a database's product master
 * (issue 36), each group with its survivor (most stock holders, then oldest). A dry run by default: it lists the
 * groups and changes nothing; `--apply` merges each group into its survivor, one transaction per group (a group the
 * merge refuses is reported and left). Uses the same database configuration as the API (DATABASE_URL or the PGlite
 * directory).
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { mergeDuplicateGroups } from './merge';

async function main(): Promise<void> {
  // pnpm may pass its own `--` through.
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.some((a) => a !== '--apply')) {
    console.error('usage: pnpm --filter api catalogue:merge-duplicates [--apply]');
    process.exit(2);
  }
  const apply = args.includes('--apply');
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const outcomes = await mergeDuplicateGroups(db, { apply, now: () => new Date() });
    for (const { group, result, refused } of outcomes) {
      const [survivor, ...duplicates] = group.products;
      const names = duplicates.map((d) => `"${d.name}" (${d.pack}, ${d.manufacturer})`).join(', ');
      const into = `"${survivor!.name}" (${survivor!.pack}, ${survivor!.manufacturer}, ${survivor!.holders} holders)`;
      if (refused) console.log(`refused: ${names} into ${into}: ${refused}`);
      else if (result) console.log(`merged: ${names} into ${into}: ${result.batchesMoved} batches moved, ${result.batchesCombined} combined`);
      else console.log(`would merge: ${names} into ${into}`);
    }
    const merged = outcomes.filter((o) => o.result).length;
    console.log(apply ? `${merged} of ${outcomes.length} groups merged` : `${outcomes.length} groups; run again with --apply to merge them`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
