import { API, DEMO, expect, heading, orderDoloFrom, signIn, test } from './support';

/*
 * Screens that stay current (issue 39 item 6):
 *   1. the stockist has Online Orders open; the retailer submits an order in its own browser; the new order shows in
 *      the stockist's open list without a reload (the seller's live notice refetches the shown order queries);
 *   2. the API stops answering (every request to it refused): the next screen's calls fail, and the page says since
 *      when what it shows was loaded, "— reconnecting", instead of passing it off as current or spinning;
 *   3. the API answers again: the notice goes by itself (the client asks /health every 5 s) and the screen refetches.
 */

const AGARWAL = 'STK-PUN-001';

test("a seller's open order list shows a buyer's new order without a reload; with the API down the page says since when its data is, until it answers again", async ({ page, newUser }) => {
  await signIn(page, DEMO.stockist.mobile);
  await page.goto('/app/orders/online-orders');
  await expect(heading(page, 'Online Orders')).toBeVisible();
  const orders = page.getByRole('table', { name: 'Online orders' });
  // Loaded: the list, or (on a fresh API) its empty state.
  await expect(orders.or(page.getByRole('heading', { name: 'No online orders yet' }))).toBeVisible();

  const buyer = await newUser();
  await signIn(buyer, DEMO.retailer.mobile);
  const order = await orderDoloFrom(buyer, AGARWAL, 2);
  // No reload, no click: the live channel's notice refetches the list on screen.
  await expect(orders.getByRole('row', { name: new RegExp(order.orderNumber) })).toBeVisible();

  // The API goes away: every call to it is refused from now on.
  const refuse = `${API}/**`;
  await page.route(refuse, (route) => route.abort('connectionrefused'));
  // In-app navigation, as a menu click does: the next screen's calls find no API.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/app/orders/orders-overview');
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  });
  const notice = page.getByRole('status').filter({ hasText: /Showing what was loaded at \d{2}:\d{2} — reconnecting/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nothing can be sent or updated until it answers again');

  // Back: the client's probe of /health finds it within 5 s, the notice goes and the screen loads.
  await page.unroute(refuse);
  await expect(notice).toBeHidden({ timeout: 15_000 });
  await expect(heading(page, 'Orders Overview')).toBeVisible();
  await expect(page.getByText(/cannot be reached|did not answer/)).toHaveCount(0);
});
