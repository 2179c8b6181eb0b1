import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { useProfile } from '../profile/profile-api';
import { basePathOf, withoutBase } from './base-path';
import { icons } from './icons';
import { activeLinkFor, DEFAULT_OPEN_GROUP, groupContains, navGroupsFor, type NavGroup, type NavLink } from './nav-groups';
import { useClickOutside } from './use-click-outside';
import { useDialogFocus } from './use-dialog-focus';

/**
 * The rail's column in the page flow: it is as tall as the page, so its background runs to the bottom of a long
 * page (a fixed rail is only as tall as the window, which shows wherever the page is drawn whole, e.g. full-page
 * captures). The navigation itself sticks below the header inside it and overlays the content when open.
 */
const Column = styled.div`
  flex: none;
  width: ${theme.layout.navCollapsed}px;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.border};
`;
const Root = styled.div`
  position: sticky;
  top: ${theme.layout.header}px;
  z-index: ${theme.zIndex.nav};
  display: flex;
  width: max-content;
  height: calc(100vh - ${theme.layout.header}px);
`;
const Rail = styled.nav<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  width: ${({ $open }) => ($open ? theme.layout.navOpen : theme.layout.navCollapsed)}px;
  padding: ${theme.space.sm} 0;
  overflow-y: auto;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.border};
  box-shadow: ${({ $open }) => ($open ? theme.shadows.lg : 'none')};
  transition: width 150ms ease;
`;
const itemStyles = css<{ $active?: boolean; $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  width: 100%;
  min-height: 44px;
  padding: 0 ${({ $open }) => ($open ? theme.space.md : '0')};
  justify-content: ${({ $open }) => ($open ? 'flex-start' : 'center')};
  border: 0;
  border-left: 3px solid ${({ $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: ${({ $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  color: ${({ $active }) => ($active ? theme.colors.primaryHover : theme.colors.text)};
  font: inherit;
  font-weight: ${({ $active }) => ($active ? theme.fontWeights.bold : theme.fontWeights.regular)};
  text-align: left;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;
const ItemButton = styled.button<{ $active?: boolean; $open: boolean }>`
  ${itemStyles}
`;
const ItemLink = styled(Link)<{ $active?: boolean; $open: boolean }>`
  ${itemStyles}
`;
const Label = styled.span`
  flex: 1;
`;
const SubList = styled.ul`
  margin: 0 0 ${theme.space.xs};
  padding: 0;
  list-style: none;
`;
const SubLink = styled(Link)<{ $active: boolean }>`
  display: block;
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.sm} 52px;
  color: ${({ $active }) => ($active ? theme.colors.primaryHover : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? theme.fontWeights.bold : theme.fontWeights.regular)};
  background: ${({ $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  text-decoration: none;
  &:hover {
    color: ${theme.colors.text};
    background: ${theme.colors.surfaceMuted};
  }
`;
const Flyout = styled.div`
  align-self: flex-start;
  min-width: 220px;
  margin-top: ${theme.space.sm};
  padding: ${theme.space.sm} 0;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: 0 ${theme.radii.md} ${theme.radii.md} 0;
  box-shadow: ${theme.shadows.md};
  h3 {
    margin: 0;
    padding: ${theme.space.xs} ${theme.space.md} ${theme.space.sm};
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  a {
    padding-left: ${theme.space.md};
  }
`;

/** A group's sub-links, the same in the open navigation and in the collapsed flyout. */
function GroupLinks({ links, base, activeLink, onNavigate }: { links: readonly NavLink[]; base: string; activeLink: string | null; onNavigate: () => void }) {
  return (
    <SubList>
      {links.map((link) => (
        <li key={link.to}>
          <SubLink to={`${base}${link.to}`} $active={link.to === activeLink} onClick={onNavigate} aria-current={link.to === activeLink ? 'page' : undefined}>
            {link.label}
          </SubLink>
        </li>
      ))}
    </SubList>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.modal};
  background: ${theme.colors.overlay};
`;
const Drawer = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${theme.zIndex.modal};
  display: flex;
  flex-direction: column;
  width: min(${theme.layout.navOpen}px, 85vw);
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.lg};
`;
const DrawerHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex: none;
  height: ${theme.layout.header}px;
  padding: 0 ${theme.space.sm} 0 ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};
  a {
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: ${theme.colors.text};
    cursor: pointer;
  }
`;
const DrawerNav = styled.nav`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space.sm} 0;
  overflow-y: auto;
`;

/** The navigation groups for the signed-in user: back-office staff get theirs once their profile says so. */
function useNavGroups(): NavGroup[] {
  const account = useSignedInAccount();
  const { data: profile } = useProfile();
  const staff = profile?.isStaff === true;
  return useMemo(() => navGroupsFor(account, { staff }), [account, staff]);
}

/**
 * The phone's navigation (SPEC.md §2 on a small screen): a drawer over the page from the left, opened by the
 * header's menu button, groups expandable in place. It closes on following a link, on Escape, on the backdrop
 * and on its close button; focus stays inside while it is open and goes back to the menu button after.
 */
export function NavDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  return open ? <OpenDrawer id={id} onClose={onClose} /> : null;
}

/** Mounted on each opening: it starts from the current page's group. */
function OpenDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { pathname } = useLocation();
  const base = basePathOf(pathname);
  const groups = useNavGroups();
  const activeLink = activeLinkFor(groups, withoutBase(pathname));
  const [expanded, setExpanded] = useState<string | null>(() => groups.find((g) => g.links && groupContains(g, activeLink))?.id ?? DEFAULT_OPEN_GROUP);
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, true, onClose);

  // A page changed by anyone (a link here, the back button, a remote) closes the drawer.
  const [openedAt] = useState(pathname);
  useEffect(() => {
    if (pathname !== openedAt) onClose();
  }, [pathname, openedAt, onClose]);

  return (
    <>
      <Backdrop data-testid="nav-backdrop" onClick={onClose} />
      <Drawer ref={ref} id={id} role="dialog" aria-modal="true" aria-label="Navigation">
        <DrawerHead>
          <Link to={`${base}/dashboard`} onClick={onClose}>
            Medico
          </Link>
          <button type="button" aria-label="Close navigation" onClick={onClose}>
            {icons.close}
          </button>
        </DrawerHead>
        <DrawerNav aria-label="Main navigation">
          {groups.map((group) => {
            const active = groupContains(group, activeLink);
            if (group.to) {
              return (
                <ItemLink key={group.id} to={`${base}${group.to}`} $open $active={active} onClick={onClose} aria-current={active ? 'page' : undefined}>
                  {icons[group.icon]}
                  <Label>{group.label}</Label>
                </ItemLink>
              );
            }
            const isExpanded = expanded === group.id;
            return (
              <div key={group.id}>
                <ItemButton type="button" $open $active={active} aria-expanded={isExpanded} onClick={() => setExpanded(isExpanded ? null : group.id)}>
                  {icons[group.icon]}
                  <Label>{group.label}</Label>
                  {icons.chevronDown}
                </ItemButton>
                {isExpanded && <GroupLinks links={group.links ?? []} base={base} activeLink={activeLink} onNavigate={onClose} />}
              </div>
            );
          })}
        </DrawerNav>
      </Drawer>
    </>
  );
}

