/*
 * The route table of a remote and the one component that renders it. Every screen of the remote is a row:
 * its path (relative to the basename the shell passes, '/app' or ''), title, breadcrumb and element, so a page
 * header and breadcrumb never drift from the route they belong to.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, generatePath, useParams } from 'react-router-dom';
import type { MyAccount } from 'shared-api';
import { useMyAccount } from '../account';
import { ErrorPanel, PageHeader, Spinner, Stack, type Crumb } from 'shared-ui';

export interface PageRoute {
  path: string;
  title: string;
  /** Trail above the page, outermost first; the title is appended as the last crumb. `to` may use the route's :params. */
  crumbs: readonly Crumb[];
  element: ReactNode;
  /** Buttons on the right of the page header. */
  actions?: ReactNode;
  /** Who may use the screen (SPEC.md §6); everyone else sees an access-denied state. Omitted: every signed-in user. */
  access?: { allow: (account: MyAccount) => boolean; denied: string };
}

/** A path that only forwards to another (e.g. orders → orders/offline-pickups). */
export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

export type RouteEntry = PageRoute | RedirectRoute;

export const isRedirect = (route: RouteEntry): route is RedirectRoute => 'redirectTo' in route;

/** The URL prefixes a table owns: the first segment of each path ('orders', 'profit&loss'). */
export function prefixesOf(routes: readonly RouteEntry[]): string[] {
  return [...new Set(routes.map((route) => route.path.split('/')[0] ?? ''))].filter(Boolean);
}

/** The error page belongs to the shell at the top level, outside this remote's basename (so no <Navigate>). */
export const NOT_FOUND_PATH = '/errors/404';

function LeaveForNotFound() {
  useEffect(() => {
    // single-spa patches replaceState to fire popstate, so the shell's router follows and unmounts this remote.
    window.history.replaceState(window.history.state, '', NOT_FOUND_PATH);
  }, []);
  return null;
}

function Page({ route, actions, children }: { route: PageRoute; actions?: ReactNode; children: ReactNode }) {
  const params = useParams();
  const crumbs: Crumb[] = [
    ...route.crumbs.map((crumb) => (crumb.to ? { ...crumb, to: generatePath(crumb.to, params) } : crumb)),
    { label: route.title },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={route.title} crumbs={crumbs} actions={actions} />
      {children}
    </Stack>
  );
}

/** A screen with an access rule: header first, then the screen (and its header actions) only when allowed. */
function GatedPage({ route, access }: { route: PageRoute; access: NonNullable<PageRoute['access']> }) {
  const { data: account, error, mutate } = useMyAccount();
  const allowed = account !== undefined && access.allow(account);
  let body: ReactNode;
  if (account) body = allowed ? route.element : <ErrorPanel title="Access Denied" message={access.denied} />;
  else if (error) body = <ErrorPanel title="Your account could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  else body = <Spinner label="Loading your account" />;
  return (
    <Page route={route} actions={allowed ? route.actions : undefined}>
      {body}
    </Page>
  );
}

function RoutePage({ route }: { route: PageRoute }) {
  if (route.access) return <GatedPage route={route} access={route.access} />;
  return (
    <Page route={route} actions={route.actions}>
      {route.element}
    </Page>
  );
}

/**
 * Renders the table. An unknown path under one of its prefixes goes to the shell's 404 page; any other path is
 * not this remote's (the shell is navigating away and will unmount it), so it renders nothing.
 */
export function RouteTable({ routes }: { routes: readonly RouteEntry[] }) {
  return (
    <Routes>
      {routes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={isRedirect(route) ? <Navigate to={route.redirectTo} replace /> : <RoutePage route={route} />}
        />
      ))}
      {prefixesOf(routes).map((prefix) => (
        <Route key={`${prefix}/*`} path={`${prefix}/*`} element={<LeaveForNotFound />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
