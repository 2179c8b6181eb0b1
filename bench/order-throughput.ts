/*
 * Order submit throughput under contention (issue 4): 400 buyers with two- or three-line carts from two or three
 * sellers submit at once (50 at a time). Every other cart also wants 3 of the same "hot" product at one seller that
 * has 150 units for 200 × 3 wanted, so 150 of those carts lose the race and must be refused whole (E0042) while the
 * winners reserve stock.
 * Runs the real submit (cart lock, FOR UPDATE on batches, conditional reservation, orders, lines, allocations,
 * notifications, one transaction per cart) against the large marketplace of marketplace-seed.ts, then checks the
 * books: no batch reserved beyond its stock, reservations equal to what the orders hold.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx order-throughput.ts   # PostgreSQL 15
 *   pnpm --filter bench exec tsx order-throughput.ts                                 # embedded PGlite
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../api/src/config';
import type { Caller } from '../api/src/http/access';
import { OrdersService } from '../api/src/modules/orders/service';
import { openBenchApi } from './search-latency';

const BUYERS = 400;
const CONCURRENCY = 50;
const HOT_STOCK = 150;
const HOT_WANTED = 3;

async function main() {
  const { db, app, scale } = await openBenchApi();
  await app.close();
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  // Sellable (seller, product) pairs; the first is the hot one, with exactly HOT_STOCK units left.
  const { rows: pairs } = await sql<{ unit_id: string; product_id: string; name: string; ptr_paise: number; mrp_paise: number }>`
    SELECT * FROM (
      SELECT DISTINCT ON (b.unit_id, b.product_id) b.unit_id, b.product_id, p.name, b.ptr_paise, b.mrp_paise
      FROM inventory_batches b JOIN products p ON p.id = b.product_id
      WHERE b.expiry_date > ${today}::date + 60 AND b.quantity >= 100 AND b.scheme_buy IS NULL
      ORDER BY b.unit_id, b.product_id, b.expiry_date
    ) pair ORDER BY md5(pair.product_id::text || pair.unit_id::text) LIMIT 2001`.execute(db);
  const hot = pairs[0]!;
  await sql`UPDATE inventory_batches SET quantity = 0 WHERE unit_id = ${hot.unit_id} AND product_id = ${hot.product_id}`.execute(db);
  await sql`UPDATE inventory_batches SET quantity = ${HOT_STOCK} WHERE id = (SELECT id FROM inventory_batches WHERE unit_id = ${hot.unit_id} AND product_id = ${hot.product_id} AND expiry_date > ${today}::date LIMIT 1)`.execute(db);

  const callers: Caller[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const unitId = randomUUID();
    const userId = randomUUID();
    const code = `RTL-LOAD-${String(i).padStart(4, '0')}`;
    await db.insertInto('units').values({ id: unitId, unit_code: code, trade_name: `Load Chemist ${i}`, customer_type: 'RETAILER', activated: true, city: 'Mumbai', created_at: now }).execute();
    await db.insertInto('users').values({ id: userId, unit_id: unitId, role: 'OWNER', first_name: 'Load', mobile: `96${String(i).padStart(8, '0')}`, created_at: now }).execute();
    // Every other cart also wants the hot product; the rest compete only for ordinary stock.
    const lines = [pairs[1 + ((i * 2) % 2000)]!, pairs[2 + ((i * 2) % 2000)]!, ...(i % 2 === 0 ? [hot] : [])];
    const cartId = randomUUID();
    await db.insertInto('carts').values({ id: cartId, buyer_unit_id: unitId, created_at: now, updated_at: now }).execute();
    for (const [n, l] of lines.entries()) {
      await sql`INSERT INTO connections (id, buyer_unit_id, seller_unit_id, status, has_access, requested_at)
        VALUES (${randomUUID()}, ${unitId}, ${l.unit_id}, 'APPROVED', true, ${now}) ON CONFLICT DO NOTHING`.execute(db);
      await db
        .insertInto('cart_entries')
        .values({ id: randomUUID(), cart_id: cartId, seller_unit_id: l.unit_id, product_id: l.product_id, manufacturer: 'Bench', product_name: l.name, quantity: n === 2 ? HOT_WANTED : 2, ptr_paise: l.ptr_paise, mrp_paise: l.mrp_paise, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    callers.push({ userId, unitId, unitCode: code, customerType: 'RETAILER', role: 'OWNER', familyId: randomUUID(), activated: true });
  }

  const config = { ...loadConfig({ NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' }), now: () => now };
  const orders = new OrdersService(db, config);
  const outcome = { submitted: 0, orders: 0, refused: 0, errors: 0 };
  const codes = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < callers.length) {
        const caller = callers[next++]!;
        try {
          const result = await orders.submit(caller);
          outcome.submitted++;
          outcome.orders += result.orders.length;
        } catch (error) {
          const code = (error as { code?: string }).code ?? 'unexpected';
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (code === 'E0042') outcome.refused++;
          else outcome.errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const { rows: books } = await sql<{ oversold: number; mismatched: number; hot_reserved: number }>`
    SELECT
      (SELECT coalesce(sum(reserved - quantity), 0)::int FROM inventory_batches WHERE reserved > quantity) AS oversold,
      (SELECT count(*)::int FROM inventory_batches b
        WHERE b.reserved <> coalesce((SELECT sum(a.quantity) FROM order_allocations a WHERE a.batch_id = b.id AND a.status = 'RESERVED'), 0)) AS mismatched,
      (SELECT sum(reserved)::int FROM inventory_batches WHERE unit_id = ${hot.unit_id} AND product_id = ${hot.product_id}) AS hot_reserved`.execute(db);
  const b = books[0]!;
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}`);
  console.log(`| buyers | concurrency | carts accepted | orders created | refused (E0042) | other errors | seconds | carts/s | orders/s | oversold units | reservation mismatches | hot units reserved |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${BUYERS} | ${CONCURRENCY} | ${outcome.submitted} | ${outcome.orders} | ${outcome.refused} | ${outcome.errors} | ${seconds.toFixed(1)} | ${((outcome.submitted + outcome.refused) / seconds).toFixed(1)} | ${(outcome.orders / seconds).toFixed(1)} | ${b.oversold} | ${b.mismatched} | ${b.hot_reserved} of ${HOT_STOCK} |`,
  );
  if (outcome.errors) console.log('errors by code:', Object.fromEntries(codes));
  await db.destroy();
}

void main();
