import styled from 'styled-components';
import { useMyAccount, useWarehouses } from 'shared-auth';
import { Avatar, Card, PageHeader, Stack, formatDate, formatPhone, theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${theme.space.sm} ${theme.space.xl};
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${theme.fontWeights.medium};
  }
`;

/** Account details of SPEC.md §3 from /b2bapp/myaccount, and the unit's warehouses. */
export function ProfilePage() {
  const cached = useSignedInAccount();
  const { data } = useMyAccount();
  const account = data ?? cached;
  const { data: warehouses } = useWarehouses();
  const base = useBasePath();
  const rows: [string, string][] = [
    ['First name', account.firstName],
    ['Last name', account.lastName],
    ['Customer type', account.customerType],
    ['Login', account.role === 'OWNER' ? 'Owner' : 'Employee'],
    ['Trade name', account.tradeName],
    ['Unit code', account.unitCode],
    ['Mobile number', formatPhone(account.mobileNumber)],
    ['Email', account.email ?? '—'],
    ['Delivery market', account.deliveryMarket ?? '—'],
    ['Account status', account.activated ? 'Active' : 'Not activated yet'],
    [
      'Subscription',
      account.subscription
        ? `${account.subscription.type}${account.subscription.validUntil ? ` until ${formatDate(account.subscription.validUntil)}` : ''}`
        : '—',
    ],
    ['Trade header', account.tradeHeader ?? '—'],
    ['Trade footer', account.tradeFooter ?? '—'],
    ['Location', account.latitude !== null && account.longitude !== null ? `${account.latitude.toFixed(4)}, ${account.longitude.toFixed(4)}` : '—'],
  ];

  return (
    <>
      <PageHeader title="Profile" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Profile' }]} />
      <Stack gap="lg">
        <Card title="Account">
          <Stack direction="row" gap="xl" align="flex-start" wrap>
            <Avatar firstName={account.firstName} lastName={account.lastName} size={72} />
            <Details>
              {rows.map(([label, value]) => (
                <div key={label} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </Details>
          </Stack>
        </Card>
        <Card title="Warehouses">
          <Details>
            {(warehouses ?? []).map((w) => (
              <div key={w.id} style={{ display: 'contents' }}>
                <dt>{w.displayName}</dt>
                <dd>
                  {w.market.name}
                  {w.isActive ? ' · active' : ''}
                </dd>
              </div>
            ))}
          </Details>
        </Card>
      </Stack>
    </>
  );
}
