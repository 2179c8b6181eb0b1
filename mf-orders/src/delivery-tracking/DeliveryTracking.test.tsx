import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_PATHS, type ConsignmentDetail } from 'shared-api';
import { failure, resetFakeApi, success, type FakeRequest } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { BUYER_ACCOUNT, consignment, deliveriesApi, offlineConsignment, renderRoutes, sent } from '../deliveries-common/testing';
import { DeliveryTrackingPage, TRACKING_REFRESH_MS } from './DeliveryTrackingPage';

// The lead routes the page at delivery-tracking; the test mounts the same route.
const ROUTES = [{ path: 'delivery-tracking', title: 'Delivery Tracking', crumbs: [], element: <DeliveryTrackingPage /> }];
const open = (query = '') => renderRoutes(ROUTES, `delivery-tracking${query}`);

// The buyer's view: one coming in transit, one assigned; and an offline SEND it booked that failed.
const INCOMING = consignment('IN_TRANSIT', 'RECEIVER', 1);
const WAITING = consignment('ASSIGNED', 'RECEIVER', 2);
const OUTGOING = { ...offlineConsignment('FAILED', 'SEND', 3), distanceLeftKm: null, lastPosition: null };
const DELIVERED = consignment('DELIVERED', 'RECEIVER', 4);
const ALL: ConsignmentDetail[] = [INCOMING, WAITING, OUTGOING, DELIVERED];

const incoming = (c: ConsignmentDetail) => c.role === 'RECEIVER' || c.direction === 'COLLECT';

/** Tracking answers what is on its way by side, most urgent first, as the API does; each consignment by barcode id. */
const URGENCY = ['IN_TRANSIT', 'FAILED', 'COLLECTED', 'ASSIGNED'];
function trackingApi(extra: Record<string, (r: FakeRequest) => ReturnType<typeof success>> = {}) {
  const routes: Record<string, (r: FakeRequest) => ReturnType<typeof success>> = {
    [`GET ${DELIVERY_PATHS.tracking}`]: (r) => {
      const side = r.params?.side;
      const items = ALL.filter((c) => URGENCY.includes(c.status) && (!side || (side === 'INCOMING') === incoming(c))).sort((a, b) => URGENCY.indexOf(a.status) - URGENCY.indexOf(b.status));
      return success({ items, totalResults: items.length });
    },
    ...extra,
  };
  for (const c of ALL) routes[`GET ${DELIVERY_PATHS.consignment(c.barcodeId)}`] = () => success(c);
  return deliveriesApi(routes, BUYER_ACCOUNT);
}

const card = (c: ConsignmentDetail) => screen.findByRole('region', { name: `Consignment ${c.barcodeId}` });
const trackingRequests = (requests: FakeRequest[]) => sent(requests, 'GET', DELIVERY_PATHS.tracking);

afterEach(() => {
  resetFakeApi();
  jest.useRealTimers();
});

