import { createRequire } from 'node:module';
import path from 'node:path';
import { BOTH_SIZES, DEMO, expect, expectNoSidewaysScroll, heading, openNavLink, signIn, test } from './support';

/** The part of exceljs (the API's XLSX library, borrowed from api/) this test uses to write a billing tool's export. */
interface Workbook {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
}
const ExcelJS = createRequire(path.resolve(__dirname, '../../api/package.json'))('exceljs') as { Workbook: new () => Workbook };

const pad = (n: number) => String(n).padStart(2, '0');
const ddmmyyyy = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/**
 * Two batches of products only this test uses (ADD mode: the demo stock stays as it is). One expires in 20 days.
 * Both projects upload to the same API, one after the other: each its own products and batches (`tag`), so each
 * finds its products new.
 */
async function stockFile(tag: string): Promise<Buffer> {
  const soon = new Date(Date.now() + 20 * 86_400_000);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['AGARWAL PHARMA DISTRIBUTORS']);
  sheet.addRow(['Closing stock as on today']);
  // "Lot Ref" is not a column name the reader knows: the user maps it to Batch.
  sheet.addRow(['Item Name', 'Pack', 'Company', 'Lot Ref', 'Exp.', 'MRP', 'PTR', 'Qty']);
  sheet.addRow([`E2E Cough Syrup ${tag}`, '100 ml', 'E2E Pharma', `E2ECS${tag}`, ddmmyyyy(soon), '₹95.00', '76.00', 24]);
  sheet.addRow([`E2E Vitamin Tablet ${tag}`, '15 Tab', 'E2E Pharma', `E2EVT${tag}`, 'Mar-29', '120', '96', 60]);
  sheet.addRow([`E2E Broken Row ${tag}`, '10 Tab', 'E2E Pharma', `E2EBR${tag}`, '03/29', '50', '80', 5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a stockist uploads an XLSX, fixes a column, imports, and sees the batches and the expiring one', BOTH_SIZES, async ({ page }) => {
  // The API reads the workbook twice and imports it: more than the default minute when the machine is busy.
  test.setTimeout(120_000);
  const tag = test.info().project.name.toUpperCase();
  await signIn(page, DEMO.stockist.mobile);
  await openNavLink(page, 'Inventory', 'Upload Inventory');
  await expect(heading(page, 'Upload Inventory')).toBeVisible();

  await page.getByLabel('Stock file').setInputFiles({ name: 'e2e-stock.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await stockFile(tag) });
  await page.getByRole('button', { name: 'Read file' }).click();
  // The API reads the workbook before answering: the slowest step on a busy machine.
  await expect(page.getByText('Choose the columns for: Batch.')).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Column for Batch').selectOption({ label: 'Lot Ref — column 4' });
  await page.getByRole('button', { name: 'Check again with these columns' }).click();
  await expect(page.getByText(/2 rows ready, 1 rejected/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('MRP below PTR')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByLabel(/Add this file to the warehouse stock/).check();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/2 batches added to the stock of Pune Main Godown\. 2 new products; 1 row rejected/)).toBeVisible();

  await page.getByRole('link', { name: 'See the inventory' }).click();
  await expect(heading(page, 'Inventory')).toBeVisible();
  await page.getByLabel('Search product, batch or composition').fill(tag);
  const list = page.getByRole('table', { name: 'Inventory' });
  await expect(list.getByRole('row', { name: new RegExp(`E2E Cough Syrup ${tag}.*E2ECS${tag}`) })).toBeVisible();
  await expect(list.getByRole('row', { name: new RegExp(`E2E Vitamin Tablet ${tag}.*E2EVT${tag}`) })).toBeVisible();
  await expect(list.getByText(`E2E Broken Row ${tag}`)).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await page.goto('/app/stocks/expiry-list');
  await expect(heading(page, 'Expiry List')).toBeVisible();
  await page.getByLabel('Search product, batch or composition').fill(tag);
  await expect(page.getByRole('table', { name: 'Expiring batches' }).getByRole('row', { name: new RegExp(`E2E Cough Syrup ${tag}.*in 20 days`) })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
