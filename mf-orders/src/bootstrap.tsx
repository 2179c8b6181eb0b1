// `pnpm --filter mf-orders dev`: this remote alone, signed in against the real API through shared-auth's DevShell.
import { startStandalone } from 'shared-auth';
import * as lifecycles from './app';
import { routes } from './routes';

// Alone, '/' is none of this remote's screens: open its first one instead of an empty page.
if (window.location.pathname === '/') window.history.replaceState(null, '', `/${routes[0]?.path ?? ''}`);

startStandalone(lifecycles, 'mf-orders');
