import { DELIVERY_PATHS, EINVOICE_PATHS, type ComplianceSettings, type ConsignmentDetail, type DeliveryBoy, type Market } from 'shared-api';
import { API, DEMO, PHONE, callApi, expect, heading, openNavLink, orderDoloFrom, pdfOf, signIn, test, tokenOf } from './support';

/*
 * E-way bills on consignments (issue 34), across two people and two devices:
 *   A. Lohar Chawl Medical Agencies (Mumbai) books an offline pickup through its screen, declaring goods worth
 *      ₹1,50,000 (above Maharashtra's ₹1,00,000 for moves inside the state, migration 045), for its season boy Vijay
 *      More; Vijay on a phone collects it and cannot start the trip (his card says why, the server answers E0023);
 *      Lohar generates the e-way bill on the consignment page (its number in groups of four, its validity, and on the
 *      label PDF); Vijay reloads, sees the number on his card and starts the trip.
 *   A'. Goods worth ₹50,000 (within the limit) start without one.
 *   B. Lohar, with e-invoicing on, accepts the demo retailer's order and creates its tax invoice from the order page:
 *      the portal (the local IRP) registers it at once; the invoice page shows the IRN and its acknowledgement, the PDF
 *      prints the IRN and is no draft, Sales → E-invoices lists it as registered, and the buyer's copy shows the same
 *      IRN, read only.
 * Bookings and their document numbers are new per run, so the spec runs again on the same API.
 */

/** Has e-invoicing on in the demo seed (issue 34), and connects to the demo retailer and to Vijay. */
const LOHAR = { unitCode: 'STK-MUM-001', mobile: '9800000201', name: 'Lohar Chawl Medical Agencies' };
const VIJAY = { mobile: '9800000301', name: 'Vijay More', vehicle: 'MH01AB1234' };
/** The party it goes to: Girgaon, in the Mumbai market like Lohar's warehouse (same state: Maharashtra's own limit). */
const PARTY = { name: 'Girgaon Nursing Home', mobile: '9820011223', address: '88, Jagannath Shankarseth Road, Girgaon', landmark: 'Opp. Girgaon Chowpatty', pincode: '400004' };
/** Proprietary medicaments (HSN 3004 90). */
const HSN = '300490';
/** The Start trip refusal the card shows before the API's E0023 (mf-orders EwayBillForms.tsx TRIP_NEEDS_EWB). */
const TRIP_NEEDS_EWB = 'E-way bill needed before the trip: ask the sender to generate it';

/** A document number no earlier run used (the portal refuses a second e-way bill on the same document). */
const documentNumber = (tag: string) => `${tag}${Date.now().toString(36).toUpperCase()}`;
/** Today in India, as the booking's pickup date. */
const todayIst = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** The portal's 12 digits as people read them: "3310 0987 6543". */
const grouped = (ewbNumber: string) => ewbNumber.replace(/(\d{4})(?=\d)/g, '$1 ');

