import { CONSIGNMENT_STATUS_LABELS, type ConsignmentStatus, type OrderStatus } from 'shared-api';
import { Badge, type BadgeTone } from '../feedback/Badge';
import { formatRupees } from '../format';

const ORDER_TONES: Record<OrderStatus, BadgeTone> = { PLACED: 'warning', ACCEPTED: 'success', REJECTED: 'danger' };

/** The words differ by who reads them: a buyer's placed order is new to its seller. */
export const ORDER_STATUS_LABELS: Record<'BUYER' | 'SELLER', Record<OrderStatus, string>> = {
  BUYER: { PLACED: 'Placed', ACCEPTED: 'Accepted', REJECTED: 'Rejected' },
  SELLER: { PLACED: 'New', ACCEPTED: 'Accepted', REJECTED: 'Rejected' },
};

export interface OrderStatusBadgeProps {
  status: OrderStatus;
  side: 'BUYER' | 'SELLER';
}

export function OrderStatusBadge({ status, side }: OrderStatusBadgeProps) {
  return <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[side][status]}</Badge>;
}

const CONSIGNMENT_TONES: Record<ConsignmentStatus, BadgeTone> = {
  BOOKED: 'info',
  ASSIGNED: 'info',
  COLLECTED: 'warning',
  IN_TRANSIT: 'warning',
  DELIVERED: 'success',
  FAILED: 'danger',
  RETURNED: 'danger',
  CANCELLED: 'danger',
};

/** A consignment's delivery status (issue 12), the same words on every screen. */
export function ConsignmentStatusBadge({ status }: { status: ConsignmentStatus }) {
  return <Badge tone={CONSIGNMENT_TONES[status]}>{CONSIGNMENT_STATUS_LABELS[status]}</Badge>;
}

export interface OrderTotalRowsProps {
  taxablePaise: number;
  gstPaise: number;
  totalPaise: number;
}

/** An order's money as rows of a DetailList: taxable value, GST, and the total in bold. */
export function OrderTotalRows({ taxablePaise, gstPaise, totalPaise }: OrderTotalRowsProps) {
  return (
    <>
      <dt>Taxable</dt>
      <dd>{formatRupees(taxablePaise)}</dd>
      <dt>GST</dt>
      <dd>{formatRupees(gstPaise)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{formatRupees(totalPaise)}</strong>
      </dd>
    </>
  );
}
