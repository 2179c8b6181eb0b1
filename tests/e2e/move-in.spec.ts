import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { STAFF_MOBILE, expect, heading, newApprovedUnit, openNavLink, signIn, test } from './support';

/*
 * Issue 36, the move-in as a new stockist makes it: a unit registered and approved for this run (its books are empty,
 * so what the report finds is exactly what the files brought) opens Settings → Move in, sets the opening date, imports
 * the Marg-style parties and outstanding files of the API tests (api/test/fixtures/move-in/, made by
 * scripts/move-in-fixtures.mjs, whose expected.json holds their figures), sees each preview with its rejected rows,
 * imports, finds the report's receivables and payables equal to the files', imports the opening trial balance, posts
 * the opening difference and sees the imported bills in the outstanding report.
 */

const FIXTURES = path.resolve(__dirname, '../../api/test/fixtures/move-in');
interface Expected {
  openingDate: string;
  files: Record<string, { valid: number; rejected: { rowNumber: number; problems: string[] }[] }>;
  partyTotals: { debitPaise: number; creditPaise: number; receivablePaise: number; payablePaise: number };
  billTotals: { RECEIVABLE: { pendingPaise: number } };
  perParty: { name: string; role: 'CUSTOMER' | 'SUPPLIER'; balancePaise: number; bills: number; billsPaise: number; onAccountPaise: number; billsAgeing: { over90Paise: number } }[];
  trialBalance: { lines: unknown[]; stockPaise: number };
}
const EXPECTED = JSON.parse(readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as Expected;
const PARTIES_FILE = 'marg-parties.xlsx';
const BILLS_FILE = 'marg-outstanding-receivable.xlsx';
const TRIAL_BALANCE_FILE = 'trial-balance.xlsx';

const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
/** A row whose first cell is `name`. */
const startingWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')} `);
const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

const RUN = String(Date.now()).slice(-6);

/**
 * From the move-in page: the step's import screen, the file read, its preview checked (the rows ready and rejected
 * as expected.json counts them, `check` for the rest), imported, and back.
 */
async function importFile(page: Page, step: string, fileName: string, source: string, check: (page: Page) => Promise<void>): Promise<void> {
  const file = EXPECTED.files[fileName]!;
  await page.getByRole('listitem', { name: step }).getByRole('link', { name: /^Import/ }).click();
  await expect(heading(page, `Import: ${step}`)).toBeVisible();
  await page.getByLabel('File to import').setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: await readFile(path.join(FIXTURES, fileName)) });
  await page.getByRole('button', { name: 'Read file' }).click();
  // The API reads the workbook before answering: the slowest step on a busy machine.
  await expect(page.getByRole('heading', { name: `3. ${rows(file.valid)} ready, ${file.rejected.length} rejected` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Read as ${source}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Rows to import/ })).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  for (const r of file.rejected) await expect(rejected.getByRole('row', { name: new RegExp(`^${r.rowNumber} `) })).toContainText(r.problems.join('; '));
  await check(page);
  await page.getByRole('button', { name: `Import ${rows(file.valid)}` }).click();
  const done = page.locator('section', { has: page.getByRole('heading', { name: 'Import done' }) });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done.getByRole('status')).toContainText(`${rows(file.valid)} imported from ${fileName}`);
  await page.getByRole('link', { name: 'Back to the move-in steps and report' }).click();
  await expect(heading(page, 'Move in')).toBeVisible();
}

test('a new stockist moves its parties, open bills and trial balance in from Marg and sees the bills outstanding', async ({ page, newUser }) => {
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
  await page.getByLabel('Opening date', { exact: true }).fill(EXPECTED.openingDate);
  await page.getByRole('button', { name: 'Set the date' }).click();
  await expect(page.getByText(`Now: ${ddmmyyyy(EXPECTED.openingDate)}.`)).toBeVisible();

  // Customers and suppliers: the balances of the file, Dr and Cr, and the party with a bad GSTIN rejected.
  const t = EXPECTED.partyTotals;
  await importFile(page, 'Customers and suppliers', PARTIES_FILE, 'a Marg export', async (p) => {
    await expect(p.getByRole('status', { name: 'Totals' })).toHaveText(`Balances: ${rupees(t.debitPaise)} Dr (parties owe you), ${rupees(t.creditPaise)} Cr (you owe parties).`);
  });
  await expect(page.getByRole('listitem', { name: 'Customers and suppliers' })).toContainText(`1 file imported, ${rows(EXPECTED.files[PARTIES_FILE]!.valid)}`);
  await expect(page.getByText(`Balances are as of ${ddmmyyyy(EXPECTED.openingDate)}. The date is fixed`)).toBeVisible();

  // Open bills: the customers' unpaid invoices (the file says they are receivable).
  await importFile(page, 'Open bills (bill-wise outstanding)', BILLS_FILE, 'a Marg export', async (p) => {
    await expect(p.getByRole('status', { name: 'Totals' })).toHaveText(
      `Still due: ${rupees(EXPECTED.billTotals.RECEIVABLE.pendingPaise)} receivable (customers owe you), ${rupees(0)} payable (you owe suppliers).`,
    );
  });

  // The report: receivables and payables in the books are the files' figures, to the paisa.
  const checks = page.getByRole('table', { name: 'Books against the files' });
  await expect(checks.getByRole('row', { name: /Receivable/ })).toHaveText(`Receivable: customers owe you${rupees(t.receivablePaise)}${rupees(t.receivablePaise)}Agrees`);
  await expect(checks.getByRole('row', { name: /Payable/ })).toHaveText(`Payable: you owe suppliers${rupees(t.payablePaise)}${rupees(t.payablePaise)}Agrees`);
  await expect(page.getByRole('table', { name: 'Party mismatches' })).toHaveCount(0);

  // The opening trial balance: what Opening Balances holds beyond it is the stock this unit has not uploaded yet.
  await importFile(page, 'Opening trial balance', TRIAL_BALANCE_FILE, 'a spreadsheet with a header row', async () => {});
  const difference = page.getByRole('region', { name: 'Opening difference' });
  await expect(difference).toContainText(`Opening difference: ${rupees(EXPECTED.trialBalance.stockPaise)} Dr`);
  await difference.getByRole('button', { name: 'Post the difference to ‘Difference in Opening Balances’' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post the opening difference?' });
  await expect(dialog).toContainText(`moves ${rupees(EXPECTED.trialBalance.stockPaise)} Dr from “Opening Balances” to “Difference in Opening Balances”`);
  await dialog.getByRole('button', { name: 'Post the difference' }).click();
  await expect(difference).toContainText('The opening balances balance: no difference.');

  // The imported bills are open in the outstanding report, each party's bills in full, the old ones over 90 days.
  await page.getByRole('link', { name: 'Outstanding receivable with ageing' }).click();
  await expect(heading(page, 'Ledgers')).toBeVisible();
  const outstanding = page.getByRole('table', { name: /^Outstanding receivable as on/ });
  for (const party of EXPECTED.perParty.filter((p) => p.role === 'CUSTOMER' && p.bills > 0 && p.onAccountPaise === 0)) {
    await expect(outstanding.getByRole('row', { name: startingWith(party.name) }).getByRole('cell').nth(1)).toHaveText(rupees(party.billsPaise));
  }
  const kale = EXPECTED.perParty.find((p) => p.name === 'Kale Medicals')!;
  await expect(outstanding.getByRole('row', { name: startingWith(kale.name) }).getByRole('cell').nth(5)).toHaveText(rupees(kale.billsAgeing.over90Paise));
});
