import jsQR from 'jsqr';
import { type Page } from '@playwright/test';
import { upiPayLink, type PartyDueDetail, type PartyDues, type UpiAccount } from 'shared-api';
import { API, DEMO, callApi, expect, heading, orderDoloFrom, signIn, test, tokenOf } from './support';

/*
 * UPI payments (issue 15), across three remotes:
 *   1. the demo stockist (Agarwal Pharma) invoices an order of the demo retailer and asks for payment from the
 *      invoice's page (mf-accounting) — a payment request with a dynamic QR;
 *   2. the retailer finds the request under Make Payments (mf-payments), pays it from a phone and records the UTR;
 *   3. the stockist confirms the payment (a buyer's UTR is a claim, issue 39), sees it allocated to the invoice in
 *      Receive Payments, and the retailer's balance in its ledger is lower by the invoice's amount;
 *   4. the UPI accounts page shows a QR that decodes to the account's upi://pay link.
 * Orders and UTRs are new per run, so the spec runs again on the same API.
 */

const AGARWAL = 'STK-PUN-001';
/** The demo retailer's unit (Sharma Medical, Mumbai). */
const RETAILER_UNIT = 'RTL-MUM-001';
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A 12-digit UTR no other run has used. */
const freshUtr = () => `7${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** The pixels of a shown <img> (the API's PNG, drawn at its own size), decoded as a QR code. */
async function decodeQr(page: Page, altText: string): Promise<string | null> {
  const img = page.getByRole('img', { name: altText });
  await expect(img).toBeVisible();
  // A canvas, not a fetch of the object URL: the portal's Content-Security-Policy allows no blob: connections.
  const { width, height, pixels } = await img.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    return { width: canvas.width, height: canvas.height, pixels: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  return jsQR(new Uint8ClampedArray(pixels), width, height)?.data ?? null;
}

test('a retailer pays an invoice through a payment request; the stockist sees it allocated and the balance drop', async ({ page, newUser }) => {
  // The retailer orders Dolo 650 from Agarwal; Agarwal accepts and invoices it (their screens have their own specs).
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const order = await orderDoloFrom(retailer, AGARWAL, 3);
  await signIn(page, DEMO.stockist.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);
  const invoice = await callApi<{ invoiceId: string; invoiceNumber: string; totals: { totalPaise: number } }>(page, 'POST', `/purchases/sales/invoice/from-order/${order.orderId}`);

  const debtors = await callApi<PartyDues>(page, 'GET', '/payments/upi/receive-payments');
  const party = debtors.parties.find((p) => p.partyUnitCode === RETAILER_UNIT)!;
  const before = await callApi<PartyDueDetail>(page, 'GET', `/payments/upi/receive-payments/${party.accountId}`);
  expect(before.documents.map((d) => d.documentNumber)).toContain(invoice.invoiceNumber);

  // 1. From the invoice's page: a payment request for it, opened in Receive Payments with its QR.
  await page.goto(`/app/sales/report/details/invoice?id=${invoice.invoiceId}`);
  await page.getByRole('button', { name: 'Request payment' }).click();
  await expect(heading(page, 'Receive Payments')).toBeVisible();
  const sent = page.getByRole('region', { name: /^Payment request / });
  await expect(sent).toContainText(invoice.invoiceNumber);
  await expect(sent).toContainText(rupees(invoice.totals.totalPaise));
  const reference = (await sent.getAttribute('aria-label'))!.replace('Payment request ', '');
  expect(await decodeQr(page, `UPI QR code for ${reference}`)).toContain(`tr=${reference}`);

  // 2. The retailer pays it from a phone and records the UTR against the request.
  const utr = freshUtr();
  await retailer.goto('/app/payments/upi/make');
  await expect(heading(retailer, 'Make Payments')).toBeVisible();
  await retailer.getByRole('tab', { name: 'Requests to pay' }).click();
  await retailer.getByRole('link', { name: reference }).click();
  const toPay = retailer.getByRole('region', { name: `Payment request ${reference}` });
  const form = toPay.getByRole('form', { name: 'Pay request' });
  await form.getByLabel('UTR').fill(utr);
  await expect(form.getByLabel('Amount')).toHaveValue(/\d/);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toPay.getByRole('table', { name: 'Payments' })).toContainText(utr);

  // The buyer's word is a claim (issue 39): the stockist confirms it under Receive Payments, To confirm.
  await page.goto('/app/payments/upi/receive?tab=claims');
  await page.getByRole('table', { name: 'Payments to confirm' }).getByRole('row').filter({ hasText: utr }).getByRole('button', { name: /^Confirm / }).click();
  await expect(page.getByRole('table', { name: 'Payments to confirm' }).getByRole('row').filter({ hasText: utr })).toHaveCount(0);

  // The same UTR a second time is refused: a payment is recorded once (the creditor is on the buyer's books now).
  const again = await retailer.request.post(`${API}/payments/upi/submit`, {
    headers: { authorization: `Bearer ${await tokenOf(retailer)}` },
    data: { direction: 'PAID', partyAccountId: (await callApi<PartyDues>(retailer, 'GET', '/payments/upi/make-payments')).parties.find((p) => p.partyUnitCode === AGARWAL)!.accountId, method: 'UPI', utr, amountPaise: 100, paidOn: new Date().toISOString().slice(0, 10) },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('E0009');

  // 3. The stockist: the payment is allocated to the invoice, which is no longer open, and the balance is lower.
  await page.goto(`/app/payments/upi/receive?party=${party.accountId}`);
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText(utr);
  await expect(page.getByRole('table', { name: 'Open invoices' })).not.toContainText(invoice.invoiceNumber);
  const after = await callApi<PartyDueDetail>(page, 'GET', `/payments/upi/receive-payments/${party.accountId}`);
  expect(after.outstandingPaise).toBe(before.outstandingPaise - invoice.totals.totalPaise);
  const receipt = after.payments.find((p) => p.utr === utr)!;
  expect(receipt).toMatchObject({ direction: 'RECEIVED', amountPaise: invoice.totals.totalPaise, status: 'APPLIED' });
  // The party's ledger shows the receipt voucher, credited with the invoice's amount.
  await page.goto(`/app/ledgers?accountId=${party.accountId}`);
  await expect(page.getByRole('table', { name: 'Ledger' }).getByRole('row').filter({ hasText: receipt.number! }).first()).toContainText(rupees(invoice.totals.totalPaise));
});

test('the UPI accounts page shows a QR code that decodes to the account’s upi://pay link', async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);
  const accounts = await callApi<UpiAccount[]>(page, 'GET', '/payments/upi/qr/all');
  const main = accounts.find((a) => a.isDefault)!;
  await page.goto('/app/payments/upi/accounts');
  await expect(heading(page, 'UPI Accounts')).toBeVisible();
  const link = await decodeQr(page, `UPI QR code for ${main.vpa}`);
  expect(link).toBe(main.upiLink);
  expect(link).toBe(upiPayLink({ pa: main.vpa, pn: new URLSearchParams(main.upiLink.split('?')[1]).get('pn')! }));
});
