import { Stack, Tabs } from 'shared-ui';
import { PartyDuesTable } from '../payments-common/PartyDuesTable';
import { PartyPanel } from '../payments-common/PartyPanel';
import { SummaryTiles } from '../payments-common/SummaryTiles';
import { useTabParams } from '../payments-common/useTabParams';
import { ClaimsQueue } from '../reconciliation/ClaimsQueue';
import { StatementImport } from '../reconciliation/StatementImport';
import { UnmatchedQueue } from '../reconciliation/UnmatchedQueue';
import { RequestPanel } from '../requests/RequestPanel';
import { RequestsList } from '../requests/RequestsList';
import { CreateRequestForm } from './CreateRequestForm';

const TABS = [
  { id: 'parties', label: 'Parties' },
  { id: 'requests', label: 'Requests' },
  { id: 'claims', label: 'To confirm' },
  { id: 'unmatched', label: 'Unmatched' },
  { id: 'statement', label: 'Bank statement' },
] as const;

/**
 * payments/upi/receive: what parties owe the unit and the money coming in. `?tab=` picks the view; `?party=` opens
 * a party (its open invoices, request or record a payment), `?request=` a payment request, so each can be linked.
 */
export function ReceivePaymentsPage() {
  const { tab, label, party, request, go, select } = useTabParams(TABS);

  let body;
  if (request) body = <RequestPanel requestId={request} onClose={() => go((url) => url.delete('request'))} />;
  else if (tab === 'parties' && party) {
    body = (
      <PartyPanel
        side="RECEIVABLE"
        accountId={party}
        onClose={() => go((url) => url.delete('party'))}
        renderRequestForm={(detail, chosenIds, done) => (
          <CreateRequestForm
            party={detail}
            chosenIds={chosenIds}
            onCancel={done}
            // The new request opens at once, to share its QR while the party is on the phone.
            onCreated={(requestId) =>
              go((url) => {
                url.delete('party');
                url.set('tab', 'requests');
                url.set('request', requestId);
              })
            }
          />
        )}
      />
    );
  } else if (tab === 'parties') body = <PartyDuesTable side="RECEIVABLE" onOpen={(id) => go((url) => url.set('party', id))} />;
  else if (tab === 'requests') body = <RequestsList side="PAYEE" tab="requests" />;
  else if (tab === 'claims') body = <ClaimsQueue />;
  else if (tab === 'unmatched') body = <UnmatchedQueue />;
  else body = <StatementImport />;

  return (
    <Stack gap="md">
      <SummaryTiles side="RECEIVABLE" />
      <Tabs label="Receive payments" tabs={TABS} selected={tab} onSelect={select} />
      <div role="tabpanel" aria-label={label}>
        {body}
      </div>
    </Stack>
  );
}
