import { PATHS, type Session } from 'shared-api';
import { ApiError, UNREACHABLE_MESSAGE, api, configureApi, fetcher } from './client';
import { getSession, setSession } from './session';
import { STORAGE_KEYS } from './storage';
import { failure, inOneHour, installFakeApi, success, type SeenRequest } from '../test/fake-api';

const navigate = jest.fn();
configureApi({ navigate });

const expiresAt = inOneHour();
const oldSession = (): Session => ({ token: 'old-token', refreshToken: 'refresh-1', tokenType: 'Bearer', expiresAt });
const newSession = (): Session => ({ token: 'new-token', refreshToken: 'refresh-2', tokenType: 'Bearer', expiresAt });

const refreshes = (seen: SeenRequest[]) => seen.filter((r) => r.url === PATHS.refreshToken);
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => {
  localStorage.clear();
  navigate.mockClear();
  setSession(oldSession());
});

describe('Authorization header', () => {
  it('sends the token type and token of the session', async () => {
    const seen = installFakeApi(() => success('ok'));
    await api.get('/b2bapp/myaccount');
    expect(seen[0]?.authorization).toBe('Bearer old-token');
  });
});

describe('403 → one silent refresh', () => {
  // Protected paths accept only the new token; the refresh answers after a pause so all 403s queue behind it.
  const handler = async (request: SeenRequest) => {
    if (request.url === PATHS.refreshToken) {
      await tick();
      return success(newSession());
    }
    if (request.authorization !== 'Bearer new-token') return failure(403, 'E0039');
    return success({ path: request.url });
  };

  it('three concurrent 403s make exactly one refresh call, and all three are retried and succeed', async () => {
    const seen = installFakeApi(handler);
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);

    expect(results).toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }]);
    expect(refreshes(seen)).toHaveLength(1);
    expect(refreshes(seen)[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    for (const path of ['/a', '/b', '/c']) {
      expect(seen.filter((r) => r.url === path).map((r) => r.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    }
    expect(getSession()).toEqual(newSession());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? 'null')).toEqual(newSession());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a request that answers 403 again after its retry, without a second refresh', async () => {
    const seen = installFakeApi(async (request) => {
      if (request.url === PATHS.refreshToken) return success(newSession());
      return failure(403, 'E0040', 'Access Denied');
    });

    const error = await api.get('/b2bapp/employee/all').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E0040', status: 403, message: 'Access Denied' });
    expect(refreshes(seen)).toHaveLength(1);
    expect(seen.filter((r) => r.url === '/b2bapp/employee/all')).toHaveLength(2);
    // A refused request is not a lost session.
    expect(getSession()?.token).toBe('new-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries a POST with the same body', async () => {
    const seen = installFakeApi(handler);
    await api.post('/b2bapp/employee/add', { name: 'Suresh Patil', mobileNumber: '9800000011' });
    const posts = seen.filter((r) => r.url === '/b2bapp/employee/add');
    expect(posts.map((r) => r.body)).toEqual([
      { name: 'Suresh Patil', mobileNumber: '9800000011' },
      { name: 'Suresh Patil', mobileNumber: '9800000011' },
    ]);
    expect(posts[1]?.authorization).toBe('Bearer new-token');
  });

  it('retries without another refresh a 403 that arrives after the refresh already finished', async () => {
    const seen = installFakeApi(async (request) => {
      if (request.url === PATHS.refreshToken) return success(newSession());
      if (request.authorization === 'Bearer new-token') return success(request.url);
      if (request.url === '/slow') await new Promise((resolve) => setTimeout(resolve, 50));
      return failure(403, 'E0039');
    });

    await expect(Promise.all([api.get('/fast'), api.get('/slow')])).resolves.toEqual(['/fast', '/slow']);
    expect(refreshes(seen)).toHaveLength(1);
  });

  it('a failed refresh clears the session data and goes to /', async () => {
    localStorage.setItem(STORAGE_KEYS.pushToken, '"push"');
    localStorage.setItem(STORAGE_KEYS.userDetails, '{}');
    const seen = installFakeApi((request) => (request.url === PATHS.refreshToken ? failure(403, 'E0039') : failure(403, 'E0039')));

    const results = await Promise.allSettled([api.get('/a'), api.get('/b')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshes(seen)).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userDetails)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pushToken)).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('counts a refresh as failed unless its answer type is "success"', async () => {
    installFakeApi((request) =>
      request.url === PATHS.refreshToken ? { status: 200, body: { type: 'error', code: 'E0039', message: 'no' } } : failure(403, 'E0039'),
    );

    await expect(api.get('/a')).rejects.toMatchObject({ status: 403 });
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not refresh for the sign-in endpoints themselves', async () => {
    const seen = installFakeApi(() => failure(403, 'E0039'));
    await expect(api.post(PATHS.otpVerify, { mobileNumber: '9800000001', otp: '123456' })).rejects.toMatchObject({ status: 403 });
    expect(refreshes(seen)).toHaveLength(0);
    expect(getSession()).not.toBeNull();
  });
});

describe('api unwrapping', () => {
  it('returns the body of a success answer and sends params and body', async () => {
    const seen = installFakeApi((request) => success({ echo: request.body ?? request.params }));
    await expect(api.get('/x', { page: 0, pageSize: 6 })).resolves.toEqual({ echo: { page: 0, pageSize: 6 } });
    await expect(api.post('/x', { a: 1 })).resolves.toEqual({ echo: { a: 1 } });
    await expect(api.delete('/x')).resolves.toEqual({ echo: undefined });
    expect(seen.map((r) => r.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('throws ApiError with code, status, message and fields for an error answer', async () => {
    installFakeApi(() => ({
      status: 400,
      body: { type: 'error', code: 'E0001', message: 'Invalid request', fields: { email: 'Enter a valid email' } },
    }));
    const error = (await api.post('/b2bapp/employee/add', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'E0001', status: 400, message: 'Invalid request', fields: { email: 'Enter a valid email' } });
  });

  it('throws ApiError for an error envelope even with a 200 status', async () => {
    installFakeApi(() => ({ status: 200, body: { type: 'error', code: 'E0044', message: 'cart not found' } }));
    await expect(api.get('/cart')).rejects.toMatchObject({ code: 'E0044', status: 200, message: 'cart not found' });
  });

  it('turns a network failure into E0041 with status 0', async () => {
    installFakeApi(() => 'network-error');
    await expect(api.get('/x')).rejects.toMatchObject({
      code: 'E0041',
      status: 0,
      message: UNREACHABLE_MESSAGE,
    });
  });

  it('turns an answer that is not an envelope into E0041 with its status', async () => {
    installFakeApi(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'E0041', status: 502 });
  });
});

describe('fetcher', () => {
  it('accepts a path or a [path, params] key', async () => {
    const seen = installFakeApi(() => success([]));
    await fetcher('/b2bapp/group/warehouses');
    await fetcher([PATHS.notifications, { notificationType: 'UNREAD', page: 0, pageSize: 6 }]);
    expect(seen.map((r) => [r.url, r.params])).toEqual([
      ['/b2bapp/group/warehouses', undefined],
      [PATHS.notifications, { notificationType: 'UNREAD', page: 0, pageSize: 6 }],
    ]);
  });
});

describe('configureApi', () => {
  it('sets the base URL of the one client', async () => {
    const { apiClient } = await import('./client');
    configureApi({ baseURL: 'https://api.example.in' });
    expect(apiClient.defaults.baseURL).toBe('https://api.example.in');
    configureApi({ baseURL: 'http://localhost:4000' });
  });
});
