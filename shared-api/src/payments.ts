import { z } from 'zod';
import { OpenDocument, OutstandingSide } from './books';
import { AmountPaise, Id, IsoDate, MobileNumber, Timestamp } from './common';
import { PageQuery, Paged } from './envelope';
import { vpaOk } from './identifiers';
import { RejectedRow } from './inventory';

/*
 * UPI payments (issue 15, SPEC.md §2 payments/upi/*, billing/*, memo-2-payment; §3 Payment/UPI, invoice columns;
 * §7 payments/*). Money is integer paise, dates 'YYYY-MM-DD' (IST). Every payment posts through the ledger core:
 * the payee's books get a receipt voucher per document it settles, the payer's a payment voucher, in one transaction
 * with the payment. A payment is recorded once: a UTR (or a gateway's payment id) is never accepted twice.
 */

// ---------------------------------------------------------------------------------------------------------------
// UPI links and QR codes

/** The NPCI deep link a UPI app opens: `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…&tr=…` (am in rupees, 2 decimals). */
export interface UpiLinkParts {
  /** payee VPA */
  pa: string;
  /** payee name */
  pn: string;
  /** amount in paise (absent: the payer types it) */
  amountPaise?: number | null;
  /** transaction note shown to the payer (≤ 50 characters) */
  tn?: string | null;
  /** the payee's reference, echoed back by the gateway: what reconciliation matches */
  tr?: string | null;
}

