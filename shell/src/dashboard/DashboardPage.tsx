import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { can, useMyAccount } from 'shared-auth';
import { Spinner } from 'shared-ui';
import { useBasePath } from '../layout/base-path';

/*
 * The dashboard's screen, its contracts and its charts load on first visit: the sign-in page, which every user
 * downloads first, carries none of them. The charts (recharts) are a further chunk, so the figures do not wait.
 */
const DashboardScreen = lazy(() => import('./DashboardScreen'));

export function DashboardPage() {
  const { data: account } = useMyAccount();
  const base = useBasePath();
  // A login whose role has no dashboard (Delivery, issue 33 item 13) starts on its deliveries instead.
  if (account && !can(account, 'DASHBOARD')) return <Navigate to={`${base}/orders/my-deliveries`} replace />;
  return (
    <Suspense fallback={<Spinner label="Loading the dashboard" />}>
      <DashboardScreen />
    </Suspense>
  );
}
