import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from 'shared-auth/src/session';
import type * as SignedOutModule from './SignedOutApp';

// The signed-out entry's point (README "Signed-out entry"): none of these may be in its module graph. Importing any
// of them while SignedOutApp loads fails this file. (The sign-in calls and push load later, on focus and sign-in.)
// A loop is not hoisted above imports, so SignedOutApp is imported after it, in beforeAll.
const FORBIDDEN = ['react-router-dom', 'react-router', 'swr', 'single-spa', 'single-spa-react', 'axios', 'react-final-form', 'final-form', 'zod', 'shared-ui', 'shared-auth'];
for (const name of FORBIDDEN) {
  jest.mock(name, () => {
    throw new Error(`the signed-out entry loaded ${name}`);
  });
}

let SignedOutApp: typeof SignedOutModule.SignedOutApp;
beforeAll(async () => {
  ({ SignedOutApp } = await import('./SignedOutApp'));
});

afterEach(() => {
  act(() => clearSession());
});

describe('SignedOutApp: the landing page without the router (README "Signed-out entry")', () => {
  it('renders the sign-in form, with its label and the registration link', () => {
    render(<SignedOutApp navigate={jest.fn()} />);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register your business' })).toHaveAttribute('href', '/registration');
  });

  it('follows a plain click on a link through navigate (the entry loads the app, then goes there)', async () => {
    const navigate = jest.fn();
    render(<SignedOutApp navigate={navigate} />);
    await userEvent.click(screen.getByRole('link', { name: 'Register your business' }));
    expect(navigate).toHaveBeenCalledWith('/registration');
  });

  it('goes to the dashboard once a session appears (signed in here, or in another tab)', () => {
    const navigate = jest.fn();
    render(<SignedOutApp navigate={navigate} />);
    act(() => setSession({ token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: '2099-01-01T00:00:00.000Z' } as Parameters<typeof setSession>[0]));
    expect(navigate).toHaveBeenCalledWith('/app/dashboard', { replace: true });
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
