import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_PATHS, type ConsignmentDetail } from 'shared-api';
import { resetFakeApi, success, failure, type FakeRequest } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { BUYER_ACCOUNT, DELIVERY_BOYS, SEASON_BOY, STAFF_BOY, cells, consignment, deliveriesApi, file, offlineConsignment, ok, paged, recordDownloads, renderRoutes, sent, summaryOf } from '../deliveries-common/testing';
import { ConsignmentPage } from './ConsignmentPage';
import { OrdersOverviewPage } from './OrdersOverviewPage';

// The lead wires these into mf-orders/src/routes.tsx; the test mounts the same two routes.
const ROUTES = [
  { path: 'orders/orders-overview', title: 'Orders Overview', crumbs: [], element: <OrdersOverviewPage /> },
  { path: 'orders/orders-overview/:barcodeId', title: 'Barcode Details', crumbs: [], element: <ConsignmentPage /> },
];

const ASSIGNED = consignment('ASSIGNED', 'OWNER', 1);
const OFFLINE = offlineConsignment('BOOKED', 'COLLECT', 2);
const COUNTS = { byStatus: { BOOKED: 1, ASSIGNED: 1, COLLECTED: 0, IN_TRANSIT: 0, DELIVERED: 0, FAILED: 0, RETURNED: 0, CANCELLED: 0 }, total: 2 };

/** The consignment's routes over a mutable detail, so a change shows after the page revalidates. */
function consignmentRoutes(start: ConsignmentDetail, extra: Record<string, (r: FakeRequest) => ReturnType<typeof success>> = {}) {
  const state = { detail: start };
  return {
    state,
    routes: {
      [`GET ${DELIVERY_PATHS.consignment(start.barcodeId)}`]: () => success(state.detail),
      [`GET ${DELIVERY_PATHS.deliveryBoys}`]: ok(DELIVERY_BOYS),
      [`GET ${DELIVERY_PATHS.label(start.id)}`]: (r: FakeRequest) => (r.params?.format === 'svg' ? file('<svg/>', 'image/svg+xml') : file('%PDF-1.7 label', 'application/pdf')),
      ...extra,
    },
  };
}

// The owner's page previews the label (and photos show) from object URLs, which jsdom lacks.
let downloads: ReturnType<typeof recordDownloads>;
beforeEach(() => {
  downloads = recordDownloads();
});
afterEach(() => {
  resetFakeApi();
  downloads.restore();
});

