import { type Page } from '@playwright/test';
import { MARKETPLACE_PATHS } from 'shared-api';
import { API, BOTH_SIZES, DEMO, expect, expectNoSidewaysScroll, heading, isPhone, openNavLink, openSearch, signIn, signOut, test } from './support';

/*
 * Marketplace, as the demo retailer and stockist use it: the header search box, results with stockists, a cart
 * with the same medicine from two sellers, one order per seller, and the stockist accepting one (its stock drops).
 * Uses the demo seed: Sharma Medical Stores is connected with access to Agarwal Pharma (Pune) and Lohar Chawl
 * (Mumbai), both of which stock Dolo 650; Priya has recent searches. The buyer follows its orders under Purchase Orders.
 */

const AGARWAL = 'Agarwal Pharma Distributors';
const LOHAR = 'Lohar Chawl Medical Agencies';

/** The batch's stock cell in the inventory list. */
async function stockCell(page: Page, batchNo: string) {
  await page.goto('/app/inventory');
  await page.getByLabel('Search product, batch or composition').fill(batchNo);
  const row = page.getByRole('table', { name: 'Inventory' }).getByRole('row', { name: new RegExp(batchNo) });
  await expect(row).toHaveCount(1);
  // Columns: Product, Pack, Manufacturer, Batch, Expiry, Stock, …
  return row.getByRole('cell').nth(5);
}

const units = async (cell: Awaited<ReturnType<typeof stockCell>>) => Number((await cell.innerText()).replace(/,/g, ''));

async function stockOf(page: Page, batchNo: string): Promise<number> {
  return units(await stockCell(page, batchNo));
}

