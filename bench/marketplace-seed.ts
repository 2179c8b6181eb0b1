/*
 * A large marketplace for the search and order benchmarks (issue 4): 1,000 stockists (one godown each, spread over
 * India), 50,000 products (brand × strength × form over 60 salts and 40 manufacturers), 1,000,000 batches (20 sellers
 * per product, expiries from last month to three years out, so some are expired), and 50 retailers in Mumbai,
 * each connected with access to 300 of the sellers. Everything is generated inside the database with
 * INSERT … SELECT FROM generate_series, so the rows never travel through Node.
 *
 *   node scripts/with-postgres.mjs pnpm --filter bench exec tsx marketplace-seed.ts   # seeds, prints the timings
 *
 * The search and order benchmarks call `seedLargeMarketplace` themselves. Opening stock is written without its
 * UPLOAD movements (1,000,000 ledger rows the benchmarks never read).
 */
import { sql } from 'kysely';
import type { Database } from '../api/src/db/database';

export interface Scale {
  sellers: number;
  products: number;
  batches: number;
  /** Sellers the benchmark buyer may see stock of. */
  connected: number;
}

export const FULL_SCALE: Scale = { sellers: 1_000, products: 50_000, batches: 1_000_000, connected: 300 };

/** Retailers in Mumbai that search at once in the latency benchmark, each its own shop with its own connections. */
export const BENCH_BUYERS = Array.from({ length: 50 }, (_, i) => ({
  unitCode: `RTL-BENCH-${String(i + 1).padStart(3, '0')}`,
  mobile: `97000000${String(i + 1).padStart(2, '0')}`,
}));

const SALTS = [
  'Paracetamol', 'Amoxycillin', 'Azithromycin', 'Pantoprazole', 'Omeprazole', 'Metformin', 'Glimepiride', 'Telmisartan',
  'Amlodipine', 'Atorvastatin', 'Rosuvastatin', 'Cetirizine', 'Levocetirizine', 'Montelukast', 'Fexofenadine', 'Ibuprofen',
  'Diclofenac', 'Aceclofenac', 'Ciprofloxacin', 'Ofloxacin', 'Levofloxacin', 'Doxycycline', 'Cefixime', 'Cefuroxime',
  'Ondansetron', 'Domperidone', 'Ranitidine', 'Esomeprazole', 'Rabeprazole', 'Losartan', 'Olmesartan', 'Metoprolol',
  'Atenolol', 'Clopidogrel', 'Aspirin', 'Thyroxine', 'Calcium', 'Cholecalciferol', 'Methylcobalamin', 'Folic Acid',
  'Ferrous Ascorbate', 'Vildagliptin', 'Sitagliptin', 'Dapagliflozin', 'Empagliflozin', 'Prednisolone', 'Deflazacort',
  'Hydroxychloroquine', 'Ivermectin', 'Albendazole', 'Fluconazole', 'Itraconazole', 'Terbinafine', 'Acyclovir',
  'Sertraline', 'Escitalopram', 'Alprazolam', 'Clonazepam', 'Gabapentin', 'Pregabalin',
];
const MAKERS = [
  'Sun Pharma', 'Cipla', 'Lupin', 'Dr Reddys', 'Zydus', 'Alkem', 'Mankind', 'Torrent', 'Glenmark', 'Intas', 'Abbott',
  'GSK', 'Sanofi', 'Pfizer', 'Micro Labs', 'Macleods', 'Ipca', 'Ajanta', 'Alembic', 'USV', 'Emcure', 'FDC', 'Wockhardt',
  'Aristo', 'Biocon', 'Eris', 'Hetero', 'MSN', 'Natco', 'Unichem', 'Blue Cross', 'Indoco', 'JB Chemicals', 'Merck',
  'Novartis', 'Leeford', 'Medley', 'Centaur', 'Systopic', 'Overseas',
];
const SYLLABLES = ['do', 'lo', 'pan', 'ta', 'zi', 'mox', 'cal', 'ra', 'vel', 'tel', 'gly', 'ro', 'su', 'met', 'az', 'ni', 'cef', 'on', 'dex', 'ko'];
const FORMS = ['Tablet', 'Capsule', 'Syrup', 'Injection', 'Suspension', 'Drops'];
const STRENGTHS = ['5', '10', '20', '40', '50', '100', '250', '500', '650', '1000'];
const CITIES: [string, number, number][] = [
  ['Mumbai', 19.07, 72.87], ['Pune', 18.52, 73.85], ['Delhi', 28.61, 77.21], ['Bengaluru', 12.97, 77.59], ['Chennai', 13.08, 80.27],
  ['Hyderabad', 17.38, 78.48], ['Kolkata', 22.57, 88.36], ['Ahmedabad', 23.02, 72.57], ['Jaipur', 26.91, 75.79], ['Lucknow', 26.85, 80.95],
];

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;

