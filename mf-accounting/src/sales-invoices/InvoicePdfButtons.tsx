import { PdfButtons } from '../tax-document/PdfButtons';
import { downloadInvoicePdf } from './sales-invoices-api';

/** An invoice's "PDF A4" / "PDF A5" buttons; small by default, as they mostly sit in table rows. */
export function InvoicePdfButtons({ invoice, size = 'sm' }: { invoice: { invoiceId: string; invoiceNumber: string }; size?: 'sm' | 'md' }) {
  return <PdfButtons documentNumber={invoice.invoiceNumber} size={size} download={(paper) => downloadInvoicePdf(invoice, paper)} />;
}
