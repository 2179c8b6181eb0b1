import { CounterSettings, type CounterSettings as Settings } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Button, Card, ErrorPanel, Form, FormError, SelectField, Stack, TextField, toSubmitErrors, toast } from 'shared-ui';
import { saveCounterSettings, useCounterSettings } from './instore-api';

interface Values {
  nearExpiryDays?: string;
  nearExpiryPolicy?: Settings['nearExpiryPolicy'];
}

const POLICY_OPTIONS = [
  { value: 'WARN', label: 'Warn, and let the bill go ahead' },
  { value: 'REFUSE', label: 'Refuse the batch' },
];

const validateDays = (value: string | undefined) =>
  /^\d{1,3}$/.test(value ?? '') && Number(value) <= 365 ? undefined : 'Enter whole days from 0 to 365';

/**
 * How the counter treats batches close to expiry (a unit setting; expired batches are always refused). Only the
 * owner changes it: the server refuses employees, and this card says so instead of offering a form.
 */
export function CounterSettingsCard() {
  const { data: account } = useMyAccount();
  const { data, error, mutate } = useCounterSettings();
  if (error && !data) return <ErrorPanel title="The counter settings could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data || !account) return null;
  const explanation = `Batches expiring within ${data.nearExpiryDays} days are ${data.nearExpiryPolicy === 'WARN' ? 'billed with a warning' : 'refused'} at the counter.`;
  if (account.role !== 'OWNER') return <Card title="Near-expiry batches">{explanation}</Card>;

  async function submit(values: Values) {
    try {
      const saved = await saveCounterSettings(CounterSettings.parse({ nearExpiryDays: Number(values.nearExpiryDays), nearExpiryPolicy: values.nearExpiryPolicy }));
      await mutate(saved, { revalidate: false });
      toast.success({ title: 'Counter settings saved', message: `Near expiry: ${saved.nearExpiryDays} days, ${saved.nearExpiryPolicy === 'WARN' ? 'warn' : 'refuse'}.` });
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }

  return (
    <Card title="Near-expiry batches">
      <Form<Values>
        onSubmit={submit}
        initialValues={{ nearExpiryDays: String(data.nearExpiryDays), nearExpiryPolicy: data.nearExpiryPolicy }}
        render={({ handleSubmit, submitting, pristine }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Near-expiry batches">
            <Stack gap="md">
              <p>{explanation} Expired batches are never sold.</p>
              <Stack direction="row" gap="md">
                <TextField name="nearExpiryDays" label="Window (days)" inputMode="numeric" maxLength={3} validate={validateDays} />
                <SelectField name="nearExpiryPolicy" label="At the counter" options={POLICY_OPTIONS} />
              </Stack>
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting} disabled={pristine}>
                  Save
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
