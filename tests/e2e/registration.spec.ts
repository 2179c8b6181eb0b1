import { type APIRequestContext, type Page } from '@playwright/test';
import { API, expect, gstinOf as gstin, heading, lastOtp, signIn, test } from './support';

/** Back-office staff of the demo seed (api/src/db/seed-registration.ts). */
const STAFF = '9800000090';
const TOKEN_HEADER = 'x-registration-token';

// Fresh numbers and identifiers for each test run, so a test never depends on what another one registered.
const RUN = String(Date.now()).slice(-6);
const PDF = Buffer.from('%PDF-1.4\n% licence scan\n%%EOF\n', 'latin1');

async function staffDecides(page: Page, applicant: string, decide: (page: Page) => Promise<void>) {
  await signIn(page, STAFF);
  await page.getByRole('link', { name: 'open the verification queue' }).click();
  await expect(heading(page, 'Verifications')).toBeVisible();
  await page.getByRole('button', { name: `Review ${applicant}` }).click();
  await decide(page);
}

test('a retailer registers (OTP, pincode lookup, licences), staff approve, the retailer trades in the portal', async ({ page, newUser }) => {
  const mobile = `9700${RUN}`;
  const pan = `AKLPV${RUN.slice(-4)}M`;
  const tradeName = `Vighnesh Medical ${RUN}`;
  await page.goto('/registration');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel(/Code sent to/).fill(await lastOtp(page, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  const person = page.getByRole('form', { name: 'You and your business type' });
  await person.getByRole('button', { name: 'Save and continue' }).click();
  await expect(person.getByText('Customer type is required')).toBeVisible();
  await person.getByLabel('Customer type').selectOption('RETAILER');
  await person.getByLabel('First name').fill('Vinod');
  await person.getByLabel('Last name').fill('Patil');
  await person.getByLabel('Email').fill('vinod@vighneshmedical.in');
  await person.getByRole('button', { name: 'Save and continue' }).click();

  // A reload resumes at the step the applicant left.
  const address = page.getByRole('form', { name: 'Address' });
  await expect(address).toBeVisible();
  await page.reload();
  await expect(address).toBeVisible();
  await address.getByLabel('Pincode').fill('400050');
  await expect(address.getByLabel('City/town')).toHaveValue('Mumbai');
  await expect(address.getByLabel('District')).toHaveValue('Mumbai Suburban');
  await expect(address.getByLabel('State')).toHaveValue('Maharashtra');
  await address.getByLabel('Address line 1').fill('Shop 3, Hill Road');
  await address.getByLabel('Landmark').fill('Opp. Elco Market');
  await address.getByLabel('Location: latitude').fill('19.0553');
  await address.getByLabel('Location: longitude').fill('72.8336');
  await address.getByRole('button', { name: 'Save and continue' }).click();

  const ids = page.getByRole('form', { name: 'Trade identifiers' });
  await ids.getByLabel('Trade name').fill(tradeName);
  const valid = gstin('27', pan);
  await ids.getByLabel('GSTIN').fill(valid.slice(0, 14) + (valid.endsWith('0') ? '1' : '0')); // wrong check character
  // Leaving the field shows its message (and moves the button down) before the click.
  await ids.getByLabel('GSTIN').blur();
  await ids.getByRole('button', { name: 'Save and continue' }).click();
  await expect(ids.getByText('Enter a valid GSTIN')).toBeVisible();
  await expect(ids.getByText('Drug licence 1 is required')).toBeVisible();
  await ids.getByLabel('GSTIN').fill(valid);
  await ids.getByLabel('PAN').fill(pan);
  await ids.getByLabel('Trade name as printed on the GST certificate').fill('Vignesh Medicals');
  await ids.getByLabel('Drug licence 1 (Form 20)').fill(`MH-MZ2-20-${RUN}`);
  await ids.getByLabel('Drug licence 2 (Form 21)').fill(`MH-MZ2-21-${RUN}`);
  await ids.getByRole('button', { name: 'Save and continue' }).click();
  await expect(ids.getByText('Trade name must match the GST certificate')).toBeVisible();
  await ids.getByLabel('Trade name as printed on the GST certificate').fill(`M/S. ${tradeName.toUpperCase()}`);
  await ids.getByRole('button', { name: 'Save and continue' }).click();

  const docs = page.getByRole('form', { name: 'Documents and terms' });
  for (const [kind, name] of [['GST_CERTIFICATE', 'gst.pdf'], ['DRUG_LICENCE_1', 'form20.pdf'], ['DRUG_LICENCE_2', 'form21.pdf']] as const) {
    await page.locator(`#doc-${kind}`).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await expect(docs.getByText(`uploaded: ${name}`)).toBeVisible();
  }
  await docs.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(docs.getByText('Accept terms and conditions')).toBeVisible();
  await docs.getByLabel(/I accept the/).check();
  await docs.getByLabel(/I consent/).check();
  await docs.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(heading(page, 'Application submitted')).toBeVisible();

  // Signed in but not verified: the status is shown, trading is not open.
  await signIn(page, mobile);
  await expect(page.getByText('Your account is awaiting verification.')).toBeVisible();

  const staff = await newUser();
  await staffDecides(staff, tradeName, async (p) => {
    await expect(p.getByText(gstin('27', pan))).toBeVisible();
    await p.getByRole('button', { name: 'Approve' }).click();
    await expect(p.getByText('5 free deliveries are credited')).toBeVisible();
  });

  await page.reload();
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.getByText('Your account is awaiting verification.')).toBeHidden();
  await page.goto('/app/profile');
  await expect(page.getByText('Verified', { exact: false }).first()).toBeVisible();
});

async function registerByApi(request: APIRequestContext, mobile: string, tradeName: string, pan: string) {
  await request.post(`${API}/registration/otp`, { data: { mobileNumber: mobile } });
  const otp = ((await (await request.get(`${API}/test/otp/last`, { params: { mobileNumber: mobile } })).json()) as { body: { otp: string } }).body.otp;
  const verified = (await (await request.post(`${API}/registration/otp/verify`, { data: { mobileNumber: mobile, otp } })).json()) as { body: { token: string } };
  const headers = { [TOKEN_HEADER]: verified.body.token };
  const post = async (path: string, data: object) => {
    const res = await request.post(`${API}${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  };
  await post('/registration/v3/step1', { customerType: 'RETAILER', firstName: 'Sunil', lastName: 'Joshi', email: `${mobile}@joshimedicals.in` });
  await post('/registration/v3/step2', { pincode: '411004', addressLine: '8, FC Road', landmark: 'Near Goodluck Cafe', city: 'Pune', district: 'Pune', state: 'Maharashtra', latitude: 18.5204, longitude: 73.8412 });
  await post('/registration/v3/step3', { tradeName, certificateTradeName: tradeName, gstin: gstin('27', pan), pan, drugLicence1: `MH-PZ1-20-${RUN}`, drugLicence2: `MH-PZ1-21-${RUN}` });
  for (const kind of ['GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2']) {
    await post('/registration/upload/license', { kind, fileName: `${kind}.pdf`, mimeType: 'application/pdf', contentBase64: PDF.toString('base64') });
  }
  await post('/registration/submit', { acceptTerms: true, acceptConsent: true });
}

test('a rejected applicant sees the reason staff gave', async ({ page, newUser }) => {
  const mobile = `9701${RUN}`;
  const tradeName = `Joshi Medicals ${RUN}`;
  await registerByApi(page.request, mobile, tradeName, `BMNPJ${RUN.slice(-4)}K`);
  const staff = await newUser();
  const reason = 'Drug licence 2 has expired; upload the renewed licence';
  await staffDecides(staff, tradeName, async (p) => {
    await p.getByRole('button', { name: 'Reject' }).click();
    await p.getByLabel('Reason (the applicant sees it)').fill(reason);
    await p.getByRole('button', { name: 'Reject application' }).click();
    await expect(p.getByText('The applicant sees your reason')).toBeVisible();
  });
  await signIn(page, mobile);
  await expect(page.getByText('Your registration was not approved.')).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
});
