import type { Page } from '@playwright/test';
import type { PartyDueDetail, PartyDues, PurchaseBill, PurchaseBillList } from 'shared-api';
import { DEMO, callApi, expect, heading, orderDoloFrom, signIn, test } from './support';

/*
 * Issue 39, item 1: a buyer's UTR is a claim the seller confirms.
 *   1. Agarwal (the demo stockist) invoices an order of Sharma (the demo retailer), who receives the bill;
 *   2. Sharma records under Make Payments that it paid that bill by UPI: the invoice says "Payment claimed" on both
 *      sides, and Agarwal's receivable has not moved;
 *   3. Agarwal finds it under Receive Payments, To confirm (UTR, amount, payer, invoice) and rejects it with a reason;
 *      Sharma sees "Not confirmed" with that reason;
 *   4. Sharma claims again with the right UTR; Agarwal confirms it: the invoice is settled and the receivable drops.
 * Orders and UTRs are new per run, so the spec runs again on the same API.
 */

const AGARWAL = 'STK-PUN-001';
const SHARMA = 'RTL-MUM-001';
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A 12-digit UTR no other run has used. */
const freshUtr = () => `8${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** The buyer records, from its creditor's page, a UPI payment against that one bill. */
async function claimPayment(buyer: Page, creditorId: string, billNumber: string, utr: string, amountPaise: number) {
  await buyer.goto(`/app/payments/upi/make?party=${creditorId}`);
  await buyer.getByRole('button', { name: 'Record a payment made' }).click();
  const form = buyer.getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Method').selectOption('UPI');
  await form.getByLabel('UTR').fill(utr);
  await form.getByLabel('Amount').fill((amountPaise / 100).toFixed(2));
  await form.getByLabel('Allocation').selectOption('CHOSEN');
  await form.getByLabel(`Pay against ${billNumber}`).fill((amountPaise / 100).toFixed(2));
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(buyer.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: utr })).toContainText('Payment claimed: waiting for confirmation');
}

test('a buyer’s payment waits for the seller: rejected with a reason the buyer sees, then confirmed into both books', async ({ page, newUser }) => {
  // 1. The order, its invoice and the buyer's bill of it, received.
  const buyer = await newUser();
  await signIn(buyer, DEMO.retailer.mobile);
  const order = await orderDoloFrom(buyer, AGARWAL, 2);
  await signIn(page, DEMO.stockist.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);
  const invoice = await callApi<{ invoiceId: string; invoiceNumber: string; totals: { totalPaise: number } }>(page, 'POST', `/purchases/sales/invoice/from-order/${order.orderId}`);
  const total = invoice.totals.totalPaise;
  const bills = await callApi<PurchaseBillList>(buyer, 'GET', '/purchases/invoices', undefined, { pageSize: '50' });
  const billId = bills.items.find((b) => b.billNumber === invoice.invoiceNumber)!.billId;
  const bill = await callApi<PurchaseBill>(buyer, 'GET', `/purchases/invoice/${billId}`);
  await callApi(buyer, 'POST', `/purchases/invoice/${billId}/receive`, { lines: bill.lines.map((l) => ({ position: l.position, receivedQuantity: l.quantity + l.freeQuantity, salePricePaise: l.ratePaise })) });

  const creditor = (await callApi<PartyDues>(buyer, 'GET', '/payments/upi/make-payments')).parties.find((p) => p.partyUnitCode === AGARWAL)!.accountId;
  const debtor = (await callApi<PartyDues>(page, 'GET', '/payments/upi/receive-payments')).parties.find((p) => p.partyUnitCode === SHARMA)!.accountId;
  const before = (await callApi<PartyDueDetail>(page, 'GET', `/payments/upi/receive-payments/${debtor}`)).outstandingPaise;

  // 2. The buyer says it paid, with a mistyped UTR: a claim, in nobody's books yet.
  const wrongUtr = freshUtr();
  await claimPayment(buyer, creditor, invoice.invoiceNumber, wrongUtr, total);
  await buyer.goto(`/app/sales/report/details/invoice?id=${invoice.invoiceId}`);
  await expect(buyer.getByText('Payment claimed')).toBeVisible();
  await expect(buyer.getByText('waiting for the seller to confirm')).toBeVisible();
  await page.goto(`/app/sales/report/details/invoice?id=${invoice.invoiceId}`);
  await expect(page.getByText('Payment claimed')).toBeVisible();
  expect((await callApi<PartyDueDetail>(page, 'GET', `/payments/upi/receive-payments/${debtor}`)).outstandingPaise).toBe(before);

  // 3. The seller's Payments to confirm: the UTR, amount, payer and invoice; it is not in their account: rejected.
  await page.goto('/app/payments/upi/receive?tab=claims');
  await expect(heading(page, 'Receive Payments')).toBeVisible();
  const toConfirm = page.getByRole('table', { name: 'Payments to confirm' });
  const wrongRow = toConfirm.getByRole('row').filter({ hasText: wrongUtr });
  await expect(wrongRow).toContainText(rupees(total));
  await expect(wrongRow).toContainText('Sharma Medical');
  await expect(wrongRow).toContainText(invoice.invoiceNumber);
  await wrongRow.getByRole('button', { name: /^Reject / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('No such credit in our HDFC account');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toConfirm.getByRole('row').filter({ hasText: wrongUtr })).toHaveCount(0);

  await buyer.goto(`/app/payments/upi/make?party=${creditor}`);
  await expect(buyer.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: wrongUtr })).toContainText('Not confirmed: No such credit in our HDFC account');

  // 4. The right UTR this time; the seller confirms it: the invoice is settled and the receivable drops.
  const utr = freshUtr();
  await claimPayment(buyer, creditor, invoice.invoiceNumber, utr, total);
  await page.goto('/app/payments/upi/receive?tab=claims');
  const row = page.getByRole('table', { name: 'Payments to confirm' }).getByRole('row').filter({ hasText: utr });
  await row.getByRole('button', { name: /^Confirm / }).click();
  await expect(page.getByRole('table', { name: 'Payments to confirm' }).getByRole('row').filter({ hasText: utr })).toHaveCount(0);
  await page.goto(`/app/payments/upi/receive?party=${debtor}`);
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: utr })).toContainText(/RCT\//);
  await expect(page.getByRole('table', { name: 'Open invoices' })).not.toContainText(invoice.invoiceNumber);
  expect((await callApi<PartyDueDetail>(page, 'GET', `/payments/upi/receive-payments/${debtor}`)).outstandingPaise).toBe(before - total);
  await buyer.goto(`/app/sales/report/details/invoice?id=${invoice.invoiceId}`);
  await expect(buyer.getByRole('heading', { name: `Tax Invoice ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(buyer.getByText('Payment claimed')).toHaveCount(0);
});
