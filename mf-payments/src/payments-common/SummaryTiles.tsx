import styled from 'styled-components';
import { ErrorPanel, formatNumber, formatRupees, theme } from 'shared-ui';
import { usePaymentsSummary } from './payments-api';

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Tile = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  span {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
  strong {
    font-size: ${theme.fontSizes.lg};
  }
`;

/** The figures on top of Receive Payments (RECEIVABLE) or Make Payments (PAYABLE), from payments/upi/summary. */
export function SummaryTiles({ side }: { side: 'RECEIVABLE' | 'PAYABLE' }) {
  const { data, error, mutate } = usePaymentsSummary();
  if (error && !data) return <ErrorPanel title="The payments summary could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  const tiles =
    side === 'RECEIVABLE'
      ? [
          { label: 'Receivable', value: data && formatRupees(data.receivablePaise) },
          { label: 'Received this month', value: data && formatRupees(data.receivedThisMonthPaise) },
          { label: 'Open requests', value: data && formatNumber(data.openRequests) },
          { label: 'Unmatched payments', value: data && formatNumber(data.unmatched) },
        ]
      : [
          { label: 'Payable', value: data && formatRupees(data.payablePaise) },
          { label: 'Paid this month', value: data && formatRupees(data.paidThisMonthPaise) },
        ];
  return (
    <Tiles aria-label="Payments summary">
      {tiles.map((t) => (
        <Tile key={t.label} aria-label={t.label}>
          <span>{t.label}</span>
          <strong>{t.value ?? '…'}</strong>
        </Tile>
      ))}
    </Tiles>
  );
}
