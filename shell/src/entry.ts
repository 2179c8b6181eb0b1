import type { Session } from 'shared-api';

/** What the shell renders first (bootstrap.tsx): the sign-in page alone, or the whole app. */
export type Entry = 'signed-out' | 'app';

/** The landing page's paths (SPEC.md §2): the only pages the signed-out entry renders. */
export const SIGNED_OUT_PATHS: readonly string[] = ['/', '/login'];

/**
 * A visitor with no stored session opening the landing page gets the signed-out entry: the sign-in page without the
 * router, SWR, single-spa, the API client or the remotes, a third of the app's first download (README "Signed-out
 * entry"). The session is the one shared-auth keeps in localStorage, so this needs no call to the API. Everyone else
 * (a stored session, even an expired one the app will refresh; any other page, public or not) gets the whole app,
 * which behaves as before: a signed-out deep link to /app/... is signed out and sent to '/' there.
 */
export function chooseEntry(pathname: string, session: Session | null): Entry {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return session === null && SIGNED_OUT_PATHS.includes(path) ? 'signed-out' : 'app';
}
