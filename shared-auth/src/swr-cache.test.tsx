import { act, render, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { toast } from 'shared-ui';
import { ApiError } from './api-error';
import { STORAGE_KEYS } from './storage';
import type * as loaded from './swr-cache';
import { AppProviders, clearSwrCache, swrCache, swrConfig } from './swr-cache';

// Watch what shared-auth asks shared-ui to show, without putting toasts on a screen.
jest.spyOn(toast, 'error').mockImplementation(() => 0);
jest.spyOn(toast, 'success').mockImplementation(() => 0);

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const HOUR = 3_600_000;

type SwrCacheModule = typeof loaded;

/** A fresh copy of the module, as at page start: it restores the cache from localStorage when loaded. */
function startPage(): SwrCacheModule {
  let mod!: SwrCacheModule;
  jest.isolateModules(() => {
    mod = jest.requireActual<SwrCacheModule>('./swr-cache');
  });
  return mod;
}

function storeSnapshot(snapshot: unknown) {
  localStorage.setItem(STORAGE_KEYS.swrCache, JSON.stringify(snapshot));
}

function storedSnapshot(): { version: number; savedAt: number; entries: Record<string, { data: unknown }> } | null {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.swrCache) ?? 'null');
}

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => jest.useRealTimers());

describe('persisted cache: restore at start', () => {
  it('restores entries saved less than 24 hours ago', () => {
    storeSnapshot({
      version: 1,
      savedAt: NOW - 23 * HOUR,
      entries: { '/b2bapp/group/warehouses': { data: [{ id: 'w1' }], updatedAt: NOW - 23 * HOUR } },
    });
    const { swrCache } = startPage();
    expect(swrCache.get('/b2bapp/group/warehouses')?.data).toEqual([{ id: 'w1' }]);
  });

  it('discards the whole cache when it is older than 24 hours', () => {
    storeSnapshot({ version: 1, savedAt: NOW - 86_400_001, entries: { '/x': { data: 1, updatedAt: NOW - 86_400_001 } } });
    const { swrCache } = startPage();
    expect(swrCache.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.swrCache)).toBeNull();
  });

  it('discards the whole cache when its version differs', () => {
    storeSnapshot({ version: 0, savedAt: NOW - 1000, entries: { '/x': { data: 1, updatedAt: NOW - 1000 } } });
    const { swrCache } = startPage();
    expect(swrCache.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.swrCache)).toBeNull();
  });

  it('keeps the account only 20 minutes', () => {
    storeSnapshot({
      version: 1,
      savedAt: NOW - 1000,
      entries: {
        '/b2bapp/myaccount': { data: { firstName: 'Ramesh' }, updatedAt: NOW - 21 * 60_000 },
        '/b2bapp/group/warehouses': { data: [], updatedAt: NOW - 21 * 60_000 },
      },
    });
    const { swrCache } = startPage();
    expect(swrCache.has('/b2bapp/myaccount')).toBe(false);
    expect(swrCache.has('/b2bapp/group/warehouses')).toBe(true);
  });

  it('ignores storage that does not hold a snapshot', () => {
    localStorage.setItem(STORAGE_KEYS.swrCache, 'not json');
    expect(startPage().swrCache.size).toBe(0);
  });
});

