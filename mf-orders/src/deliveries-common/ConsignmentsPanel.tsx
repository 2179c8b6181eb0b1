import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CONSIGNMENT_STATUSES, CONSIGNMENT_STATUS_LABELS, ConsignmentStatus, type ConsignmentKind, type ConsignmentQuery } from 'shared-api';
import { Button, ErrorPanel, FilterRow, Select, Stack, Tabs, TextInput, formatNumber } from 'shared-ui';
import { ConsignmentsTable } from './ConsignmentsTable';
import { BARCODE_ID, consignmentPath, useConsignmentCounts, useConsignments } from './deliveries-api';

type Side = NonNullable<ConsignmentQuery['side']>;
const SIDES: { value: Side; label: string }[] = [
  { value: 'OUTGOING', label: 'Outgoing (you send or booked)' },
  { value: 'INCOMING', label: 'Incoming (you receive)' },
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ALL = 'ALL';

/**
 * Consignments with filters kept in the URL (a row opened and Back returns to the same view): status tabs with
 * counts, side, booked-date range and a search box. A hand barcode scanner types the label's barcode id and presses
 * Enter: an exact barcode id opens that consignment at once; anything else searches.
 */
export function ConsignmentsPanel({ label, kind, showSide = true }: { label: string; kind?: ConsignmentKind; showSide?: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const parsedStatus = ConsignmentStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const side = SIDES.find((s) => s.value === params.get('side'))?.value;
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const search = params.get('search') ?? undefined;
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [typed, setTyped] = useState(search ?? '');

  const filters = { kind, side, from, to, search };
  const list = useConsignments({ ...filters, status, page });
  const counts = useConsignmentCounts(filters);

  /** Changes the filters and goes back to the first page (the old page may not exist under the new filters). */
  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (BARCODE_ID.test(text.toUpperCase())) navigate(consignmentPath(text.toUpperCase()));
    else update({ search: text || undefined });
  }

  const countOf = (s: ConsignmentStatus) => counts.data?.byStatus[s] ?? 0;
  const tabs = [
    { id: ALL, label: counts.data ? `All (${formatNumber(counts.data.total)})` : 'All' },
    ...CONSIGNMENT_STATUSES.map((s) => ({ id: s, label: counts.data ? `${CONSIGNMENT_STATUS_LABELS[s]} (${formatNumber(countOf(s))})` : CONSIGNMENT_STATUS_LABELS[s] })),
  ];

  return (
    <Stack gap="md">
      <FilterRow as="form" role="search" aria-label={`Search ${label.toLowerCase()}`} onSubmit={submitSearch}>
        <label>
          Search or scan a barcode
          <TextInput
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="MB2611000123, order number, trade name"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {showSide && (
          <label>
            Side
            <Select value={side ?? ''} placeholder="Both" options={SIDES} onChange={(e) => update({ side: e.target.value || undefined })} />
          </label>
        )}
        <label>
          Booked from
          <TextInput type="date" value={from ?? ''} max={to} onChange={(e) => update({ from: e.target.value || undefined })} />
        </label>
        <label>
          to
          <TextInput type="date" value={to ?? ''} min={from} onChange={(e) => update({ to: e.target.value || undefined })} />
        </label>
      </FilterRow>
      <Tabs label="Pickup status" tabs={tabs} selected={status ?? ALL} onSelect={(id) => update({ status: id === ALL ? undefined : id })} />
      {list.error && !list.data ? (
        <ErrorPanel title={`${label} could not be loaded`} message={list.error.message} onRetry={() => void list.mutate()} />
      ) : (
        <ConsignmentsTable
          label={label}
          data={list.data}
          loading={list.isLoading || list.isValidating}
          page={page}
          onPageChange={(p) => update({ page: p > 0 ? String(p) : undefined })}
          emptyMessage={search || status || side || from || to ? 'Nothing matches these filters.' : 'Nothing booked yet.'}
        />
      )}
    </Stack>
  );
}
