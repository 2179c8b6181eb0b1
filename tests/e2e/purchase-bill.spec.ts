import { type Page } from '@playwright/test';
import { API, DEMO, expect, heading, signIn, test, tokenOf } from './support';

/*
 * The buyer's side of a marketplace sale: the demo retailer orders Dolo 650 from Agarwal Pharma and Agarwal accepts
 * and invoices it (through the API: the seller's screens have their own specs). The retailer then finds the bill,
 * already filled in from the invoice, under Purchase Invoices, sets its own selling price and receives it into
 * stock at that price, once. A new order per run, so the spec runs again on the same API.
 */

const AGARWAL = 'STK-PUN-001';

/** POST to the API with the page's session; the answer's body. */
function apiOf(page: Page) {
  return {
    post: async (path: string, data: object = {}) => {
      const res = await page.request.post(`${API}${path}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
      return (await res.json()).body;
    },
  };
}

test('a retailer receives the purchase bill of a stockist’s invoice into stock at its own price', async ({ page, newUser }) => {
  await signIn(page, DEMO.retailer.mobile);
  const buyer = apiOf(page);
  const { products } = (await buyer.post('/search/v3/global', { query: 'dolo 650' })) as { products: { productId: string; name: string }[] };
  const dolo = products.find((p) => p.name === 'Dolo 650 Tablet');
  expect(dolo).toBeDefined();
  // A cart left over from another spec would join the order; none at all is fine (E0044).
  await page.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: {} });
  await buyer.post('/cart/addEntry', { productId: dolo!.productId, sellerUnitCode: AGARWAL, quantity: 4 });
  const { orders } = (await buyer.post('/cart/submit')) as { orders: { orderId: string }[] };

  const seller = await newUser();
  await signIn(seller, DEMO.stockist.mobile);
  const sellerApi = apiOf(seller);
  await sellerApi.post(`/orders/v2/${orders[0]!.orderId}/accept`);
  const invoice = (await sellerApi.post(`/purchases/sales/invoice/from-order/${orders[0]!.orderId}`)) as { invoiceNumber: string; lines: { batchNo: string; quantity: number; freeQuantity: number }[] };
  const batchNo = invoice.lines[0]!.batchNo;
  const units = invoice.lines.filter((l) => l.batchNo === batchNo).reduce((s, l) => s + l.quantity + l.freeQuantity, 0);

  // The bill is waiting, filled in from the invoice.
  await page.goto('/app/purchases/invoices');
  await expect(heading(page, 'Purchase Invoices')).toBeVisible();
  const row = page.getByRole('table', { name: 'Purchase bills' }).getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
  await expect(row).toContainText('Agarwal Pharma Distributors');
  await expect(row).toContainText('To receive');
  await row.getByRole('link', { name: invoice.invoiceNumber }).click();
  await expect(heading(page, 'Purchase Invoice')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bill lines' }).getByRole('row', { name: new RegExp(batchNo) }).first()).toBeVisible();

  // Receive with its own selling price for the batch (a retailer: never "PTR").
  const form = page.getByRole('form', { name: 'Receive bill' });
  const price = form.getByLabel(`Your selling price Dolo 650 Tablet ${batchNo}`);
  await price.fill('31.25');
  await form.getByRole('button', { name: 'Receive into stock' }).click();
  await expect(form).toHaveCount(0);
  // The status badge now says so.
  await expect(page.locator('dd', { hasText: /^Received$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bill lines' }).getByRole('row', { name: new RegExp(batchNo) }).first()).toContainText('₹31.25');

  // Every billed unit of the batch arrived (the API tests check the stock rows); a second Receive is refused.
  await expect(page.getByRole('table', { name: 'Bill lines' }).getByRole('row', { name: new RegExp(batchNo) }).first()).toContainText(String(units));
  const billId = new URL(page.url()).pathname.split('/').pop()!;
  const again = await page.request.post(`${API}/purchases/invoice/${billId}/receive`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { lines: [{ position: 1, receivedQuantity: 1, salePricePaise: 1 }] },
  });
  expect(again.status()).toBe(409);
});
