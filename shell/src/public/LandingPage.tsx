import { useEffect } from 'react';
import styled from 'styled-components';
// shared-auth's and shared-ui's own files, not the packages: this page is the signed-out entry's (bootstrap.tsx),
// which renders before the app's packages load. The shell provides both singletons, so these are the same modules
// (and the same session store) the packages hold (README "Signed-out entry").
import { OtpSignInForm } from 'shared-auth/src/mfe/OtpSignInForm';
import { useSession } from 'shared-auth/src/session';
import { Card } from 'shared-ui/src/layout/layout';
import { theme } from 'shared-ui/src/theme';
import { InstallAppOffer } from '../pwa/InstallAppOffer';
import { firebasePushConfig } from '../remotes/remotes-config';
import { PublicLayout } from './PublicLayout';
import { PublicLink as Link, usePublicNavigate } from './public-nav';

/**
 * SPEC.md §4: once authorised, ask for a push token (or the browser's permission). Once per sign-in, not per page load.
 * Push (and Firebase behind it) loads then, with the app.
 */
function offerPush(): void {
  void import('shared-auth').then(({ registerPush, selectPushAdapter }) => registerPush(selectPushAdapter(firebasePushConfig())));
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.2fr) minmax(320px, 1fr);
  gap: ${theme.space.xxl};
  align-items: start;
  @media (max-width: 800px) {
    grid-template-columns: 1fr;
  }
`;
const Pitch = styled.section`
  h1 {
    font-size: 32px;
    line-height: 1.2;
    margin-bottom: ${theme.space.md};
  }
  p {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.lg};
  }
  ul {
    padding-left: ${theme.space.lg};
    line-height: 1.8;
  }
`;
const Small = styled.p`
  margin: ${theme.space.md} 0 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  a {
    color: ${theme.colors.primary};
  }
`;

/** '/' and '/login' (SPEC.md §1, §2): what the portal is, and sign-in by mobile number and one-time code. */
export function LandingPage() {
  const session = useSession();
  const navigate = usePublicNavigate();
  // Signed in already (or just now): the dashboard is the home of a signed-in user.
  useEffect(() => {
    if (session) navigate('/app/dashboard', { replace: true });
  }, [session, navigate]);
  if (session) return null;

  return (
    <PublicLayout>
      <Columns>
        <Pitch>
          <h1>The trading portal for India&apos;s licensed pharmaceutical trade</h1>
          <p>7 seconds to make an impression, done in 5.</p>
          <ul>
            <li>Connect with verified stockists, hospitals and retailers near you</li>
            <li>Order from several sellers with real-time stock and expiry dates</li>
            <li>Deliveries and pickups, UPI payments, inventory upload and accounting</li>
            <li>Logins for your employees, acting for your business</li>
          </ul>
          <p>Referral offer: 5 free deliveries on activation, plus 3 more when you add your inventory.</p>
          <InstallAppOffer />
        </Pitch>
        <Card title="Sign in">
          <OtpSignInForm onSignedIn={offerPush} />
          <Small>
            New to Medico? <Link to="/registration">Register your business</Link>
          </Small>
          <Small>
            By signing in you accept the <Link to="/terms-and-conditions">terms and conditions</Link> and the{' '}
            <Link to="/privacy-policy">privacy policy</Link>.
          </Small>
        </Card>
      </Columns>
    </PublicLayout>
  );
}
