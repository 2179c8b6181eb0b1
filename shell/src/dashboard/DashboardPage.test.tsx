import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { DashboardPage } from './DashboardPage';

jest.mock('./DashboardScreen', () => ({ __esModule: true, default: () => <p>dashboard figures</p> }));

afterEach(resetFakeApi);

function openDashboard(account: typeof OWNER_ACCOUNT) {
  installFakeApi(withAccount(account));
  render(
    withProviders(
      <MemoryRouter initialEntries={['/app/dashboard']}>
        <Routes>
          <Route path="/app/dashboard" element={<DashboardPage />} />
          <Route path="/app/orders/my-deliveries" element={<p>my deliveries</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('DashboardPage by role (issue 33 item 13)', () => {
  it('shows the dashboard to the owner and to a manager', async () => {
    openDashboard(OWNER_ACCOUNT);
    expect(await screen.findByText('dashboard figures')).toBeInTheDocument();
    resetFakeApi();
    openDashboard({ ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole: 'MANAGER' });
    expect(await screen.findByText('dashboard figures')).toBeInTheDocument();
  });

  it('sends a Delivery login, which has no dashboard, to My Deliveries', async () => {
    openDashboard({ ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole: 'DELIVERY' });
    expect(await screen.findByText('my deliveries')).toBeInTheDocument();
    expect(screen.queryByText('dashboard figures')).not.toBeInTheDocument();
  });
});
