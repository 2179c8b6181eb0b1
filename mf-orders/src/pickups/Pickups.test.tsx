import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount } from 'shared-auth/testing/fake-api';
import { getToasts } from 'shared-ui';
import { ConsignmentPage } from '../orders-overview/ConsignmentPage';
import { todayIst } from '../deliveries-common/deliveries-api';
import {
  DELIVERY_BOYS,
  MARKETS,
  MUMBAI,
  OUTSTATION_ORDER,
  PUNE,
  READY_ORDER,
  SEASON_BOY,
  axeFindings,
  consignment,
  deliveriesApi,
  file,
  offlineConsignment,
  ok,
  paged,
  recordDownloads,
  renderRoutes,
  sent,
  summaryOf,
} from '../deliveries-common/testing';
import { AddOfflinePickupPage } from './AddOfflinePickupPage';
import { OfflinePickupsPage } from './OfflinePickupsPage';
import { OnlinePickupsPage } from './OnlinePickupsPage';

// The lead wires these into mf-orders/src/routes.tsx; the test mounts the same routes.
const ROUTES = [
  { path: 'orders/online-pickups', title: 'Online Pickups', crumbs: [], element: <OnlinePickupsPage /> },
  { path: 'orders/offline-pickups', title: 'Offline Pickups', crumbs: [], element: <OfflinePickupsPage /> },
  { path: 'orders/offline-pickups/add', title: 'Add Offline Pickup', crumbs: [], element: <AddOfflinePickupPage /> },
  { path: 'orders/orders-overview/:barcodeId', title: 'Barcode Details', crumbs: [], element: <ConsignmentPage /> },
];
const COUNTS = { byStatus: { BOOKED: 1, ASSIGNED: 0, COLLECTED: 0, IN_TRANSIT: 0, DELIVERED: 0, FAILED: 0, RETURNED: 0, CANCELLED: 0 }, total: 1 };

let downloads: ReturnType<typeof recordDownloads>;
beforeEach(() => {
  // The consignment opened after booking previews its label from an object URL, which jsdom lacks.
  downloads = recordDownloads();
});
afterEach(() => {
  resetFakeApi();
  downloads.restore();
});

