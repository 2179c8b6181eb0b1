import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MARKETPLACE_PATHS, PATHS, PROFILE_PATHS, type MyAccount, type Profile, type Warehouse } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { AppLayout } from './AppLayout';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, firstName: 'Priya', lastName: 'Sharma', customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };
const WAREHOUSES = [{ id: 'w1', displayName: 'Pune Main Godown', isActive: true, profileImage: null, market: { name: 'Pune' }, latitude: null, longitude: null }] satisfies Warehouse[];
const profile = (isStaff: boolean): Profile => ({
  isStaff,
  application: null,
  preferences: { minimumOrderPaise: null, whatsappNumber: null, autoApprove: false, hasPaymentQr: false },
  referralFreeDeliveries: 0,
});

/** The window as a phone (or not): the layout reads `(max-width: 767px)` through matchMedia. */
function setPhone(phone: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
}

function Page() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function show(account: MyAccount, { staff = false, path = '/app/dashboard' } = {}) {
  installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(account);
    if (request.path === PROFILE_PATHS.profile) return success(profile(staff));
    if (request.path === PATHS.warehouses) return success(staff ? [] : WAREHOUSES);
    if (request.path === MARKETPLACE_PATHS.searchHistory) return success(['pantoprazole']);
    if (request.path === MARKETPLACE_PATHS.suggest) return success({ suggestors: [] });
    if (request.path === PATHS.notifications) return success({ notifications: [], unread: 0 });
    return success(null);
  });
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/app"
            element={
              <RequireSession>
                <AppLayout />
              </RequireSession>
            }
          >
            <Route path="*" element={<Page />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const location = () => screen.getByLabelText('location');

afterEach(() => {
  resetFakeApi();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('AppLayout on a phone', () => {
  beforeEach(() => setPhone(true));

  it('keeps greeting, bell and cart in the header; profile, warehouse and Logout wait in the account menu, which Escape closes', async () => {
    const user = userEvent.setup();
    show(OWNER_ACCOUNT);
    expect(await screen.findByText('Hello, Ramesh')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(); // no rail: a drawer

    const menu = screen.getByRole('button', { name: /^Account menu/ });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Pune Main Godown/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(screen.getByRole('link', { name: /Ramesh Agarwal/ }));
    expect(location()).toHaveTextContent('/app/profile');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('opens the search over the header: Escape closes the recent searches, then the search; Enter searches and closes it', async () => {
    const user = userEvent.setup();
    show(RETAILER);
    const open = await screen.findByRole('button', { name: 'Open search' });
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search products' })).not.toBeInTheDocument();

    await user.click(open);
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveFocus();
    expect(await screen.findByRole('list', { name: 'Recent searches' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(box).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('searchbox', { name: 'Search products' })).not.toBeInTheDocument();

    await user.click(open);
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'dolo{Enter}');
    expect(location()).toHaveTextContent('/app/search?q=dolo');
    expect(screen.queryByRole('searchbox', { name: 'Search products' })).not.toBeInTheDocument();
  });

  it('opens the navigation as a drawer that keeps focus inside and closes on Escape, the backdrop and a link', async () => {
    const user = userEvent.setup();
    show(OWNER_ACCOUNT);
    const open = await screen.findByRole('button', { name: 'Open navigation' });
    await user.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'Medico' })).toHaveFocus();
    // Tab from the last control comes back to the first.
    await user.tab({ shift: true });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(screen.getByTestId('nav-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();

    await user.click(open);
    const nav = within(screen.getByRole('dialog', { name: 'Navigation' }));
    expect(nav.getByRole('link', { name: 'Online Orders' })).toBeInTheDocument(); // Orders open by default
    await user.click(nav.getByRole('button', { name: 'Customers' }));
    await user.click(nav.getByRole('link', { name: 'Retailers' }));
    expect(location()).toHaveTextContent('/app/customers/retailers');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('gives back-office staff Verifications, and no search, cart or warehouse switcher', async () => {
    const user = userEvent.setup();
    show({ ...OWNER_ACCOUNT, firstName: 'Meera', lastName: 'Kulkarni', customerType: 'MANUFACTURER', unitCode: 'MEDICO-OPS', tradeName: 'Medico back office' }, { staff: true });
    await screen.findByText('Hello, Meera');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = within(screen.getByRole('dialog', { name: 'Navigation' }));
    expect(await nav.findByRole('link', { name: 'Verifications' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Orders' })).not.toBeInTheDocument();
    await user.click(nav.getByRole('link', { name: 'Verifications' }));
    expect(location()).toHaveTextContent('/app/staff/verifications');
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open search' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(screen.queryByRole('button', { name: /warehouse/i })).not.toBeInTheDocument();
  });
});

describe('AppLayout on a desktop', () => {
  beforeEach(() => setPhone(false));

  it('keeps the rail, the search box, the profile link and Logout in the header', async () => {
    show(RETAILER);
    expect(await screen.findByText('Hello, Priya')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    // Whose profile, and the initials the avatar shows.
    expect(screen.getByRole('link', { name: 'Profile of Priya Sharma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
    await act(async () => undefined);
  });

  it('opens a group of the rail from the keyboard into its flyout; Escape closes it and focus goes back to the group', async () => {
    const user = userEvent.setup();
    show(RETAILER);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const orders = within(nav).getByRole('button', { name: 'Orders' });
    orders.focus();
    await user.keyboard('{Enter}');
    const flyout = await screen.findByRole('region', { name: 'Orders links' });
    expect(within(flyout).getAllByRole('link')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Orders links' })).not.toBeInTheDocument();
    expect(orders).toHaveFocus();

    // Focus leaving the navigation (Tab past its last link) closes an open flyout, as a press outside does.
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Orders links' });
    act(() => screen.getByRole('link', { name: 'Medico home' }).focus());
    expect(screen.queryByRole('region', { name: 'Orders links' })).not.toBeInTheDocument();
  });
});
