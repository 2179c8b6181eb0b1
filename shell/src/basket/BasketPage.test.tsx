import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BASKET_PATHS, MARKETPLACE_PATHS, PATHS, type BasketLineResult, type BasketResult, type MyAccount, type SolveBasket } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { RequireSession } from '../guard/RequireSession';
import { BasketPage } from './BasketPage';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };
const DOLO = { productId: '11111111-1111-4111-8111-111111111111', name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', pack: '15 Tab' };
const CALPOL = { productId: '22222222-2222-4222-8222-222222222222', name: 'Calpol 650 Tablet', manufacturer: 'GSK', pack: '15 Tab' };
const PAN = { productId: '33333333-3333-4333-8333-333333333333', name: 'Pan 40 Tablet', manufacturer: 'Alkem', pack: '15 Tab' };

const offer = (sellerUnitCode: string, tradeName: string, quantity: number, freeQuantity: number, landedPaise: number) => ({
  sellerUnitCode,
  tradeName,
  quantity,
  freeQuantity,
  ptrPaise: 2750,
  mrpPaise: 3360,
  schemeBuy: null,
  schemeFree: null,
  expiryDate: '2027-06-30',
  taxablePaise: landedPaise,
  gstPaise: 0,
  landedPaise,
  available: 100,
});

/** The answer to a solve: line 1 ambiguous until a product is picked, then planned at Agarwal; line 2 at Lohar Chawl. */
function solved(input: SolveBasket): BasketResult {
  const picked = input.lines.find((l) => l.lineNo === 1)?.productId;
  const base = { candidates: [], message: null, minExpiryDate: null, quantity: 10 };
  const first: BasketLineResult = picked
    ? { ...base, lineNo: 1, text: 'paracetamol 650', status: 'CHOSEN', product: DOLO, offer: offer('STK-PUN-001', 'Agarwal Pharma Distributors', 10, 1, 27_500) }
    : { ...base, lineNo: 1, text: 'paracetamol 650', status: 'AMBIGUOUS', product: null, candidates: [DOLO, CALPOL], offer: null, message: 'Several products match: pick one' };
  const second: BasketLineResult = { ...base, lineNo: 2, text: 'Pann 40', quantity: 3, status: 'CHOSEN', product: PAN, offer: offer('STK-MUM-001', 'Lohar Chawl Medical Agencies', 3, 0, 45_000) };
  const sellers = [
    { sellerUnitCode: 'STK-MUM-001', tradeName: 'Lohar Chawl Medical Agencies', city: 'Mumbai', distanceKm: 3.2, minimumOrderPaise: null, lineNos: [2], taxablePaise: 45_000, gstPaise: 0, landedPaise: 45_000 },
    ...(picked ? [{ sellerUnitCode: 'STK-PUN-001', tradeName: 'Agarwal Pharma Distributors', city: 'Pune', distanceKm: 120.5, minimumOrderPaise: 50_000, lineNos: [1], taxablePaise: 27_500, gstPaise: 0, landedPaise: 27_500 }] : []),
  ];
  const landed = sellers.reduce((s, p) => s + p.landedPaise, 0);
  return {
    objective: input.objective ?? 'COST',
    lines: [first, second],
    sellers,
    totals: { lines: sellers.length, sellers: sellers.length, taxablePaise: landed, gstPaise: 0, landedPaise: landed },
    singleSeller: picked ? { sellerUnitCode: 'STK-MUM-001', tradeName: 'Lohar Chawl Medical Agencies', landedPaise: 76_000, savingPaise: 76_000 - landed } : null,
    feasible: true,
    unmetMinimums: [],
  };
}

function basketApi(account: MyAccount): FakeRequest[] {
  return installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(account);
    if (request.path === PATHS.cart) return success({ unitCode: account.unitCode, entries: [], total: { itemCount: 0, amountPaise: 0 } });
    if (request.path === MARKETPLACE_PATHS.placedOrders) return success({ items: [], totalResults: 0, page: 0, pageSize: 20 });
    if (request.path === BASKET_PATHS.parse)
      return success({
        lines: [
          { lineNo: 1, text: 'paracetamol 650', quantity: 10 },
          { lineNo: 2, text: 'Pann 40', quantity: 3 },
        ],
        errors: [{ lineNo: 3, text: 'Dolo', message: 'Say how many, e.g. "Dolo 650 x 10" or "10 Dolo 650"' }],
      });
    if (request.path === BASKET_PATHS.solve) return success(solved(request.body as SolveBasket));
    if (request.path === BASKET_PATHS.toCart) return success({ unitCode: account.unitCode, entries: [], total: { itemCount: 2, amountPaise: 72_500 } });
    return failure(404, 'E0002', 'Not found');
  });
}

