// Composes the store screenshots (docs/store, 1280×800: the size both stores take) from the e2e gallery's
// photographs (test-results/screenshots, written by tests/e2e/accessibility.spec.ts from real states): each
// on one canvas with a caption, drawn by Chromium from a local HTML page, so no image library is needed.
// Run after the gallery:
//   npx playwright test tests/e2e/accessibility.spec.ts && npm run screenshots:store
// docs/store-listing.md lists them; a store's listing takes them as they are.

import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const FROM = 'test-results/screenshots';
const TO = 'docs/store';
const SIZE = { width: 1280, height: 800 };

/** The store set, in the listing's order: the gallery photograph and what the caption says of it. */
const STORE_SCREENSHOTS = [
  ['matched-light', 'Who is on screen: the person and company card, channels on file before you pay'],
  ['reveal-dialog-light', 'A reveal always asks first, with its price and your balance'],
  ['popup-results-light', 'Quick searches from the toolbar'],
  ['leads-lead-light', 'Saved leads: stages, notes, follow-ups and exports'],
  ['options-light', 'Your key, your daily budget and what you spent'],
  ['privacy-light', 'What is stored, where, and for how long'],
] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(image: string, caption: string): string {
  const src = `data:image/png;base64,${readFileSync(image).toString('base64')}`;
  return `<!doctype html><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${SIZE.width}px; height: ${SIZE.height}px; overflow: hidden; }
    body { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 24px;
      background: linear-gradient(135deg, #0f172a, #1e3a5f); font: 600 30px system-ui, sans-serif; color: #f8fafc; }
    img { max-width: 1180px; max-height: 660px; border-radius: 12px; box-shadow: 0 12px 40px rgb(0 0 0 / 0.45); }
  </style><img src="${src}" alt=""><p style="margin:0 64px;text-align:center;font-size:26px">${escapeHtml(caption)}</p>`;
}

async function main(): Promise<void> {
  const missing = STORE_SCREENSHOTS.filter(([name]) => !existsSync(path.join(FROM, `${name}.png`)));
  if (missing.length > 0) {
    console.error(
      `Missing in ${FROM}: ${missing.map(([n]) => n).join(', ')}. Run npx playwright test tests/e2e/accessibility.spec.ts first.`,
    );
    process.exit(1);
  }
  mkdirSync(TO, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const tab = await browser.newPage({ viewport: SIZE });
    for (const [i, [name, caption]] of STORE_SCREENSHOTS.entries()) {
      await tab.setContent(page(path.join(FROM, `${name}.png`), caption));
      const to = path.join(TO, `${i + 1}-${name}-1280x800.png`);
      await tab.screenshot({ path: to });
      console.log(`${to}  ${Math.round(statSync(to).size / 1024)} KB`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
