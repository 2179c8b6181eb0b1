import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import { gstRatesOn, rateOf } from '../modules/ledger/gst-rates';
import { supplyBetween } from '../modules/ledger/parties';
import { orderLineMoney } from '../modules/orders/money';
import { insertOrder } from '../modules/orders/repository';
import { reserveFefo, sellableBatches } from '../modules/orders/stock';
import { istDate } from '../modules/search/text';
import type { DB } from './types';

/*
 * Demo data of the marketplace: Priya's recent searches (the header box lists them in an empty box) and one new
 * online order from Sharma Medical Stores waiting at Lohar Chawl Medical Agencies (its stock reserved), so Online
 * Orders has something to accept. Runs last in seedDemo's transaction: it relies on the stock and connections seeded before.
 */

const RECENT_SEARCHES = ['azithromycin 500', 'pan 40', 'dolo 650'];
/** At the Mumbai stockist (Agarwal's own stock stays untouched for the inventory screens); the first two it has. */
const DEMO_ORDER = {
  buyer: 'RTL-MUM-001',
  seller: 'STK-MUM-001',
  lines: [
    { name: 'Pan 40 Tablet', quantity: 10 },
    { name: 'Telma 40 Tablet', quantity: 5 },
    { name: 'Dolo 650 Tablet', quantity: 20 },
    { name: 'Azithral 500 Tablet', quantity: 5 },
  ],
  maxLines: 2,
};

export async function seedMarketplace(trx: Kysely<DB>, now: Date): Promise<void> {
  const units = await trx.selectFrom('units').select(['id', 'unit_code', 'trade_name']).where('unit_code', 'in', [DEMO_ORDER.buyer, DEMO_ORDER.seller]).execute();
  const buyer = units.find((u) => u.unit_code === DEMO_ORDER.buyer);
  const seller = units.find((u) => u.unit_code === DEMO_ORDER.seller);
  if (!buyer || !seller) return;
  const owner = await trx.selectFrom('users').select('id').where('unit_id', '=', buyer.id).where('role', '=', 'OWNER').executeTakeFirstOrThrow();

  // The connection the customers seed makes; written here too (if missing) so the marketplace demo stands alone.
  await trx
    .insertInto('connections')
    .values({ id: randomUUID(), buyer_unit_id: buyer.id, seller_unit_id: seller.id, status: 'APPROVED', has_access: true, requested_at: now, decided_at: now })
    .onConflict((oc) => oc.columns(['buyer_unit_id', 'seller_unit_id']).doNothing())
    .execute();

  await trx
    .insertInto('search_history')
    .values(RECENT_SEARCHES.map((query, i) => ({ user_id: owner.id, query, searched_at: new Date(now.getTime() - (RECENT_SEARCHES.length - i) * 3_600_000) })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  const today = istDate(now);
  const supply = await supplyBetween(trx, seller.id, buyer.id);
  const lines = [];
  for (const wanted of DEMO_ORDER.lines) {
    if (lines.length === DEMO_ORDER.maxLines) break;
    const position: number = lines.length;
    const product = await trx.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack', 'hsn']).where('name', '=', wanted.name).executeTakeFirst();
    if (!product) continue;
    const batches = await sellableBatches(trx, seller.id, product.id, today, { lock: true });
    const first = batches[0];
    if (!first) continue;
    const { reserved, short } = await reserveFefo(trx, batches, wanted.quantity, now);
    if (short > 0) throw new Error(`demo order: not enough ${product.name}`);
    const rates = await gstRatesOn(trx, [product.hsn], today);
    const rateBp = rateOf(rates, product.hsn);
    // The demo order is one a seller can invoice, as every order must be (sellableBatches already skips unrated products).
    if (rateBp === null) continue;
    const money = orderLineMoney({ quantity: wanted.quantity, freeQuantity: 0, ptrPaise: first.ptr_paise }, rateBp, supply);
    lines.push({ product, position, reserved, ptr: first.ptr_paise, mrp: first.mrp_paise, quantity: wanted.quantity, ...money });
  }
  if (!lines.length) return;

  // Placed 40 minutes ago, so the stockist finds it waiting in Online Orders.
  await insertOrder(trx, {
    buyerUnitId: buyer.id,
    sellerUnitId: seller.id,
    placedBy: owner.id,
    orderDate: today,
    at: new Date(now.getTime() - 40 * 60_000),
    lines: lines.map((l) => ({
      productId: l.product.id,
      productName: l.product.name,
      manufacturer: l.product.manufacturer,
      pack: l.product.pack,
      hsn: l.product.hsn,
      quantity: l.quantity,
      freeQuantity: 0,
      ptrPaise: l.ptr,
      mrpPaise: l.mrp,
      rateBp: l.rateBp,
      taxablePaise: l.taxablePaise,
      gstPaise: l.gstPaise,
      totalPaise: l.totalPaise,
      position: l.position,
      reserved: l.reserved,
    })),
  });
}
