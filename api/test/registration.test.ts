import { PATHS, PROFILE_PATHS, REGISTRATION_PATHS as R, REGISTRATION_TOKEN_HEADER, type Application, type DocumentContent, type PincodePlace, type Profile } from 'shared-api';
import { DEMO, bearer, body, build } from './helpers';
import { PDF, gstinFor, retailerDraft, signIn, startRegistration, step, submit } from './registration-helpers';

const t = build({ env: { OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '1000', OTP_MAX_SENDS_PER_IP_PER_HOUR: '1000' } });

const RETAILER = {
  mobile: '9700000101',
  email: 'owner@krishnamedicos.in',
  tradeName: 'Krishna Medicos',
  pan: 'ANBPK4410R',
  dl: ['MH-MZ3-20-771201', 'MH-MZ3-21-771202'] as [string, string],
  food: '11522998000451',
};

describe('pincode lookup', () => {
  it('answers office, city, district, state and the town centre from the shipped dataset', async () => {
    const res = await t.app.inject({ method: 'GET', url: R.pincode, query: { pincode: '411001' } });
    expect(body<PincodePlace>(res)).toEqual({
      pincode: '411001',
      office: 'Pune G.P.O.',
      city: 'Pune',
      district: 'Pune',
      state: 'Maharashtra',
      latitude: 18.5204,
      longitude: 73.8567,
    });
  });

  it('refuses a malformed pincode (E0001) and says when one is not in the list (E0035)', async () => {
    expect((await t.app.inject({ method: 'GET', url: R.pincode, query: { pincode: '012345' } })).json().code).toBe('E0001');
    const unknown = await t.app.inject({ method: 'GET', url: R.pincode, query: { pincode: '999999' } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'E0035']);
  });
});

