import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Download, type Locator, type Page, type TestInfo } from '@playwright/test';
import { REGISTRATION_PATHS, type ApplicationSummary } from 'shared-api';
import { ports } from '../ports';

export { expect };

/** The test servers (ports.ts), apart from those of `npm start`. */
export const PORTAL = `http://localhost:${ports.apps.shell}`;
export const API = `http://localhost:${ports.api}`;
export const appOrigin = (app: keyof typeof ports.apps) => `http://localhost:${ports.apps[app]}`;

/**
 * The browser raises `securitypolicyviolation` for each blocked load, connection, inline script or eval, even when the
 * page catches the error (a caught eval logs nothing by itself): each is written to the console with a marker.
 */
async function collectCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`),
    ),
  );
  context.on('console', (message) => {
    if (message.text().startsWith('CSP violation:')) into.push(message.text());
  });
}

/**
 * Closes a second person's browser once the test's checks have passed. Chromium has once (in 40-odd CI runs) never
 * answered a context close after a passing test, failing it on teardown; the browser itself is closed when the
 * worker ends, so a close that hangs is noted on the test and the run goes on.
 */
async function closeWithin(context: BrowserContext, ms: number, testInfo: TestInfo): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), hung]);
  clearTimeout(timer);
  if (outcome === 'hung') testInfo.annotations.push({ type: 'warning', description: `a second browser context did not close within ${ms} ms` });
}

/**
 * Every test: fails on any Content-Security-Policy violation in its pages, so the portal is known to work under the
 * static server's policy. `newUser()` opens a second person's browser (its own context, same checks; options such as
 * PHONE for its device), closed when the test ends so its pages never outlive it.
 */
export const test = base.extend<{ cspViolations: string[]; newUser: (options?: BrowserContextOptions) => Promise<Page> }>({
  cspViolations: [
    async ({ context }, provide) => {
      const violations: string[] = [];
      await collectCspViolations(context, violations);
      await provide(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  newUser: async ({ browser, cspViolations }, provide, testInfo) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options) => {
      // The second person needs no offline cache (pwa.spec.ts tests it on the main page): a service worker still
      // precaching when the context closes is one less thing that can hold the close up.
      const context = await browser.newContext({ serviceWorkers: 'block', ...options });
      contexts.push(context);
      await collectCspViolations(context, cspViolations);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => closeWithin(context, 15_000, testInfo)));
  },
});

/** A phone as the delivery boy holds it (issue 12: his screens must work 390 px wide). */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Main flows run in both projects (playwright.config.ts): at desktop size and again in the "phone" project, which
 * runs only the tests with this tag.
 */
export const BOTH_SIZES = { tag: '@both' };

/**
 * Whether the page has the phone layout: below shared-ui's breakpoint (theme.media.phone, 767 px) the header
 * collapses into buttons and the navigation is a drawer. True in the "phone" project and in PHONE contexts.
 */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? Infinity) <= 767;

/**
 * On a phone: the page does not scroll sideways (issue 17), measured once nothing on it is loading any more (tables
 * and lists load after the heading). Nothing to check at desktop size, so the main flows call it at their screens.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  if (!isPhone(page)) return;
  await expect(page.locator('[aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${new URL(page.url()).pathname} is ${width} px wide`).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Issue 38 item 2: every button and link of the main content is within the screen's width, so vertical scrolling
  // alone reaches it (none sits beyond the edge of a table's own scroller).
  const beyond = await page.evaluate((viewport) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main button, main a[href], main [role="button"]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.left < -1 || box.right > viewport + 1) out.push(`${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} (${Math.round(box.left)}–${Math.round(box.right)} px)`);
    }
    return out;
  }, page.viewportSize()!.width);
  expect(beyond, `${new URL(page.url()).pathname}: controls beyond the screen's edge`).toEqual([]);
}

/** Demo logins of the seed (api/src/db/seed.ts). */
export const DEMO = {
  stockist: { mobile: '9800000001', firstName: 'Ramesh', city: 'Pune' },
  retailer: { mobile: '9800000002', firstName: 'Priya', city: 'Mumbai' },
} as const;

