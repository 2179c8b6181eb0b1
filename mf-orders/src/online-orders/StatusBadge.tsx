import styled from 'styled-components';
import type { OrderStatus } from 'shared-api';
import { theme } from 'shared-ui';

const LABELS: Record<OrderStatus, string> = { PLACED: 'New', ACCEPTED: 'Accepted', REJECTED: 'Rejected' };

const Badge = styled.span<{ $status: OrderStatus }>`
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  color: ${({ $status }) => ($status === 'ACCEPTED' ? theme.colors.success : $status === 'REJECTED' ? theme.colors.danger : theme.colors.warning)};
  background: ${({ $status }) => ($status === 'ACCEPTED' ? theme.colors.successSoft : $status === 'REJECTED' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
`;

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge $status={status}>{LABELS[status]}</Badge>;
}
