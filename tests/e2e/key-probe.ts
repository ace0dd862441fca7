// A test-only COPY of a built extension with one more content script, for a fixture URL, that tries to
// read the API key, and what was paid for, from everywhere a content script can look. Used by the
// Chromium and Firefox suites.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INDEXED_DATABASES } from '../../lib/storage/keys';

/** The page the probe runs on (served from a fixture, no internet). */
export const PROBE_URL = 'https://probe.example.com/';
/** Where the probe leaves what it found, as JSON. */
export const PROBE_ATTRIBUTE = 'data-key-probe';
/** Where the probe says what its storage writes did (only on a `probeUrl(redirectTo)` page), as JSON. */
export const PROBE_WROTE_ATTRIBUTE = 'data-key-probe-wrote';

/**
 * The probe's page. With `redirectTo`, the probe also tries to send the key there: it rewrites every
 * field of storage.local (and storage.sync) that could plausibly name the API's address, and plants a
 * legacy key, as a content script on a hostile page could.
 */
export function probeUrl(redirectTo?: string): string {
  return redirectTo ? `${PROBE_URL}?redirect=${encodeURIComponent(redirectTo)}` : PROBE_URL;
}

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
  // IndexedDB: a content script opens the PAGE's databases; try every name the extension uses (the
  // secrets, the records of what was paid for, the leads), and list all.
  const idb = (found.indexedDB = {});
  try {
    idb.databases = (await indexedDB.databases()).map((d) => d.name);
    idb.stores = {};
    for (const dbName of ${JSON.stringify(Object.values(INDEXED_DATABASES).map((d) => d.name))}) {
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        idb.stores[dbName + '/' + name] = await new Promise((resolve, reject) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
    }
  } catch (e) {
    idb.refused = String(e && e.message || e);
  }
  document.documentElement.setAttribute('${PROBE_ATTRIBUTE}', JSON.stringify(found));

  // Then, asked to, try to move the key: every plausible address field, a planted legacy key.
  const to = new URL(location.href).searchParams.get('redirect');
  if (!to) return;
  const wrote = {};
  const obj = (v) => (v && typeof v === 'object' && !('refused' in v) ? v : {});
  const local = obj(found.local);
  const account = obj(local.account);
  const write = {
    settings: { ...obj(local.settings), apiBaseUrl: to, baseUrl: to, apiUrl: to, apiHost: to, apiBase: to },
    apiBaseUrl: to,
    baseUrl: to,
    legacyApiBaseUrl: to,
    apiKey: 'probe_planted_key',
    ...(account.account ? { account: { ...account, account: { ...account.account, baseUrl: to } } } : {}),
  };
  for (const area of ['local', 'sync']) {
    try {
      await api.storage[area].set(write);
      wrote[area] = 'written';
    } catch (e) {
      wrote[area] = String(e && e.message || e);
    }
  }
  document.documentElement.setAttribute('${PROBE_WROTE_ATTRIBUTE}', JSON.stringify(wrote));
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

/** What reached the decoy: every request, with the Authorization header it carried. */
export interface DecoyRequest {
  method: string;
  url: string;
  authorization: string | null;
}

/**
 * A second local HTTP server, where the probe points the extension: an address of the right shape (a
 * loopback origin, which test builds may call), so only the extension's own choice keeps the key away.
 * It records every request and answers 401, as a server that does not know the key would.
 */
export async function startDecoyServer(): Promise<{ baseUrl: string; requests: DecoyRequest[]; close: () => Promise<void> }> {
  const requests: DecoyRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? null });
    res.writeHead(401, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{"error":"unauthorized"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
