import { stopLive } from './live';
import { clearSession } from './session';
import { clearSwrCache } from './swr-cache';
import { STORAGE_KEYS, removeKey } from './storage';

/**
 * Everything SPEC.md §4 says logout clears: cached queries, the auth header (it is built from the session on
 * every request, so clearing the session removes it), stored user and user details, push tokens, delivery pin
 * and the service worker registration; the live stream stops. Shared by logout and by a failed token refresh.
 */
export async function clearUserData(): Promise<void> {
  // First: the stream would otherwise refill the emptied cache or reconnect with the ended session.
  stopLive();
  clearSwrCache();
  clearSession();
  removeKey(STORAGE_KEYS.pushToken);
  removeKey(STORAGE_KEYS.deliveryPin);
  await unregisterServiceWorkers();
}

async function unregisterServiceWorkers(): Promise<void> {
  try {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // A browser without service workers (or one that refuses) has nothing left to remove.
  }
}
