import { upiPayLink } from 'shared-api';
import type { Database } from '../../db/database';
import { qrPng } from '../../pdf/codes';
import { openItems } from '../ledger/outstanding';
import { istDate } from '../search/text';
import { defaultUpi } from './accounts';

/** What a printed invoice asks to be paid: the UPI link (and its QR) for what is still due on it. */
export interface InvoicePayQr {
  link: string;
  png: Buffer;
  duePaise: number;
}

/**
 * The "scan to pay" QR of a sales invoice: the seller's default VPA, the amount still due on the invoice in the
 * seller's books, the invoice number as the note, and as `tr` the reference of its latest open payment request
 * (so a gateway payment matches that request), else the invoice number. Null when the seller has no UPI account
 * or nothing is due.
 */
export async function invoicePayQr(db: Database, invoiceId: string, at: Date): Promise<InvoicePayQr | null> {
  const invoice = await db.selectFrom('sales_invoices').select(['id', 'unit_id', 'invoice_number']).where('id', '=', invoiceId).executeTakeFirst();
  if (!invoice) return null;
  const upi = await defaultUpi(db, invoice.unit_id);
  if (!upi) return null;
  // The debtor head the invoice was posted to: its open items say what is still due.
  const head = await db
    .selectFrom('vouchers as v')
    .innerJoin('voucher_lines as l', 'l.voucher_id', 'v.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select('a.id')
    .where('v.unit_id', '=', invoice.unit_id)
    .where('v.document_type', '=', 'SALES_INVOICE')
    .where('v.document_id', '=', invoice.id)
    .where('a.group_code', '=', 'SUNDRY_DEBTORS')
    .executeTakeFirst();
  if (!head) return null;
  const items = (await openItems(db, invoice.unit_id, { asOf: istDate(at), side: 'RECEIVABLE', accountId: head.id }))[0]?.items ?? [];
  const due = items.filter((i) => i.documentType === 'SALES_INVOICE' && i.documentId === invoice.id).reduce((s, i) => s + i.outstandingPaise, 0);
  if (due <= 0) return null;
  const request = await db
    .selectFrom('payment_requests as r')
    .innerJoin('payment_request_invoices as ri', 'ri.request_id', 'r.id')
    .select('r.reference')
    .where('ri.invoice_id', '=', invoice.id)
    .where('r.unit_id', '=', invoice.unit_id)
    .where('r.status', 'in', ['OPEN', 'PARTLY_PAID'])
    .orderBy('r.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const link = upiPayLink({ pa: upi.vpa, pn: upi.payeeName, amountPaise: due, tn: invoice.invoice_number, tr: request?.reference ?? invoice.invoice_number });
  return { link, png: await qrPng(link, 240), duePaise: due };
}
