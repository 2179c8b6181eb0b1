import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ParcelMount, type RemoteLifecycles } from 'shared-auth';
import { ErrorPanel, Spinner, theme } from 'shared-ui';
import { loadRemoteApp } from './load-remote-app';
import { REMOTE_LABELS, type RemoteName } from './registry';

// Inside ErrorPanel's paragraph, so a phrasing element (a <details> there would be invalid HTML).
const Details = styled.small`
  display: block;
  margin-top: ${theme.space.sm};
  font-size: ${theme.fontSizes.xs};
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
 * or whose lifecycles throw, shows an error panel here while header and navigation keep working; Retry loads
 * the remote afresh.
 */
export function RemoteOutlet({ remote, basename }: { remote: RemoteName; basename: string }) {
  const [attempt, setAttempt] = useState(0);
  const key = `${remote}#${attempt}`;
  // The outcome belongs to one attempt; a stale one (previous remote or try) means "loading".
  const [outcome, setOutcome] = useState<{ key: string; value: Outcome } | null>(null);
  const current = outcome?.key === key ? outcome.value : null;

  useEffect(() => {
    let active = true;
    loadRemoteApp(remote, { fresh: attempt > 0 }).then(
      (lifecycles) => active && setOutcome({ key, value: { lifecycles } }),
      (error: unknown) => active && setOutcome({ key, value: { error: asError(error) } }),
    );
    return () => {
      active = false;
    };
  }, [remote, attempt, key]);

  if (!current) {
    return (
      <Centered>
        <Spinner size={32} label={`Loading ${REMOTE_LABELS[remote]}`} />
      </Centered>
    );
  }
  if ('error' in current) {
    return (
      <ErrorPanel
        title={`${REMOTE_LABELS[remote]} could not be loaded`}
        message={
          <>
            These screens are unreachable right now. The rest of the portal keeps working; try again in a moment.
            <Details>Details: {current.error.message}</Details>
          </>
        }
        onRetry={() => setAttempt((n) => n + 1)}
      />
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
