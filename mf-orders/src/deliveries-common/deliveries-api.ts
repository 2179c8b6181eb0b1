import {
  DELIVERY_PATHS,
  EWAYBILL_PATHS,
  type AddProofImage,
  type Assignment,
  type ChangeStatus,
  type ConsignmentCounts,
  type ConsignmentDetail,
  type ConsignmentList,
  type ConsignmentQuery,
  type CreateOfflinePickup,
  type CancelEwayBill,
  type CreateOnlinePickup,
  type DispatchByTransport,
  type DeliverWithPin,
  type DeliveryBoyList,
  type ExtendEwayBill,
  type GenerateEwayBill,
  type MarketList,
  type MyDeliveries,
  type ProofImage,
  type ReadyOrderList,
  type ReportPosition,
  type Ring,
  type TrackingList,
  type TrackingQuery,
  type UpdateEwayBillVehicle,
} from 'shared-api';
import { api, downloadFile, fetcher, type ApiError, type QueryParams } from 'shared-auth';
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';

/** The calls behind every delivery screen (issue 12): one place, through shared-auth's one client. */

export const CONSIGNMENTS_PAGE_SIZE = 20;

/** Where a consignment opens (orders/orders-overview/{barcodeId}); the barcode id is what a scanner types. */
export const consignmentPath = (barcodeId: string) => `/orders/orders-overview/${encodeURIComponent(barcodeId)}`;

/** The label's barcode text: MB, two-digit year and month, seven digits (MB2611000123). */
export const BARCODE_ID = /^MB\d{10}$/;

/** Query parameters without the empty ones: the API reads an empty string as a filter. */
function params(query: ConsignmentQuery | TrackingQuery): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') out[key] = value as string | number;
  return out;
}

/** A consignment by barcode id or id; undefined waits (no request). */
export const useConsignment = (barcodeOrId: string | undefined, config?: SWRConfiguration<ConsignmentDetail, ApiError>) =>
  useSWR<ConsignmentDetail, ApiError>(barcodeOrId ? DELIVERY_PATHS.consignment(barcodeOrId) : null, fetcher, config);

/** The orders overview and the pickups lists (kind=ONLINE/OFFLINE), one page. */
export const useConsignments = (query: ConsignmentQuery) =>
  useSWR<ConsignmentList, ApiError>([DELIVERY_PATHS.consignments, params({ pageSize: CONSIGNMENTS_PAGE_SIZE, ...query })], fetcher, { keepPreviousData: true });

/** Counts per status under the same filters as the list (the page aside). */
export const useConsignmentCounts = (query: Omit<ConsignmentQuery, 'page' | 'pageSize' | 'status'> = {}) =>
  useSWR<ConsignmentCounts, ApiError>([DELIVERY_PATHS.counts, params(query)], fetcher, { keepPreviousData: true });

/** Accepted orders the caller sold with no live consignment: the online pickups still to book. */
export const useReadyOrders = () => useSWR<ReadyOrderList, ApiError>(DELIVERY_PATHS.readyOrders, fetcher);

/** Whom the caller's unit can assign. */
export const useDeliveryBoys = () => useSWR<DeliveryBoyList, ApiError>(DELIVERY_PATHS.deliveryBoys, fetcher);

export const useMarkets = () => useSWR<MarketList, ApiError>(DELIVERY_PATHS.markets, fetcher);

/** What is on its way to or from the caller (delivery-tracking): one request for every card, details included. */
export const useTracking = (query: TrackingQuery, config?: SWRConfiguration<TrackingList, ApiError>) =>
  useSWR<TrackingList, ApiError>([DELIVERY_PATHS.tracking, params(query)], fetcher, config);

/**
 * The delivery boy's day; refreshed every minute so new assignments appear without a reload. The short deduping
 * window matters: shared-auth's cache treats a repeat within its stale time as a duplicate, which would swallow it.
 */
export const useMyDeliveries = (config: SWRConfiguration<MyDeliveries, ApiError> = { refreshInterval: 60_000, dedupingInterval: 2000 }) =>
  useSWR<MyDeliveries, ApiError>(DELIVERY_PATHS.myDeliveries, fetcher, config);

