import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from 'shared-ui';

interface Props {
  children: ReactNode;
  /** A new value (the remote navigated elsewhere) clears a caught error, so other screens stay usable. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/** Catches a remote's rendering errors inside its own root: an error panel in the content area, never a broken shell. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[remote] rendering failed', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorPanel title="Something went wrong" message={error.message} onRetry={() => this.setState({ error: null })} />;
  }
}
