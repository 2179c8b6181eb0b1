import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { theme } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { basePathOf, withoutBase } from './base-path';
import { icons } from './icons';
import { activeLinkFor, DEFAULT_OPEN_GROUP, groupContains, navGroupsFor, type NavGroup, type NavLink } from './nav-groups';
import { useClickOutside } from './use-click-outside';

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

/**
 * Left navigation (SPEC.md §2): 64 px collapsed with a flyout of each group's sub-links, 270 px open with the
 * groups expandable in place (Orders expanded on opening). A click outside closes it; the current URL is
 * highlighted, whether it is the /app variant or the top-level one, and whoever changed it (shell or remote).
 */
export function SideNav() {
  const account = useSignedInAccount();
  const { pathname } = useLocation();
  const base = basePathOf(pathname);
  const groups = useMemo(() => navGroupsFor(account), [account]);
  const activeLink = activeLinkFor(groups, withoutBase(pathname));

  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(DEFAULT_OPEN_GROUP);
  const [flyout, setFlyout] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

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

  function onGroup(group: NavGroup) {
    if (open) setExpanded((current) => (current === group.id ? null : group.id));
    else setFlyout((current) => (current === group.id ? null : group.id));
  }

  const flyoutGroup = groups.find((g) => g.id === flyout);

  return (
    <Column>
      <Root ref={rootRef}>
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
                  onClick={() => onGroup(group)}
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
          <Flyout role="region" aria-label={`${flyoutGroup.label} links`}>
            <h3>{flyoutGroup.label}</h3>
            <GroupLinks links={flyoutGroup.links ?? []} base={base} activeLink={activeLink} onNavigate={closeAll} />
          </Flyout>
        )}
      </Root>
    </Column>
  );
}
