import { useState } from 'react';
import styled from 'styled-components';
// Own files, not 'shared-ui': this offer is on the signed-out entry's sign-in page (public/LandingPage.tsx).
import { Button } from 'shared-ui/src/buttons/Button';
import { theme } from 'shared-ui/src/theme';
import { promptInstall, useInstallState } from './install-prompt';

const Offer = styled.section`
  margin-top: ${theme.space.lg};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  h2 {
    margin: 0 0 ${theme.space.xs};
    font-size: ${theme.fontSizes.lg};
  }
  p {
    margin: 0 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.md};
    color: ${theme.colors.textMuted};
  }
`;

/**
 * SPEC.md §1: the home page offers the desktop app. It is this portal installed from the browser (a web app: its own
 * window and icon, and it starts without a network). Where the browser offers its install dialog, a button opens it;
 * elsewhere a sentence says where the browser's menu has it. Once installed there is nothing to offer.
 */
export function InstallAppOffer() {
  const state = useInstallState();
  const [busy, setBusy] = useState(false);
  if (state === 'installed') return null;

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Offer aria-labelledby="install-app-title">
      <h2 id="install-app-title">Medico on your desktop</h2>
      <p>Install Medico as an app: it opens in its own window from your desktop or home screen, and starts even without a connection.</p>
      {state === 'installable' ? (
        <Button type="button" onClick={() => void install()} disabled={busy}>
          Install the app
        </Button>
      ) : (
        <p>
          To install it, open your browser&apos;s menu and choose <strong>Install Medico B2B</strong> (Chrome, Edge) or{' '}
          <strong>Add to Home Screen</strong> / <strong>Add to Dock</strong> (Safari).
        </p>
      )}
    </Offer>
  );
}
