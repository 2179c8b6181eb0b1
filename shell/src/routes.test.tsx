import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoutes } from './routes';

// The route table is under test, not the pages: they are replaced by markers.
jest.mock('./guard/RequireSession', () => ({ RequireSession: ({ children }: { children: ReactNode }) => children }));
jest.mock('./layout/AppLayout', () => ({ AppLayout: () => <Outlet /> }));
jest.mock('./public/LandingPage', () => ({ LandingPage: () => <p>landing page</p> }));
jest.mock('./dashboard/DashboardPage', () => ({ DashboardPage: () => <p>dashboard page</p> }));
jest.mock('./profile/ProfilePage', () => ({ ProfilePage: () => <p>profile page</p> }));
jest.mock('./notifications/NotificationsPage', () => ({ NotificationsPage: () => <p>notifications page</p> }));
jest.mock('./cart/CartPage', () => ({ CartPage: () => <p>cart page</p> }));
jest.mock('./search/SearchPage', () => ({ SearchPage: () => <p>search page</p> }));
jest.mock('./remotes/RemoteOutlet', () => ({
  RemoteOutlet: ({ remote, basename }: { remote: string; basename: string }) => <p>{`remote ${remote} at '${basename}'`}</p>,
}));

function Location() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
    </MemoryRouter>,
  );
}

const location = () => screen.getByLabelText('location').textContent;

describe('routes (SPEC.md §2, ARCHITECTURE.md "Routes and owners")', () => {
  it('redirects /app to /app/dashboard', () => {
    renderAt('/app');
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
    expect(location()).toBe('/app/dashboard');
  });

  it.each(['/nowhere', '/app/nowhere', '/app/dashboard/extra'])('sends the unknown path %s to /errors/404', (path) => {
    renderAt(path);
    expect(location()).toBe('/errors/404');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });

  it.each([
    ['/dashboard', 'dashboard page'],
    ['/app/profile', 'profile page'],
    ['/profile', 'profile page'],
    ['/app/notifications', 'notifications page'],
    ['/cart', 'cart page'],
    ['/search', 'search page'],
    ['/', 'landing page'],
    ['/login', 'landing page'],
  ])('renders %s as the %s', async (path, text) => {
    renderAt(path);
    // Pages other than the dashboard load on first visit (lazy), so wait for them.
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['/app/orders/online-pickups', "remote mf_orders at '/app'"],
    ['/orders', "remote mf_orders at ''"],
    ['/delivery-tracking', "remote mf_orders at ''"],
    ['/app/profit&loss', "remote mf_accounting at '/app'"],
    ['/purchases/invoice/7/payment', "remote mf_accounting at ''"],
    ['/app/move-in/import/parties', "remote mf_accounting at '/app'"],
    ['/app/billing/invoices', "remote mf_payments at '/app'"],
    ['/stocks/expiry-list', "remote mf_inventory at ''"],
    ['/app/customers/stockists', "remote mf_customers at '/app'"],
    ['/employees', "remote mf_customers at ''"],
  ])('mounts the owning remote for %s', (path, text) => {
    renderAt(path);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('serves the public pages', () => {
    renderAt('/terms-and-conditions');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms and conditions');
  });
});
