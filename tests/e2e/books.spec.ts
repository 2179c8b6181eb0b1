import { readFile } from 'node:fs/promises';
import type { Gstr1, HeadsTree, LedgerStatement, ProfitAndLoss, SalesRegister } from 'shared-api';
import { DEMO, callApi, expect, heading, orderDoloFrom, signIn, test } from './support';

/*
 * The books (issue 14), as the demo stockist (Agarwal Pharma) keeps them:
 *   1. it adds an expense head and a journal entry for the shop's rent; the head's ledger shows the entry and the
 *      profit and loss account shows the rent and a net profit lower by exactly that amount;
 *   2. after invoicing an order of the demo retailer, the month's GSTR-1 JSON downloads from the GST Returns page and
 *      its invoices add up to the sales register of the month.
 * Heads and orders are new per run (the head's name carries the time), so the spec also runs again on the same API.
 */

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a journal entry for rent shows in the head’s ledger and lowers the net profit by the rent', async ({ page }) => {
  const RENT = `Shop Rent ${String(Date.now()).slice(-6)}`;
  await signIn(page, DEMO.stockist.mobile);
  const before = await callApi<ProfitAndLoss>(page, 'GET', '/purchases/ledgers/profit-loss', undefined, { compare: 'none' });

  // A head for the rent, under Indirect Expenses.
  await page.goto('/app/heads/add');
  await expect(heading(page, 'Add Account Head')).toBeVisible();
  await page.getByLabel('Name').fill(RENT);
  await page.getByLabel('Group').selectOption({ label: 'Indirect Expenses' });
  await page.getByRole('button', { name: 'Add head' }).click();
  await expect(heading(page, 'Account Heads')).toBeVisible();
  await expect(page.getByRole('link', { name: RENT })).toBeVisible();

  // Rent of ₹1,500 paid in cash: the entry cannot be saved until debits equal credits.
  await page.goto('/app/journals/add');
  await expect(heading(page, 'Add Journal Entry')).toBeVisible();
  await page.getByLabel('Narration').fill('Shop rent for the month');
  await page.getByLabel('Head (line 1)').selectOption({ label: RENT });
  await page.getByLabel('Debit ₹ (line 1)').fill('1,500.00');
  await page.getByLabel('Head (line 2)').selectOption({ label: 'Cash' });
  await page.getByLabel('Credit ₹ (line 2)').fill('1,499');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel('Credit ₹ (line 2)').fill('1500');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(heading(page, 'Journals')).toBeVisible();
  await expect(page.getByText('Shop rent for the month').first()).toBeVisible();

  // The head's ledger: the entry, and a closing balance of ₹1,500 Dr.
  const tree = await callApi<HeadsTree>(page, 'GET', '/purchases/ledgers/heads');
  const rent = tree.groups.flatMap((g) => g.heads).find((h) => h.name === RENT)!;
  await page.goto(`/app/ledgers?accountId=${rent.accountId}`);
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: 'Shop rent for the month' })).toContainText('₹1,500.00');
  await expect(ledger.getByRole('row').filter({ hasText: 'Closing balance (period totals)' })).toContainText('₹1,500.00 Dr');
  const statement = await callApi<LedgerStatement>(page, 'GET', '/purchases/ledgers/statement', undefined, { accountId: rent.accountId });
  expect([statement.debitPaise, statement.closingPaise, statement.items.length]).toEqual([150000, 150000, 1]);

  // Profit and loss: the rent under indirect expenses, and the net profit ₹1,500 lower than before.
  await page.goto('/app/profit&loss');
  const pl = page.getByRole('table', { name: 'Profit and loss' });
  await expect(pl.getByRole('row').filter({ hasText: RENT })).toContainText('₹1,500.00');
  const after = await callApi<ProfitAndLoss>(page, 'GET', '/purchases/ledgers/profit-loss', undefined, { compare: 'none' });
  expect(after.netProfitPaise).toBe(before.netProfitPaise - 150000);
  await expect(pl.getByRole('row').filter({ hasText: /^Net profit/ }).first()).toContainText(rupees(Math.abs(after.netProfitPaise)));
});

test('the month’s GSTR-1 JSON downloads and its invoices add up to the sales register', async ({ page, newUser }) => {
  // The retailer orders from Agarwal; Agarwal accepts and invoices it (the screens for that have their own spec).
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const order = await orderDoloFrom(retailer, 'STK-PUN-001', 6);
  await signIn(page, DEMO.stockist.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);
  const invoice = await callApi<{ invoiceDate: string }>(page, 'POST', `/purchases/sales/invoice/from-order/${order.orderId}`);
  const month = invoice.invoiceDate.slice(0, 7);

  await page.goto(`/app/sales/gst-returns?month=${month}`);
  await expect(heading(page, 'GST Returns')).toBeVisible();
  const register = await callApi<SalesRegister>(page, 'GET', '/purchases/sales/register', undefined, { month });
  const summary = page.getByLabel('GSTR-1 invoice totals');
  await expect(summary).toContainText(new RegExp(`Invoices\\s*${register.totals.invoiceCount.toLocaleString('en-IN')}Taxable value\\s*${rupees(register.totals.taxablePaise)}`));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download GSTR-1 as JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`GSTR1-${month}.json`);
  const gstr1 = JSON.parse(await readFile((await file.path())!, 'utf8')) as Gstr1;
  expect(gstr1.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);

  // Every invoice of the month is in b2b, b2cl or b2cs (this run's API has no credit note before this spec).
  const paise = (rupees: number) => Math.round(rupees * 100);
  const items = [...gstr1.b2b.flatMap((p) => p.inv.flatMap((i) => i.itms.map((t) => t.itm_det))), ...gstr1.b2cl.flatMap((p) => p.inv.flatMap((i) => i.itms.map((t) => t.itm_det))), ...gstr1.b2cs];
  const sum = (pick: (d: (typeof items)[number]) => number) => items.reduce((s, d) => s + paise(pick(d)), 0);
  expect({ taxable: sum((d) => d.txval), cgst: sum((d) => d.camt), sgst: sum((d) => d.samt), igst: sum((d) => d.iamt) }).toEqual({
    taxable: register.totals.taxablePaise,
    cgst: register.totals.cgstPaise,
    sgst: register.totals.sgstPaise,
    igst: register.totals.igstPaise,
  });
  const invoiceValues = [...gstr1.b2b.flatMap((p) => p.inv), ...gstr1.b2cl.flatMap((p) => p.inv)].reduce((s, i) => s + paise(i.val), 0);
  expect(invoiceValues).toBeLessThanOrEqual(register.totals.totalPaise);
  expect(gstr1.doc_issue.doc_det.find((d) => d.doc_num === 1)?.docs[0]?.net_issue).toBe(register.totals.invoiceCount);
});
