/**
 * localStorage keys owned by shared-auth, and JSON helpers that never throw: storage can be full, disabled
 * (private mode) or hold a value written by an older version, and none of that may break sign-in.
 */
export const STORAGE_KEYS = {
  session: 'medico.session',
  userDetails: 'medico.user-details',
  swrCache: 'medico.swr-cache',
  pushToken: 'medico.push-token',
  /** Written by the delivery screens (SPEC.md §3 "Delivery pin with expiry time"); cleared on logout. */
  deliveryPin: 'medico.delivery-pin',
} as const;

export function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the app keeps working from memory.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}
