import {
  EINVOICE_PATHS,
  IRN_CANCEL_PERMISSION,
  type CancelIrn,
  type ComplianceProvider,
  type ComplianceSettings,
  type EInvoiceDocumentType,
  type EInvoiceList,
  type EInvoiceRetryResult,
  type EInvoiceState,
  type EInvoiceStatus,
  type MyAccount,
  type UpdateComplianceSettings,
} from 'shared-api';
import { api, can, fetcher, type ApiError } from 'shared-auth';
import useSWR from 'swr';
import { invoicePath } from '../sales-invoices/sales-invoices-api';
import { creditNotePath } from '../sales-returns/sales-returns-api';
import { returnPath } from '../purchase-returns/purchase-returns-api';

export const EINVOICES_PAGE_SIZE = 20;

/** The unit's documents by IRN state (all states when none is given), newest first, one page, with the counts. */
export const useEInvoices = (status: EInvoiceStatus | undefined, page: number) =>
  useSWR<EInvoiceList, ApiError>([EINVOICE_PATHS.list, { ...(status ? { status } : {}), page, pageSize: EINVOICES_PAGE_SIZE }], fetcher, { keepPreviousData: true });

export const useComplianceSettings = () => useSWR<ComplianceSettings, ApiError>(EINVOICE_PATHS.settings, fetcher);

export const saveComplianceSettings = (body: UpdateComplianceSettings) => api.put<ComplianceSettings>(EINVOICE_PATHS.settings, body);

/** Sends one document to the portal again now; answers its new state. */
export const retryEInvoice = (eInvoiceId: string) => api.post<EInvoiceState>(EINVOICE_PATHS.retry(eInvoiceId));

/** Sends every pending and refused document again now. */
export const retryAllEInvoices = () => api.post<EInvoiceRetryResult>(EINVOICE_PATHS.retryAll);

export const cancelIrn = (eInvoiceId: string, body: CancelIrn) => api.post<EInvoiceState>(EINVOICE_PATHS.cancel(eInvoiceId), body);

/**
 * Who may send documents to the portal again: the people who file the unit's GST (owner, manager, accountant).
 * Everyone else sees the state; the API refuses them anyway, this only keeps the buttons away.
 */
export const mayActOnEInvoices = (account: Pick<MyAccount, 'role' | 'employeeRole'> | undefined) => account !== undefined && can(account, 'GST_FILES');

/** Who may cancel an IRN, and so the document: the owner or a login that may issue that kind of document (as the API). */
export const mayCancelIrn = (account: Pick<MyAccount, 'role' | 'employeeRole'> | undefined, type: EInvoiceDocumentType) => account !== undefined && can(account, IRN_CANCEL_PERMISSION[type]);

/** A registered IRN may be cancelled on the portal until `cancellableUntil` (24 hours after its acknowledgement). */
export const isCancellable = (e: EInvoiceState, now = Date.now()) => e.status === 'REGISTERED' && e.cancellableUntil !== null && now < Date.parse(e.cancellableUntil);

/** The document's own page: the invoice, the credit note (sales return) or the debit note (purchase return). */
export function documentPath(e: Pick<EInvoiceState, 'documentType' | 'documentId'>): string {
  const paths: Record<EInvoiceDocumentType, (id: string) => string> = { INV: invoicePath, CRN: creditNotePath, DBN: returnPath };
  return paths[e.documentType](e.documentId);
}

export const PROVIDER_LABELS: Readonly<Record<ComplianceProvider, string>> = { LOCAL: 'Local test adapter', NIC: 'NIC', GSP: 'GSP' };
