import './zod-jitless'; // first: before any zod schema is built
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './App';
import { startInstallableApp } from './pwa';
import { loadRemotesConfig } from './remotes/remotes-config';

async function main() {
  // First: the browser's install offer can come as soon as the page loads (the worker registers after `load`).
  startInstallableApp();
  // API base URL and remote locations come from /remotes.json before anything calls the API or a remote.
  await loadRemotesConfig();
  // single-spa patches history so every pushState fires popstate: the shell's router and each remote's router
  // stay on one URL whichever of them navigated.
  start();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void main();
