import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTIONS_PATHS, type NearbyTrader, type NearbyTraderList } from 'shared-api';
import { apiClient } from 'shared-auth';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const trader = (unitCode: string, tradeName: string, city: string, distanceKm: number): NearbyTrader => ({
  unitCode,
  tradeName,
  customerType: 'STOCKIST',
  city,
  distanceKm,
  connection: null,
  canConnect: true,
});
const page = (origin: string, items: NearbyTrader[]): NearbyTraderList => ({ origin, radiusKm: 50, items, totalResults: items.length, page: 0, pageSize: 10 });

/** The query parameters of every nearby search, in order (the fake API sees paths only; axios keeps params apart). */
function recordNearbyQueries() {
  const queries: Record<string, unknown>[] = [];
  const id = apiClient.interceptors.request.use((config) => {
    if (config.url === CONNECTIONS_PATHS.nearby) queries.push({ ...(config.params as Record<string, unknown>) });
    return config;
  });
  return { queries, stop: () => apiClient.interceptors.request.eject(id) };
}

/** A retailer's API: around its Andheri shop, or around a pincode the dataset knows (411001) or not (anything else). */
function retailerApi(queries: Record<string, unknown>[]) {
  installFakeApi(
    withAccount({ ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001' }, (request) => {
      if (request.path !== CONNECTIONS_PATHS.nearby) return success({ items: [], totalResults: 0, page: 0, pageSize: 20 });
      const pincode = queries.at(-1)?.pincode;
      if (pincode === undefined) return success(page('Andheri Shop', [trader('STK-THN-001', 'Thane Pharma Distributors', 'Thane', 12.3)]));
      if (pincode === '411001') {
        return success({ ...page('Pune G.P.O., Pune 411001', [trader('STK-PUN-001', 'Agarwal Pharma Distributors', 'Pune', 2.8)]), originPincode: '411001' });
      }
      return failure(422, 'E0035', `geolocation data unavailable: pincode ${String(pincode)} is not in our list`, {
        pincode: 'This pincode is not in our list yet: try a nearby head office pincode, or leave it empty',
      });
    }),
  );
}

describe('nearby search: "Near pincode"', () => {
  let recorder: ReturnType<typeof recordNearbyQueries>;
  beforeEach(() => {
    recorder = recordNearbyQueries();
    retailerApi(recorder.queries);
  });
  afterEach(() => {
    recorder.stop();
    resetFakeApi();
  });

  async function openNearby() {
    renderAt('/app', 'customers/stockists', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Find stockists near you' }));
    expect(await screen.findByText('Verified stockists within 50 km of Andheri Shop, nearest first.')).toBeInTheDocument();
    return screen.getByRole('textbox', { name: 'Near pincode' });
  }

  it('is optional: empty searches around the active warehouse, a whole pincode searches around its post office', async () => {
    const field = await openNearby();
    expect(recorder.queries.every((q) => !('pincode' in q) || q.pincode === undefined)).toBe(true);
    expect(screen.getByText('Optional: leave empty to search around your active warehouse')).toBeInTheDocument();

    await userEvent.type(field, '41100');
    // Half a pincode sends nothing new.
    expect(recorder.queries.filter((q) => q.pincode !== undefined)).toEqual([]);
    await userEvent.type(field, '1');
    expect(await screen.findByText('Verified stockists within 50 km of Pune G.P.O., Pune 411001, nearest first.')).toBeInTheDocument();
    const row = (await screen.findByText('Agarwal Pharma Distributors')).closest('tr')!;
    expect(row).toHaveTextContent('2.8 km');
    expect(recorder.queries.at(-1)).toMatchObject({ type: 'STOCKIST', radiusKm: 50, pincode: '411001', page: 0 });

    await userEvent.clear(field);
    expect(await screen.findByText('Verified stockists within 50 km of Andheri Shop, nearest first.')).toBeInTheDocument();
    // (answered from SWR's cache of the first search, so no new request needs to be made)
    expect(await screen.findByText('Thane Pharma Distributors')).toBeInTheDocument();
    expect(screen.queryByText('Agarwal Pharma Distributors')).not.toBeInTheDocument();
  });

  it('says when a pincode is not 6 digits, and never asks the API about it', async () => {
    const field = await openNearby();
    await userEvent.type(field, '0123a{Enter}');
    expect(await screen.findByText('Enter a valid 6-digit pincode')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(recorder.queries.filter((q) => q.pincode !== undefined)).toEqual([]);
    // The results still show the active warehouse's.
    expect(screen.getByText('Verified stockists within 50 km of Andheri Shop, nearest first.')).toBeInTheDocument();
  });

  it('shows the API refusal (E0035) for a pincode not in the dataset instead of the previous results', async () => {
    const field = await openNearby();
    await userEvent.type(field, '999999');
    const panel = await screen.findByText('Pincode 999999 is not in our list yet');
    expect(within(panel.closest('[role="alert"]') ?? document.body).getByText(/try a nearby head office pincode/)).toBeInTheDocument();
    expect(screen.queryByText('Thane Pharma Distributors')).not.toBeInTheDocument();
    await waitFor(() => expect(recorder.queries.at(-1)?.pincode).toBe('999999'));
  });
});
