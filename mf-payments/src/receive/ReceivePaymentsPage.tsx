import { useSearchParams } from 'react-router-dom';
import { Stack, Tabs } from 'shared-ui';
import { PartyDuesTable } from '../payments-common/PartyDuesTable';
import { PartyPanel } from '../payments-common/PartyPanel';
import { SummaryTiles } from '../payments-common/SummaryTiles';
import { StatementImport } from '../reconciliation/StatementImport';
import { UnmatchedQueue } from '../reconciliation/UnmatchedQueue';
import { RequestPanel } from '../requests/RequestPanel';
import { RequestsList } from '../requests/RequestsList';
import { CreateRequestForm } from './CreateRequestForm';

const TABS = [
  { id: 'parties', label: 'Parties' },
  { id: 'requests', label: 'Requests' },
  { id: 'unmatched', label: 'Unmatched' },
  { id: 'statement', label: 'Bank statement' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const isTab = (v: string | null): v is Tab => TABS.some((t) => t.id === v);

/**
 * payments/upi/receive: what parties owe the unit and the money coming in. `?tab=` picks the view; `?party=` opens
 * a party (its open invoices, request or record a payment), `?request=` a payment request, so each can be linked.
 */
export function ReceivePaymentsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'parties';
  const party = params.get('party') || undefined;
  const request = params.get('request') || undefined;

  function go(change: (url: URLSearchParams) => void) {
    const url = new URLSearchParams(params);
    change(url);
    setParams(url);
  }
  const select = (id: string) =>
    go((url) => {
      for (const key of ['party', 'request', 'status']) url.delete(key);
      if (id === 'parties') url.delete('tab');
      else url.set('tab', id);
    });

  const label = TABS.find((t) => t.id === tab)!.label;
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
