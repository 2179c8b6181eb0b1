import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { ConsignmentList, ConsignmentSummary, DistanceType } from 'shared-api';
import { ConsignmentStatusBadge, DataTable, formatDateTime, theme, type DataTableColumn } from 'shared-ui';
import { CONSIGNMENTS_PAGE_SIZE, consignmentPath } from './deliveries-api';

const DISTANCE_TYPE_LABELS: Record<DistanceType, string> = { NEAR: 'Near', MID: 'Mid', FAR: 'Far' };

const Sub = styled.span`
  display: block;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;
const Notes = styled.span`
  display: inline-block;
  max-width: 16em;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  vertical-align: bottom;
`;
/*
 * DataTable scrolls sideways inside its card; on a 390 px phone the order number stays pinned at the left so every
 * scrolled cell can still be told apart.
 */
const Pinned = styled.div`
  th:first-child,
  td:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    white-space: nowrap;
    box-shadow: 1px 0 0 ${theme.colors.border};
  }
  td:first-child {
    background: ${theme.colors.surface};
  }
  tr:hover td:first-child {
    background: ${theme.colors.primarySoft};
  }
`;

const km = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })} km`);

/** SPEC §3 order list columns, in its order. */
const COLUMNS: readonly DataTableColumn<ConsignmentSummary>[] = [
  {
    key: 'orderNumber',
    header: 'Order number',
    render: (c) => (
      <>
        <Link to={consignmentPath(c.barcodeId)} onClick={(e) => e.stopPropagation()}>
          {c.orderNumber}
        </Link>
        <Sub>{c.barcodeId}</Sub>
      </>
    ),
  },
  { key: 'date', header: 'Date', render: (c) => formatDateTime(c.date) },
  {
    key: 'tradeName',
    header: 'Trade name',
    render: (c) => (
      <>
        {c.tradeName}
        <Sub>{c.role === 'RECEIVER' ? 'Incoming' : c.kind === 'OFFLINE' ? `Offline · ${c.direction === 'COLLECT' ? 'collect' : 'send'}` : 'Outgoing'}</Sub>
      </>
    ),
  },
  { key: 'distanceKm', header: 'Distance', align: 'right', render: (c) => km(c.distanceKm) },
  { key: 'vehicleNumber', header: 'Vehicle number', render: (c) => c.vehicleNumber ?? '—' },
  { key: 'status', header: 'Pickup status', render: (c) => <ConsignmentStatusBadge status={c.status} /> },
  { key: 'notes', header: 'Notes', render: (c) => (c.notes ? <Notes title={c.notes}>{c.notes}</Notes> : '—') },
  { key: 'images', header: 'Images', align: 'right' },
  { key: 'market', header: 'Market' },
  { key: 'items', header: 'Items', align: 'right', render: (c) => (c.kind === 'OFFLINE' ? '—' : c.items) },
  { key: 'deliveries', header: 'Deliveries', align: 'right' },
  { key: 'distanceType', header: 'Distance type', render: (c) => (c.distanceType ? DISTANCE_TYPE_LABELS[c.distanceType] : '—') },
  { key: 'deliveryBoy', header: 'Delivery boy', render: (c) => c.deliveryBoy ?? 'Not assigned' },
];

export interface ConsignmentsTableProps {
  label: string;
  data: ConsignmentList | undefined;
  loading: boolean;
  page: number;
  onPageChange: (page: number) => void;
  emptyMessage?: string;
}

/** The orders overview's table (also the online and offline pickups lists): paged on the server; a row opens the consignment. */
export function ConsignmentsTable({ label, data, loading, page, onPageChange, emptyMessage }: ConsignmentsTableProps) {
  const navigate = useNavigate();
  return (
    <Pinned>
      <DataTable
        label={label}
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowKey="id"
        loading={loading}
        page={page}
        pageSize={CONSIGNMENTS_PAGE_SIZE}
        totalResults={data?.totalResults ?? 0}
        onPageChange={onPageChange}
        onRowClick={(c) => navigate(consignmentPath(c.barcodeId))}
        emptyMessage={emptyMessage}
      />
    </Pinned>
  );
}
