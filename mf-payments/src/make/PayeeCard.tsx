import styled from 'styled-components';
import { PAYMENTS_PATHS, type PartyDueDetail } from 'shared-api';
import { ApiImage } from 'shared-auth';
import { Card, DetailList, Stack, formatOwed, theme } from 'shared-ui';

const LinkText = styled.code`
  overflow-wrap: anywhere;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/**
 * Where to pay a creditor from a phone: its default UPI account as a QR code to scan and a link a UPI app opens (on
 * the phone this page is open on), the payee filled in; the amount is typed in the app, then the UTR is recorded here.
 */
export function PayeeCard({ party }: { party: PartyDueDetail }) {
  const payee = party.payee;
  return (
    <Card title="Pay by UPI">
      {payee ? (
        <Stack direction="row" gap="lg" wrap align="flex-start">
          <ApiImage path={PAYMENTS_PATHS.payableQr(party.accountId)} alt={`UPI QR code for ${payee.vpa}`} width={200} />
          <Stack gap="sm" style={{ flex: '1 1 280px' }}>
            <DetailList aria-label="UPI details">
              <dt>Payee</dt>
              <dd>{payee.payeeName}</dd>
              <dt>UPI ID</dt>
              <dd>{payee.vpa}</dd>
              <dt>You owe</dt>
              <dd>{formatOwed(party.outstandingPaise, 'PAYABLE')}</dd>
              <dt>UPI link</dt>
              <dd>
                <LinkText>{payee.upiLink}</LinkText>
              </dd>
            </DetailList>
            <a href={payee.upiLink}>Open in UPI app</a>
            <p>Scan the QR code with your UPI app, or open the link on this phone. After paying, record the payment with the UTR your UPI app shows.</p>
          </Stack>
        </Stack>
      ) : (
        <p>{party.partyName} has no UPI account on Medico B2B. Pay them the way they ask (cash, cheque, bank transfer), then record the payment here.</p>
      )}
    </Card>
  );
}
