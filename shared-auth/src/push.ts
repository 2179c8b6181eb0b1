import { useSyncExternalStore } from 'react';
import { ERROR_CATALOGUE, PATHS, PUSH_DEFAULT_BODY, PUSH_DEFAULT_TITLE, type PushMessage, type PushTokenRequest } from 'shared-api';
import { toast } from 'shared-ui';
import { api, isApiError } from './client';
import { getDeviceId, getDeviceType, getOsType } from './device';
import { SERVICE_WORKER_FILE } from './service-worker-file';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

export { SERVICE_WORKER_FILE } from './service-worker-file';

/** SPEC.md §9: push toasts close after 5 seconds. */
export const PUSH_TOAST_MS = 5000;

/** Where a device push token comes from. Screens and tests swap the implementation, not the flow. */
export interface PushAdapter {
  getToken(): Promise<string | null>;
}

/** Firebase web config plus the VAPID key of the project's web push certificate. */
export interface FirebasePushConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

/** Without a push service there is no token: registerPush then only asks for the browser's permission. */
export const localPushAdapter: PushAdapter = {
  getToken: async () => null,
};

/**
 * The shell's worker, active. Registering the same URL at the same scope hands back the shell's own registration
 * (never a second worker); where the build has no worker (development servers) registering fails and push is off.
 */
