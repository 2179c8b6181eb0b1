import { hasPermission, IRN_CANCEL_PERMISSION, IRN_CANCEL_WINDOW_HOURS, type CancelIrn, type EInvoiceDocumentType, type EInvoiceState } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { cancelInBooks, type CancellableDocument } from '../cancellations/books';
import { IrpUnavailable, type IrpClient } from './irp';
import { buildEInvoicePayload } from './payload';
import { toEInvoiceState } from './service';

/*
 * Cancelling an IRN (issue 34): the portal allows it within IRN_CANCEL_WINDOW_HOURS of its acknowledgement, and then
 * the document is cancelled in our books too (cancellations/books.ts); after the window only a credit note. The books'
 * rules are checked first (a dry run under the same locks), so the portal is never asked to cancel what the books
 * would refuse; the portal is called outside any transaction (no lock is held while it answers); what it answers is
 * written with the books' cancellation in one transaction.
 */

const BOOKS_TYPE: Readonly<Record<EInvoiceDocumentType, CancellableDocument>> = { INV: 'SALES_INVOICE', CRN: 'CREDIT_NOTE', DBN: 'DEBIT_NOTE' };

/**
 * Who may cancel: the owner, or an employee whose role may issue that kind of document (an invoice: SALES_BILLING;
 * a credit note: RETURNS; a debit note: PURCHASES). The route itself needs SALES_READ (the e-invoice list's).
 */
const PERMISSION_WORDS: Readonly<Record<EInvoiceDocumentType, string>> = { INV: 'invoices', CRN: 'credit notes', DBN: 'debit notes' };

export const irnCannotChange = (why: string) => new AppError('E0024', 409, why);

/** ack + the window, the last moment the portal takes a cancellation. */
export const cancellableUntil = (ackDate: Date) => new Date(ackDate.getTime() + IRN_CANCEL_WINDOW_HOURS * 3_600_000);

export class IrnCancelService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly irp: IrpClient,
  ) {}

  async cancel(caller: Caller, eInvoiceId: string, input: z.output<typeof CancelIrn>): Promise<EInvoiceState> {
    const row = await this.db
      .selectFrom('e_invoices')
      .select(['id', 'document_type', 'document_id', 'document_number', 'status', 'irn', 'ack_date'])
      .where('id', '=', eInvoiceId)
      .where('unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!row) throw new AppError('E0002', 404, 'E-invoice not found');
    const type = row.document_type as EInvoiceDocumentType;
    if (!hasPermission(caller, IRN_CANCEL_PERMISSION[type])) {
      throw new AppError('E0040', 403, `Only the owner or a login that may issue ${PERMISSION_WORDS[type]} may cancel one`);
    }
    const what = `${row.document_number}`;
    if (row.status === 'CANCELLED') throw irnCannotChange(`The IRN of ${what} is already cancelled`);
    if (row.status !== 'REGISTERED' || !row.irn || !row.ack_date) {
      throw irnCannotChange(`${what} has no IRN to cancel (it is ${row.status === 'PENDING' ? 'waiting for one' : 'refused by the portal'}): a document without an IRN is not valid; issue a credit note if it must be undone`);
    }
    const until = cancellableUntil(new Date(row.ack_date));
    if (this.config.now() > until) {
      throw irnCannotChange(`The IRN of ${what} was acknowledged more than ${IRN_CANCEL_WINDOW_HOURS} hours ago (it could be cancelled until ${until.toISOString()}): after that only a credit note can undo it`);
    }
    const books = (trx: Parameters<Parameters<typeof inTransaction>[1]>[0], dryRun: boolean) =>
      cancelInBooks(trx, { unitId: caller.unitId, documentType: BOOKS_TYPE[type], documentId: row.document_id, reasonCode: input.reasonCode, remark: input.remark, userId: caller.userId, at: this.config.now() }, { dryRun });
    // The books' rules first, so the portal is not asked to cancel what the books would refuse (E0013).
    await inTransaction(this.db, (trx) => books(trx, true));

    let answer;
    try {
      // The GSTIN it was registered under: the document's supplier, as its payload names it.
      const { sellerGstin } = await buildEInvoicePayload(this.db, type, row.document_id);
      answer = await this.irp.cancel(sellerGstin, { irn: row.irn, reasonCode: input.reasonCode, remark: input.remark });
    } catch (e) {
      if (e instanceof IrpUnavailable) throw new AppError('E0041', 503, 'The e-invoice portal cannot be reached: nothing was cancelled. Try again in a few minutes.');
      throw e;
    }
    if (answer.outcome === 'REFUSED') throw irnCannotChange(`The e-invoice portal refused to cancel the IRN of ${what}: ${answer.message} (${answer.code})`);

    const markCancelled = (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
      trx
        .updateTable('e_invoices')
        .set({ status: 'CANCELLED', cancelled_at: answer.cancelledAt, cancel_reason_code: input.reasonCode, cancel_remark: input.remark, next_attempt_at: null, updated_at: this.config.now() })
        .where('id', '=', row.id)
        .execute();
    try {
      await inTransaction(this.db, async (trx) => {
        await books(trx, false);
        await markCancelled(trx);
      });
    } catch (e) {
      // Someone acted on the document between the dry run and now (a credit note, a sale of the goods): the portal has
      // cancelled the IRN all the same, and that is recorded; the document stands in the books without one.
      if (!(e instanceof AppError) || e.code !== 'E0013') throw e;
      await inTransaction(this.db, markCancelled);
      throw new AppError('E0013', 409, `The portal cancelled the IRN of ${what}, but the books could not cancel it: ${e.message}. It stands without an IRN: issue a credit note for it.`);
    }
    return toEInvoiceState(await this.db.selectFrom('e_invoices').selectAll().where('id', '=', eInvoiceId).executeTakeFirstOrThrow());
  }
}
