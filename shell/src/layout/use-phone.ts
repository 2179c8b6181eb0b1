import { useSyncExternalStore } from 'react';
import { theme } from 'shared-ui';

/** shared-ui's phone width: the header collapses and the navigation becomes a drawer, as tables start to scroll. */
export const PHONE_MEDIA = theme.media.phone;

function mediaQuery(): MediaQueryList | null {
  // jsdom and very old browsers have no matchMedia: they get the desktop layout.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_MEDIA) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the window is phone-sized; follows rotation and resizing. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
