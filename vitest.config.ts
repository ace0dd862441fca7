import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Playwright owns tests/e2e; vitest owns everything else.
    exclude: ['node_modules/**', '.output/**', 'tests/e2e/**'],
    restoreMocks: true,
  },
});
