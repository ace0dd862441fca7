// Fails fast with one clear line when Debian's Chromium is missing (Playwright cannot download browsers here).
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`Chromium not found at ${path}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  process.exit(1);
}
