import { type Locator, type Page } from '@playwright/test';
import { API, DEMO, PHONE, expect, heading, lastOtp, test, tokenOf } from './support';

/*
 * Issue 17 item 2, keyboard: the retailer's main flow without a mouse — sign in with mobile and OTP, search from the
 * header, open a product's stockists, add to the cart, open the cart, confirm and submit — with a visible focus
 * indicator on every stop Tab makes; a dialog keeps focus inside (Tab from its last control comes back to its first)
 * and Escape closes it, focus back on its opener; the navigation's flyout (desktop) and drawer (phone) work from the
 * keyboard. Nothing here clicks.
 */

const AGARWAL = 'Agarwal Pharma Distributors';

/** What has focus, and whether it shows: an outline or a ring (box-shadow) on it, or on the field wrapping an input. */
async function focusState(page: Page): Promise<{ what: string; shown: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', shown: true };
    const ring = (e: Element) => {
      const style = getComputedStyle(e);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
    };
    const field = el.parentElement?.matches(':focus-within') ? el.parentElement : null;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return { what: `${el.tagName.toLowerCase()} "${name}"`, shown: ring(el) || (field !== null && ring(field)) };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focus can be seen.
 * Fails when the target is not reached within `max` stops.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  const handle = await target.elementHandle();
  for (let stop = 0; stop <= max; stop++) {
    if (await handle!.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const { what, shown } = await focusState(page);
    expect(shown, `focus is not visible on ${what}`).toBe(true);
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Signs in from the landing page by keyboard, each form sent with Enter (the first test tabs to its buttons too). */
async function signInByKeyboard(page: Page, mobile: string): Promise<void> {
  await page.goto('/');
  await tabTo(page, page.getByPlaceholder('10-digit mobile number'));
  await page.keyboard.type(mobile);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`We sent a 6-digit code to +91 ${mobile}`)).toBeVisible();
  await tabTo(page, page.getByPlaceholder('6-digit code'));
  await page.keyboard.type(await lastOtp(page, mobile));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard/);
}

test('the retailer signs in, searches, adds to the cart and submits with the keyboard only; focus is always visible', async ({ page }) => {
  // Dozens of Tab stops, each checked, and three remotes: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  // Start from an empty cart (the API is shared by the whole run); none at all answers E0044.
  await page.goto('/');

  // Sign in: mobile number, Get OTP, the code, Verify.
  await tabTo(page, page.getByPlaceholder('10-digit mobile number'));
  await page.keyboard.type(DEMO.retailer.mobile);
  await tabTo(page, page.getByRole('button', { name: 'Get OTP' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`We sent a 6-digit code to +91 ${DEMO.retailer.mobile}`)).toBeVisible();
  await tabTo(page, page.getByPlaceholder('6-digit code'));
  await page.keyboard.type(await lastOtp(page, DEMO.retailer.mobile));
  await tabTo(page, page.getByRole('button', { name: 'Verify and sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard/);
  const emptied = await page.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: {} });
  expect(emptied.ok() || (await emptied.json()).code === 'E0044').toBeTruthy();

  // Search from the header: Enter opens the results.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
  await page.keyboard.type('dolo 650');
  await expect(page.getByRole('list', { name: 'Suggestions' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Results for “dolo 650”')).toBeVisible();

  // A product's stockists, a quantity, Add to cart.
  await tabTo(page, page.getByRole('button', { name: 'View stockists of Dolo 650 Tablet' }));
  await page.keyboard.press('Enter');
  const quantity = page.getByRole('textbox', { name: `Quantity from ${AGARWAL}`, exact: true });
  await expect(quantity).toBeVisible();
  await tabTo(page, quantity);
  await page.keyboard.type('10');
  await tabTo(page, page.getByRole('button', { name: `Add to cart from ${AGARWAL}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`10 + 1 free from ${AGARWAL}`)).toBeVisible();

  // The cart, back up in the header; confirm, then submit.
  const cart = page.getByRole('link', { name: 'Cart, 1 item' });
  await expect(cart).toBeVisible();
  await tabTo(page, cart, { back: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Confirm cart' }));
  await page.keyboard.press('Enter');
  const submit = page.getByRole('button', { name: 'Submit orders' });
  await expect(submit).toBeEnabled();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 order sent')).toBeVisible();
});

test('a dialog keeps focus inside and Escape gives it back to its opener; the navigation flyout works from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByKeyboard(page, DEMO.retailer.mobile);

  // The rail's group opens its flyout with focus on its first link; Escape closes it, focus back on the group.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const purchases = nav.getByRole('button', { name: 'Purchases' });
  await tabTo(page, purchases);
  await page.keyboard.press('Enter');
  const flyout = page.getByRole('region', { name: 'Purchases links' });
  await expect(flyout.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
  await expect(purchases).toBeFocused();
  // Again, and follow a link with Enter.
  await page.keyboard.press('Enter');
  await tabTo(page, flyout.getByRole('link', { name: 'Purchase Invoices' }));
  await page.keyboard.press('Enter');
  // The first screen of mf-accounting: its remote loads first.
  await expect(heading(page, 'Purchase Invoices')).toBeVisible({ timeout: 30_000 });

  // Profile (the avatar link), then the "Add warehouse" dialog.
  await tabTo(page, page.getByRole('link', { name: /^Profile of / }), { back: true });
  await page.keyboard.press('Enter');
  const add = page.getByRole('button', { name: 'Add warehouse' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add warehouse' });
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  expect(await inside()).toBe(true);
  // Tab to its last control, then once more: back to its first.
  const controls = dialog.locator('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])');
  await tabTo(page, controls.last(), { max: 40 });
  await page.keyboard.press('Tab');
  await expect(controls.first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(controls.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('on a phone the navigation drawer opens, keeps focus and closes from the keyboard', async ({ newUser }) => {
  const page = await newUser(PHONE);
  await signInByKeyboard(page, DEMO.retailer.mobile);

  const menu = page.getByRole('button', { name: 'Open navigation' });
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // Focus stays inside however far Tab goes.
  for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect((await focusState(page)).shown).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // Again, and follow a group's link.
  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByRole('button', { name: 'Purchases' }));
  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByRole('link', { name: 'Purchase Invoices' }));
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(heading(page, 'Purchase Invoices')).toBeVisible();
});