test('goods above the state limit wait for the e-way bill: the delivery boy cannot start until the sender generates it, then sees it and starts', async ({ page, newUser }) => {
  // Two people in two browsers and a PDF: over the default minute on a busy machine.
  test.setTimeout(120_000);
  const invoiceNumber = documentNumber('E2E/');

  // 1. Lohar books the offline pickup through its screen, with the goods from its own invoice, for Vijay.
  await signIn(page, LOHAR.mobile);
  await page.goto('/app/orders/offline-pickups');
  await expect(heading(page, 'Offline Pickups')).toBeVisible();
  await page.getByRole('link', { name: 'Book offline pickup' }).click();
  await expect(heading(page, 'Add Offline Pickup')).toBeVisible();
  const form = page.getByRole('form', { name: 'Offline pickup' });
  await expect(form.getByLabel('What should the delivery boy do?')).toHaveValue('SEND');
  await form.getByLabel('Send to (name)').fill(PARTY.name);
  await form.getByLabel('Their mobile number').fill(PARTY.mobile);
  await form.getByLabel('Address').fill(PARTY.address);
  await form.getByLabel('Landmark').fill(PARTY.landmark);
  await form.getByLabel('Pincode').fill(PARTY.pincode);
  // The whole pincode picks its market.
  await expect(form.getByRole('combobox', { name: 'Market' }).locator('option:checked')).toHaveText(/^Mumbai/);
  await form.getByLabel('Packages').fill('4');
  await form.getByLabel('Weight (kg)').fill('22.5');
  const goods = form.getByRole('group', { name: 'Goods (for the e-way bill)' });
  await goods.getByRole('checkbox', { name: 'Declare the goods from your invoice or challan' }).check();
  await expect(goods.getByRole('combobox', { name: 'Document type' })).toHaveValue('INV');
  await goods.getByRole('textbox', { name: 'Document number' }).fill(invoiceNumber);
  await goods.getByRole('textbox', { name: 'Value (₹)' }).fill('1,50,000');
  await goods.getByRole('textbox', { name: 'HSN' }).fill(HSN);
  const boys = form.getByLabel('Delivery boy (optional)');
  await boys.selectOption((await boys.locator('option', { hasText: `${VIJAY.name} · season boy` }).getAttribute('value'))!);
  await expect(form.getByLabel('Vehicle number')).toHaveValue(VIJAY.vehicle);
  await form.getByRole('button', { name: 'Book pickup' }).click();

  // Its page: the e-way bill card says it is needed, by which rule, and holds the form to generate it.
  await expect(heading(page, 'Barcode Details')).toBeVisible();
  const barcodeId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(barcodeId).toMatch(/^MB\d{10}$/);
  const ewbCard = page.getByRole('region', { name: 'E-way bill' });
  await expect(ewbCard).toContainText(/Needed before the trip: the goods are worth ₹1,50,000\.00, above the ₹1,00,000\.00 limit\./);
  await expect(ewbCard).toContainText('Maharashtra: moves inside the state above ₹1,00,000 need one');
  await expect(ewbCard.getByRole('form', { name: 'Generate e-way bill' })).toBeVisible();

  // 2. Vijay on his phone collects it; Start trip stays disabled with the reason, and the server refuses it too.
  const vijay = await newUser(PHONE);
  await signIn(vijay, VIJAY.mobile);
  await vijay.goto('/app/orders/my-deliveries');
  await expect(heading(vijay, 'My Deliveries')).toBeVisible();
  const card = vijay.getByRole('region', { name: `Consignment ${barcodeId}` });
  await expect(card).toContainText(PARTY.name);
  await card.getByRole('button', { name: 'Collect' }).click();
  await expect(card.getByText('Collected', { exact: true })).toBeVisible();
  const startTrip = card.getByRole('button', { name: 'Start trip' });
  await expect(startTrip).toBeDisabled();
  await expect(startTrip).toHaveAccessibleDescription(TRIP_NEEDS_EWB);
  await expect(card.getByRole('note')).toHaveText(TRIP_NEEDS_EWB);
  const { id: consignmentId } = await callApi<ConsignmentDetail>(vijay, 'GET', DELIVERY_PATHS.consignment(barcodeId));
  const refused = await vijay.request.post(`${API}${DELIVERY_PATHS.status(consignmentId)}`, { headers: { authorization: `Bearer ${await tokenOf(vijay)}` }, data: { status: 'IN_TRANSIT' } });
  expect(refused.status()).toBe(409);
  const refusal = (await refused.json()) as { code: string; message: string };
  expect(refusal.code).toBe('E0023');
  expect(refusal.message).toContain('Maharashtra');

  // 3. Lohar generates it on the consignment page: Part A from its invoice, Part B from Vijay's vehicle.
  await page.reload();
  await expect(page.getByText('Collected', { exact: true }).first()).toBeVisible();
  const generate = ewbCard.getByRole('form', { name: 'Generate e-way bill' });
  await expect(generate.getByLabel('Distance (km)')).toHaveValue(/^[1-9]\d*$/);
  await expect(generate).toContainText(`Part B: vehicle ${VIJAY.vehicle}`);
  await generate.getByRole('button', { name: 'Generate e-way bill' }).click();
  await expect(ewbCard.getByText('Active', { exact: true })).toBeVisible();
  const { ewayBill } = await callApi<ConsignmentDetail>(page, 'GET', DELIVERY_PATHS.consignment(barcodeId));
  expect(ewayBill).toMatchObject({ status: 'ACTIVE', partB: { vehicleNumber: VIJAY.vehicle, mode: 'ROAD' } });
  expect(ewayBill!.ewbNumber).toMatch(/^\d{12}$/);
  expect(ewayBill!.validUntil).not.toBeNull();
  expect(ewayBill!.partA.documents).toEqual([expect.objectContaining({ type: 'INV', number: invoiceNumber, valuePaise: 15_000_000 })]);
  const ewbNumber = ewayBill!.ewbNumber;
  // The number in groups of four, and its validity (the vehicle is on it, so it runs from now).
  await expect(ewbCard.locator('dt:text-is("EWB number") + dd')).toHaveText(grouped(ewbNumber));
  await expect(ewbCard.locator('dt:text-is("Valid until") + dd')).toHaveText(/\d/);
  await expect(ewbCard.getByRole('form', { name: 'Generate e-way bill' })).toHaveCount(0);

  // The label the parcel travels with names it (and the bulk JSON for the portal is offered beside it).
  await expect(ewbCard.getByRole('button', { name: 'Download JSON for the portal' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Label' }).getByRole('button', { name: 'Download PDF' }).click()]);
  const label = await pdfOf(download);
  expect(label.name).toBe(`Label ${barcodeId}.pdf`);
  expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(label.text).toMatch(new RegExp(`E-way bill\\s+${ewbNumber}`));
  expect(label.text).toMatch(/Valid until\s+\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

  // 4. Vijay reloads: his card shows the e-way bill and the trip starts.
  await vijay.reload();
  await expect(card).toContainText(`E-way bill ${grouped(ewbNumber)} · valid until`);
  // The number and its validity still fit the phone's width.
  const fits = await card.boundingBox();
  expect(fits!.x + fits!.width).toBeLessThanOrEqual(PHONE.viewport!.width);
  await expect(card.getByRole('note')).toHaveCount(0);
  await expect(startTrip).toBeEnabled();
  await startTrip.click();
  await expect(card.getByText('In transit', { exact: true })).toBeVisible();
  const moving = await callApi<ConsignmentDetail>(vijay, 'GET', DELIVERY_PATHS.consignment(barcodeId));
  expect(moving.status).toBe('IN_TRANSIT');
  // Once the goods have moved under it, it can no longer be cancelled.
  expect((await callApi<ConsignmentDetail>(page, 'GET', DELIVERY_PATHS.consignment(barcodeId))).actions).not.toContain('CANCEL_EWB');
});

test('goods within the state limit start without an e-way bill', async ({ page, newUser }) => {
  // Booked through the API (test A covers the screen): the same goods, worth ₹50,000.
  await signIn(page, LOHAR.mobile);
  const markets = await callApi<Market[]>(page, 'GET', DELIVERY_PATHS.markets);
  const mumbai = markets.find((m) => m.pincodePrefixes.some((p) => PARTY.pincode.startsWith(p)))!;
  const boys = await callApi<DeliveryBoy[]>(page, 'GET', DELIVERY_PATHS.deliveryBoys);
  const boy = boys.find((b) => b.name === VIJAY.name)!;
  const booked = await callApi<ConsignmentDetail>(page, 'POST', DELIVERY_PATHS.createOffline, {
    direction: 'SEND',
    partyName: PARTY.name,
    mobile: PARTY.mobile,
    addressLine: PARTY.address,
    landmark: PARTY.landmark,
    pincode: PARTY.pincode,
    marketId: mumbai.id,
    pickupDate: todayIst(),
    packages: 1,
    weightKg: 3,
    assignment: { deliveryBoyUserId: boy.userId, vehicleNumber: VIJAY.vehicle },
    goods: { documentType: 'INV', documentNumber: documentNumber('E2E-S/'), documentDate: todayIst(), valuePaise: 5_000_000, hsn: HSN },
  });
  expect(booked.ewayBillRequirement).toMatchObject({ needed: false, valuePaise: 5_000_000, thresholdPaise: 10_000_000 });
  expect(booked.ewayBill).toBeNull();

  // The page says it is not needed, and offers it all the same behind a button.
  await page.goto(`/app/orders/orders-overview/${booked.barcodeId}`);
  const ewbCard = page.getByRole('region', { name: 'E-way bill' });
  await expect(ewbCard).toContainText(/Not needed: the goods are worth ₹50,000\.00, within the ₹1,00,000\.00 limit\./);
  await expect(ewbCard.getByRole('button', { name: 'Generate e-way bill' })).toBeVisible();
  await expect(ewbCard.getByRole('form', { name: 'Generate e-way bill' })).toHaveCount(0);

  const vijay = await newUser(PHONE);
  await signIn(vijay, VIJAY.mobile);
  await vijay.goto('/app/orders/my-deliveries');
  const card = vijay.getByRole('region', { name: `Consignment ${booked.barcodeId}` });
  await card.getByRole('button', { name: 'Collect' }).click();
  await expect(card.getByText('Collected', { exact: true })).toBeVisible();
  await expect(card.getByRole('note')).toHaveCount(0);
  await card.getByRole('button', { name: 'Start trip' }).click();
  await expect(card.getByText('In transit', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('E-way bill');
});


test('a seller with e-invoicing on creates a tax invoice: the portal registers it, the PDF prints its IRN, Sales → E-invoices lists it', async ({ page, newUser }) => {
  // Two people in two browsers and a PDF: over the default minute on a busy machine.
  test.setTimeout(120_000);
  const buyer = await newUser();
  await signIn(buyer, DEMO.retailer.mobile);
  const { orderId, orderNumber } = await orderDoloFrom(buyer, LOHAR.unitCode, 3);

  // The seller's documents go to the portal (the local test adapter outside production).
  await signIn(page, LOHAR.mobile);
  expect(await callApi<ComplianceSettings>(page, 'GET', EINVOICE_PATHS.settings)).toMatchObject({ eInvoicing: true, irpProvider: 'LOCAL' });
  // Accepting has its own spec (sales-invoice.spec.ts); the invoice is created from the order page.
  await callApi(page, 'POST', `/orders/v2/${orderId}/accept`);
  await page.goto('/app/orders/online-orders');
  await page.getByRole('table', { name: 'Online orders' }).getByRole('row', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText(`Order ${orderNumber}`)).toBeVisible();
  const card = page.getByRole('region', { name: 'Tax invoice' });
  await card.getByRole('button', { name: 'Create tax invoice' }).click();
  const link = card.getByRole('link', { name: /^Invoice INV\/\d{2}-\d{2}\/\d{6}$/ });
  await expect(link).toBeVisible();
  const invoiceNumber = (await link.innerText()).replace(/^Invoice /, '');

  // The invoice page: registered, with the IRN (the portal's SHA-256, 64 hex characters) and its acknowledgement.
  await link.click();
  await expect(page.getByText(`Tax Invoice ${invoiceNumber}`)).toBeVisible();
  const panel = page.getByRole('region', { name: 'E-invoice' });
  await expect(panel.getByText('IRN registered', { exact: true })).toBeVisible();
  const irn = (await panel.locator('dt:text-is("IRN") + dd').innerText()).trim();
  expect(irn).toMatch(/^[0-9a-f]{64}$/);
  const ackNo = (await panel.locator('dt:text-is("Ack No") + dd').innerText()).trim();
  expect(ackNo).toMatch(/^\d{15}$/);
  await expect(panel).toContainText('The signed QR code is printed on the PDF.');
  // Within the portal's 24 hours the seller may still cancel the IRN.
  await expect(panel.getByRole('button', { name: 'Cancel IRN' })).toBeVisible();

  // Its PDF is final: the IRN printed, no draft mark.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${invoiceNumber} as PDF A5` }).click()]);
  const pdf = await pdfOf(download);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.text).toContain(invoiceNumber);
  expect(pdf.text).toMatch(new RegExp(`IRN:\\s+${irn}\\s+Ack No\\.:\\s+${ackNo}`));
  expect(pdf.text).toContain('TAX INVOICE');
  expect(pdf.text).not.toMatch(/DRAFT/i);

  // Sales → E-invoices lists it as registered, under All and under its own tab.
  await openNavLink(page, 'Sales', 'E-invoices');
  await expect(heading(page, 'E-invoices')).toBeVisible();
  const row = () => page.getByRole('table', { name: 'E-invoices' }).getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row()).toContainText('IRN registered');
  await expect(row()).toContainText(irn);
  await expect(row()).toContainText('Sharma Medical Stores');
  await page.getByRole('tab', { name: /^IRN registered/ }).click();
  await expect(row()).toContainText('IRN registered');
  await row().getByRole('link', { name: invoiceNumber }).click();
  await expect(page.getByText(`Tax Invoice ${invoiceNumber}`)).toBeVisible();

  // The buyer's copy, from its purchase order: the same IRN, read only.
  await buyer.goto(`/app/purchases/orders/${orderId}`);
  await buyer.getByRole('link', { name: invoiceNumber }).click();
  await expect(buyer.getByText(`Tax Invoice ${invoiceNumber}`)).toBeVisible();
  const copy = buyer.getByRole('region', { name: 'E-invoice' });
  await expect(copy.getByText('IRN registered', { exact: true })).toBeVisible();
  await expect(copy.locator('dt:text-is("IRN") + dd')).toHaveText(irn);
  await expect(copy.getByRole('button')).toHaveCount(0);
});
