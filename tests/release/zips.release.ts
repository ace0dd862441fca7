// `npm run test:release`, after `npm run zip`: the packages the stores get, unzipped and checked (issue 28).
// The manifest rules are ./manifest-rules.ts (tried on bad manifests by ./manifest-rules.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import JSZip from 'jszip';
import { FALLBACK_API_BASE_URL } from '../../lib/settings/settings';
import { IDLE_HOOK } from '../../lib/worker/idle';
import { manifestProblems, type ManifestLike, type StoreBrowser } from './manifest-rules';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
const zipOf = (kind: StoreBrowser | 'sources') => `.output/${pkg.name}-${pkg.version}-${kind}.zip`;
const open = (kind: StoreBrowser | 'sources') => JSZip.loadAsync(readFileSync(zipOf(kind)));
// What `npm run zip` built the default API address from (wxt.config.ts): the production host when set.
const apiBaseUrl = process.env.WXT_API_BASE_URL ?? FALLBACK_API_BASE_URL;

for (const browser of ['chrome', 'firefox'] as const) {
  test(`the ${browser} package: its manifest asks for what the features need and no more`, async () => {
    const zip = await open(browser);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as ManifestLike;
    assert.deepEqual(manifestProblems(manifest, browser, { version: pkg.version, apiBaseUrl }), []);
    const files = Object.keys(zip.files);
    for (const page of ['privacy.html', 'welcome.html', 'options.html']) assert.ok(files.includes(page), `${page} is packaged`);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.map')),
      [],
      'no source maps',
    );
  });
}

for (const browser of ['chrome', 'firefox'] as const) {
  test(`the ${browser} package carries no test hook: the idle probe of test builds (lib/worker/idle.ts) is left out`, async () => {
    const zip = await open(browser);
    const scripts = Object.keys(zip.files).filter((f) => f.endsWith('.js'));
    assert.ok(scripts.includes('background.js'), 'the background is packaged');
    for (const f of scripts) assert.ok(!(await zip.file(f)!.async('string')).includes(IDLE_HOOK), `${f} has no ${IDLE_HOOK}`);
  });
}

test('the sources package AMO reviews: the repository without dependencies, builds or local secrets', async () => {
  const files = Object.keys((await open('sources')).files);
  for (const f of ['package.json', 'package-lock.json', 'wxt.config.ts', 'PRIVACY.md', 'entrypoints/background.ts'])
    assert.ok(files.includes(f), `${f} is in it`);
  assert.deepEqual(
    files.filter((f) => /^(node_modules|\.output|\.wxt|test-results)\/|(^|\/)\.env/.test(f)),
    [],
  );
});
