import { MARKETPLACE_PATHS, PATHS, type Cart, type CartConfirmation } from 'shared-api';
import { marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function buyer() {
  const session = await login(t.app, DEMO.retailer);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  return { session, post };
}

describe('cart', () => {
  it('adds the same product from two sellers, grouped by seller, priced from each seller’s first-expiring batch', async () => {
    const w = await marketplaceWorld(t.db);
    const { session, post } = await buyer();
    expect((await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10, freeQuantity: 1 })).statusCode).toBe(200);
    const cart = body<Cart>(await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 5 }));
    expect(cart.entries.map((e) => [e.stockist, e.quantity, e.freeQuantity, e.ptrPaise, e.totalPaise])).toEqual([
      ['Agarwal Pharma Distributors', 10, 1, 2750, 27500],
      ['Lohar Chawl Medical Agencies', 5, 0, 2900, 14500],
    ]);
    expect(cart.total).toEqual({ itemCount: 2, amountPaise: 42000 });
    const read = await t.app.inject({ method: 'GET', url: PATHS.cart, headers: bearer(session), query: { unitCode: 'RTL-MUM-001' } });
    expect(body<Cart>(read).total.itemCount).toBe(2);
  });

  it('refuses a quantity plus free quantity that does not fit the scheme, offering the nearest valid one (E0048)', async () => {
    const w = await marketplaceWorld(t.db);
    const { post } = await buyer();
    const res = await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 12, freeQuantity: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'E0048', fields: { quantity: '10', freeQuantity: '1' } });
    expect(res.json().message).toContain('10 + 1 free');
    // No scheme at Lohar Chawl: no free quantity at all.
    const none = await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 5, freeQuantity: 1 });
    expect(none.json()).toMatchObject({ code: 'E0048', fields: { quantity: '6', freeQuantity: '0' } });
  });

  it('refuses more than the seller has, and sellers that gave no access', async () => {
    const w = await marketplaceWorld(t.db);
    const { post } = await buyer();
    const tooMany = await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 41 });
    expect(tooMany.json()).toMatchObject({ code: 'E0001', message: 'Only 40 available' });
    const noAccess = await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-THN-001', quantity: 1 });
    expect(noAccess.statusCode).toBe(403);
  });

  it('updates, deletes an entry, a seller’s cart and the whole cart; a missing cart is E0044', async () => {
    const w = await marketplaceWorld(t.db);
    const { post } = await buyer();
    expect((await post(MARKETPLACE_PATHS.cartDeleteCart)).json()).toMatchObject({ code: 'E0044' });
    await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.crocivex, sellerUnitCode: 'STK-PUN-001', quantity: 3 });
    let cart = body<Cart>(await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 2 }));
    const mum = cart.entries.find((e) => e.sellerUnitCode === 'STK-MUM-001')!;
    cart = body<Cart>(await post(MARKETPLACE_PATHS.cartUpdateEntry, { entryId: mum.id, quantity: 7 }));
    expect(cart.entries.find((e) => e.id === mum.id)!.quantity).toBe(7);
    const pune = cart.entries.find((e) => e.sellerUnitCode === 'STK-PUN-001' && e.productId === w.dolovex)!;
    const scheme = await post(MARKETPLACE_PATHS.cartUpdateEntry, { entryId: pune.id, quantity: 20, freeQuantity: 3 });
    expect(scheme.json()).toMatchObject({ code: 'E0048', fields: { quantity: '20', freeQuantity: '2' } });
    cart = body<Cart>(await post(MARKETPLACE_PATHS.cartDeleteEntry, { entryId: mum.id }));
    expect(cart.total.itemCount).toBe(2);
    await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 2 });
    cart = body<Cart>(await post(MARKETPLACE_PATHS.cartDeleteSellerCart, { sellerUnitCode: 'STK-PUN-001' }));
    expect(cart.entries.map((e) => e.sellerUnitCode)).toEqual(['STK-MUM-001']);
    cart = body<Cart>(await post(MARKETPLACE_PATHS.cartDeleteCart));
    expect(cart.total).toEqual({ itemCount: 0, amountPaise: 0 });
  });

  it('confirm re-checks prices and stock and returns every change', async () => {
    const w = await marketplaceWorld(t.db);
    const { post } = await buyer();
    await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    await post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-MUM-001', quantity: 30 });
    let confirmation = body<CartConfirmation>(await post(MARKETPLACE_PATHS.cartConfirm));
    expect(confirmation).toMatchObject({ changes: [], canSubmit: true });

    await t.db.updateTable('inventory_batches').set({ ptr_paise: 2690 }).where('id', '=', w.batches.punNear).execute();
    await t.db.updateTable('inventory_batches').set({ quantity: 25 }).where('id', '=', w.batches.mum).execute();
    confirmation = body<CartConfirmation>(await post(MARKETPLACE_PATHS.cartConfirm));
    expect(confirmation.changes.map((c) => [c.kind, c.stockist, c.oldPtrPaise, c.newPtrPaise, c.available])).toEqual([
      ['PRICE', 'Agarwal Pharma Distributors', 2750, 2690, undefined],
      ['STOCK', 'Lohar Chawl Medical Agencies', undefined, undefined, 25],
    ]);
    expect(confirmation.canSubmit).toBe(false);
    expect(confirmation.cart.entries[0]!.ptrPaise).toBe(2690);
  });

  it('is closed to units not yet verified (E0008) and to stockists (E0040)', async () => {
    const w = await marketplaceWorld(t.db);
    const unverified = await login(t.app, '9800000112');
    const payload = { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 1 };
    const refused = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.cartAddEntry, headers: bearer(unverified), payload });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0008']);
    const stockist = await login(t.app, DEMO.stockist);
    const asSeller = await t.app.inject({ method: 'POST', url: MARKETPLACE_PATHS.cartAddEntry, headers: bearer(stockist), payload });
    expect([asSeller.statusCode, asSeller.json().code]).toEqual([403, 'E0040']);
  });
});
