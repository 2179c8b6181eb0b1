import { UpdateComplianceSettings, type ComplianceSettings } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Button, Card, DetailList, ErrorPanel, Form, FormError, SelectField, Spinner, Stack, toSubmitErrors, toast } from 'shared-ui';
import { PROVIDER_LABELS, saveComplianceSettings, useComplianceSettings } from './e-invoices-api';

interface Values {
  eInvoicing?: 'YES' | 'NO';
}

const APPLIES_OPTIONS = [
  { value: 'YES', label: 'Yes: report every B2B invoice, credit note and debit note' },
  { value: 'NO', label: 'No' },
];

const TURNOVER_RULE =
  'E-invoicing applies to a business whose aggregate turnover was above ₹5 crore in any financial year from 2017-18. ' +
  'Once on, every invoice, credit note and debit note to a GST-registered buyer is registered on the Invoice Registration Portal and carries its IRN and signed QR code.';

function Providers({ settings }: { settings: ComplianceSettings }) {
  return (
    <>
      <DetailList>
        <dt>Invoice Registration Portal</dt>
        <dd>{PROVIDER_LABELS[settings.irpProvider]}</dd>
        <dt>E-way bill portal</dt>
        <dd>{PROVIDER_LABELS[settings.ewbProvider]}</dd>
      </DetailList>
      <p>The portals and their credentials are set by the server's configuration, not here.</p>
    </>
  );
}

/**
 * "E-invoice and e-way bill": whether the unit's documents go to the IRP, and which portals the server talks to.
 * Everyone reads it; only the owner switches e-invoicing (the server refuses anyone else, and this card offers no form).
 */
export function ComplianceSettingsCard() {
  const { data: account } = useMyAccount();
  const { data, error, mutate } = useComplianceSettings();
  const title = 'E-invoice and e-way bill';
  if (error && !data) return <ErrorPanel title="The e-invoice settings could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data || !account) return <Spinner label="Loading the e-invoice settings" />;

  if (account.role !== 'OWNER') {
    return (
      <Card title={title} aria-label={title}>
        <Stack gap="sm">
          <p>
            <strong>{data.eInvoicing ? 'E-invoicing is on.' : 'E-invoicing is off.'}</strong> Only the owner changes it.
          </p>
          <p>{TURNOVER_RULE}</p>
          <Providers settings={data} />
        </Stack>
      </Card>
    );
  }

  async function submit(values: Values) {
    try {
      const saved = await saveComplianceSettings(UpdateComplianceSettings.parse({ eInvoicing: values.eInvoicing === 'YES' }));
      await mutate(saved, { revalidate: false });
      toast.success({ title: saved.eInvoicing ? 'E-invoicing is on' : 'E-invoicing is off' });
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }

  return (
    <Card title={title} aria-label={title}>
      <Form<Values>
        onSubmit={submit}
        initialValues={{ eInvoicing: data.eInvoicing ? 'YES' : 'NO' }}
        render={({ handleSubmit, submitting, pristine }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="E-invoice settings">
            <Stack gap="md">
              <p>{TURNOVER_RULE}</p>
              <div style={{ maxWidth: 480 }}>
                <SelectField name="eInvoicing" label="E-invoicing applies" options={APPLIES_OPTIONS} />
              </div>
              <FormError />
              <div>
                <Button type="submit" loading={submitting} disabled={pristine}>
                  Save
                </Button>
              </div>
              <Providers settings={data} />
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
