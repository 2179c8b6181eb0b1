import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from 'shared-auth';
import { GlobalStyle, ToastContainer } from 'shared-ui';
import { RenderErrorBoundary } from './errors/RenderFailurePage';
import { AppRoutes } from './routes';

/** The shell root: shared cache and theme, global styles, the one toast container, router, failure page. */
export function App() {
  return (
    <AppProviders>
      <GlobalStyle />
      <ToastContainer />
      <BrowserRouter>
        <RenderErrorBoundary>
          <AppRoutes />
        </RenderErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
