import { type Page } from '@playwright/test';
import { ACCOUNTING_PATHS, type PurchaseBill, type PurchaseBillList, type SalesInvoice } from 'shared-api';
import { API, DEMO, callApi, expect, heading, openSearch, signIn, test, tokenOf } from './support';

/*
 * Issue 35, a recall across the chain. The demo retailer buys Rosuvas 10 from Agarwal Pharma and receives the bill
 * into stock (through the API: the purchase-bill spec drives those screens). Back-office staff import the regulator's
 * list naming that batch: the retailer's search no longer offers it, its bell has the alert; the retailer returns
 * its units to Agarwal from the recall's page, and Agarwal's trace shows them back. Rosuvas is used by no other spec,
 * since the recall blocks its batch everywhere for the rest of the run.
 */

const AGARWAL = 'STK-PUN-001';
const PRODUCT = 'Rosuvas 10 Tablet';
/** Back-office staff of the demo seed (api/src/db/seed-registration.ts). */
const STAFF = '9800000090';

/** The retailer orders 6 from Agarwal, Agarwal accepts and invoices, the retailer receives the bill: its batch. */
async function buyAndReceive(retailer: Page, seller: Page): Promise<{ batchNo: string; units: number; invoiceNumber: string }> {
  const { products } = await callApi<{ products: { productId: string; name: string }[] }>(retailer, 'POST', '/search/v3/global', { query: 'rosuvas 10' });
  const product = products.find((p) => p.name === PRODUCT)!;
  // A cart left by another spec would join the order; none at all is fine (E0044).
  await retailer.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(retailer)}` }, data: {} });
  await callApi(retailer, 'POST', '/cart/addEntry', { productId: product.productId, sellerUnitCode: AGARWAL, quantity: 6 });
  const { orders } = await callApi<{ orders: { orderId: string; counterpartyUnitCode: string }[] }>(retailer, 'POST', '/cart/submit', {});
  const orderId = orders.find((o) => o.counterpartyUnitCode === AGARWAL)!.orderId;

  await callApi(seller, 'POST', `/orders/v2/${orderId}/accept`, {});
  const invoice = await callApi<SalesInvoice>(seller, 'POST', ACCOUNTING_PATHS.invoiceFromOrder(orderId), {});
  const batchNo = invoice.lines[0]!.batchNo;

  const bills = await callApi<PurchaseBillList>(retailer, 'GET', ACCOUNTING_PATHS.purchaseBills, undefined, { pageSize: '50' });
  const billId = bills.items.find((b) => b.billNumber === invoice.invoiceNumber)!.billId;
  const bill = await callApi<PurchaseBill>(retailer, 'GET', ACCOUNTING_PATHS.purchaseBill(billId));
  const lines = bill.lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity }));
  await callApi(retailer, 'POST', ACCOUNTING_PATHS.receivePurchaseBill(billId), { lines });
  const units = bill.lines.filter((l) => l.batchNo === batchNo).reduce((sum, l) => sum + l.quantity + l.freeQuantity, 0);
  return { batchNo, units, invoiceNumber: invoice.invoiceNumber };
}

test('staff import a regulator list; the retailer can no longer buy the batch, is alerted, returns its units; the distributor’s trace shows them back', async ({ page, newUser }) => {
  // Three people and three remotes: more than the default minute when the machine is busy.
  test.setTimeout(120_000);
  await signIn(page, DEMO.retailer.mobile);
  const agarwal = await newUser();
  await signIn(agarwal, DEMO.stockist.mobile);
  const { batchNo, units } = await buyAndReceive(page, agarwal);

  // The retailer's search offers Agarwal's rest of that batch.
  const box = await openSearch(page);
  await box.fill('rosuvas 10');
  await box.press('Enter');
  await page.getByRole('button', { name: `View stockists of ${PRODUCT}` }).click();
  const sellers = page.getByRole('table', { name: `Stockists of ${PRODUCT}` });
  await expect(sellers.getByRole('row', { name: /Agarwal Pharma Distributors/ })).toContainText(batchNo);

  // Staff import the month's list (as CDSCO publishes it: product, maker, batch, reason) and raise it.
  const staff = await newUser();
  await signIn(staff, STAFF);
  await staff.goto('/app/stocks/recalls/import');
  await expect(heading(staff, 'Import Recall List')).toBeVisible();
  const list = ['Name of Drug,Manufactured by,Batch No.,Reason', `${PRODUCT.replace('Tablet', 'Tablets I.P.')},M/s. Sun Pharma,${batchNo.toLowerCase()},Not of standard quality`].join('\n');
  await staff.getByLabel('Recall list').setInputFiles({ name: 'nsq-alert.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await staff.getByRole('button', { name: 'Read list' }).click();
  await expect(staff.getByText(/1 row ready, 0 to pick, 0 rejected/)).toBeVisible();
  await staff.getByLabel('Notice number for rows without one').fill('CDSCO/NSQ/E2E/2026');
  await staff.getByLabel('Notice date for rows without one').fill('2026-11-20');
  await staff.getByRole('button', { name: 'Raise recalls for 1 row' }).click();
  const raised = staff.getByRole('table', { name: 'Recalls raised' });
  const recallLink = raised.getByRole('link', { name: /^RC-\d+$/ });
  await expect(recallLink).toBeVisible();
  const recallNumber = (await recallLink.textContent())!;

  // The retailer's open search screen hears of it (the live channel): Agarwal no longer offers that batch.
  await expect(sellers).not.toContainText(batchNo);
  await expect(sellers.getByRole('row', { name: /Agarwal Pharma Distributors/ })).toBeVisible();

  // Its bell has the alert; it opens the recall's page.
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page.getByRole('dialog', { name: 'Unread notifications' }).getByRole('button', { name: new RegExp(`Recall ${recallNumber}: ${PRODUCT}`) }).click();
  await expect(page.getByRole('heading', { name: `${recallNumber}: ${PRODUCT}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Received' })).toContainText('Agarwal Pharma Distributors');

  // One click returns the quarantined units to Agarwal as a debit note at the bill's price.
  await page.getByRole('button', { name: `Return ${units} units to supplier` }).click();
  await page.getByRole('dialog', { name: 'Return to supplier?' }).getByRole('button', { name: 'Return to supplier' }).click();
  await expect(page.getByRole('table', { name: 'Debit notes issued' })).toContainText('Agarwal Pharma Distributors');

  // Agarwal's trace of the recall shows them back, from the retailer.
  await agarwal.goto('/app/stocks/recalls');
  await agarwal.getByRole('table', { name: 'Recalls' }).getByRole('link', { name: recallNumber }).click();
  await expect(agarwal.getByRole('heading', { name: `${recallNumber}: ${PRODUCT}` })).toBeVisible();
  await expect(agarwal.getByRole('table', { name: 'Received' })).toContainText('Sharma Medical Stores');
});
