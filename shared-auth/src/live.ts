import { useEffect, useRef } from 'react';
import { NOTIFICATION_PATHS, PATHS, SseParser, type LiveEventName, type LiveStock } from 'shared-api';
import { apiClient, refreshSession } from './client';
import { noteAnswered, noteUnreachable, onReachableAgain } from './reachability';
import { getSession } from './session';
import { mutateCache, swrCache } from './swr-cache';

/*
 * The live channel (ARCHITECTURE §11): one Server-Sent Events stream per tab, read with fetch (EventSource cannot
 * send the Authorization header). Module level, like the session: shared-auth is a federation singleton, so the
 * shell and every remote share this one stream. Events only say what changed; screens revalidate through the API.
 */

/** Reconnect delays: doubling from the first to the last, each drawn from its upper half so tabs do not stampede. */
export const LIVE_RETRY_FIRST_MS = 1000;
export const LIVE_RETRY_MAX_MS = 30_000;
/** A token this close to expiry is refreshed before connecting: the server ends streams whose token has expired. */
const REFRESH_BEFORE_MS = 30_000;

export type LiveListener = (data: unknown) => void;

const listeners = new Map<LiveEventName, Set<LiveListener>>();

interface Run {
  stopped: boolean;
  /** Heard `ready` before: a later one is a reconnection, after which what is shown may be stale. */
  connectedBefore?: boolean;
  controller: AbortController | null;
  wake: (() => void) | null;
}
let current: Run | null = null;

/** SWR keys of the notification queries: `PATHS.notifications` itself, with a query string, or as `[path, params]`. */
function isNotificationKey(key: string): boolean {
  const path = PATHS.notifications;
  // Tuple keys are stored under SWR's stable hash, which starts with the JSON of the first element.
  return key === path || key.startsWith(`${path}?`) || key.startsWith(`@${JSON.stringify(path)},`);
}

/** Refetches every notification query that is shown (the bell, the page) and drops the others' cached answers. */
export async function revalidateNotifications(): Promise<void> {
  const keys = [...swrCache.keys()].filter(isNotificationKey);
  await Promise.all(keys.map((key) => mutateCache(key)));
}

/**
 * What a unit's live notice makes stale (issue 39 item 6), the one mapping from live events to screens: every event
 * that changes what a trader sees (an order placed or accepted, an invoice, a payment received or claimed, a delivery
 * done) writes the unit a notification, and its `notifications` event refetches the shown answers under these API
 * paths: orders, documents and books (/purchases), payments, deliveries, the cart, stock lists (/tenants, /inventory)
 * and the dashboard and the customers lists (not the account, profile or settings under /b2bapp). So does `ready` after a reconnection, and the API answering again after it
 * did not: anything may have changed meanwhile. Search follows `stock` events instead (useLiveStock).
 */
// The dashboard's path is DASHBOARD_PATHS.dashboard, written out: its module builds zod schemas the sign-in page
// must not load (bench/README.md, the landing page).
export const STALE_ON_NOTICE: readonly string[] = ['/orders', '/purchases', '/payments', '/delivery', '/cart', '/tenants', '/inventory', '/b2bapp/stockist/v2/dashboard', '/b2bapp/v2/stockist', '/b2bapp/v2/retailer', '/b2bapp/v2/hospital'];

/** The API path of an SWR key: a path (maybe with a query) or a `[path, params]` tuple under SWR's stable hash. */
export function keyPath(key: string): string | null {
  if (key.startsWith('@')) {
    const quoted = /^@("(?:[^"\\]|\\.)*")/.exec(key)?.[1];
    return quoted ? (JSON.parse(quoted) as string) : null;
  }
  return key.startsWith('/') ? (key.split('?')[0] ?? key) : null;
}

const isStaleOnNotice = (key: string): boolean => {
  const path = keyPath(key);
  return path !== null && STALE_ON_NOTICE.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/** Refetches the shown answers a notice makes stale (STALE_ON_NOTICE). */
export async function revalidateOnNotice(): Promise<void> {
  const keys = [...swrCache.keys()].filter(isStaleOnNotice);
  await Promise.all(keys.map((key) => mutateCache(key)));
}

onReachableAgain(() => {
  void revalidateNotifications();
  void revalidateOnNotice();
});

function dispatch(event: string, raw: string): void {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return;
  }
  if (event === 'ready') noteAnswered();
  if (event === 'ready' || event === 'notifications') void revalidateNotifications();
  if (event === 'notifications') void revalidateOnNotice();
  for (const listener of [...(listeners.get(event as LiveEventName) ?? [])]) {
    try {
      listener(data);
    } catch (error) {
      // One screen's failing listener must not keep the others from hearing the event.
      console.error(error);
    }
  }
}

