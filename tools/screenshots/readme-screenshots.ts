// Takes the README's screenshots anew, in one command (`npm run screenshots:readme`): builds the extension,
// runs tests/e2e/readme-shots.spec.ts (real states in the real side panel: a real lookup, its reveal
// dialog, a real budget pause, so their numbers agree), then copies its photographs from the e2e output
// (test-results/screenshots) to docs/screenshots, where README.md shows them.
// tests/build/readme-images.test.ts checks that the README's images exist and stay small.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The README's images (docs/screenshots/<name>.png), in its order; each is readme-<name>.png in the e2e output. */
export const README_SCREENSHOTS = ['matched-light', 'reveal-dialog-dark', 'paused-budget-light'] as const;
export const README_SCREENSHOTS_DIR = 'docs/screenshots';
const FROM = 'test-results/screenshots';

/** Runs a step with its output shown; stops the script when it fails. */
function run(command: string, args: string[]): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (status !== 0) process.exit(status ?? 1);
}

function main(): void {
  run('npm', ['run', 'build']);
  run('npx', ['playwright', 'test', 'tests/e2e/readme-shots.spec.ts']);
  const from = (name: string) => path.join(FROM, `readme-${name}.png`);
  const missing = README_SCREENSHOTS.filter((name) => !existsSync(from(name)));
  if (missing.length > 0) {
    console.error(`tests/e2e/readme-shots.spec.ts passed but wrote no readme-${missing.join(', readme-')} in ${FROM}.`);
    process.exit(1);
  }
  mkdirSync(README_SCREENSHOTS_DIR, { recursive: true });
  for (const name of README_SCREENSHOTS) {
    const to = path.join(README_SCREENSHOTS_DIR, `${name}.png`);
    copyFileSync(from(name), to);
    console.log(`${to}  ${Math.round(statSync(to).size / 1024)} KB`);
  }
}

// Imported by the README check for the list; run as a script, it builds, photographs and copies.
if (import.meta.url === `file://${process.argv[1]}`) main();
