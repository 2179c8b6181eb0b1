import { readFileSync } from 'node:fs';
import type { ConsignmentDetail } from 'shared-api';
import { DEMO, PHONE, callApi, expect, heading, orderDoloFrom, signIn, test } from './support';

/*
 * Deliveries and pickups (issue 12), across three people and two remotes:
 *   1. the demo retailer (Sharma Medical, Mumbai) orders from Lohar Chawl Medical Agencies (Mumbai), which accepts;
 *   2. Lohar books the online pickup for its season boy Vijay More, downloads the label and sees its barcode;
 *   3. Vijay, on a phone 390 px wide, collects it and starts the trip; the retailer reads the pin in its tracking;
 *      a wrong pin is refused with the tries left, the right one delivers it;
 *   4. the retailer sees the consignment delivered and the notification; Lohar's outward register shows the units.
 * Orders are new per run, so the spec runs again on the same API.
 */

const LOHAR = { unitCode: 'STK-MUM-001', mobile: '9800000201', name: 'Lohar Chawl Medical Agencies' };
const VIJAY = { mobile: '9800000301', name: 'Vijay More' };

test('a seller dispatches an accepted order with a label; the delivery boy on a phone delivers it with the buyer’s pin; the buyer sees it delivered', async ({ page, newUser }) => {
  // Three people in three browsers: about 35 s on a quiet machine, over the default minute on a busy one.
  test.setTimeout(120_000);
  // 1. The retailer orders 2 Dolo 650 from Lohar; Lohar accepts (those screens have their own specs).
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const order = await orderDoloFrom(retailer, LOHAR.unitCode, 2);
  await signIn(page, LOHAR.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);

  // 2. Online Pickups: the accepted order is ready to dispatch; booked for Vijay with his vehicle.
  await page.goto('/app/orders/online-pickups');
  await expect(heading(page, 'Online Pickups')).toBeVisible();
  await page.getByRole('button', { name: `Book pickup for ${order.orderNumber}` }).click();
  const booking = page.getByRole('form', { name: 'Book pickup' });
  await booking.getByLabel('Packages').fill('1');
  await booking.getByLabel('Weight (kg)').fill('1.5');
  // His label counts what he already has on hand (the demo's other consignments).
  const boys = booking.getByLabel('Delivery boy (optional)');
  await boys.selectOption((await boys.locator('option', { hasText: `${VIJAY.name} · season boy` }).getAttribute('value'))!);
  await expect(booking.getByLabel('Vehicle number')).toHaveValue('MH01AB1234');
  await booking.getByRole('button', { name: 'Book pickup' }).click();
  await expect(heading(page, 'Barcode Details')).toBeVisible();
  const barcodeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(barcodeId).toMatch(/^MB\d{10}$/);
  await expect(page.getByText('Assigned', { exact: true }).first()).toBeVisible();

  // The label: shown on the page (SVG) and downloaded as the thermal printer's PDF.
  await expect(page.getByRole('img', { name: `Label ${barcodeId}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`Label ${barcodeId}.pdf`);
  expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // 3. Vijay on his phone: My Deliveries lists it; he collects it and starts the trip.
  const vijay = await newUser(PHONE);
  await signIn(vijay, VIJAY.mobile);
  await vijay.goto('/app/orders/my-deliveries');
  await expect(heading(vijay, 'My Deliveries')).toBeVisible();
  const card = vijay.getByRole('region', { name: `Consignment ${barcodeId}` });
  await expect(card).toContainText(LOHAR.name);
  await card.getByRole('button', { name: 'Collect' }).click();
  await expect(card.getByText('Collected', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Start trip' }).click();
  await expect(card.getByText('In transit', { exact: true })).toBeVisible();
  // His card fits the phone's width (the shell's header is issue 17's to fold up).
  const fits = await card.boundingBox();
  expect(fits!.x + fits!.width).toBeLessThanOrEqual(390);

  // The retailer reads the pin where it tracks the delivery.
  await retailer.goto(`/app/delivery-tracking?barcode=${barcodeId}`);
  await expect(heading(retailer, 'Delivery Tracking')).toBeVisible();
  const pin = (await retailer.getByLabel('Delivery pin').textContent())!.trim();
  expect(pin).toMatch(/^\d{4}$/);

  // A wrong pin is refused with the tries left; the right one delivers.
  await card.getByRole('button', { name: 'Deliver' }).click();
  const deliver = vijay.getByRole('form', { name: `Deliver ${barcodeId}` });
  await deliver.getByLabel("Receiver's pin").fill(pin === '0000' ? '1111' : '0000');
  await deliver.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(deliver).toContainText('4 tries left');
  await deliver.getByLabel("Receiver's pin").fill(pin);
  await deliver.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(vijay.getByText('Finished today')).toBeVisible();
  await expect(vijay.getByRole('region', { name: `Consignment ${barcodeId}` })).toHaveCount(0);

  // 4. The retailer sees it delivered, and the notification of it.
  await retailer.goto(`/app/orders/orders-overview/${barcodeId}`);
  await expect(retailer.getByText('Delivered', { exact: true }).first()).toBeVisible();
  const seen = await callApi<ConsignmentDetail>(retailer, 'GET', `/delivery/service/order/${barcodeId}`);
  expect(seen.status).toBe('DELIVERED');
  expect(seen.timeline.map((e) => e.status)).toEqual(['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED']);
  await retailer.goto('/app/notifications');
  await expect(retailer.getByText(`Consignment ${barcodeId} delivered`)).toBeVisible();

  // Lohar's outward register holds the 2 units that left for the order.
  await page.goto('/app/orders/outward-stock-registry');
  await expect(heading(page, 'Outward Stock Registry')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${order.orderNumber}.*Dolo 650`) })).toBeVisible();
});
