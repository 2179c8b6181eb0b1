import { createRequire } from 'node:module';
import path from 'node:path';
import { DEMO, expect, heading, openNavLink, signIn, test } from './support';

/** The part of exceljs (the API's XLSX library, borrowed from api/) this test uses to write a billing tool's export. */
interface Workbook {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
}
const ExcelJS = createRequire(path.resolve(__dirname, '../../api/package.json'))('exceljs') as { Workbook: new () => Workbook };

const pad = (n: number) => String(n).padStart(2, '0');
const ddmmyyyy = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** Two batches of products only this test uses (ADD mode: the demo stock stays as it is). One expires in 20 days. */
async function stockFile(): Promise<Buffer> {
  const soon = new Date(Date.now() + 20 * 86_400_000);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['AGARWAL PHARMA DISTRIBUTORS']);
  sheet.addRow(['Closing stock as on today']);
  // "Lot Ref" is not a column name the reader knows: the user maps it to Batch.
  sheet.addRow(['Item Name', 'Pack', 'Company', 'Lot Ref', 'Exp.', 'MRP', 'PTR', 'Qty']);
  sheet.addRow(['E2E Cough Syrup', '100 ml', 'E2E Pharma', 'E2ECS01', ddmmyyyy(soon), '₹95.00', '76.00', 24]);
  sheet.addRow(['E2E Vitamin Tablet', '15 Tab', 'E2E Pharma', 'E2EVT01', 'Mar-29', '120', '96', 60]);
  sheet.addRow(['E2E Broken Row', '10 Tab', 'E2E Pharma', 'E2EBR01', '03/29', '50', '80', 5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a stockist uploads an XLSX, fixes a column, imports, and sees the batches and the expiring one', async ({ page }) => {
  await signIn(page, DEMO.stockist.mobile);
  await openNavLink(page, 'Inventory', 'Upload Inventory');
  await expect(heading(page, 'Upload Inventory')).toBeVisible();

  await page.getByLabel('Stock file').setInputFiles({ name: 'e2e-stock.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await stockFile() });
  await page.getByRole('button', { name: 'Read file' }).click();
  await expect(page.getByText('Choose the columns for: Batch.')).toBeVisible();

  await page.getByLabel('Column for Batch').selectOption({ label: 'Lot Ref — column 4' });
  await page.getByRole('button', { name: 'Check again with these columns' }).click();
  await expect(page.getByText(/2 rows ready, 1 rejected/)).toBeVisible();
  await expect(page.getByText('MRP below PTR')).toBeVisible();

  await page.getByLabel(/Add this file to the warehouse stock/).check();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
  await expect(page.getByText(/2 batches added to the stock of Pune Main Godown\. 2 new products; 1 row rejected/)).toBeVisible();

  await page.getByRole('link', { name: 'See the inventory' }).click();
  await expect(heading(page, 'Inventory')).toBeVisible();
  await page.getByLabel('Search product, batch or composition').fill('E2E');
  const list = page.getByRole('table', { name: 'Inventory' });
  await expect(list.getByRole('row', { name: /E2E Cough Syrup.*E2ECS01/ })).toBeVisible();
  await expect(list.getByRole('row', { name: /E2E Vitamin Tablet.*E2EVT01/ })).toBeVisible();
  await expect(list.getByText('E2E Broken Row')).toHaveCount(0);

  await page.goto('/app/stocks/expiry-list');
  await expect(heading(page, 'Expiry List')).toBeVisible();
  await page.getByLabel('Search product, batch or composition').fill('E2E');
  await expect(page.getByRole('table', { name: 'Expiring batches' }).getByRole('row', { name: /E2E Cough Syrup.*in 20 days/ })).toBeVisible();
});
