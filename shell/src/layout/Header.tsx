import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { canSearch, canUseCart, logout, useCart, useNotificationsUnread, useWarehouses } from 'shared-auth';
import { Avatar, theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from './base-path';
import { icons } from './icons';
import { SearchBox } from './SearchBox';
import { WarehouseSwitcher } from './WarehouseSwitcher';

// Sticky in the page flow rather than fixed, so the page is drawn in one piece wherever it is drawn whole.
const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.header};
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  height: ${theme.layout.header}px;
  padding: 0 ${theme.space.lg} 0 0;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
`;
const Brand = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: ${theme.layout.navCollapsed}px;
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.primary};
  text-decoration: none;
`;
const Greeting = styled.div`
  display: flex;
  flex-direction: column;
  line-height: 1.2;
  strong {
    font-size: ${theme.fontSizes.lg};
  }
  span {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;
const Spacer = styled.div`
  flex: 1;
`;
const IconLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  color: ${theme.colors.text};
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;
const Badge = styled.span`
  position: absolute;
  top: 0;
  right: -2px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.danger};
  color: ${theme.colors.textOnPrimary};
  font-size: 11px;
  font-weight: ${theme.fontWeights.bold};
  line-height: 18px;
  text-align: center;
`;
const LogoutButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  height: 36px;
  padding: 0 ${theme.space.sm};
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.text};
  font: inherit;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;

function CartLink({ unitCode, base }: { unitCode: string; base: string }) {
  const { data: cart } = useCart(unitCode);
  const count = cart?.total.itemCount ?? 0;
  return (
    <IconLink to={`${base}/cart`} aria-label={`Cart, ${count} items`} title="Cart">
      {icons.cart}
      {count > 0 && <Badge>{count > 99 ? '99+' : count}</Badge>}
    </IconLink>
  );
}

/** The 60 px header of SPEC.md §1 for signed-in users. */
export function Header() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const { data: warehouses } = useWarehouses();
  const { totalResults: unread = 0 } = useNotificationsUnread();
  const city = warehouses?.find((w) => w.isActive)?.market.name;
  const buyer = canSearch(account.customerType);

  return (
    <Bar>
      <Brand to={`${base}/dashboard`} aria-label="Medico home">
        Medico
      </Brand>
      <Greeting>
        <strong>Hello, {account.firstName}</strong>
        {city && (
          <span data-testid="active-city">
            {icons.location}
            {city}
          </span>
        )}
      </Greeting>
      <Spacer />
      {buyer && <SearchBox />}
      {warehouses && warehouses.length > 0 && <WarehouseSwitcher warehouses={warehouses} />}
      <IconLink to={`${base}/notifications`} aria-label={`Notifications, ${unread} unread`} title="Notifications">
        {icons.bell}
        {unread > 0 && <Badge>{unread > 99 ? '99+' : unread}</Badge>}
      </IconLink>
      {canUseCart(account.customerType) && <CartLink unitCode={account.unitCode} base={base} />}
      <Link to={`${base}/profile`} aria-label="Profile" title="Profile">
        <Avatar firstName={account.firstName} lastName={account.lastName} size={36} />
      </Link>
      <LogoutButton type="button" onClick={() => void logout()}>
        {icons.logout}
        Logout
      </LogoutButton>
    </Bar>
  );
}
