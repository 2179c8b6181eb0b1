import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EmployeeRole } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { ProfilePage } from './ProfilePage';

afterEach(resetFakeApi);

/** The profile of a login; everything but the account answers 404 (the cards show their own empty states). */
function openProfile(account: typeof OWNER_ACCOUNT) {
  installFakeApi(withAccount(account));
  render(
    withProviders(
      <MemoryRouter initialEntries={['/app/profile']}>
        <RequireSession>
          <ProfilePage />
        </RequireSession>
      </MemoryRouter>,
    ),
  );
}

describe('ProfilePage: your role (issue 33 item 13)', () => {
  it('says Owner for the unit’s owner', async () => {
    openProfile(OWNER_ACCOUNT);
    expect(await screen.findByText('Your role')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
  });

  it.each([
    ['ACCOUNTANT', 'Accountant'],
    ['DELIVERY', 'Delivery'],
  ] as [EmployeeRole, string][])('says the role the owner gave an employee (%s)', async (employeeRole, label) => {
    openProfile({ ...OWNER_ACCOUNT, role: 'EMPLOYEE', employeeRole });
    expect(await screen.findByText('Your role')).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe('ProfilePage: customer type in words (issue 39 item 7)', () => {
  it('says "Season boy (delivery)", never the code SEASON_BOY', async () => {
    openProfile({ ...OWNER_ACCOUNT, customerType: 'SEASON_BOY' });
    expect(await screen.findByText('Season boy (delivery)')).toBeInTheDocument();
    expect(screen.queryByText('SEASON_BOY')).not.toBeInTheDocument();
  });
});
