import { PageHeader, Stack } from 'shared-ui';
import { PublicLayout } from './PublicLayout';

/** /privacy-policy */
export function PrivacyPage() {
  return (
    <PublicLayout>
      <PageHeader title="Privacy policy" crumbs={[{ label: 'Home', to: '/' }, { label: 'Privacy policy' }]} />
      <Stack gap="md">
        <p>
          We keep the details you give us to run your account: your name, mobile number, email, your business&apos;s
          trade name, licences, addresses and warehouse locations, and the orders, payments and stock you record.
        </p>
        <p>
          Your device gets an identifier derived from its browser so you can sign out of it and receive notifications.
          Signing out removes the session, cached data and notification tokens from the device.
        </p>
        <p>
          Trade partners see what trading needs: your trade name, location and the stock you choose to publish. We do not
          sell personal data.
        </p>
      </Stack>
    </PublicLayout>
  );
}
