import { useState } from 'react';
import { PROFILE_PATHS, type Preferences } from 'shared-api';
import { AutoApproveToggle, api, usePreferences } from 'shared-auth';
import {
  Button,
  Card,
  Form,
  FormError,
  Stack,
  TextField,
  formatPhone,
  formatRupees,
  optional,
  theme,
  toSubmitErrors,
  toast,
  validateMobile,
} from 'shared-ui';
import { readAsBase64 } from '../public/registration-api';
import { DetailRows } from './DetailRows';
import { usePaymentQr } from './profile-api';

interface Values {
  minimumOrderRupees?: string;
  whatsappNumber?: string;
}

const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
const validateRupees = (value: unknown) => (value === undefined || value === '' || /^\d+(\.\d{1,2})?$/.test(String(value)) ? undefined : 'Enter an amount in rupees, like 2500 or 2500.50');

/** SPEC.md §3 preferences: minimum order value, WhatsApp number, payment QR code, auto approve (with §4's prompt). */
export function PreferencesCard({ owner, activated, seller }: { owner: boolean; activated: boolean; seller: boolean }) {
  const { data, mutate } = usePreferences();
  const { data: qr, mutate: mutateQr } = usePaymentQr();
  const [qrError, setQrError] = useState<string | null>(null);
  const canEdit = owner && activated;

  if (!data) return <Card title="Preferences">Loading…</Card>;
  const summary: [string, string][] = [
    ['Minimum order value', data.minimumOrderPaise === null ? 'None' : formatRupees(data.minimumOrderPaise)],
    ['WhatsApp number', data.whatsappNumber ? formatPhone(data.whatsappNumber) : '—'],
    ['Auto approve connection requests', data.autoApprove ? 'On' : 'Off'],
  ];

  return (
    <Card title="Preferences">
      <Stack gap="md">
        {!canEdit && (
          <>
            <DetailRows rows={summary} />
            <p style={{ margin: 0, color: theme.colors.textMuted }}>
              {owner ? 'Preferences can be changed once your account is verified.' : 'Only the owner changes preferences.'}
            </p>
          </>
        )}
        {canEdit && (
          <Form<Values>
            initialValues={{
              minimumOrderRupees: data.minimumOrderPaise === null ? '' : String(data.minimumOrderPaise / 100),
              whatsappNumber: data.whatsappNumber ?? '',
            }}
            onSubmit={async (values) => {
              try {
                const rupees = values.minimumOrderRupees ? Number(values.minimumOrderRupees) : null;
                const saved = await api.post<Preferences>(PROFILE_PATHS.preferences, {
                  minimumOrderPaise: rupees === null ? null : Math.round(rupees * 100),
                  whatsappNumber: values.whatsappNumber || null,
                });
                await mutate(saved, { revalidate: false });
                toast.success({ title: 'Preferences saved' });
                return undefined;
              } catch (error) {
                const errors = toSubmitErrors(error) as Record<string, unknown>;
                if (errors.minimumOrderPaise) errors.minimumOrderRupees = errors.minimumOrderPaise;
                return errors;
              }
            }}
            render={({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Preferences">
                <Stack gap="md">
                  <TextField name="minimumOrderRupees" label="Minimum order value (₹)" inputMode="decimal" hint="Empty: no minimum" validate={validateRupees} />
                  <TextField name="whatsappNumber" label="WhatsApp number" inputMode="numeric" maxLength={10} parse={digits} validate={optional(validateMobile)} />
                  <FormError />
                  <div>
                    <Button type="submit" loading={submitting}>
                      Save preferences
                    </Button>
                  </div>
                </Stack>
              </form>
            )}
          />
        )}
        <Stack gap="xs">
          <strong>Payment QR code</strong>
          {qr?.dataUrl ? <img src={qr.dataUrl} alt="Payment QR code" width={160} height={160} style={{ objectFit: 'contain' }} /> : <span>None uploaded</span>}
          {canEdit && (
            <label>
              Upload a QR code image (PNG, JPEG or WebP, at most 512 KB){' '}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={async (e) => {
                  const file = e.currentTarget.files?.[0];
                  if (!file) return;
                  setQrError(null);
                  if (file.size > 512 * 1024) return setQrError('The image must be at most 512 KB');
                  try {
                    await api.post(PROFILE_PATHS.paymentQr, { mimeType: file.type, contentBase64: await readAsBase64(file) });
                    await Promise.all([mutateQr(), mutate()]);
                    toast.success({ title: 'Payment QR code saved' });
                  } catch (error) {
                    setQrError((toSubmitErrors(error) as Record<string, string>).file ?? 'The QR code could not be saved');
                  }
                }}
              />
            </label>
          )}
          {qrError && (
            <span role="alert" style={{ color: theme.colors.danger }}>
              {qrError}
            </span>
          )}
        </Stack>
        {canEdit && seller && <AutoApproveToggle />}
      </Stack>
    </Card>
  );
}
