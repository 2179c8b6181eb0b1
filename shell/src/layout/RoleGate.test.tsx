import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EmployeeRole } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { RoleGate } from './RoleGate';
import { screenPermission } from './nav-groups';

afterEach(resetFakeApi);

function openAt(path: string, employeeRole: EmployeeRole) {
  installFakeApi(withAccount({ ...OWNER_ACCOUNT, customerType: 'STOCKIST', role: 'EMPLOYEE', employeeRole }));
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <RequireSession>
          <RoleGate>
            <p>the screen</p>
          </RoleGate>
        </RequireSession>
      </MemoryRouter>,
    ),
  );
}

describe('RoleGate (issue 33 item 13)', () => {
  it('finds what a screen needs from its menu entry, pages below it included', () => {
    expect(screenPermission({ customerType: 'STOCKIST' }, '/payments/upi/create')).toBe('PAYMENTS');
    expect(screenPermission({ customerType: 'STOCKIST' }, '/employees/register')).toBe('OWNER_ONLY');
    expect(screenPermission({ customerType: 'STOCKIST' }, '/orders/my-deliveries')).toBe('DELIVERIES_OWN');
    expect(screenPermission({ customerType: 'STOCKIST' }, '/profile')).toBeUndefined();
  });

  it('refuses a Delivery login the payments screen opened by its address', async () => {
    openAt('/app/payments/upi/create', 'DELIVERY');
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Not in your role' })).toBeInTheDocument();
    expect(screen.getByText("Your role (Delivery) does not include this screen. Ask your unit's owner.")).toBeInTheDocument();
    expect(screen.queryByText('the screen')).not.toBeInTheDocument();
  });

  it('shows the screen to a role that has it, and My Deliveries and the profile to Delivery', async () => {
    openAt('/app/payments/upi/create', 'ACCOUNTANT');
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    resetFakeApi();
    openAt('/app/orders/my-deliveries', 'DELIVERY');
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    resetFakeApi();
    openAt('/app/profile', 'DELIVERY');
    expect(await screen.findByText('the screen')).toBeInTheDocument();
  });
});
