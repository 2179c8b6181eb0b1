import { DEMO, expect, heading, orderDoloFrom, signIn, test } from './support';

/*
 * Live notifications and the dashboard (issue 16), across two people:
 *   1. Lohar Chawl Medical Agencies (Mumbai) has its dashboard open on the Orders tab;
 *   2. the demo retailer (Sharma Medical) orders from it in another browser;
 *   3. without a reload, Lohar's bell count goes up and the dashboard's received orders include the new one;
 *   4. the bell's panel lists the order; clicking it opens the order and marks it read.
 * The retailer's browser refuses notifications by itself: no red permission toast greets it, a quiet line says so.
 * Orders are new per run, so the spec runs again on the same API.
 */

const LOHAR = { unitCode: 'STK-MUM-001', mobile: '9800000201' };

const unreadOf = async (label: string | null) => Number(/(\d+) unread/.exec(label ?? '')?.[1]);
/** The tile reads "Received", the value in rupees, then "N orders". */
const ordersOf = (text: string | null) => Number(/₹[\d,]+\.\d\d(\d[\d,]*) orders?/.exec(text ?? '')?.[1]?.replace(/,/g, ''));

test('an order placed in one browser reaches the seller’s open dashboard live; its notification opens the order', async ({ page, newUser }) => {
  await signIn(page, LOHAR.mobile);

  await page.goto('/app/dashboard?tab=orders');
  await expect(heading(page, 'Dashboard')).toBeVisible();
  const received = page.getByRole('region', { name: 'Orders received' }).getByLabel('Received', { exact: true });
  await expect(received).toContainText(/₹[\d,]+\.\d\d\d[\d,]* orders?/);
  const ordersBefore = ordersOf(await received.textContent());
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const unreadBefore = await unreadOf(await bell.getAttribute('aria-label'));

  // The retailer orders in its own browser; the seller's page is not touched.
  // Its browser refuses notifications without asking anyone (a fresh headless context): no red toast greets the
  // user at sign-in; the bell's panel says it quietly, with where to change it.
  const retailer = await newUser({ permissions: [] });
  await signIn(retailer, DEMO.retailer.mobile);
  await retailer.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(retailer.getByRole('dialog', { name: 'Unread notifications' }).getByRole('note')).toContainText('Browser notifications are off for this site');
  await expect(retailer.getByText(/Permission (Denied|Required)/)).toHaveCount(0);
  await retailer.keyboard.press('Escape');
  const order = await orderDoloFrom(retailer, LOHAR.unitCode, 3);

  // Live, well within the time a person would wait: the bell and the dashboard's figures move.
  await expect(page.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` })).toBeVisible({ timeout: 5000 });
  await expect.poll(async () => ordersOf(await received.textContent()), { timeout: 5000 }).toBe(ordersBefore + 1);

  // The bell's panel has it; clicking it opens the order and it is read.
  await page.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` }).click();
  const panel = page.getByRole('dialog', { name: 'Unread notifications' });
  const item = panel.getByRole('button', { name: new RegExp(order.orderNumber) });
  await expect(item).toContainText('New order from Sharma Medical Stores');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/app/orders/online-orders/${order.orderId}$`));
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Notifications, ${unreadBefore} unread` })).toBeVisible();

  // The notifications page lists it as read, found by its type and number.
  await page.goto(`/app/notifications?type=B2B_ORDER&search=${encodeURIComponent(order.orderNumber)}`);
  await expect(heading(page, 'Notifications')).toBeVisible();
  const row = page.getByRole('button', { name: new RegExp(order.orderNumber) });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Unread');
});
