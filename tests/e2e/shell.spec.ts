import { DEMO, appOrigin, expect, heading, openNavLink, signIn, test } from './support';

test('warehouse switch sets the active warehouse on the server and reloads with its city', async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);
  await expect(page.getByTestId('active-city')).toHaveText(/Pune/);

  const switcher = page.getByRole('button', { name: /Pune Main Godown/ });
  await switcher.click();
  // Choosing the active one only closes the menu.
  await page.getByRole('menuitemradio', { name: /Pune Main Godown/ }).click();
  await expect(page.getByRole('menu', { name: 'Warehouses' })).toBeHidden();

  await page.getByRole('button', { name: /Pune Main Godown/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: /Nashik Branch/ }).click()]);
  await expect(page.getByTestId('active-city')).toHaveText(/Nashik/);
  await page.reload();
  await expect(page.getByTestId('active-city')).toHaveText(/Nashik/); // kept by the server, not the page

  // Put it back for the other tests.
  await page.getByRole('button', { name: /Nashik Branch/ }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: /Pune Main Godown/ }).click()]);
  await expect(page.getByTestId('active-city')).toHaveText(/Pune/);
});

test('navigates across three remotes and back, with breadcrumb and navigation highlight following', async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);

  await openNavLink(page, 'Orders', 'Online Orders');
  await expect(page).toHaveURL(/\/app\/orders\/online-orders$/);
  await expect(heading(page, 'Online Orders')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Orders');

  await openNavLink(page, 'Payments', 'Receive Payments');
  await expect(heading(page, 'Receive Payments')).toBeVisible();

  await openNavLink(page, 'Customers', 'Stockists');
  await expect(heading(page, 'Stockists')).toBeVisible();

  // A remote's own link (its breadcrumb) changes its screen and the shell follows.
  await page.goto('/app/orders/online-orders/ORD-1001');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Online Orders' }).click();
  await expect(page).toHaveURL(/\/app\/orders\/online-orders$/);
  await expect(heading(page, 'Online Orders')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/ORD-1001$/);
  await page.goBack();
  await expect(heading(page, 'Stockists')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Receive Payments')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Stockists')).toBeVisible();

  // The navigation highlights the group of the current screen, whoever changed the URL.
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Online Orders' })).toBeVisible(); // Orders expanded by default
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Customers' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stockists' })).toHaveAttribute('aria-current', 'page');
  // A click outside closes it.
  await page.mouse.click(900, 500);
  await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
});

test('deep links open a remote route directly, under /app and at top level', async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);
  await page.goto('/app/purchases/invoices');
  await expect(heading(page, 'Purchase Invoices')).toBeVisible();
  await page.goto('/orders/online-orders');
  await expect(heading(page, 'Online Orders')).toBeVisible();
  await page.goto('/app/orders');
  await expect(page).toHaveURL(/\/app\/orders\/offline-pickups$/);
});

test.describe('a remote that cannot be reached', () => {
  // page.route cannot see requests the portal's service worker answers: without it, the remote's files go to the network.
  test.use({ serviceWorkers: 'block' });

  test('a stopped remote shows its error panel with Retry while header and navigation keep working', async ({ page }) => {
    await signIn(page, DEMO.stockist.mobile);
    // mf-payments is unreachable, as when its server is stopped.
    await page.route(`${appOrigin('mf-payments')}/**`, (route) => route.abort('connectionrefused'));
    await openNavLink(page, 'Payments', 'Receive Payments');
    await expect(page.getByText('Payments could not be loaded')).toBeVisible();
    await expect(page.getByText(`Hello, ${DEMO.stockist.firstName}`)).toBeVisible();

    await openNavLink(page, 'Orders', 'Online Orders');
    await expect(heading(page, 'Online Orders')).toBeVisible();

    // Back up again: Retry really loads it.
    await openNavLink(page, 'Payments', 'Receive Payments');
    await expect(page.getByText('Payments could not be loaded')).toBeVisible();
    await page.unroute(`${appOrigin('mf-payments')}/**`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(page, 'Receive Payments')).toBeVisible();
  });
});

test('a retailer gets the search box and cart, and no inventory group', async ({ page }) => {
  await signIn(page, DEMO.retailer.mobile);
  await expect(page.getByTestId('active-city')).toHaveText(/Mumbai/);
  await expect(page.getByRole('link', { name: /Cart, \d+ items?/ })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search products' }).or(page.getByLabel('Search products'));
  await search.fill('pa@ra#');
  await expect(search).toHaveValue('para');
  await search.fill('pa');
  await expect(page.getByText('Enter at least 3 characters to search')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Inventory' })).toHaveCount(0);
});
