import { API, BOTH_SIZES, DEMO, PORTAL, expect, expectNoSidewaysScroll, heading, signIn, signOut, test } from './support';

test('sign in with OTP: the header greets by first name and shows the active warehouse city; logout returns to /', BOTH_SIZES, async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);
  await expect(page.getByText(`Hello, ${DEMO.stockist.firstName}`)).toBeVisible();
  await expect(page.getByTestId('active-city')).toHaveText(new RegExp(DEMO.stockist.city));
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.getByText('Agarwal Pharma Distributors').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The session survives a reload (token persisted).
  await page.reload();
  await expect(page.getByText(`Hello, ${DEMO.stockist.firstName}`)).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(`${PORTAL}/`);
  await expect(page.getByRole('button', { name: 'Get OTP' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('medico.session'))).toBeNull();

  // Signed-in routes now send the user back to /.
  await page.goto('/app/profile');
  await expect(page).toHaveURL(`${PORTAL}/`);
});

test('a wrong code is refused with a clear message', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('10-digit mobile number').fill(DEMO.retailer.mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByPlaceholder('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/code/i);
  await expect(page).toHaveURL(`${PORTAL}/`);
});

test('an expired access token is refreshed silently and the page still loads', async ({ page }) => {
  await signIn(page, DEMO.retailer.mobile);
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem('medico.session') ?? 'null'));
  expect(before?.token).toBeTruthy();

  // Make the stored access token unusable, as an expired one is: the API answers 403 and the client must refresh.
  await page.evaluate((session) => {
    localStorage.setItem('medico.session', JSON.stringify({ ...session, token: 'expired.access.token', expiresAt: new Date(Date.now() - 60_000).toISOString() }));
  }, before);
  const refreshed = page.waitForResponse((r) => r.url() === `${API}/medico/refresh-token` && r.status() === 200);
  await page.goto('/app/profile');
  await refreshed;
  await expect(heading(page, 'Profile')).toBeVisible();
  await expect(page.getByText('Sharma Medical Stores').first()).toBeVisible();

  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('medico.session') ?? 'null'));
  expect(after.token).not.toBe('expired.access.token');
  expect(after.refreshToken).not.toBe(before.refreshToken); // rotated
});

test('routing: /app goes to the dashboard, an unknown path to /errors/404 with Go back', async ({ page }) => {
  await signIn(page, DEMO.retailer.mobile);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/errors\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
});

test('signed out, the landing page (its own small entry) opens registration and the legal pages in place; Back returns to sign-in', async ({ page }) => {
  await page.goto('/');
  // A mark in the page's memory: it survives only if no link reloads the page (they load the app, then go there).
  await page.evaluate(() => Object.assign(window, { medicoMark: 1 }));
  const mark = () => page.evaluate(() => (window as unknown as { medicoMark?: number }).medicoMark);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${PORTAL}/login`);
  await expect(page.getByRole('button', { name: 'Get OTP' })).toBeVisible();

  await page.getByRole('link', { name: 'Register your business' }).click();
  await expect(page).toHaveURL(`${PORTAL}/registration`);
  await expect(heading(page, 'Register your business')).toBeVisible();
  expect(await mark()).toBe(1);

  await page.goBack();
  await expect(page).toHaveURL(`${PORTAL}/login`);
  await expect(page.getByRole('button', { name: 'Get OTP' })).toBeVisible();
  await page.getByRole('link', { name: 'Terms and conditions' }).first().click();
  await expect(heading(page, 'Terms and conditions')).toBeVisible();
  expect(await mark()).toBe(1);
});
