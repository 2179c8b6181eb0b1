import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import styled from 'styled-components';
import { Button, Card, ErrorPanel, GlobalStyle, ToastContainer, theme } from 'shared-ui';
import { logout } from '../auth-flow';
import { configureApi, DEFAULT_API_BASE_URL } from '../client';
import { useSession } from '../session';
import { AppProviders } from '../swr-cache';
import { OtpSignInForm } from './OtpSignInForm';
import { ParcelMount } from './ParcelMount';
import type { RemoteLifecycles } from './types';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: ${theme.layout.header}px;
  padding: 0 ${theme.space.lg};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
`;
const Content = styled.main`
  padding: ${theme.space.lg};
`;
const SignIn = styled.div`
  max-width: 420px;
  margin: ${theme.space.xxl} auto;
`;

/** '/app/...' URLs mount the remote under '/app', like the shell does; anything else at top level. */
function basenameOf(pathname: string): string {
  return pathname === '/app' || pathname.startsWith('/app/') ? '/app' : '';
}

/**
 * A minimal frame for running one remote alone on its dev server: sign in against the real API with mobile
 * and OTP, then the remote's lifecycles are mounted exactly as the shell mounts them (a single-spa parcel).
 */
export function DevShell({ lifecycles, title }: { lifecycles: RemoteLifecycles; title: string }) {
  const session = useSession();
  const [error, setError] = useState<Error | null>(null);
  const basename = basenameOf(window.location.pathname);

  return (
    <AppProviders>
      <GlobalStyle />
      <ToastContainer />
      <Bar>
        <strong>{title} · standalone</strong>
        {session && (
          <Button variant="ghost" size="sm" onClick={() => void logout()}>
            Log out
          </Button>
        )}
      </Bar>
      <Content>
        {!session ? (
          <SignIn>
            <Card title="Sign in to the API">
              <OtpSignInForm />
            </Card>
          </SignIn>
        ) : error ? (
          <ErrorPanel title="The remote failed to mount" message={error.message} onRetry={() => setError(null)} />
        ) : (
          <ParcelMount lifecycles={lifecycles} basename={basename} onError={setError} />
        )}
      </Content>
    </AppProviders>
  );
}

/** Entry of a remote's standalone bootstrap: `startStandalone(lifecycles, 'mf-customers')`. */
export function startStandalone(lifecycles: RemoteLifecycles, title: string): void {
  configureApi({ baseURL: process.env.API_URL || DEFAULT_API_BASE_URL });
  // Same history patching as the shell, so the remote behaves identically alone.
  start();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('startStandalone needs an element with id "root"');
  createRoot(rootElement).render(<DevShell lifecycles={lifecycles} title={title} />);
}
