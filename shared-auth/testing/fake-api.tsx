/*
 * Test kit (jest only): answers shared-auth's one axios instance through its adapter, so screens run the real
 * client, envelope unwrapping, SWR fetcher and cache, with no global fetch mock and no network.
 */
import { cleanup } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { type ReactNode } from 'react';
import { PATHS, type ErrorCode, type MyAccount } from 'shared-api';
import { AppProviders, apiClient, clearSession, clearSwrCache, setSession } from '../src';
import { toast } from 'shared-ui';

export interface FakeRequest {
  method: string;
  path: string;
  /** Query parameters passed apart from the path (`fetcher`'s `[path, params]` keys); absent when none. */
  params?: Record<string, unknown>;
  body: unknown;
}
export interface FakeAnswer {
  status: number;
  data: unknown;
}
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export const success = (body: unknown): FakeAnswer => ({ status: 200, data: { type: 'success', body } });
export const failure = (status: number, code: ErrorCode, message: string, fields?: Record<string, string>): FakeAnswer => ({
  status,
  data: { type: 'error', code, message, ...(fields ? { fields } : {}) },
});

/** The demo stockist owner of the seed (team brief "Demo data"). */
export const OWNER_ACCOUNT: MyAccount = {
  userId: '00000000-0000-4000-8000-000000000001',
  role: 'OWNER',
  firstName: 'Ramesh',
  lastName: 'Agarwal',
  customerType: 'STOCKIST',
  customerTypeLogo: '',
  unitCode: 'STK-PUN-001',
  tradeName: 'Agarwal Pharma Distributors',
  mobileNumber: '9800000001',
  email: null,
  deliveryMarket: 'Pune',
  activated: true,
  tradeHeader: null,
  tradeFooter: null,
  latitude: 18.52,
  longitude: 73.85,
  subscription: null,
};

const originalAdapter = apiClient.defaults.adapter;

/**
 * Signs a test user in and routes every API call to `handler`. Returns the requests made, in order.
 * Pair with `resetFakeApi()` in afterEach.
 */
export function installFakeApi(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const { status, data } = await handler(request);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  setSession({ token: 'test-token', refreshToken: 'test-refresh', tokenType: 'Bearer', expiresAt: '2999-01-01T00:00:00.000Z' });
  return requests;
}

export function resetFakeApi(): void {
  // Unmount first: the screens must not see the session and cache go away.
  cleanup();
  apiClient.defaults.adapter = originalAdapter;
  clearSwrCache();
  clearSession();
  toast.clear();
}

/** A handler that answers GET PATHS.myAccount with `account` and hands everything else to `rest`. */
export const withAccount =
  (account: MyAccount, rest: FakeHandler = () => failure(404, 'E0002', 'Not found')): FakeHandler =>
  (request) =>
    request.method === 'GET' && request.path === PATHS.myAccount ? success(account) : rest(request);

/** The providers every remote root gets from createRemoteApp (shared SWR cache, theme). */
export const withProviders = (ui: ReactNode) => <AppProviders>{ui}</AppProviders>;
