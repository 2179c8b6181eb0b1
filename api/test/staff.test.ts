import { PATHS, PROFILE_PATHS, REGISTRATION_PATHS as R, type Application, type ApplicationSummary, type Profile } from 'shared-api';
import { addStaff } from '../src/modules/staff/service';
import { DEMO, bearer, body, build } from './helpers';
import { retailerDraft, signIn, submit } from './registration-helpers';

const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });
const STAFF = '9800000090';

async function submittedRetailer(mobile = '9700000401'): Promise<Application> {
  const token = await retailerDraft(t.app, t.clock, {
    mobile, email: `${mobile}@patelmedical.in`, tradeName: `Patel Medical ${mobile.slice(-3)}`, pan: 'AQWPP3301K', dl: ['GJ-AHD-20-310001', 'GJ-AHD-21-310002'],
  });
  return body<Application>(await submit(t.app, token));
}

describe('verification queue', () => {
  it('lists submitted applications with identifiers and documents for staff only', async () => {
    const submitted = await submittedRetailer();
    const staff = await signIn(t.app, t.clock, STAFF);
    const queue = body<ApplicationSummary[]>(await t.app.inject({ method: 'GET', url: R.staffQueue, headers: bearer(staff) }));
    // The two seeded applications and this one, oldest first.
    expect(queue.map((a) => a.mobileNumber)).toEqual(['9876501234', '9890012345', '9700000401']);
    const one = body<Application>(await t.app.inject({ method: 'GET', url: R.staffApplication(submitted.id), headers: bearer(staff) }));
    expect(one).toMatchObject({ pan: 'AQWPP3301K', drugLicence1: 'GJ-AHD-20-310001' });
    expect(one.documents).toHaveLength(3);

    const owner = await signIn(t.app, t.clock, DEMO.stockist);
    const refused = await t.app.inject({ method: 'GET', url: R.staffQueue, headers: bearer(owner) });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'E0040']);
    const approve = await t.app.inject({ method: 'POST', url: R.staffApprove(submitted.id), headers: bearer(owner) });
    expect(approve.json().code).toBe('E0040');
  });

  it('approving activates the account and credits 5 free deliveries; the owner can then trade', async () => {
    const submitted = await submittedRetailer();
    const staff = await signIn(t.app, t.clock, STAFF);
    const approved = await t.app.inject({ method: 'POST', url: R.staffApprove(submitted.id), headers: bearer(staff) });
    expect(body<Application>(approved).status).toBe('APPROVED');
    // Deciding twice is refused.
    expect((await t.app.inject({ method: 'POST', url: R.staffReject(submitted.id), headers: bearer(staff), payload: { reason: 'Changed my mind' } })).json().code).toBe('E0009');

    const owner = await signIn(t.app, t.clock, '9700000401');
    expect(body<{ activated: boolean }>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(owner) })).activated).toBe(true);
    const profile = body<Profile>(await t.app.inject({ method: 'GET', url: PROFILE_PATHS.profile, headers: bearer(owner) }));
    expect(profile).toMatchObject({ referralFreeDeliveries: 5, application: { status: 'APPROVED' }, isStaff: false });
    const prefs = await t.app.inject({ method: 'POST', url: PROFILE_PATHS.preferences, headers: bearer(owner), payload: { minimumOrderPaise: 100_000, whatsappNumber: null } });
    expect(prefs.statusCode).toBe(200);
  });

  it('rejecting keeps the account inactive and shows the applicant the reason', async () => {
    const submitted = await submittedRetailer();
    const staff = await signIn(t.app, t.clock, STAFF);
    const short = await t.app.inject({ method: 'POST', url: R.staffReject(submitted.id), headers: bearer(staff), payload: { reason: 'no' } });
    expect(short.json().code).toBe('E0001');
    const reason = 'Drug licence 2 copy is not readable; please upload a clear scan.';
    await t.app.inject({ method: 'POST', url: R.staffReject(submitted.id), headers: bearer(staff), payload: { reason } });
    const owner = await signIn(t.app, t.clock, '9700000401');
    const profile = body<Profile>(await t.app.inject({ method: 'GET', url: PROFILE_PATHS.profile, headers: bearer(owner) }));
    expect(profile.application).toMatchObject({ status: 'REJECTED', rejectionReason: reason });
    expect(body<{ activated: boolean }>(await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(owner) })).activated).toBe(false);
  });

  it('staff:add makes a new number a staff login (and refuses a trader’s number)', async () => {
    expect(await addStaff(t.db, '9700000499', 'Imran Shaikh', t.clock.now())).toBe('added');
    expect(await addStaff(t.db, '9700000499', 'Imran Shaikh', t.clock.now())).toBe('exists');
    await expect(addStaff(t.db, DEMO.retailer, 'Priya', t.clock.now())).rejects.toThrow(/trading account/);
    const session = await signIn(t.app, t.clock, '9700000499');
    expect(body<Profile>(await t.app.inject({ method: 'GET', url: PROFILE_PATHS.profile, headers: bearer(session) })).isStaff).toBe(true);
  });
});

describe('STAFF_MOBILE', () => {
  it('is read from configuration and checked', async () => {
    const { loadConfig } = await import('../src/config');
    const base = { NODE_ENV: 'test', PGLITE_DATA_DIR: 'memory', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig({ ...base, STAFF_MOBILE: '9700000498', STAFF_NAME: 'Imran Shaikh' }).staff).toEqual({ mobile: '9700000498', name: 'Imran Shaikh' });
    expect(loadConfig(base).staff).toBeUndefined();
    expect(() => loadConfig({ ...base, STAFF_MOBILE: '12345' })).toThrow(/STAFF_MOBILE/);
  });
});
