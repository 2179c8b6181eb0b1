import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EINVOICE_DOCUMENT_LABELS, EINVOICE_STATUSES, EINVOICE_STATUS_LABELS, EInvoiceStatus, type EInvoiceRetryResult, type EInvoiceState } from 'shared-api';
import { isApiError, useMyAccount } from 'shared-auth';
import { Button, DataTable, ErrorPanel, Stack, Tabs, formatDate, formatDateTime, formatNumber, formatRupees, toast, usePageFor, type DataTableColumn } from 'shared-ui';
import { ComplianceSettingsCard } from './ComplianceSettingsCard';
import { EINVOICES_PAGE_SIZE, documentPath, mayActOnEInvoices, retryAllEInvoices, retryEInvoice, useEInvoices } from './e-invoices-api';
import { Irn, toastRetried } from './IrnPanel';
import { EInvoiceStatusBadge } from './labels';

const ALL = 'ALL';

/** What the portal said (or will be asked) of one document, in one cell. */
function portalAnswer(e: EInvoiceState) {
  if (e.status === 'REFUSED') return e.refusal ? `${e.refusal.message} (error ${e.refusal.code})` : '';
  if (e.status === 'PENDING') return '';
  return <Irn>{e.irn}</Irn>;
}

function attemptsCell(e: EInvoiceState) {
  const tries = formatNumber(e.attempts);
  return e.status === 'PENDING' && e.nextAttemptAt ? `${tries} · next ${formatDateTime(e.nextAttemptAt)}` : tries;
}

const resultLine = (r: EInvoiceRetryResult) =>
  r.tried === 0 ? 'Nothing was waiting to be sent.' : `Sent ${formatNumber(r.tried)} again: ${formatNumber(r.registered)} registered, ${formatNumber(r.refused)} refused, ${formatNumber(r.stillPending)} still pending.`;

/**
 * sales/e-invoices: the unit's invoices, credit notes and debit notes by IRN state (issue 34), the queue the
 * owner retries from, and the settings card. `?status=` picks the tab, so a state can be linked.
 */
export function EInvoicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const parsed = EInvoiceStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const [page, setPage] = usePageFor(status ?? '');
  const { data, error, isLoading, mutate } = useEInvoices(status, page);
  const { data: account } = useMyAccount();
  const acts = mayActOnEInvoices(account);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [result, setResult] = useState<EInvoiceRetryResult | null>(null);

  function select(tab: string) {
    const next = new URLSearchParams(params);
    if (tab === ALL) next.delete('status');
    else next.set('status', tab);
    setParams(next, { replace: true });
  }

  async function retryOne(e: EInvoiceState) {
    setRetrying(e.id);
    try {
      toastRetried(await retryEInvoice(e.id));
      await mutate();
    } catch (err) {
      toast.error({ title: `${e.documentNumber} could not be sent again`, message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setRetrying(null);
    }
  }

  async function retryAll() {
    setRetrying(ALL);
    setResult(null);
    try {
      setResult(await retryAllEInvoices());
      await mutate();
    } catch (err) {
      toast.error({ title: 'The documents could not be sent again', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setRetrying(null);
    }
  }

  const counts = data?.counts;
  const total = counts ? EINVOICE_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${formatNumber(n)})`);
  const tabs = [{ id: ALL, label: label('All', total) }, ...EINVOICE_STATUSES.map((s) => ({ id: s, label: label(EINVOICE_STATUS_LABELS[s], counts?.[s]) }))];
  const waiting = (counts?.PENDING ?? 0) + (counts?.REFUSED ?? 0);

  const columns: DataTableColumn<EInvoiceState>[] = [
    { key: 'documentType', header: 'Document', render: (e) => EINVOICE_DOCUMENT_LABELS[e.documentType] },
    {
      key: 'documentNumber',
      header: 'Number',
      // A real link for the keyboard; the row's own click would push the same page a second time.
      render: (e) => (
        <Link to={documentPath(e)} onClick={(ev) => ev.stopPropagation()}>
          {e.documentNumber}
        </Link>
      ),
    },
    { key: 'documentDate', header: 'Date', render: (e) => formatDate(e.documentDate) },
    { key: 'partyName', header: 'Party' },
    { key: 'totalPaise', header: 'Total', align: 'right', render: (e) => formatRupees(e.totalPaise) },
    { key: 'status', header: 'State', render: (e) => <EInvoiceStatusBadge status={e.status} /> },
    { key: 'irn', header: 'IRN / reason', render: portalAnswer },
    { key: 'attempts', header: 'Attempts', render: attemptsCell },
    ...(acts
      ? [
          {
            key: 'action',
            header: '',
            align: 'right' as const,
            render: (e: EInvoiceState) =>
              e.status === 'PENDING' || e.status === 'REFUSED' ? (
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={`Retry ${e.documentNumber}`}
                  loading={retrying === e.id}
                  disabled={retrying !== null}
                  onClick={(ev) => {
                    ev.stopPropagation();
                    void retryOne(e);
                  }}
                >
                  Retry
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const selected = status ?? ALL;
  const emptyMessage = status
    ? `No documents are ${EINVOICE_STATUS_LABELS[status].replace('IRN ', '')}.`
    : 'No document has gone to the portal yet. With e-invoicing on, every B2B invoice, credit note and debit note appears here.';

  return (
    <Stack gap="lg">
      <Stack gap="md">
        {acts && (
          <Stack direction="row" gap="sm" align="center" wrap>
            <Button type="button" loading={retrying === ALL} disabled={retrying !== null || waiting === 0} onClick={() => void retryAll()}>
              Retry all pending
            </Button>
            {result && <p role="status">{resultLine(result)}</p>}
          </Stack>
        )}
        <Tabs label="IRN state" tabs={tabs} selected={selected} onSelect={select} />
        <div role="tabpanel" aria-label={tabs.find((t) => t.id === selected)!.label}>
          {error && !data ? (
            <ErrorPanel title="The e-invoices could not be loaded" message={error.message} onRetry={() => void mutate()} />
          ) : (
            <DataTable
              label="E-invoices"
              columns={columns}
              rows={data?.items ?? []}
              rowKey="id"
              loading={isLoading}
              emptyMessage={emptyMessage}
              page={page}
              pageSize={EINVOICES_PAGE_SIZE}
              totalResults={data?.totalResults ?? 0}
              onPageChange={setPage}
              onRowClick={(e) => navigate(documentPath(e))}
            />
          )}
        </div>
      </Stack>
      <ComplianceSettingsCard />
    </Stack>
  );
}
