import type { VoucherKind } from 'shared-api';

/** What people call each kind of voucher. */
export const VOUCHER_KIND_LABELS: Record<VoucherKind, string> = {
  SALES: 'Sales',
  PURCHASE: 'Purchase',
  CREDIT_NOTE: 'Credit note',
  DEBIT_NOTE: 'Debit note',
  RECEIPT: 'Receipt',
  PAYMENT: 'Payment',
  JOURNAL: 'Journal',
  CONTRA: 'Contra',
  REVERSAL: 'Reversal',
};
