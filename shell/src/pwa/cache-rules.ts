/**
 * Which caching rule the service worker (shell/src/pwa/sw/service-worker.mjs) gives a request. Kept apart from the
 * worker so jest can check every case without a browser.
 *
 *   'entry'  network first (short time-out), cache as fallback: whatever names other files without a content hash —
 *            the page itself, /remotes.json, main.js, each app's mf-manifest.json and remoteEntry.js. A redeployed
 *            remote is picked up on the next online load; the cached copy only starts the portal without a network.
 *   'chunk'  cache first: a content-hashed chunk (`name.0123abcd.js`) never changes, so a cached copy is always right.
 *   'page'   a navigation (/app/dashboard, /login, ...): network first, the precached index.html when offline.
 *   null     not handled: the browser goes to the network as if there were no worker. API calls, uploads, the live
 *            stream and anything not GET: nothing the API answers is ever cached.
 */
export type CacheRule = 'entry' | 'chunk' | 'page' | null;

/** The files every app's build emits under a fixed name (webpack.app.cjs) plus the shell's run-time config. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'main.js']);
/** webpack.app.cjs: chunkFilename '[name].[contenthash:8].js'. */
const HASHED_CHUNK = /\.[0-9a-f]{8}\.js$/;

export interface RequestFacts {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
}

/**
 * `origin`: the worker's own origin (the shell's). The API lives on another origin (remotes.json's apiBaseUrl) and
 * serves no `.js` or federation files, so matching file names, never origins, can not catch an API answer; the
 * same-origin checks keep the shell's own paths (`/remotes.json`, pages) from matching a look-alike elsewhere.
 */
export function cacheRuleOf({ url, method, mode }: RequestFacts, origin: string): CacheRule {
  if (method !== 'GET') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const sameOrigin = parsed.origin === origin;
  if (mode === 'navigate') return sameOrigin ? 'page' : null;
  const file = parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1);
  if (sameOrigin && parsed.pathname === '/remotes.json') return 'entry';
  if (ENTRY_FILES.has(file)) return 'entry';
  if (HASHED_CHUNK.test(file)) return 'chunk';
  return null;
}
