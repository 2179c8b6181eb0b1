import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig, useSWRConfig, type ScopedMutator, type State, type SWRConfiguration, type Unloader } from 'swr';
import { ERROR_CATALOGUE, PATHS } from 'shared-api';
import { theme, toast } from 'shared-ui';
import { isApiError } from './api-error';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from './storage';

/** Bump when a cached body changes shape: a persisted cache of another version is discarded at start. */
export const SWR_CACHE_VERSION = 1;
/** SPEC.md §9: persisted query cache lifetime 24 hours. */
export const SWR_CACHE_MAX_AGE_MS = 86_400_000;
/** SPEC.md §9: the persisted cache is written at most once per second. */
export const SWR_CACHE_WRITE_THROTTLE_MS = 1000;
/** SPEC.md §9: shared data is stale after 5 minutes. */
export const SWR_STALE_MS = 300_000;

// Entries kept for less than the cache's lifetime (SPEC.md §7, §9: the account is kept 20 minutes).
const ENTRY_MAX_AGE_MS: Readonly<Record<string, number>> = { [PATHS.myAccount]: 20 * 60_000 };

interface PersistedEntry {
  data: unknown;
  updatedAt: number;
}
interface PersistedSnapshot {
  version: number;
  savedAt: number;
  entries: Record<string, PersistedEntry>;
}

type CacheState = State<unknown, unknown>;

/** SWR's cache: a Map that remembers when each entry's data last changed and schedules a throttled write. */
class PersistedCache extends Map<string, CacheState> {
  readonly updatedAt = new Map<string, number>();

  override set(key: string, value: CacheState): this {
    if (super.get(key)?.data !== value.data) this.updatedAt.set(key, Date.now());
    super.set(key, value);
    scheduleWrite();
    return this;
  }

  override delete(key: string): boolean {
    this.updatedAt.delete(key);
    scheduleWrite();
    return super.delete(key);
  }

  restore(key: string, entry: PersistedEntry): void {
    super.set(key, { data: entry.data });
    this.updatedAt.set(key, entry.updatedAt);
  }

  forget(): void {
    super.clear();
    this.updatedAt.clear();
  }
}

/**
 * The one cache every React root uses. Module level on purpose: the shell root and each remote root are
 * separate React trees, and shared-auth is a federation singleton, so they all get this same Map.
 */
export const swrCache = new PersistedCache();

let writeTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleWrite(): void {
  writeTimer ??= setTimeout(flushSwrCache, SWR_CACHE_WRITE_THROTTLE_MS);
}

function snapshot(now: number): PersistedSnapshot {
  const entries: Record<string, PersistedEntry> = {};
  for (const [key, state] of swrCache) {
    // '$'-prefixed keys are SWR's own bookkeeping (infinite, subscription); errors and loading states are not data.
    if (key.startsWith('$') || state.data === undefined) continue;
    entries[key] = { data: state.data, updatedAt: swrCache.updatedAt.get(key) ?? now };
  }
  return { version: SWR_CACHE_VERSION, savedAt: now, entries };
}

/** Writes the cache to localStorage now (normally done by the throttle, and when the page is hidden). */
export function flushSwrCache(): void {
  if (writeTimer !== null) clearTimeout(writeTimer);
  writeTimer = null;
  writeJson(STORAGE_KEYS.swrCache, snapshot(Date.now()));
}

function isSnapshot(value: unknown): value is PersistedSnapshot {
  const v = value as Partial<PersistedSnapshot> | null;
  return typeof v?.version === 'number' && typeof v.savedAt === 'number' && typeof v.entries === 'object' && v.entries !== null;
}

function restoreSwrCache(now: number): void {
  const stored = readJson(STORAGE_KEYS.swrCache);
  if (!isSnapshot(stored) || stored.version !== SWR_CACHE_VERSION || now - stored.savedAt > SWR_CACHE_MAX_AGE_MS) {
    removeKey(STORAGE_KEYS.swrCache);
    return;
  }
  for (const [key, entry] of Object.entries(stored.entries)) {
    if (typeof entry?.updatedAt !== 'number') continue;
    if (now - entry.updatedAt > (ENTRY_MAX_AGE_MS[key] ?? SWR_CACHE_MAX_AGE_MS)) continue;
    swrCache.restore(key, entry);
  }
}

restoreSwrCache(Date.now());
if (typeof window !== 'undefined') {
  // The last second of changes would be lost on reload (warehouse switch reloads right after refetching).
  window.addEventListener('pagehide', () => {
    if (writeTimer !== null) flushSwrCache();
  });
}

/*
 * SWR binds `mutate` and `unload` to a cache only inside <SWRConfig>. Plain functions (setActiveWarehouse,
 * logout) need them too, so AppProviders hands them here; every root gets the same pair for the same cache.
 */
interface CacheBinding {
  mutate: ScopedMutator;
  unload: Unloader;
}
// One per mounted AppProviders; any of them will do, they are bound to the same cache.
const bindings = new Set<CacheBinding>();

function BindCache() {
  const { mutate, unload } = useSWRConfig();
  useEffect(() => {
    const binding = { mutate, unload };
    bindings.add(binding);
    return () => {
      bindings.delete(binding);
    };
  }, [mutate, unload]);
  return null;
}

function currentBinding(): CacheBinding | undefined {
  return bindings.values().next().value;
}

/** Refetches `key` for every mounted hook; with none mounted, drops the entry so the next use fetches. */
export async function mutateCache(key: string): Promise<void> {
  const binding = currentBinding();
  if (binding) await binding.mutate(key);
  else swrCache.delete(key);
}

/** Empties the cache in memory (mounted hooks re-render empty, in-flight answers are dropped) and in storage. */
export function clearSwrCache(): void {
  currentBinding()?.unload({ revalidate: false });
  swrCache.forget();
  if (writeTimer !== null) clearTimeout(writeTimer);
  writeTimer = null;
  removeKey(STORAGE_KEYS.swrCache);
}

// SPEC.md §8: 400 and 403 make no visible action (a 403 that got here already went through the refresh).
const SILENT_STATUSES = new Set([400, 403]);
// Retrying cannot change these answers.
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404]);

function reportQueryError(error: unknown): void {
  const status = isApiError(error) ? error.status : 0;
  if (SILENT_STATUSES.has(status)) return;
  toast.error({ title: ERROR_CATALOGUE.E0000, message: error instanceof Error ? error.message : ERROR_CATALOGUE.E0041 });
}

/** SWR defaults (SPEC.md §9): fresh for 5 minutes, failed queries retried 3 times, one report when SWR gives up. */
export const swrConfig: SWRConfiguration = {
  dedupingInterval: SWR_STALE_MS,
  errorRetryCount: 3,
  onErrorRetry(error, _key, config, revalidate, options) {
    const status = isApiError(error) ? error.status : 0;
    if (NO_RETRY_STATUSES.has(status) || options.retryCount > (config.errorRetryCount ?? 3)) {
      reportQueryError(error);
      return;
    }
    // SWR's own exponential back-off.
    const timeout = Math.floor((Math.random() + 0.5) * (1 << Math.min(options.retryCount, 8))) * config.errorRetryInterval;
    setTimeout(revalidate, timeout, options);
  },
};

const swrValue: SWRConfiguration = { ...swrConfig, provider: () => swrCache };

/** Wraps the shell root and every remote root: shared SWR cache and defaults, and the styled-components theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrValue}>
      <ThemeProvider theme={theme}>
        <BindCache />
        {children}
      </ThemeProvider>
    </SWRConfig>
  );
}
