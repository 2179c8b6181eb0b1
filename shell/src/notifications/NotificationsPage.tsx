import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import useSWR from 'swr';
import { PATHS, type NotificationList } from 'shared-api';
import { fetcher } from 'shared-auth';
import { Button, EmptyState, ErrorPanel, PageHeader, Spinner, Stack, formatDateTime, formatNumber, theme } from 'shared-ui';
import { useBasePath } from '../layout/base-path';
import { icons } from '../layout/icons';
import { notificationStyle } from './notification-types';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`;
const Item = styled.li<{ $unread: boolean }>`
  display: flex;
  gap: ${theme.space.md};
  padding: ${theme.space.md} ${theme.space.lg};
  border-top: 1px solid ${theme.colors.border};
  background: ${({ $unread }) => ($unread ? theme.colors.infoSoft : 'transparent')};
  &:first-child {
    border-top: 0;
  }
  h3 {
    margin: 0;
    font-size: ${theme.fontSizes.md};
    font-weight: ${({ $unread }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.medium)};
  }
  p {
    margin: ${theme.space.xs} 0 0;
    color: ${theme.colors.textMuted};
  }
  small {
    color: ${theme.colors.textMuted};
  }
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
const Filters = styled.div`
  display: flex;
  gap: ${theme.space.md};
  a[aria-current='true'] {
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.text};
  }
  a {
    color: ${theme.colors.primary};
  }
`;

/** /notifications: the user's notifications from /notifications/all, newest first, paged, All or Unread. */
export function NotificationsPage() {
  const base = useBasePath();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('filter') === 'unread';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const { data, error, isLoading, mutate } = useSWR<NotificationList>(
    [PATHS.notifications, { notificationType: unreadOnly ? 'UNREAD' : 'ALL', page, pageSize: NOTIFICATIONS_PAGE_SIZE }],
    fetcher,
  );
  const pages = data ? Math.max(1, Math.ceil(data.totalResults / NOTIFICATIONS_PAGE_SIZE)) : 1;

  function goTo(nextPage: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(nextPage));
    setParams(next);
  }

  return (
    <>
      <PageHeader title="Notifications" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Notifications' }]} />
      <Stack gap="md">
        <Filters>
          <Link to={`${base}/notifications`} aria-current={!unreadOnly}>
            All
          </Link>
          <Link to={`${base}/notifications?filter=unread`} aria-current={unreadOnly}>
            Unread
          </Link>
          {data && <span>{formatNumber(data.totalResults)} in total</span>}
        </Filters>
        {error ? (
          <ErrorPanel title="Notifications could not be loaded" message={error instanceof Error ? error.message : undefined} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <Spinner label="Loading notifications" />
        ) : data.items.length === 0 ? (
          <EmptyState title={unreadOnly ? 'No unread notifications' : 'No notifications yet'} />
        ) : (
          <List aria-label="Notifications">
            {data.items.map((n) => {
              const style = notificationStyle(n.type);
              return (
                <Item key={n.id} $unread={!n.read} data-type={n.type}>
                  <Icon $color={style.color} title={style.label} aria-label={style.label} role="img">
                    {icons[style.icon]}
                  </Icon>
                  <div>
                    <h3>{n.title}</h3>
                    <p>{n.body}</p>
                    <small>
                      {style.label} · {formatDateTime(n.createdAt)}
                    </small>
                  </div>
                </Item>
              );
            })}
          </List>
        )}
        {data && pages > 1 && (
          <Stack direction="row" gap="sm" align="center">
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </Stack>
        )}
      </Stack>
    </>
  );
}
