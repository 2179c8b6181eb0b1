import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'shared-ui';

// The web app manifest the shell serves (shell/public/manifest.webmanifest) and the icons it names.
const publicDir = path.join(__dirname, '../../public');
const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));

describe('manifest.webmanifest', () => {
  it('opens the signed-in home in its own window, over the whole site', () => {
    expect(manifest).toMatchObject({ name: 'Medico B2B', short_name: 'Medico', start_url: '/dashboard', scope: '/', display: 'standalone' });
  });

  it('takes its colours from the theme (the page’s theme-color meta is read from it at build time)', () => {
    expect(manifest.theme_color).toBe(theme.colors.primary);
    expect(manifest.background_color).toBe(theme.colors.background);
  });

  it('names icons that exist with the sizes they say: 192 and 512 for any use, and a maskable one', () => {
    const pngs = (manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]).filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of pngs) {
      const png = readFileSync(path.join(publicDir, icon.src));
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});
