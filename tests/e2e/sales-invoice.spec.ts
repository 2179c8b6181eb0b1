import { type Page } from '@playwright/test';
import { API, DEMO, expect, heading, pdfOf, signIn, test, tokenOf } from './support';

/*
 * The seller's side of a marketplace sale: the demo retailer orders Dolo 650 from Agarwal Pharma (the demo stockist,
 * which has a GSTIN); Agarwal accepts it, creates its tax invoice with one click, finds it under Online Sales, opens
 * it and downloads the PDF (fetched with the session's token). The buyer then sees the invoice on its purchase order.
 * A new order per run, so the spec also runs again on the same API.
 */

const AGARWAL = 'STK-PUN-001';

/** One order to Agarwal through the API (the cart screens have their own spec): its id and number. */
async function orderFromAgarwal(buyer: Page): Promise<{ orderId: string; orderNumber: string }> {
  const headers = { authorization: `Bearer ${await tokenOf(buyer)}` };
  const post = async (path: string, data: object = {}) => {
    const res = await buyer.request.post(`${API}${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).body;
  };
  const { products } = (await post('/search/v3/global', { query: 'dolo 650' })) as { products: { productId: string; name: string }[] };
  const dolo = products.find((p) => p.name === 'Dolo 650 Tablet');
  expect(dolo).toBeDefined();
  // Start from an empty cart (other specs share the API); an empty cart answers "cart not found".
  const emptied = await buyer.request.post(`${API}/cart/deleteCart`, { headers, data: {} });
  expect(emptied.ok() || (await emptied.json()).code === 'E0044').toBeTruthy();
  await post('/cart/addEntry', { productId: dolo!.productId, sellerUnitCode: AGARWAL, quantity: 4 });
  const { orders } = (await post('/cart/submit')) as { orders: { orderId: string; orderNumber: string }[] };
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

test('a stockist accepts an order, creates its tax invoice, finds it in Online Sales and downloads the PDF; the buyer sees it', async ({ page, newUser }) => {
  const buyer = await newUser();
  await signIn(buyer, DEMO.retailer.mobile);
  const { orderId, orderNumber } = await orderFromAgarwal(buyer);

  // The stockist accepts the order; only then is there an invoice to create.
  await signIn(page, DEMO.stockist.mobile);
  await page.goto('/app/orders/online-orders');
  await page.getByRole('table', { name: 'Online orders' }).getByRole('row', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create tax invoice' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

  // One click: the invoice is issued, numbered and linked from the order.
  const card = page.getByRole('region', { name: 'Tax invoice' });
  await card.getByRole('button', { name: 'Create tax invoice' }).click();
  const link = card.getByRole('link', { name: /^Invoice INV\/\d{2}-\d{2}\/\d{6}$/ });
  await expect(link).toBeVisible();
  const invoiceNumber = (await link.innerText()).replace(/^Invoice /, '');
  await expect(card.getByRole('button', { name: 'Create tax invoice' })).toHaveCount(0);

  // Its PDF from the order page: a real PDF naming the invoice and the order.
  const [fromOrder] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download PDF' }).click()]);
  const a4 = await pdfOf(fromOrder);
  expect(a4.name).toBe(`${invoiceNumber.replace(/\//g, '-')}-A4.pdf`);
  expect(a4.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(a4.bytes.length).toBeGreaterThan(1000);
  expect(a4.text).toContain(invoiceNumber);
  expect(a4.text).toContain(orderNumber);
  expect(a4.text).toContain('TAX INVOICE');

  // Online Sales (mf-accounting) lists it, newest first; its number opens the invoice.
  await page.goto('/app/sales/online');
  await expect(heading(page, 'Online Sales')).toBeVisible();
  const row = page.getByRole('table', { name: 'Sales invoices' }).getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText('Sharma Medical Stores (RTL-MUM-001)');
  await expect(row).toContainText(orderNumber);
  await row.getByRole('link', { name: invoiceNumber }).click();
  await expect(page.getByText(`Tax Invoice ${invoiceNumber}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Supplier' })).toContainText('Agarwal Pharma Distributors (STK-PUN-001)');
  await expect(page.getByRole('region', { name: 'Bill to' })).toContainText('Sharma Medical Stores (RTL-MUM-001)');
  await expect(page.getByRole('table', { name: 'Invoice lines' }).getByRole('row', { name: /Dolo 650 Tablet/ }).first()).toBeVisible();
  await expect(page.getByLabel('Invoice totals')).toContainText(/Rupees .* Only/);

  // The half-page print from the detail.
  const [fromDetail] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${invoiceNumber} as PDF A5` }).click()]);
  const a5 = await pdfOf(fromDetail);
  expect(a5.name).toBe(`${invoiceNumber.replace(/\//g, '-')}-A5.pdf`);
  expect(a5.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(a5.text).toContain(invoiceNumber);

  // The buyer's purchase order links to the same invoice.
  await buyer.goto(`/app/purchases/orders/${orderId}`);
  await expect(buyer.getByText(`Order ${orderNumber}`)).toBeVisible();
  await expect(buyer.getByRole('link', { name: invoiceNumber })).toHaveAttribute('href', new RegExp(`/sales/report/details/invoice\\?id=`));
});
