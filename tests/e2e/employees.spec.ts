import { DEMO, PORTAL, expect, heading, lastOtp, openNavLink, signIn, test } from './support';

test('the owner registers an employee who signs in with their own mobile, then deletes the login', async ({ page, newUser }) => {
  await signIn(page, DEMO.stockist.mobile);
  await openNavLink(page, 'Employees', 'Logins');
  await expect(heading(page, 'Employees')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Suresh Patil', exact: true })).toBeVisible(); // seeded employee

  await page.getByRole('link', { name: 'Register employee' }).click();
  const form = page.getByRole('form', { name: 'Register employee' });
  // Validation of SPEC.md §5 before anything is sent.
  await form.getByRole('button', { name: 'Register employee' }).click();
  await expect(form.getByText(/required/i).first()).toBeVisible();
  await form.getByLabel('Name').fill('Kavita Deshmukh');
  await form.getByLabel('Mobile number').fill('12345');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Register employee' }).click();
  await expect(form.getByText('Enter a valid email')).toBeVisible();

  // Issue 33 item 13: the owner chooses what the login may do.
  await form.getByLabel('Role').selectOption('BILLING');
  // A mobile already registered is refused by the API (E0029) on the form.
  await form.getByLabel('Mobile number').fill(DEMO.retailer.mobile);
  await form.getByLabel('Email').fill('kavita@agarwalpharma.in');
  await form.getByRole('button', { name: 'Register employee' }).click();
  await expect(form.getByText(/already registered/i).first()).toBeVisible();

  await form.getByLabel('Mobile number').fill('9811122233');
  await form.getByRole('button', { name: 'Register employee' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('cell', { name: 'Kavita Deshmukh', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+91 98111 22233', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of Kavita Deshmukh' })).toHaveValue('BILLING');

  // The employee signs in with their own number and acts for the owner's unit.
  const employee = await newUser();
  await employee.goto('/');
  await employee.getByPlaceholder('10-digit mobile number').fill('9811122233');
  await employee.getByRole('button', { name: 'Get OTP' }).click();
  // The code exists once the page says it was sent: read it no sooner.
  await expect(employee.getByText('We sent a 6-digit code to +91 9811122233')).toBeVisible();
  await employee.getByPlaceholder('6-digit code').fill(await lastOtp(employee, '9811122233'));
  await employee.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(employee.getByText('Hello, Kavita')).toBeVisible();
  await expect(employee.getByText('Agarwal Pharma Distributors').first()).toBeVisible();
  await expect(employee.getByTestId('active-city')).toHaveText(/Pune/);

  // Delete asks first; cancel keeps the login.
  await page.getByRole('button', { name: 'Delete Kavita Deshmukh' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('cell', { name: 'Kavita Deshmukh', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Kavita Deshmukh' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: 'Kavita Deshmukh', exact: true })).toHaveCount(0);

  // The deleted employee's session is over: the next call fails to refresh and lands on /.
  await employee.reload();
  await expect(employee).toHaveURL(`${PORTAL}/`);
});
