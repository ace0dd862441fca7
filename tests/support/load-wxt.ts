/*
 * Setup for vitest's 'build' project (vitest.config.ts): the manifest tests import wxt.config.ts, hence
 * WXT's build core, afresh in each test (vi.resetModules). Its dependencies (vite, unimport…) load once
 * here, before any test's timeout starts.
 */
import 'wxt';
