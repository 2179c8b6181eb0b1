import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import useSWR from 'swr';
import { PATHS, type Employee } from 'shared-api';
import { canManageEmployees, fetcher, useNotificationsUnread, useWarehouses } from 'shared-auth';
import { Card, EmptyState, PageHeader, formatNumber, theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';

/** Dashboard tabs (SPEC.md §2; navigation opens tab=online-pickups). Their numbers arrive with each domain's issue. */
export const DASHBOARD_TABS = [
  { id: 'online-pickups', label: 'Online Pickups', owner: 'the orders and deliveries release' },
  { id: 'offline-pickups', label: 'Offline Pickups', owner: 'the orders and deliveries release' },
  { id: 'orders', label: 'Orders', owner: 'the orders release' },
  { id: 'inventory', label: 'Inventory', owner: 'the inventory release' },
  { id: 'payments', label: 'Bank and UPI', owner: 'the payments release' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

export function tabFromQuery(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.id === value)?.id ?? 'online-pickups';
}

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.lg};
`;
const Tile = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  span {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  strong {
    font-size: ${theme.fontSizes.xl};
  }
  a {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.primary};
  }
`;
const Tabs = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  margin-bottom: ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};
`;
const TabLink = styled(Link)<{ $active: boolean }>`
  padding: ${theme.space.sm} ${theme.space.md};
  border-bottom: 3px solid ${({ $active }) => ($active ? theme.colors.primary : 'transparent')};
  color: ${({ $active }) => ($active ? theme.colors.primaryHover : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? theme.fontWeights.bold : theme.fontWeights.regular)};
  text-decoration: none;
`;

function EmployeesTile({ base }: { base: string }) {
  const { data: employees, error } = useSWR<Employee[]>(PATHS.employees, fetcher);
  return (
    <Card>
      <Tile>
        <span>Employee logins</span>
        <strong>{error ? 'Unavailable' : employees ? formatNumber(employees.length) : '…'}</strong>
        <Link to={`${base}/employees`}>Manage logins</Link>
      </Tile>
    </Card>
  );
}

/** The signed-in home: the account's real figures, and tabs whose sections later releases fill. */
export function DashboardPage() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const [params] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const { data: warehouses } = useWarehouses();
  const { totalResults: unread } = useNotificationsUnread();
  const active = warehouses?.find((w) => w.isActive);
  const current = DASHBOARD_TABS.find((t) => t.id === tab) ?? DASHBOARD_TABS[0];

  return (
    <>
      <PageHeader title="Dashboard" crumbs={[{ label: 'Dashboard' }]} />
      <Tiles>
        <Card>
          <Tile>
            <span>Trade name</span>
            <strong>{account.tradeName}</strong>
            <span>
              {account.customerType} · {account.unitCode}
            </span>
          </Tile>
        </Card>
        <Card>
          <Tile>
            <span>Active warehouse</span>
            <strong>{active?.displayName ?? '…'}</strong>
            <span>{active ? `${active.market.name} · ${warehouses?.length ?? 0} warehouse(s)` : ''}</span>
          </Tile>
        </Card>
        <Card>
          <Tile>
            <span>Unread notifications</span>
            <strong>{unread === undefined ? '…' : formatNumber(unread)}</strong>
            <Link to={`${base}/notifications`}>Open notifications</Link>
          </Tile>
        </Card>
        {canManageEmployees(account.role) && <EmployeesTile base={base} />}
      </Tiles>
      <Tabs role="tablist" aria-label="Dashboard sections">
        {DASHBOARD_TABS.map((t) => (
          <TabLink key={t.id} role="tab" aria-selected={t.id === tab} $active={t.id === tab} to={`${base}/dashboard?tab=${t.id}`}>
            {t.label}
          </TabLink>
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={current.label}>
        <EmptyState
          title={`${current.label}: figures are not available yet`}
          message={`This section is filled by ${current.owner}. Until then it shows no numbers rather than made-up ones.`}
        />
      </div>
    </>
  );
}
