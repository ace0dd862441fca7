import { defineConfig } from 'wxt';
import { assertContentScriptBudget } from './tests/size/content-script-budget';

// The API origin this build talks to by default; the options page can change it.
// Loopback origins are granted up front so the emulator works without a prompt;
// any other https origin is requested at runtime as an optional host permission.
const apiBaseUrl = process.env.WXT_API_BASE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: 'Crypto Directory',
    description:
      'See who is on screen on X and LinkedIn: crypto people, projects and funds, with credit-safe contact reveals.',
    // unlimitedStorage: cached answers (tens of KB each) would hit storage.local's 10 MB quota; no install warning.
    permissions: ['storage', 'unlimitedStorage', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', ...extraHost(apiBaseUrl)],
    optional_host_permissions: ['https://*/*'],
    // Chrome opens the panel from the background on this command; Firefox toggles its sidebar natively.
    commands:
      browser === 'firefox'
        ? { _execute_sidebar_action: { suggested_key: { default: 'Alt+Shift+D' }, description: 'Toggle the directory sidebar' } }
        : { 'open-side-panel': { suggested_key: { default: 'Alt+Shift+D' }, description: 'Open the directory side panel' } },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'crypto-directory@example.com',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['browsingActivity', 'websiteContent', 'searchTerms'] },
            },
          },
        }
      : {}),
  }),
  hooks: {
    // The build fails if a content script outgrows its budget (see tests/size).
    'build:done': (wxt) => {
      for (const s of assertContentScriptBudget(wxt.config.outDir)) wxt.logger.info(`${s.file}: ${s.bytes} B (budget 12000 B)`);
    },
    // Content scripts must stay under 12 KB and only use promise-based runtime
    // messaging, which MV3 Chrome and Firefox provide natively; the ~10 KB
    // polyfill stays in the background and extension pages only.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((e) => e.type === 'content-script')) return;
      const alias = config.resolve?.alias;
      if (alias && !Array.isArray(alias)) delete (alias as Record<string, string>)['wxt/browser'];
    },
  },
  vite: () => ({
    define: { 'import.meta.env.WXT_API_BASE_URL': JSON.stringify(apiBaseUrl) },
  }),
});

function extraHost(base: string): string[] {
  try {
    const u = new URL(base);
    if (u.hostname === '127.0.0.1' || u.hostname === 'localhost') return [];
    return [`${u.protocol}//${u.hostname}/*`];
  } catch {
    return [];
  }
}