async function siteServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export function createFirebasePushAdapter({ vapidKey, ...options }: FirebasePushConfig): PushAdapter {
  return {
    async getToken() {
      // Firebase's getToken would ask for permission itself and swallow the answer; registerPush asks instead.
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
      try {
        // Loaded on demand so builds without a Firebase config never download it.
        const [{ getApps, initializeApp }, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
        if (!(await messaging.isSupported())) return null;
        const app = getApps()[0] ?? initializeApp(options);
        const serviceWorkerRegistration = await siteServiceWorker();
        const token = await messaging.getToken(messaging.getMessaging(app), { vapidKey, serviceWorkerRegistration });
        return token || null;
      } catch {
        // Permission refused, unsupported browser or Firebase unreachable: fall back to the permission flow.
        return null;
      }
    },
  };
}

/** Firebase when a config is given, the local adapter otherwise. */
export function selectPushAdapter(config?: FirebasePushConfig | null): PushAdapter {
  return config ? createFirebasePushAdapter(config) : localPushAdapter;
}

export type PushResult = 'saved' | 'save-failed' | 'no-token';

async function saveToken(token: string): Promise<PushResult> {
  const request: PushTokenRequest = {
    token,
    channel: 'WEB',
    osType: getOsType(),
    deviceId: await getDeviceId(),
    model: getDeviceType(),
  };
  try {
    await api.post<unknown>(PATHS.firebaseAddToken, request);
    writeJson(STORAGE_KEYS.pushToken, token);
    return 'saved';
  } catch (error) {
    // SPEC.md §8: red notification with the server's title and body.
    const title = isApiError(error) ? ERROR_CATALOGUE[error.code] : ERROR_CATALOGUE.E0000;
    const message = isApiError(error) ? error.message : ERROR_CATALOGUE.E0041;
    notice('error', title, message);
    return 'save-failed';
  }
}

function notice(kind: 'success' | 'error', title: string, message: string): void {
  toast[kind]({ title, message, autoClose: PUSH_TOAST_MS });
}

/** Where the quiet line about browser notifications is remembered as closed ('dismissed'). */
export const PUSH_NOTICE_KEY = 'medico.push-notice';
/** Said quietly in the bell panel and on the notifications page, where the user looks for notifications. */
export const PUSH_ASK_NOTICE = 'Get notifications on this device, even when Medico is not open.';
export const PUSH_BLOCKED_NOTICE = "Browser notifications are off for this site. You can turn them on in your browser's site settings.";

/**
 * What the quiet line says: 'ask' (never answered: a Turn on button asks the browser, from the user's click),
 * 'blocked' (refused: only the browser's site settings can change it), or null (granted, closed, or no support).
 */
export type PushOffState = 'ask' | 'blocked' | null;

const noticeListeners = new Set<() => void>();
const noticeChanged = () => noticeListeners.forEach((listener) => listener());

export function pushOffState(): PushOffState {
  if (typeof Notification === 'undefined' || Notification.permission === 'granted') return null;
  if (readJson(PUSH_NOTICE_KEY) === 'dismissed') return null;
  return Notification.permission === 'denied' ? 'blocked' : 'ask';
}

/** The user closed the line: it stays closed in this browser (the permission is the browser's, not the account's). */
export function dismissPushNotice(): void {
  writeJson(PUSH_NOTICE_KEY, 'dismissed');
  noticeChanged();
}

function subscribeNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** React view of pushOffState(), updated when the permission is answered or the line closed. */
export function usePushOffState(): PushOffState {
  return useSyncExternalStore(subscribeNotice, pushOffState, () => null);
}

/** The adapter of this sign-in, for the Turn on button. */
let signedInAdapter: PushAdapter = localPushAdapter;

/**
 * SPEC.md §4: once signed in, a device token is requested and saved with platform WEB, when the browser already
 * allows notifications. The browser's permission is not asked for here, unprompted (issue 16: browsers refuse
 * unprompted requests, headless ones at once, and a red toast would greet the user): the quiet line offers it.
 */
export async function registerPush(adapter: PushAdapter = localPushAdapter): Promise<PushResult> {
  signedInAdapter = adapter;
  noticeChanged();
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return 'no-token';
  const token = await adapter.getToken();
  return token ? saveToken(token) : 'no-token';
}

/**
 * The quiet line's Turn on (a user's click, as browsers require): asks for the permission and says what came of it
 * (SPEC.md §8 notices); once granted, the device token is requested and saved.
 */
export async function enablePush(): Promise<PushResult> {
  if (typeof Notification === 'undefined') return 'no-token';
  const answer = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  noticeChanged();
  if (answer === 'granted') {
    notice('success', 'Permission Granted', 'You can now receive notifications');
    const token = await signedInAdapter.getToken();
    return token ? saveToken(token) : 'no-token';
  }
  if (answer === 'denied') notice('error', 'Permission Denied', 'You will not receive notifications');
  else notice('error', 'Permission Required', 'You need to grant permission to receive notifications');
  return 'no-token';
}

/** What the service worker (shell/src/pwa/sw/worker-events.js) posts to a focused tab when a push arrives (the tab shows it as a toast). */
export interface PushEnvelope {
  kind: 'push';
  message: Partial<PushMessage>;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/** A push as the page shows it: SPEC.md §3 defaults for a missing title or body; '' or a missing link is none. */
export function pushMessageOf(raw: Partial<PushMessage> | null | undefined): PushMessage {
  return {
    notificationId: text(raw?.notificationId, ''),
    type: text(raw?.type, 'GENERAL'),
    title: text(raw?.title, PUSH_DEFAULT_TITLE),
    body: text(raw?.body, PUSH_DEFAULT_BODY),
    link: typeof raw?.link === 'string' && raw.link.startsWith('/') ? raw.link : null,
  };
}

/** A foreground push as a toast (SPEC.md §9: closes after PUSH_TOAST_MS; the toast store keeps at most 5). */
/** `open`: what the toast's Open button does for a message with a subject (the bell marks it read and opens it). */
export function showPushMessage(raw: Partial<PushMessage> | null | undefined, open?: (message: PushMessage) => void): PushMessage {
  const message = pushMessageOf(raw);
  toast.info({
    title: message.title,
    message: message.body,
    autoClose: PUSH_TOAST_MS,
    ...(message.link && open ? { action: { label: 'Open', onClick: () => open(message) } } : {}),
  });
  return message;
}

function isPushEnvelope(data: unknown): data is PushEnvelope {
  const v = data as Partial<PushEnvelope> | null;
  return v?.kind === 'push' && typeof v.message === 'object' && v.message !== null;
}

/**
 * Shows the pushes the service worker hands to this (focused) tab as toasts; `onMessage` hears each one too.
 * Returns the unsubscribe. Without service workers (an old browser, jsdom) there is nothing to listen to.
 */
export function listenForPushMessages(
  onMessage?: (message: PushMessage) => void,
  open?: (message: PushMessage) => void,
  source: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): () => void {
  if (!source) return () => undefined;
  const listener = (event: Event) => {
    const data = (event as MessageEvent).data as unknown;
    if (!isPushEnvelope(data)) return;
    const message = showPushMessage(data.message, open);
    onMessage?.(message);
  };
  source.addEventListener('message', listener);
  return () => source.removeEventListener('message', listener);
}
