import styled from 'styled-components';
import type { CreditWarning } from 'shared-api';
import { formatDate, formatRupees, theme } from 'shared-ui';

const Note = styled.div<{ $blocked: boolean }>`
  margin-bottom: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${(p) => (p.$blocked ? theme.colors.dangerSoft : theme.colors.warningSoft)};
  color: ${(p) => (p.$blocked ? theme.colors.danger : theme.colors.warning)};
  font-size: ${theme.fontSizes.sm};
  p {
    margin: 0;
  }
`;

/**
 * Credit terms (issue 39) in a seller's cart card: what the buyer has overdue with that seller, or how far this cart
 * would take it over its credit limit; when the seller blocks such orders, that submitting will be refused.
 */
export function CreditWarningNote({ warnings, sellerUnitCode }: { warnings: readonly CreditWarning[] | undefined; sellerUnitCode: string }) {
  const w = warnings?.find((x) => x.sellerUnitCode === sellerUnitCode);
  if (!w) return null;
  const parts = [
    w.overduePaise > 0 && `${formatRupees(w.overduePaise)} overdue${w.oldestDueDate ? ` (due since ${formatDate(w.oldestDueDate)})` : ''}`,
    w.overLimitPaise > 0 && w.creditLimitPaise !== null && `this order takes you ${formatRupees(w.overLimitPaise)} over your credit limit of ${formatRupees(w.creditLimitPaise)}`,
  ].filter(Boolean);
  return (
    <Note role={w.blocked ? 'alert' : 'status'} aria-label={`Credit with ${w.stockist}`} $blocked={w.blocked}>
      <p>
        <strong>{w.blocked ? `${w.stockist} will not take this order: ` : `Credit with ${w.stockist}: `}</strong>
        {parts.join('; ')}.
      </p>
      <p>{w.blocked ? 'Pay what is due first, or remove these items.' : `You owe ${formatRupees(w.owedPaise)} now; this cart adds ${formatRupees(w.cartPaise)} with GST.`}</p>
    </Note>
  );
}
