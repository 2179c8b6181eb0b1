import type { OrderStatus } from 'shared-api';
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
