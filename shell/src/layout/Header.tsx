import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { canSearch, canUseCart, logout, useCart, useWarehouses } from 'shared-auth';
import { Avatar, theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { NotificationBell } from '../notifications/NotificationBell';
import { useBasePath } from './base-path';
import { CountBadge, countLabel, headerIcon } from './header-icons';
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
  ${headerIcon}
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
      {count > 0 && <CountBadge>{countLabel(count)}</CountBadge>}
    </IconLink>
  );
}

/** The 60 px header of SPEC.md §1 for signed-in users. */
export function Header() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const { data: warehouses } = useWarehouses();
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
      <NotificationBell />
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