/**
 * Left navigation (SPEC.md §2): 64 px collapsed with a flyout of each group's sub-links, 270 px open with the
 * groups expandable in place (Orders expanded on opening). A click outside closes it; the current URL is
 * highlighted, whether it is the /app variant or the top-level one, and whoever changed it (shell or remote).
 */
export function SideNav() {
  const { pathname } = useLocation();
  const base = basePathOf(pathname);
  const groups = useNavGroups();
  const activeLink = activeLinkFor(groups, withoutBase(pathname));

  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(DEFAULT_OPEN_GROUP);
  const [flyout, setFlyout] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const flyoutRef = useRef<HTMLDivElement>(null);
  // A flyout opened from the keyboard takes focus: in the page's order it comes after every group's button.
  const focusFlyout = useRef(false);
  useEffect(() => {
    if (!focusFlyout.current || !flyout) return;
    focusFlyout.current = false;
    flyoutRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [flyout]);

  const closeAll = useCallback(() => {
    setOpen(false);
    setFlyout(null);
  }, []);
  useClickOutside(rootRef, open || flyout !== null, closeAll);

  function toggleNav() {
    setFlyout(null);
    if (!open) setExpanded(DEFAULT_OPEN_GROUP);
    setOpen(!open);
  }

  /** `fromKeyboard`: Enter or Space pressed it (a click event without a pointer's click count). */
  function onGroup(group: NavGroup, fromKeyboard: boolean) {
    if (open) setExpanded((current) => (current === group.id ? null : group.id));
    else {
      setFlyout((current) => (current === group.id ? null : group.id));
      focusFlyout.current = fromKeyboard && flyout !== group.id;
    }
  }

  /** Escape closes the flyout (or the open rail) and gives focus back to the button that opened it. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || (!flyout && !open)) return;
    event.stopPropagation();
    const opener = flyout ? rootRef.current?.querySelector<HTMLElement>(`[data-nav-group="${flyout}"]`) : rootRef.current?.querySelector<HTMLElement>('button[aria-expanded]');
    closeAll();
    opener?.focus();
  }

  const flyoutGroup = groups.find((g) => g.id === flyout);

  return (
    <Column>
      <Root
        ref={rootRef}
        onKeyDown={onKeyDown}
        // Tabbing out of the navigation closes what it had open, as a press outside does.
        onBlur={(e) => {
          if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) closeAll();
        }}
      >
        <Rail $open={open} aria-label="Main navigation">
          <ItemButton type="button" $open={open} onClick={toggleNav} aria-expanded={open} aria-label={open ? 'Collapse navigation' : 'Expand navigation'}>
            {open ? icons.close : icons.menu}
          </ItemButton>
          {groups.map((group) => {
            const active = groupContains(group, activeLink);
            if (group.to) {
              return (
                <ItemLink key={group.id} to={`${base}${group.to}`} $open={open} $active={active} title={group.label} onClick={closeAll} aria-current={active ? 'page' : undefined}>
                  {icons[group.icon]}
                  {open && <Label>{group.label}</Label>}
                </ItemLink>
              );
            }
            const isExpanded = open && expanded === group.id;
            return (
              <div key={group.id}>
                <ItemButton
                  type="button"
                  $open={open}
                  $active={active}
                  title={group.label}
                  aria-expanded={open ? isExpanded : flyout === group.id}
                  data-nav-group={group.id}
                  onClick={(e) => onGroup(group, e.detail === 0)}
                >
                  {icons[group.icon]}
                  {open && <Label>{group.label}</Label>}
                  {open && icons.chevronDown}
                </ItemButton>
                {isExpanded && (
                  <GroupLinks links={group.links ?? []} base={base} activeLink={activeLink} onNavigate={closeAll} />
                )}
              </div>
            );
          })}
        </Rail>
        {!open && flyoutGroup && (
          <Flyout ref={flyoutRef} role="region" aria-label={`${flyoutGroup.label} links`}>
            <h3>{flyoutGroup.label}</h3>
            <GroupLinks links={flyoutGroup.links ?? []} base={base} activeLink={activeLink} onNavigate={closeAll} />
          </Flyout>
        )}
      </Root>
    </Column>
  );
}
