import { PATHS } from 'shared-api';
import { toast } from 'shared-ui';
import { getDeviceId, getDeviceType, getOsType } from './device';
import { localPushAdapter, registerPush, selectPushAdapter, type PushAdapter } from './push';
import { setSession } from './session';
import { STORAGE_KEYS } from './storage';
import { inOneHour, installFakeApi, success } from '../test/fake-api';

// Watch what shared-auth asks shared-ui to show, without putting toasts on a screen.
jest.spyOn(toast, 'error').mockImplementation(() => 0);
jest.spyOn(toast, 'success').mockImplementation(() => 0);

const adapterWith = (...tokens: (string | null)[]): PushAdapter => ({ getToken: jest.fn(async () => tokens.shift() ?? null) });

function browserPermission(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = { permission, requestPermission: jest.fn(async () => answer) };
  Object.defineProperty(globalThis, 'Notification', { value: fake, configurable: true });
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.error).mockClear();
  setSession({ token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: inOneHour() });
});

describe('registerPush with a token', () => {
  it('saves {token, channel WEB, osType, deviceId, model} and remembers the token', async () => {
    const seen = installFakeApi(() => success(null));
    await expect(registerPush(adapterWith('fcm-token-1'))).resolves.toBe('saved');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(PATHS.firebaseAddToken);
    expect(seen[0]?.body).toEqual({
      token: 'fcm-token-1',
      channel: 'WEB',
      osType: getOsType(),
      deviceId: await getDeviceId(),
      model: getDeviceType(),
    });
    expect(localStorage.getItem(STORAGE_KEYS.pushToken)).toBe('"fcm-token-1"');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the server title and message in a red toast when saving fails', async () => {
    installFakeApi(() => ({ status: 400, body: { type: 'error', code: 'E0001', message: 'token is too long' } }));
    await expect(registerPush(adapterWith('bad'))).resolves.toBe('save-failed');
    expect(toast.error).toHaveBeenCalledWith({ title: 'Invalid request', message: 'token is too long', autoClose: 5000 });
    expect(localStorage.getItem(STORAGE_KEYS.pushToken)).toBeNull();
  });
});

describe('registerPush without a token asks for notification permission', () => {
  it('granted: green "Permission Granted", then tries the adapter once more', async () => {
    const notification = browserPermission('default', 'granted');
    const seen = installFakeApi(() => success(null));
    await expect(registerPush(adapterWith(null, 'late-token'))).resolves.toBe('saved');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith({ title: 'Permission Granted', message: 'You can now receive notifications', autoClose: 5000 });
    expect(seen[0]?.body).toMatchObject({ token: 'late-token' });
  });

  it('denied: red "Permission Denied"', async () => {
    browserPermission('default', 'denied');
    await expect(registerPush(localPushAdapter)).resolves.toBe('no-token');
    expect(toast.error).toHaveBeenCalledWith({ title: 'Permission Denied', message: 'You will not receive notifications', autoClose: 5000 });
  });

  it('dismissed, or denied earlier: red "Permission Required"', async () => {
    browserPermission('default', 'default');
    await registerPush(localPushAdapter);
    const notification = browserPermission('denied');
    await registerPush(localPushAdapter);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    const required = { title: 'Permission Required', message: 'You need to grant permission to receive notifications', autoClose: 5000 };
    expect(jest.mocked(toast.error).mock.calls).toEqual([[required], [required]]);
  });

  it('already granted: nothing to ask and nothing to say', async () => {
    const notification = browserPermission('granted');
    await expect(registerPush(localPushAdapter)).resolves.toBe('no-token');
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('selectPushAdapter', () => {
  it('uses the local adapter without a Firebase config, and Firebase with one', () => {
    expect(selectPushAdapter(undefined)).toBe(localPushAdapter);
    expect(selectPushAdapter({ apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a', vapidKey: 'v' })).not.toBe(localPushAdapter);
  });
});
