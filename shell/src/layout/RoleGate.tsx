import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { roleLabel } from 'shared-api';
import { can } from 'shared-auth';
import { ErrorPanel, PageHeader } from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';
import { withoutBase } from './base-path';
import { screenPermission } from './nav-groups';

/**
 * A screen opened by its address whose menu entry the login's role does not have (issue 33 item 13) says so
 * instead of loading a remote whose every request the API would refuse. The dashboard sends such logins on itself.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const account = useSignedInAccount();
  const permission = screenPermission(account, withoutBase(useLocation().pathname));
  if (permission && permission !== 'DASHBOARD' && !can(account, permission)) {
    // A page title like every screen's (the page's one h1), then why.
    return (
      <>
        <PageHeader title="Not in your role" crumbs={[{ label: 'Dashboard', to: '/app/dashboard' }, { label: 'Not in your role' }]} />
        <ErrorPanel title="Access Denied" message={`Your role (${roleLabel(account)}) does not include this screen. Ask your unit's owner.`} />
      </>
    );
  }
  return <>{children}</>;
}
