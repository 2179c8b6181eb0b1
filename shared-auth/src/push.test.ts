import { PATHS, PUSH_DEFAULT_BODY, PUSH_DEFAULT_TITLE } from 'shared-api';
import { getToasts, toast } from 'shared-ui';
import { getDeviceId, getDeviceType, getOsType } from './device';
import {
  PUSH_TOAST_MS,
  dismissPushNotice,
  enablePush,
  listenForPushMessages,
  pushOffState,
  localPushAdapter,
  registerPush,
  selectPushAdapter,
  type PushAdapter,
} from './push';
import { setSession } from './session';
import { STORAGE_KEYS } from './storage';
import { inOneHour, installFakeApi, success } from '../test/fake-api';

// Watch what shared-auth asks shared-ui to show, without putting toasts on a screen.
jest.spyOn(toast, 'error').mockImplementation(() => 0);
jest.spyOn(toast, 'success').mockImplementation(() => 0);

const adapterWith = (...tokens: (string | null)[]): PushAdapter => ({ getToken: jest.fn(async () => tokens.shift() ?? null) });

/** The browser's Notification: `answer` is what requestPermission resolves; the permission then becomes it. */
function browserPermission(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = {
    permission,
    requestPermission: jest.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  Object.defineProperty(globalThis, 'Notification', { value: fake, configurable: true });
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.error).mockClear();
  setSession({ token: 't', refreshToken: 'r', tokenType: 'Bearer', expiresAt: inOneHour() });
});

describe('registerPush where the browser allows notifications', () => {
  beforeEach(() => browserPermission('granted'));

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

describe('notification permission: never asked unprompted, asked from the quiet line', () => {
  it('at sign-in, never answered: no prompt, no toast; the quiet line offers to turn them on', async () => {
    const notification = browserPermission('default', 'denied');
    const adapter = adapterWith('never-asked');
    await expect(registerPush(adapter)).resolves.toBe('no-token');
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(adapter.getToken).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(pushOffState()).toBe('ask');
  });

  it('Turn on, granted by the person: green "Permission Granted", then the token is saved', async () => {
    const notification = browserPermission('default', 'granted');
    const seen = installFakeApi(() => success(null));
    await registerPush(adapterWith('late-token'));
    await expect(enablePush()).resolves.toBe('saved');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith({ title: 'Permission Granted', message: 'You can now receive notifications', autoClose: 5000 });
    expect(seen[0]?.body).toMatchObject({ token: 'late-token' });
    expect(pushOffState()).toBeNull();
  });

  it('Turn on, denied: red "Permission Denied", and the line then says where to change it', async () => {
    browserPermission('default', 'denied');
    await registerPush(localPushAdapter);
    await expect(enablePush()).resolves.toBe('no-token');
    expect(toast.error).toHaveBeenCalledWith({ title: 'Permission Denied', message: 'You will not receive notifications', autoClose: 5000 });
    expect(pushOffState()).toBe('blocked');
  });

  it('Turn on, prompt dismissed: red "Permission Required"', async () => {
    browserPermission('default', 'default');
    await enablePush();
    expect(toast.error).toHaveBeenCalledWith({ title: 'Permission Required', message: 'You need to grant permission to receive notifications', autoClose: 5000 });
  });

  it('refused before this sign-in: not asked, no toast, the line until it is dismissed', async () => {
    const notification = browserPermission('denied');
    await registerPush(localPushAdapter);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(pushOffState()).toBe('blocked');
    dismissPushNotice();
    await registerPush(localPushAdapter);
    expect(pushOffState()).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('already granted: nothing to ask and nothing to say', async () => {
    const notification = browserPermission('granted');
    await expect(registerPush(localPushAdapter)).resolves.toBe('no-token');
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(pushOffState()).toBeNull();
  });
});

describe('the Firebase adapter', () => {
  it('does not ask for permission itself (the quiet line does, from a click)', async () => {
    const notification = browserPermission('default', 'denied');
    const adapter = selectPushAdapter({ apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a', vapidKey: 'v' });
    await expect(adapter.getToken()).resolves.toBeNull();
    expect(notification.requestPermission).not.toHaveBeenCalled();
  });
});

describe('foreground pushes from the service worker', () => {
  function listen() {
    const worker = new EventTarget();
    const heard = jest.fn();
    const stop = listenForPushMessages(heard, undefined, worker);
    const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    return { heard, stop, post };
  }

  beforeEach(() => toast.clear());

  it('shows {kind: push} messages as info toasts that close after PUSH_TOAST_MS', () => {
    const { heard, post } = listen();
    const message = { notificationId: 'n1', type: 'ORDERS', title: 'New order ORD-1', body: 'Sharma Medical placed an order', link: '/orders/online-orders/o1' };
    post({ kind: 'push', message });
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'info', title: 'New order ORD-1', message: 'Sharma Medical placed an order', autoClose: PUSH_TOAST_MS })]);
    expect(heard).toHaveBeenCalledWith(message);
  });

  it('gives a push with a subject an Open action that hands the message to the opener; one without none', () => {
    const worker = new EventTarget();
    const opened = jest.fn();
    listenForPushMessages(undefined, opened, worker);
    const message = { notificationId: 'n2', type: 'ORDERS', title: 'Order accepted', body: 'b', link: '/orders/purchase-orders/o2' };
    worker.dispatchEvent(new MessageEvent('message', { data: { kind: 'push', message } }));
    worker.dispatchEvent(new MessageEvent('message', { data: { kind: 'push', message: { ...message, notificationId: 'n3', link: null } } }));
    const [withLink, withoutLink] = getToasts();
    expect(withoutLink!.action).toBeUndefined();
    expect(withLink!.action!.label).toBe('Open');
    withLink!.action!.onClick();
    expect(opened).toHaveBeenCalledWith(message);
  });

  it("uses SPEC §3's defaults for a missing title or body, and ignores other messages", () => {
    const { heard, post } = listen();
    post({ kind: 'push', message: { title: '', link: '' } });
    post({ kind: 'something-else' });
    post('not an object');
    expect(getToasts()).toEqual([expect.objectContaining({ title: PUSH_DEFAULT_TITLE, message: PUSH_DEFAULT_BODY })]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ link: null, type: 'GENERAL' }));
  });

  it('keeps at most 5 on screen (SPEC.md §9) and stops listening when told', () => {
    const { stop, post } = listen();
    for (let i = 1; i <= 7; i++) post({ kind: 'push', message: { title: `Push ${i}` } });
    expect(getToasts().map((t) => t.title)).toEqual(['Push 3', 'Push 4', 'Push 5', 'Push 6', 'Push 7']);
    stop();
    post({ kind: 'push', message: { title: 'After stop' } });
    expect(getToasts().map((t) => t.title)).not.toContain('After stop');
  });
});

describe('selectPushAdapter', () => {
  it('uses the local adapter without a Firebase config, and Firebase with one', () => {
    expect(selectPushAdapter(undefined)).toBe(localPushAdapter);
    expect(selectPushAdapter({ apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a', vapidKey: 'v' })).not.toBe(localPushAdapter);
  });
});
