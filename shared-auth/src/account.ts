import useSWR, { type KeyedMutator } from 'swr';
import { PATHS, type Cart, type MyAccount, type Notification, type NotificationList, type Warehouse } from 'shared-api';
import { api, fetcher, type ApiError } from './client';
import { can, canUseCart } from './permissions';
import { mutateCache } from './swr-cache';
import { setUserDetails, useSession } from './session';

/** SPEC.md §7, §9: the account is fresh for 10 minutes (kept 20 minutes: see swr-cache). */
export const ACCOUNT_FRESH_MS = 10 * 60_000;
/** SPEC.md §7, §9: unread notifications are refetched every 5 minutes and on window focus. */
export const NOTIFICATIONS_REFRESH_MS = 5 * 60_000;
/** SPEC.md §7: the header asks for page 0 with page size 6. */
export const UNREAD_PAGE_SIZE = 6;

// Every hook waits for a session: without one the API can only answer 403.

export function useMyAccount() {
  const session = useSession();
  return useSWR<MyAccount, ApiError>(session ? PATHS.myAccount : null, fetcher, {
    dedupingInterval: ACCOUNT_FRESH_MS,
    onSuccess: setUserDetails,
  });
}

export function useWarehouses() {
  const session = useSession();
  return useSWR<Warehouse[], ApiError>(session ? PATHS.warehouses : null, fetcher);
}

/** Makes warehouse `id` the active one on the server, then refetches the list. The caller reloads the page. */
export async function setActiveWarehouse(id: string): Promise<void> {
  await api.post<unknown>(PATHS.setActiveWarehouse(id));
  await mutateCache(PATHS.warehouses);
}

export interface UnreadNotifications {
  /** The bell's number (body.totalResults); undefined until the first answer. */
  totalResults: number | undefined;
  /** The newest UNREAD_PAGE_SIZE unread, newest first (the bell's panel); undefined until the first answer. */
  items: Notification[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  mutate: KeyedMutator<NotificationList>;
}

export function useNotificationsUnread(): UnreadNotifications {
  const session = useSession();
  const key = session ? ([PATHS.notifications, { notificationType: 'UNREAD', page: 0, pageSize: UNREAD_PAGE_SIZE }] as const) : null;
  const { data, error, isLoading, mutate } = useSWR<NotificationList, ApiError>(key, fetcher, {
    revalidateOnFocus: true,
    refreshInterval: NOTIFICATIONS_REFRESH_MS,
    // The shared 5-minute freshness would swallow the focus refetch; SWR's own 2 s default only merges bursts.
    dedupingInterval: 2000,
  });
  return { totalResults: data?.totalResults, items: data?.items, error, isLoading, mutate };
}

/** The cart of `unitCode` (SPEC.md §3, §6): fetched only with a unit code and for a type that may use a cart. */
export function useCart(unitCode?: string | null) {
  const { data: account } = useMyAccount();
  const allowed = account !== undefined && canUseCart(account.customerType) && can(account, 'ORDERS');
  return useSWR<Cart, ApiError>(unitCode && allowed ? [PATHS.cart, { unitCode }] : null, fetcher);
}
