import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { SalesRegister } from 'shared-api';
import { DataTable, DetailList, ErrorPanel, Spinner, Stack, formatDate, formatRupees, usePageFor, type DataTableColumn } from 'shared-ui';
import { invoicePath } from '../sales-invoices/sales-invoices-api';
import { REGISTER_PAGE_SIZE, reportDetailsPath, useSalesRegister } from './sales-reports-api';

type Row = SalesRegister['items'][number];

const NoWrap = styled(Link)`
  white-space: nowrap;
`;

const Totals = styled(DetailList)`
  align-self: flex-start;
`;

function columns(month: string, drillDown: boolean): DataTableColumn<Row>[] {
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  return [
    {
      key: 'invoiceNumber',
      header: 'Invoice number',
      render: (r) => (
        <NoWrap to={invoicePath(r.invoiceId)} onClick={stop}>
          {r.invoiceNumber}
        </NoWrap>
      ),
    },
    { key: 'invoiceDate', header: 'Date', render: (r) => formatDate(r.invoiceDate) },
    {
      key: 'partyName',
      header: 'Party',
      // From the month's register, a party opens its own invoices of that month.
      render: (r) =>
        drillDown && r.partyUnitCode ? (
          <Link to={reportDetailsPath(month, r.partyUnitCode)} onClick={stop}>
            {r.partyName} ({r.partyUnitCode})
          </Link>
        ) : (
          r.partyName
        ),
    },
    { key: 'partyGstin', header: 'GSTIN', render: (r) => r.partyGstin ?? '—' },
    { key: 'placeOfSupply', header: 'Place of supply' },
    { key: 'taxablePaise', header: 'Taxable', align: 'right', render: (r) => formatRupees(r.taxablePaise) },
    { key: 'cgstPaise', header: 'CGST', align: 'right', render: (r) => formatRupees(r.cgstPaise) },
    { key: 'sgstPaise', header: 'SGST', align: 'right', render: (r) => formatRupees(r.sgstPaise) },
    { key: 'igstPaise', header: 'IGST', align: 'right', render: (r) => formatRupees(r.igstPaise) },
    { key: 'roundOffPaise', header: 'Round-off', align: 'right', render: (r) => formatRupees(r.roundOffPaise) },
    { key: 'totalPaise', header: 'Total', align: 'right', render: (r) => formatRupees(r.totalPaise) },
  ];
}

/** A month's sales register (optionally one party's): the month's totals, then its invoices in number order. */
export function RegisterView({ month, partyUnitCode, drillDown }: { month: string; partyUnitCode?: string; drillDown: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = usePageFor(`${month}|${partyUnitCode ?? ''}`);
  const { data, error, isLoading, mutate } = useSalesRegister(month, partyUnitCode, page);

  if (error && !data) return <ErrorPanel title="The sales register could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading sales register" />;
  const t = data.totals;
  return (
    <Stack gap="md">
      <Totals aria-label="Register totals">
        <dt>Period</dt>
        <dd>
          {formatDate(data.from)} – {formatDate(data.to)}
        </dd>
        <dt>Invoices</dt>
        <dd>{t.invoiceCount}</dd>
        <dt>Taxable value</dt>
        <dd>{formatRupees(t.taxablePaise)}</dd>
        <dt>CGST</dt>
        <dd>{formatRupees(t.cgstPaise)}</dd>
        <dt>SGST</dt>
        <dd>{formatRupees(t.sgstPaise)}</dd>
        <dt>IGST</dt>
        <dd>{formatRupees(t.igstPaise)}</dd>
        <dt>Round-off</dt>
        <dd>{formatRupees(t.roundOffPaise)}</dd>
        <dt>Total</dt>
        <dd>{formatRupees(t.totalPaise)}</dd>
      </Totals>
      <DataTable
        label="Sales register"
        columns={columns(month, drillDown)}
        rows={data.items}
        rowKey="invoiceId"
        loading={isLoading}
        emptyMessage="No invoices in this period."
        page={page}
        pageSize={REGISTER_PAGE_SIZE}
        totalResults={data.totalResults}
        onPageChange={setPage}
        onRowClick={(r) => navigate(invoicePath(r.invoiceId))}
      />
    </Stack>
  );
}