describe('online pickups', () => {
  const booked = consignment('ASSIGNED', 'OWNER', 7);
  const routes = {
    [`GET ${DELIVERY_PATHS.readyOrders}`]: ok([READY_ORDER, OUTSTATION_ORDER]),
    [`GET ${DELIVERY_PATHS.deliveryBoys}`]: ok(DELIVERY_BOYS),
    [`GET ${DELIVERY_PATHS.consignments}`]: ok(paged([summaryOf(consignment('BOOKED', 'OWNER', 3))])),
    [`GET ${DELIVERY_PATHS.counts}`]: ok(COUNTS),
    [`POST ${DELIVERY_PATHS.createOnline}`]: ok(booked),
    [`GET ${DELIVERY_PATHS.consignment(booked.barcodeId)}`]: ok(booked),
    [`GET ${DELIVERY_PATHS.label(booked.id)}`]: () => file('<svg/>', 'image/svg+xml'),
  };

  it('lists orders ready to dispatch; an outstation one shows why and goes only by transport', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/online-pickups');
    const table = await screen.findByRole('table', { name: 'Orders ready to dispatch' });
    const row = (await within(table).findByText('ORD-2611-000042')).closest('tr')!;
    expect(row).toHaveTextContent('Sharma Medical Stores');
    expect(row).toHaveTextContent('₹924.00');
    expect(within(row).getByRole('button', { name: 'Book pickup for ORD-2611-000042' })).toBeInTheDocument();
    const outstation = within(table).getByText('ORD-2611-000043').closest('tr')!;
    expect(outstation).toHaveTextContent('Ahmedabad is outside your delivery market (Pune)');
    expect(within(outstation).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Dispatch by transport: ORD-2611-000043']);
    expect(within(row).getByRole('button', { name: 'Dispatch by transport: ORD-2611-000042' })).toBeInTheDocument();
    // Below: the online consignments only.
    expect(await screen.findByRole('table', { name: 'Online pickups' })).toHaveTextContent('MB2611000003');
    expect(sent(requests, 'GET', DELIVERY_PATHS.consignments)[0]!.params).toEqual({ pageSize: 20, page: 0, kind: 'ONLINE' });
    expect(sent(requests, 'GET', DELIVERY_PATHS.counts)[0]!.params).toEqual({ kind: 'ONLINE' });
  });

  it('dispatches an outstation order by courier: transporter, docket (dated today), vehicle, freight in ₹; the consignment opens', async () => {
    const dispatched = {
      ...consignment('IN_TRANSIT', 'OWNER', 8),
      carrier: 'TRANSPORT' as const,
      assignee: null,
      deliveryBoy: null,
      market: '',
      vehicleNumber: 'MH12AB4321',
      transport: { transporterName: 'VRL Logistics', transporterId: null, docketNumber: 'LR-448812', docketDate: todayIst(), freightPaise: 45_000 },
      actions: ['ADD_PROOF' as const, 'DELIVER' as const, 'LABEL' as const],
    };
    const requests = deliveriesApi({
      ...routes,
      [`POST ${DELIVERY_PATHS.dispatchByTransport}`]: ok(dispatched),
      [`GET ${DELIVERY_PATHS.consignment(dispatched.barcodeId)}`]: ok(dispatched),
      [`GET ${DELIVERY_PATHS.label(dispatched.id)}`]: () => file('<svg/>', 'image/svg+xml'),
    });
    renderRoutes(ROUTES, 'orders/online-pickups');
    await userEvent.click(await screen.findByRole('button', { name: 'Dispatch by transport: ORD-2611-000043' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispatch by transport: ORD-2611-000043' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispatch' }));
    expect(await within(dialog).findByText('Who carries it?')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.dispatchByTransport)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Transporter or courier' }), 'VRL Logistics');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'LR / docket number' }), 'LR-448812');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vehicle number (optional)' }), 'mh12ab4321');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Freight ₹ (optional)' }), '450');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Packages' }), '2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Weight (kg)' }), '6.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispatch' }));

    expect(await screen.findByText(`${dispatched.orderNumber} · ${dispatched.barcodeId}`)).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.dispatchByTransport).map((r) => r.body)).toEqual([
      { orderId: OUTSTATION_ORDER.orderId, transporterName: 'VRL Logistics', docketNumber: 'LR-448812', docketDate: todayIst(), vehicleNumber: 'mh12ab4321', freightPaise: 45_000, packages: 2, weightKg: 6.5 },
    ]);
    // The consignment page shows the carrier and docket, and offers the proof of delivery and Mark delivered.
    expect(screen.getByText('VRL Logistics')).toBeInTheDocument();
    expect(screen.getByText(/^LR-448812 of /)).toBeInTheDocument();
    expect(screen.getByText('₹450.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload proof of delivery')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Dispatched' })]);
  });

  it('books a pickup with packages, weight and a season boy on his vehicle, then opens the consignment', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/online-pickups');
    await userEvent.click(await screen.findByRole('button', { name: 'Book pickup for ORD-2611-000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Book pickup: ORD-2611-000042' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book pickup' }));
    expect((await within(dialog).findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Enter a number', 'Enter a number']);
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOnline)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Packages' }), '2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Weight (kg)' }), '7.5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'Fragile: syrups');
    expect(within(dialog).queryByRole('textbox', { name: 'Vehicle number' })).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Delivery boy (optional)' }), SEASON_BOY.userId);
    expect(within(dialog).getByRole('textbox', { name: 'Vehicle number' })).toHaveValue('MH12AB1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book pickup' }));

    expect(await screen.findByText('ORD-2611-000107 · MB2611000007')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOnline).map((r) => r.body)).toEqual([
      { orderId: READY_ORDER.orderId, packages: 2, weightKg: 7.5, notes: 'Fragile: syrups', assignment: { deliveryBoyUserId: SEASON_BOY.userId, vehicleNumber: 'MH12AB1234' } },
    ]);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Pickup booked' })]);
  });

  it('books without a delivery boy, and shows a refusal of the API in the dialog', async () => {
    const requests = deliveriesApi({ ...routes, [`POST ${DELIVERY_PATHS.createOnline}`]: () => failure(409, 'E0009', 'This order already has a pickup booked') });
    renderRoutes(ROUTES, 'orders/online-pickups');
    await userEvent.click(await screen.findByRole('button', { name: 'Book pickup for ORD-2611-000042' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Packages' }), '1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Weight (kg)' }), '0.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book pickup' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order already has a pickup booked');
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOnline).map((r) => r.body)).toEqual([{ orderId: READY_ORDER.orderId, packages: 1, weightKg: 0.25 }]);
  });
});