/** Listens to one event of the live channel; returns the unsubscribe. `ready` also follows every reconnection. */
export function subscribeLive(event: LiveEventName, listener: LiveListener): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function retryDelay(attempt: number): number {
  const ceiling = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_FIRST_MS * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

function sleep(run: Run, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      run.wake = null;
      resolve();
    }
    run.wake = done;
  });
}

/** A fresh enough access token, refreshed first when it is about to expire; null when signed out. */
async function authorization(): Promise<string | null> {
  let session = getSession();
  if (!session) return null;
  const expiresAt = Date.parse(session.expiresAt);
  if (Number.isNaN(expiresAt) || expiresAt - Date.now() < REFRESH_BEFORE_MS) session = await refreshSession();
  return `${session.tokenType} ${session.token}`;
}

type Outcome = 'ended' | 'refused' | 'signed-out';

/** One connection: resolves when the stream ends or fails. `heard` is called once the server said ready. */
async function connect(run: Run, heard: () => void): Promise<Outcome> {
  const header = await authorization();
  if (!header || run.stopped) return 'signed-out';
  const controller = new AbortController();
  run.controller = controller;
  const base = apiClient.defaults.baseURL ?? '';
  const response = await fetch(`${base}${NOTIFICATION_PATHS.live}`, {
    headers: { Authorization: header, Accept: 'text/event-stream' },
    cache: 'no-store',
    signal: controller.signal,
  });
  if (response.status === 401 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'ended';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser((event, data) => {
    if (event === 'ready') {
      if (run.connectedBefore) void revalidateOnNotice();
      run.connectedBefore = true;
      heard();
    }
    dispatch(event, data);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || run.stopped) return 'ended';
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

async function loop(run: Run): Promise<void> {
  let attempt = 0;
  let refusedInARow = 0;
  while (!run.stopped) {
    let outcome: Outcome;
    try {
      outcome = await connect(run, () => {
        attempt = 0;
        refusedInARow = 0;
      });
    } catch (error) {
      // Network failure, abort, or a refresh that failed (that one has already signed the tab out).
      if (!run.stopped && error instanceof TypeError) noteUnreachable();
      outcome = 'ended';
    }
    if (run.stopped || outcome === 'signed-out') break;
    if (outcome === 'refused' && refusedInARow++ === 0) {
      // The token was refused (expired, or the session refreshed elsewhere): refresh once and retry at once.
      try {
        await refreshSession();
        continue;
      } catch {
        break;
      }
    }
    await sleep(run, retryDelay(attempt++));
  }
  if (current === run) current = null;
}

/** Opens this tab's live stream (once; later calls while it runs do nothing). Needs a session. */
export function startLive(): void {
  if (current || typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
  const run: Run = { stopped: false, controller: null, wake: null };
  current = run;
  void loop(run);
}

/** Closes the stream and stops reconnecting (leaving the signed-in pages, logout). */
export function stopLive(): void {
  const run = current;
  if (!run) return;
  current = null;
  run.stopped = true;
  run.controller?.abort();
  run.wake?.();
}

/** The `stock` event's body (shared-api LiveStock), checked by hand: zod stays off the sign-in page. */
function isLiveStock(data: unknown): data is LiveStock {
  const d = data as Partial<LiveStock> | null;
  return typeof d === 'object' && d !== null && typeof d.all === 'boolean' && Array.isArray(d.productIds) && d.productIds.every((id) => typeof id === 'string');
}

/**
 * Calls `onChange` when the stock of one of `productIds` changes at any seller (or after a reconnection, when
 * changes may have been missed): search screens revalidate what they show.
 */
export function useLiveStock(productIds: readonly string[], onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const ids = productIds.join('\n');
  useEffect(() => {
    if (!ids) return undefined;
    const shown = new Set(ids.split('\n'));
    const offStock = subscribeLive('stock', (data) => {
      if (isLiveStock(data) && (data.all || data.productIds.some((id) => shown.has(id)))) latest.current();
    });
    const offReady = subscribeLive('ready', () => latest.current());
    return () => {
      offStock();
      offReady();
    };
  }, [ids]);
}
