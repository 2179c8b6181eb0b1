import styled from 'styled-components';
import { PAYMENTS_PATHS, type PaymentRequest } from 'shared-api';
import { ApiImage } from 'shared-auth';
import { Button, ButtonLink, Card, DetailList, Stack, formatDate, formatPhone, formatRupees, theme } from 'shared-ui';
import { MEMO_KIND_LABELS, MemoStatusBadge } from './labels';
import { requestPanelPath, whatsAppLink } from './memo-payments-api';

const ExternalLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 38px;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;

/** The 10 local digits of a stored mobile ("9876543210" or "+91 98765 43210"). */
const localDigits = (mobile: string) => mobile.replace(/\D/g, '').slice(-10);

/** One memo as the party pays it: the dynamic QR (amount and reference in it), the UPI link and a WhatsApp message. */
export function MemoRequestCard({ memo, onClose }: { memo: PaymentRequest; onClose: () => void }) {
  const number = memo.memo?.number ?? memo.reference;
  return (
    <Card
      title={`${memo.memo ? MEMO_KIND_LABELS[memo.memo.kind] : 'Memo'} ${number} · ${memo.payerName}`}
      actions={
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      }
      aria-label={`Memo ${number}`}
    >
      <Stack direction="row" gap="lg" wrap align="flex-start">
        <ApiImage path={PAYMENTS_PATHS.requestQr(memo.requestId)} alt={`UPI QR code for memo ${number}`} />
        <Stack gap="md">
          <DetailList aria-label="Memo details">
            {memo.memo && (
              <>
                <dt>Memo date</dt>
                <dd>{formatDate(memo.memo.date)}</dd>
              </>
            )}
            <dt>Amount</dt>
            <dd>
              <strong>{formatRupees(memo.amountPaise)}</strong>
            </dd>
            <dt>Paid</dt>
            <dd>{formatRupees(memo.paidPaise)}</dd>
            <dt>Status</dt>
            <dd>
              <MemoStatusBadge status={memo.status} />
            </dd>
            <dt>Pay to</dt>
            <dd>
              {memo.payeeName} · {memo.payeeVpa}
            </dd>
            <dt>Reference</dt>
            <dd>{memo.reference}</dd>
            {memo.payerMobile && (
              <>
                <dt>Party mobile</dt>
                <dd>{formatPhone(memo.payerMobile)}</dd>
              </>
            )}
          </DetailList>
          <Stack direction="row" gap="sm" wrap>
            <ExternalLink href={memo.upiLink}>Open in UPI app</ExternalLink>
            {memo.payerMobile && (
              <ExternalLink href={whatsAppLink(localDigits(memo.payerMobile), memo.shareText)} target="_blank" rel="noopener noreferrer">
                Share on WhatsApp
              </ExternalLink>
            )}
            <ButtonLink to={requestPanelPath(memo.requestId)} variant="secondary">
              Record payment
            </ButtonLink>
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
