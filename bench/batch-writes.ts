/**
 * What writing an upload's batches costs, part by part (issue 38 item 1): 100,000 batches of 10,000 new products
 * inserted into the demo stockist's warehouse the way the import writes them (repository.ts insertBatches: 2,000-row
 * `INSERT … SELECT FROM unnest`), once as the schema stands and once with each trigger, index or foreign key of
 * inventory_batches dropped (inside the transaction, which is rolled back: nothing is kept). Two rounds, interleaved,
 * on PGlite on disk like `npm start` (or `DATABASE_URL`). Prints milliseconds per variant and round.
 *
 *   pnpm --filter bench exec tsx batch-writes.ts              # every variant
 *   pnpm --filter bench exec tsx batch-writes.ts baseline no_written
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../api/src/db/database';
import { migrate } from '../api/src/db/migrate';
import { seedDemo } from '../api/src/db/seed';
import { orderedIds } from '../api/src/modules/inventory/repository';

const PRODUCTS = 10_000;
const BATCHES = 100_000;
const CHUNK = 2_000;

/** The DDL that takes each part away. */
const VARIANTS: Record<string, string[]> = {
  baseline: [],
  no_written: ['DROP TRIGGER inventory_batches_written ON inventory_batches'],
  no_logs: ['DROP TRIGGER inventory_batches_log_insert ON inventory_batches', 'DROP TRIGGER inventory_batches_log_warehouse_insert ON inventory_batches'],
  no_recall_key_idx: ['DROP INDEX inventory_batches_recall_key'],
  no_product_unit_idx: ['DROP INDEX inventory_batches_product_unit'],
  no_product_idx: ['DROP INDEX inventory_batches_product'],
  no_warehouse_stock_idx: ['DROP INDEX inventory_batches_warehouse_stock'],
  no_fk_unit: ['ALTER TABLE inventory_batches DROP CONSTRAINT inventory_batches_unit_id_fkey'],
  no_fk_product: ['ALTER TABLE inventory_batches DROP CONSTRAINT inventory_batches_product_id_fkey'],
};

class Rollback extends Error {}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'batch-writes-'));
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: dir });
  await migrate(db);
  await seedDemo(db);
  const { rows } = await sql<{ unit_id: string; id: string }>`
    SELECT w.unit_id, w.id FROM warehouses w JOIN users u ON u.unit_id = w.unit_id WHERE u.mobile = '9800000001' ORDER BY w.created_at LIMIT 1`.execute(db);
  const { unit_id: unitId, id: warehouseId } = rows[0]!;
  const only = process.argv.slice(2);
  const variants = Object.entries(VARIANTS).filter(([name]) => only.length === 0 || only.includes(name));
  for (const round of [1, 2]) {
    for (const [name, ddl] of variants) {
      let ms = 0;
      await db
        .transaction()
        .execute(async (trx) => {
          for (const statement of ddl) await sql.raw(statement).execute(trx);
          const products = Array.from({ length: PRODUCTS }, () => randomUUID());
          for (let from = 0; from < PRODUCTS; from += CHUNK) {
            const ids = products.slice(from, from + CHUNK);
            await sql`INSERT INTO products (id, name, manufacturer, pack, match_key, created_at)
              SELECT id, 'Bench ' || id, 'Bench Labs', '10 Tab', 'bench|' || id, now() FROM unnest(${ids}::uuid[]) AS u(id)`.execute(trx);
          }
          const nextId = orderedIds();
          const started = performance.now();
          for (let from = 0; from < BATCHES; from += CHUNK) {
            const ids = Array.from({ length: CHUNK }, nextId);
            const productIds = Array.from({ length: CHUNK }, (_, i) => products[Math.floor((from + i) / (BATCHES / PRODUCTS))]!);
            const batchNos = Array.from({ length: CHUNK }, (_, i) => `B${(from + i) % (BATCHES / PRODUCTS)}`);
            const paise = Array.from({ length: CHUNK }, () => 1000);
            await sql`
              INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise,
                                             pts_paise, quantity, scheme_buy, scheme_free, created_at, updated_at, opening_cost_paise)
              SELECT u.id, ${unitId}::uuid, ${warehouseId}::uuid, u.product_id, u.batch_no, '2028-03-31'::date, u.price, u.price, u.price,
                     u.price, NULL, NULL, now(), now(), u.price
              FROM unnest(${ids}::uuid[], ${productIds}::uuid[], ${batchNos}::text[], ${paise}::int[]) AS u(id, product_id, batch_no, price)`.execute(trx);
          }
          ms = performance.now() - started;
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      console.log(`round ${round}  ${name.padEnd(24)} ${Math.round(ms).toLocaleString('en-IN').padStart(6)} ms`);
    }
  }
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
