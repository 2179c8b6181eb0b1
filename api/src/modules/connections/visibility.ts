import { sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';

/*
 * The one rule for who sees whose stock (SPEC.md §6): a buyer sees a seller's stock quantities and prices, and may
 * order online, iff their connection is APPROVED with access. A seller always sees its own stock. Everyone else
 * may only learn that the seller has a product (and ask to connect). Search, stockist views and the cart use this.
 */

/**
 * SQL predicate: `buyerUnitId` may see the stock of the unit in column `sellerUnitColumn`. Always true or false,
 * never NULL (EXISTS), unlike `c.status = 'APPROVED' AND c.has_access` over a LEFT JOIN with no connection row.
 * `db.selectFrom('inventory_batches as b').where(stockVisibleTo(caller.unitId, 'b.unit_id'))`
 */
export function stockVisibleTo(buyerUnitId: string, sellerUnitColumn: string): Expression<SqlBool> {
  const seller = sql.ref(sellerUnitColumn);
  return sql<SqlBool>`(${seller} = ${buyerUnitId} OR EXISTS (
    SELECT 1 FROM connections vis
    WHERE vis.buyer_unit_id = ${buyerUnitId} AND vis.seller_unit_id = ${seller}
      AND vis.status = 'APPROVED' AND vis.has_access
  ))`;
}

/** The same rule for one pair: true when the buyer may see the seller's stock and order from it (or is the seller). */
export async function maySeeStock(db: Database, buyerUnitId: string, sellerUnitId: string): Promise<boolean> {
  if (buyerUnitId === sellerUnitId) return true;
  const row = await db
    .selectFrom('connections')
    .select('id')
    .where('buyer_unit_id', '=', buyerUnitId)
    .where('seller_unit_id', '=', sellerUnitId)
    .where('status', '=', 'APPROVED')
    .where('has_access', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sellers whose stock the buyer sees (not the buyer itself): a subquery for `where('b.unit_id', 'in', …)`. */
export function sellersVisibleTo(db: Database, buyerUnitId: string) {
  return db
    .selectFrom('connections')
    .select('seller_unit_id')
    .where('buyer_unit_id', '=', buyerUnitId)
    .where('status', '=', 'APPROVED')
    .where('has_access', '=', true);
}

/** The sellers whose stock the buyer sees (not the buyer itself), as ids: what the live channel keeps per buyer. */
export async function sellerIdsVisibleTo(db: Database, buyerUnitId: string): Promise<string[]> {
  const rows = await sellersVisibleTo(db, buyerUnitId).execute();
  return rows.map((r) => r.seller_unit_id);
}
