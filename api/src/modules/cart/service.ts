import type { Cart } from 'shared-api';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { accessDenied } from '../../http/errors';
import { cartEntriesOfBuyer } from './repository';

export class CartService {
  constructor(private readonly db: Database) {}

  /** The caller's own cart; asking for another unit's cart is refused. Lines are filled by the marketplace. */
  async cartOf(caller: Caller, unitCode: string | undefined): Promise<Cart> {
    if (unitCode !== undefined && unitCode !== caller.unitCode) throw accessDenied();
    const rows = await cartEntriesOfBuyer(this.db, caller.unitId);
    const entries = rows.map((r) => ({
      id: r.id,
      sellerUnitCode: r.seller_unit_code,
      stockist: r.seller_trade_name,
      manufacturer: r.manufacturer,
      productName: r.product_name,
      quantity: r.quantity,
      freeQuantity: r.free_quantity,
      ptrPaise: r.ptr_paise,
      mrpPaise: r.mrp_paise,
      // Free quantity is not charged.
      totalPaise: r.quantity * r.ptr_paise,
    }));
    return {
      unitCode: caller.unitCode,
      entries,
      total: { itemCount: entries.length, amountPaise: entries.reduce((sum, e) => sum + e.totalPaise, 0) },
    };
  }
}
