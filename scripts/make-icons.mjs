#!/usr/bin/env node
// Draws the portal's brand mark and writes the installable app's icons into shell/public/icons/:
//   icon.svg (browser tab, and the source of the rest), icon-192.png and icon-512.png (the manifest's "any"),
//   icon-maskable-512.png (the manifest's "maskable": full-bleed, mark inside the 80 % safe circle),
//   apple-touch-icon.png (180 px, iOS home screen; iOS rounds the corners itself, so it is full-bleed too).
// `node scripts/make-icons.mjs` after changing the mark. The PNGs are committed, so builds need no image tool: this
// uses the Playwright chromium already installed for the end-to-end tests to render the SVG (CHROMIUM_PATH as there).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'shell/public/icons');
// Playwright is the tests package's dependency (pnpm does not hoist it to the root).
const { chromium } = createRequire(path.join(root, 'tests/package.json'))('@playwright/test');

// shared-ui's theme.colors.primary; shell/src/pwa/manifest.test.ts checks the manifest against the theme.
const BRAND = '#0e7490';

/** A white medical cross on the brand colour; `rounded`: the tile shape of a favicon / "any" icon. */
function mark({ rounded }) {
  const tile = rounded ? `<rect width="512" height="512" rx="112" fill="${BRAND}"/>` : `<rect width="512" height="512" fill="${BRAND}"/>`;
  // Arms 288 x 96: the farthest corner is 152 px from the centre, inside the maskable safe circle (r = 204.8).
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${tile}<g fill="#ffffff"><rect x="208" y="112" width="96" height="288" rx="20"/><rect x="112" y="208" width="288" height="96" rx="20"/></g></svg>\n`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon.svg'), mark({ rounded: true }));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, rounded } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const svg = mark({ rounded }).replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    // Transparent outside the rounded tile; the full-bleed ones cover every pixel anyway.
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
    console.log(`wrote shell/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
