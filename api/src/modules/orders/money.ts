import { lineAmounts, type SupplyKind } from 'shared-api';

/**
 * One order line's money by the one GST rule (shared-api gst.ts): free units are not charged, tax per line rounded
 * half up, CGST + SGST or IGST by the two parties' states. A line without a rate on record is never priced (E0021,
 * ledger/gst-rates.ts): it would become an order nobody can invoice.
 */
export function orderLineMoney(line: { quantity: number; freeQuantity: number; ptrPaise: number }, gstRateBp: number, supply: SupplyKind) {
  const money = lineAmounts({ quantity: line.quantity, freeQuantity: line.freeQuantity, ratePaise: line.ptrPaise, gstRateBp }, supply);
  return { rateBp: gstRateBp, taxablePaise: money.taxablePaise, gstPaise: money.taxPaise, totalPaise: money.totalPaise };
}

/** ₹1,23,456.78 for notification text (the screens format with shared-ui). */
export function formatRupeesPlain(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
