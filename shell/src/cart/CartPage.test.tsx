import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { MARKETPLACE_PATHS, PATHS, type Cart, type MyAccount, type OrderSummary } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { CartPage } from './CartPage';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, firstName: 'Priya', lastName: 'Sharma', customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

const entry = (id: string, sellerUnitCode: string, stockist: string, quantity: number, ptrPaise: number, scheme: { schemeBuy: number | null; schemeFree: number | null } = { schemeBuy: null, schemeFree: null }): Cart['entries'][number] => ({
  id,
  sellerUnitCode,
  stockist,
  manufacturer: 'Micro Labs',
  productName: 'Dolo 650',
  quantity,
  freeQuantity: 0,
  ptrPaise,
  mrpPaise: 3400,
  totalPaise: quantity * ptrPaise,
  productId: 'p-dolo',
  pack: '15 tablets',
  ...scheme,
  minExpiryDate: null,
  clearanceOfferId: null,
  offerBatch: null,
});

/** A cart with Dolo 650 from two sellers; update, confirm (one price change) and submit behave like the API. */
function cartApi(first = entry('e1', 'STK-PUN-001', 'Agarwal Pharma Distributors', 10, 2750)): FakeRequest[] {
  let entries = [first, entry('e2', 'STK-MUM-001', 'Lohar Chawl Medical Agencies', 5, 2900)];
  let orders: OrderSummary[] = [];
  // Agarwal (Pune) cannot deliver to Sharma (Mumbai) by delivery boy: the API words the warning (issue 39).
  const deliveryWarnings = (): Cart['deliveryWarnings'] =>
    entries.some((e) => e.sellerUnitCode === 'STK-PUN-001')
      ? [{ sellerUnitCode: 'STK-PUN-001', stockist: 'Agarwal Pharma Distributors', message: 'Agarwal Pharma Distributors (Pune) cannot deliver to you by Medico delivery: they will dispatch by courier or transport' }]
      : [];
  const cart = (): Cart => ({ unitCode: 'RTL-MUM-001', entries, total: { itemCount: entries.length, amountPaise: entries.reduce((s, e) => s + e.totalPaise, 0) }, deliveryWarnings: deliveryWarnings() });
  return installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(RETAILER);
    if (request.path === PATHS.cart) return success(cart());
    if (request.path === MARKETPLACE_PATHS.placedOrders) return success({ items: orders, totalResults: orders.length, page: 0, pageSize: 20 });
    if (request.path === MARKETPLACE_PATHS.cartUpdateEntry) {
      const { entryId, quantity } = request.body as { entryId: string; quantity: number };
      entries = entries.map((e) => (e.id === entryId ? { ...e, quantity, totalPaise: quantity * e.ptrPaise } : e));
      return success(cart());
    }
    if (request.path === MARKETPLACE_PATHS.cartConfirm) {
      entries = entries.map((e) => (e.id === 'e1' ? { ...e, ptrPaise: 2690, totalPaise: e.quantity * 2690 } : e));
      return success({
        cart: cart(),
        canSubmit: true,
        changes: [{ entryId: 'e1', productName: 'Dolo 650', stockist: 'Agarwal Pharma Distributors', kind: 'PRICE', message: 'PTR of Dolo 650 changed', oldPtrPaise: 2750, newPtrPaise: 2690 }],
      });
    }
    if (request.path === MARKETPLACE_PATHS.cartSubmit) {
      orders = entries.map((e, i) => ({
        orderId: `o${i}`,
        orderNumber: `ORD-2611-00000${i + 1}`,
        createdAt: '2026-11-22T05:00:00.000Z',
        status: 'PLACED' as const,
        counterpartyUnitCode: e.sellerUnitCode,
        counterpartyTradeName: e.stockist,
        city: '',
        distanceKm: null,
        itemCount: 1,
        taxablePaise: e.totalPaise,
        gstPaise: 0,
        totalPaise: e.totalPaise,
      }));
      entries = [];
      return success({ orders });
    }
    return failure(404, 'E0002', 'Not found');
  });
}

function WhereAmI() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

function openCart() {
  render(
    withProviders(
      <MemoryRouter initialEntries={['/app/cart']}>
        <RequireSession>
          <CartPage />
        </RequireSession>
        <WhereAmI />
      </MemoryRouter>,
    ),
  );
}

