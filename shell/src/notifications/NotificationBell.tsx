import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Notification } from 'shared-api';
import { listenForPushMessages, useNotificationsUnread } from 'shared-auth';
import { Button, Spinner, theme } from 'shared-ui';
import { CountBadge, countLabel, headerIcon } from '../layout/header-icons';
import { useBasePath } from '../layout/base-path';
import { icons } from '../layout/icons';
import { useDismiss } from '../layout/use-click-outside';
import { NotificationItem } from './NotificationItem';
import { PushOffNotice } from './PushOffNotice';
import { useMarkAllRead, useNotificationActions, useOpenNotification } from './notifications-api';

/** Below this width the panel spans the screen under the header instead of hanging from the bell. */
const PHONE_MAX_PX = 480;

const Wrapper = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  ${headerIcon}
  border: 0;
  background: transparent;
  cursor: pointer;
  &[aria-expanded='true'] {
    background: ${theme.colors.surfaceMuted};
  }
`;
const Panel = styled.section`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: ${theme.zIndex.dropdown};
  display: flex;
  flex-direction: column;
  width: 380px;
  max-height: calc(100vh - ${theme.layout.header + 24}px);
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.md};
  &:focus {
    outline: none;
  }
  @media (max-width: ${PHONE_MAX_PX}px) {
    position: fixed;
    top: ${theme.layout.header + 4}px;
    left: ${theme.space.sm};
    right: ${theme.space.sm};
    width: auto;
  }
`;
const PanelHead = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.sm} ${theme.space.lg};
  border-bottom: 1px solid ${theme.colors.border};
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.md};
  }
`;
const Items = styled.ul`
  flex: 1;
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-y: auto;
  li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;
const Quiet = styled.p`
  margin: 0;
  padding: ${theme.space.lg};
  color: ${theme.colors.textMuted};
  text-align: center;
`;
const PanelFoot = styled.footer`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.lg};
  border-top: 1px solid ${theme.colors.border};
  a {
    color: ${theme.colors.primary};
    font-weight: ${theme.fontWeights.medium};
    text-align: center;
  }
`;

/**
 * The header bell (SPEC.md §1, §7): the unread count, and a panel with the newest 6 unread. A notification opens
 * its subject and is marked read; "Mark all read"; "See all" goes to the notifications page. It also shows the
 * pushes the service worker hands to this tab as toasts (SPEC.md §9).
 */
export function NotificationBell() {
  const base = useBasePath();
  const { totalResults: unread = 0, items, error, mutate } = useNotificationsUnread();
  const { revalidate } = useNotificationActions();
  const openNotification = useOpenNotification();
  const [open, setOpen] = useState(false);
  const { readAll, marking } = useMarkAllRead();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapperRef, triggerRef, open, close);

  // A push also means the lists are out of date; the live channel usually said so already, this covers its gaps.
  useEffect(
    () =>
      listenForPushMessages(
        () => void revalidate(),
        (m) => openNotification({ id: m.notificationId, type: m.type, title: m.title, body: m.body, link: m.link, read: false, createdAt: new Date().toISOString() }),
      ),
    [revalidate, openNotification],
  );

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  function choose(notification: Notification) {
    close();
    openNotification(notification);
  }


  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-label={`Notifications, ${unread} unread`}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {icons.bell}
        {unread > 0 && <CountBadge>{countLabel(unread)}</CountBadge>}
      </Trigger>
      {open && (
        <Panel id={panelId} ref={panelRef} role="dialog" aria-label="Unread notifications" tabIndex={-1}>
          <PanelHead>
            <h2>Notifications</h2>
            {unread > 0 && (
              <Button variant="secondary" size="sm" disabled={marking} onClick={() => void readAll()}>
                Mark all read
              </Button>
            )}
          </PanelHead>
          {error && !items ? (
            <Quiet>
              Notifications could not be loaded.{' '}
              <Button variant="secondary" size="sm" onClick={() => void mutate()}>
                Retry
              </Button>
            </Quiet>
          ) : !items ? (
            <Spinner label="Loading notifications" />
          ) : items.length === 0 ? (
            <Quiet>No unread notifications</Quiet>
          ) : (
            <Items aria-label="Unread notifications">
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem notification={n} onOpen={choose} />
                </li>
              ))}
            </Items>
          )}
          <PanelFoot>
            <PushOffNotice />
            <Link to={`${base}/notifications`} onClick={close}>
              See all
            </Link>
          </PanelFoot>
        </Panel>
      )}
    </Wrapper>
  );
}
