import type { PaymentMethod, RequestStatus, StatementLine, UnmatchedPayment } from 'shared-api';
import { Badge, type BadgeTone } from 'shared-ui';

export const METHOD_LABELS: Record<PaymentMethod, string> = { UPI: 'UPI', CASH: 'Cash', CHEQUE: 'Cheque', BANK_TRANSFER: 'Bank transfer' };

const REQUEST_STATUS: Record<RequestStatus, { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'info' },
  PARTLY_PAID: { label: 'Partly paid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
};
export const requestStatusLabel = (status: RequestStatus) => REQUEST_STATUS[status].label;

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={REQUEST_STATUS[status].tone}>{REQUEST_STATUS[status].label}</Badge>;
}

/** Why money waits in the queue, in the words a person acts on. */
export const UNMATCHED_REASON_LABELS: Record<UnmatchedPayment['reason'], string> = {
  NO_REFERENCE: 'Paid to your QR without a request reference',
  UNKNOWN_REFERENCE: 'The reference matches no request of yours',
  AMOUNT_MISMATCH: 'The amount is more than the request still needs',
  REQUEST_CLOSED: 'The request was already paid or cancelled',
  STATEMENT: 'Found on your bank statement, not recorded as a payment',
};

const OUTCOMES: Record<StatementLine['outcome'], { label: string; tone: BadgeTone }> = {
  MATCHED: { label: 'Matched', tone: 'success' },
  QUEUED: { label: 'Queued to allocate', tone: 'warning' },
  DUPLICATE: { label: 'Imported before', tone: 'info' },
  UNMATCHED: { label: 'Not matched', tone: 'danger' },
  SKIPPED: { label: 'Skipped (no UTR)', tone: 'info' },
};
export const outcomeLabel = (outcome: StatementLine['outcome']) => OUTCOMES[outcome].label;

export function OutcomeBadge({ outcome }: { outcome: StatementLine['outcome'] }) {
  return <Badge tone={OUTCOMES[outcome].tone}>{OUTCOMES[outcome].label}</Badge>;
}
