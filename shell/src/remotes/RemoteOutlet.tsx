import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ParcelMount, type RemoteLifecycles } from 'shared-auth';
import { Button, EmptyState, ErrorPanel, Spinner, theme } from 'shared-ui';
import { loadRemoteApp } from './load-remote-app';
import { REMOTE_LABELS, type RemoteName } from './registry';
import { REMOTE_SLOW_AFTER_MS } from './remote-load-plugin';

const Failure = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;

// The federation runtime's code and message help support, not the user: folded away under "Details".
const Details = styled.details`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;

  summary {
    cursor: pointer;
    width: fit-content;
  }
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${theme.space.xxl};
`;

type Outcome = { lifecycles: RemoteLifecycles } | { error: Error };

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The content area of a remote's routes: loads the remote's './app' on the first visit (then cached by the
 * federation runtime) and mounts it as a single-spa parcel with `{ basename }`. A remote that cannot be loaded,
 * or whose lifecycles throw, shows "<Area> could not be loaded" here while header and navigation keep working; one
 * that has not answered after REMOTE_SLOW_AFTER_MS says it is still loading. Retry loads the remote afresh.
 */
export function RemoteOutlet({ remote, basename }: { remote: RemoteName; basename: string }) {
  const [attempt, setAttempt] = useState(0);
  const key = `${remote}#${attempt}`;
  // The outcome belongs to one attempt; a stale one (previous remote or try) means "loading".
  const [outcome, setOutcome] = useState<{ key: string; value: Outcome } | null>(null);
  const current = outcome?.key === key ? outcome.value : null;
  const [slowKey, setSlowKey] = useState<string | null>(null);
  const area = REMOTE_LABELS[remote];
  const retry = () => setAttempt((n) => n + 1);

  useEffect(() => {
    let active = true;
    loadRemoteApp(remote, { fresh: attempt > 0 }).then(
      (lifecycles) => active && setOutcome({ key, value: { lifecycles } }),
      (error: unknown) => active && setOutcome({ key, value: { error: asError(error) } }),
    );
    const slow = setTimeout(() => active && setSlowKey(key), REMOTE_SLOW_AFTER_MS);
    return () => {
      active = false;
      clearTimeout(slow);
    };
  }, [remote, attempt, key]);

  if (!current) {
    if (slowKey === key) {
      return (
        <div role="status">
          <EmptyState
            title={`${area} is still loading…`}
            message="Its server has not answered yet. Keep waiting, or try again."
            action={
              <Button type="button" variant="secondary" onClick={retry}>
                Retry
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <Centered>
        <Spinner size={32} label={`Loading ${area}`} />
      </Centered>
    );
  }
  if ('error' in current) {
    return (
      <Failure>
        <ErrorPanel
          title={`${area} could not be loaded`}
          message="These screens are unreachable right now. The rest of the portal keeps working; try again in a moment."
          onRetry={retry}
        />
        <Details>
          <summary>Details</summary>
          {current.error.message}
        </Details>
      </Failure>
    );
  }
  return (
    <ParcelMount
      key={key}
      lifecycles={current.lifecycles}
      basename={basename}
      onError={(error) => setOutcome({ key, value: { error } })}
    />
  );
}
