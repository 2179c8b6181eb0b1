import { randomUUID } from 'node:crypto';
import { schemeProblem, type AddCartEntry, type Cart, type CartChange, type CartConfirmation, type UpdateCartEntry } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, accessDenied, notFound } from '../../http/errors';
import { cartCreditWarnings } from '../credit/standing';
import { cartDeliveryWarning, listMarkets } from '../deliveries/markets';
import { availableOf } from '../orders/stock';
import { recalledError, recalledMessage } from '../recalls/block';
import { istDate } from '../search/text';
import { cartEntriesOfBuyer, openCart, type CartEntryRow } from './repository';
import { entryTerms, type EntryKey } from './terms';

const keyOf = (e: { seller_unit_id: string; product_id: string | null; min_expiry_date: string | null; clearance_offer_id: string | null }): EntryKey => ({
  sellerUnitId: e.seller_unit_id,
  productId: e.product_id ?? '',
  minExpiryDate: e.min_expiry_date,
  clearanceOfferId: e.clearance_offer_id,
});

export class CartService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /** The caller's own cart; asking for another unit's cart is refused. */
  async cartOf(caller: Caller, unitCode?: string): Promise<Cart> {
    if (unitCode !== undefined && unitCode !== caller.unitCode) throw accessDenied();
    const rows = await cartEntriesOfBuyer(this.db, caller.unitId, this.today());
    // Issue 39: a warning per seller the buyer is overdue with or would go over its limit with (credit terms), and per
    // seller that cannot deliver to it by our delivery boys.
    const [creditWarnings, deliveryWarnings] = await Promise.all([cartCreditWarnings(this.db, caller.unitId, rows, this.today()), this.deliveryWarnings(caller, rows)]);
    return { ...this.build(caller, rows), creditWarnings, deliveryWarnings };
  }

  /** Issue 39: each seller of the cart that cannot deliver to the buyer by our delivery boys (another market, or none). */
  private async deliveryWarnings(caller: Caller, rows: CartEntryRow[]): Promise<Cart['deliveryWarnings']> {
    const sellerIds = [...new Set(rows.map((r) => r.seller_unit_id))];
    if (!sellerIds.length) return [];
    const [markets, units] = await Promise.all([
      listMarkets(this.db),
      this.db.selectFrom('units').select(['id', 'unit_code', 'trade_name', 'city', 'pincode']).where('id', 'in', [...sellerIds, caller.unitId]).execute(),
    ]);
    const buyer = units.find((u) => u.id === caller.unitId);
    if (!buyer) return [];
    return sellerIds.flatMap((id) => {
      const seller = units.find((u) => u.id === id);
      const message = seller && cartDeliveryWarning(markets, { name: seller.trade_name, city: seller.city, pincode: seller.pincode }, { name: buyer.trade_name, pincode: buyer.pincode });
      return seller && message ? [{ sellerUnitCode: seller.unit_code, stockist: seller.trade_name, message }] : [];
    });
  }

  /**
   * Adds a product from one seller (adding it again adds to the quantity), priced from the first batch it may take:
   * any unexpired one, those expiring on or after `minExpiryDate`, or a near-expiry offer's batch at the offer PTR.
   * Each (product, seller, minExpiryDate, offer) is its own entry.
   */
  async addEntry(caller: Caller, input: AddCartEntry): Promise<Cart> {
    return this.addEntries(caller, [input]);
  }

  /**
   * Several entries in one transaction, all or none (the best basket's "Add all to cart"); `refused` turns the
   * refusal of the entry at `index` into the error the caller answers.
   */
  async addEntries(caller: Caller, inputs: AddCartEntry[], refused: (index: number, error: AppError) => AppError = (_, error) => error): Promise<Cart> {
    await inTransaction(this.db, async (trx) => {
      for (const [index, input] of inputs.entries()) {
        try {
          await this.addIn(trx, caller, input);
        } catch (error) {
          throw error instanceof AppError ? refused(index, error) : error;
        }
      }
    });
    return this.cartOf(caller);
  }

  private async addIn(trx: Database, caller: Caller, input: AddCartEntry): Promise<void> {
    const free = input.freeQuantity ?? 0;
    const minExpiryDate = input.minExpiryDate ?? null;
    const clearanceOfferId = input.clearanceOfferId ?? null;
    if (minExpiryDate && clearanceOfferId) {
      throw new AppError('E0001', 400, 'An offer is one batch: a minimum expiry date does not apply to it', { minExpiryDate: 'Leave empty for an offer' });
    }
    const seller = await trx.selectFrom('units').select(['id', 'trade_name']).where('unit_code', '=', input.sellerUnitCode).executeTakeFirst();
    const product = await trx.selectFrom('products').selectAll().where('id', '=', input.productId).executeTakeFirst();
    if (!seller || !product) throw notFound();
    const terms = seller.id === caller.unitId ? ({ kind: 'NO_ACCESS' } as const) : await entryTerms(trx, caller, { sellerUnitId: seller.id, productId: product.id, minExpiryDate, clearanceOfferId }, this.today());
    if (terms.kind === 'NO_ACCESS') {
      // An offer the buyer may not see is not told apart from one that does not exist.
      if (clearanceOfferId && seller.id !== caller.unitId) throw notFound();
      throw new AppError('E0040', 403, `${seller.trade_name} has not given you access to its stock: ask to connect first`);
    }
    if (terms.kind === 'ENDED') throw new AppError('E0016', 409);
    if (terms.kind === 'RECALLED') throw recalledError(terms.batch);
    const now = this.config.now();
    const cartId = await openCart(trx, caller.unitId, now);
    let same = trx
      .selectFrom('cart_entries')
      .select(['id', 'quantity', 'free_quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', product.id)
      .where('seller_unit_id', '=', seller.id);
    same = minExpiryDate ? same.where('min_expiry_date', '=', minExpiryDate) : same.where('min_expiry_date', 'is', null);
    same = clearanceOfferId ? same.where('clearance_offer_id', '=', clearanceOfferId) : same.where('clearance_offer_id', 'is', null);
    const existing = await same.executeTakeFirst();
    const quantity = input.quantity + (existing?.quantity ?? 0);
    const freeQuantity = free + (existing?.free_quantity ?? 0);
    const first = terms.batches[0];
    if (!first || terms.ptrPaise === null || terms.mrpPaise === null) {
      const what = clearanceOfferId ? 'Nothing of this offer is left' : minExpiryDate ? `${seller.trade_name} has no ${product.name} expiring on or after ${minExpiryDate}` : `${seller.trade_name} has no ${product.name} left`;
      throw new AppError('E0001', 400, what, { quantity: 'Out of stock' });
    }
    this.checkFits(quantity, freeQuantity, availableOf(terms.batches), terms.schemeBuy, terms.schemeFree);
    if (existing) {
      await trx.updateTable('cart_entries').set({ quantity, free_quantity: freeQuantity, ptr_paise: terms.ptrPaise, mrp_paise: terms.mrpPaise }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('cart_entries')
        .values({
          id: randomUUID(),
          cart_id: cartId,
          seller_unit_id: seller.id,
          product_id: product.id,
          manufacturer: product.manufacturer,
          product_name: product.name,
          pack: product.pack,
          quantity,
          free_quantity: freeQuantity,
          ptr_paise: terms.ptrPaise,
          mrp_paise: terms.mrpPaise,
          min_expiry_date: minExpiryDate,
          clearance_offer_id: clearanceOfferId,
          created_at: now,
        })
        .execute();
    }
  }

  async updateEntry(caller: Caller, input: UpdateCartEntry): Promise<Cart> {
    const free = input.freeQuantity ?? 0;
    const entry = await this.entryOf(caller, input.entryId);
    const terms = await entryTerms(this.db, caller, keyOf(entry), this.today());
    if (terms.kind === 'ENDED') throw new AppError('E0016', 409);
    if (terms.kind === 'RECALLED') throw recalledError(terms.batch);
    const batches = terms.kind === 'OK' ? terms.batches : [];
    this.checkFits(input.quantity, free, availableOf(batches), terms.kind === 'OK' ? terms.schemeBuy : null, terms.kind === 'OK' ? terms.schemeFree : null);
    await this.db.updateTable('cart_entries').set({ quantity: input.quantity, free_quantity: free }).where('id', '=', entry.id).execute();
    return this.cartOf(caller);
  }

  async deleteEntry(caller: Caller, entryId: string): Promise<Cart> {
    const entry = await this.entryOf(caller, entryId);
    await this.db.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
    return this.cartOf(caller);
  }

  async deleteSellerCart(caller: Caller, sellerUnitCode: string): Promise<Cart> {
    const cart = await this.existingCart(caller);
    const seller = await this.db.selectFrom('units').select('id').where('unit_code', '=', sellerUnitCode).executeTakeFirst();
    if (seller) await this.db.deleteFrom('cart_entries').where('cart_id', '=', cart.id).where('seller_unit_id', '=', seller.id).execute();
    return this.cartOf(caller);
  }

  async deleteCart(caller: Caller): Promise<Cart> {
    const cart = await this.existingCart(caller);
    await this.db.deleteFrom('cart_entries').where('cart_id', '=', cart.id).execute();
    return this.cartOf(caller);
  }

  /**
   * Re-checks every entry against the seller's stock now: a new price is taken into the cart and reported; a
   * shortfall, a lost access or a sold-out product is reported (submit would refuse it). Nothing is reserved.
   */
  async confirm(caller: Caller): Promise<CartConfirmation> {
    const cart = await this.existingCart(caller);
    const entries = await cartEntriesOfBuyer(this.db, caller.unitId, this.today());
    if (!entries.length) throw cart.submitted_at ? new AppError('E0043', 409) : new AppError('E0044', 404);
    const changes: CartChange[] = [];
    for (const e of entries) {
      const base = { entryId: e.id, productName: e.product_name, stockist: e.seller_trade_name };
      const terms = await entryTerms(this.db, caller, keyOf(e), this.today());
      if (terms.kind === 'NO_ACCESS') {
        const message = e.clearance_offer_id ? `${e.seller_trade_name} no longer offers this batch to you` : `${e.seller_trade_name} no longer gives you access to its stock`;
        changes.push({ ...base, kind: 'UNAVAILABLE', message });
        continue;
      }
      if (terms.kind === 'RECALLED') {
        changes.push({ ...base, kind: 'UNAVAILABLE', message: recalledMessage(terms.batch), available: 0 });
        continue;
      }
      if (terms.kind === 'ENDED') {
        changes.push({ ...base, kind: 'UNAVAILABLE', message: `The near-expiry offer of ${e.product_name} has ended`, available: 0 });
        continue;
      }
      if (!terms.batches.length || terms.ptrPaise === null || terms.mrpPaise === null) {
        const where = e.min_expiry_date ? ` expiring on or after ${e.min_expiry_date}` : '';
        changes.push({ ...base, kind: 'UNAVAILABLE', message: `${e.product_name}${where} is out of stock at ${e.seller_trade_name}`, available: 0 });
        continue;
      }
      if (terms.ptrPaise !== e.ptr_paise || terms.mrpPaise !== e.mrp_paise) {
        await this.db.updateTable('cart_entries').set({ ptr_paise: terms.ptrPaise, mrp_paise: terms.mrpPaise }).where('id', '=', e.id).execute();
        changes.push({ ...base, kind: 'PRICE', message: `PTR of ${e.product_name} changed`, oldPtrPaise: e.ptr_paise, newPtrPaise: terms.ptrPaise });
      }
      const available = availableOf(terms.batches);
      if (e.quantity + e.free_quantity > available) {
        changes.push({ ...base, kind: 'STOCK', message: `Only ${available} of ${e.product_name} left at ${e.seller_trade_name}`, available });
      }
    }
    const fresh = await this.cartOf(caller);
    return { cart: fresh, changes, canSubmit: changes.every((c) => c.kind === 'PRICE') };
  }

  private today(): string {
    return istDate(this.config.now());
  }

  private checkFits(quantity: number, free: number, available: number, schemeBuy: number | null, schemeFree: number | null): void {
    const problem = schemeProblem(quantity, free, schemeBuy, schemeFree);
    if (problem) {
      throw new AppError('E0048', 400, problem.message, {
        quantity: String(problem.nearest.quantity),
        freeQuantity: String(problem.nearest.freeQuantity),
      });
    }
    if (quantity + free > available) {
      throw new AppError('E0001', 400, `Only ${available} available`, { quantity: `Only ${available} available (including free quantity)` });
    }
  }

  private async existingCart(caller: Caller) {
    const cart = await this.db.selectFrom('carts').select(['id', 'submitted_at']).where('buyer_unit_id', '=', caller.unitId).executeTakeFirst();
    if (!cart) throw new AppError('E0044', 404);
    return cart;
  }

  private async entryOf(caller: Caller, entryId: string) {
    const entry = await this.db
      .selectFrom('cart_entries as e')
      .innerJoin('carts as c', 'c.id', 'e.cart_id')
      .select(['e.id', 'e.seller_unit_id', 'e.product_id', 'e.min_expiry_date', 'e.clearance_offer_id'])
      .where('e.id', '=', entryId)
      .where('c.buyer_unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!entry) throw notFound();
    return entry;
  }

  private build(caller: Caller, rows: CartEntryRow[]): Omit<Cart, 'deliveryWarnings'> {
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
      productId: r.product_id ?? '',
      pack: r.pack,
      schemeBuy: r.scheme_buy,
      schemeFree: r.scheme_free,
      minExpiryDate: r.min_expiry_date,
      clearanceOfferId: r.clearance_offer_id,
      offerBatch: r.offer_batch_no !== null && r.offer_expiry_date !== null ? { batchNo: r.offer_batch_no, expiryDate: r.offer_expiry_date } : null,
    }));
    return {
      unitCode: caller.unitCode,
      entries,
      total: { itemCount: entries.length, amountPaise: entries.reduce((sum, e) => sum + e.totalPaise, 0) },
    };
  }
}
