import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { startLive, stopLive } from 'shared-auth';
import { theme } from 'shared-ui';
import { VerificationBanner } from '../profile/VerificationBanner';
import { Header } from './Header';
import { SideNav } from './SideNav';

/** Below the header: the navigation's column and the content side by side, both as tall as the page. */
const Frame = styled.div`
  display: flex;
  min-height: calc(100vh - ${theme.layout.header}px);
`;
const Content = styled.main`
  flex: 1;
  min-width: 0;
  padding: 24px ${theme.space.lg} ${theme.space.lg} 24px;
`;

/** Header and navigation around every signed-in page; pages and remotes render in the content area. */
export function AppLayout() {
  // One live stream per tab while signed-in pages are shown: new notifications and stock changes arrive within a second.
  useEffect(() => {
    startLive();
    return stopLive;
  }, []);
  return (
    <>
      <Header />
      <Frame>
        <SideNav />
        <Content id="content">
          <VerificationBanner />
          <Outlet />
        </Content>
      </Frame>
    </>
  );
}
