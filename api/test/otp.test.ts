import { PATHS, REGISTRATION_PATHS } from 'shared-api';
import { DEMO, body, build, lastOtp, requestOtp, verifyOtp } from './helpers';

const t = build();

const resend = (mobile: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: PATHS.otpResend, payload: { mobileNumber: mobile }, remoteAddress: ip });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('OTP sign-in', () => {
  it('sends a 6-digit code, stores only its hash, and signs in with it once', async () => {
    const sent = await requestOtp(t.app, DEMO.stockist);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      type: 'success',
      body: { mobileNumber: DEMO.stockist, resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const code = await lastOtp(t.app, DEMO.stockist);
    expect(code).toMatch(/^\d{6}$/);

    const rows = await t.db.selectFrom('otp_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);

    const verified = await verifyOtp(t.app, DEMO.stockist, code);
    expect(verified.statusCode).toBe(200);
    expect(body(verified)).toMatchObject({ tokenType: 'Bearer', token: expect.any(String), refreshToken: expect.any(String) });

    const again = await verifyOtp(t.app, DEMO.stockist, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('E0003');
  });

  it('refuses an unknown number with E0037', async () => {
    const res = await requestOtp(t.app, '9123456789');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'error', code: 'E0037', message: 'mobile not registered' });
    expect((await verifyOtp(t.app, '9123456789', '123456')).json().code).toBe('E0037');
  });

  it.each([
    [{ mobileNumber: '12345' }, 'mobileNumber'],
    [{ mobileNumber: '+919800000001' }, 'mobileNumber'],
    [{}, 'mobileNumber'],
  ])('answers 400 E0001 for bad input %j', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.otpLogin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'error', code: 'E0001', fields: { [field]: expect.any(String) } });
  });

  it('rejects a malformed code before looking it up', async () => {
    const res = await t.app.inject({ method: 'POST', url: PATHS.otpVerify, payload: { mobileNumber: DEMO.retailer, otp: '12ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'E0001', fields: { otp: 'Enter the 6-digit code' } });
  });

  it('expires a code after 5 minutes', async () => {
    await requestOtp(t.app, DEMO.retailer);
    const code = await lastOtp(t.app, DEMO.retailer);
    t.clock.advance(301);
    const res = await verifyOtp(t.app, DEMO.retailer, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('E0003');
  });

  it('accepts a code just before it expires', async () => {
    await requestOtp(t.app, DEMO.retailer);
    const code = await lastOtp(t.app, DEMO.retailer);
    t.clock.advance(299);
    expect((await verifyOtp(t.app, DEMO.retailer, code)).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    await requestOtp(t.app, DEMO.hospital);
    const code = await lastOtp(t.app, DEMO.hospital);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await verifyOtp(t.app, DEMO.hospital, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'E0003', message: `Invalid code, ${5 - attempt} attempt${5 - attempt === 1 ? '' : 's'} left` });
    }
    const fifth = await verifyOtp(t.app, DEMO.hospital, wrongCode(code));
    expect(fifth.json().code).toBe('E0004');
    const right = await verifyOtp(t.app, DEMO.hospital, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('E0004');
  });

  it('keeps the 60 s wait after wrong tries lock a code: sign-in is no resend without the wait (E0005)', async () => {
    await requestOtp(t.app, DEMO.hospital);
    const code = await lastOtp(t.app, DEMO.hospital);
    t.clock.advance(10);
    for (let attempt = 1; attempt <= 5; attempt++) await verifyOtp(t.app, DEMO.hospital, wrongCode(code));

    const atOnce = await requestOtp(t.app, DEMO.hospital);
    expect(atOnce.statusCode).toBe(429);
    expect(atOnce.json()).toEqual({ type: 'error', code: 'E0005', message: 'Please wait 50 seconds before requesting another code' });
    expect((await resend(DEMO.hospital)).json().code).toBe('E0005');
    expect(await t.db.selectFrom('otp_codes').select('id').execute()).toHaveLength(1);

    // 60 s after the locked code was sent, sign-in sends a new code, which works.
    t.clock.advance(50);
    const later = await requestOtp(t.app, DEMO.hospital);
    expect(later.statusCode).toBe(200);
    expect(body(later)).toEqual({ mobileNumber: DEMO.hospital, resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(await t.db.selectFrom('otp_codes').select('id').execute()).toHaveLength(2);
    expect((await verifyOtp(t.app, DEMO.hospital, await lastOtp(t.app, DEMO.hospital))).statusCode).toBe(200);
  });

  it('sends a new code at once after a sign-in used the last one (a second device)', async () => {
    await requestOtp(t.app, DEMO.stockist);
    expect((await verifyOtp(t.app, DEMO.stockist, await lastOtp(t.app, DEMO.stockist))).statusCode).toBe(200);
    const again = await requestOtp(t.app, DEMO.stockist);
    expect(again.statusCode).toBe(200);
    expect(body(again)).toMatchObject({ resendAfterSeconds: 60 });
    expect(await t.db.selectFrom('otp_codes').select('id').execute()).toHaveLength(2);
  });

  it('allows a resend only after 60 seconds, and the new code replaces the old one', async () => {
    await requestOtp(t.app, DEMO.stockist);
    const first = await lastOtp(t.app, DEMO.stockist);

    t.clock.advance(45);
    const early = await resend(DEMO.stockist);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ type: 'error', code: 'E0005', message: 'Please wait 15 seconds before requesting another code' });

    t.clock.advance(15);
    const ok = await resend(DEMO.stockist);
    expect(ok.statusCode).toBe(200);
    const second = await lastOtp(t.app, DEMO.stockist);
    expect((await t.db.selectFrom('otp_codes').select('id').execute()).length).toBe(2);

    if (first !== second) expect((await verifyOtp(t.app, DEMO.stockist, first)).json().code).toBe('E0003');
    expect((await verifyOtp(t.app, DEMO.stockist, second)).statusCode).toBe(200);
  });

  it('does not send a second code when sign-in is requested again inside the wait', async () => {
    await requestOtp(t.app, DEMO.stockist);
    const code = await lastOtp(t.app, DEMO.stockist);
    t.clock.advance(20);
    const again = await requestOtp(t.app, DEMO.stockist);
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({ mobileNumber: DEMO.stockist, resendAfterSeconds: 40, expiresInSeconds: 280 });
    expect(await t.db.selectFrom('otp_codes').select('id').execute()).toHaveLength(1);
    expect((await verifyOtp(t.app, DEMO.stockist, code)).statusCode).toBe(200);
  });

  it('limits sends per number to 5 an hour (429 E0006)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await resend(DEMO.retailer)).statusCode).toBe(200);
      t.clock.advance(61);
    }
    const sixth = await resend(DEMO.retailer);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('E0006');

    t.clock.advance(3600);
    expect((await resend(DEMO.retailer)).statusCode).toBe(200);
  });

  describe('per IP', () => {
    const limited = build({ env: { OTP_MAX_SENDS_PER_IP_PER_HOUR: '3' } });

    it('limits sends from one address across numbers (429 E0006)', async () => {
      const ip = '203.0.113.7';
      for (const mobile of [DEMO.stockist, DEMO.retailer, DEMO.hospital]) {
        expect((await requestOtp(limited.app, mobile, ip)).statusCode).toBe(200);
      }
      const fourth = await requestOtp(limited.app, DEMO.stockistEmployee, ip);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe('E0006');
      // Another address is not affected.
      expect((await requestOtp(limited.app, DEMO.stockistEmployee, '203.0.113.8')).statusCode).toBe(200);
    });
  });

  describe('"not registered" answers per address (OTP_MAX_REFUSALS_PER_IP_PER_HOUR, default 10)', () => {
    const unknown = (i: number) => `91234567${String(i).padStart(2, '0')}`;
    const verifyFrom = (mobile: string, ip: string) =>
      t.app.inject({ method: 'POST', url: PATHS.otpVerify, payload: { mobileNumber: mobile, otp: '123456' }, remoteAddress: ip });

    it('answers 10 unknown numbers an hour with E0037, then 429 E0006 for every number, known ones too', async () => {
      const ip = '198.51.100.20';
      for (let i = 0; i < 10; i++) {
        const res = await requestOtp(t.app, unknown(i), ip);
        expect([res.statusCode, res.json().code]).toEqual([404, 'E0037']);
      }
      const eleventh = await requestOtp(t.app, unknown(10), ip);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ type: 'error', code: 'E0006', message: 'Too many requests, please try again later' });
      // The limited address learns nothing more: a registered number gets the same answer, on every OTP route.
      expect((await requestOtp(t.app, DEMO.retailer, ip)).json().code).toBe('E0006');
      expect((await resend(DEMO.retailer, ip)).json().code).toBe('E0006');
      expect((await verifyFrom(DEMO.retailer, ip)).json().code).toBe('E0006');
      expect((await verifyFrom(unknown(11), ip)).json().code).toBe('E0006');
      // Other addresses are not affected.
      expect((await requestOtp(t.app, unknown(11), '198.51.100.21')).json().code).toBe('E0037');
      expect((await requestOtp(t.app, DEMO.retailer, '198.51.100.21')).statusCode).toBe(200);

      t.clock.advance(3600);
      expect((await requestOtp(t.app, unknown(12), ip)).json().code).toBe('E0037');
      // Rows past the hour are deleted as new ones are written.
      expect(await t.db.selectFrom('otp_refusals').select('ip').execute()).toHaveLength(1);
    });

    it('counts unknown numbers at verify and registered ones at registration alike', async () => {
      const ip = '198.51.100.30';
      for (let i = 0; i < 5; i++) expect((await verifyFrom(unknown(i), ip)).json().code).toBe('E0037');
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({ method: 'POST', url: REGISTRATION_PATHS.otp, payload: { mobileNumber: DEMO.retailer }, remoteAddress: ip });
        expect([res.statusCode, res.json().code]).toEqual([409, 'E0029']);
      }
      expect((await requestOtp(t.app, unknown(5), ip)).json().code).toBe('E0037');
      expect((await verifyFrom(unknown(6), ip)).json().code).toBe('E0006');
      expect((await verifyFrom(DEMO.retailer, ip)).json().code).toBe('E0006');
    });

    it('counts "already registered" answers at registration verify too, then refuses every number', async () => {
      const ip = '198.51.100.50';
      const verifyRegistration = (mobileNumber: string) =>
        t.app.inject({ method: 'POST', url: REGISTRATION_PATHS.otpVerify, payload: { mobileNumber, otp: '123456' }, remoteAddress: ip });
      for (let i = 0; i < 10; i++) expect((await verifyRegistration(DEMO.retailer)).json().code).toBe('E0029');
      const after = await verifyRegistration(DEMO.stockist);
      expect([after.statusCode, after.json().code]).toEqual([429, 'E0006']);
    });

    it('holds the limit for requests arriving together', async () => {
      const ip = '198.51.100.40';
      const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => requestOtp(t.app, unknown(i), ip)));
      const codes = answers.map((res) => res.json().code as string).sort();
      expect(codes).toEqual([...Array(10).fill('E0037'), ...Array(4).fill('E0006')].sort());
    });
  });
});
