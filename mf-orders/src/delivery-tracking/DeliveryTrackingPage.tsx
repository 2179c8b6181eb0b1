import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CONSIGNMENT_STATUS_LABELS, type ConsignmentDetail, type ConsignmentStatus, type TrackingQuery } from 'shared-api';
import { SWRConfig } from 'swr';
import { Button, ButtonLink, EmptyState, ErrorPanel, FilterRow, Select, Spinner, Stack, TextInput, formatNumber, theme } from 'shared-ui';
import { BARCODE_ID, useConsignment, useTracking } from '../deliveries-common/deliveries-api';
import { TrackingCard } from './TrackingCard';

/** Positions arrive at most every 30 s (the delivery boy's page throttles to that): refreshing faster shows nothing new. */
export const TRACKING_REFRESH_MS = 30_000;
/**
 * The app-wide 5-minute deduping (shared-auth's swrConfig) would swallow every 30-second refresh; SWR's own 2 s
 * default only merges bursts, as the notifications bell does.
 */
const LIVE = { refreshInterval: TRACKING_REFRESH_MS, dedupingInterval: 2000 };

type Side = NonNullable<TrackingQuery['side']>;
/** The API's order of urgency, one group each. */
const ON_THE_WAY: readonly ConsignmentStatus[] = ['IN_TRANSIT', 'FAILED', 'COLLECTED', 'ASSIGNED'];
const SIDES: { value: Side; label: string }[] = [
  { value: 'INCOMING', label: 'Incoming (you receive)' },
  { value: 'OUTGOING', label: 'Outgoing (you send or booked)' },
];

const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** Cards under their status, in the order the API answers (most urgent first). */
function Group({ status, items }: { status: ConsignmentStatus; items: readonly ConsignmentDetail[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={CONSIGNMENT_STATUS_LABELS[status]}>
      <Stack gap="sm">
        <SectionTitle>
          {CONSIGNMENT_STATUS_LABELS[status]} ({formatNumber(items.length)})
        </SectionTitle>
        {items.map((c) => (
          <TrackingCard key={c.id} summary={c} detail={c} />
        ))}
      </Stack>
    </section>
  );
}

/** Everything of the caller's still on its way, most urgent first (in transit, then failed, collected, assigned). */
function OnTheWay({ side }: { side: Side | undefined }) {
  const { data, error, mutate } = useTracking(side ? { side } : {});
  if (error && !data) return <ErrorPanel title="Your deliveries could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Muted role="status">Loading…</Muted>;
  if (data.items.length === 0) {
    return (
      <EmptyState
        title="Nothing on its way"
        message={side ? 'Nothing on this side is assigned, collected or in transit right now.' : 'Consignments to and from you appear here once a delivery boy is assigned.'}
      />
    );
  }
  return (
    <Stack gap="lg">
      {ON_THE_WAY.map((status) => (
        <Group key={status} status={status} items={data.items.filter((c) => c.status === status)} />
      ))}
      {data.totalResults > data.items.length && (
        <Muted>
          The {formatNumber(data.items.length)} most urgent of {formatNumber(data.totalResults)} are shown here; <Link to="/orders/orders-overview">all are in the orders overview</Link>.
        </Muted>
      )}
    </Stack>
  );
}

/** One consignment chosen by its barcode (?barcode=MB…), whatever its status. */
function Selected({ barcode }: { barcode: string }) {
  const { data, error, mutate } = useConsignment(barcode);
  if (error && !data) {
    if (error.code === 'E0002' || error.status === 404) {
      return <EmptyState title={`No consignment ${barcode}`} message="Check the barcode: it may be mistyped, or belong to a delivery that is not yours." />;
    }
    return <ErrorPanel title="The consignment could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  }
  if (!data) return <Spinner label="Loading consignment" />;
  return <TrackingCard summary={data} detail={data} />;
}

/**
 * delivery-tracking: the caller's consignments on their way, incoming and outgoing, each with its history, where the
 * delivery boy was last seen, how far is left, and (for the receiver) the pin. `?barcode=MB…` shows one; a scanner
 * typing into the box does the same. Everything refreshes every 30 seconds.
 */
export function DeliveryTrackingPage() {
  const [params, setParams] = useSearchParams();
  const barcode = params.get('barcode')?.trim().toUpperCase() || undefined;
  const side = SIDES.find((s) => s.value === params.get('side'))?.value;
  const [typed, setTyped] = useState(barcode ?? '');
  const [typedError, setTypedError] = useState<string | null>(null);

  function track(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim().toUpperCase();
    if (!BARCODE_ID.test(text)) {
      setTypedError('A barcode looks like MB2611000123.');
      return;
    }
    setTypedError(null);
    setParams({ barcode: text });
  }

  return (
    <SWRConfig value={LIVE}>
      <Stack gap="lg">
        <FilterRow as="form" role="search" aria-label="Track a consignment" onSubmit={track}>
          <label>
            Barcode
            <TextInput
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="MB2611000123"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={20}
              aria-invalid={typedError ? true : undefined}
            />
          </label>
          <Button type="submit" variant="secondary">
            Track
          </Button>
          {!barcode && (
            <label>
              Side
              <Select
                value={side ?? ''}
                placeholder="Both"
                options={SIDES}
                onChange={(e) => setParams(e.target.value ? { side: e.target.value } : {}, { replace: true })}
              />
            </label>
          )}
        </FilterRow>
        {typedError && <Muted role="alert">{typedError}</Muted>}
        {barcode ? (
          <Stack gap="md">
            <Selected barcode={barcode} />
            <div>
              <ButtonLink to="/delivery-tracking" variant="secondary" onClick={() => setTyped('')}>
                Everything on its way
              </ButtonLink>
            </div>
          </Stack>
        ) : (
          <OnTheWay side={side} />
        )}
        <Muted>Refreshed every {TRACKING_REFRESH_MS / 1000} seconds.</Muted>
      </Stack>
    </SWRConfig>
  );
}
