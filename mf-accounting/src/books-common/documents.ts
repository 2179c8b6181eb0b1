import { invoicePath } from '../sales-invoices/sales-invoices-api';
import { creditNotePath } from '../sales-returns/sales-returns-api';
import { billPath } from '../purchase-bills/purchase-bills-api';
import { returnPath } from '../purchase-returns/purchase-returns-api';

/** The screen of a voucher's document, where this remote has one (a journal or a receipt has none). */
export function documentPath(documentType: string, documentId: string | null): string | null {
  if (!documentId) return null;
  switch (documentType) {
    case 'SALES_INVOICE':
      return invoicePath(documentId);
    case 'CREDIT_NOTE':
      return creditNotePath(documentId);
    case 'PURCHASE_BILL':
      return billPath(documentId);
    case 'DEBIT_NOTE':
      return returnPath(documentId);
    default:
      return null;
  }
}
