import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// Playwright owns tests/e2e and node:test owns tests/e2e-firefox; vitest owns everything else.
const notVitest = ['node_modules/**', '.output/**', 'tests/e2e/**', 'tests/e2e-firefox/**'];

// WxtVitest's per-file setup (`fakeBrowser` from 'wxt/testing') and its 'wxt/browser' mock both import
// 'wxt/testing', whose index also exports the WxtVitest plugin and so loads WXT's whole build core (vite,
// unimport, c12…) in every test file: about 2 s of "setup" per file, most of the unit run. Tests only take
// `fakeBrowser` from it, so in tests 'wxt/testing' is the one module that defines it (the same instance).
const fakeBrowserModule = join(dirname(fileURLToPath(import.meta.resolve('wxt/testing'))), 'fake-browser.mjs');

export default defineConfig({
  plugins: [WxtVitest()],
  resolve: { alias: [{ find: /^wxt\/testing$/, replacement: fakeBrowserModule }] },
  test: {
    restoreMocks: true,
    // Worker threads start faster than child processes; each test file still gets its own (isolate).
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: 1 on CI's 2, leaving a core mostly idle once the
    // main process has transformed the modules. Two workers there ran the suite in ~100 s instead of ~160 s.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
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
        // The manifest tests import wxt.config.ts, so WXT's build core, afresh in a test: loaded once in
        // setup (as every file did before the alias above), not inside a test's 5 s timeout.
        extends: true,
        test: {
          name: 'build',
          include: ['tests/build/manifest-*.test.ts'],
          exclude: notVitest,
          setupFiles: ['tests/support/load-wxt.ts'],
        },
      },
      {
        // Everything else runs in node (lib/profile's page tests install happy-dom at their own URL).
        extends: true,
        test: {
          name: 'node',
          include: ['**/*.test.ts'],
          exclude: [...notVitest, 'tests/build/manifest-*.test.ts'],
        },
      },
    ],
  },
});
