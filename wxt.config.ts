import { defineConfig } from 'wxt';
import { grantedHostPermissions } from './lib/api/api-origin-policy';
import { HUBSPOT_HOST_PERMISSION } from './lib/crm/hubspot/paths';
import { LINKEDIN_MATCHES, X_MATCHES } from './lib/profile/sites';
import { assertContentScriptBudget, CONTENT_SCRIPT_BUDGET_BYTES, CONTENT_SCRIPT_TARGET_BYTES } from './tests/size/content-script-budget';

// The API origin this build talks to by default; the options page can change it.
// Development/test builds grant the emulator's loopback hosts up front (the e2e tests run `npm run
// build` against 127.0.0.1); a release build (`npm run zip` sets WXT_RELEASE=1) grants none and refuses
// plain http (lib/api/api-origin-policy.ts). Any other https origin is requested at runtime as an
// optional host permission.
const ICONS = { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' };
const release = process.env.WXT_RELEASE === '1' || process.env.WXT_RELEASE === 'true';
const apiBaseUrl = process.env.WXT_API_BASE_URL ?? 'http://127.0.0.1:8787';
if (release && !apiBaseUrl.startsWith('https://')) {
  console.warn(`WXT_RELEASE: the default API base URL ${apiBaseUrl} is not https and will be refused; set WXT_API_BASE_URL.`);
}

// The module WXT builds each (isolated-world) content script from: `?` is followed by the script's path.
const WXT_CONTENT_ENTRY = '\0virtual:wxt-content-script-isolated-world-entrypoint?';

export default defineConfig({
  // A release build gets its own directories (.output/chrome-mv3-release/…), so `npm run zip` never
  // replaces the test build the e2e suites load from .output/chrome-mv3 and .output/firefox-mv3.
  ...(release ? { outDirTemplate: '{{browser}}-mv{{manifestVersion}}-release' } : {}),
  // The sources package is the repository as AMO reviews it: no test or demo output a local run left behind.
  zip: { excludeSources: ['test-results/**', 'playwright-report/**', 'demo-output/**', 'bench-results.json'] },
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: 'Crypto Directory',
    description: 'See who is on screen on X and LinkedIn: crypto people, projects and funds, with credit-safe contact reveals.',
    // Drawn in tools/icons (render-icons.ts): a 16 px pixel-grid drawing, the full one for 32/48/128.
    icons: ICONS,
    action: { default_icon: ICONS, default_title: 'Crypto Directory' },
    // unlimitedStorage: cached answers (tens of KB each) would hit storage.local's 10 MB quota; no install warning.
    // alarms: a rate-limit reset or a settle outlives the MV3 worker (no permission warning for users).
    // scripting: the "People on this page" reader is injected into a watched X or LinkedIn tab (lib/profile/sites.ts); no permission warning.
    permissions: ['storage', 'unlimitedStorage', 'alarms', 'scripting', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // X and LinkedIn: the sites the content scripts already run on (the same install prompt), named here
    // because injecting the reader needs host access, which content scripts' matches do not grant.
    host_permissions: [...grantedHostPermissions(apiBaseUrl, release), ...X_MATCHES, ...LINKEDIN_MATCHES],
    // Any https API host a rep types is asked for at runtime; HubSpot's API (issue 27) named so the Connect click's request is plainly covered.
    optional_host_permissions: ['https://*/*', HUBSPOT_HOST_PERMISSION],
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
              // Sent to the Directory API: the profile's address (browsingActivity), the name, headline and company
              // it shows (websiteContent, and names: personallyIdentifyingInfo, as are the leads a rep sends to a CRM),
              // and typed searches (searchTerms).
              data_collection_permissions: { required: ['browsingActivity', 'websiteContent', 'searchTerms', 'personallyIdentifyingInfo'] },
            },
          },
        }
      : {}),
  }),
  hooks: {
    // The build fails if a content script outgrows its budget (see tests/size).
    'build:done': (wxt) => {
      for (const s of assertContentScriptBudget(wxt.config.outDir)) {
        const line = `${s.file}: ${s.bytes} B (budget ${CONTENT_SCRIPT_BUDGET_BYTES} B, target ${CONTENT_SCRIPT_TARGET_BYTES} B)`;
        if (s.bytes > CONTENT_SCRIPT_TARGET_BYTES) wxt.logger.warn(`${line}: ${s.bytes - CONTENT_SCRIPT_TARGET_BYTES} B over target`);
        else wxt.logger.info(line);
      }
    },
    // Content scripts must stay within their budget (tests/size) and only use promise-based runtime
    // messaging, which MV3 Chrome and Firefox provide natively; the ~10 KB polyfill stays in the
    // background and extension pages only.
    'vite:build:extendConfig': (entrypoints, config) => {
      // The content scripts and the row readers injected into the same pages (entrypoints/people-*.ts).
      if (!entrypoints.every((e) => e.type === 'content-script' || e.type === 'unlisted-script')) return;
      const alias = config.resolve?.alias;
      if (alias && !Array.isArray(alias)) delete (alias as Record<string, string>)['wxt/browser'];
      // Terser (three passes, arrows, no side effects in getters) takes ~4 % more off than esbuild's
      // minifier: worth it only here, where every byte loads with each X and LinkedIn page.
      config.build = {
        ...config.build,
        minify: 'terser',
        terserOptions: {
          ecma: 2020,
          compress: { passes: 3, unsafe_arrows: true, pure_getters: true, keep_fargs: false },
          format: { comments: false },
        },
      };
      // WXT's entry hands `main` a ContentScriptContext (2.3 KB) that polls location.href every second
      // and keeps a `message` listener on the page, plus a logger that is a no-op in production. Our
      // scripts watch events instead (lib/profile/watch-location.ts) and take no context, so their
      // entry is only WXT's plugin start and the script's named `main()` export, whose result stays the
      // default export: the bundle's last line names it (the IIFE's value), and without an export that
      // name is undefined. The named import lets the bundle drop the definition object (matches, runAt:
      // read by WXT at build time, dead at run time).
      // Should WXT rename this module, its own entry comes back and the size budget fails the build.
      (config.plugins ??= []).push({
        name: 'content-script-entry',
        enforce: 'pre',
        load: (id: string) =>
          id.startsWith(WXT_CONTENT_ENTRY)
            ? `import { initPlugins } from 'virtual:wxt-plugins';\nimport { main } from ${JSON.stringify(id.slice(WXT_CONTENT_ENTRY.length))};\ninitPlugins();\nexport default main();\n`
            : undefined,
      });
    },
  },
  vite: () => ({
    define: {
      'import.meta.env.WXT_API_BASE_URL': JSON.stringify(apiBaseUrl),
      'import.meta.env.WXT_RELEASE': JSON.stringify(release ? 'true' : 'false'),
    },
  }),
});
