import { useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { startLive, stopLive } from 'shared-auth';
import { theme } from 'shared-ui';
import { VerificationBanner } from '../profile/VerificationBanner';
import { Header, NAV_DRAWER_ID } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { RoleGate } from './RoleGate';
import { NavDrawer, SideNav } from './SideNav';
import { useIsPhone } from './use-phone';

/** Below the header: the navigation's column and the content side by side, both as tall as the page. */
const Frame = styled.div`
  display: flex;
  min-height: calc(100vh - ${theme.layout.header}px);
`;
const Content = styled.main`
  flex: 1;
  min-width: 0;
  padding: 24px ${theme.space.lg} ${theme.space.lg} 24px;
  @media ${theme.media.phone} {
    padding: ${theme.space.md} ${theme.space.sm};
  }
`;

/** Header and navigation around every signed-in page; pages and remotes render in the content area. */
export function AppLayout() {
  const phone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // One live stream per tab while signed-in pages are shown: new notifications and stock changes arrive within a second.
  useEffect(() => {
    startLive();
    return stopLive;
  }, []);
  return (
    <>
      <Header navOpen={phone && drawerOpen} onOpenNav={() => setDrawerOpen(true)} />
      <Frame>
        {phone ? <NavDrawer id={NAV_DRAWER_ID} open={drawerOpen} onClose={closeDrawer} /> : <SideNav />}
        <Content id="content">
          <VerificationBanner />
          <RoleGate>
            <Outlet />
          </RoleGate>
          <OfflineBanner />
        </Content>
      </Frame>
    </>
  );
}
