import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import useSWR from 'swr';
import {
  CUSTOMER_TYPE_LABELS,
  CONSIGNMENT_STATUS_LABELS,
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  PATHS,
  type Dashboard,
  type DashboardPeriod,
  type Employee,
  type Figure,
  type SearchedProduct,
  type SoldProduct,
  type StatusCounts,
} from 'shared-api';
import { canManageEmployees, fetcher, useNotificationsUnread, useWarehouses } from 'shared-auth';
import {
  Badge,
  Button,
  Card,
  DataTable,
  ErrorPanel,
  FigureTiles,
  PageHeader,
  Spinner,
  formatCount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatOwed,
  formatRupees,
  theme,
  type DataTableColumn,
  type FigureTile,
} from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { CHART_DAYS, useDashboard, useOrdersGraph, usePickupsGraph } from './dashboard-api';
import { NearExpiryTile } from './NearExpiryTile';

const DashboardChart = lazy(() => import('./DashboardChart'));

/** Tabs of SPEC.md §2's sections; the navigation opens tab=online-pickups. A tab with nothing for the caller's type is hidden. */
export const DASHBOARD_TABS = [
  { id: 'online-pickups', label: 'Online Pickups', shown: (d: Dashboard) => Boolean(d.pickups.online ?? d.pickups.incoming ?? d.pickups.carried) },
  { id: 'offline-pickups', label: 'Offline Pickups', shown: (d: Dashboard) => Boolean(d.pickups.offline) },
  { id: 'orders', label: 'Orders', shown: (d: Dashboard) => Boolean(d.orders ?? d.mostSold) },
  { id: 'inventory', label: 'Inventory', shown: (d: Dashboard) => Boolean(d.inventory ?? d.mostSearched) },
  { id: 'connections', label: 'Connected Users', shown: () => true },
  { id: 'payments', label: 'Bank and UPI', shown: () => true },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

/** The tab named in the query when the caller has it, else the first it has. */
export function tabFor(value: string | null, dashboard: Dashboard): DashboardTab {
  const shown = DASHBOARD_TABS.filter((t) => t.shown(dashboard));
  return (shown.find((t) => t.id === value) ?? shown[0] ?? DASHBOARD_TABS[4]).id;
}

export function periodFromQuery(value: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((p) => p === value) ?? 'DAY';
}

const COLORS = { primary: theme.colors.primary, second: theme.colors.warning, third: theme.colors.success };

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin-bottom: ${theme.space.md};
`;
// Wraps rather than scrolling sideways: on a phone every tab is in sight (issue 38 item 2).
const TabRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};
`;
const TabLink = styled(Link)<{ $active: boolean }>`
  padding: ${theme.space.sm} ${theme.space.md};
  white-space: nowrap;
  border-bottom: 3px solid ${({ $active }) => ($active ? theme.colors.primary : 'transparent')};
  color: ${({ $active }) => ($active ? theme.colors.primaryHover : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? theme.fontWeights.bold : theme.fontWeights.regular)};
  text-decoration: none;
`;
const Panel = styled.div`
  display: grid;
  gap: ${theme.space.md};
  min-width: 0;
`;
const More = styled(Link)`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.primary};
`;

const money = (f: Figure) => formatRupees(f.valuePaise);
const orders = (f: Figure) => formatCount(f.count, 'order');

function Section({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Card title={title} aria-label={title} actions={link ? <More to={link.to}>{link.label}</More> : undefined}>
      {children}
    </Card>
  );
}

function Chart(props: Parameters<typeof DashboardChart>[0]) {
  return (
    <Suspense fallback={<Spinner label="Loading chart" />}>
      <DashboardChart {...props} />
    </Suspense>
  );
}

const dayLabel = (date: string) => formatDate(date).slice(0, 5);

function StatusTiles({ counts }: { counts: StatusCounts }) {
  const shown = Object.entries(counts.byStatus).filter(([, n]) => n > 0) as [keyof typeof CONSIGNMENT_STATUS_LABELS, number][];
  return (
    <FigureTiles
      tiles={[
        { label: 'Total', value: formatNumber(counts.total) },
        ...shown.map(([status, n]) => ({ label: CONSIGNMENT_STATUS_LABELS[status], value: formatNumber(n) })),
      ]}
    />
  );
}

function PickupsPanel({ d, kind, base }: { d: Dashboard; kind: 'ONLINE' | 'OFFLINE'; base: string }) {
  const booked = kind === 'ONLINE' ? d.pickups.online : d.pickups.offline;
  const graph = usePickupsGraph(kind, Boolean(booked));
  const list = kind === 'ONLINE' ? `${base}/orders/online-pickups` : `${base}/orders/offline-pickups`;
  return (
    <Panel>
      {booked && (
        <Section title={kind === 'ONLINE' ? 'Online pickups booked' : 'Offline pickups booked'} link={{ to: list, label: 'Open pickups' }}>
          <StatusTiles counts={booked} />
        </Section>
      )}
      {kind === 'ONLINE' && d.pickups.incoming && (
        <Section title="Deliveries coming to you" link={{ to: `${base}/delivery-tracking`, label: 'Track deliveries' }}>
          <StatusTiles counts={d.pickups.incoming} />
        </Section>
      )}
      {kind === 'ONLINE' && d.pickups.carried && (
        <Section title="Consignments you carry" link={{ to: `${base}/orders/my-deliveries`, label: 'My deliveries' }}>
          <StatusTiles counts={d.pickups.carried} />
        </Section>
      )}
      {booked && (
        <Section title={`Pickups per day, last ${CHART_DAYS} days`}>
          {graph.error ? (
            <ErrorPanel title="The chart could not be loaded" message={graph.error.message} onRetry={() => void graph.mutate()} />
          ) : graph.data ? (
            <Chart
              title={`${kind === 'ONLINE' ? 'Online' : 'Offline'} pickups per day`}
              kind="bar"
              data={graph.data.days.map((x) => ({ day: dayLabel(x.date), count: x.count }))}
              series={[{ key: 'count', label: kind === 'ONLINE' ? 'Online pickups' : 'Offline pickups', color: kind === 'ONLINE' ? COLORS.primary : COLORS.second }]}
            />
          ) : (
            <Spinner label="Loading chart" />
          )}
        </Section>
      )}
    </Panel>
  );
}

const SOLD_COLUMNS: readonly DataTableColumn<SoldProduct>[] = [
  { key: 'name', header: 'Product', render: (p) => `${p.name} · ${p.manufacturer}` },
  { key: 'quantity', header: 'Units', align: 'right', render: (p) => formatNumber(p.quantity) },
  { key: 'value', header: 'Value', align: 'right', render: (p) => formatRupees(p.valuePaise) },
];

function OrdersPanel({ d, base }: { d: Dashboard; base: string }) {
  const graph = useOrdersGraph();
  const { placed, received } = d.orders ?? {};
  const series = [
    ...(received ? [{ key: 'received', label: 'Orders received', color: COLORS.primary }] : []),
    ...(placed ? [{ key: 'placed', label: 'Orders placed', color: COLORS.second }] : []),
  ];
  const hasSales = Boolean(graph.data?.days[0]?.sales);
  return (
    <Panel>
      {received && (
        <Section title="Orders received" link={{ to: `${base}/orders/online-orders`, label: 'Online orders' }}>
          <FigureTiles
            tiles={[
              { label: 'Received', value: money(received.received), detail: orders(received.received) },
              { label: 'Accepted', value: money(received.accepted), detail: orders(received.accepted) },
              { label: 'Rejected', value: formatNumber(received.rejected) },
              { label: 'Awaiting your decision', value: money(received.pending), detail: <More to={`${base}/orders/online-orders`}>{orders(received.pending)}</More> },
            ]}
          />
        </Section>
      )}
      {placed && (
        <Section title="Orders placed" link={{ to: `${base}/purchases/orders`, label: 'Purchase orders' }}>
          <FigureTiles
            tiles={[
              { label: 'Placed', value: money(placed.placed), detail: orders(placed.placed) },
              { label: 'Accepted', value: money(placed.accepted), detail: orders(placed.accepted) },
              { label: 'Rejected', value: formatNumber(placed.rejected) },
              { label: 'Awaiting the seller', value: money(placed.pending), detail: orders(placed.pending) },
            ]}
          />
        </Section>
      )}
      {d.mostSold && (
        <Section title="Most sold" link={{ to: `${base}/sales/reports`, label: 'Sales reports' }}>
          <DataTable label="Most sold products" columns={SOLD_COLUMNS} rows={d.mostSold} rowKey={(p) => p.productId ?? p.name} emptyMessage="Nothing sold in this period." />
        </Section>
      )}
      <Section title={`Per day, last ${CHART_DAYS} days`}>
        {graph.error ? (
          <ErrorPanel title="The charts could not be loaded" message={graph.error.message} onRetry={() => void graph.mutate()} />
        ) : !graph.data ? (
          <Spinner label="Loading chart" />
        ) : (
          <>
            {series.length > 0 && (
              <Chart
                title="Orders per day"
                kind="bar"
                data={graph.data.days.map((x) => ({ day: dayLabel(x.date), received: x.received?.count ?? 0, placed: x.placed?.count ?? 0 }))}
                series={series}
              />
            )}
            {hasSales && (
              <Chart
                title="Sales per day"
                kind="line"
                money
                data={graph.data.days.map((x) => ({ day: dayLabel(x.date), sales: x.sales?.valuePaise ?? 0 }))}
                series={[{ key: 'sales', label: 'Sales (invoiced)', color: COLORS.third }]}
              />
            )}
          </>
        )}
      </Section>
    </Panel>
  );
}

const SEARCHED_COLUMNS: readonly DataTableColumn<SearchedProduct>[] = [
  { key: 'name', header: 'Product', render: (p) => `${p.name} · ${p.manufacturer}` },
  { key: 'hits', header: 'Searches', align: 'right', render: (p) => formatNumber(p.hits) },
  { key: 'stocked', header: 'You stock it', render: (p) => (p.stocked ? <Badge tone="success">In stock</Badge> : <Badge tone="warning">Not stocked</Badge>) },
];

function InventoryPanel({ d, base }: { d: Dashboard; base: string }) {
  const inv = d.inventory;
  return (
    <Panel>
      {inv && (
        <Section title={`Stock in ${inv.warehouseName}`} link={{ to: `${base}/stocks/list`, label: 'Stocks' }}>
          <FigureTiles
            tiles={[
              { label: 'Stock value at PTR', value: formatRupees(inv.inStock.valuePaise), detail: `${formatCount(inv.inStock.batches, 'batch', 'batches')}, ${formatCount(inv.products, 'product')}` },
              { label: 'Out of stock', value: formatCount(inv.outOfStockProducts, 'product') },
              { label: 'Expiring within 30 days', value: formatRupees(inv.nearExpiry.d30.valuePaise), detail: formatCount(inv.nearExpiry.d30.batches, 'batch', 'batches') },
              { label: 'Expiring within 60 days', value: formatRupees(inv.nearExpiry.d60.valuePaise), detail: formatCount(inv.nearExpiry.d60.batches, 'batch', 'batches') },
              { label: 'Expiring within 90 days', value: formatRupees(inv.nearExpiry.d90.valuePaise), detail: formatCount(inv.nearExpiry.d90.batches, 'batch', 'batches') },
              { label: 'Expired', value: formatRupees(inv.expired.valuePaise), detail: <More to={`${base}/stocks/expiry-list`}>{formatCount(inv.expired.batches, 'batch', 'batches')}</More> },
            ]}
          />
        </Section>
      )}
      {d.offers && (
        <Section title="Running schemes" link={{ to: `${base}/stocks/list`, label: 'Stocks' }}>
          <p>{formatCount(d.offers.running, 'batch', 'batches')} on sale with a free-quantity scheme.</p>
          {d.offers.schemes.length > 0 && (
            <DataTable
              label="Running schemes"
              rowKey="batchId"
              rows={d.offers.schemes}
              columns={[
                { key: 'product', header: 'Product', render: (s) => `${s.productName} (${s.batchNo})` },
                { key: 'scheme', header: 'Scheme', render: (s) => `${s.schemeBuy} + ${s.schemeFree}` },
                { key: 'available', header: 'Available', align: 'right', render: (s) => formatNumber(s.available) },
                { key: 'expiry', header: 'Expiry', render: (s) => formatDate(s.expiryDate) },
              ]}
            />
          )}
        </Section>
      )}
      {d.mostSearched && (
        <Section title="Most searched by buyers">
          <DataTable label="Most searched products" columns={SEARCHED_COLUMNS} rows={d.mostSearched} rowKey="productId" emptyMessage="No searches in this period." />
        </Section>
      )}
    </Panel>
  );
}

function ConnectionsPanel({ d, base }: { d: Dashboard; base: string }) {
  const c = d.connections;
  const tiles: FigureTile[] = [
    { label: 'Connected users', value: formatNumber(c.connected) },
    ...(c.withAccess !== undefined ? [{ label: 'With inventory access', value: formatNumber(c.withAccess) }] : []),
    ...(c.pendingReceived !== undefined ? [{ label: 'Requests awaiting you', value: formatNumber(c.pendingReceived) }] : []),
    { label: 'Your requests pending', value: formatNumber(c.pendingSent) },
  ];
  return (
    <Panel>
      <Section title="Connected users" link={{ to: `${base}/customers`, label: 'Connected users' }}>
        <FigureTiles tiles={tiles} />
      </Section>
      {d.preferences && (
        <Section title="Preferences" link={{ to: `${base}/profile`, label: 'Change' }}>
          <FigureTiles
            tiles={[
              { label: 'Minimum order', value: d.preferences.minimumOrderPaise === null ? 'None' : formatRupees(d.preferences.minimumOrderPaise) },
              { label: 'Auto approve', value: d.preferences.autoApprove ? 'On' : 'Off' },
              { label: 'WhatsApp number', value: d.preferences.whatsappNumber ? `+91 ${d.preferences.whatsappNumber}` : 'Not set' },
              { label: 'Payment QR code', value: d.preferences.hasPaymentQr ? 'Uploaded' : 'Not uploaded' },
            ]}
          />
        </Section>
      )}
    </Panel>
  );
}

function PaymentsPanel({ d, base }: { d: Dashboard; base: string }) {
  const p = d.payments;
  return (
    <Panel>
      <Section title="Bank and UPI" link={{ to: `${base}/payments/upi/accounts`, label: 'UPI accounts' }}>
        <FigureTiles
          tiles={[
            { label: 'Primary UPI ID', value: p.primaryUpi ? p.primaryUpi.vpa : 'None', detail: p.primaryUpi?.accountName },
            { label: 'UPI accounts', value: formatNumber(p.upiAccounts) },
            { label: 'Bank accounts', value: formatNumber(p.bankAccounts) },
            { label: 'Payments received', value: money(p.received), detail: <More to={`${base}/payments/upi/receive`}>{formatCount(p.received.count, 'payment')}</More> },
            ...(p.receivablePaise !== undefined ? [{ label: 'Outstanding receivables', value: formatOwed(p.receivablePaise, 'RECEIVABLE') }] : []),
          ]}
        />
      </Section>
    </Panel>
  );
}

function EmployeesCount() {
  const { data, error } = useSWR<Employee[]>(PATHS.employees, fetcher);
  return <>{error ? 'Unavailable' : data ? formatNumber(data.length) : '…'}</>;
}

/** The signed-in home: the unit's figures for the chosen period, by section, with charts. */
export default function DashboardScreen() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const [params, setParams] = useSearchParams();
  const period = periodFromQuery(params.get('period'));
  const { data, error, mutate, isValidating } = useDashboard(period);
  const { data: warehouses } = useWarehouses();
  const { totalResults: unread } = useNotificationsUnread();
  const active = warehouses?.find((w) => w.isActive);
  const tab = data ? tabFor(params.get('tab'), data) : null;
  const current = DASHBOARD_TABS.find((t) => t.id === tab);
  const choosePeriod = (p: DashboardPeriod) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('period', p);
      return next;
    });
  const tabLink = (id: string) => `${base}/dashboard?tab=${id}${period === 'DAY' ? '' : `&period=${period}`}`;

  return (
    <>
      <PageHeader title="Dashboard" crumbs={[{ label: 'Dashboard' }]} />
      <FigureTiles
        tiles={[
          { label: 'Trade name', value: account.tradeName, detail: `${CUSTOMER_TYPE_LABELS[account.customerType]} · ${account.unitCode}` },
          // Back-office staff have no warehouse: no tile waiting for one.
          ...(warehouses?.length === 0
            ? []
            : [{ label: 'Active warehouse', value: active?.displayName, detail: active ? `${active.market.name} · ${formatCount(warehouses?.length ?? 0, 'warehouse')}` : undefined }]),
          { label: 'Unread notifications', value: unread === undefined ? undefined : formatNumber(unread), detail: <More to={`${base}/notifications`}>Open notifications</More> },
          ...(canManageEmployees(account.role)
            ? [{ label: 'Employee logins', value: <EmployeesCount />, detail: <More to={`${base}/employees`}>Manage logins</More> }]
            : []),
        ]}
      />
      <Bar>
        <div role="group" aria-label="Period">
          {DASHBOARD_PERIODS.map((p) => (
            <Button key={p} type="button" size="sm" variant={p === period ? 'primary' : 'ghost'} aria-pressed={p === period} onClick={() => choosePeriod(p)}>
              {DASHBOARD_PERIOD_LABELS[p]}
            </Button>
          ))}
        </div>
        {data && (
          <span aria-live="polite">
            {isValidating ? 'Updating…' : `Since ${formatDateTime(data.since)}`}
          </span>
        )}
      </Bar>
      {error ? (
        <ErrorPanel title="The dashboard could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data || !current ? (
        <Spinner label="Loading the dashboard" />
      ) : (
        <>
          {data.nearExpiry && <NearExpiryTile figures={data.nearExpiry} base={base} />}
          <TabRow role="tablist" aria-label="Dashboard sections">
            {DASHBOARD_TABS.filter((t) => t.shown(data)).map((t) => (
              <TabLink key={t.id} role="tab" aria-selected={t.id === tab} $active={t.id === tab} to={tabLink(t.id)}>
                {t.label}
              </TabLink>
            ))}
          </TabRow>
          <div role="tabpanel" aria-label={current.label}>
            {tab === 'online-pickups' && <PickupsPanel d={data} kind="ONLINE" base={base} />}
            {tab === 'offline-pickups' && <PickupsPanel d={data} kind="OFFLINE" base={base} />}
            {tab === 'orders' && <OrdersPanel d={data} base={base} />}
            {tab === 'inventory' && <InventoryPanel d={data} base={base} />}
            {tab === 'connections' && <ConnectionsPanel d={data} base={base} />}
            {tab === 'payments' && <PaymentsPanel d={data} base={base} />}
          </div>
        </>
      )}
    </>
  );
}
