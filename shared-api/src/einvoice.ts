import { z } from 'zod';
import { Id } from './common';
import { Paged, PageQuery } from './envelope';
import type { Permission } from './roles';

/*
 * E-invoices (issue 34): every B2B invoice, credit note and debit note of a unit with e-invoicing on is reported to
 * the Invoice Registration Portal (IRP), which answers an IRN, an acknowledgement and a signed QR code. The document
 * keeps its number whatever the portal answers: while it has no IRN it is "IRN pending" (retried with back-off) or
 * "IRN refused" (the portal's reason), and it is never printed as final.
 */

/** The IRP's document types (INV-01 DocDtls.Typ). */
export const EINVOICE_DOCUMENT_TYPES = ['INV', 'CRN', 'DBN'] as const;
export const EInvoiceDocumentType = z.enum(EINVOICE_DOCUMENT_TYPES);
export type EInvoiceDocumentType = z.infer<typeof EInvoiceDocumentType>;
export const EINVOICE_DOCUMENT_LABELS: Readonly<Record<EInvoiceDocumentType, string>> = { INV: 'Invoice', CRN: 'Credit note', DBN: 'Debit note' };

export const EINVOICE_STATUSES = ['PENDING', 'REGISTERED', 'REFUSED', 'CANCELLED'] as const;
export const EInvoiceStatus = z.enum(EINVOICE_STATUSES);
export type EInvoiceStatus = z.infer<typeof EInvoiceStatus>;
export const EINVOICE_STATUS_LABELS: Readonly<Record<EInvoiceStatus, string>> = {
  PENDING: 'IRN pending',
  REGISTERED: 'IRN registered',
  REFUSED: 'IRN refused',
  CANCELLED: 'IRN cancelled',
};

/** An IRN may be cancelled on the portal within this many hours of its acknowledgement; after that, only a credit note. */
export const IRN_CANCEL_WINDOW_HOURS = 24;

/** The portal's cancellation reasons (CnlRsn). */
export const IRN_CANCEL_REASONS = { '1': 'Duplicate', '2': 'Data entry mistake', '3': 'Order cancelled', '4': 'Others' } as const;
export const IrnCancelReason = z.enum(['1', '2', '3', '4'], { message: 'Choose the reason for cancelling' });
export type IrnCancelReason = z.infer<typeof IrnCancelReason>;

/** Who may cancel an IRN (and so the document): the owner, or a login that may issue that kind of document. */
export const IRN_CANCEL_PERMISSION: Readonly<Record<EInvoiceDocumentType, Permission>> = { INV: 'SALES_BILLING', CRN: 'RETURNS', DBN: 'PURCHASES' };

/** The e-invoice side of one document, as the document page, the queue and the PDF read it. */
export const EInvoiceState = z.object({
  id: z.string(),
  documentType: EInvoiceDocumentType,
  documentId: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  /** The recipient's trade name. */
  partyName: z.string(),
  totalPaise: z.number().int(),
  status: EInvoiceStatus,
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  /** ISO time of the portal's acknowledgement. */
  ackDate: z.string().nullable(),
  /** The signed QR code as the portal answered it (a JWT); the PDF draws it. */
  signedQr: z.string().nullable(),
  /** REFUSED: the portal's error code and reason, as it gave them. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  /** PENDING: when it will be tried again by itself. */
  nextAttemptAt: z.string().nullable(),
  /** REGISTERED: until when the IRN may still be cancelled (ackDate + IRN_CANCEL_WINDOW_HOURS). */
  cancellableUntil: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.object({ code: IrnCancelReason, label: z.string(), remark: z.string() }).nullable(),
});
export type EInvoiceState = z.infer<typeof EInvoiceState>;

export const EInvoiceListQuery = PageQuery.extend({
  status: EInvoiceStatus.optional(),
  documentType: EInvoiceDocumentType.optional(),
});
export type EInvoiceListQuery = z.input<typeof EInvoiceListQuery>;

/** Sales → E-invoices: the unit's documents by IRN state, newest first, with how many are in each state. */
export const EInvoiceList = Paged(EInvoiceState).extend({ counts: z.record(EInvoiceStatus, z.number().int()) });
export type EInvoiceList = z.infer<typeof EInvoiceList>;

/** POST retry-all's answer: how many were tried and how they ended. */
export const EInvoiceRetryResult = z.object({ tried: z.number().int(), registered: z.number().int(), refused: z.number().int(), stillPending: z.number().int() });
export type EInvoiceRetryResult = z.infer<typeof EInvoiceRetryResult>;

/** Cancels the IRN on the portal (within IRN_CANCEL_WINDOW_HOURS) and the document in the books. */
export const CancelIrn = z.object({
  reasonCode: IrnCancelReason,
  remark: z.string().trim().min(1, 'Say why it is cancelled').max(100, 'At most 100 characters'),
});
export type CancelIrn = z.input<typeof CancelIrn>;

/** Which outside service a unit's documents go to (configuration, read-only on screen). */
export const COMPLIANCE_PROVIDERS = ['LOCAL', 'NIC', 'GSP'] as const;
export const ComplianceProvider = z.enum(COMPLIANCE_PROVIDERS);
export type ComplianceProvider = z.infer<typeof ComplianceProvider>;

/** The owner's settings card for e-invoices and e-way bills. */
export const ComplianceSettings = z.object({
  /** Whether the unit's B2B documents are reported to the IRP (aggregate turnover above ₹5 crore in any year since 2017-18). */
  eInvoicing: z.boolean(),
  irpProvider: ComplianceProvider,
  ewbProvider: ComplianceProvider,
});
export type ComplianceSettings = z.infer<typeof ComplianceSettings>;

export const UpdateComplianceSettings = z.object({ eInvoicing: z.boolean() });
export type UpdateComplianceSettings = z.input<typeof UpdateComplianceSettings>;

export const EInvoiceParams = z.object({ eInvoiceId: Id });

const id = encodeURIComponent;

export const EINVOICE_PATHS = {
  /** GET ComplianceSettings (any member), PUT UpdateComplianceSettings (owner). */
  settings: '/purchases/sales/compliance-settings',
  /** GET EInvoiceListQuery → EInvoiceList. */
  list: '/purchases/sales/e-invoices',
  /** POST → EInvoiceRetryResult: every PENDING and REFUSED document of the unit is sent again now. */
  retryAll: '/purchases/sales/e-invoices/retry',
  /** POST → EInvoiceState: one document sent again now. */
  retry: (eInvoiceId: string) => `/purchases/sales/e-invoices/${id(eInvoiceId)}/retry`,
  /** POST CancelIrn → EInvoiceState (E0024 after the window). */
  cancel: (eInvoiceId: string) => `/purchases/sales/e-invoices/${id(eInvoiceId)}/cancel`,
} as const;

/**
 * A cancelled document (issue 34: an IRN cancelled within IRN_CANCEL_WINDOW_HOURS cancels the document in the books:
 * its voucher reversed, its stock put back, the other side's record withdrawn). Registers and GST returns leave it out.
 */
export const DocumentCancellation = z.object({
  /** ISO time it was cancelled. */
  at: z.string(),
  reasonCode: IrnCancelReason,
  /** IRN_CANCEL_REASONS[reasonCode]. */
  reason: z.string(),
  remark: z.string(),
});
export type DocumentCancellation = z.infer<typeof DocumentCancellation>;
