import { useEffect } from 'react';
import useSWR from 'swr';
import { DASHBOARD_PATHS, DELIVERY_PATHS, type Dashboard, type DashboardPeriod, type OrdersGraph, type PickupGraph } from 'shared-api';
import { fetcher, subscribeLive, type ApiError } from 'shared-auth';

/** Days the charts cover, whatever the period: a per-day chart of one day says nothing. */
export const CHART_DAYS = 14;

/**
 * The whole dashboard for a period: one request. What moves its figures (an order, a payment, a pickup) notifies
 * the unit, so a live notification refetches it; the server has dropped its cached answer by then.
 */
export function useDashboard(period: DashboardPeriod) {
  const answer = useSWR<Dashboard, ApiError>([DASHBOARD_PATHS.dashboard, { period }], fetcher);
  const { mutate } = answer;
  useEffect(() => subscribeLive('notifications', () => void mutate()), [mutate]);
  return answer;
}

export function useOrdersGraph() {
  return useSWR<OrdersGraph, ApiError>([DASHBOARD_PATHS.ordersDaily, { days: CHART_DAYS }], fetcher);
}

export function usePickupsGraph(kind: 'ONLINE' | 'OFFLINE', enabled: boolean) {
  const path = kind === 'ONLINE' ? DELIVERY_PATHS.onlinePickupsGraph : DELIVERY_PATHS.offlinePickupsGraph;
  return useSWR<PickupGraph, ApiError>(enabled ? [path, { days: CHART_DAYS }] : null, fetcher);
}
