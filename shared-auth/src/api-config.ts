/**
 * Where the one API client (client.ts) sends its calls, and how it leaves the app after the session is lost. Kept
 * apart from client.ts (axios) so the shell's sign-in page can configure the client before it has loaded it: the
 * client applies what was set here when it loads, and every later change at once.
 */
export const DEFAULT_API_BASE_URL = 'http://localhost:4000';

export interface ApiConfig {
  baseURL?: string;
  /** Full-page navigation used after the session is lost (tests pass a spy instead of touching location). */
  navigate?: (path: string) => void;
}

let configured: ApiConfig = {};
let apply: ((config: ApiConfig) => void) | null = null;

export function configureApi(config: ApiConfig): void {
  configured = { ...configured, ...config };
  apply?.(config);
}

/** For client.ts only: applies what was configured so far, then each later configureApi call. */
export function bindApiConfig(applyConfig: (config: ApiConfig) => void): void {
  apply = applyConfig;
  applyConfig(configured);
}