describe('delivery tracking', () => {
  it('asks once for everything on its way and shows each consignment under its status, most urgent first', async () => {
    const requests = trackingApi();
    open();
    await card(INCOMING);
    expect(trackingRequests(requests)).toHaveLength(1);
    // The cards come with their details: no request per card.
    expect(requests.filter((r) => r.path.startsWith('/delivery/service/order/'))).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'In transit (1)',
      `${INCOMING.orderNumber} · ${INCOMING.barcodeId}`,
      'Delivery failed (1)',
      `${OUTGOING.orderNumber} · ${OUTGOING.barcodeId}`,
      'Assigned (1)',
      `${WAITING.orderNumber} · ${WAITING.barcodeId}`,
    ]);
    expect(screen.queryByRole('region', { name: `Consignment ${DELIVERED.barcodeId}` })).not.toBeInTheDocument();
  });

  it('shows an incoming trip with its timeline, last position, distance left, a map link and the receiver pin', async () => {
    trackingApi();
    open();
    const c = await card(INCOMING);
    expect(await within(c).findByText('Incoming from Agarwal Pharma Distributors')).toBeInTheDocument();
    expect(within(c).getByText(/22\/11\/2026.* · 2\.6 km left ·/)).toBeInTheDocument();
    const map = within(c).getByRole('link', { name: 'Open map' });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=18.5&mlon=73.86#map=16/18.5/73.86');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(c).getByLabelText('Delivery pin')).toHaveTextContent('4821');
    expect(within(c).getByText(/5 tries left/)).toBeInTheDocument();
    const history = within(c).getByRole('list', { name: 'Status history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(INCOMING.timeline.length);
    expect(within(c).getByRole('link', { name: 'All details' })).toHaveAttribute('href', `/app/orders/orders-overview/${INCOMING.barcodeId}`);
  });

  it('shows no pin on an outgoing consignment, and no position before one is reported', async () => {
    trackingApi();
    open();
    const c = await card(OUTGOING);
    expect(await within(c).findByText('Outgoing to Om Clinic')).toBeInTheDocument();
    expect(within(c).queryByLabelText('Delivery pin')).not.toBeInTheDocument();
    expect(within(c).queryByRole('link', { name: 'Open map' })).not.toBeInTheDocument();
  });

  it('says when a pin cannot prove the hand-over (no one but the delivery boy could receive it)', async () => {
    const unproven = { ...offlineConsignment('IN_TRANSIT', 'COLLECT', 5), pinCannotProve: true, pin: null };
    trackingApi({ [`GET ${DELIVERY_PATHS.tracking}`]: () => success({ items: [unproven], totalResults: 1 }) });
    open();
    const c = await card(unproven);
    expect(within(c).queryByLabelText('Delivery pin')).not.toBeInTheDocument();
    expect(within(c).getByText(/A pin cannot prove this hand-over: no one but the delivery boy could receive it\./)).toBeInTheDocument();
    expect(within(c).getByText(/recorded as not pin-proven/)).toBeInTheDocument();
  });

  it('asks the delivery boy to call where the API allows it', async () => {
    const requests = trackingApi({ [`POST ${DELIVERY_PATHS.callRequest(WAITING.id)}`]: () => success(null) });
    open();
    const c = await card(WAITING);
    await userEvent.click(await within(c).findByRole('button', { name: 'Ask to call me' }));
    await waitFor(() => expect(sent(requests, 'POST', DELIVERY_PATHS.callRequest(WAITING.id))).toHaveLength(1));
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Call requested', message: 'Vijay Patil is asked to call you.' })]);
  });

  it('filters to one side', async () => {
    const requests = trackingApi();
    open();
    await card(OUTGOING);
    await userEvent.selectOptions(screen.getByLabelText('Side'), 'INCOMING');
    await waitFor(() => expect(screen.queryByRole('region', { name: `Consignment ${OUTGOING.barcodeId}` })).not.toBeInTheDocument());
    expect(await card(INCOMING)).toBeInTheDocument();
    expect(trackingRequests(requests).filter((r) => r.params?.side === 'INCOMING')).toHaveLength(1);
  });

  it('?barcode= selects one consignment and does not list the others', async () => {
    const requests = trackingApi();
    open(`?barcode=${WAITING.barcodeId.toLowerCase()}`);
    expect(await card(WAITING)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: `Consignment ${INCOMING.barcodeId}` })).not.toBeInTheDocument();
    expect(trackingRequests(requests)).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Everything on its way' }));
    expect(await card(INCOMING)).toBeInTheDocument();
  });

  it('says so for an unknown barcode, and a barcode typed or scanned into the box selects it', async () => {
    trackingApi({ [`GET ${DELIVERY_PATHS.consignment('MB2611999999')}`]: () => failure(404, 'E0002', 'Not found') });
    open('?barcode=MB2611999999');
    expect(await screen.findByText('No consignment MB2611999999')).toBeInTheDocument();

    const box = screen.getByRole('searchbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'ORD-1{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A barcode looks like MB2611000123.');
    await userEvent.clear(box);
    await userEvent.type(box, `${INCOMING.barcodeId}{Enter}`);
    expect(await card(INCOMING)).toBeInTheDocument();
    expect(screen.queryByText('No consignment MB2611999999')).not.toBeInTheDocument();
  });

  it('says when nothing is on its way', async () => {
    deliveriesApi({ [`GET ${DELIVERY_PATHS.tracking}`]: () => success({ items: [], totalResults: 0 }) }, BUYER_ACCOUNT);
    open();
    expect(await screen.findByText('Nothing on its way')).toBeInTheDocument();
  });

  it('refreshes every 30 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const requests = trackingApi();
    open();
    await card(INCOMING);
    expect(trackingRequests(requests)).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRACKING_REFRESH_MS);
    });
    await waitFor(() => expect(trackingRequests(requests)).toHaveLength(2));
  });
});
