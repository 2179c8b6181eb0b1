import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_PATHS, DELIVERY_PIN_MAX_TRIES, EWAYBILL_PATHS, PROOF_IMAGE_MAX_BYTES, type ConsignmentDetail, type ConsignmentStatus } from 'shared-api';
import { OWNER_ACCOUNT, failure, resetFakeApi, success, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';
import { formatDateTime, getToasts } from 'shared-ui';
import {
  SEASON_BOY_ACCOUNT,
  axeFindings,
  consignment,
  deliveriesApi,
  ewayBill,
  ewbRequirement,
  renderRoutes,
  sent,
  summaryOf,
  uuid,
  withEwayBill,
} from '../deliveries-common/testing';
import { MY_DELIVERIES_ACCESS, MY_DELIVERIES_REFRESH_MS, MyDeliveriesPage } from './MyDeliveriesPage';
import { LOCATION_CONSENT_KEY, REPORT_EVERY_MS } from './position';

// The lead routes the page at orders/my-deliveries; the test mounts the same route.
const ROUTES = [{ path: 'orders/my-deliveries', title: 'My Deliveries', crumbs: [], element: <MyDeliveriesPage />, access: MY_DELIVERIES_ACCESS }];
const open = () => renderRoutes(ROUTES, 'orders/my-deliveries');

const PIN = '4821';
const FINISHED: ConsignmentStatus[] = ['DELIVERED', 'RETURNED', 'CANCELLED'];

/**
 * The delivery boy's side of the API over mutable consignments (n → status): status moves, the pin with its tries
 * and lock (the API's messages), photos, rings and positions, as api/src/modules/deliveries answers them.
 */
function boyApi(start: Record<number, ConsignmentStatus>, extra: Record<string, (r: FakeRequest) => FakeAnswer> = {}, dress: (c: ConsignmentDetail) => ConsignmentDetail = (c) => c) {
  const statuses = new Map(Object.entries(start).map(([n, s]) => [Number(n), s]));
  const tries = new Map<number, number>();
  const photos = new Map<number, ConsignmentDetail['proof']>();
  // `dress` adds what a test needs on top, e.g. an e-way bill (issue 34).
  const detail = (n: number) => dress(consignment(statuses.get(n)!, 'ASSIGNEE', n, { proof: photos.get(n) ?? [] }));
  const routes: Record<string, (r: FakeRequest) => FakeAnswer> = {
    [`GET ${DELIVERY_PATHS.myDeliveries}`]: () => {
      const all = [...statuses.keys()].map(detail);
      return success({ active: all.filter((c) => !FINISHED.includes(c.status)), finishedToday: all.filter((c) => FINISHED.includes(c.status)).map(summaryOf) });
    },
  };
  for (const n of statuses.keys()) {
    const id = consignment('BOOKED', 'ASSIGNEE', n).id;
    routes[`POST ${DELIVERY_PATHS.status(id)}`] = (r) => {
      statuses.set(n, (r.body as { status: ConsignmentStatus }).status);
      return success(detail(n));
    };
    routes[`POST ${DELIVERY_PATHS.deliver(id)}`] = (r) => {
      const used = tries.get(n) ?? 0;
      if (used >= DELIVERY_PIN_MAX_TRIES) return failure(429, 'E0004', 'Locked after 5 wrong pins: ask the receiver for a new pin');
      if ((r.body as { pin: string }).pin !== PIN) {
        tries.set(n, used + 1);
        if (used + 1 >= DELIVERY_PIN_MAX_TRIES) return failure(429, 'E0004', 'Wrong pin 5 times: locked until the receiver issues a new pin');
        const left = DELIVERY_PIN_MAX_TRIES - used - 1;
        return failure(400, 'E0003', `Wrong pin: ${left} tries left`, { pin: `Wrong pin: ${left} ${left === 1 ? 'try' : 'tries'} left` });
      }
      statuses.set(n, 'DELIVERED');
      return success(detail(n));
    };
    routes[`POST ${DELIVERY_PATHS.addImage(id)}`] = (r) => {
      const image = { id: uuid(400 + (photos.get(n)?.length ?? 0)), kind: (r.body as { kind: 'PARCEL' | 'SIGNATURE' }).kind, mimeType: 'image/jpeg', uploadedAt: '2026-11-22T08:00:00.000Z', uploadedBy: 'Vijay Patil' };
      photos.set(n, [...(photos.get(n) ?? []), image]);
      return success(image);
    };
    routes[`POST ${DELIVERY_PATHS.ring(id)}`] = () => success(null);
    routes[`POST ${DELIVERY_PATHS.position(id)}`] = () => (statuses.get(n) === 'IN_TRANSIT' ? success(null) : failure(409, 'E0013', 'Not in transit'));
  }
  return deliveriesApi({ ...routes, ...extra }, SEASON_BOY_ACCOUNT);
}

const idOf = (n: number) => consignment('BOOKED', 'ASSIGNEE', n).id;
const barcodeOf = (n: number) => consignment('BOOKED', 'ASSIGNEE', n).barcodeId;
const card = (n: number) => screen.findByRole('region', { name: `Consignment ${barcodeOf(n)}` });
const buttonNames = (region: HTMLElement) => within(region).queryAllByRole('button').map((b) => b.textContent);

afterEach(() => {
  resetFakeApi();
  window.sessionStorage.clear();
  jest.useRealTimers();
});

describe('my deliveries', () => {
  it('shows each active consignment with both addresses, landmarks, call links, packages and weight; finished ones below', async () => {
    boyApi({ 1: 'ASSIGNED', 2: 'DELIVERED' });
    open();
    const c = await card(1);
    expect(within(c).getByText('Assigned')).toBeInTheDocument();
    expect(within(c).getByText('Landmark: Near APMC gate 2')).toBeInTheDocument();
    expect(within(c).getByText('Landmark: Opposite Goodluck Cafe')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'Call Agarwal Pharma Distributors on +91 98000 00001' })).toHaveAttribute('href', 'tel:+919800000001');
    expect(within(c).getByRole('link', { name: 'Call Sharma Medical Stores on +91 98000 00002' })).toHaveAttribute('href', 'tel:+919800000002');
    expect(within(c).getByText(/2 packages · 7\.5 kg · 3 items · MH12AB1234/)).toBeInTheDocument();
    expect(within(c).getByText('Notes: Fragile: syrups')).toBeInTheDocument();

    const finished = screen.getByRole('region', { name: 'Finished today' });
    expect(within(finished).getByText(barcodeOf(2))).toBeInTheDocument();
    expect(within(finished).getByText('Delivered')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: `Consignment ${barcodeOf(2)}` })).not.toBeInTheDocument();
  });

  it('offers exactly the buttons the API allows in each status', async () => {
    boyApi({ 1: 'ASSIGNED', 2: 'COLLECTED', 3: 'IN_TRANSIT', 4: 'FAILED' });
    open();
    expect(buttonNames(await card(1))).toEqual(['Collect', 'Add photo', 'Ring receiver', 'Ring seller']);
    expect(buttonNames(await card(2))).toEqual(['Start trip', 'Add photo', 'Ring receiver', 'Ring seller']);
    expect(buttonNames(await card(3))).toEqual(['Deliver', 'Add photo', 'Ring receiver', 'Ring seller', 'Failed']);
    expect(buttonNames(await card(4))).toEqual(['Start trip again', 'Add photo', 'Ring receiver', 'Ring seller', 'Returned']);
  });

  it('collects, then starts the trip, each with the status body, and shows the next step', async () => {
    const requests = boyApi({ 1: 'ASSIGNED' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Collect' }));
    await userEvent.click(await within(await card(1)).findByRole('button', { name: 'Start trip' }));
    expect(await within(await card(1)).findByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.status(idOf(1))).map((r) => r.body)).toEqual([{ status: 'COLLECTED' }, { status: 'IN_TRANSIT' }]);
    expect(getToasts().map((t) => t.title)).toEqual(['Collected', 'Trip started']);
  });

  it('delivers with the pin: digits only, 4 of them, wrong pins show the tries left, the right one delivers', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Deliver' }));
    const pin = screen.getByLabelText("Receiver's pin");
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(pin, '4a8');
    expect(pin).toHaveValue('48');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(screen.getByText('The pin is 4 digits')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.deliver(idOf(1)))).toEqual([]);

    await userEvent.type(pin, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText('Wrong pin: 4 tries left')).toBeInTheDocument();

    await userEvent.clear(pin);
    await userEvent.type(pin, PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: `Consignment ${barcodeOf(1)}` })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Finished today' })).getByText(barcodeOf(1))).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.deliver(idOf(1))).map((r) => r.body)).toEqual([{ pin: '4899' }, { pin: PIN }]);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Delivered' })]);
  });

  it('says when a pin cannot prove the hand-over, and marks it delivered without one', async () => {
    let delivered = false;
    const unproven = () => consignment(delivered ? 'DELIVERED' : 'IN_TRANSIT', 'ASSIGNEE', 1, { pinCannotProve: true });
    const requests = boyApi(
      { 1: 'IN_TRANSIT' },
      {
        [`GET ${DELIVERY_PATHS.myDeliveries}`]: () => success({ active: delivered ? [] : [unproven()], finishedToday: delivered ? [summaryOf(unproven())] : [] }),
        [`POST ${DELIVERY_PATHS.deliver(idOf(1))}`]: () => {
          delivered = true;
          return success(unproven());
        },
      },
    );
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Deliver' }));
    expect(screen.getByRole('note')).toHaveTextContent('A pin cannot prove this hand-over: no one but you could receive it.');
    expect(screen.getByRole('note')).toHaveTextContent('recorded as not pin-proven');
    expect(screen.queryByLabelText("Receiver's pin")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered without a pin' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: `Consignment ${barcodeOf(1)}` })).not.toBeInTheDocument());
    expect(sent(requests, 'POST', DELIVERY_PATHS.deliver(idOf(1))).map((r) => r.body)).toEqual([{}]);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Delivered', message: `${barcodeOf(1)} to Sharma Medical Stores, recorded as not pin-proven.` })]);
  });

  it('says to ask the receiver for a new pin once the pin locks', async () => {
    boyApi({ 1: 'IN_TRANSIT' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Deliver' }));
    const pin = screen.getByLabelText("Receiver's pin");
    for (let i = 0; i < DELIVERY_PIN_MAX_TRIES; i++) {
      await userEvent.clear(pin);
      await userEvent.type(pin, '0000');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm delivery' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm delivery' })).toBeEnabled());
    }
    expect(screen.getByRole('alert')).toHaveTextContent('the pin is locked. Ask the receiver for a new pin');
    expect(screen.queryByText(/tries left/)).not.toBeInTheDocument();
  });

  it('marks a delivery failed only with a reason', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Failed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    expect(screen.getByText('Say why')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Why did the delivery fail?'), '  Shop closed ');
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    expect(await within(await card(1)).findByText('Delivery failed')).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.status(idOf(1))).map((r) => r.body)).toEqual([{ status: 'FAILED', reason: 'Shop closed' }]);
    expect(within(await card(1)).getByRole('button', { name: 'Returned' })).toBeInTheDocument();
  });

  it('marks failed goods returned with a reason', async () => {
    const requests = boyApi({ 1: 'FAILED' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Returned' }));
    await userEvent.type(screen.getByLabelText('Why are the goods going back?'), 'Buyer refused');
    await userEvent.click(screen.getByRole('button', { name: 'Mark returned' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: `Consignment ${barcodeOf(1)}` })).not.toBeInTheDocument());
    expect(sent(requests, 'POST', DELIVERY_PATHS.status(idOf(1))).map((r) => r.body)).toEqual([{ status: 'RETURNED', reason: 'Buyer refused' }]);
  });

  it('adds a photo from the camera as base64 with its kind, and refuses one over the size limit without sending it', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Add photo' }));
    const input = screen.getByLabelText('Take or choose a photo');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(screen.getByText(/over 2 MB is made smaller before it is sent; 0 of 8 photos added/)).toBeInTheDocument();

    await userEvent.upload(input, new File([new Uint8Array(PROOF_IMAGE_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the limit is 2 MB');
    expect(sent(requests, 'POST', DELIVERY_PATHS.addImage(idOf(1)))).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Photo of'), 'SIGNATURE');
    await userEvent.upload(input, new File(['signed by Suresh'], 'sign.png', { type: 'image/png' }));
    expect(await screen.findByText(/1 of 8 photos added/)).toBeInTheDocument();
    expect(sent(requests, 'POST', DELIVERY_PATHS.addImage(idOf(1))).map((r) => r.body)).toEqual([
      { kind: 'SIGNATURE', mimeType: 'image/png', contentBase64: Buffer.from('signed by Suresh').toString('base64') },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(await card(1)).getByText('1 photo added')).toBeInTheDocument();
  });

  it('rings the receiver and the seller', async () => {
    const requests = boyApi({ 1: 'COLLECTED' });
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Ring receiver' }));
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Ring seller' }));
    await waitFor(() => expect(sent(requests, 'POST', DELIVERY_PATHS.ring(idOf(1))).map((r) => r.body)).toEqual([{ whom: 'RECEIVER' }, { whom: 'SENDER' }]));
    expect(getToasts().map((t) => t.title)).toEqual(['Ringing the receiver', 'Ringing the seller']);
  });

  it('shows a new assignment within a minute without a reload', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let day = { active: [consignment('ASSIGNED', 'ASSIGNEE', 1)], finishedToday: [] as unknown[] };
    boyApi({ 1: 'ASSIGNED' }, { [`GET ${DELIVERY_PATHS.myDeliveries}`]: () => success(day) });
    open();
    await card(1);
    day = { ...day, active: [...day.active, consignment('ASSIGNED', 'ASSIGNEE', 7)] };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(MY_DELIVERIES_REFRESH_MS);
    });
    expect(await card(7)).toBeInTheDocument();
  });

  it('says when there is nothing to carry', async () => {
    boyApi({});
    open();
    expect(await screen.findByText('Nothing to deliver right now')).toBeInTheDocument();
    expect(screen.getByText('Nothing finished yet today.')).toBeInTheDocument();
  });
});

