import type { ReactAppOrParcel } from 'single-spa-react';

/** What the shell passes to every remote: '/app' under the /app variant of a URL, '' at top level. */
export interface RemoteAppProps {
  basename: string;
}

/**
 * The contract of a remote: its './app' module exports single-spa parcel lifecycles,
 * `export const { bootstrap, mount, unmount, update } = createRemoteApp(App);`
 */
export type RemoteLifecycles = ReactAppOrParcel<RemoteAppProps>;

/** True when a loaded module really is a remote's './app' (a bad deploy must show an error, not crash). */
export function isRemoteLifecycles(value: unknown): value is RemoteLifecycles {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.bootstrap === 'function' && typeof v.mount === 'function' && typeof v.unmount === 'function';
}
