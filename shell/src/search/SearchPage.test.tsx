import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CONNECTIONS_PATHS, MARKETPLACE_PATHS, PATHS, type MyAccount, type StockistsResult } from 'shared-api';
import { startLive, stopLive } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { RequireSession } from '../guard/RequireSession';
import { SearchPage } from './SearchPage';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };
const PRODUCT = { productId: 'p-dolo', name: 'Dolo 650', manufacturer: 'Micro Labs', composition: 'Paracetamol 650 mg', pack: '15 tablets' };
const STOCKISTS: StockistsResult = {
  product: PRODUCT,
  stockists: [
    { sellerUnitCode: 'STK-THN-001', tradeName: 'Thane Pharma Distributors', city: 'Thane', distanceKm: 12.3, visible: false, connectionStatus: 'NONE', availableQuantity: null, batches: [] },
    {
      sellerUnitCode: 'STK-PUN-001',
      tradeName: 'Agarwal Pharma Distributors',
      city: 'Pune',
      distanceKm: 119.8,
      visible: true,
      connectionStatus: 'APPROVED',
      availableQuantity: 120,
      batches: [{ batchNo: 'DL2401', expiryDate: '2027-01-31', nearExpiry: true, available: 20, ptrPaise: 2750, mrpPaise: 3400, schemeBuy: 10, schemeFree: 1 }],
    },
  ],
};

