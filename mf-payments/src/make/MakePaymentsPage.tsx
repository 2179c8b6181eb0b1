import { useSearchParams } from 'react-router-dom';
import { Stack, Tabs } from 'shared-ui';
import { PartyDuesTable } from '../payments-common/PartyDuesTable';
import { PartyPanel } from '../payments-common/PartyPanel';
import { SummaryTiles } from '../payments-common/SummaryTiles';
import { RequestPanel } from '../requests/RequestPanel';
import { RequestsList } from '../requests/RequestsList';
import { PayeeCard } from './PayeeCard';

const TABS = [
  { id: 'parties', label: 'Parties' },
  { id: 'requests', label: 'Requests to pay' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const isTab = (v: string | null): v is Tab => TABS.some((t) => t.id === v);

/**
 * payments/upi/make: what the unit owes its creditors and the requests addressed to it. `?tab=` picks the view;
 * `?party=` opens a creditor (its open bills, its UPI details, record a payment), `?request=` a request to pay.
 */
export function MakePaymentsPage() {
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

  let body;
  if (request) body = <RequestPanel requestId={request} onClose={() => go((url) => url.delete('request'))} />;
  else if (tab === 'requests') body = <RequestsList side="PAYER" tab="requests" />;
  else if (party) body = <PartyPanel side="PAYABLE" accountId={party} onClose={() => go((url) => url.delete('party'))} renderPayee={(detail) => <PayeeCard party={detail} />} />;
  else body = <PartyDuesTable side="PAYABLE" onOpen={(id) => go((url) => url.set('party', id))} />;

  return (
    <Stack gap="md">
      <SummaryTiles side="PAYABLE" />
      <Tabs label="Make payments" tabs={TABS} selected={tab} onSelect={select} />
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
        {body}
      </div>
    </Stack>
  );
}