/** Seeds the large marketplace into a migrated database (the demo seed is not needed). Returns seconds per step. */
export async function seedLargeMarketplace(db: Database, scale: Scale, now = new Date()): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    timings[name] = Math.round(performance.now() - started) / 1000;
  };
  const cities = sql`(VALUES ${sql.join(CITIES.map(([c, la, ln], i) => sql`(${i}::int, ${c}::text, ${la}::float8, ${ln}::float8)`))}) AS c(i, city, lat, lng)`;

  await step('sellers', async () => {
    await sql`CREATE TABLE IF NOT EXISTS bench_sellers (n int PRIMARY KEY, unit_id uuid NOT NULL, warehouse_id uuid NOT NULL)`.execute(db);
    await sql`INSERT INTO bench_sellers SELECT g, gen_random_uuid(), gen_random_uuid() FROM generate_series(1, ${scale.sellers}) g`.execute(db);
    await sql`INSERT INTO units (id, unit_code, trade_name, customer_type, activated, city, latitude, longitude, delivery_market, created_at)
      SELECT s.unit_id, 'STK-BENCH-' || lpad(s.n::text, 5, '0'), 'Bench Pharma ' || s.n, 'STOCKIST', true, c.city,
        c.lat + ((s.n * 37) % 100 - 50) / 100.0, c.lng + ((s.n * 53) % 100 - 50) / 100.0, c.city, ${now}
      FROM bench_sellers s JOIN ${cities} ON c.i = s.n % ${CITIES.length}`.execute(db);
    await sql`INSERT INTO warehouses (id, unit_id, display_name, city, latitude, longitude, created_at)
      SELECT s.warehouse_id, u.id, 'Godown ' || s.n, u.city, u.latitude, u.longitude, ${now}
      FROM bench_sellers s JOIN units u ON u.id = s.unit_id`.execute(db);
  });

  await step('products', async () => {
    await sql`CREATE TABLE IF NOT EXISTS bench_products (n int PRIMARY KEY, product_id uuid NOT NULL)`.execute(db);
    await sql`INSERT INTO bench_products SELECT g, gen_random_uuid() FROM generate_series(1, ${scale.products}) g`.execute(db);
    const syl = textArray(SYLLABLES);
    await sql`INSERT INTO products (id, name, manufacturer, composition, pack, hsn, match_key, created_at)
      SELECT b.product_id,
        initcap((${syl})[1 + b.n % 20] || (${syl})[1 + (b.n / 20) % 20] || (${syl})[1 + (b.n / 400) % 20])
          || ' ' || (${textArray(STRENGTHS)})[1 + (b.n / 8000) % 10] || ' ' || (${textArray(FORMS)})[1 + b.n % 6],
        (${textArray(MAKERS)})[1 + (b.n * 7) % ${MAKERS.length}],
        (${textArray(SALTS)})[1 + (b.n * 13) % ${SALTS.length}] || ' ' || (${textArray(STRENGTHS)})[1 + (b.n / 8000) % 10] || ' mg',
        (10 + b.n % 3 * 5) || ' ' || (${textArray(FORMS)})[1 + b.n % 6],
        '3004', 'bench|' || b.n, ${now}
      FROM bench_products b`.execute(db);
  });

  await step('batches', async () => {
    const perProduct = Math.max(1, Math.round(scale.batches / scale.products));
    await sql`INSERT INTO inventory_batches (id, unit_id, warehouse_id, product_id, batch_no, expiry_date, mrp_paise, ptr_paise,
        quantity, reserved, scheme_buy, scheme_free, created_at, updated_at)
      SELECT gen_random_uuid(), s.unit_id, s.warehouse_id, p.product_id, 'B' || g,
        (${now}::date + ((g::bigint * 7919) % 1125 - 35)::int)::date,
        mrp, (mrp * 0.8)::int, 10 + g % 500, 0,
        CASE WHEN g % 7 = 0 THEN 10 END, CASE WHEN g % 7 = 0 THEN 1 END, ${now}, ${now}
      FROM generate_series(0, ${scale.batches - 1}) g
      JOIN bench_products p ON p.n = 1 + g / ${perProduct}
      JOIN bench_sellers s ON s.n = 1 + ((g / ${perProduct}) * 17 + (g % ${perProduct}) * 53) % ${scale.sellers}
      CROSS JOIN LATERAL (SELECT 500 + ((g / ${perProduct}) * 31) % 50000 AS mrp) m`.execute(db);
  });

  await step('buyers and connections', async () => {
    const every = Math.max(1, Math.round(scale.sellers / scale.connected));
    for (const [i, buyer] of BENCH_BUYERS.entries()) {
      const unitId = crypto.randomUUID();
      const warehouseId = crypto.randomUUID();
      await db.insertInto('units').values({ id: unitId, unit_code: buyer.unitCode, trade_name: `Bench Medical Stores ${i + 1}`, customer_type: 'RETAILER', activated: true, city: 'Mumbai', latitude: 19.11, longitude: 72.87, created_at: now }).execute();
      await db.insertInto('warehouses').values({ id: warehouseId, unit_id: unitId, display_name: 'Bench Shop', city: 'Mumbai', latitude: 19.11, longitude: 72.87, created_at: now }).execute();
      await db.insertInto('users').values({ id: crypto.randomUUID(), unit_id: unitId, role: 'OWNER', first_name: 'Bench', mobile: buyer.mobile, active_warehouse_id: warehouseId, created_at: now }).execute();
      // Each buyer sees a different `connected` sellers.
      await sql`INSERT INTO connections (id, buyer_unit_id, seller_unit_id, status, has_access, requested_at, decided_at)
        SELECT gen_random_uuid(), ${unitId}, unit_id, 'APPROVED', true, ${now}, ${now} FROM bench_sellers WHERE (n + ${i}) % ${every} = 0`.execute(db);
    }
  });

  // Vacuumed as well as analysed, so autovacuum does not start on the million new rows in the middle of a measurement.
  await step('vacuum and analyze', () => sql`VACUUM ANALYZE`.execute(db));
  return timings;
}

async function main() {
  const { openDatabase } = await import('../api/src/db/database');
  const { migrate } = await import('../api/src/db/migrate');
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: 'memory' });
  await migrate(db);
  const timings = await seedLargeMarketplace(db, FULL_SCALE);
  console.log(`seeded ${JSON.stringify(FULL_SCALE)} on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)'}:`, timings);
  await db.destroy();
}

if (process.argv[1]?.endsWith('marketplace-seed.ts')) void main();
