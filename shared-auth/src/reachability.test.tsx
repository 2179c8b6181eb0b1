import { act, render, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import useSWR from 'swr';
import { AppProviders, TIMED_OUT_MESSAGE, UNREACHABLE_MESSAGE, api, fetcher } from './index';
import { API_PROBE_MS, getReachability, noteAnswered, useReachability } from './reachability';
import { installFakeApi, resetFakeApi, success } from '../testing/fake-api';

/** Issue 39 item 6: the API unreachable or slow is said, never shown as current data or an endless spinner. */

let down = false;
let timedOut = false;
let served = 0;
function fakeApi() {
  installFakeApi(async (request) => {
    if (timedOut) throw new AxiosError('timeout of 15000ms exceeded', 'ECONNABORTED');
    if (down) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    served++;
    return success({ path: request.path, n: served });
  });
}

function Orders() {
  const { data } = useSWR('/orders/v2/seller', fetcher<{ n: number }>);
  const reach = useReachability();
  return <p>{`orders ${data?.n ?? '-'} ${reach.reachable ? 'live' : `stale since ${reach.loadedAt ?? 'never'}`}`}</p>;
}

beforeEach(() => {
  down = false;
  timedOut = false;
  served = 0;
});
afterEach(() => {
  jest.useRealTimers();
  noteAnswered();
  resetFakeApi();
});

it('says the server cannot be reached, with when the shown data was loaded, and refetches what is shown when it answers again', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-28T05:12:00Z') });
  fakeApi();
  render(
    <AppProviders>
      <Orders />
    </AppProviders>,
  );
  await act(() => jest.advanceTimersByTimeAsync(10));
  expect(screen.getByText('orders 1 live')).toBeInTheDocument();
  const loadedAt = Date.parse('2026-11-28T05:12:00Z');

  down = true;
  jest.setSystemTime(loadedAt + 60_000);
  await expect(api.get('/payments/upi/summary')).rejects.toMatchObject({ code: 'E0041', status: 0, message: UNREACHABLE_MESSAGE });
  await act(() => jest.advanceTimersByTimeAsync(10));
  expect(screen.getByText(`orders 1 stale since ${loadedAt}`)).toBeInTheDocument();

  // The probe asks /health every API_PROBE_MS; the first answer clears the state and refetches the shown orders.
  const fetchMock = jest.fn(() => Promise.resolve({ ok: !down } as Response));
  const realFetch = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  try {
    await act(() => jest.advanceTimersByTimeAsync(API_PROBE_MS));
    expect(getReachability().reachable).toBe(false);
    down = false;
    await act(() => jest.advanceTimersByTimeAsync(API_PROBE_MS));
    expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/\/health$/), { cache: 'no-store' });
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(screen.getByText('orders 2 live')).toBeInTheDocument();
  } finally {
    globalThis.fetch = realFetch;
  }
});

it('answers a call that takes too long with a message saying so (no endless spinner)', async () => {
  fakeApi();
  timedOut = true;
  await expect(api.get('/purchases/gst/gstr1')).rejects.toMatchObject({ code: 'E0041', status: 0, message: TIMED_OUT_MESSAGE });
  expect(TIMED_OUT_MESSAGE).toMatch(/did not answer within 15 seconds/);
  expect(getReachability().reachable).toBe(false);
});

it('counts any answer of the server, an error one too, as reachable', async () => {
  fakeApi();
  down = true;
  await expect(api.get('/x')).rejects.toBeTruthy();
  expect(getReachability().reachable).toBe(false);
  installFakeApi(() => ({ status: 404, data: { type: 'error', code: 'E0002', message: 'No such order' } }));
  await expect(api.get('/orders/v2/nothing')).rejects.toMatchObject({ code: 'E0002' });
  expect(getReachability().reachable).toBe(true);
});
