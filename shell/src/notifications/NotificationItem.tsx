import styled from 'styled-components';
import type { Notification } from 'shared-api';
import { formatDateTime, theme } from 'shared-ui';
import { icons } from '../layout/icons';
import { notificationStyle } from './notification-types';

const Row = styled.button<{ $unread: boolean }>`
  display: flex;
  gap: ${theme.space.md};
  width: 100%;
  padding: ${theme.space.md} ${theme.space.lg};
  border: 0;
  background: ${({ $unread }) => ($unread ? theme.colors.infoSoft : 'transparent')};
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: -2px;
  }
`;
const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  min-width: 0;
  strong {
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;
  }
  span,
  small {
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;
const Title = styled.strong<{ $unread: boolean }>`
  font-weight: ${({ $unread }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.medium)};
`;
const Icon = styled.span<{ $color: string }>`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  color: ${({ $color }) => $color};
  background: ${({ $color }) => `${$color}1f`};
`;

export interface NotificationItemProps {
  notification: Notification;
  /** Marks it read and opens its subject (useOpenNotification). */
  onOpen: (notification: Notification) => void;
}

/** One notification with its type's icon and colour (SPEC.md §3): the bell panel and the page use the same row. */
export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  const style = notificationStyle(n.type);
  return (
    <Row type="button" $unread={!n.read} data-type={n.type} data-unread={!n.read} onClick={() => onOpen(n)}>
      <Icon $color={style.color} title={style.label} aria-label={style.label} role="img">
        {icons[style.icon]}
      </Icon>
      <Text>
        <Title $unread={!n.read}>{n.title}</Title>
        <span>{n.body}</span>
        <small>
          {style.label} · {formatDateTime(n.createdAt)}
          {!n.read && ' · Unread'}
        </small>
      </Text>
    </Row>
  );
}
