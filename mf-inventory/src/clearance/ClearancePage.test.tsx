import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CLEARANCE_PATHS, type ClearanceCandidate, type ClearanceOffer } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { formatDate, todayInIndia } from 'shared-ui';
import { addDays } from './clearance-api';
import { ClearancePage } from './ClearancePage';

const today = todayInIndia();

/** Expires in 20 days: the cut-off starts at the day before expiry. 30 of its 120 units are promised to an order. */
const DOLO: ClearanceCandidate = {
  batchId: '11111111-1111-4111-8111-111111111111',
  productId: '22222222-2222-4222-8222-222222222222',
  productName: 'Dolo 650 Tablet',
  manufacturer: 'Micro Labs',
  pack: '15 Tab',
  batchNo: 'DOL26A101',
  expiryDate: addDays(today, 20),
  daysToExpiry: 20,
  quantity: 120,
  reserved: 30,
  ptrPaise: 2000,
  mrpPaise: 3360,
  offer: null,
};
/** Expires in 100 days: the cut-off starts a month from today. */
const PAN: ClearanceCandidate = { ...DOLO, batchId: '33333333-3333-4333-8333-333333333333', productName: 'Pan 40', batchNo: 'PAN1', expiryDate: addDays(today, 100), daysToExpiry: 100, reserved: 0 };

const offerOf = (c: ClearanceCandidate, offerPtrPaise: number, endsOn: string): ClearanceOffer => ({
  offerId: '44444444-4444-4444-8444-444444444444',
  batchId: c.batchId,
  productId: c.productId,
  productName: c.productName,
  manufacturer: c.manufacturer,
  pack: c.pack,
  batchNo: c.batchNo,
  expiryDate: c.expiryDate,
  daysToExpiry: c.daysToExpiry,
  available: c.quantity - c.reserved,
  mrpPaise: c.mrpPaise,
  ptrPaise: c.ptrPaise,
  offerPtrPaise,
  discountBp: Math.floor(((c.ptrPaise - offerPtrPaise) * 10_000) / c.ptrPaise),
  endsOn,
  nearbyBuyers: false,
  status: 'ACTIVE',
  sellerUnitCode: OWNER_ACCOUNT.unitCode,
  sellerTradeName: OWNER_ACCOUNT.tradeName,
  city: 'Pune',
  distanceKm: null,
});

/** A seller's clearance API: listing a batch with promised units is refused until acknowledged, as the API does. */
function clearanceApi(state: { offers: ClearanceOffer[] }) {
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === CLEARANCE_PATHS.candidates) {
      const { fromDays, toDays } = request.params as { fromDays: number; toDays: number };
      const items = [DOLO, PAN]
        .filter((c) => c.daysToExpiry >= fromDays && c.daysToExpiry <= toDays)
        .map((c) => ({ ...c, offer: state.offers.find((o) => o.batchId === c.batchId && o.status === 'ACTIVE') ?? null }));
      return success({ fromDays, toDays, items });
    }
    if (request.method === 'GET' && request.path === CLEARANCE_PATHS.offers) return success({ items: state.offers, totalResults: state.offers.length, page: 0, pageSize: 20 });
    if (request.method === 'POST' && request.path === CLEARANCE_PATHS.offers) {
      const body = request.body as { batchId: string; offerPtrPaise: number; endsOn: string; acknowledgePromised: boolean };
      const batch = [DOLO, PAN].find((c) => c.batchId === body.batchId)!;
      if (batch.reserved > 0 && !body.acknowledgePromised) return failure(409, 'E0015', 'Some units of this batch are promised to placed orders');
      const offer = offerOf(batch, body.offerPtrPaise, body.endsOn);
      state.offers = [offer, ...state.offers];
      return success(offer);
    }
    if (request.method === 'DELETE' && request.path.startsWith(CLEARANCE_PATHS.offers)) {
      state.offers = state.offers.map((o) => ({ ...o, status: 'ENDED' as const }));
      return success(state.offers[0]);
    }
    return failure(404, 'E0002', 'Not found');
  };
}

function renderPage(state: { offers: ClearanceOffer[] }, at = '/stocks/clearance') {
  const requests = installFakeApi(withAccount(OWNER_ACCOUNT, clearanceApi(state)));
  render(withProviders(<MemoryRouter initialEntries={[at]}><ClearancePage /></MemoryRouter>));
  return requests;
}

