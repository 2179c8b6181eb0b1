/*
 * Test kit (jest only): a unit's notifications behind shared-auth's fake API, answering the list, mark-read and
 * mark-all-read calls as the contracts in shared-api/src/notifications.ts describe them.
 */
import { NOTIFICATION_PATHS, PATHS, type Notification } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, success, type FakeRequest } from 'shared-auth/testing/fake-api';

const TYPES: readonly string[] = ['B2B_ORDER', 'PAYMENT', 'DELIVERY_DELIVERED', 'CONNECTION_REQUEST', 'INVOICE', 'CART', 'STORE_CLOSED', 'GENERAL'];

/** `count` notifications, newest first (n1 newest); every third is read; GENERAL ones have no link. */
export function sampleNotifications(count: number): Notification[] {
  return Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length] ?? 'GENERAL';
    return {
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      type,
      title: `Notice ${i + 1}`,
      body: `Body of notice ${i + 1}`,
      read: i % 3 === 2,
      createdAt: new Date(Date.UTC(2025, 0, 31, 12, 0) - i * 3_600_000).toISOString(),
      link: type === 'GENERAL' ? null : `/orders/online-orders/o${i + 1}`,
    };
  });
}

/**
 * Installs the fake API over `notifications` (mutated by the mark-read calls); returns the requests seen.
 * `markReadAnswered`: the mark-read answer waits for it (to watch the screen while the server is slow).
 */
export function installNotificationsApi(notifications: Notification[], markReadAnswered?: Promise<void>): FakeRequest[] {
  const unread = () => notifications.filter((n) => !n.read).length;
  return installFakeApi(async (request) => {
    if (request.path === PATHS.myAccount) return success(OWNER_ACCOUNT);
    if (request.method === 'GET' && request.path === PATHS.notifications) {
      const p = request.params ?? {};
      const search = typeof p.search === 'string' ? p.search.toLowerCase() : '';
      const matching = notifications.filter(
        (n) =>
          (p.notificationType !== 'UNREAD' || !n.read) &&
          (!p.type || n.type === p.type) &&
          (!search || `${n.title} ${n.body}`.toLowerCase().includes(search)),
      );
      const page = Number(p.page ?? 0);
      const pageSize = Number(p.pageSize ?? 20);
      return success({ items: matching.slice(page * pageSize, (page + 1) * pageSize), totalResults: matching.length });
    }
    if (request.method === 'POST' && request.path === NOTIFICATION_PATHS.markRead) {
      await markReadAnswered;
      const ids = new Set((request.body as { ids: string[] }).ids);
      notifications.forEach((n) => ids.has(n.id) && (n.read = true));
      return success({ unread: unread() });
    }
    if (request.method === 'POST' && request.path === NOTIFICATION_PATHS.markAllRead) {
      notifications.forEach((n) => (n.read = true));
      return success({ unread: 0 });
    }
    return failure(404, 'E0002', 'Not found');
  });
}
