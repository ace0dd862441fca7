// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Test code: beside its subject (`*.test.ts`) or under tests/. It may import anything.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'tests/**'];
// Test helpers still kept in production folders; issue 16 moves them to tests/support, then this list goes.
const TEST_HELPERS = ['lib/profile/fixtures/**'];
const PRODUCTION_FILES = ['lib/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}'];

// What a content script bundles: the script, the detection modules and the one message it sends, in
// the shared envelope. (report-profile.ts only type-imports protocol.ts, whose runtime half is the
// pages' sender over wxt/browser.)
const CONTENT_SCRIPT_FILES = [
  'entrypoints/*.content.ts',
  'lib/profile/**/*.ts',
  'lib/messaging/report-profile.ts',
  'lib/messaging/envelope.ts',
];
// The worker's account session owns the API key; only these build or hold its store (this rule replaced
// the import scan that lib/settings/api-key.test.ts ran, with the same allowlist).
const KEY_STORE_OWNERS = [
  'entrypoints/background.ts',
  'lib/worker/account-session.ts',
  'lib/worker/worker-deps.ts',
  'lib/settings/api-key.ts',
  // The HubSpot token (issue 27) is kept in the same secret store, by these two only.
  'lib/crm/hubspot/token-store.ts',
  'lib/worker/hubspot.ts',
];

/*
 * The layers, top to bottom (docs/layers.md). A file imports its own layer and the layers below it, never
 * one above; within a layer, no import circle (import-x/no-cycle). `import-x` was chosen over
 * eslint-plugin-boundaries because one plugin gives both the direction rule (no-restricted-paths zones,
 * resolved through tsconfig's `@/` alias) and the cycle check, over the same resolver.
 */
const LAYERS = [
  ['entrypoints'],
  ['hooks'],
  ['components'],
  // The worker's services: built by entrypoints/background.ts only (UI_FILES below may not import it).
  ['lib/worker'],
  // The protocol between pages, content scripts and the worker: it owns its types.
  ['lib/messaging'],
  // Features, each over the ones below it.
  ['lib/privacy'],
  ['lib/enrich'],
  ['lib/crm'],
  ['lib/leads'],
  ['lib/contacts'],
  ['lib/prospect'],
  ['lib/tab-state'],
  ['lib/lookup'],
  ['lib/credits'],
  ['lib/cache'],
  ['lib/rate'],
  ['lib/settings'],
  ['lib/api'],
  // Core: knows no feature.
  ['lib/messages', 'lib/profile', 'lib/storage', 'lib/text', 'lib/zod-setup.ts'],
];
/** The extension's pages: they talk to the worker by message, never by import. */
const UI_FOLDERS = ['hooks', 'components', 'entrypoints/*/**'];
const LAYER_ZONES = [
  ...LAYERS.flatMap((layer, i) =>
    layer.map((target) => ({
      target: `./${target}`,
      from: LAYERS.slice(0, i)
        .flat()
        .map((above) => `./${above}`),
      message: `${target} sits below these in docs/layers.md: move what both need down a layer, or pass it in.`,
    })),
  ).filter((zone) => zone.from.length > 0),
  ...UI_FOLDERS.map((target) => ({
    target: `./${target}`,
    from: './lib/worker',
    message: 'Pages never import the worker: ask it by message (lib/messaging/protocol.ts); a shared rule belongs in a feature module.',
  })),
];

