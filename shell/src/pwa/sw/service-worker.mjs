/* global self */
/*
 * The one service worker at the site root (scope '/'): Workbox's InjectManifest compiles this file into
 * `service-worker.js` in the shell's production build (webpack.app.cjs). One worker, because two at one scope replace
 * each other: web push (worker-events.js) lives in it too, and shared-auth's push.ts subscribes this same worker.
 *
 * What it caches, so that a second visit starts without a network and a redeployed remote still shows at once:
 *   - the shell's own build (hashed chunks, index.html, main.js, manifest, icons): precached when the worker installs;
 *   - entries (pages, /remotes.json, every app's main.js, mf-manifest.json, remoteEntry.js): network first, with a
 *     the last copy (or the precached one) only when the network fails or stays silent for 4 s;
 *   - remotes' content-hashed chunks: cache first, they never change under one name;
 *   - nothing else: API calls (another origin, remotes.json's apiBaseUrl), uploads and the live stream go straight to
 *     the network. See ../cache-rules.ts for the exact rule per request.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { cacheRuleOf } from '../cache-rules.ts';
import './worker-events.js';

/**
 * A server that has not answered in this long is treated as no network: the cached copy starts the portal. The
 * network answer still lands in the cache when it comes, so the next load has it. Online, entries answer in well
 * under a second, so they are never replaced by a cached copy; the 120 s chunk time-out (SPEC.md §9) is the page's.
 */
const NETWORK_TIMEOUT_SECONDS = 4;

const ruleIs = (rule) => ({ request }) => cacheRuleOf(request, self.location.origin) === rule;

/** Offline with nothing in the runtime cache yet: the copy precached at install (same-origin entries and pages). */
const precacheFallback = (url) => ({
  handlerDidError: async ({ request }) => (await matchPrecache(url ?? request.url)) ?? Response.error(),
});

// Remote entries and chunks are <script> loads, which browsers make without CORS: their answers would be opaque
// (status 0, a failure looks like a success) and could not be told apart from a 404 kept for good under cache
// first. Asked for with CORS instead (every remote already answers it: the shell fetches its mf-manifest.json so),
// each answer has its real status, and only a 200 is kept.
const withCors = {
  requestWillFetch: async ({ request }) =>
    request.mode === 'no-cors' ? new Request(request.url, { mode: 'cors', credentials: 'same-origin' }) : request,
};
const cacheable = new CacheableResponsePlugin({ statuses: [200] });

registerRoute(ruleIs('page'), new NetworkOnly({ networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [precacheFallback('/index.html')] }));
registerRoute(
  ruleIs('entry'),
  new NetworkFirst({ cacheName: 'medico-entries', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [withCors, cacheable, precacheFallback()] }),
);

// After the entry route: the shell's main.js and index.html are precached, yet must be answered network first.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ruleIs('chunk'),
  new CacheFirst({
    cacheName: 'medico-chunks',
    plugins: [
      withCors,
      cacheable,
      // Every redeploy adds new names: old ones age out, and a full disk empties this cache rather than failing.
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
