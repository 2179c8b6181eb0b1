import type { ConsignmentDetail } from 'shared-api';
import { API, DEMO, callApi, expect, heading, signIn, test, tokenOf } from './support';

/*
 * Issue 39, item 2: an outstation order, Agarwal Pharma (Pune) → Sharma Medical Stores (Mumbai), that no delivery boy
 * may carry:
 *   1. the retailer is warned in the cart that Agarwal cannot deliver by Medico delivery, and orders anyway;
 *   2. Agarwal accepts and dispatches it by a courier from Online Pickups (transporter, LR/docket, vehicle, freight);
 *   3. the retailer's order page and Delivery Tracking show the carrier, docket and status;
 *   4. Agarwal uploads the courier's proof of delivery (a PDF) and marks it delivered; the retailer sees it delivered.
 * Orders and dockets are new per run, so the spec runs again on the same API.
 */

const AGARWAL = { unitCode: 'STK-PUN-001', name: 'Agarwal Pharma Distributors' };
const WARNING = `${AGARWAL.name} (Pune) cannot deliver to you by Medico delivery: they will dispatch by courier or transport`;
const POD = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('an outstation order is warned at the cart, dispatched by courier, tracked on both sides and delivered with a proof of delivery', async ({ page, newUser }) => {
  // Two people in two browsers: well within a minute on a quiet machine, more on a busy one.
  test.setTimeout(120_000);
  const docket = `LR-${Date.now().toString().slice(-8)}`;

  // 1. The retailer puts Dolo 650 from Agarwal in an empty cart: the cart warns, per seller.
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const { products } = await callApi<{ products: { productId: string; name: string }[] }>(retailer, 'POST', '/search/v3/global', { query: 'dolo 650' });
  const dolo = products.find((p) => p.name === 'Dolo 650 Tablet')!;
  // An empty cart answers "cart not found" (E0044): nothing to empty.
  const emptied = await retailer.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(retailer)}` }, data: {} });
  expect(emptied.ok() || (await emptied.json()).code === 'E0044').toBeTruthy();
  await callApi(retailer, 'POST', '/cart/addEntry', { productId: dolo.productId, sellerUnitCode: AGARWAL.unitCode, quantity: 2 });
  await retailer.goto('/app/cart');
  await expect(retailer.getByRole('table', { name: `Items from ${AGARWAL.name}` })).toBeVisible();
  await expect(retailer.getByRole('note')).toHaveText(WARNING);
  const { orders } = await callApi<{ orders: { orderId: string; orderNumber: string; counterpartyUnitCode: string }[] }>(retailer, 'POST', '/cart/submit', {});
  const order = orders.find((o) => o.counterpartyUnitCode === AGARWAL.unitCode)!;

  // 2. Agarwal accepts; Online Pickups says it is outstation and offers transport.
  await signIn(page, DEMO.stockist.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);
  await page.goto('/app/orders/online-pickups');
  await expect(heading(page, 'Online Pickups')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
  await expect(row).toContainText('dispatch it by transport or courier');
  await expect(row.getByRole('button', { name: `Book pickup for ${order.orderNumber}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Dispatch by transport: ${order.orderNumber}` }).click();
  const form = page.getByRole('form', { name: 'Dispatch by transport' });
  await form.getByLabel('Transporter or courier').fill('VRL Logistics');
  await form.getByLabel('LR / docket number').fill(docket);
  await form.getByLabel('Vehicle number (optional)').fill('MH12AB4321');
  await form.getByLabel('Freight ₹ (optional)').fill('450');
  await form.getByLabel('Packages').fill('1');
  await form.getByLabel('Weight (kg)').fill('2');
  await form.getByRole('button', { name: 'Dispatch' }).click();
  await expect(heading(page, 'Barcode Details')).toBeVisible();
  const barcodeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(barcodeId).toMatch(/^MB\d{10}$/);
  await expect(page.getByText('In transit', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('VRL Logistics', { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${docket} of `))).toBeVisible();
  await expect(page.getByText('₹450.00')).toBeVisible();

  // 3. The retailer: its order page and Delivery Tracking show the carrier, the docket and the status.
  await retailer.goto(`/app/purchases/orders/${order.orderId}`);
  await expect(retailer.getByRole('link', { name: barcodeId })).toBeVisible();
  await expect(retailer.getByText(`${barcodeId} · In transit`)).toBeVisible();
  await expect(retailer.getByText('VRL Logistics', { exact: true })).toBeVisible();
  await expect(retailer.getByText(new RegExp(`^${docket} of .* · freight ₹450.00$`))).toBeVisible();
  await retailer.goto(`/app/delivery-tracking?barcode=${barcodeId}`);
  await expect(heading(retailer, 'Delivery Tracking')).toBeVisible();
  const card = retailer.getByRole('region', { name: `Consignment ${barcodeId}` });
  await expect(card).toContainText('VRL Logistics');
  await expect(card).toContainText(docket);

  // 4. Agarwal marks it delivered only with the proof of delivery: the courier's PDF, then Mark delivered.
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('alert')).toContainText('Upload the proof of delivery from VRL Logistics first');
  await page.getByLabel('Upload proof of delivery').setInputFiles({ name: 'pod.pdf', mimeType: 'application/pdf', buffer: POD });
  await expect(page.getByText(/^Proof of delivery · /)).toBeVisible();
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);

  // The retailer sees it delivered on its order page, with the seller's proof.
  await retailer.goto(`/app/purchases/orders/${order.orderId}`);
  await expect(retailer.getByText(`${barcodeId} · Delivered`)).toBeVisible();
  const seen = await callApi<ConsignmentDetail>(retailer, 'GET', `/delivery/service/order/${barcodeId}`);
  expect(seen).toMatchObject({ status: 'DELIVERED', carrier: 'TRANSPORT', transport: { transporterName: 'VRL Logistics', docketNumber: docket, freightPaise: 45_000 } });
  expect(seen.proof.map((p) => [p.kind, p.mimeType])).toEqual([['POD', 'application/pdf']]);
});
