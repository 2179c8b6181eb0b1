import { act, render, screen } from '@testing-library/react';
import { PATHS, type MyAccount } from 'shared-api';
import { setActiveWarehouse, useCart, useMyAccount, useNotificationsUnread, useWarehouses } from './account';
import { clearSession, getUserDetails, setSession } from './session';
import { AppProviders, clearSwrCache } from './swr-cache';
import { inOneHour, installFakeApi, success, type SeenRequest } from '../test/fake-api';

const account = (customerType: MyAccount['customerType']): MyAccount => ({
  userId: 'u1', role: 'OWNER', firstName: 'Priya', lastName: 'Sharma', customerType, customerTypeLogo: '',
  unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores', mobileNumber: '9800000002', email: null,
  deliveryMarket: 'Mumbai', activated: true, tradeHeader: null, tradeFooter: null, latitude: null, longitude: null,
  subscription: null,
});

let warehouses = [
  { id: 'w1', displayName: 'Andheri Shop', isActive: true, profileImage: null, market: { name: 'Mumbai' }, latitude: null, longitude: null },
];

function fakeApi(customerType: MyAccount['customerType'], login: Partial<MyAccount> = {}): SeenRequest[] {
  return installFakeApi((request) => {
    if (request.url === PATHS.myAccount) return success({ ...account(customerType), ...login });
    if (request.url === PATHS.notifications) return success({ items: [], totalResults: 4 });
    if (request.url === PATHS.cart) return success({ unitCode: 'RTL-MUM-001', entries: [], total: { itemCount: 3, amountPaise: 0 } });
    if (request.url === PATHS.warehouses) return success(warehouses);
    if (request.url === PATHS.setActiveWarehouse('w2')) {
      warehouses = warehouses.map((w) => ({ ...w, isActive: w.id === 'w2' }));
      return success(null);
    }
    return { status: 404, body: { type: 'error', code: 'E0002', message: 'Not found' } };
  });
}

function Header({ unitCode }: { unitCode?: string }) {
  const { data: me } = useMyAccount();
  const { totalResults } = useNotificationsUnread();
  const { data: cart } = useCart(unitCode);
  const { data: list } = useWarehouses();
  return (
    <div>
      <p>name: {me?.firstName ?? '…'}</p>
      <p>unread: {totalResults ?? '…'}</p>
      <p>cart: {cart?.total.itemCount ?? 'none'}</p>
      <p>active: {list?.find((w) => w.isActive)?.displayName ?? '…'}</p>
    </div>
  );
}

const renderHeader = (unitCode?: string) =>
  render(
    <AppProviders>
      <Header unitCode={unitCode} />
    </AppProviders>,
  );

beforeEach(() => {
  localStorage.clear();
  clearSwrCache();
  setSession({ token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: inOneHour() });
});

it('asks nothing without a session', async () => {
  clearSession();
  const seen = fakeApi('RETAILER');
  renderHeader('RTL-MUM-001');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(seen).toHaveLength(0);
});

it('loads the account, stores the user details, and asks for unread notifications page 0 of size 6', async () => {
  const seen = fakeApi('RETAILER');
  renderHeader();
  await screen.findByText('name: Priya');
  await screen.findByText('unread: 4');
  expect(seen.find((r) => r.url === PATHS.notifications)?.params).toEqual({ notificationType: 'UNREAD', page: 0, pageSize: 6 });
  expect(getUserDetails()?.firstName).toBe('Priya');
});

it('fetches the cart of a retailer with its unit code', async () => {
  const seen = fakeApi('RETAILER');
  renderHeader('RTL-MUM-001');
  await screen.findByText('cart: 3');
  expect(seen.find((r) => r.url === PATHS.cart)?.params).toEqual({ unitCode: 'RTL-MUM-001' });
});

it('never fetches the cart for a stockist, nor without a unit code', async () => {
  const seen = fakeApi('STOCKIST');
  const { unmount } = renderHeader('STK-PUN-001');
  await screen.findByText('name: Priya');
  unmount();
  clearSwrCache();
  const seenWithoutUnitCode = fakeApi('RETAILER');
  renderHeader(undefined);
  await screen.findByText('name: Priya');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(seen.some((r) => r.url === PATHS.cart)).toBe(false);
  expect(seenWithoutUnitCode.some((r) => r.url === PATHS.cart)).toBe(false);
  screen.getByText('cart: none');
});

it('never fetches the cart for an employee whose role does not order (issue 33 item 13)', async () => {
  const seen = fakeApi('RETAILER', { role: 'EMPLOYEE', employeeRole: 'ACCOUNTANT' });
  renderHeader('RTL-MUM-001');
  await screen.findByText('name: Priya');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(seen.some((r) => r.url === PATHS.cart)).toBe(false);
  screen.getByText('cart: none');
});

it('setActiveWarehouse sets it on the server and refreshes the mounted list', async () => {
  warehouses = [
    { id: 'w1', displayName: 'Pune Main Godown', isActive: true, profileImage: null, market: { name: 'Pune' }, latitude: null, longitude: null },
    { id: 'w2', displayName: 'Nashik Branch', isActive: false, profileImage: null, market: { name: 'Nashik' }, latitude: null, longitude: null },
  ];
  const seen = fakeApi('STOCKIST');
  renderHeader();
  await screen.findByText('active: Pune Main Godown');
  await act(() => setActiveWarehouse('w2'));
  await screen.findByText('active: Nashik Branch');
  expect(seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/b2bapp/group/active/w2']);
});
