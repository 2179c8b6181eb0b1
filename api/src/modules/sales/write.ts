import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { eInvoiceRow } from '../e-invoices/service';
import type { AccountRef } from '../ledger/accounts';
import { NUMBER_TO_TAKE, takeNumberWith, type DocumentNumber, type NumberedWrite } from '../ledger/numbering';
import { voucherRows } from '../ledger/post';
import { TAX_DOCUMENTS, taxDocumentLines } from '../ledger/postings';
import { asClosedYearError } from '../ledger/years';
import { LINKS, unitNotices } from '../notifications/notify';
import { purchaseBillRows } from '../purchases/service';
import { invoiceRows, type NewInvoice } from './repository';

/** A sales invoice to write (an order's or a counter sale's): NUMBER_TO_TAKE in its texts stands for its number. */
export interface InvoiceToWrite extends Omit<NewInvoice, 'voucherId'> {
  /** Who owes it in the seller's books: the buyer's party head, or walk-in sales. */
  debtor: AccountRef;
  /** The sales voucher's narration. */
  narration: string;
  /** What the buyer's notice says beside the invoice's number. */
  noticeBody: string;
  /** More rows that print the number, written in the same statement (a counter sale's stock movements). */
  alsoWrite?: readonly NumberedWrite[];
}

/**
 * Every row of an invoice built first (the sales voucher with its heads resolved, the invoice and its lines, a
 * platform buyer's purchase bill and notice, the e-invoice row), then the INV number taken and all of them written
 * in one statement (takeNumberWith): concurrent invoices of a seller hold its counter's lock for that round trip
 * and the commit only (issue 37 item 3). Takes the counter last: the caller has locked what it reads before.
 */
export async function writeInvoice(trx: Transaction<DB>, inv: InvoiceToWrite): Promise<{ number: DocumentNumber; eInvoiceId: string | null }> {
  const { debtor, narration, noticeBody, alsoWrite = [], ...rest } = inv;
  const [voucher] = await voucherRows(trx, [
    {
      unitId: inv.unitId,
      kind: TAX_DOCUMENTS.SALES_INVOICE.voucherKind,
      date: inv.date,
      documentType: 'SALES_INVOICE',
      documentId: inv.id,
      documentNumber: NUMBER_TO_TAKE,
      narration,
      lines: taxDocumentLines('SALES_INVOICE', debtor, inv.totals),
      createdBy: inv.createdBy,
      at: inv.at,
    },
  ]);
  const invoice: NewInvoice = { ...rest, voucherId: voucher!.id };
  // The buyer unit learns of the invoice with it; it opens as the buyer's purchase bill.
  const bill = purchaseBillRows(invoice);
  const notices = unitNotices(
    [inv.buyerUnitId],
    { type: 'INVOICE', title: `Invoice ${NUMBER_TO_TAKE} from ${inv.supplier.name}`, body: noticeBody, link: bill ? LINKS.purchaseBill(bill.billId) : LINKS.purchaseBills },
    { at: inv.at },
  );
  // E-invoice (issue 34): PENDING in this transaction (B2B only), registered right after the commit.
  const eInvoice = await eInvoiceRow(trx, { unitId: inv.unitId, type: 'INV', documentId: inv.id, number: NUMBER_TO_TAKE, date: inv.date, party: inv.recipient, totalPaise: inv.totals.totalPaise }, inv.at);
  const number = await takeNumberWith(trx, inv.unitId, 'INV', inv.date, [
    ...alsoWrite,
    { table: 'vouchers', rows: [voucher!.voucher] },
    { table: 'voucher_lines', rows: voucher!.lines },
    ...invoiceRows(invoice),
    ...(bill?.writes ?? []),
    ...(eInvoice ? [eInvoice.write] : []),
    ...(notices.length ? [{ table: 'notifications' as const, rows: notices }] : []),
  ]).catch((error: unknown) => {
    throw asClosedYearError(error, inv.date);
  });
  return { number, eInvoiceId: eInvoice?.id ?? null };
}
