import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from 'shared-ui/src/theme';
import { OfflineBanner } from '../layout/OfflineBanner';
import { PublicLink as Link } from './public-nav';

const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: ${theme.layout.header}px;
  padding: 0 ${theme.space.xl};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  a {
    color: ${theme.colors.primary};
    text-decoration: none;
  }
`;
const Brand = styled(Link)`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;
const Links = styled.nav`
  display: flex;
  gap: ${theme.space.lg};
`;
const Main = styled.main`
  max-width: 1080px;
  margin: 0 auto;
  padding: ${theme.space.xl} ${theme.space.lg};
`;
const Footer = styled.footer`
  padding: ${theme.space.lg};
  text-align: center;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  a {
    color: inherit;
  }
`;

/** Frame of the public pages: brand, sign-in/registration links, legal links. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Top>
        <Brand to="/">Medico</Brand>
        <Links aria-label="Public">
          <Link to="/login">Sign in</Link>
          <Link to="/registration">Register</Link>
        </Links>
      </Top>
      <Main>
        {children}
        <OfflineBanner />
      </Main>
      <Footer>
        <Link to="/terms-and-conditions">Terms and conditions</Link> · <Link to="/privacy-policy">Privacy policy</Link>
      </Footer>
    </>
  );
}
