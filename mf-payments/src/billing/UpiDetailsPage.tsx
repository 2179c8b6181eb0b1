import { Link } from 'react-router-dom';
import { PAYMENTS_PATHS } from 'shared-api';
import { ApiImage } from 'shared-auth';
import { ButtonLink, Card, DetailList, EmptyState, ErrorPanel, Spinner, Stack } from 'shared-ui';
import { ADD_UPI_ACCOUNT_PATH, UPI_ACCOUNTS_PATH, accountQrAlt, useCanManageUpiAccounts, useUpiAccounts } from '../upi-accounts/upi-accounts-api';

/** billing/upi-account: where the unit's payments go, i.e. its default UPI account and the bank account behind it. */
export function UpiDetailsPage() {
  const { data, error, mutate } = useUpiAccounts();
  const canEdit = useCanManageUpiAccounts();
  if (error && !data) return <ErrorPanel title="Your UPI details could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading your UPI details" />;
  if (data.length === 0) {
    return (
      <EmptyState
        title="No UPI account yet"
        message="Payers need a UPI ID to pay you. Add one and its QR code appears on your payment requests and invoices."
        action={canEdit ? <ButtonLink to={ADD_UPI_ACCOUNT_PATH}>Add UPI account</ButtonLink> : undefined}
      />
    );
  }
  // The API keeps one default; should none be marked, payments go to the first account, as the API picks it.
  const main = data.find((a) => a.isDefault) ?? data[0]!;
  const others = data.length - 1;
  return (
    <Card title="Your payments go to" aria-label="Default UPI account">
      <Stack direction="row" gap="lg" wrap align="flex-start">
        <ApiImage path={PAYMENTS_PATHS.accountQr(main.id)} alt={accountQrAlt(main.vpa)} width={240} />
        <Stack gap="md" style={{ flex: '1 1 280px' }}>
          <DetailList>
            <dt>Account name</dt>
            <dd>{main.accountName}</dd>
            <dt>UPI ID</dt>
            <dd>{main.vpa}</dd>
            <dt>Bank account</dt>
            <dd>{main.bankAccountNumber ?? 'Not given'}</dd>
            <dt>IFSC</dt>
            <dd>{main.ifsc ?? 'Not given'}</dd>
          </DetailList>
          <span>{others === 0 ? 'This is your only UPI account.' : `You have ${others} other UPI account${others === 1 ? '' : 's'}.`}</span>
          <div>
            <Link to={UPI_ACCOUNTS_PATH}>Manage UPI accounts</Link>
          </div>
        </Stack>
      </Stack>
    </Card>
  );
}
