import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { NOTIFICATION_TYPES, NotificationType } from 'shared-api';
import { useNotificationsUnread } from 'shared-auth';
import {
  Button,
  EmptyState,
  ErrorPanel,
  FilterRow,
  PageHeader,
  Select,
  Spinner,
  Stack,
  TextInput,
  formatNumber,
  theme,
  useDebounced,
} from 'shared-ui';
import { useBasePath } from '../layout/base-path';
import { NotificationItem } from './NotificationItem';
import { PushOffNotice } from './PushOffNotice';
import { notificationStyle } from './notification-types';
import { useMarkAllRead, useNotifications, useOpenNotification } from './notifications-api';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The search box asks once the typing pauses (the header's suggestions wait 200 ms, SPEC.md §5). */
export const NOTIFICATION_SEARCH_DEBOUNCE_MS = 300;

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((type) => ({ value: type, label: notificationStyle(type).label }));

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  overflow: hidden;
  li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.md};
  a[aria-current='true'] {
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.text};
  }
  a {
    color: ${theme.colors.primary};
  }
`;
const Search = styled.label`
  flex: 1 1 220px;
  max-width: 360px;
`;

/**
 * /notifications: the user's notifications from /notifications/all, newest first, paged; All or Unread, a type
 * and a search, all kept in the query string. A row opens its subject and is marked read.
 */
export function NotificationsPage() {
  const base = useBasePath();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('filter') === 'unread';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const search = params.get('search') ?? '';
  const parsedType = NotificationType.safeParse(params.get('type'));
  const type = parsedType.success ? parsedType.data : undefined;

  const [searchText, setSearchText] = useState(search);
  const settledSearch = useDebounced(searchText.trim(), NOTIFICATION_SEARCH_DEBOUNCE_MS);
  // The address changed from outside (Back, a link): the box shows what is searched. Not our own settled search.
  const [addressSearch, setAddressSearch] = useState(search);
  if (search !== addressSearch) {
    setAddressSearch(search);
    if (search !== settledSearch) setSearchText(search);
  }

  const { data, error, isLoading, mutate } = useNotifications({
    notificationType: unreadOnly ? 'UNREAD' : 'ALL',
    page,
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    search: search || undefined,
    type,
  });
  const { totalResults: unread } = useNotificationsUnread();
  const openNotification = useOpenNotification();
  const { readAll, marking } = useMarkAllRead();
  const pages = data ? Math.max(1, Math.ceil(data.totalResults / NOTIFICATIONS_PAGE_SIZE)) : 1;

  /** The query string with `changes` (undefined or '' removes one); a new filter starts again at page 1. */
  function withParams(changes: Record<string, string | undefined>, keepPage = false): URLSearchParams {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!keepPage) next.delete('page');
    return next;
  }

  // The typed search reaches the address (and the request) once it settles; replace, so Back skips keystrokes.
  useEffect(() => {
    if (settledSearch !== search) setParams(withParams({ search: settledSearch }), { replace: true });
    // Only a settled search changes the address; a Back to another search must not be undone here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);


  const filtered = Boolean(search || type);
  const emptyTitle = filtered ? 'No notifications match' : unreadOnly ? 'No unread notifications' : 'No notifications yet';

  return (
    <>
      <PageHeader title="Notifications" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Notifications' }]} />
      <Stack gap="md">
        <PushOffNotice />
        <Filters>
          <Link to={`?${withParams({ filter: undefined }).toString()}`} aria-current={!unreadOnly}>
            All
          </Link>
          <Link to={`?${withParams({ filter: 'unread' }).toString()}`} aria-current={unreadOnly}>
            Unread
          </Link>
          {data && <span>{formatNumber(data.totalResults)} in total</span>}
          <Button variant="secondary" size="sm" disabled={marking || unread === 0} onClick={() => void readAll()}>
            Mark all read
          </Button>
        </Filters>
        <FilterRow role="search">
          <Search>
            Search
            <TextInput type="search" value={searchText} placeholder="Title or text" onChange={(e) => setSearchText(e.target.value)} />
          </Search>
          <label>
            Type
            <Select
              options={TYPE_OPTIONS}
              placeholder="All types"
              value={type ?? ''}
              onChange={(e) => setParams(withParams({ type: e.target.value }))}
            />
          </label>
        </FilterRow>
        {error ? (
          <ErrorPanel title="Notifications could not be loaded" message={error.message} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <Spinner label="Loading notifications" />
        ) : data.items.length === 0 ? (
          <EmptyState title={emptyTitle} />
        ) : (
          <List aria-label="Notifications">
            {data.items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={openNotification} />
              </li>
            ))}
          </List>
        )}
        {data && pages > 1 && (
          <Stack direction="row" gap="sm" align="center">
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setParams(withParams({ page: String(page - 1) }, true))}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setParams(withParams({ page: String(page + 1) }, true))}>
              Next
            </Button>
          </Stack>
        )}
      </Stack>
    </>
  );
}
