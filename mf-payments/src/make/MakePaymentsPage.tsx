import { Stack, Tabs } from 'shared-ui';
import { PartyDuesTable } from '../payments-common/PartyDuesTable';
import { PartyPanel } from '../payments-common/PartyPanel';
import { SummaryTiles } from '../payments-common/SummaryTiles';
import { useTabParams } from '../payments-common/useTabParams';
import { RequestPanel } from '../requests/RequestPanel';
import { RequestsList } from '../requests/RequestsList';
import { PayeeCard } from './PayeeCard';

const TABS = [
  { id: 'parties', label: 'Parties' },
  { id: 'requests', label: 'Requests to pay' },
] as const;

/**
 * payments/upi/make: what the unit owes its creditors and the requests addressed to it. `?tab=` picks the view;
 * `?party=` opens a creditor (its open bills, its UPI details, record a payment), `?request=` a request to pay.
 */
export function MakePaymentsPage() {
  const { tab, label, party, request, go, select } = useTabParams(TABS);

  let body;
  if (request) body = <RequestPanel requestId={request} onClose={() => go((url) => url.delete('request'))} />;
  else if (tab === 'requests') body = <RequestsList side="PAYER" tab="requests" />;
  else if (party) body = <PartyPanel side="PAYABLE" accountId={party} onClose={() => go((url) => url.delete('party'))} renderPayee={(detail) => <PayeeCard party={detail} />} />;
  else body = <PartyDuesTable side="PAYABLE" onOpen={(id) => go((url) => url.set('party', id))} />;

  return (
    <Stack gap="md">
      <SummaryTiles side="PAYABLE" />
      <Tabs label="Make payments" tabs={TABS} selected={tab} onSelect={select} />
      <div role="tabpanel" aria-label={label}>
        {body}
      </div>
    </Stack>
  );
}
