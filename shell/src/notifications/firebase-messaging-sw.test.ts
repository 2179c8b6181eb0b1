import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUSH_DEFAULT_BODY, PUSH_DEFAULT_TITLE } from 'shared-api';
import { listenForPushMessages, PUSH_TOAST_MS } from 'shared-auth';
import { getToasts, toast } from 'shared-ui';

// The push part of the one service worker (bundled into /service-worker.js by service-worker.mjs), run as it is
// against a fake service worker global scope.
const SW_DIR = path.join(__dirname, '../pwa/sw');
const SOURCE = readFileSync(path.join(SW_DIR, 'worker-events.js'), 'utf8');
const ORIGIN = 'https://medico.example';

interface FakeClient {
  url: string;
  focused: boolean;
  postMessage: jest.Mock;
  focus: jest.Mock;
  navigate: jest.Mock;
}

function tab(focused: boolean, { controlled = true, url = `${ORIGIN}/app/dashboard` } = {}): FakeClient {
  const client: FakeClient = {
    url,
    focused,
    postMessage: jest.fn(),
    focus: jest.fn(async () => client),
    navigate: jest.fn(async () => (controlled ? client : Promise.reject(new TypeError('not controlled')))),
  };
  return client;
}

type Handler = (event: Record<string, unknown>) => void;

function startWorker(clients: FakeClient[] = []) {
  const handlers = new Map<string, Handler>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: jest.fn(),
    registration: { showNotification: jest.fn(async (_title: string, _options: { body: string; tag?: string; data: unknown }) => undefined) },
    clients: {
      matchAll: jest.fn(async () => clients),
      openWindow: jest.fn(async () => null),
      claim: jest.fn(async () => undefined),
    },
  };
  new Function('self', SOURCE)(self);

  /** Fires `type` like the browser does and waits for what the handler handed to waitUntil. */
  async function fire(type: string, event: Record<string, unknown> = {}) {
    const pending: Promise<unknown>[] = [];
    const handler = handlers.get(type);
    if (!handler) throw new Error(`no ${type} handler`);
    handler({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }
  const push = (payload: unknown) =>
    fire('push', {
      data: {
        json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
        text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
      },
    });
  const click = (data: unknown) => {
    const notification = { data, close: jest.fn() };
    return { notification, done: fire('notificationclick', { notification }) };
  };
  return { self, fire, push, click };
}

// What the API's FCM adapter sends (FCM HTTP v1 web push: `notification` plus string-valued `data`).
const FCM_PAYLOAD = {
  notification: { title: 'New order ORD-2024-0012', body: 'Sharma Medical Stores placed an order of ₹1,250.00' },
  data: {
    notificationId: '0b7c7a8e-4a55-4c1f-9d59-3b8f0f6b1a11',
    type: 'B2B_ORDER',
    title: 'New order ORD-2024-0012',
    body: 'Sharma Medical Stores placed an order of ₹1,250.00',
    link: '/orders/online-orders/9f0c',
  },
  from: '1234567890',
  fcmMessageId: 'fcm-1',
};
const MESSAGE = { ...FCM_PAYLOAD.data };

describe('service worker: push', () => {
  it('with no focused tab shows a system notification tagged with the notification id', async () => {
    const background = tab(false);
    const worker = startWorker([background]);
    await worker.push(FCM_PAYLOAD);
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith(MESSAGE.title, {
      body: MESSAGE.body,
      tag: MESSAGE.notificationId,
      data: MESSAGE,
    });
    expect(background.postMessage).not.toHaveBeenCalled();
  });

  it("uses SPEC §3's defaults when the push has no title or body", async () => {
    const worker = startWorker();
    await worker.push({ data: { type: 'GENERAL', link: '' } });
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith(PUSH_DEFAULT_TITLE, {
      body: PUSH_DEFAULT_BODY,
      tag: undefined,
      data: { notificationId: '', type: 'GENERAL', title: PUSH_DEFAULT_TITLE, body: PUSH_DEFAULT_BODY, link: null },
    });
  });

  it('takes the notification block when data lacks the text, and plain text as the body', async () => {
    const worker = startWorker();
    await worker.push({ notification: { title: 'Payment received', body: '₹500.00 from Sharma Medical' } });
    await worker.push('not json');
    expect(worker.self.registration.showNotification.mock.calls.map(([title, options]) => [title, options.body])).toEqual([
      ['Payment received', '₹500.00 from Sharma Medical'],
      [PUSH_DEFAULT_TITLE, 'not json'],
    ]);
  });

  it('hands the message to focused tabs instead, which show it as a toast', async () => {
    const focused = tab(true);
    const other = tab(false);
    const worker = startWorker([focused, other]);
    await worker.push(FCM_PAYLOAD);
    expect(worker.self.registration.showNotification).not.toHaveBeenCalled();
    expect(focused.postMessage).toHaveBeenCalledWith({ kind: 'push', message: MESSAGE });
    expect(other.postMessage).not.toHaveBeenCalled();

    // The tab's side: what the worker posted becomes a push toast (shared-auth's listener).
    toast.clear();
    const serviceWorker = new EventTarget();
    const stop = listenForPushMessages(undefined, undefined, serviceWorker);
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: focused.postMessage.mock.calls[0][0] }));
    stop();
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'info', title: MESSAGE.title, message: MESSAGE.body, autoClose: PUSH_TOAST_MS })]);
  });
});

describe('service worker: notificationclick', () => {
  it('focuses an open tab and navigates it to /app + link', async () => {
    const open = tab(false);
    const worker = startWorker([open]);
    const { notification, done } = worker.click(MESSAGE);
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/app/orders/online-orders/9f0c`);
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no tab is open, on the notifications page for a notice without a link', async () => {
    const worker = startWorker([tab(false, { url: 'https://elsewhere.example/' })]);
    await worker.click({ ...MESSAGE, link: null }).done;
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/app/notifications`);
  });

  it('opens a new window when the open tab cannot be navigated (not controlled by the worker)', async () => {
    const open = tab(true, { controlled: false });
    const worker = startWorker([open]);
    await worker.click(MESSAGE).done;
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/app/orders/online-orders/9f0c`);
  });
});

describe('service worker: lifecycle', () => {
  it('is the worker the build registers: its entry bundles these handlers', () => {
    expect(readFileSync(path.join(SW_DIR, 'service-worker.mjs'), 'utf8')).toMatch(/^import '\.\/worker-events\.js';$/m);
  });

  it('takes over at once and claims the open tabs', async () => {
    const worker = startWorker();
    await worker.fire('install');
    await worker.fire('activate');
    expect(worker.self.skipWaiting).toHaveBeenCalled();
    expect(worker.self.clients.claim).toHaveBeenCalled();
  });
});