test('a retailer searches, fills a two-seller cart and sends two orders, sees them as purchase orders; the stockist accepts one, its stock drops, the buyer sees it accepted with batches', BOTH_SIZES, async ({ page }) => {
  // Three sign-ins and four remotes: more than the default minute when the machine is busy.
  test.setTimeout(120_000);
  await signIn(page, DEMO.retailer.mobile);
  // Start from an empty cart (the API is shared by the whole run).
  await page.goto('/app/cart');
  await expect(page.getByText('Your cart is empty').or(page.getByRole('button', { name: 'Empty cart' }))).toBeVisible();
  if (await page.getByRole('button', { name: 'Empty cart' }).isVisible()) await page.getByRole('button', { name: 'Empty cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();

  // Empty box: recent searches. Under 3 characters: the hint. Then "Searching..." and the suggestions.
  const box = await openSearch(page);
  await expect(page.getByRole('list', { name: 'Recent searches' }).getByRole('button', { name: /^dolo 650 recent$/ })).toBeVisible();
  await box.pressSequentially('do');
  await expect(page.getByText('Enter at least 3 characters to search')).toBeVisible();
  // The suggestions are held back until "Searching..." has been seen: a quick answer would otherwise replace it first.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`${API}${MARKETPLACE_PATHS.suggest}`, async (route) => {
    await held;
    await route.continue();
  });
  await box.pressSequentially('lo 65#0');
  await expect(box).toHaveValue('dolo 650');
  await expect(page.getByText('Searching...')).toBeVisible();
  answer();
  // Waits for the held requests to go on before the route goes.
  await page.unrouteAll({ behavior: 'wait' });
  const suggestion = page.getByRole('list', { name: 'Suggestions' }).getByRole('button', { name: /Dolo 650 Tablet \(15 Tab\) · Micro Labs/ });
  await expect(suggestion).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/app\/search\?q=dolo%20650/);
  // The box is emptied for the next search; on a phone it closes, giving the header back.
  if (isPhone(page)) await expect(box).toBeHidden();
  else await expect(box).toHaveValue('');

  // Results: open the stockists of Dolo 650 and add it from both sellers.
  await expect(heading(page, 'Results for “dolo 650”')).toBeVisible();
  await page.getByRole('button', { name: 'View stockists of Dolo 650 Tablet' }).click();
  const sellers = page.getByRole('table', { name: 'Stockists of Dolo 650 Tablet' });
  await expect(sellers.getByRole('row', { name: new RegExp(LOHAR) })).toBeVisible();
  // Both sell it "10 + 1": ten qualifies for one free, filled in and explained where the quantity is chosen.
  for (const seller of [AGARWAL, LOHAR]) {
    await page.getByRole('textbox', { name: `Quantity from ${seller}`, exact: true }).fill('10');
    await expect(sellers.getByRole('row', { name: new RegExp(seller) })).toContainText('Buy 10, get 1 free · You get 1 free');
    await page.getByRole('button', { name: `Add to cart from ${seller}` }).click();
    await expect(page.getByText(`10 + 1 free from ${seller}`)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Cart: change Lohar Chawl's quantity, confirm, submit: two orders.
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  const lohar = page.getByRole('table', { name: `Items from ${LOHAR}` });
  await lohar.getByRole('textbox', { name: 'Quantity of Dolo 650 Tablet', exact: true }).fill('12');
  await lohar.getByRole('button', { name: 'Update' }).click();
  await expect(lohar.getByRole('textbox', { name: 'Quantity of Dolo 650 Tablet', exact: true })).toHaveValue('12');
  await expect(lohar.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Confirm cart' }).click();
  await expect(page.getByText('Everything is still in stock at these prices')).toBeVisible();
  await page.getByRole('button', { name: 'Submit orders' }).click();
  await expect(page.getByText('2 orders sent')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const myOrders = page.getByRole('table', { name: 'Your orders' });
  // Newest first: this run's orders lead the list.
  const agarwalOrder = myOrders.getByRole('row', { name: new RegExp(`${AGARWAL}.*Placed`) }).first();
  await expect(agarwalOrder).toBeVisible();
  await expect(myOrders.getByRole('row', { name: new RegExp(`${LOHAR}.*Placed`) }).first()).toBeVisible();
  const orderNumber = (await agarwalOrder.getByRole('cell').first().innerText()).trim();
  const loharOrderNumber = (await myOrders.getByRole('row', { name: new RegExp(`${LOHAR}.*Placed`) }).first().getByRole('cell').first().innerText()).trim();

  // Purchase Orders (mf-accounting): both orders are there, placed; one opens with its lines.
  await openNavLink(page, 'Orders', 'Purchase Orders');
  await expect(heading(page, 'Purchase Orders')).toBeVisible();
  const purchaseOrders = page.getByRole('table', { name: 'Purchase orders' });
  for (const [number, seller] of [[orderNumber, AGARWAL], [loharOrderNumber, LOHAR]] as const) {
    await expect(purchaseOrders.getByRole('row', { name: new RegExp(`${number}.*${seller}.*Placed`) })).toBeVisible();
  }
  await purchaseOrders.getByRole('link', { name: orderNumber }).click();
  await expect(heading(page, 'Purchase Order')).toBeVisible();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  await expect(page.getByText('Waiting for the seller to accept')).toBeVisible();
  // Columns: Product, Pack, Manufacturer, Qty, Free, …
  const line = page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /Dolo 650 Tablet/ });
  await expect(line.getByRole('cell').nth(3)).toHaveText('10');
  await expect(line.getByRole('cell').nth(4)).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Batches allocated' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The stockist: Online Orders lists it; the order holds its batches; accepting takes them out of stock.
  await signOut(page);
  await signIn(page, DEMO.stockist.mobile);
  await page.goto('/app/orders/online-orders');
  await page.getByRole('table', { name: 'Online orders' }).getByRole('row', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  const allocation = await page.getByRole('table', { name: 'Order items' }).getByRole('row').nth(1).getByRole('cell').last().innerText();
  const [, batchNo, quantity] = /^(\S+) \([^)]+\) × (\d+)$/.exec(allocation.trim())!;
  // 10 + 1 free: eleven units leave the first-expiring batch.
  expect(Number(quantity)).toBe(11);
  await expectNoSidewaysScroll(page);
  const before = await stockOf(page, batchNo!);

  await page.goto('/app/orders/online-orders');
  await page.getByRole('table', { name: 'Online orders' }).getByRole('row', { name: new RegExp(orderNumber) }).click();
  await page.getByRole('button', { name: 'Accept order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  // The list may first show the cached figure and then the fresh one (stale-while-revalidate).
  const cell = await stockCell(page, batchNo!);
  await expect.poll(() => units(cell)).toBe(before - 11);

  // The retailer's purchase order now shows it accepted, with the batch its 11 units came from.
  await signOut(page);
  await signIn(page, DEMO.retailer.mobile);
  await page.goto('/app/purchases/orders?status=ACCEPTED');
  await page.getByRole('table', { name: 'Purchase orders' }).getByRole('link', { name: orderNumber }).click();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  await expect(page.getByText(/^Accepted on /)).toBeVisible();
  const batches = page.getByRole('table', { name: 'Batches allocated' });
  await expect(batches.getByRole('row', { name: new RegExp(`Dolo 650 Tablet ${batchNo} .* 11$`) })).toBeVisible();
});