describe('ClearancePage (stocks/clearance)', () => {
  afterEach(resetFakeApi);

  it('shows the batches expiring in the chosen window, with the units promised to orders', async () => {
    const requests = renderPage({ offers: [] });
    const table = await screen.findByRole('table', { name: 'Batches expiring in 30–120 days' });
    expect(within(table).getByText('Pan 40')).toBeInTheDocument();
    expect(within(table).queryByText('Dolo 650 Tablet')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Expiring from (days)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('to (days)'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show batches' }));
    const narrowed = await screen.findByRole('table', { name: 'Batches expiring in 10–60 days' });
    expect(await within(narrowed).findByText('Dolo 650 Tablet')).toBeInTheDocument();
    // Expiry in red with the days left in words, and the promised units.
    expect(within(narrowed).getByText(`${formatDate(DOLO.expiryDate)} · 20 days left`)).toBeInTheDocument();
    expect(within(narrowed).getByText('30')).toBeInTheDocument();
    expect(requests.some((r) => r.path === CLEARANCE_PATHS.candidates && r.params?.fromDays === 10 && r.params?.toDays === 60)).toBe(true);
  });

  it('refuses a window that ends before it starts', async () => {
    renderPage({ offers: [] });
    await screen.findByRole('table', { name: 'Batches expiring in 30–120 days' });
    fireEvent.change(screen.getByLabelText('Expiring from (days)'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('to (days)'), { target: { value: '60' } });
    expect(screen.getByRole('alert')).toHaveTextContent('"From" must not be after "to".');
    expect(screen.getByRole('button', { name: 'Show batches' })).toBeDisabled();
  });

  it('lists a batch: discount shown as typed, cut-off a month ahead, and the offer appears in My offers', async () => {
    const requests = renderPage({ offers: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'List Pan 40 batch PAN1' }));
    const dialog = screen.getByRole('dialog', { name: 'List Pan 40 (PAN1)' });
    expect(within(dialog).getByLabelText('Offer ends on (cut-off)')).toHaveValue(addDays(today, 30));
    fireEvent.change(within(dialog).getByLabelText('Offer PTR (₹)'), { target: { value: '15' } });
    expect(within(dialog).getByText('25 % off the regular PTR of ₹20.00.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'List offer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ batchId: PAN.batchId, offerPtrPaise: 1500, endsOn: addDays(today, 30), nearbyBuyers: false, acknowledgePromised: false });
    const offers = await screen.findByRole('table', { name: 'My offers' });
    expect(await within(offers).findByText('Running')).toBeInTheDocument();
    expect(within(offers).getByText('25 % off')).toBeInTheDocument();
  });

  it('refuses a price not below the regular PTR and a cut-off on or after expiry', async () => {
    const requests = renderPage({ offers: [] }, '/stocks/clearance?from=10&to=60');
    fireEvent.click(await screen.findByRole('button', { name: 'List Dolo 650 Tablet batch DOL26A101' }));
    const dialog = screen.getByRole('dialog');
    // 20 days to expiry: the cut-off starts at the day before it.
    expect(within(dialog).getByLabelText('Offer ends on (cut-off)')).toHaveValue(addDays(today, 19));
    fireEvent.change(within(dialog).getByLabelText('Offer PTR (₹)'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Offer ends on (cut-off)'), { target: { value: DOLO.expiryDate } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List offer' }));
    expect(await within(dialog).findByText('Lower than the regular PTR of ₹20.00')).toBeInTheDocument();
    expect(within(dialog).getByText(`At the latest ${formatDate(addDays(today, 19))}, the day before expiry`)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('warns that units are promised to orders and lists only when the seller says so', async () => {
    const requests = renderPage({ offers: [] }, '/stocks/clearance?from=10&to=60');
    fireEvent.click(await screen.findByRole('button', { name: 'List Dolo 650 Tablet batch DOL26A101' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Offer PTR (₹)'), { target: { value: '12.50' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /buyers within 25 km/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'List offer' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('30 units of this batch are promised to orders');
    const listAnyway = within(dialog).getByRole('button', { name: 'List anyway' });
    await waitFor(() => expect(listAnyway).toHaveFocus());
    fireEvent.click(listAnyway);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.body as { acknowledgePromised: boolean; nearbyBuyers: boolean; offerPtrPaise: number });
    expect(posts.map((p) => p.acknowledgePromised)).toEqual([false, true]);
    expect(posts[1]).toMatchObject({ nearbyBuyers: true, offerPtrPaise: 1250 });
    // The batch now shows its running offer instead of "List".
    expect(await screen.findByText('Listed')).toBeInTheDocument();
  });

  it('ends a running offer after asking', async () => {
    const state = { offers: [offerOf(PAN, 1500, addDays(today, 30))] };
    const requests = renderPage(state);
    const offers = await screen.findByRole('table', { name: 'My offers' });
    fireEvent.click(await within(offers).findByRole('button', { name: 'End offer of Pan 40 batch PAN1' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'End this offer?' })).getByRole('button', { name: 'End offer' }));
    expect(await within(offers).findByText('Ended')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === CLEARANCE_PATHS.offer(state.offers[0]!.offerId))).toBe(true);
    expect(within(offers).queryByRole('button', { name: /End offer/ })).not.toBeInTheDocument();
  });
});
