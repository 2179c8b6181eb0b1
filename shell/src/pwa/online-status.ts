import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection, as it reports it: navigator.onLine at start, then its `online` and
 * `offline` events. It cannot tell that a server is down, only that this device has no network (SPEC.md §8's
 * "No Internet Connection").
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

// A browser without navigator.onLine (none today) is taken as online: the banner must never show without cause.
const isOnline = () => navigator.onLine !== false;

/** True while the browser has a network connection; re-renders when it goes and comes back. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