/**
 * The last code the API "sent" by SMS (console adapter; GET /test/otp/last exists only with MEDICO_TEST_ROUTES=1).
 * Asked for until there is one: callers ask right after clicking Send, which may be before the API has answered it.
 */
export async function lastOtp(page: Page, mobile: string): Promise<string> {
  let otp = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`${API}/test/otp/last`, { params: { mobileNumber: mobile } });
      if (res.ok()) otp = (await res.json()).body.otp as string;
      return res.status();
    })
    .toBe(200);
  return otp;
}

/**
 * Opens '/'. Right after a logout the app itself reloads '/' (a full page load that clears memory), which can abort
 * a navigation started at the same moment: that one is simply made again.
 */
async function gotoLanding(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/');
      return;
    } catch (error) {
      if (attempt >= 3 || !/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
    }
  }
}

/** Signs in through the landing page exactly as a user does: mobile number, then the one-time code. */
export async function signIn(page: Page, mobile: string): Promise<void> {
  await gotoLanding(page);
  await page.getByPlaceholder('10-digit mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText(`We sent a 6-digit code to +91 ${mobile}`)).toBeVisible();
  await expect(page.getByText(/Resend code in \d+ s/)).toBeVisible();
  await page.getByPlaceholder('6-digit code').fill(await lastOtp(page, mobile));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);
}

/**
 * Logs out from the header and waits for the full page load of '/' the app then makes (the landing may show first,
 * routed inside the page): a navigation started before that load would race it ("interrupted by another navigation").
 */
export async function signOut(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByPlaceholder('10-digit mobile number')).toBeVisible();
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * Profile, warehouse switcher and Logout in reach: on a phone they sit in the avatar's menu, opened here (left open if
 * it already is); at desktop size they are in the header itself.
 */
export async function openAccountMenu(page: Page): Promise<void> {
  if (!isPhone(page)) return;
  const menu = page.getByRole('button', { name: 'Account menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
}

/**
 * The header's product search box, focused and ready to type in (its recent searches open): on a phone the search
 * button opens it over the header first.
 */
export async function openSearch(page: Page): Promise<Locator> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  if (isPhone(page)) await page.getByRole('button', { name: 'Open search' }).click();
  else await box.click();
  await expect(box).toBeFocused();
  return box;
}

/**
 * Follows a navigation link as a user does: at desktop size from the group's flyout of the rail; on a phone from the
 * drawer (opened first, the group expanded unless it already is; following the link closes it).
 */
export async function openNavLink(page: Page, group: string, link: string): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    const groupButton = drawer.getByRole('button', { name: group });
    if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
    await drawer.getByRole('link', { name: link }).click();
    await expect(drawer).toBeHidden();
    return;
  }
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: group }).click();
  await page.getByRole('region', { name: `${group} links` }).getByRole('link', { name: link }).click();
}

/** The signed-in page's access token (the shell keeps the session in localStorage). */
export const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('medico.session') ?? '{}') as { token: string }).token);

