import { act, renderHook } from '@testing-library/react';
import type { Session } from 'shared-api';
import { STORAGE_KEYS } from './storage';
// The module as the app loads it; reloadSessionModule() gives a fresh copy for the reload cases (a copy has its
// own React too, so hooks are tested on this one).
import * as loaded from './session';

const session: Session = { token: 't1', refreshToken: 'r1', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00.000Z' };

/** A fresh copy of the module, as after a page reload (it reads localStorage when loaded). */
function reloadSessionModule(): typeof loaded {
  let mod!: typeof loaded;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof loaded>('./session');
  });
  return mod;
}

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('persists the session to localStorage and restores it after a reload', () => {
    const first = reloadSessionModule();
    expect(first.getSession()).toBeNull();
    first.setSession(session);
    expect(JSON.parse(localStorage.getItem('medico.session') ?? 'null')).toEqual(session);

    const afterReload = reloadSessionModule();
    expect(afterReload.getSession()).toEqual(session);
  });

  it('ignores a stored value that is not a session', () => {
    localStorage.setItem(STORAGE_KEYS.session, '{"token": 5');
    expect(reloadSessionModule().getSession()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 't' }));
    expect(reloadSessionModule().getSession()).toBeNull();
  });

  it('clearSession forgets the session and the stored user details', () => {
    const mod = reloadSessionModule();
    mod.setSession(session);
    localStorage.setItem(STORAGE_KEYS.userDetails, '{}');
    mod.clearSession();
    expect(mod.getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userDetails)).toBeNull();
    expect(reloadSessionModule().getSession()).toBeNull();
  });

  it('notifies subscribers and re-renders useSession', () => {
    const mod = loaded;
    mod.clearSession();
    const listener = jest.fn();
    const unsubscribe = mod.subscribeSession(listener);
    const { result } = renderHook(() => mod.useSession());
    expect(result.current).toBeNull();

    act(() => mod.setSession(session));
    expect(result.current).toEqual(session);
    act(() => mod.clearSession());
    expect(result.current).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    listener.mockClear();
    act(() => mod.setSession(session));
    expect(listener).not.toHaveBeenCalled();
  });

  it('follows a sign-out made in another tab', () => {
    const mod = reloadSessionModule();
    mod.setSession(session);
    localStorage.removeItem(STORAGE_KEYS.session);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.session }));
    expect(mod.getSession()).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const { isTokenExpired } = loaded;
  const now = Date.parse('2026-11-22T10:00:00.000Z');

  it('is expired when the expiry time is earlier than now', () => {
    expect(isTokenExpired({ expiresAt: '2026-11-22T09:59:59.999Z' }, now)).toBe(true);
  });
  it('is not expired at or after now', () => {
    expect(isTokenExpired({ expiresAt: '2026-11-22T10:00:00.000Z' }, now)).toBe(false);
    expect(isTokenExpired({ expiresAt: '2026-11-22T10:15:00.000Z' }, now)).toBe(false);
  });
  it('treats an unreadable expiry as expired', () => {
    expect(isTokenExpired({ expiresAt: 'soon' }, now)).toBe(true);
  });
});

describe('user details', () => {
  it('stores and reads back the account details', () => {
    const mod = reloadSessionModule();
    const account = {
      userId: 'u1', role: 'OWNER' as const, firstName: 'Priya', lastName: 'Sharma', customerType: 'RETAILER' as const,
      customerTypeLogo: '', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores', mobileNumber: '9800000002',
      email: null, deliveryMarket: 'Mumbai', activated: true, tradeHeader: null, tradeFooter: null, latitude: 19.1,
      longitude: 72.8, subscription: null,
    };
    mod.setUserDetails(account);
    expect(reloadSessionModule().getUserDetails()).toEqual(account);
  });
});