describe('registration', () => {
  it('registers a retailer step by step; the draft resumes at its step; the account signs in but cannot trade', async () => {
    const token = await startRegistration(t.app, RETAILER.mobile, t.clock);
    await step(t.app, token, R.step1, { customerType: 'RETAILER', firstName: 'Gopal', lastName: 'Krishnan', email: RETAILER.email });
    // A reload: the draft comes back at step 2 with what was entered.
    const draft = body<Application>(await t.app.inject({ method: 'GET', url: R.draft, headers: { [REGISTRATION_TOKEN_HEADER]: token } }));
    expect(draft).toMatchObject({ step: 2, customerType: 'RETAILER', firstName: 'Gopal', email: RETAILER.email });
    // Verifying the number again (token lost) resumes the same draft.
    const again = await startRegistration(t.app, RETAILER.mobile, t.clock);
    const resumed = body<Application>(await t.app.inject({ method: 'GET', url: R.draft, headers: { [REGISTRATION_TOKEN_HEADER]: again } }));
    expect(resumed.id).toBe(draft.id);
    // The old token no longer works.
    expect((await t.app.inject({ method: 'GET', url: R.draft, headers: { [REGISTRATION_TOKEN_HEADER]: token } })).statusCode).toBe(401);

    const app = await (async () => {
      const tok = await retailerDraft(t.app, t.clock, { ...RETAILER, mobile: '9700000102', email: 'second@krishnamedicos.in', pan: 'BQCPK1234L', dl: ['MH-MZ3-20-771301', 'MH-MZ3-21-771302'], food: undefined, tradeName: 'Krishna Medicos Bandra' });
      return body<Application>(await submit(t.app, tok));
    })();
    expect(app).toMatchObject({ status: 'SUBMITTED', customerType: 'RETAILER', unitCode: 'RTL-MUM-002' });
    expect(app.documents.map((d) => d.kind).sort()).toEqual(['DRUG_LICENCE_1', 'DRUG_LICENCE_2', 'GST_CERTIFICATE']);

    const session = await signIn(t.app, t.clock, '9700000102');
    const account = await t.app.inject({ method: 'GET', url: PATHS.myAccount, headers: bearer(session) });
    expect(body<{ activated: boolean; tradeName: string }>(account)).toMatchObject({ activated: false, tradeName: 'Krishna Medicos Bandra' });
    const profile = body<Profile>(await t.app.inject({ method: 'GET', url: PROFILE_PATHS.profile, headers: bearer(session) }));
    expect(profile.application).toMatchObject({ status: 'SUBMITTED', rejectionReason: null });
  });

  it('refuses every trading route to an unverified account (403 E0008): orders, cart, inventory upload, preferences', async () => {
    const checked: string[] = [];
    const applicants = [
      { ...RETAILER, type: 'RETAILER' as const },
      { mobile: '9700000110', email: 'owner@deccanpharma.in', tradeName: 'Deccan Pharma Agencies', pan: 'AAHFD2231K', dl: ['MH-PZ1-20B-440101', 'MH-PZ1-21B-440102'] as [string, string], type: 'STOCKIST' as const },
    ];
    for (const applicant of applicants) {
      expect((await submit(t.app, await retailerDraft(t.app, t.clock, applicant))).statusCode).toBe(200);
      const session = await signIn(t.app, t.clock, applicant.mobile);
      for (const route of t.app.routeTable) {
        if (route.access.public || !route.access.activeOnly) continue;
        const { customerTypes, roles } = route.access;
        // Routes for other customer types answer E0040 before E0008 is considered.
        if ((customerTypes !== 'ALL' && !customerTypes.includes(applicant.type)) || (roles !== 'ALL' && !roles.includes('OWNER'))) continue;
        const res = await t.app.inject({ method: route.method, url: route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'), headers: bearer(session), payload: {} });
        const label = `${applicant.type} ${route.method} ${route.url}`;
        expect({ label, status: res.statusCode, code: res.json().code }).toEqual({ label, status: 403, code: 'E0008' });
        checked.push(label);
      }
    }
    // Among them: a buyer's cart writes and order submission, a seller's inventory upload, and preferences.
    expect(checked.some((l) => l.startsWith('RETAILER POST /cart'))).toBe(true);
    expect(checked.some((l) => l.startsWith('STOCKIST POST /tenants/inventory'))).toBe(true);
    expect(checked).toContain(`RETAILER POST ${PROFILE_PATHS.preferences}`);
    // The same preference change works for a verified owner.
    const verified = await signIn(t.app, t.clock, DEMO.retailer);
    const res = await t.app.inject({ method: 'POST', url: PROFILE_PATHS.preferences, headers: bearer(verified), payload: { minimumOrderPaise: 50_000, whatsappNumber: '9800000002' } });
    expect(res.statusCode).toBe(200);
  });

  it('shows every missing field of a step with its message, on the server too', async () => {
    const token = await startRegistration(t.app, '9700000103', t.clock);
    const bad = await step(t.app, token, R.step1, { customerType: '', firstName: '', lastName: '', email: 'nope' });
    expect(bad.json()).toMatchObject({ code: 'E0001', fields: { customerType: 'Customer type is required', firstName: 'First name is required', lastName: 'Last name is required', email: 'Enter a valid email' } });
    await step(t.app, token, R.step1, { customerType: 'STOCKIST', firstName: 'Asha', lastName: 'Iyer', email: 'asha@iyerpharma.in' });
    const addr = await step(t.app, token, R.step2, { pincode: '12', addressLine: '', landmark: '', city: '', district: '', state: '' });
    expect(addr.json().fields).toMatchObject({ pincode: 'Enter a valid 6-digit pincode', addressLine: 'Address line 1 is required', landmark: 'Landmark is required', city: 'City/town is required', district: 'District is required', state: 'State is required', latitude: 'Location is required' });
    await step(t.app, token, R.step2, { pincode: '560001', addressLine: '3, Avenue Road', landmark: 'Near Mysore Bank circle', city: 'Bengaluru', district: 'Bengaluru Urban', state: 'Karnataka', latitude: 12.97, longitude: 77.58 });
    const none = await step(t.app, token, R.step3, { tradeName: 'Iyer Pharma' });
    expect(none.json().fields).toEqual({ gstin: 'Either GSTIN or PAN is needed', drugLicence1: 'Drug licence 1 is required', drugLicence2: 'Drug licence 2 is required' });
    const invalid = await step(t.app, token, R.step3, { tradeName: 'Iyer Pharma', gstin: '29ABCDE1234F1Z0', pan: 'ABCDE1234', foodLicence: '123' });
    expect(invalid.json().fields).toMatchObject({ gstin: 'Enter a valid GSTIN', pan: 'Enter a valid PAN', foodLicence: 'Enter a valid food licence' });
    // The trade name must match the one declared from the GST certificate (compared without case, spaces or "M/s").
    const pan = 'AAECI5521K';
    const mismatch = await step(t.app, token, R.step3, { tradeName: 'Iyer Pharma', certificateTradeName: 'Iyer Pharmaceuticals Pvt Ltd', gstin: gstinFor('29', pan), drugLicence1: 'KA-B20-123456', drugLicence2: 'KA-B21-123457' });
    expect(mismatch.json()).toMatchObject({ code: 'E0033', fields: { tradeName: 'Trade name must match the GST certificate' } });
    const matching = await step(t.app, token, R.step3, { tradeName: 'Iyer Pharma', certificateTradeName: 'M/s. IYER  PHARMA', gstin: gstinFor('29', pan), drugLicence1: 'KA-B20-123456', drugLicence2: 'KA-B21-123457' });
    expect(body<Application>(matching)).toMatchObject({ step: 4, gstin: gstinFor('29', pan) });
    // Submitting without the licence documents names each one missing; without terms it says so.
    expect((await step(t.app, token, R.submit, {})).json().fields).toEqual({ acceptTerms: 'Accept terms and conditions', acceptConsent: 'Accept consent' });
    expect(Object.keys((await submit(t.app, token)).json().fields).sort()).toEqual(['DRUG_LICENCE_1', 'DRUG_LICENCE_2', 'GST_CERTIFICATE']);
  });

  it('checks uploaded documents: PDF or image only, size-limited, of a kind this application has', async () => {
    const token = await startRegistration(t.app, '9700000104', t.clock);
    await step(t.app, token, R.step1, { customerType: 'RETAILER', firstName: 'Ravi', lastName: 'Nair', email: 'ravi@nairmedicals.in' });
    const upload = (payload: object) => step(t.app, token, R.uploadLicence, { kind: 'DRUG_LICENCE_1', fileName: 'dl.pdf', mimeType: 'application/pdf', contentBase64: PDF, ...payload });
    expect((await upload({ mimeType: 'text/plain' })).json().code).toBe('E0001');
    expect((await upload({ contentBase64: Buffer.from('not a pdf').toString('base64') })).json().fields).toEqual({ file: 'The file is not a PDF or image of the type it claims' });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    expect((await upload({ contentBase64: big })).json().fields).toEqual({ file: 'The file must be at most 2 MB' });
    expect((await upload({ kind: 'DRIVING_LICENCE' })).json().code).toBe('E0033');
    expect((await upload({})).statusCode).toBe(200);
  });

  it('registers a season boy with Aadhaar, date of birth, driving licence and vehicle instead of trade licences', async () => {
    const token = await startRegistration(t.app, '9700000105', t.clock);
    await step(t.app, token, R.step1, { customerType: 'SEASON_BOY', firstName: 'Sagar', lastName: 'Pawar', email: 'sagar.pawar@gmail.com' });
    await step(t.app, token, R.step2, { pincode: '411011', addressLine: 'Room 4, Laxmi Chawl', landmark: 'Near Kasba Ganpati', city: 'Pune', district: 'Pune', state: 'Maharashtra', latitude: 18.52, longitude: 73.86 });
    const missing = await step(t.app, token, R.step3, {});
    expect(missing.json().fields).toEqual({ aadhaar: 'Aadhaar number is required', dateOfBirth: 'Date of birth is required', drivingLicence: 'Driving licence is required', vehicleNumber: 'Vehicle number is required', vehicleType: 'Vehicle type is required' });
    expect((await step(t.app, token, R.step3, { aadhaar: '2341 2341 2345' })).json().fields).toMatchObject({ aadhaar: 'Enter a valid Aadhaar number' });
    // A season boy with a retail business's licences: E0031.
    const withShop = await step(t.app, token, R.step3, { drugLicence1: 'MH-PZ1-20-998877', aadhaar: '2341 2341 2346', dateOfBirth: '1998-02-11', drivingLicence: 'MH12 20160034567', vehicleNumber: 'MH 12 QR 7788', vehicleType: 'TWO_WHEELER' });
    expect(withShop.json().code).toBe('E0031');
    const ok = await step(t.app, token, R.step3, { aadhaar: '2341 2341 2346', dateOfBirth: '1998-02-11', drivingLicence: 'MH12 20160034567', vehicleNumber: 'MH 12 QR 7788', vehicleType: 'TWO_WHEELER' });
    expect(body<Application>(ok)).toMatchObject({ aadhaar: '234123412346', vehicleNumber: 'MH12QR7788', gstin: null });
    for (const kind of ['AADHAAR', 'DRIVING_LICENCE']) await step(t.app, token, R.uploadLicence, { kind, fileName: `${kind}.pdf`, mimeType: 'application/pdf', contentBase64: PDF });
    expect(body<Application>(await submit(t.app, token))).toMatchObject({ status: 'SUBMITTED', unitCode: 'SBY-PUN-002' });
  });
});

describe('duplicates', () => {
  it('refuses a registered mobile (E0029) before sending a code, and a registered email at step 1', async () => {
    const res = await t.app.inject({ method: 'POST', url: R.otp, payload: { mobileNumber: DEMO.retailer } });
    expect([res.statusCode, res.json().code]).toEqual([409, 'E0029']);
    const token = await startRegistration(t.app, '9700000201', t.clock);
    const email = await step(t.app, token, R.step1, { customerType: 'RETAILER', firstName: 'A', lastName: 'B', email: 'PRIYA@sharmamedical.in' });
    expect(email.json()).toMatchObject({ code: 'E0029', fields: { email: 'This email is already registered' } });
  });

  it('refuses a registered GSTIN/PAN (E0045), food licence (E0058), drug licence (E0055) and the same retailer at the same pincode (E0028)', async () => {
    const first = await retailerDraft(t.app, t.clock, RETAILER);
    expect((await submit(t.app, first)).statusCode).toBe(200);

    const second = await retailerDraft(t.app, t.clock, { mobile: '9700000202', email: 'b@other.in', tradeName: 'Other Chemist', pan: 'CJKPM7001Q', dl: ['MH-MZ3-20-880001', 'MH-MZ3-21-880002'] });
    const identifiers = { tradeName: 'Other Chemist', certificateTradeName: 'Other Chemist', drugLicence1: 'MH-MZ3-20-880001', drugLicence2: 'MH-MZ3-21-880002' };
    const gst = await step(t.app, second, R.step3, { ...identifiers, gstin: gstinFor('27', RETAILER.pan), pan: RETAILER.pan });
    expect([gst.statusCode, gst.json().code]).toEqual([409, 'E0045']);
    const panOnly = await step(t.app, second, R.step3, { ...identifiers, pan: RETAILER.pan });
    expect(panOnly.json().code).toBe('E0045');
    const food = await step(t.app, second, R.step3, { ...identifiers, pan: 'CJKPM7001Q', foodLicence: RETAILER.food });
    expect(food.json().code).toBe('E0058');
    const dl = await step(t.app, second, R.step3, { ...identifiers, pan: 'CJKPM7001Q', drugLicence2: RETAILER.dl[0] });
    expect(dl.json().code).toBe('E0055');
    const sameShop = await step(t.app, second, R.step3, { ...identifiers, tradeName: 'KRISHNA MEDICOS', certificateTradeName: 'Krishna Medicos', pan: 'CJKPM7001Q' });
    expect(sameShop.json().code).toBe('E0028');
    // The demo units' identifiers count too (their applications are seeded).
    const demo = await step(t.app, second, R.step3, { ...identifiers, pan: 'BXKPS5512M' });
    expect(demo.json().code).toBe('E0045');
  });

  it('rechecks at submit: an identifier taken in the meantime is refused', async () => {
    const a = await retailerDraft(t.app, t.clock, RETAILER);
    const b = await retailerDraft(t.app, t.clock, { ...RETAILER, mobile: '9700000203', email: 'c@krishna.in', tradeName: 'Krishna Medicos Annexe', dl: ['MH-MZ3-20-990001', 'MH-MZ3-21-990002'], food: undefined });
    expect((await submit(t.app, a)).statusCode).toBe(200);
    expect((await submit(t.app, b)).json().code).toBe('E0045');
  });
});

describe('documents', () => {
  it('are readable by the unit that uploaded them and by staff, by nobody else', async () => {
    const token = await retailerDraft(t.app, t.clock, RETAILER);
    const app = body<Application>(await submit(t.app, token));
    const docId = app.documents[0]!.id;
    const owner = await signIn(t.app, t.clock, RETAILER.mobile);
    const mine = await t.app.inject({ method: 'GET', url: R.document(docId), headers: bearer(owner) });
    expect(body<DocumentContent>(mine).contentBase64).toBe(PDF);
    const staff = await signIn(t.app, t.clock, '9800000090');
    expect((await t.app.inject({ method: 'GET', url: R.document(docId), headers: bearer(staff) })).statusCode).toBe(200);
    for (const other of [DEMO.retailer, DEMO.stockist]) {
      const res = await t.app.inject({ method: 'GET', url: R.document(docId), headers: bearer(await signIn(t.app, t.clock, other)) });
      expect([res.statusCode, res.json().code]).toEqual([404, 'E0056']);
    }
  });
});

describe('registration OTP', () => {
  it('keeps the sign-in limits: a wrong code counts, a resend inside 60 s is refused', async () => {
    await t.app.inject({ method: 'POST', url: R.otp, payload: { mobileNumber: '9700000301' } });
    const resend = await t.app.inject({ method: 'POST', url: R.otp, payload: { mobileNumber: '9700000301', resend: true } });
    expect([resend.statusCode, resend.json().code]).toEqual([429, 'E0005']);
    const wrong = await t.app.inject({ method: 'POST', url: R.otpVerify, payload: { mobileNumber: '9700000301', otp: '000000' } });
    expect(wrong.json().code).toBe('E0003');
    // A registration code does not sign in (the number has no account), and a sign-in code is never sent to it.
    expect((await t.app.inject({ method: 'POST', url: PATHS.otpLogin, payload: { mobileNumber: '9700000301' } })).json().code).toBe('E0037');
  });
});

describe('pincode dataset', () => {
  it('covers every state and union territory with real pincodes', async () => {
    const { PINCODE_STATES, PINCODE_COUNT, lookupPincode } = await import('../src/data/pincodes');
    expect(PINCODE_STATES.size).toBe(36);
    expect(PINCODE_COUNT).toBeGreaterThanOrEqual(100);
    expect(lookupPincode('110001')).toMatchObject({ city: 'New Delhi', state: 'Delhi' });
    expect(lookupPincode('600001')).toMatchObject({ city: 'Chennai', state: 'Tamil Nadu' });
  });
});
