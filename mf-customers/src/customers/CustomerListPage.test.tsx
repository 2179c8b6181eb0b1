import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTIONS_PATHS, CREDIT_PATHS, PROFILE_PATHS, type ConnectedUser, type NearbyTrader, type Preferences } from 'shared-api';
import { getToasts } from 'shared-ui';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const SHARMA: ConnectedUser = {
  connectionId: '7b1c7c1e-0000-4000-8000-000000000001',
  unitCode: 'RTL-MUM-001',
  tradeName: 'Sharma Medical Stores',
  customerType: 'RETAILER',
  city: 'Mumbai',
  distanceKm: 1234.56,
  callerSide: 'SELLER',
  status: 'APPROVED',
  hasAccess: true,
  requestedAt: '2026-09-20T10:00:00.000Z',
  decidedAt: '2026-09-21T10:00:00.000Z',
  orderCount: 3,
  orderValuePaise: 5592000,
  outstandingPaise: 1234567,
};
const LAJPAT: ConnectedUser = {
  ...SHARMA,
  connectionId: '7b1c7c1e-0000-4000-8000-000000000002',
  unitCode: 'RTL-DEL-001',
  tradeName: 'Lajpat Nagar Chemists',
  city: 'Delhi',
  distanceKm: 1170,
  status: 'PENDING',
  hasAccess: false,
  decidedAt: null,
  requestedAt: '2026-11-22T02:00:00.000Z',
  outstandingPaise: 0,
};
const PREFERENCES: Preferences = { minimumOrderPaise: null, whatsappNumber: null, autoApprove: false, hasPaymentQr: false };
const THANE: NearbyTrader = {
  unitCode: 'STK-THN-001',
  tradeName: 'Thane Pharma Distributors',
  customerType: 'STOCKIST',
  city: 'Thane',
  distanceKm: 12.3,
  connection: null,
  canConnect: true,
};

/** A stockist's API: its retailers, approve/access/decline answered like api/src/modules/connections. */
function sellerApi(rows: ConnectedUser[]) {
  const list = rows.map((r) => ({ ...r }));
  let autoApprove = false;
  return installFakeApi(
    withAccount(OWNER_ACCOUNT, (request: FakeRequest) => {
      const body = request.body as { connectionId?: string; grantAccess?: boolean; autoApprove?: boolean };
      const row = list.find((r) => r.connectionId === body?.connectionId);
      if (request.path === CONNECTIONS_PATHS.autoApprove) {
        autoApprove = body.autoApprove === true;
        return success({ autoApprove });
      }
      if (request.path === PROFILE_PATHS.preferences) return success({ ...PREFERENCES, autoApprove });
      if (request.path === CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER')) {
        const status = request.params?.status ?? 'ALL';
        const items = list.filter((r) => status === 'ALL' || r.status === status);
        return success({ items, totalResults: items.length, page: 0, pageSize: 20 });
      }
      if (row && request.path === CONNECTIONS_PATHS.approve) Object.assign(row, { status: 'APPROVED', hasAccess: body.grantAccess });
      else if (row && request.path === CONNECTIONS_PATHS.revokeAccess) row.hasAccess = false;
      else if (row && request.path === CONNECTIONS_PATHS.grantAccess) row.hasAccess = true;
      else if (row && request.path === CREDIT_PATHS.terms) {
        const { connectionId: _id, ...terms } = request.body as ConnectedUser['creditTerms'] & { connectionId: string };
        row.creditTerms = terms;
        return success(terms);
      } else return failure(404, 'E0002', 'Not found');
      return success(null);
    }),
  );
}

const open = (path: string) => renderAt('/app', path, withProviders(<App />));
const posts = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);