describe('offline pickups', () => {
  const booked = offlineConsignment('BOOKED', 'SEND', 60);
  const routes = {
    [`GET ${DELIVERY_PATHS.consignments}`]: ok(paged([summaryOf(offlineConsignment('ASSIGNED', 'COLLECT', 61))])),
    [`GET ${DELIVERY_PATHS.counts}`]: ok(COUNTS),
    [`GET ${DELIVERY_PATHS.markets}`]: ok(MARKETS),
    [`GET ${DELIVERY_PATHS.deliveryBoys}`]: ok(DELIVERY_BOYS),
    [`POST ${DELIVERY_PATHS.createOffline}`]: ok(booked),
    [`GET ${DELIVERY_PATHS.consignment(booked.barcodeId)}`]: ok(booked),
    [`GET ${DELIVERY_PATHS.label(booked.id)}`]: () => file('<svg/>', 'image/svg+xml'),
  };

  async function fillForm() {
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'What should the delivery boy do?' }), 'SEND');
    await userEvent.type(screen.getByRole('textbox', { name: 'Send to (name)' }), 'Om Clinic');
    await userEvent.type(screen.getByRole('textbox', { name: 'Their mobile number' }), '98111 11111');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), '22 Karve Road, Kothrud');
    await userEvent.type(screen.getByRole('textbox', { name: 'Landmark' }), 'Behind Kothrud bus depot');
    await userEvent.type(screen.getByRole('textbox', { name: 'Pincode' }), '411038');
    await userEvent.type(screen.getByRole('textbox', { name: 'Packages' }), '3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), '12');
  }

  it('lists the offline consignments and offers to book one', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/offline-pickups');
    expect(await within(await screen.findByRole('table', { name: 'Offline pickups' })).findByText('OFF-2611-000061')).toBeInTheDocument();
    expect(sent(requests, 'GET', DELIVERY_PATHS.consignments)[0]!.params).toEqual({ pageSize: 20, page: 0, kind: 'OFFLINE' });
    expect(screen.queryByRole('combobox', { name: 'Side' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Book offline pickup' }));
    expect(await screen.findByRole('form', { name: 'Offline pickup' })).toBeInTheDocument();
  });

  it('books a pickup: the market follows the pincode, the date defaults to today, and the consignment opens', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    expect(await screen.findByText(/the receiver gets the pin by SMS/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What should the delivery boy do?' }), 'COLLECT');
    expect(screen.getByText(/you get the pin to accept them/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Collect from (name)' })).toBeInTheDocument();
    await fillForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Market' })).toHaveValue(PUNE.id));
    expect(screen.getByLabelText('Pickup date')).toHaveValue(todayIst());
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    expect(await screen.findByText('OFF-2611-000060 · MB2611000060')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOffline).map((r) => r.body)).toEqual([
      {
        direction: 'SEND',
        partyName: 'Om Clinic',
        mobile: '9811111111',
        addressLine: '22 Karve Road, Kothrud',
        landmark: 'Behind Kothrud bus depot',
        pincode: '411038',
        marketId: PUNE.id,
        pickupDate: todayIst(),
        packages: 3,
        weightKg: 12,
      },
    ]);
  });

  it('keeps what was typed before the markets arrive', async () => {
    // The markets answer late (a slow network): the form is typed in meanwhile, and must not start over when they come.
    let release!: () => void;
    const marketsSent = new Promise<void>((resolve) => (release = resolve));
    installFakeApi(
      withAccount(OWNER_ACCOUNT, async (request) => {
        if (request.method === 'GET' && request.path === DELIVERY_PATHS.markets) {
          await marketsSent;
          return success(MARKETS);
        }
        return routes[`${request.method} ${request.path}` as keyof typeof routes]?.() ?? failure(404, 'E0002', 'Not found');
      }),
    );
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Send to (name)' }), 'Om Clinic');
    expect(screen.getByRole('combobox', { name: 'Market' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Market' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Send to (name)' })).toHaveValue('Om Clinic');
  });

  it('explains an outstation refusal (E0061) in a sentence and marks the pincode', async () => {
    deliveriesApi({ ...routes, [`POST ${DELIVERY_PATHS.createOffline}`]: () => failure(422, 'E0061', 'outstation deliveries/pickups not available') });
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await fillForm();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Market' }), MUMBAI.id);
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Outside the chosen market',
      'Outstation pickups are not available: pincode 411038 is outside the Mumbai market. A delivery boy only carries goods within one market; send these by courier instead.',
    ]);
  });

  it('sends the goods for the e-way bill when declared, the value in paise', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await fillForm();
    const goods = screen.getByRole('group', { name: 'Goods (for the e-way bill)' });
    expect(within(goods).queryByRole('textbox', { name: 'Document number' })).not.toBeInTheDocument();
    await userEvent.click(within(goods).getByRole('checkbox', { name: 'Declare the goods from your invoice or challan' }));
    expect(within(goods).getByRole('combobox', { name: 'Document type' })).toHaveValue('INV');
    expect(within(goods).getByLabelText('Document date')).toHaveValue(todayIst());
    await userEvent.selectOptions(within(goods).getByRole('combobox', { name: 'Document type' }), 'CHL');
    await userEvent.type(within(goods).getByRole('textbox', { name: 'Document number' }), 'DC/118');
    await userEvent.clear(within(goods).getByLabelText('Document date'));
    await userEvent.type(within(goods).getByLabelText('Document date'), '2026-11-20');
    await userEvent.type(within(goods).getByRole('textbox', { name: 'Value (₹)' }), '1,20,000.50');
    await userEvent.type(within(goods).getByRole('textbox', { name: 'HSN' }), '3004 90');
    await userEvent.type(within(goods).getByRole('textbox', { name: 'Their GSTIN (optional)' }), '27aaapo1234c1z9');
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    expect(await screen.findByText('OFF-2611-000060 · MB2611000060')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOffline).map((r) => (r.body as { goods?: unknown }).goods)).toEqual([
      { documentType: 'CHL', documentNumber: 'DC/118', documentDate: '2026-11-20', valuePaise: 12_000_050, hsn: '300490', partyGstin: '27AAAPO1234C1Z9' },
    ]);
  });

  it('checks the declared goods with the contract, and leaves them out once undeclared', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await fillForm();
    const goods = screen.getByRole('group', { name: 'Goods (for the e-way bill)' });
    await userEvent.click(within(goods).getByRole('checkbox', { name: 'Declare the goods from your invoice or challan' }));
    await userEvent.type(within(goods).getByRole('textbox', { name: 'Their GSTIN (optional)' }), 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    expect((await within(goods).findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Enter the document number',
      'Enter the value of the goods',
      'HSN is 4, 6 or 8 digits',
      'Enter a 15-character GSTIN',
    ]);
    await userEvent.type(within(goods).getByRole('textbox', { name: 'Value (₹)' }), '1.2.3');
    expect(await within(goods).findByText('Enter an amount like 1,20,000.00')).toBeInTheDocument();
    expect(await axeFindings()).toEqual([]);
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOffline)).toHaveLength(0);

    await userEvent.click(within(goods).getByRole('checkbox', { name: 'Declare the goods from your invoice or challan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    await screen.findByText('OFF-2611-000060 · MB2611000060');
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOffline).map((r) => 'goods' in (r.body as object))).toEqual([false]);
  });

  it("shows the API's field errors on their fields", async () => {
    deliveriesApi({ ...routes, [`POST ${DELIVERY_PATHS.createOffline}`]: () => failure(400, 'E0001', 'Check the highlighted fields', { pickupDate: 'The pickup date cannot be in the past' }) });
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Book pickup' }));
    expect(await screen.findByText('The pickup date cannot be in the past')).toBeInTheDocument();
    expect(screen.getByLabelText('Pickup date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the form with the contract before sending', async () => {
    const requests = deliveriesApi(routes);
    renderRoutes(ROUTES, 'orders/offline-pickups/add');
    await userEvent.click(await screen.findByRole('button', { name: 'Book pickup' }));
    expect(await screen.findByText('Whom is it for?')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(screen.getByText('Enter a 6-digit pincode')).toBeInTheDocument();
    expect(screen.getByText('Choose the market', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.createOffline)).toHaveLength(0);
  });
});