describe('orders overview', () => {

  it('shows the SPEC columns with the pickup status, and counts per status in the tabs', async () => {
    deliveriesApi({ [`GET ${DELIVERY_PATHS.consignments}`]: ok(paged([summaryOf(ASSIGNED), summaryOf(OFFLINE)])), [`GET ${DELIVERY_PATHS.counts}`]: ok(COUNTS) });
    renderRoutes(ROUTES, 'orders/orders-overview');
    const table = await screen.findByRole('table', { name: 'Orders overview' });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Order number',
      'Date',
      'Trade name',
      'Distance',
      'Vehicle number',
      'Pickup status',
      'Notes',
      'Images',
      'Market',
      'Items',
      'Deliveries',
      'Distance type',
      'Delivery boy',
    ]);
    const row = (await within(table).findByText('ORD-2611-000042')).closest('tr')!;
    expect(cells(row)).toEqual([
      'ORD-2611-000042MB2611000001',
      expect.any(String),
      'Sharma Medical StoresOutgoing',
      '4.2 km',
      'MH12AB1234',
      'Assigned',
      'Fragile: syrups',
      '0',
      'Pune',
      '3',
      '0',
      'Near',
      'Vijay Patil',
    ]);
    const offline = within(table).getByText('OFF-2611-000002').closest('tr')!;
    expect(cells(offline)[2]).toBe('Om ClinicOffline · collect');
    expect(cells(offline)[12]).toBe('Not assigned');
    expect(await screen.findByRole('tab', { name: 'Booked (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(row).getByRole('link', { name: 'ORD-2611-000042' })).toHaveAttribute('href', '/app/orders/orders-overview/MB2611000001');
  });

  it('sends the status, side, dates and search as filters, back on the first page', async () => {
    const requests = deliveriesApi({
      [`GET ${DELIVERY_PATHS.consignments}`]: (r) => success({ ...paged([summaryOf(ASSIGNED)], 45, Number(r.params?.page ?? 0)) }),
      [`GET ${DELIVERY_PATHS.counts}`]: ok(COUNTS),
    });
    renderRoutes(ROUTES, 'orders/orders-overview');
    await screen.findByText('ORD-2611-000042');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent(requests, 'GET', DELIVERY_PATHS.consignments).at(-1)!.params).toEqual({ pageSize: 20, page: 1 }));

    await userEvent.click(await screen.findByRole('tab', { name: 'Assigned (1)' }));
    await waitFor(() => expect(sent(requests, 'GET', DELIVERY_PATHS.consignments).at(-1)!.params).toEqual({ pageSize: 20, page: 0, status: 'ASSIGNED' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'INCOMING');
    await userEvent.type(screen.getByLabelText('Booked from'), '2026-11-01');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search or scan a barcode' }), 'sharma{Enter}');
    await waitFor(() =>
      expect(sent(requests, 'GET', DELIVERY_PATHS.consignments).at(-1)!.params).toEqual({ pageSize: 20, page: 0, status: 'ASSIGNED', side: 'INCOMING', from: '2026-11-01', search: 'sharma' }),
    );
    // Counts follow the same filters, all statuses at once.
    expect(sent(requests, 'GET', DELIVERY_PATHS.counts).at(-1)!.params).toEqual({ side: 'INCOMING', from: '2026-11-01', search: 'sharma' });
  });

  it('opens the consignment when a scanner types an exact barcode id and Enter', async () => {
    const { routes } = consignmentRoutes(ASSIGNED);
    const requests = deliveriesApi({ ...routes, [`GET ${DELIVERY_PATHS.consignments}`]: ok(paged([])), [`GET ${DELIVERY_PATHS.counts}`]: ok(COUNTS) });
    renderRoutes(ROUTES, 'orders/orders-overview');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search or scan a barcode' }), 'mb2611000001{Enter}');
    expect(await screen.findByText('ORD-2611-000042 · MB2611000001')).toBeInTheDocument();
    expect(sent(requests, 'GET', DELIVERY_PATHS.consignments).every((r) => r.params?.search === undefined)).toBe(true);
  });
});

describe('one consignment', () => {

  it("gives the owner assign, cancel, call and label, but not the receiver's pin", async () => {
    deliveriesApi(consignmentRoutes(ASSIGNED).routes);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    expect(await screen.findByRole('button', { name: 'Change delivery boy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel pickup' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask to call me' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Label' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delivery pin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Vijay Patil on +91 98000 00003' })).toHaveAttribute('href', 'tel:+919800000003');
    expect(within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Online order' })).toHaveAttribute('href', `/app/orders/online-orders/${ASSIGNED.orderId}`);
  });

  it('assigns a booked consignment: a season boy brings his vehicle, the body is sent and the page refreshes', async () => {
    const booked = consignment('BOOKED', 'OWNER', 1);
    const { state, routes } = consignmentRoutes(booked, {
      [`POST ${DELIVERY_PATHS.assign(booked.id)}`]: () => {
        state.detail = ASSIGNED;
        return success(ASSIGNED);
      },
    });
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Assign delivery boy' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign a delivery boy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect((await within(dialog).findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Choose a delivery boy', 'Enter a valid vehicle number, like MH12AB1234']);
    expect(sent(requests, 'POST', DELIVERY_PATHS.assign(booked.id))).toHaveLength(0);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Delivery boy' }), SEASON_BOY.userId);
    expect(within(dialog).getByRole('textbox', { name: 'Vehicle number' })).toHaveValue('MH12AB1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', DELIVERY_PATHS.assign(booked.id)).map((r) => r.body)).toEqual([{ deliveryBoyUserId: SEASON_BOY.userId, vehicleNumber: 'MH12AB1234' }]);
    expect(await screen.findByRole('button', { name: 'Change delivery boy' })).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Delivery boy assigned', message: 'Vijay Patil carries MB2611000001 on MH12AB1234.' })]);
  });

  it("shows the API's field error on the vehicle when reassigning fails", async () => {
    const { routes } = consignmentRoutes(ASSIGNED, {
      [`POST ${DELIVERY_PATHS.assign(ASSIGNED.id)}`]: () => failure(400, 'E0001', 'Check the highlighted fields', { vehicleNumber: 'Enter a valid vehicle number, like MH12AB1234' }),
    });
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Change delivery boy' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the delivery boy' });
    expect(within(dialog).getByRole('combobox', { name: 'Delivery boy' })).toHaveValue(SEASON_BOY.userId);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Delivery boy' }), STAFF_BOY.userId);
    const vehicle = within(dialog).getByRole('textbox', { name: 'Vehicle number' });
    await userEvent.clear(vehicle);
    await userEvent.type(vehicle, 'mh14cd5678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('Enter a valid vehicle number, like MH12AB1234')).toBeInTheDocument();
    expect(within(dialog).getByText('Check the highlighted fields')).toHaveAttribute('role', 'alert');
    expect(sent(requests, 'POST', DELIVERY_PATHS.assign(ASSIGNED.id)).map((r) => r.body)).toEqual([{ deliveryBoyUserId: STAFF_BOY.userId, vehicleNumber: 'MH14CD5678' }]);
  });

  it('cancels only with a reason', async () => {
    const cancelled = consignment('CANCELLED', 'OWNER', 1);
    const { state, routes } = consignmentRoutes(ASSIGNED, {
      [`POST ${DELIVERY_PATHS.status(ASSIGNED.id)}`]: () => {
        state.detail = cancelled;
        return success(cancelled);
      },
    });
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel pickup' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel MB2611000001?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel pickup' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Buyer asked to hold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel pickup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', DELIVERY_PATHS.status(ASSIGNED.id)).map((r) => r.body)).toEqual([{ status: 'CANCELLED', reason: 'Buyer asked to hold' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel pickup' })).not.toBeInTheDocument());
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.at(-1)).toHaveTextContent('Cancelled');
    expect(history.at(-1)).toHaveTextContent('Buyer asked to hold');
  });

  it('opens the label PDF with the token and previews the SVG', async () => {
    const opened: { location: { href: string }; close: jest.Mock }[] = [];
    const open = jest.spyOn(window, 'open').mockImplementation(() => {
      const tab = { location: { href: '' }, close: jest.fn() };
      opened.push(tab);
      return tab as unknown as Window;
    });
    const requests = deliveriesApi(consignmentRoutes(ASSIGNED).routes);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    expect(await screen.findByRole('img', { name: 'Label MB2611000001' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print label' }));
    await waitFor(() => expect(opened[0]?.location.href).toMatch(/^blob:/));
    expect(sent(requests, 'GET', DELIVERY_PATHS.label(ASSIGNED.id)).map((r) => r.params)).toEqual([{ format: 'svg' }, { format: 'pdf' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['Label MB2611000001.pdf']));
    open.mockRestore();
  });

  it('shows the receiver its pin, with expiry and tries; it can ask for a new one and for a call', async () => {
    const inTransit = consignment('IN_TRANSIT', 'RECEIVER', 1);
    const reissued = { ...inTransit, pin: { pin: '9045', expiresAt: '2026-11-22T11:00:00.000Z', triesLeft: 5 } };
    const { state, routes } = consignmentRoutes(inTransit, {
      [`POST ${DELIVERY_PATHS.reissuePin(inTransit.id)}`]: () => {
        state.detail = reissued;
        return success(reissued);
      },
      [`POST ${DELIVERY_PATHS.callRequest(inTransit.id)}`]: ok({}),
    });
    const requests = deliveriesApi(routes, BUYER_ACCOUNT);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    const pinCard = await screen.findByRole('region', { name: 'Delivery pin' });
    expect(within(pinCard).getByLabelText('Pin')).toHaveTextContent('4821');
    expect(pinCard).toHaveTextContent('5 tries left');
    for (const owner of ['Change delivery boy', 'Assign delivery boy', 'Cancel pickup', 'Print label']) expect(screen.queryByRole('button', { name: owner })).not.toBeInTheDocument();

    await userEvent.click(within(pinCard).getByRole('button', { name: 'New pin' }));
    await waitFor(() => expect(within(pinCard).getByLabelText('Pin')).toHaveTextContent('9045'));
    expect(sent(requests, 'POST', DELIVERY_PATHS.reissuePin(inTransit.id))).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Ask to call me' }));
    await waitFor(() => expect(sent(requests, 'POST', DELIVERY_PATHS.callRequest(inTransit.id))).toHaveLength(1));
    expect(getToasts().map((t) => t.title)).toEqual(['New pin issued', 'Call requested']);
  });

  it('says when a pin cannot prove the hand-over, and offers no new pin that would reach no one', async () => {
    // An offline SEND whose party's number is the delivery boy's own: nobody else could receive the pin.
    const unproven = { ...offlineConsignment('IN_TRANSIT', 'SEND', 3), pinCannotProve: true, pin: null };
    const { routes } = consignmentRoutes(unproven);
    deliveriesApi(routes);
    renderRoutes(ROUTES, `orders/orders-overview/${unproven.barcodeId}`);
    const pinCard = await screen.findByRole('region', { name: 'Delivery pin' });
    expect(pinCard).toHaveTextContent('A pin cannot prove this hand-over: no one but the delivery boy could receive it.');
    expect(pinCard).toHaveTextContent('recorded as not pin-proven');
    expect(pinCard).not.toHaveTextContent('by SMS');
    expect(within(pinCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why an action failed', async () => {
    const inTransit = consignment('IN_TRANSIT', 'RECEIVER', 1);
    const { routes } = consignmentRoutes(inTransit, { [`POST ${DELIVERY_PATHS.reissuePin(inTransit.id)}`]: () => failure(409, 'E0013', 'Not possible in the current status') });
    deliveriesApi(routes, BUYER_ACCOUNT);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    await userEvent.click(await screen.findByRole('button', { name: 'New pin' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'A new pin could not be issued', message: 'Not possible in the current status' })]));
  });

  it('shows delivered proof photos through the authenticated client', async () => {
    const delivered = consignment('DELIVERED', 'RECEIVER', 1);
    const { routes } = consignmentRoutes(delivered, { [`GET ${DELIVERY_PATHS.image(delivered.id, delivered.proof[0]!.id)}`]: () => file('\x89PNG', 'image/png') });
    const requests = deliveriesApi(routes, BUYER_ACCOUNT);
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');
    expect(await screen.findByRole('img', { name: /^Parcel photo/ })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(sent(requests, 'GET', DELIVERY_PATHS.image(delivered.id, delivered.proof[0]!.id))).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Delivery pin' })).not.toBeInTheDocument();
  });

  it('says an unknown barcode is not found and links back', async () => {
    deliveriesApi({});
    renderRoutes(ROUTES, 'orders/orders-overview/MB2611999999');
    expect(await screen.findByText('No consignment MB2611999999')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the orders overview' })).toHaveAttribute('href', '/app/orders/orders-overview');
  });
});
