import { act, render, screen } from '@testing-library/react';
import useSWR from 'swr';
import { DASHBOARD_PATHS, NOTIFICATION_PATHS, PATHS, type Session } from 'shared-api';
import { toast } from 'shared-ui';
import { apiClient, fetcher } from './client';
import { clearUserData } from './clear-user-data';
import { LIVE_RETRY_FIRST_MS, STALE_ON_NOTICE, keyPath, startLive, stopLive, subscribeLive, useLiveStock } from './live';
import { getSession, setSession } from './session';
import { AppProviders, clearSwrCache } from './swr-cache';
import { inOneHour, installFakeApi, success, type SeenRequest } from '../test/fake-api';

jest.spyOn(toast, 'error').mockImplementation(() => 0);

const session = (token: string, expiresAt = inOneHour()): Session => ({ token, refreshToken: `refresh-of-${token}`, tokenType: 'Bearer', expiresAt });

/** A response body the test writes into, read the way fetch's ReadableStream is (getReader/read/cancel). */
class FakeBody {
  private readonly queue: ({ text: string } | 'end' | Error)[] = [];
  private waiting: (() => void) | null = null;
  cancelled = false;

  constructor(signal: AbortSignal) {
    signal.addEventListener('abort', () => this.fail(new DOMException('aborted', 'AbortError')));
  }

  send(text: string): void {
    this.queue.push({ text });
    this.waiting?.();
  }
  end(): void {
    this.queue.push('end');
    this.waiting?.();
  }
  fail(error: Error): void {
    this.queue.push(error);
    this.waiting?.();
  }

  getReader() {
    const encoder = new TextEncoder();
    return {
      read: async (): Promise<{ done: boolean; value?: Uint8Array }> => {
        while (!this.queue.length) await new Promise<void>((resolve) => (this.waiting = resolve));
        const next = this.queue.shift()!;
        if (next === 'end') return { done: true };
        if (next instanceof Error) throw next;
        return { done: false, value: encoder.encode(next.text) };
      },
      cancel: async () => {
        this.cancelled = true;
      },
    };
  }
}

interface Call {
  url: string;
  authorization: string;
  body: FakeBody;
}

/** Replaces fetch: every call is recorded; `answer` says what each one gets (a stream by default). */
function installFakeFetch(answer: (call: Call, index: number) => 'stream' | number | Error = () => 'stream') {
  const calls: Call[] = [];
  const fake = jest.fn(async (url: string, init: RequestInit) => {
    const call: Call = { url, authorization: (init.headers as Record<string, string>).Authorization ?? '', body: new FakeBody(init.signal!) };
    calls.push(call);
    const what = answer(call, calls.length - 1);
    if (what instanceof Error) throw what;
    const status = what === 'stream' ? 200 : what;
    return { ok: status < 300, status, body: status < 300 ? call.body : null } as unknown as Response;
  });
  Object.defineProperty(globalThis, 'fetch', { value: fake, configurable: true, writable: true });
  return calls;
}

const flush = () => act(async () => jest.advanceTimersByTimeAsync(0));

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  clearSwrCache();
  apiClient.defaults.baseURL = 'http://api.test';
  setSession(session('t1'));
  // The upper end of each delay's jitter, so the schedule is exact.
  jest.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  stopLive();
  jest.useRealTimers();
  jest.mocked(Math.random).mockRestore();
});

describe('the live stream', () => {
  it('connects to the live path with the session token and hands events to subscribers', async () => {
    const calls = installFakeFetch();
    const stock = jest.fn();
    const off = subscribeLive('stock', stock);
    startLive();
    startLive();
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `http://api.test${NOTIFICATION_PATHS.live}`, authorization: 'Bearer t1' });
    calls[0]!.body.send('event: ready\ndata: {}\n\nevent: stock\ndata: {"productIds":["p1"],"all":false}\n\n');
    await flush();
    expect(stock).toHaveBeenCalledWith({ productIds: ['p1'], all: false });
    off();
  });

  it('reconnects after failures with doubling delays (1 s, 2 s, 4 s …), and from 1 s again once a stream said ready', async () => {
    const calls = installFakeFetch((_, i) => (i < 3 ? new TypeError('Failed to fetch') : 'stream'));
    startLive();
    await flush();
    expect(calls).toHaveLength(1);
    const at = async (ms: number, expected: number) => {
      await act(async () => jest.advanceTimersByTimeAsync(ms - 1));
      expect(calls).toHaveLength(expected - 1);
      await act(async () => jest.advanceTimersByTimeAsync(1));
      expect(calls).toHaveLength(expected);
    };
    await at(LIVE_RETRY_FIRST_MS, 2);
    await at(2 * LIVE_RETRY_FIRST_MS, 3);
    await at(4 * LIVE_RETRY_FIRST_MS, 4);
    // The fourth connects, says ready, then the server ends it: the next try is 1 s later.
    calls[3]!.body.send('event: ready\ndata: {}\n\n');
    calls[3]!.body.end();
    await flush();
    await at(LIVE_RETRY_FIRST_MS, 5);
  });

  it('never waits more than 30 s between tries', async () => {
    const calls = installFakeFetch(() => 503);
    startLive();
    await flush();
    await act(async () => jest.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16_000));
    expect(calls).toHaveLength(6);
    await act(async () => jest.advanceTimersByTimeAsync(29_999));
    expect(calls).toHaveLength(6);
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(7);
  });

  it('refreshes the session when the stream is refused (403) and connects again at once with the new token', async () => {
    const seen: SeenRequest[] = installFakeApi((request) => (request.url === PATHS.refreshToken ? success(session('t2')) : success(null)));
    const calls = installFakeFetch((call) => (call.authorization === 'Bearer t1' ? 403 : 'stream'));
    startLive();
    await flush();
    await flush();
    expect(seen.map((r) => r.url)).toEqual([PATHS.refreshToken]);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
    expect(getSession()?.token).toBe('t2');
  });

  it('refreshes a token about to expire before connecting', async () => {
    setSession(session('t1', new Date(Date.now() + 10_000).toISOString()));
    installFakeApi(() => success(session('t3')));
    const calls = installFakeFetch();
    startLive();
    await flush();
    await flush();
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer t3']);
  });

  it('stops on stopLive and on logout, without reconnecting', async () => {
    const calls = installFakeFetch();
    startLive();
    await flush();
    stopLive();
    await act(async () => jest.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.cancelled).toBe(true);

    startLive();
    await flush();
    expect(calls).toHaveLength(2);
    await act(async () => clearUserData());
    await act(async () => jest.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(2);
  });
});

