import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Each test launches its own Chromium with the extension: two workers fit 2 cores.
  workers: 2,
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Playwright empties its outputDir per run; screenshots go beside it in test-results/screenshots.
  outputDir: 'test-results/playwright',
});
