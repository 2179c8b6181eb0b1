import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the portal as an app (SPEC.md §1: the home page offers the desktop app).
 *   'installable' the browser handed over its install prompt (`beforeinstallprompt`): an Install button can show it;
 *   'installed'   running as the installed app (display-mode standalone) or just installed (`appinstalled`);
 *   'manual'      no prompt from this browser (Safari, Firefox, or Chrome before it decides the site qualifies, or
 *                 after the prompt was declined): only the browser's own menu can install it.
 */
export type InstallState = 'installable' | 'installed' | 'manual';

/** Chromium's event (not in the DOM typings): prompt() shows the browser's install dialog once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let started = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function runningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  // iOS Safari's own flag for a web app started from the home screen.
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function installState(): InstallState {
  if (installed || runningInstalled()) return 'installed';
  return deferred ? 'installable' : 'manual';
}

/**
 * Listens from the page's start: Chromium fires `beforeinstallprompt` once, soon after load, usually before the
 * landing page has rendered, so the event is kept here until a button asks for it. Called once from bootstrap.
 */
export function captureInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  if (started) return;
  started = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser from showing its own mini bar at a moment the user did not choose; the button shows it.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
  });
}

/** Shows the browser's install dialog (from a user's click, as browsers require). True when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // A prompt can be shown once: whatever the answer, this event is spent (the browser may offer a new one later).
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  changed();
  return outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of installState(). */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, installState, () => 'manual');
}

/** Tests only: forget what was captured, as after a page load. */
export function resetInstallPromptForTests(): void {
  deferred = null;
  installed = false;
  started = false;
  listeners.clear();
}
