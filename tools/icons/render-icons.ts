// Renders tools/icons/*.svg to the PNGs the manifest names (public/icons/icon-<size>.png), with the same
// Chromium the tests use, so no image tool is needed. Run after editing a drawing:
//   npx tsx tools/icons/render-icons.ts
// 16 px has its own pixel-grid drawing; 32/48/128 scale the full one.

import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../tests/demo/browser';

export const ICON_SIZES = [16, 32, 48, 128] as const;

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.resolve(here, '../../public/icons');

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const size of ICON_SIZES) {
      const svg = readFileSync(path.join(here, size === 16 ? 'icon-16.svg' : 'icon.svg'), 'utf8');
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`,
      );
      await page.screenshot({
        path: path.join(out, `icon-${size}.png`),
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      await page.close();
      console.log(`public/icons/icon-${size}.png`);
    }
  } finally {
    await browser.close();
  }
}

await main();
