import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from 'shared-ui/src/GlobalStyle';
import { theme } from 'shared-ui/src/theme';
import { LandingPage } from './LandingPage';
import { PublicNavProvider, type PublicNavigate } from './public-nav';

/**
 * The signed-out entry's root (bootstrap.tsx): the landing page with the app's theme and global styles. `navigate`
 * leaves it for any other page (registration, legal pages, the dashboard after sign-in) by loading the app.
 */
export function SignedOutApp({ navigate }: { navigate: PublicNavigate }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <PublicNavProvider navigate={navigate}>
        <LandingPage />
      </PublicNavProvider>
    </ThemeProvider>
  );
}
