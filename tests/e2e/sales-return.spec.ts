import { callApi, DEMO, expect, heading, signIn, test } from './support';

/*
 * Sales return → credit note (issue 13). The demo seed has no invoiced order, so one is made through the API as the
 * screens would: the retailer orders 10 Dolo 650 from Agarwal (STK-PUN-001), Agarwal accepts and invoices it. Then
 * Agarwal takes 3 back on the return screen: a credit note is issued and the 3 go back into the invoiced batch.
 * Everything is new per run (a new order and invoice), so the spec also runs again on the same API.
 */

interface Invoice {
  invoiceId: string;
  invoiceNumber: string;
  lines: { position: number; productName: string; batchNo: string; quantity: number }[];
}
interface Batch {
  id: string;
  productName: string;
  batchNo: string;
  quantity: number;
  warehouseName: string;
}

test('a return against a sales invoice issues a credit note and puts the goods back into the batch', async ({ page, newUser }) => {
  // The retailer orders 10 Dolo 650 from Agarwal.
  const retailer = await newUser();
  await signIn(retailer, DEMO.retailer.mobile);
  const { products } = await callApi<{ products: { productId: string; name: string }[] }>(retailer, 'POST', '/search/v3/global', { query: 'dolo 650' });
  const dolo = products.find((p) => p.name === 'Dolo 650 Tablet')!;
  await callApi(retailer, 'POST', '/cart/addEntry', { productId: dolo.productId, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
  const { orders } = await callApi<{ orders: { orderId: string; counterpartyUnitCode: string }[] }>(retailer, 'POST', '/cart/submit', {});
  const order = orders.find((o) => o.counterpartyUnitCode === 'STK-PUN-001')!;

  // Agarwal accepts and invoices it.
  await signIn(page, DEMO.stockist.mobile);
  await callApi(page, 'POST', `/orders/v2/${order.orderId}/accept`);
  const invoice = await callApi<Invoice>(page, 'POST', `/purchases/sales/invoice/from-order/${order.orderId}`);
  const line = invoice.lines[0]!;
  expect(line.quantity).toBeGreaterThanOrEqual(3);
  const stockOf = async () => {
    const list = await callApi<{ items: Batch[] }>(page, 'GET', '/tenants/inventory/all', undefined, { search: 'dolo 650', pageSize: '200' });
    return list.items.filter((b) => b.batchNo === line.batchNo);
  };
  const before = await stockOf();

  // The return screen, reached as from the invoice (?invoiceId=): 3 of line 1 back to saleable stock.
  await page.goto(`/app/sales/returns/new?invoiceId=${invoice.invoiceId}`);
  await expect(heading(page, 'Return Goods / Credit Note')).toBeVisible();
  await expect(page.getByText(`Invoice ${invoice.invoiceNumber}`)).toBeVisible();
  const returnable = page.getByRole('table', { name: 'Returnable lines' });
  await expect(returnable.getByRole('row')).toHaveCount(1 + invoice.lines.length);
  await page.getByRole('textbox', { name: `Return quantity ${line.position}` }).fill('3');
  await page.getByRole('combobox', { name: `Reason ${line.position}` }).selectOption('WRONG_ITEM');
  await expect(page.getByRole('combobox', { name: `Goods go to ${line.position}` })).toHaveValue('SALEABLE');
  await page.getByRole('button', { name: 'Issue credit note' }).click();

  // The credit note: its own number, against the invoice, the 3 units at the invoice's rate.
  await expect(page).toHaveURL(/\/app\/sales\/returns\/[0-9a-f-]{36}$/);
  const creditNoteId = page.url().split('/').pop()!;
  await expect(heading(page, 'Sales Return')).toBeVisible();
  const title = page.getByText(/^Credit Note CN\/\d{2}-\d{2}\/\d{6}$/);
  await expect(title).toBeVisible();
  const creditNoteNumber = (await title.innerText()).replace('Credit Note ', '');
  await expect(page.getByText(new RegExp(`^${invoice.invoiceNumber.replace(/\//g, '\\/')} of `))).toBeVisible();
  const noteLine = page.getByRole('table', { name: 'Credit note lines' }).getByRole('row').nth(1);
  await expect(noteLine).toContainText(line.batchNo);
  await expect(noteLine).toContainText('Wrong item');
  await expect(noteLine).toContainText('Back to saleable stock');

  // The stock moved: the batch holds 3 more (in the warehouse the units left from).
  const after = await stockOf();
  expect(after.reduce((s, b) => s + b.quantity, 0)).toBe(before.reduce((s, b) => s + b.quantity, 0) + 3);

  // It is listed with the seller's sales returns, and the buyer can read it too.
  await page.goto('/app/sales/returns');
  const row = page.getByRole('table', { name: 'Credit notes' }).getByRole('row', { name: new RegExp(creditNoteNumber.replace(/\//g, '\\/')) });
  await expect(row).toContainText(invoice.invoiceNumber);
  await row.getByRole('link', { name: creditNoteNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/app/sales/returns/${creditNoteId}$`));
  const asBuyer = await callApi<{ creditNoteNumber: string; callerSide: string }>(retailer, 'GET', `/purchases/sales/returns/${creditNoteId}`);
  expect(asBuyer).toMatchObject({ creditNoteNumber, callerSide: 'BUYER' });
});
