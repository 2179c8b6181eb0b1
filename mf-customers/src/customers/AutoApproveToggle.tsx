import { useState } from 'react';
import { Card, Checkbox, ConfirmDialog, ErrorPanel, toast } from 'shared-ui';
import { useConnectionActions, usePreferences } from './connections-api';

/** SPEC.md §4: the seller turns auto approve on or off, each with a confirmation prompt. */
export function AutoApproveToggle() {
  const { data, error, mutate } = usePreferences();
  const { setAutoApprove } = useConnectionActions();
  const [asking, setAsking] = useState<boolean | null>(null);

  if (error && !data) return <ErrorPanel title="Auto approve could not be loaded" message={error.message} onRetry={() => void mutate()} />;

  return (
    <Card>
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
    </Card>
  );
}
