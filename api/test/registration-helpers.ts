import type { FastifyInstance } from 'fastify';
import { REGISTRATION_PATHS as R, REGISTRATION_TOKEN_HEADER, gstinCheckChar, type Application, type RegistrationSession } from 'shared-api';
import { body, lastOtp, login, type TestClock } from './helpers';
import type { Session } from 'shared-api';

export const gstinFor = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
};

export const PDF = Buffer.from('%PDF-1.4\n% test licence\n%%EOF\n', 'latin1').toString('base64');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

/** OTP for an unregistered number, verified: the draft token. */
export async function startRegistration(app: FastifyInstance, mobile: string, clock: TestClock): Promise<string> {
  // Codes are told apart by time: each new code is sent a resend window after the last.
  clock.advance(61);
  const sent = await app.inject({ method: 'POST', url: R.otp, payload: { mobileNumber: mobile } });
  if (sent.statusCode !== 200) throw new Error(`registration OTP for ${mobile}: ${sent.body}`);
  const res = await app.inject({ method: 'POST', url: R.otpVerify, payload: { mobileNumber: mobile, otp: await lastOtp(app, mobile) } });
  if (res.statusCode !== 200) throw new Error(`registration verify for ${mobile}: ${res.body}`);
  return body<RegistrationSession>(res).token;
}

export function step(app: FastifyInstance, token: string, url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: { [REGISTRATION_TOKEN_HEADER]: token }, payload });
}

export interface RetailerInput {
  mobile: string;
  email: string;
  tradeName: string;
  pan: string;
  dl: [string, string];
  food?: string;
  pincode?: string;
  /** RETAILER unless given */
  type?: 'RETAILER' | 'STOCKIST' | 'HOSPITAL';
}

/** A retailer application up to (not including) submit; answers the token. */
export async function retailerDraft(app: FastifyInstance, clock: TestClock, r: RetailerInput): Promise<string> {
  const token = await startRegistration(app, r.mobile, clock);
  const ok = async (url: string, payload: object) => {
    const res = await step(app, token, url, payload);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return body<Application>(res);
  };
  await ok(R.step1, { customerType: r.type ?? 'RETAILER', firstName: 'Test', lastName: 'Trader', email: r.email });
  await ok(R.step2, {
    pincode: r.pincode ?? '400050', addressLine: '12, Hill Road', landmark: 'Near Mount Mary steps', city: 'Mumbai', district: 'Mumbai Suburban',
    state: 'Maharashtra', latitude: 19.0544, longitude: 72.8402,
  });
  await ok(R.step3, {
    tradeName: r.tradeName, certificateTradeName: r.tradeName.toUpperCase(), gstin: gstinFor('27', r.pan), pan: r.pan,
    drugLicence1: r.dl[0], drugLicence2: r.dl[1], foodLicence: r.food,
  });
  for (const kind of ['GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2']) {
    await ok(R.uploadLicence, { kind, fileName: `${kind}.pdf`, mimeType: 'application/pdf', contentBase64: PDF });
  }
  if (r.food) await ok(R.uploadLicence, { kind: 'FOOD_LICENCE', fileName: 'fssai.pdf', mimeType: 'application/pdf', contentBase64: PDF });
  return token;
}

export async function submit(app: FastifyInstance, token: string) {
  return step(app, token, R.submit, { acceptTerms: true, acceptConsent: true });
}

/** Sign-in a resend window after any earlier code. */
export async function signIn(app: FastifyInstance, clock: TestClock, mobile: string): Promise<Session> {
  clock.advance(61);
  return login(app, mobile);
}
