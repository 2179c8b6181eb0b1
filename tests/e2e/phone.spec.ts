import { type Page } from '@playwright/test';
import { DEMO, PHONE, expect, expectNoSidewaysScroll, heading, signIn, signOut, test } from './support';

/*
 * The portal on a 390 × 844 phone (issue 17): no signed-in page scrolls sideways; the header keeps the greeting,
 * bell and cart in sight, opens the search over itself and holds profile, warehouse and Logout in the avatar's menu;
 * the navigation is a drawer; a table is a card per row (issue 38 item 2).
 */

/** Back-office staff of the demo seed (api/src/db/seed-registration.ts). */
const STAFF_MOBILE = '9800000090';

/** The page is no wider than the phone, once the page's heading (and so its content) is there. */
async function expectNoSideways(page: Page, path: string, title: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

test('a retailer on a phone: no page scrolls sideways; search over the header, the stockists of a product, the drawer to Customers, Logout from the menu', async ({ newUser }) => {
  const page = await newUser(PHONE);
  await signIn(page, DEMO.retailer.mobile);
  await expect(page.getByText(`Hello, ${DEMO.retailer.firstName}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, \d+ items?/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Notifications/ })).toBeVisible();

  await expectNoSideways(page, '/app/dashboard', 'Dashboard');
  await expectNoSideways(page, '/app/search?q=dolo', /Results for/);
  await expectNoSideways(page, '/app/cart', /Cart/);

  // Search: a button opens the box over the header; Escape closes it and gives focus back.
  await page.goto('/app/dashboard');
  const openSearch = page.getByRole('button', { name: 'Open search' });
  await openSearch.click();
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape'); // closes the recent searches
  await page.keyboard.press('Escape'); // closes the search
  await expect(box).toBeHidden();
  await expect(openSearch).toBeFocused();

  await openSearch.click();
  await box.pressSequentially('dolo');
  await expect(page.getByRole('list', { name: 'Suggestions' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/app\/search\?q=dolo$/);
  await expect(box).toBeHidden();
  await expect(heading(page, 'Results for “dolo”')).toBeVisible();
  await page.getByRole('button', { name: 'View stockists of Dolo 650 Tablet' }).click();
  const sellers = page.getByRole('table', { name: 'Stockists of Dolo 650 Tablet' });
  await expect(sellers.getByRole('row', { name: /Agarwal Pharma Distributors/ })).toBeVisible();
  // Issue 38 item 2: a card per row, each cell a line with its column's label, so nothing scrolls sideways.
  const firstCell = sellers.getByRole('row').nth(1).getByRole('cell').first();
  expect(await firstCell.evaluate((cell) => [getComputedStyle(cell).display, getComputedStyle(cell, '::before').content])).toEqual(['flex', '"Stockist" / ""']);
  await expectNoSidewaysScroll(page);

  // The drawer: opens from the header, closes on Escape and on the backdrop, and on following a link.
  const openNav = page.getByRole('button', { name: 'Open navigation' });
  await openNav.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expect(openNav).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(openNav).toBeFocused();
  await openNav.click();
  await page.getByTestId('nav-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(drawer).toBeHidden();
  await openNav.click();
  await drawer.getByRole('button', { name: 'Customers' }).click();
  await drawer.getByRole('link', { name: 'Stockists' }).click();
  await expect(drawer).toBeHidden();
  await expect(heading(page, 'Stockists')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/customers\/stockists$/);

  // The menu holds profile and Logout: Escape closes it, then signOut opens it (support.ts) to log out.
  const menu = page.getByRole('button', { name: 'Account menu' });
  await menu.click();
  await expect(page.getByRole('link', { name: /Profile/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(menu).toBeFocused();
  await signOut(page);
});

test('a stockist on a phone: online orders, inventory upload and customers fit; the warehouse switcher sits in the menu', async ({ newUser }) => {
  const page = await newUser(PHONE);
  await signIn(page, DEMO.stockist.mobile);
  await expect(page.getByTestId('active-city')).toHaveText(new RegExp(DEMO.stockist.city));
  await expectNoSideways(page, '/app/dashboard', 'Dashboard');
  await expectNoSideways(page, '/app/orders/online-orders', 'Online Orders');
  await expectNoSideways(page, '/app/inventory/upload', /Upload Inventory/);
  await expectNoSideways(page, '/app/customers/stockists', 'Stockists');
  await expectNoSideways(page, '/app/customers/retailers', 'Retailers');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: /Pune Main Godown/ })).toBeVisible();
  await signOut(page);
});

test('back-office staff on a phone: Verifications in the drawer, no cart, search or warehouse switcher', async ({ newUser }) => {
  const page = await newUser(PHONE);
  await signIn(page, STAFF_MOBILE);
  await expect(page.getByRole('link', { name: /Cart/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open search' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.getByRole('link', { name: 'Verifications' }).click();
  await expect(page).toHaveURL(/\/app\/staff\/verifications$/);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: /warehouse/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoSideways(page, '/app/dashboard', 'Dashboard');
});
