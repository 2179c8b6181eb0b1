import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { STAFF_MOBILE, expect, heading, newApprovedUnit, openNavLink, signIn, test } from './support';

/*
 * Issue 36, the move-in as a new stockist makes it: a unit registered and approved for this run (its books are empty,
 * so what the report finds is exactly what the files brought) opens Settings → Move in, sets the opening date, imports
 * the Marg-style parties and bills files of the API tests (api/test/fixtures/move-in/, made by
 * scripts/move-in-fixtures.mjs), sees each preview with its rejected rows, imports, finds the report's receivables
 * equal to the files', imports the opening trial balance, posts the opening difference and sees the imported bills
 * aged in the outstanding report.
 */

const FIXTURES = path.resolve(__dirname, '../../api/test/fixtures/move-in');
const PARTIES_FILE = 'marg-parties.xlsx';
const BILLS_FILE = 'marg-bills.xlsx';
const TRIAL_BALANCE_FILE = 'trial-balance.csv';
/** The day the fixtures' balances are as of (their bills are dated before it). */
const OPENING_DATE = '2026-03-31';

const RUN = String(Date.now()).slice(-6);

const fixture = async (name: string) => ({ name, mimeType: 'application/octet-stream', buffer: await readFile(path.join(FIXTURES, name)) });

/** From the move-in page: the step's import screen, the file read and its preview checked, imported. */
async function importFile(page: Page, step: string, fileName: string, source: string, check: (page: Page) => Promise<void>): Promise<string> {
  await page.getByRole('listitem', { name: step }).getByRole('link', { name: /Import/ }).click();
  await expect(heading(page, `Import: ${step}`)).toBeVisible();
  await page.getByLabel('File to import').setInputFiles(await fixture(fileName));
  await page.getByRole('button', { name: 'Read file' }).click();
  // The API reads the workbook before answering: the slowest step on a busy machine.
  const ready = page.getByRole('heading', { name: /\d\. [\d,]+ rows? ready, [\d,]+ rejected/ });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Read as ${source}.`)).toBeVisible();
  await check(page);
  const totals = (await page.getByRole('status', { name: 'Totals' }).textContent()) ?? '';
  await page.getByRole('button', { name: /^Import [\d,]+ rows?$/ }).click();
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to the move-in steps and report' }).click();
  await expect(heading(page, 'Move in')).toBeVisible();
  return totals;
}

/** The rejected rows are listed with their reasons. */
async function expectRejectedRows(page: Page): Promise<Locator> {
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download rejected rows (CSV)' })).toBeVisible();
  return rejected;
}

const rupeesIn = (text: string) => [...text.matchAll(/₹[\d,]+\.\d{2}/g)].map((m) => m[0]);

test('a new stockist moves its parties, open bills and trial balance in from Marg and sees them aged', async ({ page, newUser }) => {
  // Registration, three files read and imported, the report: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const mobile = `9702${RUN}`;
  const staff = await newUser();
  await signIn(staff, STAFF_MOBILE);
  await newApprovedUnit(page.request, staff, { customerType: 'STOCKIST', mobile, tradeName: `Desai Pharma Distributors ${RUN}`, pan: `AADFD${RUN.slice(-4)}K` });
  await signIn(page, mobile);

  await openNavLink(page, 'Settings', 'Move in');
  await expect(heading(page, 'Move in')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Customers and suppliers' })).toContainText('Set the opening date first.');
  await page.getByLabel('Opening date', { exact: true }).fill(OPENING_DATE);
  await page.getByRole('button', { name: 'Set the date' }).click();
  await expect(page.getByText('Now: 31/03/2026.')).toBeVisible();

  // Parties: the preview names the software, lists the rows and every rejected one with its reason.
  const partyTotals = await importFile(page, 'Customers and suppliers', PARTIES_FILE, 'a Marg export', async (p) => {
    await expect(p.getByRole('table', { name: 'Rows to import' })).toBeVisible();
    await expectRejectedRows(p);
  });
  await expect(page.getByRole('listitem', { name: 'Customers and suppliers' })).toContainText(/1 file imported, [\d,]+ rows/);
  // The date is fixed now.
  await expect(page.getByText(/Balances are as of 31\/03\/2026\. The date is fixed/)).toBeVisible();

  // Open bills, receivable: the customers' unpaid invoices.
  const billTotals = await importFile(page, 'Open bills (bill-wise outstanding)', BILLS_FILE, 'a Marg export', async (p) => {
    await expect(p.getByRole('table', { name: 'Rows to import' })).toBeVisible();
    await expectRejectedRows(p);
  });
  expect(rupeesIn(billTotals)).toHaveLength(2);
  expect(partyTotals).toMatch(/Balances: ₹/);

  // The report: receivables in the books are the files' figure, to the paisa.
  const checks = page.getByRole('table', { name: 'Books against the files' });
  const receivable = checks.getByRole('row', { name: /Receivable/ });
  await expect(receivable).toContainText('Agrees');
  const [receivableInBooks, receivableInFiles] = rupeesIn((await receivable.textContent()) ?? '');
  expect(receivableInBooks).toBe(receivableInFiles);
  await expect(checks.getByRole('row', { name: /Payable/ })).toContainText('Agrees');

  // The opening trial balance; what is left on Opening Balances is the difference, posted once confirmed.
  await importFile(page, 'Opening trial balance', TRIAL_BALANCE_FILE, 'a spreadsheet with a header row', async (p) => {
    await expect(p.getByRole('table', { name: 'Rows to import' })).toBeVisible();
  });
  const difference = page.getByRole('region', { name: 'Opening difference' });
  await expect(difference).toContainText(/Opening difference: ₹[\d,]+\.\d{2} (Dr|Cr)/);
  await difference.getByRole('button', { name: 'Post the difference to ‘Difference in Opening Balances’' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post the opening difference?' });
  await dialog.getByRole('button', { name: 'Post the difference' }).click();
  await expect(difference).toContainText('The opening balances balance: no difference.');

  // The imported bills are aged in the outstanding report.
  await page.getByRole('link', { name: 'Outstanding receivable with ageing' }).click();
  await expect(heading(page, 'Ledgers')).toBeVisible();
  const outstanding = page.getByRole('table', { name: /^Outstanding receivable as on/ });
  await expect(outstanding.getByRole('row', { name: /^Total/ })).toContainText(receivableInBooks!);
});
