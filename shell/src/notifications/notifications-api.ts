import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { NOTIFICATION_PATHS, PATHS, type Notification, type NotificationList, type NotificationType, type UnreadCount } from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';
import { toast } from 'shared-ui';
import { useBasePath } from '../layout/base-path';

/** The page's query; every notification SWR key is `[PATHS.notifications, params]`, which the live channel revalidates. */
export interface NotificationsParams {
  notificationType: 'UNREAD' | 'ALL';
  page: number;
  pageSize: number;
  search?: string;
  type?: NotificationType;
}

export function useNotifications(params: NotificationsParams) {
  // Empty filters stay out of the key (and the request): one cache entry per real query.
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return useSWR<NotificationList, ApiError>([PATHS.notifications, query], fetcher);
}

type NotificationKey = readonly [string, { notificationType?: string } | undefined];

const isNotificationKey = (key: unknown): key is NotificationKey => Array.isArray(key) && key[0] === PATHS.notifications;
const isUnreadKey = (key: unknown) => isNotificationKey(key) && key[1]?.notificationType === 'UNREAD';

/**
 * Marking read, with every notification list on screen updated at once (unread lists lose the items, the bell's
 * count drops; other lists show them read), then refetched from the server, which has the final word.
 */
export function useNotificationActions() {
  const { mutate } = useSWRConfig();

  const revalidate = useCallback(() => mutate(isNotificationKey), [mutate]);

  const showRead = useCallback(
    async (isRead: (n: Notification) => boolean) => {
      const readIn = (list: NotificationList | undefined) =>
        list && { ...list, items: list.items.map((n) => (isRead(n) ? { ...n, read: true } : n)) };
      const dropFrom = (list: NotificationList | undefined) => {
        if (!list) return list;
        const items = list.items.filter((n) => !isRead(n));
        return { items, totalResults: Math.max(0, list.totalResults - (list.items.length - items.length)) };
      };
      await Promise.all([
        mutate<NotificationList>(isUnreadKey, dropFrom, { revalidate: false }),
        mutate<NotificationList>((key) => isNotificationKey(key) && !isUnreadKey(key), readIn, { revalidate: false }),
      ]);
    },
    [mutate],
  );

  const markRead = useCallback(
    async (ids: readonly string[]): Promise<UnreadCount> => {
      const chosen = new Set(ids);
      await showRead((n) => chosen.has(n.id));
      try {
        return await api.post<UnreadCount>(NOTIFICATION_PATHS.markRead, { ids });
      } finally {
        await revalidate();
      }
    },
    [showRead, revalidate],
  );

  const markAllRead = useCallback(async (): Promise<UnreadCount> => {
    await showRead(() => true);
    try {
      return await api.post<UnreadCount>(NOTIFICATION_PATHS.markAllRead);
    } finally {
      await revalidate();
    }
  }, [showRead, revalidate]);

  return { markRead, markAllRead, revalidate };
}

/** "Mark all read" for a button: busy while it runs, a failure shown as a toast. */
export function useMarkAllRead() {
  const { markAllRead } = useNotificationActions();
  const [marking, setMarking] = useState(false);
  const readAll = useCallback(async () => {
    setMarking(true);
    try {
      await markAllRead();
    } catch (failure) {
      showMarkReadFailure(failure);
    } finally {
      setMarking(false);
    }
  }, [markAllRead]);
  return { readAll, marking };
}

export function showMarkReadFailure(error: unknown): void {
  toast.error({ title: 'Error', message: error instanceof Error ? error.message : 'Something went wrong' });
}

/** Opening a notification: it is marked read, and its subject (`link`, a route without /app) opens in this variant. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const base = useBasePath();
  const { markRead } = useNotificationActions();
  return useCallback(
    (notification: Notification) => {
      if (!notification.read) markRead([notification.id]).catch(showMarkReadFailure);
      if (notification.link) navigate(`${base}${notification.link}`);
    },
    [navigate, base, markRead],
  );
}
