import { Fragment, lazy, Suspense, useCallback, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Spinner } from 'shared-ui';
import { DashboardPage } from './dashboard/DashboardPage';
import { ErrorPage } from './errors/ErrorPage';
import { RequireSession } from './guard/RequireSession';
import { AppLayout } from './layout/AppLayout';
import { LandingPage } from './public/LandingPage';
import { PrivacyPage } from './public/PrivacyPage';
import { PublicNavProvider, type PublicNavigate } from './public/public-nav';
import { TermsPage } from './public/TermsPage';
import { REMOTE_ROUTES } from './remotes/registry';
import { RemoteOutlet } from './remotes/RemoteOutlet';

/**
 * Pages loaded on first visit. They validate forms with shared-api's zod schemas; loading them lazily keeps zod and
 * their code off the sign-in page, the first thing every user downloads.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <Page />
    </Suspense>
  );
}

/** Signed-in routes live under /app and are mirrored at top level (SPEC.md §2). */
const BASES = ['/app', ''] as const;

const SHELL_PAGES = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'profile', element: lazyPage(() => import('./profile/ProfilePage').then((m) => m.ProfilePage)) },
  { path: 'staff/verifications', element: lazyPage(() => import('./staff/StaffVerificationsPage').then((m) => m.StaffVerificationsPage)) },
  { path: 'notifications', element: lazyPage(() => import('./notifications/NotificationsPage').then((m) => m.NotificationsPage)) },
  { path: 'cart', element: lazyPage(() => import('./cart/CartPage').then((m) => m.CartPage)) },
  { path: 'cart/best-basket', element: lazyPage(() => import('./basket/BasketPage').then((m) => m.BasketPage)) },
  { path: 'search', element: lazyPage(() => import('./search/SearchPage').then((m) => m.SearchPage)) },
];

/** The public pages' links (public/public-nav.tsx) follow the router inside the app. */
function RouterPublicNav({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const navigate = useCallback<PublicNavigate>((to, options) => void routerNavigate(to, { replace: options?.replace }), [routerNavigate]);
  return <PublicNavProvider navigate={navigate}>{children}</PublicNavProvider>;
}

export function AppRoutes() {
  return (
    <RouterPublicNav>
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LandingPage />} />
      <Route path="/registration" element={lazyPage(() => import('./public/RegistrationPage').then((m) => m.RegistrationPage))} />
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
    </RouterPublicNav>
  );
}