function searchApi(): FakeRequest[] {
  return installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(RETAILER);
    if (request.path === PATHS.cart) return success({ unitCode: 'RTL-MUM-001', entries: [], total: { itemCount: 0, amountPaise: 0 } });
    if (request.path === MARKETPLACE_PATHS.globalSearch) {
      return success({ query: 'dolo 650', products: [{ ...PRODUCT, sellerCount: 2, visibleSellerCount: 1, lowestPtrPaise: 2750, nearestExpiry: '2027-01-31' }] });
    }
    if (request.path === MARKETPLACE_PATHS.stockists) return success(STOCKISTS);
    if (request.path === MARKETPLACE_PATHS.cartAddEntry) {
      const { quantity, freeQuantity } = request.body as { quantity: number; freeQuantity: number };
      if (freeQuantity && quantity !== 10) return failure(400, 'E0048', 'Quantity plus free quantity must fit the scheme 10 + 1: the nearest valid order is 10 + 1 free', { quantity: '10', freeQuantity: '1' });
      return success({ unitCode: 'RTL-MUM-001', entries: [], total: { itemCount: 1, amountPaise: 27500 } });
    }
    if (request.path === CONNECTIONS_PATHS.request) return success({ connectionId: 'c1', status: 'PENDING', hasAccess: false });
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
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('search page', () => {
  afterEach(resetFakeApi);

  it('lists products with stockist count, lowest PTR and nearest expiry; opens the stockists nearest first', async () => {
    searchApi();
    openSearch('/app/search?q=dolo%20650');
    const results = await screen.findByRole('table', { name: 'Products matching dolo 650' });
    expect(within(results).getByText('2 (1 connected)')).toBeInTheDocument();
    expect(within(results).getByText('₹27.50')).toBeInTheDocument();
    await userEvent.click(within(results).getByRole('button', { name: 'View stockists of Dolo 650' }));
    const sellers = await screen.findByRole('table', { name: 'Stockists of Dolo 650' });
    const rows = within(sellers).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Thane Pharma Distributors');
    expect(rows[0]).toHaveTextContent('Has it — connect to see stock');
    expect(rows[1]).toHaveTextContent('DL2401 · 31/01/2027Near expiry · ₹27.50 · ₹34.00 · 10 + 1 · 20 left');
  });

  it('adds to cart; a quantity that does not fit the scheme is corrected to the nearest valid one', async () => {
    const requests = searchApi();
    openSearch('/app/search?q=dolo%20650&product=p-dolo');
    const quantity = await screen.findByRole('textbox', { name: 'Quantity from Agarwal Pharma Distributors' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    const free = screen.getByRole('textbox', { name: 'Free quantity from Agarwal Pharma Distributors' });
    await userEvent.clear(free);
    await userEvent.type(free, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart from Agarwal Pharma Distributors' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Quantity plus free quantity must fit the scheme 10 + 1: the nearest valid order is 10 + 1 free'));
    expect(quantity).toHaveValue('10');
    expect(free).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart from Agarwal Pharma Distributors' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Added to cart'));
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.cartAddEntry).map((r) => r.body)).toEqual([
      { productId: 'p-dolo', sellerUnitCode: 'STK-PUN-001', quantity: 12, freeQuantity: 2 },
      { productId: 'p-dolo', sellerUnitCode: 'STK-PUN-001', quantity: 10, freeQuantity: 1 },
    ]);
  });

  it('says the scheme where the quantity is chosen, and what the quantity qualifies for, filling in the free units', async () => {
    const requests = searchApi();
    openSearch('/app/search?q=dolo%20650&product=p-dolo');
    const quantity = await screen.findByRole('textbox', { name: 'Quantity from Agarwal Pharma Distributors' });
    const free = screen.getByRole('textbox', { name: 'Free quantity from Agarwal Pharma Distributors' });
    expect(screen.getByText('Buy 10, get 1 free · Add 9 more to get 1 free')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10');
    expect(screen.getByText('Buy 10, get 1 free · You get 1 free')).toBeInTheDocument();
    expect(free).toHaveValue('1');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '15');
    expect(screen.getByText('Buy 10, get 1 free · Add 5 more to get 2 free')).toBeInTheDocument();
    expect(free).toHaveValue('0');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.clear(free);
    await userEvent.type(free, '0');
    expect(screen.getByText('Buy 10, get 1 free · 20 qualifies for 2 free')).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart from Agarwal Pharma Distributors' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Added to cart'));
    expect(requests.filter((r) => r.path === MARKETPLACE_PATHS.cartAddEntry).map((r) => r.body)).toEqual([{ productId: 'p-dolo', sellerUnitCode: 'STK-PUN-001', quantity: 10, freeQuantity: 1 }]);
  });

  it('asks a seller without access to connect', async () => {
    const requests = searchApi();
    openSearch('/app/search?q=dolo%20650&product=p-dolo');
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to connect' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Request sent'));
    expect(requests.find((r) => r.path === CONNECTIONS_PATHS.request)?.body).toEqual({ sellerUnitCode: 'STK-THN-001' });
  });

  it('refetches the products and their stockists when a seller’s stock of the shown product changes', async () => {
    // The live stream at the fetch boundary: the test writes Server-Sent Events into its body.
    let server!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (server = controller) });
    Object.defineProperty(globalThis, 'fetch', { value: jest.fn(async () => ({ ok: true, status: 200, body })), configurable: true, writable: true });
    const send = (text: string) => act(async () => server.enqueue(new TextEncoder().encode(text)));
    const requests = searchApi();
    openSearch('/app/search?q=dolo%20650&product=p-dolo');
    await screen.findByRole('table', { name: 'Stockists of Dolo 650' });
    startLive();
    try {
      await send('event: ready\ndata: {}\n\n');
      const count = () => requests.filter((r) => r.path === MARKETPLACE_PATHS.globalSearch || r.path === MARKETPLACE_PATHS.stockists).length;
      await waitFor(() => expect(count()).toBe(4));
      await send('event: stock\ndata: {"productIds":["p-other"],"all":false}\n\n');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(count()).toBe(4);
      await send('event: stock\ndata: {"productIds":["p-other","p-dolo"],"all":false}\n\n');
      await waitFor(() => expect(count()).toBe(6));
      expect(requests.slice(-2).map((r) => r.path).sort()).toEqual([MARKETPLACE_PATHS.globalSearch, MARKETPLACE_PATHS.stockists].sort());
    } finally {
      stopLive();
    }
  });
});
