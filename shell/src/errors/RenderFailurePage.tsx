import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from 'shared-ui';
import { ErrorFrame } from './ErrorPage';

/** SPEC.md §9: the rendering-failure page redirects after 5 seconds. */
export const REDIRECT_AFTER_MS = 5000;

const Page = styled(ErrorFrame)`
  h1 {
    font-size: ${theme.fontSizes.xxl};
    color: ${theme.colors.danger};
  }
  p {
    margin: 0;
    max-width: 560px;
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/**
 * SPEC.md §8 rendering failure: 'Something went wrong', the redirect notice and the error message; after
 * 5 seconds a full page load of '/' (which sends a signed-in user on to the dashboard).
 */
function goHome(): void {
  window.location.assign('/');
}

export function RenderFailurePage({ message, redirect = goHome }: { message: string; redirect?: () => void }) {
  useEffect(() => {
    const timer = setTimeout(redirect, REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [redirect]);

  return (
    <Page role="alert">
      <h1>Something went wrong</h1>
      <p>You will be redirected to the dashboard in 5 seconds.</p>
      <p>Error message: {message}</p>
    </Page>
  );
}

interface State {
  error: Error | null;
}

/** Catches rendering errors of the shell's own tree (remotes have their own boundary in their own roots). */
export class RenderErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] rendering failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RenderFailurePage message={this.state.error.message} /> : this.props.children;
  }
}
