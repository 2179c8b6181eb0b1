import { useState } from 'react';
import { PAYMENTS_PATHS, type QrFormat, type UpiAccount } from 'shared-api';
import { ApiImage, isApiError } from 'shared-auth';
import { Badge, Button, ButtonLink, Card, ConfirmDialog, DetailList, EmptyState, ErrorPanel, Spinner, Stack, theme, toast } from 'shared-ui';
import { ADD_UPI_ACCOUNT_PATH, accountQrAlt, downloadAccountQr, makeDefaultUpiAccount, maskAccountNumber, removeUpiAccount, useCanManageUpiAccounts, useUpiAccounts } from './upi-accounts-api';

/** The bank account behind the VPA, masked but for its last 4 digits, with its IFSC. */
const bankBehind = (a: UpiAccount) => (a.bankAccountNumber ? `${maskAccountNumber(a.bankAccountNumber)}${a.ifsc ? ` · IFSC ${a.ifsc}` : ''}` : 'Not given');

function AccountCard({ account, canEdit, onChanged, onRemove }: { account: UpiAccount; canEdit: boolean; onChanged: () => Promise<unknown>; onRemove: () => void }) {
  const [busy, setBusy] = useState<QrFormat | 'default' | null>(null);

  async function run(what: QrFormat | 'default', action: () => Promise<unknown>, failure: string) {
    setBusy(what);
    try {
      await action();
    } catch (err) {
      toast.error({ title: failure, message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      aria-label={`UPI account ${account.vpa}`}
      title={
        <Stack direction="row" gap="sm" align="center">
          <span>{account.accountName}</span>
          {account.isDefault && <Badge tone="success">Default</Badge>}
        </Stack>
      }
    >
      <Stack direction="row" gap="lg" wrap align="flex-start">
        {/* The static QR: the server draws it from the account's upi://pay link (no amount). */}
        <ApiImage path={PAYMENTS_PATHS.accountQr(account.id)} alt={accountQrAlt(account.vpa)} width={240} />
        <Stack gap="md" style={{ flex: '1 1 280px' }}>
          <DetailList>
            <dt>UPI ID</dt>
            <dd>{account.vpa}</dd>
            <dt>Bank account</dt>
            <dd>{bankBehind(account)}</dd>
          </DetailList>
          <Stack direction="row" gap="xs" wrap>
            <Button type="button" variant="secondary" size="sm" loading={busy === 'png'} disabled={busy !== null} onClick={() => void run('png', () => downloadAccountQr(account, 'png'), 'The QR code could not be downloaded')}>
              Download PNG
            </Button>
            <Button type="button" variant="secondary" size="sm" loading={busy === 'svg'} disabled={busy !== null} onClick={() => void run('svg', () => downloadAccountQr(account, 'svg'), 'The QR code could not be downloaded')}>
              Download SVG
            </Button>
            {canEdit && !account.isDefault && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                loading={busy === 'default'}
                disabled={busy !== null}
                onClick={() =>
                  void run(
                    'default',
                    async () => {
                      await makeDefaultUpiAccount(account.id);
                      await onChanged();
                      toast.success({ title: 'Default UPI account changed', message: `Payments now go to ${account.vpa}.` });
                    },
                    'The default could not be changed',
                  )
                }
              >
                Make default
              </Button>
            )}
            {canEdit && (
              <Button type="button" variant="ghost" size="sm" disabled={busy !== null} onClick={onRemove}>
                Remove
              </Button>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * payments/upi/accounts: the unit's UPI IDs, each with the bank account behind it and its static QR code to print
 * or share; one is the default (where payment requests and invoices point payers).
 */
export function UpiAccountsPage() {
  const { data, error, mutate } = useUpiAccounts();
  const [removing, setRemoving] = useState<UpiAccount | null>(null);
  const canEdit = useCanManageUpiAccounts() === true;
  const addLink = canEdit ? <ButtonLink to={ADD_UPI_ACCOUNT_PATH}>Add UPI account</ButtonLink> : <span style={{ color: theme.colors.textMuted }}>The owner adds and changes UPI accounts.</span>;

  if (error && !data) return <ErrorPanel title="Your UPI accounts could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading your UPI accounts" />;
  if (data.length === 0) {
    return <EmptyState title="No UPI accounts yet" message="Add the UPI ID your customers pay to: its QR code goes on your payment requests and invoices." action={addLink} />;
  }
  return (
    <Stack gap="lg">
      <Stack direction="row" gap="sm" justify="space-between" align="center" wrap>
        <span style={{ color: theme.colors.textMuted }}>The UPI IDs on your profile are the same accounts.</span>
        {addLink}
      </Stack>
      {data.map((account) => (
        <AccountCard key={account.id} account={account} canEdit={canEdit} onChanged={() => mutate()} onRemove={() => setRemoving(account)} />
      ))}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this UPI account?"
        message={removing ? `${removing.accountName} · ${removing.vpa}. New payment requests and invoices will no longer show it.` : ''}
        confirmLabel="Remove"
        variant="danger"
        onConfirm={async () => {
          if (!removing) return;
          await removeUpiAccount(removing.id);
          await mutate();
          toast.success({ title: 'UPI account removed' });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
