import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OUTWARD_KINDS, OUTWARD_KIND_LABELS, OutwardKind, type OutwardRow } from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Badge,
  Button,
  ButtonLink,
  DataTable,
  ErrorPanel,
  FigureTiles,
  FilterRow,
  Select,
  Stack,
  TextInput,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  toast,
  type BadgeTone,
  type DataTableColumn,
} from 'shared-ui';
import { OUTWARD_PAGE_SIZE, downloadOutward, useOutwardRegister, type OutwardFilters } from './outward-api';

/** Documents in blue, what left by hand in amber, damage in red: the eye finds the manual entries. */
const KIND_TONES: Readonly<Record<OutwardKind, BadgeTone>> = {
  ORDER: 'info',
  SALE: 'info',
  PURCHASE_RETURN: 'info',
  SAMPLE: 'warning',
  SUPPLIER_RETURN: 'warning',
  TRANSFER: 'warning',
  DAMAGED: 'danger',
  OTHER: 'warning',
};

const COLUMNS: readonly DataTableColumn<OutwardRow>[] = [
  {
    key: 'date',
    header: 'Date',
    render: (r) => (
      <>
        {formatDate(r.date)}
        <br />
        <small title={`Recorded ${formatDateTime(r.at)}`}>{formatDateTime(r.at).split(', ')[1]}</small>
      </>
    ),
  },
  { key: 'kind', header: 'Kind', render: (r) => <Badge tone={KIND_TONES[r.kind]}>{OUTWARD_KIND_LABELS[r.kind]}</Badge> },
  { key: 'documentNumber', header: 'Document', render: (r) => r.documentNumber ?? '—' },
  {
    key: 'partyName',
    header: 'Party',
    render: (r) => (
      <>
        {r.partyName ?? '—'}
        {r.note && (
          <>
            <br />
            <small>{r.note}</small>
          </>
        )}
      </>
    ),
  },
  {
    key: 'productName',
    header: 'Product',
    render: (r) => (
      <>
        {r.productName}
        {r.pack && (
          <>
            <br />
            <small>{r.pack}</small>
          </>
        )}
      </>
    ),
  },
  {
    key: 'batchNo',
    header: 'Batch',
    render: (r) => (
      <>
        {r.batchNo}
        <br />
        <small>Exp {formatDate(r.expiryDate)}</small>
      </>
    ),
  },
  { key: 'quantity', header: 'Quantity', align: 'right', render: (r) => formatNumber(r.quantity) },
  { key: 'valuePaise', header: 'Value at cost', align: 'right', render: (r) => formatRupees(r.valuePaise) },
  { key: 'by', header: 'By', render: (r) => r.by ?? '—' },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the page's URL, so a filtered register can be bookmarked, shared and returned to. */
function filtersOf(params: URLSearchParams): OutwardFilters {
  const date = (v: string | null) => (v && DATE.test(v) ? v : undefined);
  const text = (v: string | null) => v?.trim() || undefined;
  const kind = OutwardKind.safeParse(params.get('kind'));
  const page = Number(params.get('page'));
  return {
    from: date(params.get('from')),
    to: date(params.get('to')),
    product: text(params.get('product')),
    party: text(params.get('party')),
    kind: kind.success ? kind.data : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function paramsOf(filters: OutwardFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '' && !(key === 'page' && value === 0)) next.set(key, String(value));
  return next;
}

const KIND_OPTIONS = OUTWARD_KINDS.map((k) => ({ value: k, label: OUTWARD_KIND_LABELS[k] }));

/**
 * orders/outward-stock-registry and outward-stock-registry: every unit that left the active warehouse (dispatched
 * orders, counter sales, debit notes and manual entries), filtered by period, product, party and kind, with totals
 * and the same rows as CSV or XLSX.
 */
export function OutwardRegisterPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { data, error, isLoading, mutate } = useOutwardRegister(filters);
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const kind = OutwardKind.safeParse(value('kind'));
    setParams(paramsOf({ from: value('from'), to: value('to'), product: value('product'), party: value('party'), kind: kind.success ? kind.data : undefined, page: 0 }));
  }

  async function download(format: 'csv' | 'xlsx') {
    if (!data) return;
    setDownloading(format);
    try {
      await downloadOutward({ ...filters, from: data.from, to: data.to }, format, data);
    } catch (err) {
      toast.error({ title: 'The register could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setDownloading(null);
    }
  }

  const filterKey = params.toString();
  return (
    <Stack gap="md">
      {/* Keyed by the URL: back and forward show the filters of the register they return to. */}
      <form key={filterKey} onSubmit={apply} aria-label="Filters">
        <FilterRow>
          <label>
            From
            <TextInput name="from" type="date" defaultValue={filters.from ?? data?.from ?? ''} />
          </label>
          <label>
            To
            <TextInput name="to" type="date" defaultValue={filters.to ?? data?.to ?? ''} />
          </label>
          <label>
            Product
            <TextInput name="product" type="search" defaultValue={filters.product ?? ''} placeholder="Name contains" maxLength={100} />
          </label>
          <label>
            Party
            <TextInput name="party" type="search" defaultValue={filters.party ?? ''} placeholder="Buyer, supplier, doctor…" maxLength={100} />
          </label>
          <label>
            Kind
            <Select name="kind" defaultValue={filters.kind ?? ''} placeholder="All kinds" options={KIND_OPTIONS} />
          </label>
          <Button type="submit">Apply</Button>
          {filterKey && (
            <Button type="button" variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear
            </Button>
          )}
        </FilterRow>
      </form>

      <Stack direction="row" gap="sm" wrap align="center">
        <ButtonLink to="add" relative="path">
          Add outward entry
        </ButtonLink>
        <Button type="button" variant="secondary" loading={downloading === 'csv'} disabled={!data || downloading !== null} onClick={() => void download('csv')}>
          Download CSV
        </Button>
        <Button type="button" variant="secondary" loading={downloading === 'xlsx'} disabled={!data || downloading !== null} onClick={() => void download('xlsx')}>
          Download XLSX
        </Button>
      </Stack>

      {error && !data ? (
        <ErrorPanel title="The outward stock register could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <>
          <FigureTiles
            aria-label="Totals"
            tiles={[
              { label: 'Entries', value: data && formatNumber(data.totals.entries), detail: data && <small>{`${formatDate(data.from)} – ${formatDate(data.to)}, ${data.warehouseName}`}</small> },
              { label: 'Units out', value: data && formatNumber(data.totals.quantity) },
              { label: 'Value at cost', value: data && formatRupees(data.totals.valuePaise) },
            ]}
          />
          <DataTable
            label="Outward stock"
            columns={COLUMNS}
            rows={data?.items ?? []}
            rowKey="movementId"
            loading={isLoading}
            emptyMessage="No stock left this warehouse in this period with these filters."
            pageSize={OUTWARD_PAGE_SIZE}
            page={data?.page ?? filters.page}
            totalResults={data?.totalResults ?? 0}
            onPageChange={(page) => setParams(paramsOf({ ...filters, page }))}
          />
        </>
      )}
    </Stack>
  );
}
