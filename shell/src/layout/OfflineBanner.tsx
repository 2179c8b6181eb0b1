import styled from 'styled-components';
// Own files, not the packages: the banner is on the signed-out entry's sign-in page too (public/LandingPage.tsx).
import { useReachability } from 'shared-auth/src/reachability';
import { theme } from 'shared-ui/src/theme';
import { useOnlineStatus } from '../pwa/online-status';

const clock = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false });

// Sticky to the bottom of the window, at the end of the page's flow: always in sight, never over the header's
// controls (top) or the toasts (top-right), and at the end of a page it sits below the last content, covering none.
const Live = styled.div`
  position: sticky;
  bottom: 0;
  z-index: ${theme.zIndex.nav};
`;
const Bar = styled.p`
  margin: ${theme.space.md} 0 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.text};
  color: ${theme.colors.textOnPrimary};
  font-size: ${theme.fontSizes.md};
  line-height: 1.4;
  overflow-wrap: anywhere;
`;

/**
 * SPEC.md §8: "No Internet Connection" whenever the browser is offline, gone when it is back. Issue 39 item 6: when the
 * device is online but the API does not answer (down, or too slow: shared-auth reachability), "Showing what was
 * loaded at 10:42 — reconnecting" until it answers again, so a stale list is never taken for the current one. The
 * live region is always there (empty while all is well) so screen readers announce the change; pages opened before
 * keep working from the service worker's cache and what SWR already holds.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const api = useReachability();
  return (
    <Live role="status" aria-live="polite">
      {!online ? (
        <Bar>
          <strong>No Internet Connection</strong> Pages you opened before still show; nothing can be sent or updated until you are back online.
        </Bar>
      ) : !api.reachable ? (
        <Bar>
          <strong>{api.loadedAt === null ? 'Medico B2B cannot be reached' : `Showing what was loaded at ${clock.format(api.loadedAt)}`} — reconnecting</strong> Nothing can be
          sent or updated until it answers again.
        </Bar>
      ) : null}
    </Live>
  );
}
