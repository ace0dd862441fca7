// Fails fast with one clear line when Debian's Firefox ESR is missing (like tests/e2e/check-chromium.mjs).
import { existsSync } from 'node:fs';

const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (!existsSync(path)) {
  console.error(`Firefox not found at ${path}: run \`apt-get install -y firefox-esr\` (or set FIREFOX_PATH).`);
  process.exit(1);
}
