import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CLEARANCE_WINDOW, type ClearanceCandidate, type ClearanceOffer } from 'shared-api';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  ErrorPanel,
  ExpiryDate,
  FilterRow,
  ProductLabel,
  Stack,
  TextInput,
  formatDate,
  formatNumber,
  formatRupees,
  theme,
  toast,
  usePageFor,
  type DataTableColumn,
} from 'shared-ui';
import { OFFERS_PAGE_SIZE, OFFER_STATUS_LABELS, endOffer, formatDiscount, useCandidates, useMyOffers } from './clearance-api';
import { ListOfferDialog } from './ListOfferDialog';

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
const Struck = styled.s`
  color: ${theme.colors.textMuted};
`;
const WindowError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

/** A day count from the URL within the window's limits, else the default. */
function daysParam(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 && n <= CLEARANCE_WINDOW.maxDays ? n : fallback;
}

function windowProblem(from: string, to: string): string | null {
  const a = Number(from);
  const b = Number(to);
  if (!/^\d+$/.test(from) || !/^\d+$/.test(to)) return 'Enter whole days.';
  if (b < CLEARANCE_WINDOW.minDays || a > CLEARANCE_WINDOW.maxDays || b > CLEARANCE_WINDOW.maxDays) return `Days from 0 to ${CLEARANCE_WINDOW.maxDays}.`;
  return a > b ? '"From" must not be after "to".' : null;
}

/** From/to days, applied with a button (kept in the URL so the window survives a reload and can be shared). */
function WindowPicker({ fromDays, toDays, onApply }: { fromDays: number; toDays: number; onApply: (from: number, to: number) => void }) {
  const [draft, setDraft] = useState({ from: String(fromDays), to: String(toDays) });
  const problem = windowProblem(draft.from, draft.to);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem) onApply(Number(draft.from), Number(draft.to));
  }
  return (
    <Stack gap="xs">
      <FilterRow as="form" aria-label="Expiry window" onSubmit={submit}>
        <label>
          Expiring from (days)
          <TextInput inputMode="numeric" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value.replace(/\D/g, '') })} />
        </label>
        <label>
          to (days)
          <TextInput inputMode="numeric" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value.replace(/\D/g, '') })} />
        </label>
        <Button type="submit" variant="secondary" disabled={problem !== null}>
          Show batches
        </Button>
      </FilterRow>
      {problem && <WindowError role="alert">{problem}</WindowError>}
    </Stack>
  );
}

const statusTone = { ACTIVE: 'success', ENDED: 'info', SOLD_OUT: 'warning' } as const;

