import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useMyAccount } from 'shared-auth';
import { VOUCHER_KINDS, type JournalsPage, type VoucherKind, type VoucherView } from 'shared-api';
import { Button, ButtonLink, DataTable, ErrorPanel, FigureTiles, Select, Spinner, Stack, formatDate, formatNumber, formatRupees, theme, usePageFor, type DataTableColumn } from 'shared-ui';
import { DocumentLink } from '../books-common/DocumentLink';
import { PeriodPicker } from '../books-common/PeriodPicker';
import { usePeriodParam } from '../books-common/period';
import { VOUCHER_KIND_LABELS } from '../books-common/vouchers';
import { FinancialYearsCard } from './FinancialYearsCard';
import { JOURNALS_PAGE_SIZE, useJournals } from './journals-api';

type Line = VoucherView['lines'][number] & { key: string };

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  max-width: 240px;
`;

const KIND_OPTIONS = VOUCHER_KINDS.map((k) => ({ value: k, label: VOUCHER_KIND_LABELS[k] }));
const isKind = (value: string | null): value is VoucherKind => (VOUCHER_KINDS as readonly string[]).includes(value ?? '');

const LINE_COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'accountName', header: 'Head' },
  { key: 'debitPaise', header: 'Debit', align: 'right', render: (l) => (l.debitPaise ? formatRupees(l.debitPaise) : '') },
  { key: 'creditPaise', header: 'Credit', align: 'right', render: (l) => (l.creditPaise ? formatRupees(l.creditPaise) : '') },
];

function KindTiles({ byKind }: { byKind: JournalsPage['byKind'] }) {
  if (byKind.length === 0) return null;
  const tiles = byKind.map((k) => ({
    label: VOUCHER_KIND_LABELS[k.kind],
    value: formatRupees(k.amountPaise),
    detail: (
      <span>
        {formatNumber(k.count)} {k.count === 1 ? 'voucher' : 'vouchers'}
      </span>
    ),
  }));
  return <FigureTiles aria-label="Vouchers by kind" tiles={tiles} />;
}

/** journals/dashboard: every voucher of a period (what each document posted), by kind, and the financial years. */
export function JournalsDashboardPage() {
  const [params, setParams] = useSearchParams();
  const period = usePeriodParam();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const [page, setPage] = usePageFor(`${period.from}|${period.to}|${kind ?? ''}`);
  const { data, error, isLoading, mutate } = useJournals(period, kind, page);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { data: account } = useMyAccount();

  function toggle(voucherId: string) {
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(voucherId)) next.add(voucherId);
      return next;
    });
  }

  function chooseKind(value: string) {
    const url = new URLSearchParams(params);
    if (value) url.set('kind', value);
    else url.delete('kind');
    setParams(url, { replace: true });
  }

  const columns: DataTableColumn<VoucherView>[] = [
    {
      key: 'toggle',
      header: '',
      width: '1%',
      render: (v) => (
        <Button type="button" size="sm" variant="ghost" aria-expanded={open.has(v.voucherId)} aria-label={`${open.has(v.voucherId) ? 'Hide' : 'Show'} the lines of ${v.documentNumber ?? v.narration}`} onClick={() => toggle(v.voucherId)}>
          {/* A drawn arrow rather than a ▸ character: text shown on a control must be part of its name (WCAG 2.5.3). */}
          <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
            <path d={open.has(v.voucherId) ? 'M2 4l4 4 4-4' : 'M4 2l4 4-4 4'} fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Button>
      ),
    },
    { key: 'date', header: 'Date', render: (v) => formatDate(v.date) },
    { key: 'kind', header: 'Kind', render: (v) => VOUCHER_KIND_LABELS[v.kind] },
    { key: 'documentNumber', header: 'Document', render: (v) => <DocumentLink documentType={v.documentType} documentId={v.documentId} documentNumber={v.documentNumber} /> },
    { key: 'narration', header: 'Narration' },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (v) => formatRupees(v.amountPaise) },
  ];

  return (
    <Stack gap="md">
      <Stack direction="row" gap="md" align="flex-end" justify="space-between" wrap>
        <Stack direction="row" gap="md" align="flex-end" wrap>
          <PeriodPicker />
          <Label>
            Kind
            <Select value={kind ?? ''} placeholder="All kinds" options={KIND_OPTIONS} onChange={(e) => chooseKind(e.currentTarget.value)} />
          </Label>
        </Stack>
        {account?.role === 'OWNER' && <ButtonLink to="/journals/add">Add journal entry</ButtonLink>}
      </Stack>
      {error && !data ? (
        <ErrorPanel title="The vouchers could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading vouchers" />
      ) : (
        <>
          <KindTiles byKind={data.byKind} />
          <DataTable
            label="Vouchers"
            columns={columns}
            rows={data.items}
            rowKey="voucherId"
            loading={isLoading}
            emptyMessage="No vouchers in this period."
            page={data.page}
            pageSize={JOURNALS_PAGE_SIZE}
            totalResults={data.totalResults}
            onPageChange={setPage}
            renderDetail={(v) => (open.has(v.voucherId) ? <DataTable label={`Lines of ${v.documentNumber ?? v.narration}`} columns={LINE_COLUMNS} rows={v.lines.map((l, i) => ({ ...l, key: String(i) }))} rowKey="key" pageSize={Math.max(v.lines.length, 1)} /> : null)}
          />
        </>
      )}
      <FinancialYearsCard />
    </Stack>
  );
}
