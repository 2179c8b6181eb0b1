import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { FirebasePushConfig } from 'shared-auth';
// api-config, not 'shared-auth': the signed-out entry reads this file before the API client (axios) loads.
import { configureApi, DEFAULT_API_BASE_URL } from 'shared-auth/src/api-config';
import { isRemoteName, type RemoteName } from './registry';

/**
 * /remotes.json, read at every start and served uncached: where the API and each remote's manifest live.
 * Changing it (or redeploying a remote behind the same URL) needs no shell rebuild.
 *   { "apiBaseUrl": "http://localhost:4000", "remotes": { "mf_orders": "http://localhost:3001/mf-manifest.json", ... } }
 * An optional "firebasePush" object (FirebasePushConfig) turns on Firebase web push; without it push falls back
 * to the browser's permission flow.
 */
export interface RemotesConfig {
  apiBaseUrl: string;
  remotes: Partial<Record<RemoteName, string>>;
  firebasePush: FirebasePushConfig | null;
}

export const REMOTES_CONFIG_URL = '/remotes.json';

let current: RemotesConfig = { apiBaseUrl: process.env.API_URL || DEFAULT_API_BASE_URL, remotes: {}, firebasePush: null };

function isFirebasePushConfig(value: unknown): value is FirebasePushConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['apiKey', 'projectId', 'messagingSenderId', 'appId', 'vapidKey'].every((key) => typeof v[key] === 'string' && v[key]);
}

/** Keeps only well-formed entries: an unknown remote name or a non-string URL is ignored, not fatal. */
export function parseRemotesConfig(raw: unknown): RemotesConfig {
  const value = (raw && typeof raw === 'object' ? raw : {}) as { apiBaseUrl?: unknown; remotes?: unknown; firebasePush?: unknown };
  const remotes: Partial<Record<RemoteName, string>> = {};
  if (value.remotes && typeof value.remotes === 'object') {
    for (const [name, entry] of Object.entries(value.remotes)) {
      if (isRemoteName(name) && typeof entry === 'string' && entry) remotes[name] = entry;
    }
  }
  return {
    apiBaseUrl: typeof value.apiBaseUrl === 'string' && value.apiBaseUrl ? value.apiBaseUrl : current.apiBaseUrl,
    remotes,
    firebasePush: isFirebasePushConfig(value.firebasePush) ? value.firebasePush : null,
  };
}

/** Fetches /remotes.json, points the API client at its apiBaseUrl and registers every remote with the runtime. */
export async function loadRemotesConfig(): Promise<RemotesConfig> {
  try {
    const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
    current = parseRemotesConfig(await response.json());
  } catch (error) {
    // The shell still starts (public pages, header, navigation); each remote then shows why it cannot load.
    console.error(`[remotes] ${REMOTES_CONFIG_URL} could not be read`, error);
  }
  configureApi({ baseURL: current.apiBaseUrl });
  registerRemotes(Object.entries(current.remotes).map(([name, entry]) => ({ name, entry })));
  return current;
}

export function remoteEntry(name: RemoteName): string | undefined {
  return current.remotes[name];
}

export function firebasePushConfig(): FirebasePushConfig | null {
  return current.firebasePush;
}
