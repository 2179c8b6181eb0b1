import { createSigner } from 'fast-jwt';
import { PATHS, type Session } from 'shared-api';
import { buildApp } from '../src/app';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

const myAccount = (session: Pick<Session, 'token'>) =>
  t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(session) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: PATHS.refreshToken, payload: { refreshToken } });

describe('session', () => {
  it('signs in with a short-lived bearer token', async () => {
    const session = await login(t.app, DEMO.retailer);
    expect(session.tokenType).toBe('Bearer');
    expect(new Date(session.expiresAt).getTime() - t.clock.now().getTime()).toBe(900_000);
    const res = await myAccount(session);
    expect(res.statusCode).toBe(200);
    expect(body<{ unitCode: string }>(res).unitCode).toBe('RTL-MUM-001');
  });

  it.each([
    ['missing', undefined],
    ['not a bearer', 'Basic abc'],
    ['garbage', 'Bearer not.a.jwt'],
  ])('refuses a %s token with 403 E0039', async (_, authorization) => {
    const res = await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ type: 'error', code: 'E0039', message: 'logged out, login again' });
  });

  it('refuses a token signed with another secret', async () => {
    const session = await login(t.app, DEMO.retailer);
    const [, payload] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = createSigner({ key: 'another-secret-another-secret-another', algorithm: 'HS256', noTimestamp: true })(claims);
    const res = await myAccount({ token: forged });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E0039');
  });

  it('answers 403 once the access token expires, and a refresh brings it back', async () => {
    const session = await login(t.app, DEMO.stockist);
    t.clock.advance(899);
    expect((await myAccount(session)).statusCode).toBe(200);
    t.clock.advance(2);
    const expired = await myAccount(session);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('E0039');

    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await myAccount(body<Session>(refreshed))).statusCode).toBe(200);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await login(t.app, DEMO.stockist);
    const second = body<Session>(await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.token).toEqual(expect.any(String));
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await login(t.app, DEMO.stockist);
    const second = body<Session>(await refresh(first.refreshToken));

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(403);
    expect(reuse.json().code).toBe('E0039');

    // The thief's replay also ends the legitimate holder's session: both its tokens are dead.
    expect((await refresh(second.refreshToken)).statusCode).toBe(403);
    expect((await myAccount(second)).statusCode).toBe(403);
    expect((await myAccount(first)).statusCode).toBe(403);
  });

  it('keeps other sessions of the same user when one family is revoked', async () => {
    const phone = await login(t.app, DEMO.stockist);
    t.clock.advance(61);
    const laptop = await login(t.app, DEMO.stockist);
    expect((await myAccount(phone)).statusCode).toBe(200);
    await refresh(phone.refreshToken);
    await refresh(phone.refreshToken); // reuse → phone family revoked
    expect((await myAccount(phone)).statusCode).toBe(403);
    expect((await myAccount(laptop)).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await refresh('made-up')).statusCode).toBe(403);
    const session = await login(t.app, DEMO.hospital);
    t.clock.advance(30 * 24 * 3600 + 1);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E0039');
  });

  it('validates the refresh body', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.refreshToken, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'error', code: 'E0001', fields: { refreshToken: expect.any(String) } });
  });

  it('logout revokes the session and forgets that device’s push tokens', async () => {
    const session = await login(t.app, DEMO.retailer, 'device-a');
    const headers = bearer(session);
    for (const deviceId of ['device-a', 'device-b']) {
      const saved = await t.app.inject({
        method: 'POST',
        url: PATHS.firebaseAddToken,
        headers,
        payload: { token: `push-${deviceId}`, channel: 'WEB', osType: 'LINUX', deviceId, model: 'Desktop' },
      });
      expect(saved.statusCode).toBe(200);
    }

    const out = await t.app.inject({ method: 'POST', url: PATHS.logout, headers, payload: { deviceId: 'device-a' } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ type: 'success', body: null });

    expect((await myAccount(session)).statusCode).toBe(403);
    expect((await refresh(session.refreshToken)).statusCode).toBe(403);
    const left = await t.db.selectFrom('push_tokens').select('device_id').execute();
    expect(left.map((r) => r.device_id)).toEqual(['device-b']);
  });

  it('a session ended through one API process is refused by another that had it cached', async () => {
    const other = await buildApp(t.config, { db: t.db });
    try {
      const session = await login(t.app, DEMO.retailer, 'device-a');
      const onOther = () => other.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(session) });
      expect((await onOther()).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: PATHS.logout, headers: bearer(session), payload: { deviceId: 'device-a' } });
      expect((await onOther()).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('logout with an expired access token still ends that session', async () => {
    const session = await login(t.app, DEMO.retailer, 'device-a');
    t.clock.advance(3600);
    const out = await t.app.inject({ method: 'POST', url: PATHS.logout, headers: bearer(session), payload: { deviceId: 'device-a' } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(403);
  });

  it('logout needs a signed-in session', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.logout, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E0039');
  });
});
