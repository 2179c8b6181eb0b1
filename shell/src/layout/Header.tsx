import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { can, canSearch, canUseCart, logout, useCart, useWarehouses } from 'shared-auth';
import { Avatar, formatCount, theme, VisuallyHidden } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { NotificationBell } from '../notifications/NotificationBell';
import { useProfile } from '../profile/profile-api';
import { AccountMenu } from './AccountMenu';
import { useBasePath } from './base-path';
import { CountBadge, countLabel, headerIcon } from './header-icons';
import { icons } from './icons';
import { SearchBox } from './SearchBox';
import { useDialogFocus } from './use-dialog-focus';
import { useIsPhone } from './use-phone';
import { WarehouseSwitcher } from './WarehouseSwitcher';

/** The id of the phone's navigation drawer, which the header's menu button controls. */
export const NAV_DRAWER_ID = 'nav-drawer';

// Sticky in the page flow rather than fixed, so the page is drawn in one piece wherever it is drawn whole.
const Bar = styled.header<{ $phone: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.header};
  display: flex;
  align-items: center;
  gap: ${({ $phone }) => ($phone ? theme.space.xs : theme.space.md)};
  height: ${theme.layout.header}px;
  padding: ${({ $phone }) => ($phone ? `0 ${theme.space.sm}` : `0 ${theme.space.lg} 0 0`)};
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
  min-width: 0;
  line-height: 1.2;
  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
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
  flex: none;
`;
const IconButton = styled.button`
  ${headerIcon}
  flex: none;
  border: 0;
  background: transparent;
  cursor: pointer;
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
/** The phone's search: over the whole header while open. */
const SearchOverlay = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: 0 ${theme.space.sm};
  background: ${theme.colors.surface};
`;

function CartLink({ unitCode, base }: { unitCode: string; base: string }) {
  const { data: cart } = useCart(unitCode);
  const count = cart?.total.itemCount ?? 0;
  return (
    <IconLink to={`${base}/cart`} aria-label={`Cart, ${formatCount(count, 'item')}`} title="Cart">
      {icons.cart}
      {count > 0 && <CountBadge>{countLabel(count)}</CountBadge>}
    </IconLink>
  );
}

function Logout() {
  return (
    <LogoutButton type="button" onClick={() => void logout()}>
      {icons.logout}
      Logout
    </LogoutButton>
  );
}

/** The phone's search button and, once pressed, the search box over the header with its close button. */
function PhoneSearch() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDialogFocus(ref, open, close);
  return (
    <>
      <IconButton type="button" aria-label="Open search" aria-expanded={open} onClick={() => setOpen(true)}>
        {icons.search}
      </IconButton>
      {open && (
        <SearchOverlay ref={ref} role="search">
          <SearchBox fill onDone={close} />
          <IconButton type="button" aria-label="Close search" onClick={close}>
            {icons.close}
          </IconButton>
        </SearchOverlay>
      )}
    </>
  );
}

export interface HeaderProps {
  /** Phone only: opens the navigation drawer (AppLayout holds its state). */
  onOpenNav?: () => void;
  navOpen?: boolean;
}

/**
 * The 60 px header of SPEC.md §1 for signed-in users. On a phone it keeps the greeting, the bell and the cart in
 * sight; the search becomes a button that opens it over the header, the navigation a drawer behind a menu button,
 * and profile, warehouse and Logout move into the avatar's menu. Back-office staff neither buy nor keep
 * warehouses: no search, cart or warehouse switcher for them.
 */
export function Header({ onOpenNav, navOpen = false }: HeaderProps) {
  const account = useSignedInAccount();
  const base = useBasePath();
  const phone = useIsPhone();
  const { data: profile } = useProfile();
  const staff = profile?.isStaff === true;
  const { data: warehouses } = useWarehouses();
  const city = warehouses?.find((w) => w.isActive)?.market.name;
  // Search and the cart are ordering (issue 33 item 13): not for a role without ORDERS.
  const orders = can(account, 'ORDERS');
  const buyer = canSearch(account.customerType) && !staff && orders;
  const cart = canUseCart(account.customerType) && !staff && orders && <CartLink unitCode={account.unitCode} base={base} />;
  const switcher = !staff && warehouses && warehouses.length > 0 && <WarehouseSwitcher warehouses={warehouses} />;
  const greeting = (
    <Greeting>
      <strong>Hello, {account.firstName}</strong>
      {city && (
        <span data-testid="active-city">
          {icons.location}
          {city}
        </span>
      )}
    </Greeting>
  );

  if (phone) {
    return (
      <Bar $phone>
        <IconButton type="button" aria-label="Open navigation" aria-expanded={navOpen} aria-controls={NAV_DRAWER_ID} onClick={onOpenNav}>
          {icons.menu}
        </IconButton>
        {greeting}
        <Spacer />
        {buyer && <PhoneSearch />}
        <NotificationBell />
        {cart}
        <AccountMenu account={account} profilePath={`${base}/profile`}>
          {switcher}
          <Logout />
        </AccountMenu>
      </Bar>
    );
  }

  return (
    <Bar $phone={false}>
      <Brand to={`${base}/dashboard`} aria-label="Medico home">
        Medico
      </Brand>
      {greeting}
      <Spacer />
      {buyer && <SearchBox />}
      {switcher}
      <NotificationBell />
      {cart}
      {/* Named by its content ("Profile of" + the avatar's name), not aria-label, so what is said matches what is seen. */}
      <Link to={`${base}/profile`} title="Profile">
        <VisuallyHidden>Profile of </VisuallyHidden>
        <Avatar firstName={account.firstName} lastName={account.lastName} size={36} />
      </Link>
      <Logout />
    </Bar>
  );
}
