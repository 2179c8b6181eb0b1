import { useState } from 'react';
import useSWR from 'swr';
import { CONNECTIONS_PATHS, PROFILE_PATHS, type Preferences } from 'shared-api';
import { Checkbox, ConfirmDialog, ErrorPanel, toast } from 'shared-ui';
import { api, fetcher, type ApiError } from './client';
import { mutateCache } from './swr-cache';

/** The unit's preferences (SPEC.md §3): minimum order, WhatsApp number, payment QR code, auto approve. */
export function usePreferences() {
  return useSWR<Preferences, ApiError>(PROFILE_PATHS.preferences, fetcher);
}

/** Auto approve has one writer, the connections feature's endpoint; every screen reading preferences refreshes. */
export async function setAutoApprove(autoApprove: boolean): Promise<void> {
  await api.post(CONNECTIONS_PATHS.autoApprove, { autoApprove });
  await mutateCache(PROFILE_PATHS.preferences);
}

/**
 * SPEC.md §4: the seller turns auto approve of connection requests on or off, each with a confirmation prompt.
 * Shown on the profile's preferences and above the seller's customer lists: one component for both.
 */
export function AutoApproveToggle() {
  const { data, error, mutate } = usePreferences();
  const [asking, setAsking] = useState<boolean | null>(null);

  if (error && !data) return <ErrorPanel title="Auto approve could not be loaded" message={error.message} onRetry={() => void mutate()} />;

  return (
    <>
      <Checkbox
        label="Auto approve connection requests: verified traders who ask are connected at once, with access to your inventory"
        checked={data?.autoApprove ?? false}
        disabled={!data}
        onChange={(e) => setAsking(e.currentTarget.checked)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? 'Turn on auto approve?' : 'Turn off auto approve?'}
        message={
          asking
            ? 'Every verified trader who asks to connect from now on is connected at once and sees all your inventory, and may order online. You can still take access away from any customer. Requests already waiting stay for you to decide.'
            : 'New connection requests will wait for you to approve or decline them.'
        }
        confirmLabel={asking ? 'Turn on' : 'Turn off'}
        onConfirm={async () => {
          const on = asking === true;
          await setAutoApprove(on);
          toast.success({ title: on ? 'Auto approve is on' : 'Auto approve is off' });
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