const rupeesText = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** One builder of the link, used by the API (QR images, invoice PDFs), the screens and the tests. */
export function upiPayLink(p: UpiLinkParts): string {
  const q: [string, string][] = [
    ['pa', p.pa],
    ['pn', p.pn],
  ];
  if (p.amountPaise != null) q.push(['am', rupeesText(p.amountPaise)]);
  q.push(['cu', 'INR']);
  if (p.tn) q.push(['tn', p.tn.slice(0, 50)]);
  if (p.tr) q.push(['tr', p.tr]);
  return `upi://pay?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

export const Vpa = z
  .string()
  .trim()
  .toLowerCase()
  .refine(vpaOk, 'Enter a valid UPI ID, like name@bank');

/** A 12-digit UPI transaction reference (UTR / RRN), as the payer's UPI app shows it. */
export const Utr = z.string().trim().regex(/^\d{12}$/, 'The UPI reference (UTR) is the 12-digit number in the payment app');

export const QrQuery = z.object({ format: z.enum(['png', 'svg']).default('png') });
export type QrFormat = z.infer<typeof QrQuery>['format'];

const Paise = AmountPaise.positive('The amount must be more than ₹0');

// ---------------------------------------------------------------------------------------------------------------
// UPI accounts: the unit's payout accounts of kind UPI (the /profile list is the same records)

export const UpiAccount = z.object({
  id: z.string(),
  accountName: z.string(),
  vpa: z.string(),
  /** The bank account the VPA pays into (optional). */
  bankAccountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  isDefault: z.boolean(),
  /** upi://pay link of the static QR (no amount). */
  upiLink: z.string(),
});
export type UpiAccount = z.infer<typeof UpiAccount>;

/** E0059 for a malformed VPA, E0060 for a malformed bank account behind it; a VPA already added is E0009. */
export const AddUpiAccount = z.object({
  accountName: z.string().trim().min(1, 'Name is required').max(100),
  vpa: z.string().trim(),
  bankAccountNumber: z.string().trim().optional(),
  ifsc: z.string().trim().toUpperCase().optional(),
  makeDefault: z.boolean().default(false),
});
export type AddUpiAccount = z.input<typeof AddUpiAccount>;

// ---------------------------------------------------------------------------------------------------------------
// Recording a payment and allocating it

export const PAYMENT_METHODS = ['UPI', 'CASH', 'CHEQUE', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

/** OLDEST_FIRST: the party's open documents, oldest first; CHOSEN: the documents and amounts given. */
export const AllocationChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('OLDEST_FIRST') }),
  z.object({
    mode: z.literal('CHOSEN'),
    items: z
      .array(z.object({ documentId: Id, amountPaise: Paise }))
      .min(1, 'Choose at least one invoice')
      .max(100),
  }),
]);
export type AllocationChoice = z.infer<typeof AllocationChoice>;

/** How the money moved: a UTR for UPI (and bank transfers), a cheque number for cheques, nothing for cash. */
const instrument = {
  method: PaymentMethodSchema,
  utr: z.string().trim().optional(),
  chequeNumber: z.string().trim().optional(),
};
const instrumentRule = (v: { method: PaymentMethod; utr?: string | undefined; chequeNumber?: string | undefined }, ctx: z.RefinementCtx) => {
  if ((v.method === 'UPI' || v.method === 'BANK_TRANSFER') && !Utr.safeParse(v.utr ?? '').success) {
    ctx.addIssue({ code: 'custom', path: ['utr'], message: 'The UPI reference (UTR) is the 12-digit number in the payment app' });
  }
  if (v.method === 'CHEQUE' && !/^\d{6}$/.test(v.chequeNumber ?? '')) ctx.addIssue({ code: 'custom', path: ['chequeNumber'], message: 'A cheque number is 6 digits' });
};

/**
 * POST submit (record) and preview. RECEIVED: the party (a Sundry Debtors head) paid the caller; PAID: the caller
 * paid the party (a Sundry Creditors head). What is beyond the documents' dues is kept on account (an advance);
 * a CHOSEN amount beyond a document's due is refused (E0010). Same UTR twice: 409 E0009.
 */
export const RecordPayment = z
  .object({
    direction: z.enum(['RECEIVED', 'PAID']),
    partyAccountId: Id,
    ...instrument,
    amountPaise: Paise,
    paidOn: IsoDate,
    allocation: AllocationChoice.default({ mode: 'OLDEST_FIRST' }),
    note: z.string().trim().max(200).optional(),
  })
  .superRefine(instrumentRule);
export type RecordPayment = z.input<typeof RecordPayment>;

/** OPENING_BILL: an unpaid bill brought in by the move-in (issue 36), settled by its number like an invoice or a bill. */
export const ALLOCATION_TARGETS = ['SALES_INVOICE', 'PURCHASE_BILL', 'OPENING_BILL', 'ON_ACCOUNT'] as const;

/** One part of a payment: a document it settles, or ON_ACCOUNT (an advance, settling the oldest later). */
export const AllocationLine = z.object({
  target: z.enum(ALLOCATION_TARGETS),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentDate: z.string().nullable(),
  /** What was due on the document before this payment (null on account). */
  duePaise: z.number().int().nullable(),
  amountPaise: z.number().int(),
});
export type AllocationLine = z.infer<typeof AllocationLine>;

export const AllocationPreview = z.object({
  partyName: z.string(),
  amountPaise: z.number().int(),
  lines: z.array(AllocationLine),
  onAccountPaise: z.number().int(),
});
export type AllocationPreview = z.infer<typeof AllocationPreview>;

export const PAYMENT_PROVIDERS = ['MANUAL', 'GATEWAY', 'STATEMENT'] as const;
/**
 * APPLIED: in the books; UNMATCHED: money in, waiting in the queue for a person to allocate; CLAIMED: the payer says
 * it paid a platform unit, in nobody's books until the payee confirms it (or its UTR matches); REJECTED: the payee
 * said it was not received (issue 39).
 */
export const PAYMENT_STATUSES_UPI = ['APPLIED', 'UNMATCHED', 'CLAIMED', 'REJECTED'] as const;

/** One part of a claim: the payee's invoice it names (null: on account) and the payer's bill of it. */
export const PaymentClaimLine = z.object({
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The payer's own document (its bill of the invoice, or an opening bill); null on account. */
  documentNumber: z.string().nullable(),
  amountPaise: z.number().int(),
});
export type PaymentClaimLine = z.infer<typeof PaymentClaimLine>;

/** A payment the payer recorded to a platform unit: what it names and how the payee decided (issue 39). */
export const PaymentClaimInfo = z.object({
  lines: z.array(PaymentClaimLine),
  /** PAYEE: its people confirmed or rejected; GATEWAY / STATEMENT: its UTR and amount matched; null while waiting. */
  decidedHow: z.enum(['PAYEE', 'GATEWAY', 'STATEMENT']).nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type PaymentClaimInfo = z.infer<typeof PaymentClaimInfo>;

export const PaymentSummary = z.object({
  paymentId: z.string(),
  /** The caller's voucher number (RCT/26-27/… received, PAY/26-27/… paid); null while unmatched. */
  number: z.string().nullable(),
  /** From the caller's side. */
  direction: z.enum(['RECEIVED', 'PAID']),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  method: PaymentMethodSchema,
  utr: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  amountPaise: z.number().int(),
  paidOn: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES_UPI),
  /** Matched to a line of the caller's bank statement. */
  reconciled: z.boolean(),
  requestReference: z.string().nullable(),
  createdAt: z.string(),
  /** Recorded by the payer to a platform unit (issue 39): its claim; absent or null for any other payment. */
  claim: PaymentClaimInfo.nullable().optional(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const Payment = PaymentSummary.extend({ allocations: z.array(AllocationLine) });
export type Payment = z.infer<typeof Payment>;

/** A claim waiting for the payee: who says it paid, how, and the invoices it names. */
export const PaymentClaim = z.object({
  paymentId: z.string(),
  payerName: z.string(),
  payerUnitCode: z.string().nullable(),
  method: PaymentMethodSchema,
  utr: z.string().nullable(),
  chequeNumber: z.string().nullable(),
  amountPaise: z.number().int(),
  paidOn: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(PaymentClaimLine),
});
export type PaymentClaim = z.infer<typeof PaymentClaim>;
export const PaymentClaimList = z.object({ items: z.array(PaymentClaim), totalPaise: z.number().int() });
export type PaymentClaimList = z.infer<typeof PaymentClaimList>;

export const RejectClaim = z.object({ reason: z.string().trim().min(3, 'Say why, so the payer knows what to check').max(200) });
export type RejectClaim = z.input<typeof RejectClaim>;

export const PaymentList = Paged(PaymentSummary);
export type PaymentList = z.infer<typeof PaymentList>;
export const PaymentListQuery = PageQuery.extend({
  direction: z.enum(['RECEIVED', 'PAID']).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Who owes what: receive-payments (debtors) and make-payments (creditors), from the ledger's outstanding

/** Where to pay a party: its default UPI account (null when it has none). */
export const PayeeDetails = z.object({ payeeName: z.string(), vpa: z.string(), upiLink: z.string() });
export type PayeeDetails = z.infer<typeof PayeeDetails>;

export const PartyDue = z.object({
  accountId: z.string(),
  partyName: z.string(),
  partyUnitCode: z.string().nullable(),
  side: OutstandingSide,
  /** The open documents' amounts, what was paid or credited on them, and the head's balance (less any advance). */
  amountPaise: z.number().int(),
  paidPaise: z.number().int(),
  outstandingPaise: z.number().int(),
  openCount: z.number().int(),
  oldestOpenDate: z.string().nullable(),
  openRequestCount: z.number().int(),
  /** PAYABLE: the party's UPI details to pay from a phone. */
  payee: PayeeDetails.nullable(),
});
export type PartyDue = z.infer<typeof PartyDue>;

export const PartyDues = z.object({ side: OutstandingSide, totalPaise: z.number().int(), parties: z.array(PartyDue) });
export type PartyDues = z.infer<typeof PartyDues>;

export const PartyDueDetail = PartyDue.extend({
  documents: z.array(OpenDocument),
  unallocatedPaise: z.number().int(),
  payments: z.array(PaymentSummary),
});
export type PartyDueDetail = z.infer<typeof PartyDueDetail>;

export const PaymentsSummary = z.object({
  receivablePaise: z.number().int(),
  payablePaise: z.number().int(),
  openRequests: z.number().int(),
  unmatched: z.number().int(),
  receivedThisMonthPaise: z.number().int(),
  paidThisMonthPaise: z.number().int(),
});
export type PaymentsSummary = z.infer<typeof PaymentsSummary>;

// ---------------------------------------------------------------------------------------------------------------
// Payment requests: a dynamic QR and link with am, tn and tr (the reference reconciliation matches)

export const REQUEST_KINDS = ['INVOICES', 'AMOUNT', 'MEMO', 'PAYOUT'] as const;
export const REQUEST_STATUSES = ['OPEN', 'PARTLY_PAID', 'PAID', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const MEMO_KINDS = ['DELIVERY_MEMO', 'CREDIT_MEMO'] as const;

/**
 * POST payment/add: ask a debtor to pay. With invoices, the amount defaults to what is due on them (it may be less:
 * a part payment); without, an amount is needed. The VPA is the caller's default UPI account unless one is named.
 * E0053 for an invoice that is not the caller's or not the party's; E0059 when the caller has no UPI account.
 */
export const CreatePaymentRequest = z
  .object({
    partyAccountId: Id,
    invoiceIds: z.array(Id).max(50).default([]),
    amountPaise: Paise.optional(),
    note: z.string().trim().max(50).optional(),
    upiAccountId: Id.optional(),
  })
  .refine((v) => v.invoiceIds.length > 0 || v.amountPaise !== undefined, { message: 'Choose invoices or enter an amount', path: ['amountPaise'] });
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequest>;

export const PaymentRequest = z.object({
  requestId: z.string(),
  /** `tr`: unique, printed on the QR; what a gateway echoes back. */
  reference: z.string(),
  kind: z.enum(REQUEST_KINDS),
  /** PAYEE: the caller is paid; PAYER: the caller pays. */
  callerSide: z.enum(['PAYEE', 'PAYER']),
  payeeName: z.string(),
  payeeVpa: z.string(),
  /** PAYOUT: the payee's mobile (SPEC.md §3 payee number). */
  payeeMobile: z.string().nullable(),
  payerName: z.string(),
  payerMobile: z.string().nullable(),
  amountPaise: z.number().int(),
  paidPaise: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  note: z.string().nullable(),
  invoices: z.array(z.object({ invoiceId: z.string(), invoiceNumber: z.string(), invoiceDate: z.string(), amountPaise: z.number().int() })),
  memo: z.object({ kind: z.enum(MEMO_KINDS), number: z.string(), date: z.string(), hasPhoto: z.boolean() }).nullable(),
  /** PAYOUT: an image of the payee's invoice was attached. */
  hasInvoiceImage: z.boolean(),
  upiLink: z.string(),
  /** The message to share on WhatsApp/SMS: who, how much, what for, and the link. */
  shareText: z.string(),
  createdAt: z.string(),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const PaymentRequestDetail = PaymentRequest.extend({ payments: z.array(PaymentSummary) });
export type PaymentRequestDetail = z.infer<typeof PaymentRequestDetail>;

export const PaymentRequestList = Paged(PaymentRequest);
export type PaymentRequestList = z.infer<typeof PaymentRequestList>;
export const PaymentRequestListQuery = PageQuery.extend({
  side: z.enum(['PAYEE', 'PAYER']).default('PAYEE'),
  kind: z.enum(REQUEST_KINDS).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
});

/** The payer (or the payee, for money received off-platform) records a payment against a request. */
export const PayRequest = z
  .object({ ...instrument, amountPaise: Paise, paidOn: IsoDate })
  .superRefine(instrumentRule);
export type PayRequest = z.input<typeof PayRequest>;

/** POST payment/create (payments/upi/create): the caller pays someone by UPI; its QR is shown to scan from a phone. */
export const CreateUpiPayout = z.object({
  payeeName: z.string().trim().min(1, 'Payee name is required').max(100),
  payeeMobile: MobileNumber,
  vpa: Vpa,
  amountPaise: Paise,
  note: z.string().trim().max(50).optional(),
  invoiceImage: z
    .object({ mimeType: z.enum(['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], { message: 'Only PDF or image (JPEG, PNG, WebP) files' }), contentBase64: z.string().min(1) })
    .optional(),
});
export type CreateUpiPayout = z.input<typeof CreateUpiPayout>;

/** memo2payment/create: a paper delivery memo or credit memo the party can pay by UPI, tracked until paid. */
export const CreateMemoPayment = z.object({
  kind: z.enum(MEMO_KINDS),
  /** A debtor head of the caller, when the party is in the books; else a name and mobile. */
  partyAccountId: Id.optional(),
  partyName: z.string().trim().min(1, 'Party name is required').max(100),
  partyMobile: MobileNumber,
  memoNumber: z.string().trim().min(1, 'Memo number is required').max(30),
  memoDate: IsoDate,
  amountPaise: Paise,
  photo: z
    .object({ mimeType: z.enum(['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], { message: 'Only PDF or image (JPEG, PNG, WebP) files' }), contentBase64: z.string().min(1) })
    .optional(),
});
export type CreateMemoPayment = z.input<typeof CreateMemoPayment>;

// ---------------------------------------------------------------------------------------------------------------
// The payment gateway (webhook adapter) and the queue of unmatched money

/**
 * A gateway event, POSTed to PAYMENTS_PATHS.webhook(provider). Signed: header `x-medico-timestamp` (unix seconds)
 * and `x-medico-signature` = hex HMAC-SHA256(secret, `${timestamp}.${raw body}`); a timestamp older than
 * WEBHOOK_TOLERANCE_SECONDS is a replay and refused. Idempotent by (provider, paymentId).
 */
export const GATEWAY_EVENT_TYPES = ['payment.captured', 'payment.failed'] as const;
export const GatewayEvent = z.object({
  eventId: z.string().min(1).max(100),
  type: z.enum(GATEWAY_EVENT_TYPES),
  paymentId: z.string().min(1).max(100),
  amountPaise: AmountPaise.positive(),
  currency: z.literal('INR'),
  /** The `tr` of the QR the payer scanned (absent: a payment to a static QR). */
  reference: z.string().max(35).nullable(),
  utr: z.string().regex(/^\d{12}$/).nullable(),
  payeeVpa: z.string().min(3).max(300),
  payerVpa: z.string().max(300).nullable(),
  payerName: z.string().max(100).nullable(),
  /** A time out of range (year 9999) is refused with 400, which tells the gateway to stop retrying it. */
  occurredAt: Timestamp,
});
export type GatewayEvent = z.infer<typeof GatewayEvent>;
export const WEBHOOK_SIGNATURE_HEADER = 'x-medico-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-medico-timestamp';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WebhookAck = z.object({
  /** APPLIED: matched and in the books; QUEUED: money in, waiting for a person; DUPLICATE: seen before; IGNORED: a failure or a stale event. */
  outcome: z.enum(['APPLIED', 'QUEUED', 'DUPLICATE', 'IGNORED']),
  paymentId: z.string().nullable(),
});
export type WebhookAck = z.infer<typeof WebhookAck>;

export const UNMATCHED_REASONS = ['NO_REFERENCE', 'UNKNOWN_REFERENCE', 'AMOUNT_MISMATCH', 'REQUEST_CLOSED', 'STATEMENT'] as const;
export const UnmatchedPayment = z.object({
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountPaise: z.number().int(),
  utr: z.string().nullable(),
  payerVpa: z.string().nullable(),
  payerName: z.string().nullable(),
  reference: z.string().nullable(),
  paidOn: z.string(),
  reason: z.enum(UNMATCHED_REASONS),
  receivedAt: z.string(),
});
export type UnmatchedPayment = z.infer<typeof UnmatchedPayment>;
export const UnmatchedPayments = z.object({ items: z.array(UnmatchedPayment), totalPaise: z.number().int() });
export type UnmatchedPayments = z.infer<typeof UnmatchedPayments>;

/** A person tells whose money it is and what it pays. */
export const AllocateUnmatched = z.object({ partyAccountId: Id, allocation: AllocationChoice.default({ mode: 'OLDEST_FIRST' }) });
export type AllocateUnmatched = z.input<typeof AllocateUnmatched>;

// ---------------------------------------------------------------------------------------------------------------
// Bank statement import (CSV/XLSX): lines matched to payments by UTR and amount

/**
 * What one import takes (issue 33): a year of a busy account runs to a few thousand lines; more is refused whole with
 * E0020 (413), never read in part. The bytes are the file's (before base64).
 */
export const STATEMENT_MAX_LINES = 5000;
export const STATEMENT_MAX_BYTES = 4 * 1024 * 1024;
/** ₹10 crore: a statement line beyond it is a row error (a misread column, not money a pharmacy receives). */
export const STATEMENT_MAX_LINE_PAISE = 100_000_000 * 100;

export const StatementUpload = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z.string().min(1),
});
export type StatementUpload = z.infer<typeof StatementUpload>;

export const STATEMENT_OUTCOMES = ['MATCHED', 'QUEUED', 'DUPLICATE', 'UNMATCHED', 'SKIPPED'] as const;
export const StatementLine = z.object({
  row: z.number().int(),
  date: z.string(),
  narration: z.string(),
  utr: z.string().nullable(),
  /** + credit (money in), − debit (money out). */
  amountPaise: z.number().int(),
  /** MATCHED: a recorded payment with this UTR and amount (now reconciled); QUEUED: money in that no payment explains,
   * waiting to be allocated; DUPLICATE: imported before; UNMATCHED: money out that no payment explains; SKIPPED: no UTR. */
  outcome: z.enum(STATEMENT_OUTCOMES),
  paymentId: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;
/**
 * POST statementImport: what was imported. POST statementPreview: what an import would do, nothing stored. Rows whose
 * money or date cannot be read (a negative deposit, text, more than ₹10 crore) are `rejected`, with every problem named
 * like the stock upload's, and never imported.
 */
export const StatementImportResult = z.object({
  fileName: z.string(),
  lines: z.array(StatementLine),
  counts: z.record(z.enum(STATEMENT_OUTCOMES), z.number().int()),
  rejected: z.array(RejectedRow),
});
export type StatementImportResult = z.infer<typeof StatementImportResult>;

// ---------------------------------------------------------------------------------------------------------------
// The provider's billing (billing/invoices): Medico B2B's monthly invoice to each unit

/**
 * Medico B2B's price list (paise, before GST). The monthly plan fee is by the unit's subscription type; a unit
 * without a plan, with a lapsed one or with a type not listed here pays no plan fee (billed as NONE). Each delivery
 * beyond the referral offer's free ones is charged perDeliveryPaise. The platform's service is taxed at gstRateBp
 * (CGST + SGST halves inside the provider's state, IGST across states) under SAC 998599 (other support services).
 */
export const PROVIDER_PRICES = {
  planPaise: { NONE: 0, FREE: 0, TRIAL: 0, SILVER: 49_900, GOLD: 99_900 },
  perDeliveryPaise: 4_000,
  gstRateBp: 1_800,
  sac: '998599',
} as const satisfies { planPaise: Record<string, number>; perDeliveryPaise: number; gstRateBp: number; sac: string };
export type ProviderPlan = keyof (typeof PROVIDER_PRICES)['planPaise'];

export const ProviderInvoice = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  /** 'YYYY-MM' billed; dated the first day of the next month. */
  month: z.string(),
  invoiceDate: z.string(),
  subscriptionPlan: z.string(),
  planPaise: z.number().int(),
  deliveries: z.number().int(),
  freeDeliveries: z.number().int(),
  billableDeliveries: z.number().int(),
  perDeliveryPaise: z.number().int(),
  deliveryPaise: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  status: z.enum(['UNPAID', 'PAID']),
  paidOn: z.string().nullable(),
  utr: z.string().nullable(),
  /** Where to pay: the provider's VPA, with the amount and the invoice number as tr. */
  pay: PayeeDetails,
});
export type ProviderInvoice = z.infer<typeof ProviderInvoice>;
export const ProviderInvoiceList = Paged(ProviderInvoice).extend({ duePaise: z.number().int() });
export type ProviderInvoiceList = z.infer<typeof ProviderInvoiceList>;
export const PayProviderInvoice = z.object({ utr: Utr, paidOn: IsoDate });
export type PayProviderInvoice = z.infer<typeof PayProviderInvoice>;
export const PendingProviderPayments = z.object({ count: z.number().int(), duePaise: z.number().int() });
export type PendingProviderPayments = z.infer<typeof PendingProviderPayments>;

// ---------------------------------------------------------------------------------------------------------------

const id = (v: string) => encodeURIComponent(v);

/** SPEC.md §7 payments/upi/*, payments/memo2payment, payments/invoice/*. */
export const PAYMENTS_PATHS = {
  /** GET the caller's UPI accounts; POST add (AddUpiAccount). */
  accounts: '/payments/upi/qr/all',
  addAccount: '/payments/upi/add',
  setDefaultAccount: (accountId: string) => `/payments/upi/qr/${id(accountId)}/default`,
  /** DELETE */
  account: (accountId: string) => `/payments/upi/qr/${id(accountId)}`,
  /** GET ?format=png|svg: the static QR of an account. E0054 when it cannot be made. */
  accountQr: (accountId: string) => `/payments/upi/qrs/${id(accountId)}`,
  summary: '/payments/upi/summary',
  /** GET debtors with what they owe; one party's open invoices. */
  receivable: '/payments/upi/receive-payments',
  receivableParty: (accountId: string) => `/payments/upi/receive-payments/${id(accountId)}`,
  /** GET creditors with what the caller owes; one party's open bills and UPI details. */
  payable: '/payments/upi/make-payments',
  payableParty: (accountId: string) => `/payments/upi/make-payments/${id(accountId)}`,
  /** GET ?format=png|svg: the creditor's UPI QR (its default account) to scan from a phone. E0059 when it has none. */
  payableQr: (accountId: string) => `/payments/upi/make-payments/${id(accountId)}/qr`,
  /** POST RecordPayment → AllocationPreview, nothing written. */
  preview: '/payments/upi/preview',
  /** POST RecordPayment → Payment. */
  submit: '/payments/upi/submit',
  /** GET PaymentClaimList: payments recorded by payers, waiting for the caller (payee) to confirm (issue 39). */
  claims: '/payments/upi/claims',
  /** POST → Payment: the payee confirms a claim (posted on both sides as named; again: the same answer). */
  confirmClaim: (paymentId: string) => `/payments/upi/claims/${id(paymentId)}/confirm`,
  /** POST RejectClaim → Payment: the payee says the money did not come; the payer is told why. */
  rejectClaim: (paymentId: string) => `/payments/upi/claims/${id(paymentId)}/reject`,
  /** GET PaymentListQuery → PaymentList; one payment (either party). */
  payments: '/payments/upi/payments',
  payment: (paymentId: string) => `/payments/upi/payments/${id(paymentId)}`,
  /** POST CreatePaymentRequest → PaymentRequest. */
  createRequest: '/payments/upi/payment/add',
  /** GET PaymentRequestListQuery → PaymentRequestList. */
  requests: '/payments/upi/requests',
  request: (requestId: string) => `/payments/upi/requests/${id(requestId)}`,
  /** GET ?format=png|svg: the request's dynamic QR. */
  requestQr: (requestId: string) => `/payments/upi/requests/${id(requestId)}/qr`,
  /** POST PayRequest → PaymentRequestDetail (either party records the UTR). */
  payRequest: (requestId: string) => `/payments/upi/requests/${id(requestId)}/pay`,
  cancelRequest: (requestId: string) => `/payments/upi/requests/${id(requestId)}/cancel`,
  /** GET the attached invoice image (PAYOUT) or memo photo (MEMO). E0056 when there is none. */
  requestImage: (requestId: string) => `/payments/upi/requests/${id(requestId)}/image`,
  /** POST CreateUpiPayout → PaymentRequest (kind PAYOUT). */
  createPayout: '/payments/upi/payment/create',
  /** GET UnmatchedPayments; POST AllocateUnmatched to one. */
  unmatched: '/payments/upi/bo/unmatched',
  allocateUnmatched: (paymentId: string) => `/payments/upi/bo/unmatched/${id(paymentId)}/allocate`,
  /** POST StatementUpload → StatementImportResult. */
  statementImport: '/payments/upi/bo/statement',
  /** POST StatementUpload → StatementImportResult of what an import would do; nothing stored. */
  statementPreview: '/payments/upi/bo/statement/preview',
  /** POST, no Bearer token: the gateway's signed event. */
  webhook: (provider: string) => `/payments/upi/webhook/${id(provider)}`,
  /** GET memo requests (PaymentRequestList, kind MEMO); POST CreateMemoPayment. */
  memos: '/payments/memo2payment',
  createMemo: '/payments/memo2payment/create',
  /** GET ProviderInvoiceList. */
  providerInvoices: '/payments/invoice/medico-invoices',
  providerInvoice: (invoiceId: string) => `/payments/invoice/medico-invoices/${id(invoiceId)}`,
  /** GET ?format=png|svg: the QR to pay the invoice (provider's VPA, amount, invoice number as tr). */
  providerInvoiceQr: (invoiceId: string) => `/payments/invoice/medico-invoices/${id(invoiceId)}/qr`,
  providerInvoicePdf: (invoiceId: string) => `/payments/invoice/medico-invoices/${id(invoiceId)}/pdf`,
  /** POST PayProviderInvoice → ProviderInvoice. */
  payProviderInvoice: (invoiceId: string) => `/payments/invoice/medico-invoices/${id(invoiceId)}/pay`,
  pendingProviderPayments: '/payments/invoice/pending-payments',
} as const;
