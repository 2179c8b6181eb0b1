import styled from 'styled-components';
import { theme } from 'shared-ui';
import { useOnlineStatus } from '../pwa/online-status';

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
 * SPEC.md §8: "No Internet Connection" whenever the browser is offline, gone when it is back. The live region is
 * always there (empty while online) so screen readers announce the change; pages opened before keep working from
 * the service worker's cache and what SWR already holds.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <Live role="status" aria-live="polite">
      {online ? null : (
        <Bar>
          <strong>No Internet Connection</strong> Pages you opened before still show; nothing can be sent or updated until you are back online.
        </Bar>
      )}
    </Live>
  );
}
