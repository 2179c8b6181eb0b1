import { formatRupees } from 'shared-ui';

/** A change between two figures, signed: "+₹1,000.00 (12.5 %)". The percentage only when there was a base. */
export function formatChange(currentPaise: number, previousPaise: number): string {
  const change = currentPaise - previousPaise;
  const amount = `${change > 0 ? '+' : ''}${formatRupees(change)}`;
  if (previousPaise === 0 || change === 0) return amount;
  const percent = (change / Math.abs(previousPaise)) * 100;
  return `${amount} (${percent > 0 ? '+' : ''}${percent.toFixed(1)} %)`;
}
