import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../src/db/database';

/*
 * Marketplace test data written straight into the tables (products, batches, connections), so the search, cart and
 * order tests do not depend on the inventory or customers demo seeds. Product names are invented, so the demo
 * stock can never change what a test expects.
 */

export async function unitId(db: Database, code: string): Promise<string> {
  return (await db.selectFrom('units').select('id').where('unit_code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function addProduct(
  db: Database,
  p: { name: string; manufacturer: string; composition?: string; pack?: string; hsn?: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('products')
    .values({ id, name: p.name, manufacturer: p.manufacturer, composition: p.composition ?? null, pack: p.pack ?? '', hsn: p.hsn ?? null, match_key: `test|${id}`, created_at: new Date() })
    .execute();
  return id;
}

export async function addBatch(
  db: Database,
  b: { sellerCode: string; productId: string; batchNo: string; expiry: string; quantity: number; ptr: number; mrp: number; scheme?: [number, number]; reserved?: number },
): Promise<string> {
  const unit = await unitId(db, b.sellerCode);
  const warehouse = await db.selectFrom('warehouses').select('id').where('unit_id', '=', unit).orderBy('created_at').executeTakeFirstOrThrow();
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('inventory_batches')
    .values({
      id,
      unit_id: unit,
      warehouse_id: warehouse.id,
      product_id: b.productId,
      batch_no: b.batchNo,
      expiry_date: b.expiry,
      mrp_paise: b.mrp,
      ptr_paise: b.ptr,
      quantity: b.quantity,
      reserved: b.reserved ?? 0,
      scheme_buy: b.scheme?.[0] ?? null,
      scheme_free: b.scheme?.[1] ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** buyer → seller connection with the given state (overwrites what the demo seed put there). */
export async function connect(db: Database, buyerCode: string, sellerCode: string, status: 'APPROVED' | 'PENDING' = 'APPROVED', hasAccess = true): Promise<void> {
  const buyer = await unitId(db, buyerCode);
  const seller = await unitId(db, sellerCode);
  await db
    .insertInto('connections')
    .values({ id: randomUUID(), buyer_unit_id: buyer, seller_unit_id: seller, status, has_access: hasAccess, requested_at: new Date(), decided_at: new Date() })
    .onConflict((oc) => oc.columns(['buyer_unit_id', 'seller_unit_id']).doUpdateSet({ status, has_access: hasAccess }))
    .execute();
}

export async function setGstRate(db: Database, hsn: string, from: string, rateBp: number): Promise<void> {
  await sql`INSERT INTO hsn_gst_rates (hsn, effective_from, rate_bp) VALUES (${hsn}, ${from}::date, ${rateBp})
    ON CONFLICT (hsn, effective_from) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`.execute(db);
}

export async function batch(db: Database, id: string) {
  return db.selectFrom('inventory_batches').select(['quantity', 'reserved']).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * The demo world of these tests (clock: 2026-11-22): "Dolovex 650" at three stockists — Agarwal (Pune) and Lohar
 * Chawl (Mumbai) give Sharma Medical (RTL-MUM-001) access, Thane Pharma does not; one expired and one near-expiry
 * batch; "Crocivex 500" at Agarwal only.
 */
export async function marketplaceWorld(db: Database) {
  await setGstRate(db, '30049099', '2020-01-01', 1200);
  const dolovex = await addProduct(db, { name: 'Dolovex 650 Tablet', manufacturer: 'Microvia Labs', composition: 'Paracetamol 650mg', pack: '15 tablets', hsn: '30049099' });
  const crocivex = await addProduct(db, { name: 'Crocivex 500', manufacturer: 'Glaxovia Healthcare', composition: 'Paracetamol 500 mg', pack: '10 tablets', hsn: '30049099' });
  await connect(db, 'RTL-MUM-001', 'STK-PUN-001');
  await connect(db, 'RTL-MUM-001', 'STK-MUM-001');
  await connect(db, 'RTL-MUM-001', 'STK-THN-001', 'PENDING', false);
  const batches = {
    punFar: await addBatch(db, { sellerCode: 'STK-PUN-001', productId: dolovex, batchNo: 'PUN-B2', expiry: '2028-06-30', quantity: 100, ptr: 2800, mrp: 3400, scheme: [10, 1] }),
    punNear: await addBatch(db, { sellerCode: 'STK-PUN-001', productId: dolovex, batchNo: 'PUN-B1', expiry: '2027-01-31', quantity: 20, ptr: 2750, mrp: 3400, scheme: [10, 1] }),
    punExpired: await addBatch(db, { sellerCode: 'STK-PUN-001', productId: dolovex, batchNo: 'PUN-OLD', expiry: '2026-11-22', quantity: 500, ptr: 100, mrp: 3400 }),
    mum: await addBatch(db, { sellerCode: 'STK-MUM-001', productId: dolovex, batchNo: 'MUM-1', expiry: '2027-09-30', quantity: 40, ptr: 2900, mrp: 3400 }),
    thn: await addBatch(db, { sellerCode: 'STK-THN-001', productId: dolovex, batchNo: 'THN-1', expiry: '2027-12-31', quantity: 60, ptr: 2600, mrp: 3400 }),
    crocivex: await addBatch(db, { sellerCode: 'STK-PUN-001', productId: crocivex, batchNo: 'CRO-1', expiry: '2027-08-31', quantity: 30, ptr: 1500, mrp: 2000 }),
  };
  return { dolovex, crocivex, batches };
}
