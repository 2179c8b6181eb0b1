import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { API, PORTAL, appOrigin, expect, test } from './support';

/** What every file of the shell and the remotes is served with (scripts/static-server.mjs). */
function expectSafeHeaders(res: APIResponse) {
  const h = res.headers();
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('same-origin');
  const csp = Object.fromEntries(h['content-security-policy']!.split(';').map((d) => { const [name, ...values] = d.trim().split(/\s+/); return [name, values]; }));
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  // Scripts from this origin and the remotes listed in remotes.json only (never inline or eval); the API by fetch.
  const remotes = (['mf-orders', 'mf-accounting', 'mf-payments', 'mf-inventory', 'mf-customers'] as const).map(appOrigin);
  expect(csp['script-src']).toEqual(["'self'", ...remotes]);
  expect(csp['connect-src']).toEqual(["'self'", ...remotes, API]);
  return h;
}

/** A validator sent back gives 304 without a body; the file is otherwise unchanged. */
async function expectRevalidation(request: APIRequestContext, url: string, h: Record<string, string>) {
  expect(h.etag).toMatch(/^W\/".+"$/);
  expect(new Date(h['last-modified']!).getTime()).not.toBeNaN();
  const byEtag = await request.get(url, { headers: { 'if-none-match': h.etag! } });
  expect(byEtag.status()).toBe(304);
  expect((await byEtag.body()).length).toBe(0);
  const byDate = await request.get(url, { headers: { 'if-modified-since': h['last-modified']! } });
  expect(byDate.status()).toBe(304);
  const stale = await request.get(url, { headers: { 'if-none-match': 'W/"0-0"' } });
  expect(stale.status()).toBe(200);
}

test('the shell is served with a CSP naming its remotes and API, no framing, and validators on its entry files', async ({ request }) => {
  for (const url of [`${PORTAL}/`, `${PORTAL}/app/orders/online-orders`, `${PORTAL}/main.js`, `${PORTAL}/remotes.json`]) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const h = expectSafeHeaders(res);
    // Entry files may change with any deployment: the browser asks each time (a 304 when unchanged).
    expect(h['cache-control']).toBe('no-cache');
    await expectRevalidation(request, url, h);
  }
  // The test shell's remotes.json points at the test servers, not at those of `npm start`.
  const remotes = await (await request.get(`${PORTAL}/remotes.json`)).json();
  expect(remotes.apiBaseUrl).toBe(API);
  expect(remotes.remotes.mf_orders).toBe(`${appOrigin('mf-orders')}/mf-manifest.json`);
});

test("a remote's manifest and entry are revalidated, its hashed chunks cached for a year, all readable by the shell", async ({ request }) => {
  const origin = appOrigin('mf-orders');
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const res = await request.get(`${origin}/${file}`);
    expect(res.status()).toBe(200);
    const h = expectSafeHeaders(res);
    expect(h['cache-control']).toBe('no-cache');
    expect(h['access-control-allow-origin']).toBe('*');
    await expectRevalidation(request, `${origin}/${file}`, h);
  }
  const manifest = await (await request.get(`${origin}/mf-manifest.json`)).json();
  const chunk: string = manifest.shared[0].assets.js.sync[0];
  expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
  const res = await request.get(`${origin}/${chunk}`);
  expect(res.status()).toBe(200);
  expect(expectSafeHeaders(res)['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('the portal cannot be framed by another site', async ({ page }) => {
  // A page of another origin (a remote's server) that frames the portal: the browser shows an error page instead.
  await page.route(`${appOrigin('mf-orders')}/framing-test.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${PORTAL}/"></iframe>` }),
  );
  await page.goto(`${appOrigin('mf-orders')}/framing-test.html`); // waits for the frame's load too
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  expect(frame.url()).not.toBe(`${PORTAL}/`); // chromium: chrome-error://chromewebdata/
  await expect(frame.locator('#root')).toHaveCount(0);
});
