import { type MEMO_KINDS, REQUEST_STATUSES, type RequestStatus } from 'shared-api';
import { Badge, type BadgeTone } from 'shared-ui';

export type MemoKind = (typeof MEMO_KINDS)[number];
export const MEMO_KIND_LABELS: Record<MemoKind, string> = { DELIVERY_MEMO: 'Delivery memo', CREDIT_MEMO: 'Credit memo' };

export const MEMO_STATUS: Record<RequestStatus, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'info' },
  PARTLY_PAID: { label: 'Partly paid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
};

export const isRequestStatus = (v: string | null): v is RequestStatus => !!v && (REQUEST_STATUSES as readonly string[]).includes(v);

export function MemoStatusBadge({ status }: { status: RequestStatus }) {
  const { label, tone } = MEMO_STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}
