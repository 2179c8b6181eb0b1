/* The test kit of mf-payments' screens (jest only; no screen imports it). */
import { upiPayLink, type UpiAccount, type OpenDocument, type PartyDue, type PartyDueDetail, type PaymentRequestDetail, type PaymentSummary, type PaymentsSummary } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, success, withAccount, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';

/** Answers by "METHOD path"; anything else is a 404, as an unknown route of the API would be. */
export function paymentsApi(routes: Record<string, (request: FakeRequest) => FakeAnswer>, account = OWNER_ACCOUNT): FakeRequest[] {
  return installFakeApi(withAccount(account, (request) => routes[`${request.method} ${request.path}`]?.(request) ?? failure(404, 'E0002', 'Not found')));
}

export const ok = (body: unknown) => () => success(body);

/** jsdom has no object URLs (ApiImage shows a QR from one) or downloads: the browser's part is recorded. */
export function recordDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => ((last = b), 'blob:qr'));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return { files, restore: () => click.mockRestore() };
}

/** An image or file answer (bytes, as the API sends a QR code or a PDF). */
export const file = (text: string, type = 'application/octet-stream'): FakeAnswer => ({ status: 200, data: new Blob([text], { type }) });
export const png = () => file('\x89PNG', 'image/png');

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

export const SUMMARY: PaymentsSummary = { receivablePaise: 15740000, payablePaise: 8500000, openRequests: 3, unmatched: 2, receivedThisMonthPaise: 4000000, paidThisMonthPaise: 1200000 };

export function document(n: number, number: string, date: string, amountPaise: number, settledPaise: number, ageDays: number): OpenDocument {
  return { voucherId: uuid(100 + n), documentType: 'SALES_INVOICE', documentId: uuid(200 + n), documentNumber: number, date, ageDays, dueDate: date, daysPastDue: ageDays, amountPaise, settledPaise, outstandingPaise: amountPaise - settledPaise };
}

export const OLD_INVOICE = document(1, 'INV/26-27/000003', '2026-10-02', 50000, 0, 54);
export const NEW_INVOICE = document(2, 'INV/26-27/000007', '2026-11-01', 97400, 40000, 24);

export const SHARMA: PartyDue = {
  accountId: uuid(1),
  partyName: 'Sharma Medical Stores',
  partyUnitCode: 'RTL-MUM-001',
  side: 'RECEIVABLE',
  amountPaise: 147400,
  paidPaise: 40000,
  outstandingPaise: 107400,
  openCount: 2,
  oldestOpenDate: '2026-10-02',
  openRequestCount: 1,
  payee: null,
};
export const LIFELINE: PartyDue = { ...SHARMA, accountId: uuid(2), partyName: 'Lifeline Hospital', partyUnitCode: 'HSP-AMD-001', amountPaise: 50000, paidPaise: 0, outstandingPaise: 50000, openCount: 1, oldestOpenDate: '2026-11-10', openRequestCount: 0 };

export const PAST_PAYMENT: PaymentSummary = {
  paymentId: uuid(300),
  number: 'RCT/26-27/000002',
  direction: 'RECEIVED',
  partyName: 'Sharma Medical Stores',
  partyUnitCode: 'RTL-MUM-001',
  method: 'UPI',
  utr: '411122223333',
  chequeNumber: null,
  amountPaise: 40000,
  paidOn: '2026-11-05',
  provider: 'MANUAL',
  status: 'APPLIED',
  reconciled: true,
  requestReference: null,
  createdAt: '2026-11-05T06:00:00.000Z',
};

export const SHARMA_DETAIL: PartyDueDetail = { ...SHARMA, documents: [OLD_INVOICE, NEW_INVOICE], unallocatedPaise: 0, payments: [PAST_PAYMENT] };

/** A creditor of a retailer: the stockist, with its default UPI account to pay to. */
const STOCKIST_VPA = 'agarwalpharma@okhdfcbank';
export const AGARWAL: PartyDue = {
  accountId: uuid(3),
  partyName: 'Agarwal Pharma Distributors',
  partyUnitCode: 'STK-PUN-001',
  side: 'PAYABLE',
  amountPaise: 97400,
  paidPaise: 0,
  outstandingPaise: 97400,
  openCount: 1,
  oldestOpenDate: '2026-11-22',
  openRequestCount: 1,
  payee: { payeeName: 'Agarwal Pharma Distributors', vpa: STOCKIST_VPA, upiLink: upiPayLink({ pa: STOCKIST_VPA, pn: 'Agarwal Pharma Distributors' }) },
};
export const AGARWAL_DETAIL: PartyDueDetail = {
  ...AGARWAL,
  documents: [{ ...NEW_INVOICE, documentType: 'PURCHASE_BILL', amountPaise: 97400, settledPaise: 0, outstandingPaise: 97400 }],
  unallocatedPaise: 0,
  payments: [],
};

export const REQUEST_ID = uuid(400);
export const REQUEST: PaymentRequestDetail = {
  requestId: REQUEST_ID,
  reference: 'MB2611000017',
  kind: 'INVOICES',
  callerSide: 'PAYEE',
  payeeName: 'Agarwal Pharma Distributors',
  payeeVpa: STOCKIST_VPA,
  payeeMobile: null,
  payerName: 'Sharma Medical Stores',
  payerMobile: '9800000002',
  amountPaise: 57400,
  paidPaise: 0,
  status: 'OPEN',
  note: 'November dues',
  invoices: [{ invoiceId: NEW_INVOICE.documentId!, invoiceNumber: 'INV/26-27/000007', invoiceDate: '2026-11-01', amountPaise: 57400 }],
  memo: null,
  hasInvoiceImage: false,
  upiLink: upiPayLink({ pa: STOCKIST_VPA, pn: 'Agarwal Pharma Distributors', amountPaise: 57400, tn: 'INV/26-27/000007', tr: 'MB2611000017' }),
  shareText: 'Agarwal Pharma Distributors asks ₹574.00 for INV/26-27/000007: upi://pay?pa=agarwalpharma%40okhdfcbank',
  createdAt: '2026-11-24T05:30:00.000Z',
  payments: [],
};
/** The same request seen by the retailer that pays it. */
export const REQUEST_TO_PAY: PaymentRequestDetail = { ...REQUEST, callerSide: 'PAYER' };

export const paged = <T>(items: T[]) => ({ items, totalResults: items.length, page: 0, pageSize: 20 });

export function upiAccount(n: number, accountName: string, vpa: string, isDefault: boolean, bank: { number: string; ifsc: string } | null = null): UpiAccount {
  return {
    id: uuid(n),
    accountName,
    vpa,
    bankAccountNumber: bank?.number ?? null,
    ifsc: bank?.ifsc ?? null,
    isDefault,
    upiLink: upiPayLink({ pa: vpa, pn: accountName }),
  };
}

export const MAIN = upiAccount(1, 'Agarwal Pharma Distributors', 'agarwalpharma@okhdfcbank', true, { number: '50200012345678', ifsc: 'HDFC0001234' });
export const SPARE = upiAccount(2, 'Agarwal Pharma (counter)', 'agarwal.counter@okicici', false);