/** Each group below is one restriction; a file gets the union of those that apply (flat config replaces, not merges, rule options). */
const NO_TESTS = {
  patterns: [
    {
      regex: '^(@/|(\\.\\.?/)+)tests(/|$)',
      message: 'Production code must not import tests/: move what both need into lib/, or the helper into tests/support.',
    },
  ],
};
const NO_KEY_STORE = {
  patterns: [
    {
      regex: '(^|/)(api-key|secret-store)$',
      message: 'The API key lives in the background only: pages save it by message (saveApiKey); only the account session holds the store.',
    },
  ],
};
const CONTENT_SCRIPT_ONLY = {
  // Type-only imports are erased from the bundle, so they stay allowed.
  paths: ['zod', 'react', 'react-dom', 'webextension-polyfill', 'wxt/browser', '@wxt-dev/webextension-polyfill'].map((name) => ({
    name,
    allowTypeImports: true,
    message: 'Content scripts must stay within their size budget and carry no UI, schema or polyfill code (see tests/size).',
  })),
  patterns: [
    {
      group: ['zod/*', 'react/*', 'react-dom/*', 'wxt/browser/*'],
      allowTypeImports: true,
      message: 'Content scripts must stay within their size budget and carry no UI, schema or polyfill code (see tests/size).',
    },
  ],
};
/** @param {string} outsideGraph a runtime import this matches leaves the detection modules */
const contentScriptOnly = (outsideGraph) => ({
  ...CONTENT_SCRIPT_ONLY,
  patterns: [
    ...CONTENT_SCRIPT_ONLY.patterns,
    {
      regex: outsideGraph,
      allowTypeImports: true,
      message:
        'A content script imports only lib/profile, lib/messaging/report-profile and its envelope at runtime: the rest pulls in zod, storage or the polyfill.',
    },
  ],
});
/** @param {...{paths?: object[], patterns?: object[]}} groups */
const restrictImports = (...groups) => [
  'error',
  { paths: groups.flatMap((g) => g.paths ?? []), patterns: groups.flatMap((g) => g.patterns ?? []) },
];

export default tseslint.config(
  {
    ignores: ['.output/', '.wxt/', 'test-results/', 'playwright-report/', 'demo-output/', 'lib/profile/fixtures/**/*.html'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    rules: {
      // An `async` function that does not await still turns a throw into a rejection, which callers of the
      // Promise-returning interfaces here (stores, timers, fakes) rely on.
      '@typescript-eslint/require-await': 'off',
      // Abort handlers reject with `signal.reason` and catch blocks pass on what they caught: the caller's own reason.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // `_name` marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // A `let` that a closure reads before its one assignment cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            // node:test registers the test synchronously; its promise is for the runner.
            { from: 'package', name: ['test', 'describe', 'it', 'before', 'after'], package: 'node:test' },
            // With a synchronous callback React's act() (re-exported by testing-library) is done when it returns.
            { from: 'package', name: 'act', package: 'react' },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      // Tests read untyped JSON (API answers, storage dumps, page evaluations) and hand methods to spies and expect().
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `getByRole(…) as HTMLInputElement` is the testing-library idiom; a type argument is no safer.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // React code only: Playwright fixtures also call a function named `use`.
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The layer order and no circles (see LAYERS).
    files: PRODUCTION_FILES,
    ignores: [...TEST_FILES, ...TEST_HELPERS],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Small functions everywhere in production (issues 37, 40): a function that outgrows this is a hook, a
    // component or a step waiting to be named; page apps only wire. The composition root stays wiring only.
    files: PRODUCTION_FILES,
    ignores: [...TEST_FILES, ...TEST_HELPERS],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['lib/worker/create-worker.ts'],
    rules: { 'max-lines': ['error', { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  // Import boundaries, most general first: a later block replaces the rule for the files it matches.
  {
    files: PRODUCTION_FILES,
    ignores: [...TEST_FILES, ...TEST_HELPERS],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': restrictImports(NO_TESTS, NO_KEY_STORE) },
  },
  {
    files: KEY_STORE_OWNERS,
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports(NO_TESTS) },
  },
  {
    files: CONTENT_SCRIPT_FILES,
    ignores: [...TEST_FILES, ...TEST_HELPERS],
    rules: {
      // From entrypoints/ and lib/profile/, `@/` outside the detection modules and `../` leave them.
      '@typescript-eslint/no-restricted-imports': restrictImports(
        NO_TESTS,
        NO_KEY_STORE,
        contentScriptOnly('^(@/(?!lib/profile/|lib/messaging/report-profile$)|\\.\\./)'),
      ),
      // WXT auto-imports `browser` from wxt/browser, which no import rule sees.
      'no-restricted-globals': [
        'error',
        { name: 'browser', message: 'Content scripts use chrome.runtime directly (see report-profile.ts).' },
      ],
    },
  },
  {
    // report-profile.ts and envelope.ts sit in lib/messaging, where even `./` leaves the detection
    // modules: only the envelope may be imported at runtime.
    files: ['lib/messaging/report-profile.ts', 'lib/messaging/envelope.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports(
        NO_TESTS,
        NO_KEY_STORE,
        contentScriptOnly('^(@/(?!lib/profile/)|\\.(?!/envelope$))'),
      ),
    },
  },
);
