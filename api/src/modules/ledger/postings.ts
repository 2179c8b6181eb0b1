import type { DocumentTotals, VoucherKind } from 'shared-api';
import type { AccountRef } from './accounts';
import type { VoucherLineInput } from './post';

/**
 * The postings of the four GST documents, so every one books the same way (amounts from shared-api
 * priceDocument/documentTotals; the party is a debtor for sales, a creditor for purchases):
 *
 *   SALES_INVOICE  Dr party total          Cr Sales taxable,             Cr Output CGST/SGST/IGST
 *   CREDIT_NOTE    Dr Sales Returns taxable, Dr Output CGST/SGST/IGST,  Cr party total
 *   PURCHASE_BILL  Dr Purchases taxable,    Dr Input CGST/SGST/IGST,   Cr party total
 *   DEBIT_NOTE     Dr party total          Cr Purchase Returns taxable, Cr Input CGST/SGST/IGST
 *
 * and the round-off on whichever side makes it balance (a rounded-up invoice credits Round Off).
 */
export const TAX_DOCUMENTS = {
  SALES_INVOICE: { voucherKind: 'SALES', partySide: 1, head: 'SALES', tax: 'OUTPUT' },
  CREDIT_NOTE: { voucherKind: 'CREDIT_NOTE', partySide: -1, head: 'SALES_RETURNS', tax: 'OUTPUT' },
  PURCHASE_BILL: { voucherKind: 'PURCHASE', partySide: -1, head: 'PURCHASES', tax: 'INPUT' },
  DEBIT_NOTE: { voucherKind: 'DEBIT_NOTE', partySide: 1, head: 'PURCHASE_RETURNS', tax: 'INPUT' },
} as const satisfies Record<string, { voucherKind: VoucherKind; partySide: 1 | -1; head: 'SALES' | 'SALES_RETURNS' | 'PURCHASES' | 'PURCHASE_RETURNS'; tax: 'OUTPUT' | 'INPUT' }>;
export type TaxDocumentType = keyof typeof TAX_DOCUMENTS;

/** +amount on the debit side, −amount on the credit side. */
const signed = (account: AccountRef, amount: number): VoucherLineInput => (amount >= 0 ? { account, debitPaise: amount } : { account, creditPaise: -amount });

type Totals = Pick<DocumentTotals, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'roundOffPaise' | 'totalPaise'>;

/** The voucher lines of a GST document (see TAX_DOCUMENTS). */
export function taxDocumentLines(type: TaxDocumentType, party: AccountRef, totals: Totals): VoucherLineInput[] {
  const { partySide: s, head, tax } = TAX_DOCUMENTS[type];
  return [
    signed(party, s * totals.totalPaise),
    signed({ head }, -s * totals.taxablePaise),
    signed({ head: `${tax}_CGST` }, -s * totals.cgstPaise),
    signed({ head: `${tax}_SGST` }, -s * totals.sgstPaise),
    signed({ head: `${tax}_IGST` }, -s * totals.igstPaise),
    signed({ head: 'ROUND_OFF' }, -s * totals.roundOffPaise),
  ];
}

/** Where money is received or paid through. */
export type Settlement = 'CASH' | 'BANK' | 'UPI_CLEARING';

/** RECEIPT: Dr cash/bank/UPI, Cr the party. PAYMENT: Dr the party, Cr cash/bank/UPI. */
export function settlementLines(kind: 'RECEIPT' | 'PAYMENT', party: AccountRef, via: Settlement, amountPaise: number): VoucherLineInput[] {
  const s = kind === 'RECEIPT' ? 1 : -1;
  return [signed({ head: via }, s * amountPaise), signed(party, -s * amountPaise)];
}
