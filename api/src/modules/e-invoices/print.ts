import type { EInvoiceState } from 'shared-api';
import { qrPng } from '../../pdf/codes';
import type { TaxDocumentPrint } from '../../pdf/tax-document';

/** "22 Nov 2026, 10:00 am" in IST, as the acknowledgement is printed. */
const istDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * What a document's PDF prints of its e-invoice (issue 34): a registered one its IRN, Ack No and date and the signed
 * QR code (drawn by pdf/codes.ts, 600 px so its ~900 characters stay sharp); one without an IRN is a draft, said
 * plainly in its title and under the header; none (not reported, or cancelled: printed by the cancellation) nothing.
 */
export async function eInvoicePrint(state: EInvoiceState | null, documentTitle: string): Promise<Pick<TaxDocumentPrint, 'title' | 'eInvoice'>> {
  if (state?.status === 'REGISTERED' && state.irn && state.ackNo && state.ackDate && state.signedQr) {
    return { title: documentTitle, eInvoice: { kind: 'REGISTERED', irn: state.irn, ackNo: state.ackNo, ackDate: istDateTime(state.ackDate), qrPng: await qrPng(state.signedQr, 600) } };
  }
  if (state?.status === 'PENDING' || state?.status === 'REFUSED') {
    const why = state.status === 'PENDING' ? 'IRN pending' : 'IRN refused by the portal';
    return { title: `DRAFT ${documentTitle}`, eInvoice: { kind: 'DRAFT', banner: `DRAFT — ${why}: not a valid tax invoice until registered` } };
  }
  return { title: documentTitle, eInvoice: null };
}
