import { Fragment } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CartPage } from './cart/CartPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { ErrorPage } from './errors/ErrorPage';
import { RequireSession } from './guard/RequireSession';
import { AppLayout } from './layout/AppLayout';
import { NotificationsPage } from './notifications/NotificationsPage';
import { ProfilePage } from './profile/ProfilePage';
import { LandingPage } from './public/LandingPage';
import { PrivacyPage } from './public/PrivacyPage';
import { RegistrationPage } from './public/RegistrationPage';
import { TermsPage } from './public/TermsPage';
import { REMOTE_ROUTES } from './remotes/registry';
import { RemoteOutlet } from './remotes/RemoteOutlet';
import { SearchPage } from './search/SearchPage';
import { StaffVerificationsPage } from './staff/StaffVerificationsPage';

/** Signed-in routes live under /app and are mirrored at top level (SPEC.md §2). */
const BASES = ['/app', ''] as const;

const SHELL_PAGES = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'staff/verifications', element: <StaffVerificationsPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'search', element: <SearchPage /> },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LandingPage />} />
      <Route path="/registration" element={<RegistrationPage />} />
      <Route path="/terms-and-conditions" element={<TermsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/errors/:code" element={<ErrorPage />} />
      <Route path="/app" element={<Navigate to="/app/dashboard" replace />} />
      <Route
        element={
          <RequireSession>
            <AppLayout />
          </RequireSession>
        }
      >
        {BASES.map((base) => (
          <Fragment key={base || 'top'}>
            {SHELL_PAGES.map(({ path, element }) => (
              <Route key={path} path={`${base}/${path}`} element={element} />
            ))}
            {REMOTE_ROUTES.map(({ prefix, remote }) => (
              // One key per remote and variant: moving between a remote's own prefixes keeps it mounted.
              <Route key={prefix} path={`${base}/${prefix}/*`} element={<RemoteOutlet key={`${remote}${base}`} remote={remote} basename={base} />} />
            ))}
          </Fragment>
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/errors/404" replace />} />
    </Routes>
  );
}