/** The bell's query and one unrelated query, on the real shared cache. */
function Screen() {
  const bell = useSWR([PATHS.notifications, { notificationType: 'UNREAD', page: 0, pageSize: 6 }] as const, fetcher<{ n: number }>);
  const other = useSWR(PATHS.myAccount, fetcher<{ n: number }>);
  return (
    <p>
      bell {bell.data?.n ?? '-'} other {other.data?.n ?? '-'}
    </p>
  );
}

describe('revalidation', () => {
  it('refetches the notification queries (not others) on ready and on every notifications event', async () => {
    const counts = new Map<string, number>();
    installFakeApi((request) => {
      counts.set(request.url, (counts.get(request.url) ?? 0) + 1);
      return success({ n: counts.get(request.url) });
    });
    const calls = installFakeFetch();
    render(
      <AppProviders>
        <Screen />
      </AppProviders>,
    );
    await flush();
    expect(screen.getByText('bell 1 other 1')).toBeInTheDocument();

    startLive();
    await flush();
    calls[0]!.body.send('event: ready\ndata: {}\n\n');
    await flush();
    expect(screen.getByText('bell 2 other 1')).toBeInTheDocument();
    calls[0]!.body.send('event: notifications\ndata: {}\n\n');
    await flush();
    expect(screen.getByText('bell 3 other 1')).toBeInTheDocument();
  });
});

function Results({ ids, onChange }: { ids: string[]; onChange: () => void }) {
  useLiveStock(ids, onChange);
  return null;
}

describe('useLiveStock', () => {
  it('calls back for a shown product, for all products and after a reconnection, not for other products', async () => {
    const calls = installFakeFetch();
    const onChange = jest.fn();
    render(<Results ids={['p1', 'p2']} onChange={onChange} />);
    startLive();
    await flush();
    const send = async (text: string) => {
      calls[0]!.body.send(text);
      await flush();
    };
    await send('event: stock\ndata: {"productIds":["p9"],"all":false}\n\n');
    expect(onChange).not.toHaveBeenCalled();
    await send('event: stock\ndata: {"productIds":["p9","p2"],"all":false}\n\n');
    expect(onChange).toHaveBeenCalledTimes(1);
    await send('event: stock\ndata: {"productIds":[],"all":true}\n\n');
    expect(onChange).toHaveBeenCalledTimes(2);
    await send('event: ready\ndata: {}\n\n');
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});

/** An order list, a payments summary and the account, on the real shared cache. */
function TradingScreen() {
  const orders = useSWR(['/orders/v2/seller', { page: 0 }] as const, fetcher<{ n: number }>);
  const payments = useSWR('/payments/upi/summary', fetcher<{ n: number }>);
  const account = useSWR(PATHS.myAccount, fetcher<{ n: number }>);
  return <p>{`orders ${orders.data?.n ?? '-'} payments ${payments.data?.n ?? '-'} account ${account.data?.n ?? '-'}`}</p>;
}

describe('screens stay current (issue 39 item 6)', () => {
  it('keyPath reads the API path of a string key and of a tuple key', () => {
    expect(keyPath('/payments/upi/summary?x=1')).toBe('/payments/upi/summary');
    expect(keyPath('@"/orders/v2/seller",#page:0,')).toBe('/orders/v2/seller');
    expect(keyPath('$inf$x')).toBeNull();
  });

  it('refetches the shown orders and payments (not the account) on a notice, and after a reconnection', async () => {
    const counts = new Map<string, number>();
    installFakeApi((request) => {
      counts.set(request.url, (counts.get(request.url) ?? 0) + 1);
      return success({ n: counts.get(request.url) });
    });
    const calls = installFakeFetch();
    render(
      <AppProviders>
        <TradingScreen />
      </AppProviders>,
    );
    await flush();
    expect(screen.getByText('orders 1 payments 1 account 1')).toBeInTheDocument();
    startLive();
    await flush();
    // The first ready refetches nothing but the notifications: the screen has just loaded.
    calls[0]!.body.send('event: ready\ndata: {}\n\n');
    await flush();
    expect(screen.getByText('orders 1 payments 1 account 1')).toBeInTheDocument();
    // An order accepted, a payment received…: the unit's notice.
    calls[0]!.body.send('event: notifications\ndata: {}\n\n');
    await flush();
    expect(screen.getByText('orders 2 payments 2 account 1')).toBeInTheDocument();
  });
});

it('STALE_ON_NOTICE names the dashboard by its path (DASHBOARD_PATHS.dashboard, written out there)', () => {
  expect(STALE_ON_NOTICE).toContain(DASHBOARD_PATHS.dashboard);
});
