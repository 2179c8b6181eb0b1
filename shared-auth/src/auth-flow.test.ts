import { PATHS, type Session } from 'shared-api';
import { api, configureApi } from './client';
import { logout, requestOtp, resendOtp, verifyOtp } from './auth-flow';
import { getDeviceId } from './device';
import { clearSession, getSession, setSession, setUserDetails } from './session';
import { STORAGE_KEYS } from './storage';
import { swrCache } from './swr-cache';
import { inOneHour, installFakeApi, success, type FakeAnswer } from '../test/fake-api';

const navigate = jest.fn();
configureApi({ navigate });

const session: Session = { token: 'token-1', refreshToken: 'refresh-1', tokenType: 'Bearer', expiresAt: inOneHour() };
const unregister = jest.fn(async () => true);

beforeAll(() => {
  Object.defineProperty(window.navigator, 'serviceWorker', {
    value: { getRegistrations: async () => [{ unregister }, { unregister }] },
    configurable: true,
  });
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
  navigate.mockClear();
  unregister.mockClear();
});

describe('sign-in', () => {
  it('requests and resends a code for the mobile number', async () => {
    const seen = installFakeApi(() => success({ mobileNumber: '9800000001', resendAfterSeconds: 60, expiresInSeconds: 300 }));
    await expect(requestOtp('9800000001')).resolves.toMatchObject({ resendAfterSeconds: 60 });
    await resendOtp('9800000001');
    expect(seen.map((r) => [r.url, r.body])).toEqual([
      [PATHS.otpLogin, { mobileNumber: '9800000001' }],
      [PATHS.otpResend, { mobileNumber: '9800000001' }],
    ]);
  });

  it('verifyOtp sends the device id and stores the session', async () => {
    const seen = installFakeApi(() => success(session));
    await expect(verifyOtp('9800000001', '123456')).resolves.toEqual(session);
    expect(seen[0]?.body).toEqual({ mobileNumber: '9800000001', otp: '123456', deviceId: await getDeviceId() });
    expect(getSession()).toEqual(session);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null')).toEqual(session);
  });

  it('verifyOtp keeps no session for a wrong code', async () => {
    installFakeApi(() => ({ status: 400, body: { type: 'error', code: 'E0003', message: 'Invalid or expired one-time code' } }));
    await expect(verifyOtp('9800000001', '000000')).rejects.toMatchObject({ code: 'E0003' });
    expect(getSession()).toBeNull();
  });
});

describe('logout', () => {
  function signedInWithEverything() {
    setSession(session);
    setUserDetails({
      userId: 'u1', role: 'OWNER', firstName: 'Ramesh', lastName: 'Agarwal', customerType: 'STOCKIST', customerTypeLogo: '',
      unitCode: 'STK-PUN-001', tradeName: 'Agarwal Pharma Distributors', mobileNumber: '9800000001', email: null,
      deliveryMarket: 'Pune', activated: true, tradeHeader: null, tradeFooter: null, latitude: null, longitude: null,
      subscription: null,
    });
    swrCache.set(PATHS.myAccount, { data: { firstName: 'Ramesh' } });
    localStorage.setItem(STORAGE_KEYS.swrCache, '{"version":1,"savedAt":0,"entries":{}}');
    localStorage.setItem(STORAGE_KEYS.pushToken, '"fcm-token"');
    localStorage.setItem(STORAGE_KEYS.deliveryPin, '{"pin":"4821","expiresAt":"2030-01-01"}');
  }

  async function expectEverythingCleared() {
    expect(getSession()).toBeNull();
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(swrCache.size).toBe(0);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenCalledWith('/');
    // The auth header is gone: the next request goes out without it.
    const seen = installFakeApi(() => success(null));
    await api.get('/anything');
    expect(seen[0]?.authorization).toBeUndefined();
  }

  it.each<[string, FakeAnswer]>([
    ['succeeds', success(null)],
    ['fails with an error answer', { status: 500, body: { type: 'error', code: 'E0041', message: 'x' } }],
    ['cannot reach the API', 'network-error'],
    ['is refused (403) — no refresh is attempted', { status: 403, body: { type: 'error', code: 'E0039', message: 'x' } }],
  ])('clears everything and goes to / when the logout call %s', async (_, answer) => {
    signedInWithEverything();
    const seen = installFakeApi(() => answer);

    await logout();

    expect(seen.map((r) => [r.url, r.authorization, r.body])).toEqual([[PATHS.logout, 'Bearer token-1', { deviceId: await getDeviceId() }]]);
    await expectEverythingCleared();
  });
});
