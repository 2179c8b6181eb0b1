import { useNavigate } from 'react-router-dom';
import { PAYMENTS_PATHS, payoutRules, type AddUpiAccount } from 'shared-api';
import { isApiError } from 'shared-auth';
import { useSWRConfig } from 'swr';
import { Button, ButtonLink, Card, CheckboxField, EmptyState, Form, FormError, Spinner, Stack, TextField, composeValidators, required, toSubmitErrors, toast, type Validator } from 'shared-ui';
import { UPI_ACCOUNTS_PATH, addUpiAccount, useCanManageUpiAccounts } from './upi-accounts-api';

interface Values {
  accountName?: string;
  vpa?: string;
  bankAccountNumber?: string;
  ifsc?: string;
  makeDefault?: boolean;
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const upper = (value: string | undefined) => (value ?? '').toUpperCase();
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

// The API's own rules (shared-api payoutRules), so the form and the server agree on E0059 / E0060.
const validateVpa = composeValidators(required('UPI ID is required'), (v) => (payoutRules.vpaOk(String(v).trim()) ? undefined : 'Enter a valid UPI ID, like name@bank'));
// The bank account behind the VPA is optional, but a number without its IFSC (or the reverse) cannot be checked.
const validateAccountNumber: Validator = (v, all) =>
  !filled(v) ? (filled((all as Values | undefined)?.ifsc) ? 'Enter the account number for this IFSC' : undefined) : payoutRules.bankAccountNumberOk(String(v)) ? undefined : 'Enter the account number (9 to 18 digits)';
const validateIfsc: Validator = (v, all) =>
  !filled(v) ? (filled((all as Values | undefined)?.bankAccountNumber) ? 'Enter the IFSC of this account' : undefined) : payoutRules.ifscOk(String(v).trim().toUpperCase()) ? undefined : 'Enter a valid IFSC';

/** What the API is sent: trimmed, the VPA lower-case (UPI IDs are not case-sensitive), empty bank details left out. */
export function toAddUpiAccount(values: Values): AddUpiAccount {
  const bank = filled(values.bankAccountNumber) && filled(values.ifsc);
  return {
    accountName: (values.accountName ?? '').trim(),
    vpa: (values.vpa ?? '').trim().toLowerCase(),
    ...(bank && { bankAccountNumber: values.bankAccountNumber!.trim(), ifsc: values.ifsc!.trim().toUpperCase() }),
    makeDefault: values.makeDefault ?? false,
  };
}

/** A refusal without `fields` still belongs to one field: the VPA (bad or already added) or the bank account. */
function submitErrors(err: unknown) {
  const errors = toSubmitErrors(err) as Record<string, unknown>;
  // The API checks bank details with the payout accounts' rule, which names the number `accountNumber`.
  if (errors.accountNumber) errors.bankAccountNumber = errors.accountNumber;
  if (isApiError(err) && !err.fields) {
    if (err.code === 'E0059' || err.code === 'E0009') errors.vpa = err.message;
    if (err.code === 'E0060') errors.bankAccountNumber = err.message;
  }
  return errors;
}

/** payments/upi/accounts/add: a UPI ID with the bank account behind it, optionally the new default. */
export function AddUpiAccountPage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const canEdit = useCanManageUpiAccounts();

  async function submit(values: Values) {
    try {
      const body = toAddUpiAccount(values);
      await addUpiAccount(body);
      await mutate(PAYMENTS_PATHS.accounts);
      toast.success({ title: 'UPI account added', message: `${body.vpa} is ready to receive payments.` });
      navigate(UPI_ACCOUNTS_PATH);
      return undefined;
    } catch (err) {
      return submitErrors(err);
    }
  }

  if (canEdit === undefined) return <Spinner label="Loading your account" />;
  if (!canEdit) return <EmptyState title="Only the owner can add a UPI account" message="UPI accounts decide where your unit's money goes, so the owner of an activated account adds them." action={<ButtonLink to={UPI_ACCOUNTS_PATH} variant="secondary">Back to UPI accounts</ButtonLink>} />;
  return (
    <Card title="New UPI account">
      <Form<Values>
        onSubmit={submit}
        initialValues={{ makeDefault: false }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="UPI account">
            <Stack gap="md">
              <TextField name="accountName" label="Account name" hint="The name payers see, e.g. your trade name" maxLength={100} validate={required('Name is required')} />
              <TextField name="vpa" label="UPI ID (VPA)" hint="like sharmamedical@okhdfcbank" autoComplete="off" validate={validateVpa} />
              <TextField name="bankAccountNumber" label="Bank account number (optional)" inputMode="numeric" maxLength={18} parse={digits} validate={validateAccountNumber} />
              <TextField name="ifsc" label="IFSC (optional)" maxLength={11} parse={upper} validate={validateIfsc} />
              <CheckboxField name="makeDefault" label="Make this the default" hint="Payment requests and invoices show the default UPI ID." />
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting}>
                  Add UPI account
                </Button>
                <Button type="button" variant="secondary" onClick={() => navigate(UPI_ACCOUNTS_PATH)}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
