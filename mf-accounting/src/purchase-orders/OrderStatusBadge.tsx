import styled from 'styled-components';
import type { OrderStatus } from 'shared-api';
import { theme } from 'shared-ui';

/** The buyer's words for an order's state (the seller's Online Orders call PLACED "New"). */
export const STATUS_LABELS: Record<OrderStatus, string> = { PLACED: 'Placed', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };

const Badge = styled.span<{ $status: OrderStatus }>`
  display: inline-block;
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  color: ${({ $status }) => ($status === 'ACCEPTED' ? theme.colors.success : $status === 'REJECTED' ? theme.colors.danger : theme.colors.warning)};
  background: ${({ $status }) => ($status === 'ACCEPTED' ? theme.colors.successSoft : $status === 'REJECTED' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
  @media print {
    padding: 0;
    color: inherit;
    background: none;
  }
`;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge $status={status}>{STATUS_LABELS[status]}</Badge>;
}
