import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MyAccount } from 'shared-api';
import { Avatar, theme, VisuallyHidden } from 'shared-ui';
import { useDismiss } from './use-click-outside';

const Wrapper = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  display: inline-flex;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;
const Panel = styled.div`
  position: fixed;
  top: ${theme.layout.header + 4}px;
  right: ${theme.space.sm};
  z-index: ${theme.zIndex.dropdown};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  width: min(300px, calc(100vw - 2 * ${theme.space.sm}));
  padding: ${theme.space.sm};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.md};
`;
const ProfileLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  text-decoration: none;
  span {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  small {
    color: ${theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;

export interface AccountMenuProps {
  account: Pick<MyAccount, 'firstName' | 'lastName' | 'tradeName'>;
  profilePath: string;
  /** What else the header cannot fit on a phone (the warehouse switcher, the Logout button). */
  children: ReactNode;
}

/**
 * The phone header's account menu: the avatar opens a panel with the profile link, the warehouse switcher and
 * Logout. A disclosure rather than an ARIA menu, since it holds a switcher with its own list. Escape closes it and
 * gives focus back to the avatar; a press outside or following the profile link closes it too.
 */
export function AccountMenu({ account, profilePath, children }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, triggerRef, open, close);

  const name = `${account.firstName} ${account.lastName}`.trim();
  return (
    <Wrapper ref={ref}>
      <Trigger ref={triggerRef} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <VisuallyHidden>Account menu of </VisuallyHidden>
        <Avatar firstName={account.firstName} lastName={account.lastName} size={36} />
      </Trigger>
      {open && (
        <Panel id={panelId}>
          <ProfileLink to={profilePath} onClick={close}>
            <Avatar firstName={account.firstName} lastName={account.lastName} size={36} />
            <span>
              <strong>{name}</strong>
              <small>{account.tradeName} · Profile</small>
            </span>
          </ProfileLink>
          {children}
        </Panel>
      )}
    </Wrapper>
  );
}
