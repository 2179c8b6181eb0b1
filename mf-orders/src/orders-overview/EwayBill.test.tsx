import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_PATHS, EWAYBILL_PATHS, type ConsignmentDetail } from 'shared-api';
import { blobText } from 'shared-auth';
import { failure, resetFakeApi, success, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { formatDateTime, getToasts } from 'shared-ui';
import {
  BUYER_ACCOUNT,
  DELIVERY_BOYS,
  axeFindings,
  consignment,
  deliveriesApi,
  ewayBill,
  ewbRequirement,
  file,
  recordDownloads,
  renderRoutes,
  sent,
  withEwayBill,
  type EwbState,
} from '../deliveries-common/testing';
import { ConsignmentPage } from './ConsignmentPage';

// The consignment page's e-way bill card (issue 34), on the route the remote mounts it at.
const ROUTES = [{ path: 'orders/orders-overview/:barcodeId', title: 'Barcode Details', crumbs: [], element: <ConsignmentPage /> }];
const open = () => renderRoutes(ROUTES, 'orders/orders-overview/MB2611000001');

const ASSIGNED = consignment('ASSIGNED', 'OWNER', 1);
const ID = ASSIGNED.id;
const needed = (state: EwbState | null) => withEwayBill(ASSIGNED, ewbRequirement(true), state ? ewayBill(state) : null);

/** The consignment's routes over a mutable detail, so a change shows after the page revalidates. */
function ewbRoutes(start: ConsignmentDetail, extra: Record<string, (r: FakeRequest) => FakeAnswer> = {}) {
  const state = { detail: start };
  const answer = (next: ConsignmentDetail) => () => {
    state.detail = next;
    return success(next);
  };
  return {
    state,
    answer,
    routes: {
      [`GET ${DELIVERY_PATHS.consignment(start.barcodeId)}`]: () => success(state.detail),
      [`GET ${DELIVERY_PATHS.deliveryBoys}`]: () => success(DELIVERY_BOYS),
      [`GET ${DELIVERY_PATHS.label(start.id)}`]: () => file('<svg/>', 'image/svg+xml'),
      ...extra,
    } as Record<string, (r: FakeRequest) => FakeAnswer>,
  };
}

const panel = () => screen.findByRole('region', { name: 'E-way bill' });
const buttonNames = (region: HTMLElement) => within(region).queryAllByRole('button').map((b) => b.textContent);

// The owner's page previews the label from an object URL (jsdom has none); the JSON download is recorded too.
let downloads: ReturnType<typeof recordDownloads>;
beforeEach(() => {
  downloads = recordDownloads();
});
afterEach(() => {
  resetFakeApi();
  downloads.restore();
});

describe('e-way bill on the consignment page', () => {
  it('shows nothing for a consignment without a goods value', async () => {
    deliveriesApi(ewbRoutes(ASSIGNED).routes);
    open();
    await screen.findByText('ORD-2611-000042 · MB2611000001');
    expect(screen.queryByRole('region', { name: 'E-way bill' })).not.toBeInTheDocument();
  });

  it('says when none is needed, with the value, the rule and its source; one may still be generated', async () => {
    deliveriesApi(ewbRoutes(withEwayBill(ASSIGNED, ewbRequirement(false))).routes);
    open();
    const card = await panel();
    expect(card).toHaveTextContent('Not needed: the goods are worth ₹30,000.00, within the ₹1,00,000.00 limit. You may still generate one.');
    expect(card).toHaveTextContent('Maharashtra: moves inside the state above ₹1,00,000 need one (source: Maharashtra GST notification (reference data row))');
    expect(within(card).queryByRole('form', { name: 'Generate e-way bill' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Generate e-way bill' }));
    expect(within(card).getByRole('form', { name: 'Generate e-way bill' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Back' }));
    expect(within(card).queryByRole('form', { name: 'Generate e-way bill' })).not.toBeInTheDocument();
  });

  it('generates a needed one with the corrected distance, then shows it', async () => {
    const { routes, answer } = ewbRoutes(needed(null));
    routes[`POST ${EWAYBILL_PATHS.generate(ID)}`] = answer(needed('ACTIVE'));
    const requests = deliveriesApi(routes);
    open();
    const card = await panel();
    expect(card).toHaveTextContent('Needed before the trip: the goods are worth ₹1,20,000.00, above the ₹1,00,000.00 limit.');
    const form = within(card).getByRole('form', { name: 'Generate e-way bill' });
    const distance = within(form).getByRole('textbox', { name: 'Distance (km)' });
    expect(distance).toHaveValue('6');
    expect(form).toHaveTextContent('Estimated 6 km by road from PIN 411037 to 411004');
    expect(form).toHaveTextContent("Part B: vehicle MH12AB1234, the delivery boy's.");

    await userEvent.clear(distance);
    await userEvent.click(within(form).getByRole('button', { name: 'Generate e-way bill' }));
    expect(await within(form).findByText('Enter a number')).toBeInTheDocument();
    expect(sent(requests, 'POST', EWAYBILL_PATHS.generate(ID))).toEqual([]);

    await userEvent.type(distance, '9');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Mode of transport' }), 'ROAD');
    await userEvent.click(within(form).getByRole('button', { name: 'Generate e-way bill' }));
    expect(await within(card).findByText('3310 0987 6543')).toBeInTheDocument();
    expect(sent(requests, 'POST', EWAYBILL_PATHS.generate(ID)).map((r) => r.body)).toEqual([{ distanceKm: 9, mode: 'ROAD' }]);
    expect(within(card).queryByRole('form', { name: 'Generate e-way bill' })).not.toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'E-way bill generated' })]);
  });

  it("shows the portal's refusal in the form", async () => {
    const { routes } = ewbRoutes(needed(null), {
      [`POST ${EWAYBILL_PATHS.generate(ID)}`]: () => failure(422, 'E0024', 'The e-way bill portal refused it: invalid recipient GSTIN'),
    });
    deliveriesApi(routes);
    open();
    const form = within(await panel()).getByRole('form', { name: 'Generate e-way bill' });
    await userEvent.click(within(form).getByRole('button', { name: 'Generate e-way bill' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The e-way bill portal refused it: invalid recipient GSTIN');
  });

  it('shows an active one: its number in groups of four, validity, Part A and Part B, and what the owner may do', async () => {
    deliveriesApi(ewbRoutes(needed('ACTIVE')).routes);
    open();
    const card = await panel();
    expect(within(card).getByText('3310 0987 6543')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Generated${formatDateTime('2026-11-22T06:10:00.000Z')}`);
    expect(card).toHaveTextContent(`Valid until${formatDateTime('2026-11-23T18:29:59.000Z')}`);
    expect(card).toHaveTextContent('Invoice INV/2611/0042 of 22/11/2026 · ₹1,20,000.00');
    expect(card).toHaveTextContent('Value₹1,20,000.00');
    expect(card).toHaveTextContent('HSN300490, 300420');
    expect(card).toHaveTextContent('PIN 411037 → PIN 411004 · 8 km');
    expect(card).toHaveTextContent('VehicleMH12AB1234ModeRoad');
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(buttonNames(card)).toEqual(['Change vehicle', 'Download JSON for the portal', 'Cancel e-way bill']);
  });

  it('shows the receiver the bill without any of its operations', async () => {
    const received = withEwayBill(consignment('IN_TRANSIT', 'RECEIVER', 1), ewbRequirement(true), ewayBill('ACTIVE'));
    deliveriesApi(ewbRoutes(received).routes, BUYER_ACCOUNT);
    open();
    const card = await panel();
    expect(within(card).getByText('3310 0987 6543')).toBeInTheDocument();
    expect(buttonNames(card)).toEqual([]);
  });

  it('says when it has no vehicle yet, so no validity', async () => {
    deliveriesApi(ewbRoutes(needed('NO_PART_B')).routes);
    open();
    const card = await panel();
    expect(card).toHaveTextContent('Valid untilStarts when Part B (the vehicle) is given');
    expect(card).toHaveTextContent('No vehicle yet');
  });

  it('warns while it lapses soon, and offers to extend it', async () => {
    deliveriesApi(ewbRoutes(needed('EXPIRING')).routes);
    open();
    const card = await panel();
    expect(within(card).getByRole('status')).toHaveTextContent(`E-way bill lapses at ${formatDateTime('2026-11-23T18:29:59.000Z')} — extend it before it does.`);
    expect(buttonNames(card)).toEqual(['Change vehicle', 'Extend', 'Download JSON for the portal', 'Cancel e-way bill']);
  });

  it('says when it has lapsed', async () => {
    deliveriesApi(ewbRoutes(needed('EXPIRED')).routes);
    open();
    const card = await panel();
    expect(within(card).getByRole('alert')).toHaveTextContent(
      `E-way bill lapsed at ${formatDateTime('2026-11-23T18:29:59.000Z')}: the goods may not move on it until it is extended. The portal extends it until 8 hours after it lapsed; after that the goods need a new document (a delivery challan) with its own e-way bill.`,
    );
    expect(within(card).getByText('Lapsed')).toBeInTheDocument();
    expect(buttonNames(card)).toEqual(['Change vehicle', 'Extend', 'Download JSON for the portal', 'Cancel e-way bill']);
  });

  it('shows a cancelled one with its reason, and offers a new one', async () => {
    deliveriesApi(ewbRoutes(needed('CANCELLED')).routes);
    open();
    const card = await panel();
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
    expect(card).toHaveTextContent(`E-way bill 3310 0987 6543 was cancelled on ${formatDateTime('2026-11-22T07:00:00.000Z')}: Data entry mistake (Wrong invoice value).`);
    expect(card).not.toHaveTextContent('Part A');
    expect(within(card).getByRole('form', { name: 'Generate e-way bill' })).toBeInTheDocument();
  });

  it('changes the vehicle: checked by the contract, then sent', async () => {
    const { routes, answer } = ewbRoutes(needed('ACTIVE'));
    const moved = withEwayBill(ASSIGNED, ewbRequirement(true), ewayBill('ACTIVE', { partB: { vehicleNumber: 'MH14CD5678', mode: 'ROAD', updatedAt: '2026-11-22T09:00:00.000Z' } }));
    routes[`POST ${EWAYBILL_PATHS.vehicle(ID)}`] = answer(moved);
    const requests = deliveriesApi(routes);
    open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Change vehicle' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the vehicle' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change vehicle' }));
    expect((await within(dialog).findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Enter a valid vehicle number, like MH12AB1234', 'Choose why the vehicle changes']);
    expect(sent(requests, 'POST', EWAYBILL_PATHS.vehicle(ID))).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vehicle number' }), 'mh14cd5678');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Why it changes' }), '1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark (optional)' }), 'Puncture');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', EWAYBILL_PATHS.vehicle(ID)).map((r) => r.body)).toEqual([{ vehicleNumber: 'MH14CD5678', mode: 'ROAD', reasonCode: '1', remark: 'Puncture' }]);
    expect(await within(await panel()).findByText('MH14CD5678')).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Vehicle changed', message: 'The e-way bill of MB2611000001 now names MH14CD5678.' })]);
  });

  it('cancels it only with a reason and a remark', async () => {
    const { routes, answer } = ewbRoutes(needed('ACTIVE'));
    routes[`POST ${EWAYBILL_PATHS.cancel(ID)}`] = answer(needed('CANCELLED'));
    const requests = deliveriesApi(routes);
    open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Cancel e-way bill' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the e-way bill?' });
    expect(dialog).toHaveTextContent(`The portal allows it until ${formatDateTime('2026-11-23T06:10:00.000Z')}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel e-way bill' }));
    expect((await within(dialog).findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Choose the reason for cancelling', 'Say why it is cancelled']);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), '2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Buyer cancelled the order');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel e-way bill' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', EWAYBILL_PATHS.cancel(ID)).map((r) => r.body)).toEqual([{ reasonCode: '2', remark: 'Buyer cancelled the order' }]);
    expect(await within(await panel()).findByText('Cancelled')).toBeInTheDocument();
  });

  it('extends it from where the goods are, with the distance still to go', async () => {
    const { routes, answer } = ewbRoutes(needed('EXPIRING'));
    routes[`POST ${EWAYBILL_PATHS.extend(ID)}`] = answer(needed('ACTIVE'));
    const requests = deliveriesApi(routes);
    open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Extend' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend the e-way bill' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await within(dialog).findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Choose why it needs more time', 'Say why', 'Enter a 6-digit pincode', 'Enter a number']);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Why it needs more time' }), '4');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Transhipment at Hadapsar');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Pincode where the goods are now' }), '411028');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Distance still to go (km)' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', EWAYBILL_PATHS.extend(ID)).map((r) => r.body)).toEqual([{ reasonCode: '4', remark: 'Transhipment at Hadapsar', fromPincode: '411028', remainingKm: 5 }]);
    await waitFor(async () => expect(within(await panel()).queryByRole('status')).not.toBeInTheDocument());
  });

  it("downloads the portal's bulk JSON with the session's token, as a file", async () => {
    const json = '{"version":"1.0.0621","billLists":[]}';
    const { routes } = ewbRoutes(needed('ACTIVE'), { [`GET ${EWAYBILL_PATHS.bulkJson(ID)}`]: () => file(json, 'application/json') });
    const requests = deliveriesApi(routes);
    open();
    await userEvent.click(within(await panel()).getByRole('button', { name: 'Download JSON for the portal' }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['eway-bill-MB2611000001.json']));
    expect(await blobText(downloads.files[0]!.blob)).toBe(json);
    expect(sent(requests, 'GET', EWAYBILL_PATHS.bulkJson(ID))).toHaveLength(1);
  });

  it('offers the JSON before any bill too, to generate it on the portal by hand; says why it could not be had', async () => {
    const { routes } = ewbRoutes(needed(null), { [`GET ${EWAYBILL_PATHS.bulkJson(ID)}`]: () => failure(409, 'E0013', 'An e-way bill cannot be made before the invoice') });
    deliveriesApi(routes);
    open();
    const card = await panel();
    expect(card).toHaveTextContent('Generating it on the portal yourself? Upload this file there:');
    await userEvent.click(within(card).getByRole('button', { name: 'Download JSON for the portal' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'The JSON could not be downloaded', message: 'An e-way bill cannot be made before the invoice' })]));
    expect(downloads.files).toEqual([]);
  });

  it('is axe-clean in each state, with a dialog open', async () => {
    for (const state of [null, 'ACTIVE', 'EXPIRING', 'EXPIRED', 'CANCELLED'] as const) {
      deliveriesApi(ewbRoutes(needed(state)).routes);
      const { unmount } = open();
      await panel();
      expect({ state, findings: await axeFindings() }).toEqual({ state, findings: [] });
      if (state === 'EXPIRING') {
        await userEvent.click(within(await panel()).getByRole('button', { name: 'Extend' }));
        await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Extend' }));
        await within(screen.getByRole('dialog')).findAllByRole('alert');
        expect({ dialog: true, findings: await axeFindings() }).toEqual({ dialog: true, findings: [] });
      }
      unmount();
      resetFakeApi();
    }
  });
});
