import { lazy, Suspense } from 'react';
import { Spinner } from 'shared-ui';

/*
 * The dashboard's screen, its contracts and its charts load on first visit: the sign-in page, which every user
 * downloads first, carries none of them. The charts (recharts) are a further chunk, so the figures do not wait.
 */
const DashboardScreen = lazy(() => import('./DashboardScreen'));

export function DashboardPage() {
  return (
    <Suspense fallback={<Spinner label="Loading the dashboard" />}>
      <DashboardScreen />
    </Suspense>
  );
}
