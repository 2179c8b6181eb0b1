import { useSyncExternalStore } from 'react';
import type { MyAccount, Session } from 'shared-api';
import { isMyAccount, isSession } from './guards';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from './storage';

export { STORAGE_KEYS } from './storage';

/*
 * One module-level store, not React context: the shell and every remote render in their own React roots and
 * shared-auth is a Module Federation singleton, so all of them read the same session (SPEC.md §4).
 */

function restoreSession(): Session | null {
  const stored = readJson(STORAGE_KEYS.session);
  return isSession(stored) ? stored : null;
}

let current: Session | null = restoreSession();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = session;
  writeJson(STORAGE_KEYS.session, session);
  emit();
}

/** Forgets the session and the stored user details. The full logout clearing lives in auth-flow's `logout()`. */
export function clearSession(): void {
  current = null;
  removeKey(STORAGE_KEYS.session);
  removeKey(STORAGE_KEYS.userDetails);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** SPEC.md §4: a token is expired when its expiry time is earlier than now. */
export function isTokenExpired(session: Pick<Session, 'expiresAt'>, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(session.expiresAt);
  return Number.isNaN(expiresAt) || expiresAt < now;
}

/** The signed-in user's details (SPEC.md §3), kept so a reload shows the header before the account refetches. */
export function getUserDetails(): MyAccount | null {
  const stored = readJson(STORAGE_KEYS.userDetails);
  return isMyAccount(stored) ? stored : null;
}

export function setUserDetails(account: MyAccount): void {
  writeJson(STORAGE_KEYS.userDetails, account);
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
    current = restoreSession();
    emit();
  });
}