describe('my deliveries: e-way bills', () => {
  const VALID_UNTIL = formatDateTime('2026-11-23T18:29:59.000Z');
  const TRIP_NEEDS = 'E-way bill needed before the trip: ask the sender to generate it';

  it('shows the bill and its validity on each card, warns when it lapses soon, and offers change vehicle and extend', async () => {
    boyApi({ 1: 'IN_TRANSIT', 2: 'COLLECTED' }, {}, (c) => withEwayBill(c, ewbRequirement(true), ewayBill(c.status === 'IN_TRANSIT' ? 'EXPIRING' : 'ACTIVE')));
    open();
    const lapsing = await card(1);
    expect(lapsing).toHaveTextContent(`E-way bill 3310 0987 6543 · valid until ${VALID_UNTIL}`);
    expect(within(lapsing).getByRole('status')).toHaveTextContent(`E-way bill lapses at ${VALID_UNTIL} — extend it before it does.`);
    expect(buttonNames(lapsing)).toEqual(['Deliver', 'Add photo', 'Ring receiver', 'Ring seller', 'Change vehicle', 'Extend e-way bill', 'Failed']);

    const fine = await card(2);
    expect(fine).toHaveTextContent(`E-way bill 3310 0987 6543 · valid until ${VALID_UNTIL}`);
    expect(within(fine).queryByRole('status')).not.toBeInTheDocument();
    expect(buttonNames(fine)).toEqual(['Start trip', 'Add photo', 'Ring receiver', 'Ring seller', 'Change vehicle']);
    expect(within(fine).getByRole('button', { name: 'Start trip' })).toBeEnabled();
    expect(within(fine).queryByText(TRIP_NEEDS)).not.toBeInTheDocument();
  });

  it('says when it has lapsed', async () => {
    boyApi({ 1: 'IN_TRANSIT' }, {}, (c) => withEwayBill(c, ewbRequirement(true), ewayBill('EXPIRED')));
    open();
    expect(within(await card(1)).getByRole('alert')).toHaveTextContent(`E-way bill lapsed at ${VALID_UNTIL}`);
    expect(buttonNames(await card(1))).toContain('Extend e-way bill');
  });

  it('changes the vehicle on the bill from the card', async () => {
    let bill = ewayBill('ACTIVE');
    const requests = boyApi(
      { 1: 'IN_TRANSIT' },
      {
        [`POST ${EWAYBILL_PATHS.vehicle(idOf(1))}`]: (r) => {
          bill = { ...bill, partB: { vehicleNumber: (r.body as { vehicleNumber: string }).vehicleNumber, mode: 'ROAD', updatedAt: '2026-11-22T09:00:00.000Z' } };
          return success(withEwayBill(consignment('IN_TRANSIT', 'ASSIGNEE', 1), ewbRequirement(true), bill));
        },
      },
      (c) => withEwayBill(c, ewbRequirement(true), bill),
    );
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Change vehicle' }));
    const form = screen.getByRole('form', { name: 'Change vehicle' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Vehicle number' }), 'mh14cd5678');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Why it changes' }), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change vehicle' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change vehicle' })).not.toBeInTheDocument());
    expect(sent(requests, 'POST', EWAYBILL_PATHS.vehicle(idOf(1))).map((r) => r.body)).toEqual([{ vehicleNumber: 'MH14CD5678', mode: 'ROAD', reasonCode: '1', remark: '' }]);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'success', title: 'Vehicle changed' })]);
  });

  it('extends a lapsing bill from where the goods are', async () => {
    let bill = ewayBill('EXPIRING');
    const requests = boyApi(
      { 1: 'IN_TRANSIT' },
      {
        [`POST ${EWAYBILL_PATHS.extend(idOf(1))}`]: () => {
          bill = ewayBill('ACTIVE', { validUntil: '2026-11-24T18:29:59.000Z', extensions: 1 });
          return success(withEwayBill(consignment('IN_TRANSIT', 'ASSIGNEE', 1), ewbRequirement(true), bill));
        },
      },
      (c) => withEwayBill(c, ewbRequirement(true), bill),
    );
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Extend e-way bill' }));
    const form = screen.getByRole('form', { name: 'Extend e-way bill' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Why it needs more time' }), '5');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Remark' }), 'Accident on the ghat road');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Pincode where the goods are now' }), '412108');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Distance still to go (km)' }), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Extend' }));
    expect(await within(await card(1)).findByText(new RegExp(`valid until ${formatDateTime('2026-11-24T18:29:59.000Z')}`))).toBeInTheDocument();
    expect(within(await card(1)).queryByRole('status')).not.toBeInTheDocument();
    expect(sent(requests, 'POST', EWAYBILL_PATHS.extend(idOf(1))).map((r) => r.body)).toEqual([{ reasonCode: '5', remark: 'Accident on the ghat road', fromPincode: '412108', remainingKm: 12 }]);
  });

  it('explains why the trip cannot start: no live bill, no vehicle on it, or lapsed', async () => {
    const bills = { 1: null, 2: ewayBill('CANCELLED'), 3: ewayBill('NO_PART_B'), 4: ewayBill('EXPIRED') };
    const requests = boyApi({ 1: 'COLLECTED', 2: 'COLLECTED', 3: 'COLLECTED', 4: 'COLLECTED' }, {}, (c) => withEwayBill(c, ewbRequirement(true), bills[Number(c.barcodeId.slice(-2)) as 1 | 2 | 3 | 4]));
    open();
    const reasons = {
      1: TRIP_NEEDS,
      2: TRIP_NEEDS,
      3: 'The e-way bill has no vehicle yet: add it with Change vehicle before the trip',
      4: 'The e-way bill has lapsed: extend it before the trip',
    };
    for (const n of [1, 2, 3, 4] as const) {
      const start = within(await card(n)).getByRole('button', { name: 'Start trip' });
      expect(start).toBeDisabled();
      expect(start).toHaveAccessibleDescription(reasons[n]);
    }
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Start trip' }));
    expect(sent(requests, 'POST', DELIVERY_PATHS.status(idOf(1)))).toEqual([]);
  });

  it("shows the server's E0023 when it refuses the trip anyway, and then why", async () => {
    const refusal = 'An e-way bill is needed before the goods move: they are worth ₹1,20,000.00, above the ₹1,00,000.00 limit';
    let known = false;
    boyApi(
      { 1: 'COLLECTED' },
      {
        [`POST ${DELIVERY_PATHS.status(idOf(1))}`]: () => {
          known = true;
          return failure(409, 'E0023', refusal);
        },
      },
      (c) => (known ? withEwayBill(c, ewbRequirement(true), null) : c),
    );
    open();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Start trip' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'Could not start the trip', message: refusal })]));
    expect(await within(await card(1)).findByText(TRIP_NEEDS)).toBeInTheDocument();
    expect(within(await card(1)).getByRole('button', { name: 'Start trip' })).toBeDisabled();
  });

  it('is axe-clean with the warning, the explanation and a form open', async () => {
    boyApi({ 1: 'IN_TRANSIT', 2: 'COLLECTED' }, {}, (c) => (c.status === 'IN_TRANSIT' ? withEwayBill(c, ewbRequirement(true), ewayBill('EXPIRING')) : withEwayBill(c, ewbRequirement(true), null)));
    open();
    await card(2);
    expect(await axeFindings()).toEqual([]);
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Extend e-way bill' }));
    await userEvent.click(within(screen.getByRole('form', { name: 'Extend e-way bill' })).getByRole('button', { name: 'Extend' }));
    expect(await axeFindings()).toEqual([]);
  });
});

