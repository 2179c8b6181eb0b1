import { PageHeader, Stack } from 'shared-ui';
import { PublicLayout } from './PublicLayout';

/** /terms-and-conditions */
export function TermsPage() {
  return (
    <PublicLayout>
      <PageHeader title="Terms and conditions" crumbs={[{ label: 'Home', to: '/' }, { label: 'Terms and conditions' }]} />
      <Stack gap="md">
        <p>
          Medico is a business-to-business portal for licensed pharmaceutical trade users: stockists, retailers and
          hospitals registered under the Drugs and Cosmetics Act, 1940. By signing in you confirm that you hold the
          licences your trade requires and that the details of your business are true.
        </p>
        <p>
          You are responsible for everything done with your login and the employee logins you create. Keep your mobile
          number current; one-time codes are sent to it and must not be shared.
        </p>
        <p>
          Orders placed through the portal are contracts between buyer and seller. Medico shows stock, prices and expiry
          dates as the sellers publish them and handles deliveries, pickups and UPI payments on their behalf.
        </p>
        <p>Prices are in Indian rupees. Disputes are subject to the jurisdiction of the courts of India.</p>
      </Stack>
    </PublicLayout>
  );
}
