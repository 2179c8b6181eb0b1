import { formatRupees } from 'shared-ui';

/**
 * A balance as the books print it: the amount with Dr (debit, e.g. a debtor owes us) or Cr (credit, e.g. we owe a
 * creditor) instead of a sign; balances are debit − credit on the wire.
 */
export function formatDrCr(balancePaise: number): string {
  if (balancePaise === 0) return formatRupees(0);
  return `${formatRupees(Math.abs(balancePaise))} ${balancePaise > 0 ? 'Dr' : 'Cr'}`;
}

/** A change between two figures, signed: "+₹1,000.00 (12.5 %)". The percentage only when there was a base. */
export function formatChange(currentPaise: number, previousPaise: number): string {
  const change = currentPaise - previousPaise;
  const amount = `${change > 0 ? '+' : ''}${formatRupees(change)}`;
  if (previousPaise === 0 || change === 0) return amount;
  const percent = (change / Math.abs(previousPaise)) * 100;
  return `${amount} (${percent > 0 ? '+' : ''}${percent.toFixed(1)} %)`;
}
