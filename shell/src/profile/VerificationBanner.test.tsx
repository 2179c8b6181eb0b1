import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PATHS, PROFILE_PATHS, type Application, type MyAccount, type Profile } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { RequireSession } from '../guard/RequireSession';
import { VerificationBanner } from './VerificationBanner';

const application = (status: Application['status'], rejectionReason: string | null = null) =>
  ({ id: 'r1', status, rejectionReason, documents: [] }) as unknown as Application;
const profile = (over: Partial<Profile>): Profile => ({
  isStaff: false,
  application: null,
  preferences: { minimumOrderPaise: null, whatsappNumber: null, autoApprove: false, hasPaymentQr: false },
  referralFreeDeliveries: 0,
  ...over,
});

function show(account: MyAccount, answer: Profile) {
  installFakeApi((request) => {
    if (request.path === PATHS.myAccount) return success(account);
    if (request.path === PROFILE_PATHS.profile) return success(answer);
    return success([]);
  });
  render(
    withProviders(
      <MemoryRouter initialEntries={['/app/dashboard']}>
        <RequireSession>
          <VerificationBanner />
        </RequireSession>
      </MemoryRouter>,
    ),
  );
}

afterEach(resetFakeApi);

describe('VerificationBanner', () => {
  it('tells an unverified account it awaits verification', async () => {
    show({ ...OWNER_ACCOUNT, activated: false }, profile({ application: application('SUBMITTED') }));
    expect(await screen.findByText('Your account is awaiting verification.')).toBeInTheDocument();
  });

  it('shows a rejected applicant the reason staff gave', async () => {
    show({ ...OWNER_ACCOUNT, activated: false }, profile({ application: application('REJECTED', 'Drug licence 2 has expired') }));
    expect(await screen.findByText('Your registration was not approved.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Drug licence 2 has expired');
  });

  it('leads staff to the verification queue and says nothing to a verified trader', async () => {
    show({ ...OWNER_ACCOUNT, activated: true }, profile({ isStaff: true }));
    expect(await screen.findByRole('link', { name: 'open the verification queue' })).toHaveAttribute('href', '/app/staff/verifications');
  });
});
