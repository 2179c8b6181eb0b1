import { type Page } from '@playwright/test';
import { CLEARANCE_PATHS, INVENTORY_PATHS } from 'shared-api';
import { API, DEMO, callApi, expect, heading, openNavLink, signIn, test, tokenOf } from './support';

/*
 * Issue 18, near-expiry exchange, as the demo stockist and retailer use it: Agarwal Pharma lists a batch expiring
 * within 60 days at a lower PTR; Sharma Medical Stores (connected with access) finds it under the search's "Near
 * expiry" view, buys 2 through the cart; Agarwal accepts and the batch's stock drops by 2. An expired batch is never
 * a candidate and cannot be listed. The demo seed gives Agarwal batches expiring in 10–20 and 40–50 days, and some
 * expired ones.
 */

const AGARWAL = 'Agarwal Pharma Distributors';
const BOUGHT = 2;

/** The candidate row of one batch, and its "In stock" figure (columns: Product, Batch, Expiry, In stock, …). */
const candidateRow = (page: Page, batchNo: string) => page.getByRole('table', { name: /^Batches expiring in/ }).getByRole('row').filter({ hasText: batchNo });
const inStock = async (page: Page, batchNo: string) => Number((await candidateRow(page, batchNo).getByRole('cell').nth(3).innerText()).replace(/,/g, ''));

test('a stockist lists a near-expiry batch, a connected retailer buys it at the offer price, acceptance takes it from that batch; expired batches are never offered', async ({ page, newUser }) => {
  // Two sign-ins and three remotes: about 30 s on a quiet machine, more when the machine is busy (as marketplace.spec).
  test.setTimeout(120_000);
  await signIn(page, DEMO.stockist.mobile);
  await openNavLink(page, 'Inventory', 'Clear Near Expiry');
  await expect(heading(page, 'Clear Near Expiry')).toBeVisible();
  await page.getByLabel('Expiring from (days)').fill('0');
  await page.getByLabel('to (days)').fill('60');
  await page.getByRole('button', { name: 'Show batches' }).click();

  // The first batch not listed yet: its product and batch are in the button's name.
  const list = page.getByRole('table', { name: 'Batches expiring in 0–60 days' }).getByRole('button', { name: /^List /, disabled: false }).first();
  const [, product, batchNo] = /^List (.+) batch (\S+)$/.exec((await list.getAttribute('aria-label'))!)!;
  const stockBefore = await inStock(page, batchNo!);
  const ptr = Number((await candidateRow(page, batchNo!).getByRole('cell').nth(5).innerText()).replace(/[₹,]/g, ''));
  const offerPtr = Math.floor(ptr * 60) / 100;
  await list.click();
  const dialog = page.getByRole('dialog', { name: `List ${product} (${batchNo})` });
  await dialog.getByLabel('Offer PTR (₹)').fill(offerPtr.toFixed(2));
  await expect(dialog.getByText(/% off the regular PTR of/)).toBeVisible();
  await dialog.getByRole('button', { name: 'List offer' }).click();
  // Units promised to placed orders (other specs share the API) are warned about first.
  const promised = dialog.getByRole('button', { name: 'List anyway' });
  await expect(promised.or(page.getByText('Offer listed'))).toBeVisible();
  if (await promised.isVisible()) await promised.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'My offers' }).getByRole('row').filter({ hasText: batchNo! })).toContainText('Running');
  await expect(candidateRow(page, batchNo!)).toContainText('Listed');

  // Expired batches: never candidates, and the API refuses to list one.
  const expired = await callApi<{ items: { id: string; batchNo: string }[] }>(page, 'GET', INVENTORY_PATHS.all, undefined, { expiry: 'expired', pageSize: '5' });
  expect(expired.items.length).toBeGreaterThan(0);
  const whole = await callApi<{ items: { batchId: string }[] }>(page, 'GET', CLEARANCE_PATHS.candidates, undefined, { fromDays: '0', toDays: '365' });
  expect(whole.items.filter((c) => expired.items.some((e) => e.id === c.batchId))).toEqual([]);
  const refused = await page.request.post(`${API}${CLEARANCE_PATHS.offers}`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { batchId: expired.items[0]!.id, offerPtrPaise: 100, endsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), acknowledgePromised: true },
  });
  expect(refused.ok()).toBeFalsy();
  expect((await refused.json()).code).toBe('E0014');

  // The retailer: "Near expiry" in search shows the offer, expiry in red with the days left; it goes into the cart.
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const emptied = await retailer.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(retailer)}` }, data: {} });
  expect(emptied.ok() || (await emptied.json()).code === 'E0044').toBeTruthy();
  await retailer.goto(`/app/search?q=${encodeURIComponent(product!)}`);
  await retailer.getByRole('tab', { name: 'Near expiry' }).click();
  await expect(heading(retailer, 'Near-expiry offers')).toBeVisible();
  const offer = retailer.getByRole('table', { name: 'Near-expiry offers' }).getByRole('row').filter({ hasText: batchNo! });
  await expect(offer).toContainText(AGARWAL);
  await expect(offer.getByText(/ · \d+ days? left$/)).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(offer).toContainText(`₹${offerPtr.toFixed(2)}`);
  await offer.getByRole('textbox', { name: /^Quantity of / }).fill(String(BOUGHT));
  await offer.getByRole('button', { name: /^Add to cart / }).click();
  await expect(retailer.getByText('Added to cart')).toBeVisible();

  await retailer.goto('/app/cart');
  const items = retailer.getByRole('table', { name: `Items from ${AGARWAL}` });
  await expect(items).toContainText(`Near-expiry offer · batch ${batchNo}`);
  await expect(items).toContainText(`₹${offerPtr.toFixed(2)}`);
  await retailer.getByRole('button', { name: 'Confirm cart' }).click();
  await expect(retailer.getByText('Everything is still in stock at these prices')).toBeVisible();
  await retailer.getByRole('button', { name: 'Submit orders' }).click();
  await expect(retailer.getByText('1 order sent')).toBeVisible();
  const placed = retailer.getByRole('table', { name: 'Your orders' }).getByRole('row', { name: new RegExp(`${AGARWAL}.*Placed`) }).first();
  const orderNumber = (await placed.getByRole('cell').first().innerText()).trim();

  // The stockist accepts: the order's units leave that very batch.
  await page.goto('/app/orders/online-orders');
  await page.getByRole('table', { name: 'Online orders' }).getByRole('row', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  const allocation = page.getByRole('table', { name: 'Order items' }).getByRole('row').nth(1);
  await expect(allocation).toContainText(`${batchNo} (`);
  await expect(allocation).toContainText(`× ${BOUGHT}`);
  await page.getByRole('button', { name: 'Accept order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

  // The batch's stock went down by what was bought (read through the API: a page reload would only cost time).
  const stockAfter = async () => {
    const { items } = await callApi<{ items: { batchNo: string; quantity: number }[] }>(page, 'GET', CLEARANCE_PATHS.candidates, undefined, { fromDays: '0', toDays: '60' });
    return items.find((c) => c.batchNo === batchNo)?.quantity;
  };
  await expect.poll(stockAfter).toBe(stockBefore - BOUGHT);
});
