import './zod-jitless'; // first: before any zod schema is built
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
// The session store's own file, not 'shared-auth': the same module (the shell provides the singleton), without the
// package's API client, SWR and routing (README "Signed-out entry").
import { getSession } from 'shared-auth/src/session';
import { chooseEntry } from './entry';
import { SignedOutApp } from './public/SignedOutApp';
import type { PublicNavigate } from './public/public-nav';
import { startInstallableApp } from './pwa';
import { loadRemotesConfig } from './remotes/remotes-config';

/** The whole app (router, SWR, remotes, every screen), loaded; calling the result renders it into `root`. */
async function loadApp(root: Root): Promise<() => void> {
  const [{ App }, { start }] = await Promise.all([import('./App'), import('single-spa')]);
  return () => {
    // single-spa patches history so every pushState fires popstate: the shell's router and each remote's router
    // stay on one URL whichever of them navigated.
    start();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  };
}

/**
 * The signed-out entry: the landing page alone. Going to another of its paths ('/' ↔ '/login') stays here; any other
 * page (registration, legal pages, the dashboard once signed in) loads the app, then goes there, as a router link
 * would. If the app cannot be loaded (offline), a full page load of the target says so the usual way.
 */
function renderSignedOut(root: Root): void {
  let leaving = false;
  const navigate: PublicNavigate = (to, options) => {
    const move = () => window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    if (chooseEntry(new URL(to, window.location.href).pathname, getSession()) === 'signed-out') return move();
    if (leaving) return;
    leaving = true;
    loadApp(root).then(
      (show) => {
        move();
        show();
      },
      () => window.location.assign(to),
    );
  };
  root.render(
    <StrictMode>
      <SignedOutApp navigate={navigate} />
    </StrictMode>,
  );
}

async function main() {
  // First: the browser's install offer can come as soon as the page loads (the worker registers after `load`).
  startInstallableApp();
  // API base URL and remote locations come from /remotes.json before anything calls the API or a remote.
  await loadRemotesConfig();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const root = createRoot(rootElement);
  if (chooseEntry(window.location.pathname, getSession()) === 'signed-out') renderSignedOut(root);
  else (await loadApp(root))();
}

void main();
