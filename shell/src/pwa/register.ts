// Its own module, not 'shared-auth': the worker registers on the sign-in page, before the app's packages load.
import { SERVICE_WORKER_FILE } from 'shared-auth/src/service-worker-file';
import { Workbox } from 'workbox-window';

/**
 * Registers the one service worker (shell/src/pwa/sw/service-worker.mjs, built by production builds only) at scope '/'.
 * Development servers (`pnpm dev`) and jest have no worker: a worker there would answer from a cache while files
 * change. workbox-window registers after the page's `load`, so installing it (precaching the shell) never competes
 * with the first paint.
 */
export function registerServiceWorker(mode: string | undefined = process.env.NODE_ENV): Workbox | null {
  if (mode !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const workbox = new Workbox(`/${SERVICE_WORKER_FILE}`, { scope: '/' });
  workbox.register().catch((error: unknown) => {
    // The portal works without it (online only, no push): say why in the console, never to the user.
    console.error('[pwa] the service worker could not be registered', error);
  });
  return workbox;
}
