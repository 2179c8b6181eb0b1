import { useState } from 'react';
import { PROFILE_PATHS, payoutRules, type PayoutAccount } from 'shared-api';
import { api } from 'shared-auth';
import { Button, Card, ConfirmDialog, Form, FormError, SelectField, Stack, TextField, composeValidators, required, theme, toSubmitErrors, toast, validateIfsc } from 'shared-ui';
import { usePayoutAccounts } from './profile-api';

interface Values {
  kind?: 'BANK' | 'UPI';
  accountName?: string;
  accountNumber?: string;
  ifsc?: string;
  vpa?: string;
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const upper = (value: string | undefined) => (value ?? '').toUpperCase();
const validateAccountNumber = composeValidators(required('Account number is required'), (v) => (payoutRules.bankAccountNumberOk(String(v)) ? undefined : 'Enter the account number (9 to 18 digits)'));
// The API's own rules (shared-api), so the form and the server agree on E0059 / E0060.
const validateVpa = composeValidators(required('UPI ID is required'), (v) => (payoutRules.vpaOk(String(v).trim()) ? undefined : 'Enter a valid UPI ID, like name@bank'));

function describe(a: PayoutAccount): string {
  return a.kind === 'BANK' ? `${a.accountName} · A/c XXXX${(a.accountNumber ?? '').slice(-4)} · ${a.ifsc}` : `${a.accountName} · UPI ${a.vpa}`;
}

/** SPEC.md §3 bank account: name, account number, IFSC, VPA. E0060 / E0059 from the API land on the field. */
export function PayoutAccountsCard({ owner, activated }: { owner: boolean; activated: boolean }) {
  const { data, mutate } = usePayoutAccounts();
  const [removing, setRemoving] = useState<PayoutAccount | null>(null);
  const canEdit = owner && activated;
  return (
    <Card title="Bank accounts and UPI">
      <Stack gap="md">
        {(data ?? []).length === 0 ? (
          <span>No bank account or UPI ID yet.</span>
        ) : (
          <ul style={{ margin: 0, paddingLeft: theme.space.lg }}>
            {(data ?? []).map((a) => (
              <li key={a.id}>
                {describe(a)}{' '}
                {owner && (
                  <Button type="button" variant="secondary" size="sm" onClick={() => setRemoving(a)}>
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEdit ? (
          <Form<Values>
            initialValues={{ kind: 'BANK' }}
            onSubmit={async (values, form) => {
              try {
                const list = await api.post<PayoutAccount[]>(PROFILE_PATHS.addPayoutAccount, values);
                await mutate(list, { revalidate: false });
                toast.success({ title: values.kind === 'BANK' ? 'Bank account added' : 'UPI ID added' });
                setTimeout(() => form.restart({ kind: values.kind }));
                return undefined;
              } catch (error) {
                return toSubmitErrors(error);
              }
            }}
            render={({ handleSubmit, submitting, values }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Add bank account or UPI ID">
                <Stack gap="md">
                  <SelectField name="kind" label="Add" options={[{ value: 'BANK', label: 'Bank account' }, { value: 'UPI', label: 'UPI ID (VPA)' }]} />
                  <TextField name="accountName" label={values.kind === 'UPI' ? 'Payee name' : 'Account holder name'} validate={required('Name is required')} />
                  {values.kind === 'UPI' ? (
                    <TextField key="vpa" name="vpa" label="UPI ID" hint="like sharmamedical@okhdfcbank" validate={validateVpa} />
                  ) : (
                    <>
                      <TextField key="accountNumber" name="accountNumber" label="Account number" inputMode="numeric" maxLength={18} parse={digits} validate={validateAccountNumber} />
                      <TextField key="ifsc" name="ifsc" label="IFSC" maxLength={11} parse={upper} validate={validateIfsc} />
                    </>
                  )}
                  <FormError />
                  <div>
                    <Button type="submit" loading={submitting}>
                      Add
                    </Button>
                  </div>
                </Stack>
              </form>
            )}
          />
        ) : (
          owner && <span style={{ color: theme.colors.textMuted }}>Bank accounts and UPI IDs can be added once your account is verified.</span>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this account?"
        message={removing ? describe(removing) : ''}
        confirmLabel="Remove"
        variant="danger"
        onConfirm={async () => {
          if (!removing) return;
          await mutate(await api.delete<PayoutAccount[]>(PROFILE_PATHS.deletePayoutAccount(removing.id)), { revalidate: false });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