function open() {
  render(
    withProviders(
      <MemoryRouter initialEntries={['/app/cart/best-basket']}>
        <Routes>
          <Route
            path="/app/cart/best-basket"
            element={
              <RequireSession>
                <BasketPage />
              </RequireSession>
            }
          />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('best basket screen', () => {
  afterEach(resetFakeApi);

  it('reads a pasted list, asks which product an ambiguous line means, shows the split and the saving, and fills the cart', async () => {
    const requests = basketApi(RETAILER);
    open();
    await userEvent.click(await screen.findByLabelText('Paste your list: one product and quantity per line'));
    await userEvent.paste('paracetamol 650 x 10\nPann 40 x 3\nDolo');
    await userEvent.click(screen.getByRole('button', { name: 'Read list' }));
    expect(await screen.findByRole('list', { name: 'Lines that could not be read' })).toHaveTextContent('Line 3 “Dolo”: Say how many');
    const list = screen.getByRole('table', { name: 'Shopping list' });
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Quantity of line 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity of line 2' }), '4');
    await userEvent.click(screen.getByLabelText('Minimum shelf life (days)'));
    await userEvent.paste('90');
    await userEvent.click(screen.getByRole('button', { name: 'Find best basket' }));

    const pickLine = await screen.findByLabelText('Line 1 “paracetamol 650”');
    expect(screen.queryByRole('button', { name: 'Add all to cart' })).toBeInTheDocument();
    await userEvent.selectOptions(pickLine, DOLO.productId);
    await userEvent.click(screen.getByRole('button', { name: 'Find best basket' }));
    expect(await screen.findByRole('table', { name: 'To buy from Agarwal Pharma Distributors' })).toHaveTextContent('10 + 1');
    expect(screen.getByRole('table', { name: 'To buy from Lohar Chawl Medical Agencies' })).toHaveTextContent('Pan 40 Tablet');
    expect(screen.getByText(/You save ₹35.00 against buying it all from Lohar Chawl Medical Agencies/)).toBeInTheDocument();
    const solves = requests.filter((r) => r.path === BASKET_PATHS.solve).map((r) => r.body as SolveBasket);
    expect(solves[0]).toEqual({
      lines: [
        { lineNo: 1, text: 'paracetamol 650', quantity: 10 },
        { lineNo: 2, text: 'Pann 40', quantity: 4 },
      ],
      objective: 'COST',
      minShelfLifeDays: 90,
      excludeSellerCodes: [],
    });
    expect(solves[1]!.lines[0]).toEqual({ lineNo: 1, text: 'paracetamol 650', quantity: 10, productId: DOLO.productId });

    await userEvent.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain('Added to cart'));
    expect(requests.find((r) => r.path === BASKET_PATHS.toCart)?.body).toEqual({
      entries: [
        { sellerUnitCode: 'STK-PUN-001', productId: DOLO.productId, quantity: 10, freeQuantity: 1 },
        { sellerUnitCode: 'STK-MUM-001', productId: PAN.productId, quantity: 3, freeQuantity: 0 },
      ],
    });

    // Excluding a seller solves again without it.
    await userEvent.click(screen.getByRole('button', { name: 'Exclude Agarwal Pharma Distributors' }));
    await waitFor(() => expect(requests.filter((r) => r.path === BASKET_PATHS.solve).at(-1)?.body).toMatchObject({ excludeSellerCodes: ['STK-PUN-001'] }));
    expect(await screen.findByRole('button', { name: 'Include Agarwal Pharma Distributors again' })).toBeInTheDocument();
    // Typing and re-rendering a dozen times is slow on a busy CI machine.
  }, 30_000);

  it('is not offered to a stockist', async () => {
    const requests = basketApi(OWNER_ACCOUNT);
    open();
    expect(await screen.findByText('No best basket for this account')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/cart/best-basket'))).toBe(false);
  });
});
