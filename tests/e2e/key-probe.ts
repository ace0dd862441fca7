// A test-only COPY of a built extension with one more content script, for a fixture URL, that tries to
// read the API key from everywhere a content script can look. Used by the Chromium and Firefox suites.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The page the probe runs on (served from a fixture, no internet). */
export const PROBE_URL = 'https://probe.example.com/';
/** Where the probe leaves what it found, as JSON. */
export const PROBE_ATTRIBUTE = 'data-key-probe';

// Plain JS: it runs as a content script in the page's origin, like x.js and linkedin.js.
const PROBE_SCRIPT = String.raw`(async () => {
  const api = globalThis.browser ?? globalThis.chrome;
  const found = {};
  for (const area of ['local', 'sync', 'session']) {
    try {
      found[area] = await api.storage[area].get(null);
    } catch (e) {
      found[area] = { refused: String(e && e.message || e) };
    }
  }
  // IndexedDB: a content script opens the PAGE's databases; try the name the background uses, and list all.
  const idb = (found.indexedDB = {});
  try {
    idb.databases = (await indexedDB.databases()).map((d) => d.name);
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('crypto-directory-secrets');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    idb.stores = {};
    for (const name of Array.from(db.objectStoreNames)) {
      idb.stores[name] = await new Promise((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    }
    db.close();
  } catch (e) {
    idb.refused = String(e && e.message || e);
  }
  document.documentElement.setAttribute('${PROBE_ATTRIBUTE}', JSON.stringify(found));
})();
`;

/** Copies `builtDir` to a temp dir and adds the probe content script; returns the copy and a cleanup. */
export function buildProbeCopy(builtDir: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'key-probe-'));
  cpSync(builtDir, dir, { recursive: true });
  writeFileSync(path.join(dir, 'key-probe.js'), PROBE_SCRIPT);
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { content_scripts?: unknown[] };
  manifest.content_scripts = [
    ...(manifest.content_scripts ?? []),
    { matches: [`${PROBE_URL}*`], js: ['key-probe.js'], run_at: 'document_idle' },
  ];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const PROBE_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>probe</title></head><body><p>probe</p></body></html>';
