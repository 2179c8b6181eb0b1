import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MyAccount, Session } from 'shared-api';
import { logout, useMyAccount, useSession } from 'shared-auth';
import { RequireSession, useSignedInAccount } from './RequireSession';

jest.mock('shared-auth', () => ({ logout: jest.fn(), useMyAccount: jest.fn(), useSession: jest.fn() }));
const mockedLogout = jest.mocked(logout);
const mockedSession = jest.mocked(useSession);
const mockedAccount = jest.mocked(useMyAccount);

const SESSION: Session = { token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: '2099-01-01T00:00:00Z' };
const ACCOUNT = { firstName: 'Ramesh', lastName: 'Agarwal' } as MyAccount;

function account(data: MyAccount | undefined, error?: Error) {
  mockedAccount.mockReturnValue({ data, error, mutate: jest.fn() } as unknown as ReturnType<typeof useMyAccount>);
}

function Greeting() {
  return <p>Hello, {useSignedInAccount().firstName}</p>;
}

const tree = () => (
  <MemoryRouter initialEntries={['/app/dashboard']}>
    <Routes>
      <Route path="/" element={<p>landing</p>} />
      <Route
        path="/app/dashboard"
        element={
          <RequireSession>
            <Greeting />
          </RequireSession>
        }
      />
    </Routes>
  </MemoryRouter>
);

beforeEach(() => jest.resetAllMocks());

describe('RequireSession (SPEC.md §2)', () => {
  it('shows a full-screen spinner while the user details load', () => {
    mockedSession.mockReturnValue(SESSION);
    account(undefined);
    render(tree());
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading your account…');
  });

  it('renders the page with the account once loaded', () => {
    mockedSession.mockReturnValue(SESSION);
    account(ACCOUNT);
    render(tree());
    expect(screen.getByText('Hello, Ramesh')).toBeInTheDocument();
  });

  it('logs out when opened without a session', () => {
    mockedSession.mockReturnValue(null);
    account(undefined);
    render(tree());
    expect(mockedLogout).toHaveBeenCalledTimes(1);
  });

  it('steps aside to / without logging out again when the session is lost while inside', () => {
    mockedSession.mockReturnValue(SESSION);
    account(ACCOUNT);
    const view = render(tree());
    expect(screen.getByText('Hello, Ramesh')).toBeInTheDocument();
    // logout() (or a failed refresh) cleared the session and is on its way to '/' itself.
    mockedSession.mockReturnValue(null);
    view.rerender(tree());
    expect(screen.getByText('landing')).toBeInTheDocument();
    expect(mockedLogout).not.toHaveBeenCalled();
  });
});
