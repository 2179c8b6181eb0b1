import { ErrorPanel, FigureTiles, formatNumber, formatOwed, formatRupees } from 'shared-ui';
import { usePaymentsSummary } from './payments-api';

/** The figures on top of Receive Payments (RECEIVABLE) or Make Payments (PAYABLE), from payments/upi/summary. */
export function SummaryTiles({ side }: { side: 'RECEIVABLE' | 'PAYABLE' }) {
  const { data, error, mutate } = usePaymentsSummary();
  if (error && !data) return <ErrorPanel title="The payments summary could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  const tiles =
    side === 'RECEIVABLE'
      ? [
          { label: 'Receivable', value: data && formatOwed(data.receivablePaise, 'RECEIVABLE') },
          { label: 'Received this month', value: data && formatRupees(data.receivedThisMonthPaise) },
          { label: 'Open requests', value: data && formatNumber(data.openRequests) },
          { label: 'Unmatched payments', value: data && formatNumber(data.unmatched) },
        ]
      : [
          { label: 'Payable', value: data && formatOwed(data.payablePaise, 'PAYABLE') },
          { label: 'Paid this month', value: data && formatRupees(data.paidThisMonthPaise) },
        ];
  return <FigureTiles aria-label="Payments summary" tiles={tiles} />;
}