describe('customers list (one screen per type)', () => {
  afterEach(resetFakeApi);

  it('shows trade name, city, distance in km (en-IN), status, access, since and outstanding', async () => {
    sellerApi([SHARMA, LAJPAT]);
    open('customers/retailers');
    const table = await screen.findByRole('table', { name: 'Connected retailers' });
    const sharma = within(table).getByText('Sharma Medical Stores').closest('tr')!;
    expect(sharma).toHaveTextContent('RTL-MUM-001');
    expect(sharma).toHaveTextContent('Mumbai');
    expect(sharma).toHaveTextContent('1,234.6 km');
    expect(sharma).toHaveTextContent('Connected');
    expect(sharma).toHaveTextContent('Sees your inventory');
    expect(sharma).toHaveTextContent('21/09/2026');
    expect(sharma).toHaveTextContent('₹55,920.00');
    expect(within(table).getByRole('columnheader', { name: 'Outstanding' })).toBeInTheDocument();
    expect(sharma).toHaveTextContent('₹12,345.67');
    const lajpat = within(table).getByText('Lajpat Nagar Chemists').closest('tr')!;
    expect(lajpat).toHaveTextContent('Request received');
    expect(lajpat).toHaveTextContent('₹0.00');
    expect(within(lajpat).getByRole('button', { name: 'Approve Lajpat Nagar Chemists' })).toBeInTheDocument();
  });

  it("sets a buyer's credit terms (days, limit, block) and shows them on the list", async () => {
    const requests = sellerApi([{ ...SHARMA, creditTerms: null }]);
    open('customers/retailers');
    const table = await screen.findByRole('table', { name: 'Connected retailers' });
    expect(within(table).getByRole('columnheader', { name: 'Credit terms' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit credit terms of Sharma Medical Stores' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit terms for Sharma Medical Stores' });
    const days = within(dialog).getByRole('textbox', { name: /Credit days/ });
    await userEvent.type(days, '400');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Whole days from 0 to 365');
    expect(within(dialog).getByRole('button', { name: 'Save terms' })).toBeDisabled();
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Credit limit/ }), '50,000');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Block new orders when overdue or over the limit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests)).toEqual([[CREDIT_PATHS.terms, { connectionId: SHARMA.connectionId, creditDays: 30, creditLimitPaise: 5_000_000, blockNewOrders: true }]]);
    const sharma = (await within(table).findByText(/30 days · limit/)).closest('tr')!;
    expect(sharma).toHaveTextContent('30 days · limit ₹50,000.00 · blocks new orders');
  });

  it('opens filtered by the status in the address (a connection request notification links to ?status=PENDING)', async () => {
    const requests = sellerApi([SHARMA, LAJPAT]);
    open('customers/retailers?status=PENDING');
    await screen.findByRole('table', { name: 'Connected retailers' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    const listCalls = requests.filter((r) => r.path === CONNECTIONS_PATHS.connectedUsers('STOCKIST', 'RETAILER'));
    expect(listCalls.at(-1)!.params).toEqual(expect.objectContaining({ status: 'PENDING' }));
  });

  it('approves with access after the confirmation, or without when unticked', async () => {
    const requests = sellerApi([LAJPAT]);
    open('customers/retailers');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Lajpat Nagar Chemists' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Lajpat Nagar Chemists?' });
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(requests)).toEqual([[CONNECTIONS_PATHS.approve, { connectionId: LAJPAT.connectionId, grantAccess: false }]]);
    expect(getToasts().map((t) => t.title)).toEqual(['Approved without access']);
    // Refetched: now connected without access, so "Give access" is offered.
    expect(await screen.findByRole('button', { name: 'Give access to Lajpat Nagar Chemists' })).toBeInTheDocument();
  });

  it('keeps a row approved under "Pending requests" in place, connected, until the filter changes', async () => {
    const GUPTA: ConnectedUser = { ...LAJPAT, connectionId: '7b1c7c1e-0000-4000-8000-000000000003', unitCode: 'RTL-DEL-002', tradeName: 'Gupta Medicos' };
    sellerApi([SHARMA, LAJPAT, GUPTA]);
    open('customers/retailers?status=PENDING');
    const table = await screen.findByRole('table', { name: 'Connected retailers' });
    expect(await within(table).findByText('Lajpat Nagar Chemists')).toBeInTheDocument();
    expect(within(table).queryByText('Sharma Medical Stores')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Lajpat Nagar Chemists' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve Lajpat Nagar Chemists?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toEqual(['Approved with access']));
    // The list refetched under the filter (the API no longer lists it as pending), yet the row stays, connected.
    const lajpat = (await within(table).findByText('Lajpat Nagar Chemists')).closest('tr')!;
    await waitFor(() => expect(within(lajpat).getByText('Connected')).toBeInTheDocument());
    expect(within(lajpat).getByText('Sees your inventory')).toBeInTheDocument();
    expect(within(lajpat).getByRole('button', { name: 'Remove access of Lajpat Nagar Chemists' })).toBeInTheDocument();
    expect(screen.queryByText('No connected retailers match')).not.toBeInTheDocument();
    // In the place it stood, first (the list is sorted by name).
    const names = within(table).getAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect([names.length, names[0]!.startsWith('Lajpat Nagar Chemists'), names[1]!.startsWith('Gupta Medicos')]).toEqual([2, true, true]);

    // Once the filter changes, the list is the API's again.
    const statusFilter = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(statusFilter, 'APPROVED');
    expect(await within(table).findByText('Sharma Medical Stores')).toBeInTheDocument();
    await userEvent.selectOptions(statusFilter, 'PENDING');
    await waitFor(() => expect(within(table).queryByText('Lajpat Nagar Chemists')).not.toBeInTheDocument());
    expect(within(table).getByText('Gupta Medicos')).toBeInTheDocument();
  });

  it('approving the last pending request leaves it on screen rather than "No connected retailers match"', async () => {
    sellerApi([LAJPAT]);
    open('customers/retailers?status=PENDING');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Lajpat Nagar Chemists' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve Lajpat Nagar Chemists?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const lajpat = (await screen.findByText('Lajpat Nagar Chemists')).closest('tr')!;
    expect(within(lajpat).getByText('Connected')).toBeInTheDocument();
    expect(screen.queryByText('No connected retailers match')).not.toBeInTheDocument();
  });

  it('removing access asks first; cancel sends nothing', async () => {
    const requests = sellerApi([SHARMA]);
    open('customers/retailers');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove access of Sharma Medical Stores' }));
    const dialog = screen.getByRole('dialog', { name: "Remove Sharma Medical Stores's access to your inventory?" });
    expect(dialog).toHaveTextContent('will see none of your inventory and cannot order online');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove access of Sharma Medical Stores' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByRole('button', { name: 'Give access to Sharma Medical Stores' })).toBeInTheDocument();
    expect(posts(requests)).toEqual([[CONNECTIONS_PATHS.revokeAccess, { connectionId: SHARMA.connectionId }]]);
  });

  it('auto approve is turned on only after its confirmation', async () => {
    const requests = sellerApi([SHARMA]);
    open('customers/retailers');
    const toggle = await screen.findByRole('checkbox', { name: /Auto approve connection requests/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Turn on auto approve?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(posts(requests)).toEqual([[CONNECTIONS_PATHS.autoApprove, { autoApprove: true }]]);
  });

  it('a retailer finds stockists near it and asks to connect; no auto approve toggle for buyers', async () => {
    let thane = { ...THANE };
    const requests = installFakeApi(
      withAccount({ ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001' }, (request) => {
        if (request.path === CONNECTIONS_PATHS.nearby) return success({ origin: 'Andheri Shop', radiusKm: 50, items: [thane], totalResults: 1, page: 0, pageSize: 10 });
        if (request.path === CONNECTIONS_PATHS.request) {
          thane = { ...thane, connection: { connectionId: 'c1', status: 'PENDING', hasAccess: false }, canConnect: false };
          return success({ connectionId: 'c1', status: 'PENDING', hasAccess: false });
        }
        return success({ items: [], totalResults: 0, page: 0, pageSize: 20 });
      }),
    );
    open('customers/stockists');
    expect(await screen.findByText('No connected stockists yet')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Auto approve/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Find stockists near you' }));
    expect(await screen.findByText('Verified stockists within 50 km of Andheri Shop, nearest first.')).toBeInTheDocument();
    const row = (await screen.findByText('Thane Pharma Distributors')).closest('tr')!;
    expect(row).toHaveTextContent('12.3 km');
    await userEvent.click(within(row).getByRole('button', { name: 'Connect with Thane Pharma Distributors' }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toEqual(['Request sent']));
    expect(posts(requests)).toEqual([[CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-THN-001' }]]);
    await waitFor(() => expect(screen.getByText('Thane Pharma Distributors').closest('tr')).toHaveTextContent('Request sent'));
  });

  it('a buyer asks a stockist that declined to connect again, after confirming', async () => {
    const declined: ConnectedUser = { ...SHARMA, unitCode: 'STK-JAI-001', tradeName: 'Pink City Pharma Distributors', customerType: 'STOCKIST', callerSide: 'BUYER', status: 'DECLINED', hasAccess: false };
    const requests = installFakeApi(
      withAccount({ ...OWNER_ACCOUNT, customerType: 'HOSPITAL', unitCode: 'HSP-AMD-001' }, (request) =>
        request.path === CONNECTIONS_PATHS.request
          ? success({ connectionId: declined.connectionId, status: 'PENDING', hasAccess: false })
          : success({ items: [declined], totalResults: 1, page: 0, pageSize: 20 }),
      ),
    );
    open('customers/stockists');
    const row = (await screen.findByText('Pink City Pharma Distributors')).closest('tr')!;
    expect(row).toHaveTextContent('Declined');
    await userEvent.click(within(row).getByRole('button', { name: 'Ask again to connect with Pink City Pharma Distributors' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Ask Pink City Pharma Distributors to connect again?' })).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(posts(requests)).toEqual([[CONNECTIONS_PATHS.request, { sellerUnitCode: 'STK-JAI-001' }]]));
  });

  it('shows an error panel with retry when the list cannot be loaded', async () => {
    let fail = true;
    installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) =>
        request.path === PROFILE_PATHS.preferences
          ? success(PREFERENCES)
          : fail
            ? failure(400, 'E0001', 'Invalid request')
            : success({ items: [SHARMA], totalResults: 1, page: 0, pageSize: 20 }),
      ),
    );
    open('customers/retailers');
    expect(await screen.findByText('Connected retailers could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sharma Medical Stores')).toBeInTheDocument();
  });
});
