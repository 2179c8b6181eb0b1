import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from 'shared-ui';
import { VerificationBanner } from '../profile/VerificationBanner';
import { Header } from './Header';
import { SideNav } from './SideNav';

const Content = styled.main`
  min-height: 100vh;
  padding: ${theme.layout.header + 24}px ${theme.space.lg} ${theme.space.lg} ${theme.layout.navCollapsed + 24}px;
`;

/** Header and navigation around every signed-in page; pages and remotes render in the content area. */
export function AppLayout() {
  return (
    <>
      <Header />
      <SideNav />
      <Content id="content">
        <VerificationBanner />
        <Outlet />
      </Content>
    </>
  );
}
