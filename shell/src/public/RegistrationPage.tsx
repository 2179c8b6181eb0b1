import { Link } from 'react-router-dom';
import { EmptyState, PageHeader } from 'shared-ui';
import { PublicLayout } from './PublicLayout';

/** /registration: the self-service registration flow is a later issue; this page says so plainly. */
export function RegistrationPage() {
  return (
    <PublicLayout>
      <PageHeader title="Register your business" crumbs={[{ label: 'Home', to: '/' }, { label: 'Registration' }]} />
      <EmptyState
        title="Registration opens soon"
        message="Online registration for stockists, retailers and hospitals is being prepared. Registered users can sign in with their mobile number."
        action={<Link to="/">Back to sign in</Link>}
      />
    </PublicLayout>
  );
}
