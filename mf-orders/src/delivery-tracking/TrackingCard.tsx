import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ConsignmentDetail, ConsignmentSummary } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, ConsignmentStatusBadge, DetailList, Spinner, Stack, formatDateTime, theme, toast } from 'shared-ui';
import { Timeline } from '../deliveries-common/Timeline';
import { CarrierRows } from '../deliveries-common/Transport';
import { consignmentPath, requestCall } from '../deliveries-common/deliveries-api';

const Pin = styled.strong`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xxl};
  letter-spacing: 0.3em;
`;
const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const km = (value: number) => `${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })} km`;

/** OpenStreetMap centred on the point with a marker: no key, no script, opens in the phone's browser or map app. */
export const mapLink = (latitude: number, longitude: number) => `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

/** Which way the goods move for the caller: the receiver (and the owner of an offline COLLECT) waits for them. */
function sideText(c: ConsignmentDetail): string {
  if (c.role === 'ASSIGNEE') return `You carry it from ${c.from.name} to ${c.to.name}`;
  if (c.role === 'RECEIVER' || (c.kind === 'OFFLINE' && c.direction === 'COLLECT')) return `Incoming from ${c.from.name}`;
  return `Outgoing to ${c.to.name}`;
}

function Position({ c }: { c: ConsignmentDetail }) {
  if (c.lastPosition) {
    const { latitude, longitude, at } = c.lastPosition;
    return (
      <>
        <dt>Last position</dt>
        <dd>
          {formatDateTime(at)}
          {c.distanceLeftKm !== null && ` · ${km(c.distanceLeftKm)} left`} ·{' '}
          <a href={mapLink(latitude, longitude)} target="_blank" rel="noopener noreferrer">
            Open map
          </a>
        </dd>
      </>
    );
  }
  if (c.status !== 'IN_TRANSIT') return null;
  return (
    <>
      <dt>Last position</dt>
      <dd>Not shared yet: the delivery boy's phone sends it only with their consent.</dd>
    </>
  );
}

/** One consignment on its way: who carries it, where it was last seen and how far it has left, its pin and history. */
function Tracking({ c }: { c: ConsignmentDetail }) {
  const [calling, setCalling] = useState(false);

  async function askToCall() {
    setCalling(true);
    try {
      await requestCall(c.id);
      toast.success({ title: 'Call requested', message: `${c.assignee?.name ?? 'The delivery boy'} is asked to call you.` });
    } catch (err) {
      toast.error({ title: 'The call could not be requested', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setCalling(false);
    }
  }

  return (
    <Stack gap="md">
      <Muted>{sideText(c)}</Muted>
      <DetailList>
        <CarrierRows c={c} />
        <Position c={c} />
        {c.pinCannotProve && (c.status === 'IN_TRANSIT' || c.status === 'FAILED') && (
          <>
            <dt>Delivery pin</dt>
            <dd>
              <Muted>A pin cannot prove this hand-over: no one but the delivery boy could receive it. He marks it delivered without one, and it is recorded as not pin-proven.</Muted>
            </dd>
          </>
        )}
        {c.pin && (
          <>
            <dt>Your delivery pin</dt>
            <dd>
              <Pin aria-label="Delivery pin">{c.pin.pin}</Pin>
              <Muted>
                Give it only once the goods are in your hands. Valid until {formatDateTime(c.pin.expiresAt)}; {c.pin.triesLeft} {c.pin.triesLeft === 1 ? 'try' : 'tries'} left.
              </Muted>
            </dd>
          </>
        )}
      </DetailList>
      <Stack direction="row" gap="sm" wrap align="center">
        {c.actions.includes('REQUEST_CALL') && (
          <Button variant="secondary" loading={calling} onClick={() => void askToCall()}>
            Ask to call me
          </Button>
        )}
        <Link to={consignmentPath(c.barcodeId)}>All details</Link>
      </Stack>
      <Timeline events={c.timeline} />
    </Stack>
  );
}

/** A consignment's tracking card; `detail` fills it once loaded (the summary titles it meanwhile). */
export function TrackingCard({ summary, detail, error }: { summary: Pick<ConsignmentSummary, 'barcodeId' | 'orderNumber' | 'status'>; detail: ConsignmentDetail | undefined; error?: Error }) {
  const head = detail ?? summary;
  return (
    <Card title={`${head.orderNumber} · ${head.barcodeId}`} actions={<ConsignmentStatusBadge status={head.status} />} aria-label={`Consignment ${head.barcodeId}`}>
      {detail ? <Tracking c={detail} /> : error ? <Muted role="alert">Its details could not be loaded: {error.message}</Muted> : <Spinner label="Loading tracking" />}
    </Card>
  );
}
