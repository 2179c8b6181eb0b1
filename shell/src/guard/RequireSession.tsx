import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { MyAccount } from 'shared-api';
import { logout, useMyAccount, useSession } from 'shared-auth';
import { ErrorPanel, FullScreenSpinner } from 'shared-ui';

const AccountContext = createContext<MyAccount | null>(null);

/** The signed-in account; only inside <RequireSession>, which renders nothing else until it is known. */
export function useSignedInAccount(): MyAccount {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useSignedInAccount is used outside <RequireSession>');
  return account;
}

/**
 * Every signed-in route (SPEC.md §2): a full-screen spinner while the session or the user's details load;
 * without a session the user is logged out (everything cleared) and sent to '/'.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const { data: account, error, mutate } = useMyAccount();
  const [enteredWithSession] = useState(session !== null);

  // Opened without a session: clear whatever a previous user left and go to '/'. A session lost while inside
  // (logout, failed refresh, another tab) is already being cleared by whoever lost it; logging out again here
  // would only repeat that, so this page just steps aside to '/'.
  useEffect(() => {
    if (!session && !enteredWithSession) void logout();
  }, [session, enteredWithSession]);

  if (!session) return enteredWithSession ? <Navigate to="/" replace /> : <FullScreenSpinner label="Signing out…" />;
  if (!account) {
    if (error) {
      return <ErrorPanel title="Your account could not be loaded" message={error.message} onRetry={() => void mutate()} />;
    }
    return <FullScreenSpinner label="Loading your account…" />;
  }
  return <AccountContext.Provider value={account}>{children}</AccountContext.Provider>;
}