export const createOnline = (body: CreateOnlinePickup) => api.post<ConsignmentDetail>(DELIVERY_PATHS.createOnline, body);
export const dispatchByTransport = (body: DispatchByTransport) => api.post<ConsignmentDetail>(DELIVERY_PATHS.dispatchByTransport, body);
export const createOffline = (body: CreateOfflinePickup) => api.post<ConsignmentDetail>(DELIVERY_PATHS.createOffline, body);
export const assign = (consignmentId: string, body: Assignment) => api.post<ConsignmentDetail>(DELIVERY_PATHS.assign(consignmentId), body);
export const changeStatus = (consignmentId: string, body: ChangeStatus) => api.post<ConsignmentDetail>(DELIVERY_PATHS.status(consignmentId), body);
export const deliver = (consignmentId: string, body: DeliverWithPin) => api.post<ConsignmentDetail>(DELIVERY_PATHS.deliver(consignmentId), body);
export const reissuePin = (consignmentId: string) => api.post<ConsignmentDetail>(DELIVERY_PATHS.reissuePin(consignmentId), {});
export const addImage = (consignmentId: string, body: AddProofImage) => api.post<ProofImage>(DELIVERY_PATHS.addImage(consignmentId), body);
export const ring = (consignmentId: string, body: Ring) => api.post<unknown>(DELIVERY_PATHS.ring(consignmentId), body);
export const requestCall = (consignmentId: string) => api.post<unknown>(DELIVERY_PATHS.callRequest(consignmentId), {});
export const reportPosition = (consignmentId: string, body: ReportPosition) => api.post<unknown>(DELIVERY_PATHS.position(consignmentId), body);

// E-way bills (issue 34): each answers the consignment as it now stands.
export const generateEwayBill = (consignmentId: string, body: GenerateEwayBill) => api.post<ConsignmentDetail>(EWAYBILL_PATHS.generate(consignmentId), body);
export const updateEwayBillVehicle = (consignmentId: string, body: UpdateEwayBillVehicle) => api.post<ConsignmentDetail>(EWAYBILL_PATHS.vehicle(consignmentId), body);
export const cancelEwayBill = (consignmentId: string, body: CancelEwayBill) => api.post<ConsignmentDetail>(EWAYBILL_PATHS.cancel(consignmentId), body);
export const extendEwayBill = (consignmentId: string, body: ExtendEwayBill) => api.post<ConsignmentDetail>(EWAYBILL_PATHS.extend(consignmentId), body);

/**
 * The portal's bulk-upload JSON saved as a file (fetched with the token, like the label): units that upload by hand
 * generate the bill on the portal from it.
 */
export const downloadEwayBillJson = (c: Pick<ConsignmentDetail, 'id' | 'barcodeId'>) => downloadFile(EWAYBILL_PATHS.bulkJson(c.id), `eway-bill-${c.barcodeId}.json`);

const labelName = (barcodeId: string) => `Label ${barcodeId}.pdf`;

/** The thermal label PDF saved as a file, fetched with the session's token (a bare link would carry none). */
export const downloadLabel = (c: Pick<ConsignmentDetail, 'id' | 'barcodeId'>) => downloadFile(DELIVERY_PATHS.label(c.id), labelName(c.barcodeId), { format: 'pdf' });

/**
 * The label PDF opened in a new tab to print. The tab is opened before the bytes arrive: a browser lets a click
 * open a window only while it handles the click, and blocks a window.open after an await as a pop-up.
 */
export async function openLabel(c: Pick<ConsignmentDetail, 'id' | 'barcodeId'>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await api.blob(DELIVERY_PATHS.label(c.id), { format: 'pdf' }));
    if (tab) tab.location.href = url;
    // No tab (pop-ups blocked): the file is saved instead.
    else await downloadLabel(c);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

const DELIVERY_PREFIX = '/delivery/';

/** After any change: every delivery list, count and consignment the cache holds is fetched again. */
export function useRevalidateDeliveries() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const path = Array.isArray(key) ? String(key[0]) : String(key);
      return path.startsWith(DELIVERY_PREFIX);
    });
}

/** Today as an IST calendar date ('YYYY-MM-DD'): pickup dates and date filters are Indian days. */
export const todayIst = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A chosen photo as base64 without the data: prefix, as AddProofImage takes it. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
