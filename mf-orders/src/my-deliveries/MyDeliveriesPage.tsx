import { useMemo } from 'react';
import styled from 'styled-components';
import type { ConsignmentSummary, MyAccount } from 'shared-api';
import { Card, Checkbox, ConsignmentStatusBadge, EmptyState, ErrorPanel, Spinner, Stack, formatDateTime, theme } from 'shared-ui';
import { useMyDeliveries, useRevalidateDeliveries } from '../deliveries-common/deliveries-api';
import { DeliveryCard } from './DeliveryCard';
import { REPORT_EVERY_MS, useLocationConsent, usePositionReporting } from './position';

/** Route access for orders/my-deliveries: whoever can be assigned consignments (the shell's nav shows the link to the same people). */
export const MY_DELIVERIES_ACCESS = {
  allow: (account: MyAccount) => account.customerType === 'SEASON_BOY' || account.deliveryStaff === true,
  denied: 'My Deliveries is for delivery boys: season boys, and employees their owner has marked as delivery staff.',
};

/** New assignments appear within a minute. The app-wide 5-minute deduping would swallow the refresh, so it is shortened here. */
export const MY_DELIVERIES_REFRESH_MS = 60_000;
const LIVE = { refreshInterval: MY_DELIVERIES_REFRESH_MS, dedupingInterval: 2000 };

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;
const Finished = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${theme.space.xs} ${theme.space.sm};
    padding: ${theme.space.sm} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  li:last-child {
    border-bottom: none;
  }
`;

function FinishedToday({ rows }: { rows: readonly ConsignmentSummary[] }) {
  return (
    <Card title="Finished today" aria-label="Finished today">
      {rows.length === 0 ? (
        <Muted>Nothing finished yet today.</Muted>
      ) : (
        <Finished>
          {rows.map((c) => (
            <li key={c.id}>
              <span>
                <strong>{c.barcodeId}</strong> · {c.orderNumber} · {c.tradeName}
              </span>
              <span>
                <ConsignmentStatusBadge status={c.status} /> <Muted as="span">{formatDateTime(c.updatedAt)}</Muted>
              </span>
            </li>
          ))}
        </Finished>
      )}
    </Card>
  );
}

/**
 * orders/my-deliveries: the delivery boy's day on a phone. Each assigned consignment not yet finished is a card with
 * both addresses and its buttons; with the boy's consent, the browser's position is reported while a trip is in
 * transit so the receiver can follow it.
 */
export function MyDeliveriesPage() {
  const { data, error, mutate } = useMyDeliveries(LIVE);
  const revalidate = useRevalidateDeliveries();
  const [consent, setConsent] = useLocationConsent();
  const inTransit = useMemo(() => (data?.active ?? []).filter((c) => c.status === 'IN_TRANSIT').map((c) => c.id), [data]);
  const { problem, retry } = usePositionReporting(inTransit, consent);

  if (error && !data) return <ErrorPanel title="Your deliveries could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading your deliveries" />;

  const refresh = () => Promise.all([mutate(), revalidate()]);

  return (
    <Stack gap="md">
      <Card aria-label="Location sharing">
        <Stack gap="xs">
          <Checkbox
            label="Share my location while a delivery is in transit"
            checked={consent}
            onChange={(e) => {
              setConsent(e.target.checked);
              if (e.target.checked) retry();
            }}
          />
          <Muted>
            The receiver sees how far away you are. Sent from this browser tab at most every {REPORT_EVERY_MS / 1000} seconds, only while a trip is in transit.
            {consent && inTransit.length > 0 && problem === null && ' Sharing now.'}
          </Muted>
          {consent && problem === 'denied' && <Muted role="status">Location is blocked for this site in your browser, so nothing is shared. Allow it in the site settings to share.</Muted>}
          {consent && problem === 'unsupported' && <Muted role="status">This browser cannot tell its location, so nothing is shared.</Muted>}
        </Stack>
      </Card>
      {data.active.length === 0 ? (
        <EmptyState title="Nothing to deliver right now" message="Pickups and deliveries assigned to you appear here; this page checks for new ones every minute." />
      ) : (
        <>
          <SectionTitle>
            {data.active.length === 1 ? '1 consignment' : `${data.active.length} consignments`} to carry
          </SectionTitle>
          {data.active.map((c) => (
            <DeliveryCard key={c.id} consignment={c} onChanged={refresh} />
          ))}
        </>
      )}
      <FinishedToday rows={data.finishedToday} />
    </Stack>
  );
}
