import { captureInstallPrompt } from './install-prompt';
import { registerServiceWorker } from './register';

/** The installable app's start (bootstrap.tsx): its service worker, and the browser's install offer kept for the landing page. */
export function startInstallableApp(): void {
  captureInstallPrompt();
  registerServiceWorker();
}

export { useInstallState, promptInstall, type InstallState } from './install-prompt';
export { useOnlineStatus } from './online-status';