describe('my deliveries: sharing the position', () => {
  type Success = (position: { coords: Partial<GeolocationCoordinates> }) => void;
  type Failure = (error: { code: number }) => void;
  let watches: { success: Success; failure: Failure; cleared: boolean }[];
  const geolocation = {
    watchPosition: jest.fn((success: Success, failure: Failure) => watches.push({ success, failure, cleared: false }) - 1),
    clearWatch: jest.fn((id: number) => {
      watches[id]!.cleared = true;
    }),
  };
  const live = () => watches.filter((w) => !w.cleared);
  /** A fix from the browser at a given clock time (the throttle reads Date.now). */
  function fix(at: number, latitude = 18.5, longitude = 73.86, accuracy = 12) {
    const now = jest.spyOn(Date, 'now').mockReturnValue(at);
    act(() => {
      for (const w of live()) w.success({ coords: { latitude, longitude, accuracy } });
    });
    now.mockRestore();
  }
  const consent = () => userEvent.click(screen.getByRole('checkbox', { name: 'Share my location while a delivery is in transit' }));

  beforeEach(() => {
    watches = [];
    geolocation.watchPosition.mockClear();
    geolocation.clearWatch.mockClear();
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('does not watch the position without consent, even in transit', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    open();
    await card(1);
    expect(screen.getByRole('checkbox', { name: 'Share my location while a delivery is in transit' })).not.toBeChecked();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.path === DELIVERY_PATHS.position(idOf(1)))).toEqual([]);
  });

  it('with consent, reports the in-transit consignment at most every 30 s, and remembers the consent for the tab', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT', 2: 'ASSIGNED' });
    open();
    await card(1);
    await consent();
    expect(window.sessionStorage.getItem(LOCATION_CONSENT_KEY)).toBe('yes');
    expect(live()).toHaveLength(1);
    expect(screen.getByText(/Sharing now\./)).toBeInTheDocument();

    fix(1_000_000, 18.5, 73.86, 12);
    fix(1_000_000 + REPORT_EVERY_MS - 1, 18.51, 73.87);
    fix(1_000_000 + REPORT_EVERY_MS, 18.52, 73.88, 250_000);
    await waitFor(() => expect(sent(requests, 'POST', DELIVERY_PATHS.position(idOf(1)))).toHaveLength(2));
    expect(sent(requests, 'POST', DELIVERY_PATHS.position(idOf(1))).map((r) => r.body)).toEqual([
      { latitude: 18.5, longitude: 73.86, accuracyM: 12 },
      // The contract caps the accuracy at 100 km.
      { latitude: 18.52, longitude: 73.88, accuracyM: 100_000 },
    ]);
    // The assigned one is not on the road yet: its position is nobody's business.
    expect(sent(requests, 'POST', DELIVERY_PATHS.position(idOf(2)))).toEqual([]);
  });

  it('starts with the remembered consent, and stops watching once the consignment is delivered', async () => {
    window.sessionStorage.setItem(LOCATION_CONSENT_KEY, 'yes');
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    open();
    await card(1);
    expect(screen.getByRole('checkbox', { name: 'Share my location while a delivery is in transit' })).toBeChecked();
    await waitFor(() => expect(live()).toHaveLength(1));
    fix(2_000_000);
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Deliver' }));
    await userEvent.type(screen.getByLabelText("Receiver's pin"), PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(live()).toHaveLength(0));
    expect(geolocation.clearWatch).toHaveBeenCalledTimes(1);
    expect(sent(requests, 'POST', DELIVERY_PATHS.position(idOf(1)))).toHaveLength(1);
  });

  it('does not watch while nothing is in transit, and starts when a trip starts', async () => {
    window.sessionStorage.setItem(LOCATION_CONSENT_KEY, 'yes');
    boyApi({ 1: 'COLLECTED' });
    open();
    await card(1);
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
    await userEvent.click(within(await card(1)).getByRole('button', { name: 'Start trip' }));
    await waitFor(() => expect(live()).toHaveLength(1));
  });

  it('stops when consent is withdrawn, and when the page unmounts', async () => {
    const requests = boyApi({ 1: 'IN_TRANSIT' });
    const { unmount } = open();
    await card(1);
    await consent();
    expect(live()).toHaveLength(1);
    await consent();
    expect(live()).toHaveLength(0);
    expect(window.sessionStorage.getItem(LOCATION_CONSENT_KEY)).toBeNull();
    fix(3_000_000);
    expect(sent(requests, 'POST', DELIVERY_PATHS.position(idOf(1)))).toEqual([]);

    await consent();
    expect(live()).toHaveLength(1);
    unmount();
    expect(live()).toHaveLength(0);
  });

  it('says once, quietly, that the browser refused, and stops asking', async () => {
    boyApi({ 1: 'IN_TRANSIT' });
    open();
    await card(1);
    await consent();
    act(() => live()[0]!.failure({ code: 1 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Location is blocked for this site in your browser');
    expect(live()).toHaveLength(0);
    expect(geolocation.watchPosition).toHaveBeenCalledTimes(1);
    expect(getToasts()).toEqual([]);
  });
});

describe('my deliveries: who may open it', () => {
  it('is for season boys and delivery staff employees only', () => {
    expect(MY_DELIVERIES_ACCESS.allow(SEASON_BOY_ACCOUNT)).toBe(true);
    expect(MY_DELIVERIES_ACCESS.allow({ ...OWNER_ACCOUNT, role: 'EMPLOYEE', deliveryStaff: true })).toBe(true);
    expect(MY_DELIVERIES_ACCESS.allow({ ...OWNER_ACCOUNT, role: 'EMPLOYEE', deliveryStaff: false })).toBe(false);
    expect(MY_DELIVERIES_ACCESS.allow(OWNER_ACCOUNT)).toBe(false);
  });

  it('tells anyone else it is not for them, without asking for deliveries', async () => {
    const requests = deliveriesApi({});
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('My Deliveries is for delivery boys');
    expect(requests.filter((r) => r.path === DELIVERY_PATHS.myDeliveries)).toEqual([]);
  });
});
