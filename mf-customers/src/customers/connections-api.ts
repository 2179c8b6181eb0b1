import useSWR, { useSWRConfig } from 'swr';
import {
  CONNECTIONS_PATHS,
  type ConnectedUserList,
  type ConnectedUsersQuery,
  type ConnectionStatus,
  type ListedType,
  type NearbyQuery,
  type NearbyTraderList,
} from 'shared-api';
import { api, fetcher, type ApiError } from 'shared-auth';

/** The caller's connections with users of `connectedUserType` (the path names the caller's own type first). */
export function useConnectedUsers(customerType: ListedType | null, connectedUserType: ListedType, query: ConnectedUsersQuery) {
  const key = customerType ? ([CONNECTIONS_PATHS.connectedUsers(customerType, connectedUserType), { ...query }] as const) : null;
  return useSWR<ConnectedUserList, ApiError>(key, fetcher, { keepPreviousData: true });
}

/** Verified traders near the active warehouse; `null` query: not asked yet. */
export function useNearbyTraders(query: NearbyQuery | null) {
  return useSWR<NearbyTraderList, ApiError>(query ? ([CONNECTIONS_PATHS.nearby, { ...query }] as const) : null, fetcher, {
    keepPreviousData: true,
  });
}

/**
 * The connection actions; each refreshes every list showing connections (customers lists and nearby results),
 * since one change (approve, access, disconnect) shows in all of them.
 */
export function useConnectionActions() {
  const { mutate } = useSWRConfig();
  const refresh = () =>
    mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] as string).startsWith('/b2bapp/v2/'));
  async function act<T>(path: string, body: unknown): Promise<T> {
    const answer = await api.post<T>(path, body);
    await refresh();
    return answer;
  }
  return {
    request: (sellerUnitCode: string) =>
      act<{ connectionId: string; status: ConnectionStatus; hasAccess: boolean }>(CONNECTIONS_PATHS.request, { sellerUnitCode }),
    approve: (connectionId: string, grantAccess: boolean) => act<null>(CONNECTIONS_PATHS.approve, { connectionId, grantAccess }),
    decline: (connectionId: string) => act<null>(CONNECTIONS_PATHS.decline, { connectionId }),
    disconnect: (connectionId: string) => act<null>(CONNECTIONS_PATHS.disconnect, { connectionId }),
    setAccess: (connectionId: string, hasAccess: boolean) =>
      act<null>(hasAccess ? CONNECTIONS_PATHS.grantAccess : CONNECTIONS_PATHS.revokeAccess, { connectionId }),
  };
}

const KM = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
/** 1234.5 → "1,234.5 km" (en-IN); unknown → "—". */
export const formatKm = (km: number | null) => (km === null ? '—' : `${KM.format(km)} km`);
