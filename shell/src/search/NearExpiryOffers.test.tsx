import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CLEARANCE_PATHS, MARKETPLACE_PATHS, PATHS, type ClearanceOffer, type MyAccount } from 'shared-api';
import { CurrentAddress } from 'shared-auth/testing/route-table';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { RequireSession } from '../guard/RequireSession';
import { SearchPage } from './SearchPage';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

const OFFER: ClearanceOffer = {
  offerId: '44444444-4444-4444-8444-444444444444',
  batchId: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  productName: 'Dolo 650 Tablet',
  manufacturer: 'Micro Labs',
  pack: '15 Tab',
  batchNo: 'DOL26A101',
  expiryDate: '2027-01-20',
  daysToExpiry: 57,
  available: 40,
  mrpPaise: 3360,
  ptrPaise: 2000,
  offerPtrPaise: 1500,
  discountBp: 2500,
  endsOn: '2026-12-24',
  nearbyBuyers: true,
  status: 'ACTIVE',
  sellerUnitCode: 'STK-PUN-001',
  sellerTradeName: 'Agarwal Pharma Distributors',
  city: 'Pune',
  distanceKm: 12.4,
};

function marketApi(account: MyAccount): FakeRequest[] {
  return installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(account);
    if (request.path === PATHS.cart) return success({ unitCode: account.unitCode, entries: [], total: { itemCount: 0, amountPaise: 0 } });
    if (request.path === CLEARANCE_PATHS.market) {
      const { q, maxDays } = (request.params ?? {}) as { q?: string; maxDays?: number };
      const items = [OFFER].filter((o) => (!q || o.productName.toLowerCase().includes(q.toLowerCase())) && (!maxDays || o.daysToExpiry <= maxDays));
      return success({ items, totalResults: items.length, page: 0, pageSize: 20 });
    }
    if (request.path === MARKETPLACE_PATHS.globalSearch) return success({ query: 'dolo', products: [] });
    if (request.path === MARKETPLACE_PATHS.cartAddEntry) return success({ unitCode: account.unitCode, entries: [], total: { itemCount: 1, amountPaise: 3000 } });
    return failure(404, 'E0002', 'Not found');
  });
}

function openSearch(path: string) {
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/app/search"
            element={
              <RequireSession>
                <SearchPage />
                <CurrentAddress />
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('search: near-expiry offers', () => {
  afterEach(resetFakeApi);

  it('opens from the "Near expiry" tab with the search text, showing the offer with its expiry in red', async () => {
    const requests = marketApi(RETAILER);
    openSearch('/app/search?q=dolo');
    await userEvent.click(await screen.findByRole('tab', { name: 'Near expiry' }));
    expect(screen.getByLabelText('Address')).toHaveTextContent('/app/search?q=dolo&view=near-expiry');
    const table = await screen.findByRole('table', { name: 'Near-expiry offers' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Agarwal Pharma Distributors');
    expect(row).toHaveTextContent('Pune · 12.4 km');
    expect(within(row).getByText('20/01/2027 · 57 days left')).toHaveStyle({ color: '#c62828' });
    expect(within(row).getByLabelText('Regular PTR ₹20.00')).toHaveTextContent('₹20.00');
    expect(row).toHaveTextContent('₹15.00');
    expect(row).toHaveTextContent('25 % off');
    expect(row).toHaveTextContent('₹33.60');
    expect(requests.find((r) => r.path === CLEARANCE_PATHS.market)?.params).toMatchObject({ q: 'dolo', page: 0 });
    // The products view's search is not asked for while near-expiry offers are shown.
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.globalSearch)).toHaveLength(1);
  });

  it('narrows by days to expiry', async () => {
    const requests = marketApi(RETAILER);
    openSearch('/app/search?view=near-expiry');
    const table = await screen.findByRole('table', { name: 'Near-expiry offers' });
    expect(await within(table).findByText('Dolo 650 Tablet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Expiring'), '30');
    expect(await within(table).findByText(/No near-expiry offer/)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === CLEARANCE_PATHS.market).at(-1)?.params).toMatchObject({ maxDays: 30 });
  });

  it('adds the offer to the cart as that batch, refusing more than is left', async () => {
    const requests = marketApi(RETAILER);
    openSearch('/app/search?view=near-expiry');
    const name = 'Dolo 650 Tablet batch DOL26A101 from Agarwal Pharma Distributors';
    const quantity = await screen.findByRole('textbox', { name: `Quantity of ${name}` });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '41');
    expect(screen.getByRole('button', { name: `Add to cart ${name}` })).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: `Add to cart ${name}` }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Added to cart'));
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.cartAddEntry).map((r) => r.body)).toEqual([
      { productId: OFFER.productId, sellerUnitCode: 'STK-PUN-001', quantity: 2, freeQuantity: 0, clearanceOfferId: OFFER.offerId },
    ]);
  });

  it('is not offered to a stockist, who buys no cart', async () => {
    const requests = marketApi(OWNER_ACCOUNT);
    openSearch('/app/search?q=dolo&view=near-expiry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “dolo”' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Near expiry' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === CLEARANCE_PATHS.market)).toBe(false);
  });
});
