// Copies the README's screenshots from the e2e gallery's output (test-results/screenshots, written by
// tests/e2e/accessibility.spec.ts on every run) to docs/screenshots, where README.md shows them. Run
// after the e2e suite, when the panel's look changed:
//   npm run screenshots:readme
// tests/build/readme-images.test.ts checks that the README's images exist and stay small.

import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Gallery stops (tests/e2e/gallery.ts) and colour schemes the README shows, in its order. */
export const README_SCREENSHOTS = ['matched-light', 'reveal-dialog-dark', 'paused-budget-light'] as const;
export const README_SCREENSHOTS_DIR = 'docs/screenshots';
const FROM = 'test-results/screenshots';

function main(): void {
  const missing = README_SCREENSHOTS.filter((name) => !existsSync(path.join(FROM, `${name}.png`)));
  if (missing.length > 0) {
    console.error(`No ${missing.join(', ')} in ${FROM}: run the e2e suite first (npx playwright test tests/e2e/accessibility.spec.ts).`);
    process.exit(1);
  }
  mkdirSync(README_SCREENSHOTS_DIR, { recursive: true });
  for (const name of README_SCREENSHOTS) {
    const to = path.join(README_SCREENSHOTS_DIR, `${name}.png`);
    copyFileSync(path.join(FROM, `${name}.png`), to);
    console.log(`${to}  ${Math.round(statSync(to).size / 1024)} KB`);
  }
}

// Imported by the README check for the list; run as a script, it copies.
if (import.meta.url === `file://${process.argv[1]}`) main();