/** The seller's offers, newest first, with "End offer" on the running ones. */
function MyOffers({ offers, page, setPage, onEnded }: { offers: ReturnType<typeof useMyOffers>; page: number; setPage: (page: number) => void; onEnded: () => void }) {
  const { data, error, mutate, isLoading } = offers;
  const [ending, setEnding] = useState<ClearanceOffer | null>(null);

  async function end() {
    if (!ending) return;
    await endOffer(ending.offerId);
    toast.success({ title: 'Offer ended', message: `${ending.productName} (${ending.batchNo}) is no longer offered.` });
    setEnding(null);
    await mutate();
    onEnded();
  }

  if (error) return <ErrorPanel title="Your offers could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  const columns: readonly DataTableColumn<ClearanceOffer>[] = [
    {
      key: 'productName',
      header: 'Product',
      render: (o) => <ProductLabel name={o.productName} pack={o.pack} detail={`Batch ${o.batchNo}`} />,
    },
    { key: 'expiryDate', header: 'Expiry', render: (o) => <ExpiryDate date={o.expiryDate} near daysLeft={o.daysToExpiry} /> },
    {
      key: 'offerPtrPaise',
      header: 'Offer PTR',
      align: 'right',
      render: (o) => (
        <>
          <Struck aria-label={`Regular PTR ${formatRupees(o.ptrPaise)}`}>{formatRupees(o.ptrPaise)}</Struck> {formatRupees(o.offerPtrPaise)}
          <br />
          <Muted>{formatDiscount(o.discountBp)} off</Muted>
        </>
      ),
    },
    { key: 'available', header: 'Left to sell', align: 'right', render: (o) => formatNumber(o.available) },
    { key: 'endsOn', header: 'Ends on', render: (o) => formatDate(o.endsOn) },
    { key: 'nearbyBuyers', header: 'Nearby buyers', render: (o) => (o.nearbyBuyers ? 'Yes' : 'No') },
    { key: 'status', header: 'Status', render: (o) => <Badge tone={statusTone[o.status]}>{OFFER_STATUS_LABELS[o.status]}</Badge> },
    {
      key: 'end',
      header: '',
      render: (o) =>
        o.status === 'ACTIVE' ? (
          <Button size="sm" variant="ghost" onClick={() => setEnding(o)} aria-label={`End offer of ${o.productName} batch ${o.batchNo}`}>
            End offer
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable
        label="My offers"
        columns={columns}
        rows={data?.items ?? []}
        rowKey="offerId"
        loading={isLoading && !data}
        emptyMessage="No offers yet: list a batch above."
        page={page}
        totalResults={data?.totalResults ?? 0}
        pageSize={OFFERS_PAGE_SIZE}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End this offer?"
        message={ending ? `Buyers can no longer buy ${ending.productName} (${ending.batchNo}) at ${formatRupees(ending.offerPtrPaise)}. Orders already placed keep their price.` : ''}
        confirmLabel="End offer"
        variant="danger"
        onConfirm={end}
        onCancel={() => setEnding(null)}
      />
    </>
  );
}

/**
 * stocks/clearance: batches of the active warehouse expiring within a window the seller picks, each listed to clear
 * at a lower PTR until a cut-off; and the seller's offers. Expired batches never appear (the API leaves them out).
 */
export function ClearancePage() {
  const [params, setParams] = useSearchParams();
  const fromDays = daysParam(params.get('from'), CLEARANCE_WINDOW.defaultFrom);
  const toDays = daysParam(params.get('to'), CLEARANCE_WINDOW.defaultTo);
  const candidates = useCandidates(fromDays, toDays);
  const [offersPage, setOffersPage] = usePageFor('');
  const offers = useMyOffers(offersPage);
  const [listing, setListing] = useState<ClearanceCandidate | null>(null);

  const shown = candidates.data ?? { fromDays, toDays };
  const refresh = () => Promise.all([candidates.mutate(), offers.mutate()]);

  const columns: readonly DataTableColumn<ClearanceCandidate>[] = [
    {
      key: 'productName',
      header: 'Product',
      render: (c) => <ProductLabel name={c.productName} pack={c.pack} detail={c.manufacturer} />,
    },
    { key: 'batchNo', header: 'Batch' },
    { key: 'expiryDate', header: 'Expiry', render: (c) => <ExpiryDate date={c.expiryDate} near daysLeft={c.daysToExpiry} /> },
    { key: 'quantity', header: 'In stock', align: 'right', render: (c) => formatNumber(c.quantity) },
    { key: 'reserved', header: 'Promised to orders', align: 'right', render: (c) => (c.reserved ? <Badge tone="warning">{formatNumber(c.reserved)}</Badge> : '0') },
    { key: 'ptrPaise', header: 'PTR', align: 'right', render: (c) => formatRupees(c.ptrPaise) },
    { key: 'mrpPaise', header: 'MRP', align: 'right', render: (c) => formatRupees(c.mrpPaise) },
    {
      key: 'offer',
      header: 'Offer',
      render: (c) =>
        c.offer && c.offer.status === 'ACTIVE' ? (
          <>
            <Badge tone="success">Listed</Badge> {formatRupees(c.offer.offerPtrPaise)} until {formatDate(c.offer.endsOn)}
          </>
        ) : (
          <Button size="sm" onClick={() => setListing(c)} disabled={c.quantity - c.reserved <= 0} aria-label={`List ${c.productName} batch ${c.batchNo}`}>
            List
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <p style={{ margin: 0 }}>
        Pick a window, then list a batch at a lower PTR until a cut-off day. Connected buyers with access see it under “Near expiry” in search; expired
        batches are never offered.
      </p>
      <WindowPicker
        key={`${fromDays}-${toDays}`}
        fromDays={fromDays}
        toDays={toDays}
        onApply={(from, to) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('from', String(from));
            next.set('to', String(to));
            return next;
          })
        }
      />
      {candidates.error ? (
        <ErrorPanel title="The batches could not be loaded" message={candidates.error.message} onRetry={() => void candidates.mutate()} />
      ) : (
        <DataTable
          // Named after the rows it shows: the previous window's stay on screen (busy) until the new one answers.
          label={`Batches expiring in ${shown.fromDays}–${shown.toDays} days`}
          columns={columns}
          rows={candidates.data?.items ?? []}
          rowKey="batchId"
          loading={!candidates.data || shown.fromDays !== fromDays || shown.toDays !== toDays}
          emptyMessage={`No batch in this warehouse expires in ${fromDays}–${toDays} days.`}
          pageSize={20}
        />
      )}
      <Card title="My offers">
        <MyOffers offers={offers} page={offersPage} setPage={setOffersPage} onEnded={() => void candidates.mutate()} />
      </Card>
      {listing && (
        <ListOfferDialog
          candidate={listing}
          onClose={() => setListing(null)}
          onListed={(offer) => {
            setListing(null);
            toast.success({ title: 'Offer listed', message: `${offer.productName} (${offer.batchNo}) at ${formatRupees(offer.offerPtrPaise)} until ${formatDate(offer.endsOn)}.` });
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
