import type { Database } from '../../db/database';

export function cartEntriesOfBuyer(db: Database, buyerUnitId: string) {
  return db
    .selectFrom('carts as c')
    .innerJoin('cart_entries as e', 'e.cart_id', 'c.id')
    .innerJoin('units as seller', 'seller.id', 'e.seller_unit_id')
    .select([
      'e.id',
      'seller.unit_code as seller_unit_code',
      'seller.trade_name as seller_trade_name',
      'e.manufacturer',
      'e.product_name',
      'e.quantity',
      'e.free_quantity',
      'e.ptr_paise',
      'e.mrp_paise',
    ])
    .where('c.buyer_unit_id', '=', buyerUnitId)
    .orderBy('seller.trade_name')
    .orderBy('e.created_at')
    .execute();
}
