import { captureInstallPrompt } from './install-prompt';

/**
 * The installable app's start (bootstrap.tsx): the browser's install offer kept for the landing page, from the first
 * moment (Chromium offers it once); then the service worker, which registers after the page's `load` anyway: its code
 * (workbox-window) loads then too, not before the sign-in page shows.
 */
export function startInstallableApp(): void {
  captureInstallPrompt();
  const register = () => void import('./register').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export { useInstallState, promptInstall, type InstallState } from './install-prompt';
export { useOnlineStatus } from './online-status';
