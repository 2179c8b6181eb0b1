import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { ErrorPanel } from 'shared-ui';
import { AppProviders } from '../swr-cache';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import type { RemoteAppProps, RemoteLifecycles } from './types';

function RouteErrorBoundary({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  return <RemoteErrorBoundary resetKey={pathname}>{children}</RemoteErrorBoundary>;
}

/**
 * Turns a remote's root component into single-spa parcel lifecycles (own React 19 root). The remote's './app'
 * module exports them: `export const { bootstrap, mount, unmount, update } = createRemoteApp(App);`
 *
 * The root gets the shared SWR cache and theme (AppProviders), its own router on the shell's URL under
 * `basename` (single-spa's patched history keeps both routers in step), and an error boundary.
 */
export function createRemoteApp(App: React.ComponentType): RemoteLifecycles {
  function RemoteRoot({ basename }: RemoteAppProps) {
    return (
      <AppProviders>
        <BrowserRouter basename={basename || '/'}>
          <RouteErrorBoundary>
            <App />
          </RouteErrorBoundary>
        </BrowserRouter>
      </AppProviders>
    );
  }
  RemoteRoot.displayName = `RemoteRoot(${App.displayName || App.name || 'App'})`;

  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: RemoteRoot,
    // Last line of defence when the providers themselves throw.
    errorBoundary: (error) => <ErrorPanel title="Something went wrong" message={error.message} />,
  });
}
