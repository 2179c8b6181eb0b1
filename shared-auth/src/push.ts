import { ERROR_CATALOGUE, PATHS, type PushTokenRequest } from 'shared-api';
import { toast } from 'shared-ui';
import { api, isApiError } from './client';
import { getDeviceId, getDeviceType, getOsType } from './device';
import { STORAGE_KEYS, writeJson } from './storage';

/** SPEC.md §9: push messaging uses a service worker at the site root; the shell serves this file. */
export const PUSH_SERVICE_WORKER_FILE = 'firebase-messaging-sw.js';
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

export function createFirebasePushAdapter({ vapidKey, ...options }: FirebasePushConfig): PushAdapter {
  return {
    async getToken() {
      try {
        // Loaded on demand so builds without a Firebase config never download it.
        const [{ getApps, initializeApp }, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
        if (!(await messaging.isSupported())) return null;
        const app = getApps()[0] ?? initializeApp(options);
        const serviceWorkerRegistration = await navigator.serviceWorker.register(`/${PUSH_SERVICE_WORKER_FILE}`);
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

/** Asks for notification permission if it was never answered and says what came of it (SPEC.md §8). */
async function askPermission(): Promise<'granted-now' | 'unchanged'> {
  if (typeof Notification === 'undefined' || Notification.permission === 'granted') return 'unchanged';
  if (Notification.permission === 'denied') {
    // The browser will not ask again; only the user's site settings can change it.
    notice('error', 'Permission Required', 'You need to grant permission to receive notifications');
    return 'unchanged';
  }
  const answer = await Notification.requestPermission();
  if (answer === 'granted') {
    notice('success', 'Permission Granted', 'You can now receive notifications');
    return 'granted-now';
  }
  if (answer === 'denied') notice('error', 'Permission Denied', 'You will not receive notifications');
  else notice('error', 'Permission Required', 'You need to grant permission to receive notifications');
  return 'unchanged';
}

/**
 * SPEC.md §4: once signed in, ask the adapter for a device token and save it with platform WEB. Without a token,
 * ask for the browser's notification permission; if it is granted just now, try the adapter once more.
 */
export async function registerPush(adapter: PushAdapter = localPushAdapter): Promise<PushResult> {
  const token = await adapter.getToken();
  if (token) return saveToken(token);
  if ((await askPermission()) !== 'granted-now') return 'no-token';
  const retried = await adapter.getToken();
  return retried ? saveToken(retried) : 'no-token';
}
