import type { Transaction } from 'kysely';
import type { AllocationChoice, PaymentMethod } from 'shared-api';
import type { DB } from '../../db/types';

/*
 * The one way a payment enters the books (issue 15), shared by manual entry (payments service), the gateway
 * webhook and the bank statement import (reconciliation module). Both run inside the caller's transaction.
 */

/** How the money moved, as recorded on the payments row. */
export interface MoneyMoved {
  method: PaymentMethod;
  utr: string | null;
  chequeNumber: string | null;
  amountPaise: number;
  /** 'YYYY-MM-DD' (IST) */
  paidOn: string;
  provider: 'MANUAL' | 'GATEWAY' | 'STATEMENT';
  providerPaymentId: string | null;
  payerVpa: string | null;
  note: string | null;
  createdBy: string | null;
  at: Date;
}

/**
 * Records a payment against a payment request and posts it in the books of each platform side (the payee's
 * receipt vouchers on the request's invoices, oldest first, the rest on account; the payer's payment vouchers on
 * its bills of those invoices). Locks the request; refuses a CANCELLED or PAID request (E0010), an amount beyond
 * what is still due on the request (E0010) and a UTR or provider payment id seen before (E0009). Updates the
 * request's status and notifies both sides (PAYMENT). Returns the new payment's id.
 */
export async function payRequest(trx: Transaction<DB>, requestId: string, money: MoneyMoved): Promise<string> {
  void trx;
  void requestId;
  void money;
  throw new Error('payments/apply.ts: payRequest is being written');
}

/**
 * Applies a payment stored as UNMATCHED (status APPLIED after): the payee (payeeUnitId) says which debtor head paid
 * (partyAccountId) and what it settles. Posts the payee's receipt vouchers (and the payer's payment vouchers when
 * the debtor is a platform unit) and notifies both sides. E0002 for an unknown or already applied payment.
 */
export async function applyUnmatched(
  trx: Transaction<DB>,
  p: { paymentId: string; payeeUnitId: string; partyAccountId: string; allocation: AllocationChoice; createdBy: string | null; at: Date },
): Promise<void> {
  void trx;
  void p;
  throw new Error('payments/apply.ts: applyUnmatched is being written');
}
