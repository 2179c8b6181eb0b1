/*
 * Best basket (issue 18): POST /cart/best-basket/solve for a 100-line list over the 300 sellers that gave the buyer
 * access, on the search benchmark's marketplace (bench/marketplace-seed.ts), through the real app (`app.inject`).
 * A third of the buyer's sellers get a minimum order (₹500–₹5,000), so the integer programme has constraints to
 * meet. Lines are product names as a buyer types them (matched by the search index), quantities 1–30.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx basket.ts   # PostgreSQL, full scale
 *   pnpm --filter bench exec tsx basket.ts                                 # embedded PGlite (BENCH_SCALE, 0.2)
 */
import { sql } from 'kysely';
import { BASKET_PATHS, type BasketResult } from 'shared-api';
import { BENCH_BUYERS } from './marketplace-seed';
import { openBenchApi, percentile, signIn } from './search-latency';

const LINES = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function main() {
  const { db, app, scale, seeded } = await openBenchApi();
  console.log(`${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite (memory)'}, ${JSON.stringify(scale)}; seed seconds ${JSON.stringify(seeded)}`);
  const buyer = BENCH_BUYERS[0]!;
  const token = await signIn(app, buyer.mobile);
  const buyerId = (await db.selectFrom('units').select('id').where('unit_code', '=', buyer.unitCode).executeTakeFirstOrThrow()).id;
  await sql`UPDATE units SET minimum_order_paise = 50000 + (abs(hashtext(id::text)) % 10) * 50000
    WHERE id IN (SELECT seller_unit_id FROM connections WHERE buyer_unit_id = ${buyerId}) AND abs(hashtext(id::text)) % 3 = 0`.execute(db);
  // 100 distinct products some of the buyer's sellers have, in a fixed pseudo-random order.
  const { rows } = await sql<{ name: string }>`SELECT p.name FROM products p
    WHERE EXISTS (SELECT 1 FROM inventory_batches b JOIN connections c ON c.seller_unit_id = b.unit_id AND c.buyer_unit_id = ${buyerId}
      WHERE b.product_id = p.id AND b.expiry_date > current_date + 30 AND b.quantity > b.reserved)
    ORDER BY md5(p.id::text) LIMIT ${LINES}`.execute(db);
  const lines = rows.map((r, i) => ({ lineNo: i + 1, text: r.name, quantity: 1 + ((i * 7) % 30) }));

  const solve = async (objective: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: BASKET_PATHS.solve, headers: { authorization: `Bearer ${token}` }, payload: { lines, objective } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`solve ${objective}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, result: res.json().body as BasketResult };
  };

  // Warm-up: the search index loads on first use, query plans and the solver's WebAssembly on the first solve.
  const first = await solve('COST');
  const { result } = first;
  const count = (status: string) => result.lines.filter((l) => l.status === status).length;
  console.log(
    `first solve ${first.ms.toFixed(0)} ms; lines: ${count('CHOSEN')} planned, ${count('AMBIGUOUS')} ambiguous, ${count('PARTIAL')} partial, ${count('NO_OFFER')} no offer, ${count('NOT_FOUND')} not found; ` +
      `${result.totals.sellers} sellers, feasible ${result.feasible}, saving vs single seller ${result.singleSeller ? result.singleSeller.savingPaise / 100 : 'none can fill it'}`,
  );
  console.log('| objective | runs | p50 | p95 | max |');
  console.log('|---|---|---|---|---|');
  for (const objective of ['COST', 'FEWEST_SELLERS', 'NEAREST', 'LONGEST_EXPIRY']) {
    const runs = objective === 'COST' ? RUNS : Math.max(5, Math.round(RUNS / 4));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await solve(objective)).ms);
    times.sort((a, b) => a - b);
    console.log(`| ${objective} | ${runs} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ${times[times.length - 1]!.toFixed(0)} ms |`);
  }
  await app.close();
  await db.destroy();
}

void main();
