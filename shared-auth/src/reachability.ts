import { useSyncExternalStore } from 'react';

/*
 * Whether the API answers (issue 39 item 6), from what the one API client sees: any answer from the server means it
 * is reachable; no answer at all (network down, DNS, refused, timed out) or a gateway's 502/503/504 means it is not.
 * While it is not, screens keep what they loaded and the shell says since when ("Showing what was loaded at 10:42 —
 * reconnecting"); /health is asked every API_PROBE_MS, and the first answer clears the state and refetches what is
 * on screen. Module level, like the session: shared-auth is a federation singleton.
 */

/** How often the API is asked whether it is back, while it does not answer. */
export const API_PROBE_MS = 5000;

export type Reachability = { reachable: true } | { reachable: false; /** when the last answer came (ms), null: none yet */ loadedAt: number | null };

const REACHABLE: Reachability = { reachable: true };
let state: Reachability = REACHABLE;
let lastAnswerAt: number | null = null;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();
let probeUrl: () => string = () => '/health';

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Where the probe asks (the API's base URL is known only once configured). */
export function setReachabilityProbe(url: () => string): void {
  probeUrl = url;
}

/** The server answered (whatever it said). */
export function noteAnswered(): void {
  lastAnswerAt = Date.now();
  if (state.reachable) return;
  state = REACHABLE;
  if (probe !== null) clearInterval(probe);
  probe = null;
  emit();
  for (const listener of [...backListeners]) listener();
}

/** No answer came (or a gateway said the API is down). */
export function noteUnreachable(): void {
  if (!state.reachable) return;
  state = { reachable: false, loadedAt: lastAnswerAt };
  emit();
  probe = setInterval(() => {
    if (typeof fetch !== 'function') return;
    fetch(probeUrl(), { cache: 'no-store' }).then(
      (res) => (res.ok ? noteAnswered() : undefined),
      () => undefined,
    );
  }, API_PROBE_MS);
  // Under Node (tests) the probe must not keep the process alive; browsers have no unref.
  (probe as { unref?: () => void }).unref?.();
}

/** Calls `listener` each time the API answers again after it did not (what was shown may be stale). */
export function onReachableAgain(listener: () => void): () => void {
  backListeners.add(listener);
  return () => {
    backListeners.delete(listener);
  };
}

export function getReachability(): Reachability {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The API's reachability; re-renders when it goes and comes back. */
export function useReachability(): Reachability {
  return useSyncExternalStore(subscribe, getReachability, () => REACHABLE);
}
