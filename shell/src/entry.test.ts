import type { Session } from 'shared-api';
import { chooseEntry } from './entry';

const session: Session = { token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: '2026-01-01T00:00:00.000Z' } as Session;

describe('chooseEntry (README "Signed-out entry")', () => {
  it.each(['/', '/login', '/login/'])('renders the signed-out entry at %s without a stored session', (path) => {
    expect(chooseEntry(path, null)).toBe('signed-out');
  });

  it.each(['/', '/login'])('renders the app at %s with a stored session (it goes on to the dashboard)', (path) => {
    expect(chooseEntry(path, session)).toBe('app');
  });

  it.each(['/registration', '/terms-and-conditions', '/privacy-policy', '/errors/404', '/app/dashboard', '/app/orders/online-orders', '/loginx'])(
    'renders the app at %s without a session: other public pages, and deep links the app signs out as before',
    (path) => {
      expect(chooseEntry(path, null)).toBe('app');
    },
  );
});
