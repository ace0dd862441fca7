import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// Playwright owns tests/e2e and node:test owns tests/e2e-firefox; vitest owns everything else.
const notVitest = ['node_modules/**', '.output/**', 'tests/e2e/**', 'tests/e2e-firefox/**'];

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    restoreMocks: true,
    projects: [
      {
        // Component and page tests: a happy-dom document, RTL cleanup and jest-dom matchers, set up once
        // in tests/support/dom-setup.ts (after WxtVitest's fakeBrowser setup; see that file for why).
        extends: true,
        test: {
          name: 'dom',
          include: ['**/*.test.tsx'],
          exclude: notVitest,
          setupFiles: ['tests/support/dom-setup.ts'],
        },
      },
      {
        // Everything else runs in node (lib/profile's page tests install happy-dom at their own URL).
        extends: true,
        test: {
          name: 'node',
          include: ['**/*.test.ts'],
          exclude: notVitest,
        },
      },
    ],
  },
});