describe('persisted cache: throttled writes', () => {
  it('writes at most once per second, with every change of that second', () => {
    const { swrCache } = startPage();
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const cacheWrites = () => setItem.mock.calls.filter(([key]) => key === STORAGE_KEYS.swrCache).length;

    swrCache.set('/a', { data: 1 });
    swrCache.set('/b', { data: 2 });
    swrCache.set('/a', { data: 3 });
    jest.advanceTimersByTime(999);
    expect(cacheWrites()).toBe(0);
    jest.advanceTimersByTime(1);
    expect(cacheWrites()).toBe(1);
    expect(storedSnapshot()).toMatchObject({ version: 1, savedAt: NOW + 1000, entries: { '/a': { data: 3 }, '/b': { data: 2 } } });

    swrCache.set('/c', { data: 4 });
    jest.advanceTimersByTime(500);
    swrCache.delete('/b');
    jest.advanceTimersByTime(499);
    expect(cacheWrites()).toBe(1);
    jest.advanceTimersByTime(1);
    expect(cacheWrites()).toBe(2);
    expect(Object.keys(storedSnapshot()?.entries ?? {})).toEqual(['/a', '/c']);
    setItem.mockRestore();
  });

  it('persists data only: no errors, loading states or SWR bookkeeping keys', () => {
    const { swrCache, flushSwrCache } = startPage();
    swrCache.set('/ok', { data: { a: 1 }, isValidating: true });
    swrCache.set('/failed', { error: new Error('x') });
    swrCache.set('$inf$/list', { data: [] });
    flushSwrCache();
    expect(Object.keys(storedSnapshot()?.entries ?? {})).toEqual(['/ok']);
  });

  it('survives a reload: what was written is restored', () => {
    startPage().swrCache.set('/b2bapp/myaccount', { data: { firstName: 'Priya' } });
    jest.advanceTimersByTime(1000);
    expect(startPage().swrCache.get('/b2bapp/myaccount')?.data).toEqual({ firstName: 'Priya' });
  });

  it('clearSwrCache empties memory and storage and cancels a pending write', () => {
    const mod = startPage();
    mod.swrCache.set('/a', { data: 1 });
    jest.advanceTimersByTime(1000);
    mod.swrCache.set('/b', { data: 2 });
    mod.clearSwrCache();
    jest.advanceTimersByTime(5000);
    expect(mod.swrCache.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.swrCache)).toBeNull();
  });
});

describe('swrConfig', () => {
  const retry = (error: unknown, retryCount: number) => {
    const revalidate = jest.fn();
    const config = { ...swrConfig, errorRetryInterval: 5000 } as Parameters<NonNullable<typeof swrConfig.onErrorRetry>>[2];
    swrConfig.onErrorRetry?.(error, '/x', config, revalidate, { retryCount, dedupe: true });
    jest.advanceTimersByTime(60_000);
    return revalidate;
  };

  beforeEach(() => jest.mocked(toast.error).mockClear());

  it('is fresh for 5 minutes and retries 3 times', () => {
    expect(swrConfig.dedupingInterval).toBe(300_000);
    expect(swrConfig.errorRetryCount).toBe(3);
  });

  it('retries a server or network error up to 3 times, then reports it once', () => {
    const error = new ApiError('E0041', 500);
    for (const count of [1, 2, 3]) expect(retry(error, count)).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(retry(error, 4)).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith({ title: 'Error', message: 'Something went wrong, please try after sometime' });
  });

  it.each([400, 403])('does not retry %i and shows nothing', (status) => {
    expect(retry(new ApiError('E0001', status), 1)).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('does not retry 404 but reports it', () => {
    expect(retry(new ApiError('E0002', 404), 1)).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith({ title: 'Error', message: 'Not found' });
  });
});

describe('AppProviders', () => {
  beforeEach(() => {
    jest.useRealTimers();
    clearSwrCache();
  });

  function Reader({ fetcher }: { fetcher: () => Promise<string> }) {
    const { data } = useSWR('/shared', fetcher);
    return <p>{data ?? 'loading'}</p>;
  }

  it('gives separate React roots (shell and remote) one cache: one request, same data', async () => {
    const fetcher = jest.fn(async () => 'from the API');
    render(
      <AppProviders>
        <Reader fetcher={fetcher} />
      </AppProviders>,
    );
    // A second root, as a remote's parcel is.
    render(
      <AppProviders>
        <Reader fetcher={fetcher} />
      </AppProviders>,
      { container: document.body.appendChild(document.createElement('div')) },
    );
    await waitFor(() => expect(screen.getAllByText('from the API')).toHaveLength(2));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(swrCache.get('/shared')?.data).toBe('from the API');
  });

  it('clearSwrCache empties what mounted hooks show', async () => {
    render(
      <AppProviders>
        <Reader fetcher={async () => 'cached'} />
      </AppProviders>,
    );
    await screen.findByText('cached');
    act(() => clearSwrCache());
    await screen.findByText('loading');
  });
});