/** A call to the API as the page's user, as the screens make it; anything but 2xx fails the test. Answers the body. */
export async function callApi<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object, params?: Record<string, string>): Promise<T> {
  const res = await page.request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${await tokenOf(page)}` }, data, params });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()).body as T;
}

/**
 * The signed-in buyer orders `quantity` of Dolo 650 Tablet from one seller through the API (the search, cart and
 * order screens have their own spec), starting from an empty cart: other specs share the API. Answers the order.
 */
export async function orderDoloFrom(buyer: Page, sellerUnitCode: string, quantity: number): Promise<{ orderId: string; orderNumber: string }> {
  const { products } = await callApi<{ products: { productId: string; name: string }[] }>(buyer, 'POST', '/search/v3/global', { query: 'dolo 650' });
  const dolo = products.find((p) => p.name === 'Dolo 650 Tablet')!;
  // An empty cart answers "cart not found" (E0044): nothing to empty.
  const emptied = await buyer.request.post(`${API}/cart/deleteCart`, { headers: { authorization: `Bearer ${await tokenOf(buyer)}` }, data: {} });
  expect(emptied.ok() || (await emptied.json()).code === 'E0044').toBeTruthy();
  await callApi(buyer, 'POST', '/cart/addEntry', { productId: dolo.productId, sellerUnitCode, quantity });
  const { orders } = await callApi<{ orders: { orderId: string; orderNumber: string; counterpartyUnitCode: string }[] }>(buyer, 'POST', '/cart/submit', {});
  return orders.find((o) => o.counterpartyUnitCode === sellerUnitCode)!;
}

/**
 * The text a PDF draws: its content streams inflated, then the strings of each text operator joined. The API's PDFs
 * use the standard fonts, whose strings are the characters themselves (hex-coded, split where kerning applies).
 */
export function pdfText(bytes: Buffer): string {
  const texts: string[] = [];
  const latin1 = bytes.toString('latin1');
  for (const match of latin1.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = latin1.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (an image, a font)
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
      texts.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}

/** A downloaded PDF: its suggested name, its bytes and the text it draws (pdfText). */
export async function pdfOf(download: Download): Promise<{ name: string; bytes: Buffer; text: string }> {
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), bytes, text: pdfText(bytes) };
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A GSTIN with its check character right: the state code, the PAN, entity 1, "Z". */
export function gstinOf(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + BASE36.charAt((36 - (sum % 36)) % 36);
}

/** Back-office staff of the demo seed (api/src/db/seed-registration.ts). */
export const STAFF_MOBILE = '9800000090';

/**
 * A unit no other test has touched: it registers through the API (the registration spec drives those screens) and
 * `staff` (a page signed in as back-office staff) approves it. Its owner then signs in with `mobile`.
 */
export async function newApprovedUnit(
  request: APIRequestContext,
  staff: Page,
  unit: { customerType: 'STOCKIST' | 'RETAILER'; mobile: string; tradeName: string; pan: string },
): Promise<void> {
  const post = async (path: string, data: object, headers: Record<string, string> = {}) => {
    const res = await request.post(`${API}${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()).body as unknown;
  };
  await post(REGISTRATION_PATHS.otp, { mobileNumber: unit.mobile });
  const otp = ((await (await request.get(`${API}/test/otp/last`, { params: { mobileNumber: unit.mobile } })).json()) as { body: { otp: string } }).body.otp;
  const { token } = (await post(REGISTRATION_PATHS.otpVerify, { mobileNumber: unit.mobile, otp })) as { token: string };
  const headers = { 'x-registration-token': token };
  const run = unit.mobile.slice(-6);
  await post(REGISTRATION_PATHS.step1, { customerType: unit.customerType, firstName: 'Kiran', lastName: 'Desai', email: `${unit.mobile}@example.in` }, headers);
  await post(
    REGISTRATION_PATHS.step2,
    { pincode: '411004', addressLine: '12, Karve Road', landmark: 'Near Nal Stop', city: 'Pune', district: 'Pune', state: 'Maharashtra', latitude: 18.507, longitude: 73.83 },
    headers,
  );
  await post(
    REGISTRATION_PATHS.step3,
    { tradeName: unit.tradeName, certificateTradeName: unit.tradeName, gstin: gstinOf('27', unit.pan), pan: unit.pan, drugLicence1: `MH-PZ1-20B-${run}`, drugLicence2: `MH-PZ1-21B-${run}` },
    headers,
  );
  const pdf = Buffer.from('%PDF-1.4\n% licence scan\n%%EOF\n', 'latin1').toString('base64');
  for (const kind of ['GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2']) {
    await post(REGISTRATION_PATHS.uploadLicence, { kind, fileName: `${kind}.pdf`, mimeType: 'application/pdf', contentBase64: pdf }, headers);
  }
  await post(REGISTRATION_PATHS.submit, { acceptTerms: true, acceptConsent: true }, headers);

  const queue = await callApi<ApplicationSummary[]>(staff, 'GET', REGISTRATION_PATHS.staffQueue);
  const application = queue.find((a) => a.tradeName === unit.tradeName);
  expect(application, `${unit.tradeName} in the verification queue`).toBeTruthy();
  await callApi(staff, 'POST', REGISTRATION_PATHS.staffApprove(application!.id), {});
}
