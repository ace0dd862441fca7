// Copies the README's screenshots from the e2e output (test-results/screenshots, written by
// tests/e2e/readme-shots.spec.ts from real states: a real lookup, its reveal dialog, a real budget pause,
// so their numbers agree) to docs/screenshots, where README.md shows them. Run after that spec:
//   npx playwright test tests/e2e/readme-shots.spec.ts && npm run screenshots:readme
// tests/build/readme-images.test.ts checks that the README's images exist and stay small.

import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The README's images (docs/screenshots/<name>.png), in its order; each is readme-<name>.png in the e2e output. */
export const README_SCREENSHOTS = ['matched-light', 'reveal-dialog-dark', 'paused-budget-light'] as const;
export const README_SCREENSHOTS_DIR = 'docs/screenshots';
const FROM = 'test-results/screenshots';

function main(): void {
  const from = (name: string) => path.join(FROM, `readme-${name}.png`);
  const missing = README_SCREENSHOTS.filter((name) => !existsSync(from(name)));
  if (missing.length > 0) {
    console.error(`No readme-${missing.join(', readme-')} in ${FROM}: run npx playwright test tests/e2e/readme-shots.spec.ts first.`);
    process.exit(1);
  }
  mkdirSync(README_SCREENSHOTS_DIR, { recursive: true });
  for (const name of README_SCREENSHOTS) {
    const to = path.join(README_SCREENSHOTS_DIR, `${name}.png`);
    copyFileSync(from(name), to);
    console.log(`${to}  ${Math.round(statSync(to).size / 1024)} KB`);
  }
}

// Imported by the README check for the list; run as a script, it copies.
if (import.meta.url === `file://${process.argv[1]}`) main();