describe('cart page', () => {
  afterEach(resetFakeApi);

  it("warns, in that seller's group only, that an outstation seller cannot deliver by Medico delivery", async () => {
    cartApi();
    openCart();
    const agarwal = await screen.findByRole('table', { name: 'Items from Agarwal Pharma Distributors' });
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('Agarwal Pharma Distributors (Pune) cannot deliver to you by Medico delivery: they will dispatch by courier or transport');
    // The note sits right above the seller's items, in the same card.
    expect(notes[0]!.nextElementSibling).toContainElement(agarwal);
  });

  it('groups entries by seller, changes a quantity, confirms (showing the price change) and submits one order per seller', async () => {
    const requests = cartApi();
    openCart();
    expect(await screen.findByRole('table', { name: 'Items from Agarwal Pharma Distributors' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Items from Lohar Chawl Medical Agencies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit orders' })).toBeDisabled();

    const lohar = screen.getByRole('table', { name: 'Items from Lohar Chawl Medical Agencies' });
    const quantity = within(lohar).getByRole('textbox', { name: 'Quantity of Dolo 650' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '8');
    await userEvent.click(within(lohar).getByRole('button', { name: 'Update' }));
    expect(await within(lohar).findByText('₹232.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm cart' }));
    expect(await screen.findByText(/PTR of Dolo 650 changed \(₹27.50 → ₹26.90\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit orders' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    const orders = await screen.findByRole('table', { name: 'Your orders' });
    expect(await within(orders).findByText('ORD-2611-000001')).toBeInTheDocument();
    expect(within(orders).getByText('ORD-2611-000002')).toBeInTheDocument();
    // Each order opens its purchase order (mf-accounting), in the URL variant the cart was opened in.
    expect(within(orders).getByRole('link', { name: 'ORD-2611-000001' })).toHaveAttribute('href', '/app/purchases/orders/o0');
    expect(screen.getByRole('link', { name: 'All purchase orders' })).toHaveAttribute('href', '/app/purchases/orders');
    await userEvent.click(within(orders).getByText('Lohar Chawl Medical Agencies'));
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/app/purchases/orders/o1');
    expect(requests.find((r) => r.path === MARKETPLACE_PATHS.cartUpdateEntry)?.body).toEqual({ entryId: 'e2', quantity: 8, freeQuantity: 0 });
  });

  it('counts items in the singular and plural', async () => {
    cartApi();
    openCart();
    expect(await screen.findByText(/^2 items ·/)).toBeInTheDocument();
  });

  it('says the scheme by the quantity, and what the quantity qualifies for', async () => {
    const requests = cartApi(entry('e1', 'STK-PUN-001', 'Agarwal Pharma Distributors', 10, 2750, { schemeBuy: 10, schemeFree: 1 }));
    openCart();
    const agarwal = await screen.findByRole('table', { name: 'Items from Agarwal Pharma Distributors' });
    // Saved as 10 + 0: the quantity earns 1 free the entry does not ask for yet.
    expect(within(agarwal).getByText('Buy 10, get 1 free · 10 qualifies for 1 free')).toBeInTheDocument();
    const quantity = within(agarwal).getByRole('textbox', { name: 'Quantity of Dolo 650' });
    const free = within(agarwal).getByRole('textbox', { name: 'Free quantity of Dolo 650' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '15');
    expect(within(agarwal).getByText('Buy 10, get 1 free · Add 5 more to get 2 free')).toBeInTheDocument();
    expect(free).toHaveValue('0');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    expect(within(agarwal).getByText('Buy 10, get 1 free · You get 2 free')).toBeInTheDocument();
    await userEvent.click(within(agarwal).getByRole('button', { name: 'Update' }));
    expect(requests.find((r) => r.path === MARKETPLACE_PATHS.cartUpdateEntry)?.body).toEqual({ entryId: 'e1', quantity: 20, freeQuantity: 2 });
    // No scheme, no line.
    expect(within(screen.getByRole('table', { name: 'Items from Lohar Chawl Medical Agencies' })).queryByText(/^Buy /)).not.toBeInTheDocument();
  });

  it('shows a near-expiry offer entry with its batch and expiry in red, and an entry’s minimum expiry', async () => {
    const offer = { ...entry('e1', 'STK-PUN-001', 'Agarwal Pharma Distributors', 2, 1500), clearanceOfferId: 'offer-1', offerBatch: { batchNo: 'DOL26A101', expiryDate: '2026-12-20' } };
    cartApi(offer);
    openCart();
    const agarwal = await screen.findByRole('table', { name: 'Items from Agarwal Pharma Distributors' });
    expect(within(agarwal).getByText(/Near-expiry offer · batch DOL26A101/)).toBeInTheDocument();
    expect(within(agarwal).getByText(/^20\/12\/2026 · /)).toHaveStyle({ color: '#c62828' });
    const lohar = screen.getByRole('table', { name: 'Items from Lohar Chawl Medical Agencies' });
    expect(within(lohar).queryByText(/Near-expiry offer/)).not.toBeInTheDocument();
    resetFakeApi();

    cartApi({ ...entry('e1', 'STK-PUN-001', 'Agarwal Pharma Distributors', 10, 2750), minExpiryDate: '2027-06-01' });
    openCart();
    const pinned = await screen.findByRole('table', { name: 'Items from Agarwal Pharma Distributors' });
    expect(within(pinned).getByText('Expiry on/after 01/06/2027')).toBeInTheDocument();
  });
});
